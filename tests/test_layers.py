"""The layers (issue 9, docs/architecture.md): the shared layers know no game, and nothing
loads a module by a string name; games are found through their entry points."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = [ROOT / "companion" / "core", ROOT / "companion" / "storage", ROOT / "hardware", ROOT / "companion" / "phones"]
SHELL = [ROOT / "companion" / "cli.py", ROOT / "companion" / "cli_games.py", ROOT / "companion" / "app"]


def py_files(*roots: pathlib.Path) -> list[pathlib.Path]:
    out: list[pathlib.Path] = []
    for root in roots:
        out += [root] if root.is_file() else sorted(root.rglob("*.py"))
    return out


def imports(path: pathlib.Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def string_imports(path: pathlib.Path) -> list[int]:
    """Lines that load a module by a name held in a string (import_module, __import__)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in ("import_module", "__import__"):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", py_files(*SHARED), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_layers_import_no_game(path):
    bad = [m for m in imports(path) if m == "companion.games" or m.startswith("companion.games.")]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("path", py_files(ROOT / "companion" / "app"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_app_shell_finds_games_through_the_registry(path):
    """The shell imports no game package: a game's screens come from its ``Game.ui()``."""
    bad = [m for m in imports(path) if m == "companion.games" or m.startswith("companion.games.")]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("path", py_files(*SHARED, *SHELL, ROOT / "companion" / "games"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_loaded_by_a_string_name(path):
    assert string_imports(path) == [], f"{path.relative_to(ROOT)}: string imports at lines {string_imports(path)}"


def test_the_checks_catch_what_they_look_for(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("import importlib\nfrom companion.games.magnifico import engine\n"
                      "m = importlib.import_module('x')\n")
    assert imports(sample) == ["importlib", "companion.games.magnifico"]
    assert string_imports(sample) == [3]
