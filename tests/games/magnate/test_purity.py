"""The Magnate engine is pure (brief: stdlib + companion.core + companion.errors only):
tests/test_engine_purity.py forbids the UI, hardware and database packages everywhere in
companion/games; this checks the stricter allow-list for this package (its ``ui`` subpackage
is its screens, not its engine)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "companion" / "games" / "magnate"
ALLOWED = ("companion.core", "companion.errors")


def imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append(node.module)
    return out


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    return top in sys.stdlib_module_names or any(name == a or name.startswith(a + ".") for a in ALLOWED)


ENGINE = sorted(p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts)


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.name)
def test_a_magnate_module_imports_only_the_stdlib_and_the_core(path):
    bad = [n for n in imports(path) if not allowed(n)]
    assert not bad, f"{path.name} imports {bad}"


def test_the_check_catches_a_foreign_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("import json\nfrom companion.storage import journal\nimport kivy\n")
    assert [n for n in imports(sample) if not allowed(n)] == ["companion.storage", "kivy"]
