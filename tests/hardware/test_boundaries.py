"""hardware/ may import gpiozero, pyserial, companion.core and companion.errors, never the
engine, the app, storage or Kivy (docs/architecture.md, Packages)."""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FORBIDDEN = ("kivy", "companion.games", "companion.app", "companion.storage", "sqlmodel")


def imports(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize("path", sorted((ROOT / "hardware").rglob("*.py")), ids=lambda p: p.name)
def test_hardware_imports_no_engine_app_or_kivy(path):
    bad = [m for m in imports(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert not bad, f"{path.name} imports {bad}"
