"""A game's own catalogue (docs/i18n.md): keys prefixed with the game's name are found in
``data/translations/<game>.LANG.json``, every other key in the engine's."""

from __future__ import annotations

from companion.core import i18n
from companion.core.i18n import Message


def test_a_prefixed_key_comes_from_the_games_catalogue():
    assert i18n.catalog_for("leonardo.bank") is i18n.catalog("leonardo")
    assert Message("leonardo.bank").localized("it") == "la banca"
    assert i18n.format_message({"key": "leonardo.bank", "params": {}}, "it") == "la banca"


def test_other_keys_stay_in_the_engines_catalogue():
    assert i18n.catalog_for("event.turn") is i18n.catalog()
    assert i18n.catalog_for("leonardo.no_such_key") is i18n.catalog()
    assert i18n.catalog_for("plain") is i18n.catalog()
