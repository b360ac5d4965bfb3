"""companion.phones is a shared layer (docs/architecture.md): it knows no game, no Kivy,
no journal and no hardware; it speaks in sealed requests and hands over through ``post``."""

from __future__ import annotations

import pathlib

import pytest

from tests.test_layers import imports

ROOT = pathlib.Path(__file__).resolve().parents[2]
PHONES = sorted((ROOT / "companion" / "phones").glob("*.py"))
FORBIDDEN = ("companion.games", "companion.app", "companion.storage", "hardware", "kivy", "gpiozero", "serial",
             "sqlmodel", "sqlalchemy")


@pytest.mark.parametrize("path", PHONES, ids=lambda p: p.name)
def test_phones_import_no_game_ui_journal_or_hardware(path: pathlib.Path):
    bad = [m for m in imports(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert not bad, f"{path.name} imports {bad}"


def test_the_static_folder_holds_only_what_the_page_needs():
    """Whatever is in the folder is shipped; only the listed files are ever served."""
    from companion.phones.pages import FILES

    folder = ROOT / "companion" / "phones" / "static"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*FILES, "phone.html"])
