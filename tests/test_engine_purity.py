"""The engines are pure: no UI, hardware or database imports (docs/architecture.md,
"Layers"). A game's ``ui`` subpackage is its screens, not its engine, and is checked by
tests/test_layers.py."""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PURE_PACKAGES = [ROOT / "companion" / "core", ROOT / "companion" / "games"]
FORBIDDEN = {"kivy", "gpiozero", "serial", "sqlmodel", "sqlalchemy", "hardware", "companion.app", "companion.storage"}


def imported_modules(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
            "import_module",
            "__import__",
        ):
            if node.args and isinstance(node.args[0], ast.Constant):
                yield str(node.args[0].value)


def forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def pure_files() -> list[pathlib.Path]:
    return sorted(p for pkg in PURE_PACKAGES for p in pkg.rglob("*.py") if "ui" not in p.relative_to(pkg).parts)


@pytest.mark.parametrize("path", pure_files(), ids=str)
def test_engine_module_imports_nothing_impure(path):
    bad = [name for name in imported_modules(path) if forbidden(name)]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_check_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("import kivy.app\nfrom serial import Serial\nimport json\n")
    assert [n for n in imported_modules(sample) if forbidden(n)] == ["kivy.app", "serial"]
