"""Issue 9, item 5: a plain ``pip install .`` (a wheel, as on a Pi without a checkout) gives a
working app, ``screenshots`` and the command line, run from another folder: the data and the
kv layouts (the shell's and each game's subfolder) are found through importlib.resources.

The wheel is built without network (no build isolation: setuptools and wheel are in the test
extras) and installed with ``--no-deps`` into a fresh virtual environment that borrows this
environment's installed dependencies (Kivy, gpiozero, sqlmodel...) through a ``.pth`` line:
quick, and offline-safe."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("companion", "data", "kv", "hardware", "pyproject.toml", "setup.py", "README.md")


def run(*argv: str | Path, cwd: Path, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv}: {done.stdout[-1500:]}{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the project's wheel installed: (its python, a folder
    outside the checkout, the environment to run in)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:  # a copy, so the build writes nothing into the checkout
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, src / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MAGNIFICO_DB", "MAGNIFICO_KEY_FILE")}
    env.update(XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "config"), PIP_NO_INDEX="1")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", tmp / "dist", src,
        cwd=tmp, env=env, timeout=300)
    wheel = next((tmp / "dist").glob("*.whl"))
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp, env=env)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q", wheel, cwd=tmp, env=env)
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp,
                    env=env).stdout.strip())
    # the dependencies from this environment: its folder on the path (its own .pth files,
    # such as an editable install of this checkout, are not run from there)
    (site / "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return python, elsewhere, env, venv


def test_the_installed_package_is_the_wheels(installed):
    python, elsewhere, env, venv = installed
    where = run(python, "-c", "import companion, kivy; print(companion.__file__)", cwd=elsewhere, env=env).stdout
    assert Path(where.strip()).is_relative_to(venv)  # not this checkout


def test_the_command_line_runs_from_the_wheel(installed):
    python, elsewhere, env, _venv = installed
    games = run(python, "-m", "companion", "games", cwd=elsewhere, env=env).stdout
    assert "magnifico\t3-5 players\tMagnifico" in games
    run(python, "-m", "companion", "demo", "--players", "3", "--quiet", cwd=elsewhere, env=env)


def test_the_app_renders_its_screens_from_the_wheel(installed):
    """The screenshots start the real app: the shell's screens and Magnifico's (kv/magnifico)."""
    python, elsewhere, env, _venv = installed
    out = elsewhere / "shots"
    run(python, "-m", "companion", "screenshots", "--out", out, "--lang", "en", "--size", "800x480",
        cwd=elsewhere, env=env, timeout=240)
    shots = {p.name for p in out.glob("*.png")}
    for name in ("01-home", "02-new-game", "02-new-game-magnifico", "08-auction-bids", "11-turn", "20-game-over",
                 "91-history", "90-settings"):
        assert f"{name}-en-800x480.png" in shots
    assert all(p.stat().st_size > 5000 for p in out.glob("*.png"))  # drawn, not empty
