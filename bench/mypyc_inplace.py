"""Compile the battle package's float-odds modules (and with --sim simulate.py) in place
with mypyc, for running the tests against them; --clean removes the built files.
The `mypyc` command cannot run in the repository's root: its setup() call finds
pyproject.toml and stops at setuptools' flat-layout discovery (kv, data, bench, ...).

    .venv/bin/python bench/mypyc_inplace.py [--sim] | --clean
"""

from __future__ import annotations

import glob
import os
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BATTLE = "companion/games/magnifico/battle"
MODULES = ["odds", "flow", "columns", "outcomes", "policy", "volleys", "machine", "dice", "exact_moves", "notation"]


def clean() -> None:
    for path in glob.glob(str(ROOT / BATTLE / "*.so")) + glob.glob(str(ROOT / "*__mypyc*.so")):
        os.remove(path)
        print("removed", path)
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def main() -> None:
    os.chdir(ROOT)
    if "--clean" in sys.argv:
        clean()
        return
    from mypyc.build import mypycify
    from setuptools import setup

    modules = MODULES + (["simulate"] if "--sim" in sys.argv else [])
    setup(name="battle_mypyc", packages=[], py_modules=[],
          ext_modules=mypycify([f"{BATTLE}/{m}.py" for m in modules], group_name="companion_battle"),
          script_args=["build_ext", "--inplace"])


if __name__ == "__main__":
    main()
