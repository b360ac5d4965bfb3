"""The faction secret in the journal's files (issue 11, done when: "the faction secret kept
until the first faction event (journal bytes, log ...)"; leonardo-decisions: Factions: "a
sealed choice, kept hidden in the journal like a Magnifico bid ... Only that secret opens
then")."""

from __future__ import annotations

from pathlib import Path


from companion.storage import Journal

from leonardo_helpers import header

SECRET = (b'"faction":"guelph"', b'"faction":"ghibelline"', b'"faction": "guelph"', b'"faction": "ghibelline"')


def _raw(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.glob("leo.sqlite3*"))


def _open(tmp_path: Path) -> tuple[Journal, int]:
    journal = Journal(tmp_path / "leo.sqlite3", key_file=tmp_path / "key")
    game = journal.new_game(header(3))
    for seat, faction in enumerate(("guelph", "ghibelline", "guelph")):
        journal.submit(game, {"type": "ChooseFaction", "seat": seat, "faction": faction})
    return journal, game


def test_a_faction_is_sealed_in_the_journal_as_soon_as_it_is_chosen(tmp_path):
    journal, game = _open(tmp_path)
    with journal:
        assert not any(s in _raw(tmp_path) for s in SECRET)
        log = " ".join(journal.log(game) + journal.log(game, "it")).lower()
        assert "guelph" not in log and "ghibellin" not in log and "guelf" not in log


def test_the_factions_stay_sealed_through_deals_and_spins_until_the_first_faction_event(tmp_path):
    journal, game = _open(tmp_path)
    with journal:
        for seat, space in enumerate((2, 4, 6)):
            journal.submit(game, {"type": "DealPalace", "seat": seat, "space": space})  # a card dealt: a reveal
        for seat, number in enumerate((12, 1, 1)):
            journal.submit(game, {"type": "StartSpin", "seat": seat, "number": number})
        journal.submit(game, {"type": "Spin", "seat": 0, "number": 7})  # Anna: event square 7
        journal.submit(game, {"type": "DrawEvent", "card": 1})  # "nothing"
        assert not any(s in _raw(tmp_path) for s in SECRET)  # public moments opened nothing
        journal.submit(game, {"type": "Spin", "seat": 1, "number": 7})  # Bruno: square 7 too
        journal.submit(game, {"type": "DrawEvent", "card": 6})  # a Guelph card: the factions open
        assert any(s in _raw(tmp_path) for s in SECRET)
