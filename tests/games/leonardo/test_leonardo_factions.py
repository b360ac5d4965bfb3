"""Event cards and the secret factions (rulebook LE CARTE DEGLI EVENTI INTERNAZIONALI;
leonardo-decisions: Factions (hidden), Further: a faction event reveals every faction)."""

from __future__ import annotations

import json

import pytest
from leonardo_helpers import at, header, kinds, money, play, started

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.describe import describe_event
from companion.games.leonardo.words import IllegalCommand

FACTIONS = ("guelph", "ghibelline", "guelph")  # Anna, Bruno, Carla


def _on_event_square(s, seat=0):
    """``seat`` lands on event square 7 (from space 1, already moved)."""
    s, _ = play(at(s, seat, 1), C.Spin(seat, 6))
    assert s.turn["tasks"][0]["t"] == "event_draw"
    return s


def test_nothing_happens_on_a_nothing_card():
    s = _on_event_square(started(3, factions=FACTIONS))
    s, ev = play(s, C.DrawEvent(3))
    assert money(ev) == [] and "factions_revealed" not in kinds(ev)
    assert s.events["bottom"] == [3]  # used cards go to the bottom
    assert E.public_view(s)["seats"][0]["faction"] is None


def test_a_guelph_card_pays_every_guelph_100():
    s = _on_event_square(started(3, factions=FACTIONS))
    s, ev = play(s, C.DrawEvent(6))
    assert money(ev, "event") == [(None, 0, 100), (None, 2, 100)]


def test_a_ghibelline_card_pays_every_ghibelline_100():
    s = _on_event_square(started(3, factions=FACTIONS))
    s, ev = play(s, C.DrawEvent(11))
    assert money(ev, "event") == [(None, 1, 100)]


def test_the_faction_secret_is_kept_until_the_first_faction_event():
    """leonardo-decisions: Factions: revealed only by the first event card that names a
    faction; only that secret opens then; a faction event reveals every faction at once."""
    s = started(3, factions=FACTIONS)
    log = []
    for seat in range(3):
        assert E.public_view(s)["seats"][seat]["faction"] is None
    s = _on_event_square(s)
    s, ev = play(s, C.DrawEvent(2))  # nothing: still secret
    log += ev
    assert not s.revealed and all(x["faction"] is None for x in E.public_view(s)["seats"])
    s = _on_event_square(at(s, 1, 1), seat=1)
    s, ev = play(s, C.DrawEvent(7))  # Guelph card
    log += ev
    opening = [e for e in ev if e.get("opens")]
    assert opening == [{"type": "factions_revealed", "factions": {"0": "guelph", "1": "ghibelline", "2": "guelph"},
                        "opens": ["factions"], "reveal": True}]
    assert [x["faction"] for x in E.public_view(s)["seats"]] == list(FACTIONS)
    # nothing before the faction card named a faction: events and log lines in both languages
    before = log[: kinds(log).index("event_drawn", 1)]
    text = json.dumps(before) + " ".join(describe_event(e, s, lang) for e in before for lang in ("en", "it"))
    assert before and all(w not in text.lower() for w in ("guelph", "ghibelline", "guelf", "ghibellin"))
    # a second faction event pays again but opens nothing more
    s = _on_event_square(at(s, 2, 1), seat=2)
    s, ev = play(s, C.DrawEvent(8))
    assert [e for e in ev if e.get("opens")] == [] and money(ev, "event") == [(None, 0, 100), (None, 2, 100)]


def test_no_log_line_or_event_names_a_faction_before_the_reveal():
    s = started(3, factions=("ghibelline",) * 3)
    h = header(3)
    s0 = E.new_game(h)
    _, ev = play(s0, *[C.DealPalace(i, sp) for i, sp in enumerate((2, 4, 6))],
                 *[C.ChooseFaction(i, "ghibelline") for i in range(3)])
    text = json.dumps(ev) + " ".join(describe_event(e, h, lang) for e in ev for lang in ("en", "it"))
    assert "ghibel" not in text.lower() and "guelph" not in text.lower()
    assert s.seats[0].faction == "ghibelline"  # the engine itself knows


def test_only_the_factions_open_with_a_faction_event():
    """A faction event opens the "factions" group and nothing else: a sealed bet still
    locked elsewhere is not among what it opens (and E.SECRETS keeps them apart)."""
    assert E.SECRETS == {"factions": frozenset({"ChooseFaction"}), "market_bets": frozenset({"LockBet"})}
    from companion.core.game import opened
    from companion.games.leonardo.game import GAME

    s = started(3, factions=FACTIONS)
    s, before = play(at(s, 0, 1), C.Spin(0, 6))  # a spin: public, but opens no group
    assert [e for e in before if e.get("reveal")] and all(opened(GAME, e) == frozenset() for e in before)
    _, ev = play(s, C.DrawEvent(12))
    assert frozenset().union(*(opened(GAME, e) for e in ev)) == {"factions"}


def test_event_cards_come_from_the_unseen_deck_then_the_bottom():
    s = started(3, factions=FACTIONS)
    s.events = {"unknown": [], "bottom": [9, 2]}
    s = _on_event_square(s)
    with pytest.raises(IllegalCommand) as err:
        play(s, C.DrawEvent(2))
    assert err.value.key == "card_not_on_top"
    s, _ = play(s, C.DrawEvent(9))
    assert s.events == {"unknown": [], "bottom": [2, 9]}


def test_an_event_kind_nobody_entered_is_asked():
    s = started(3, factions=FACTIONS)
    s.box = E.B.set_value(s.box, "event.4", "kind", None)
    s = _on_event_square(s)
    with pytest.raises(IllegalCommand) as err:
        play(s, C.DrawEvent(4))
    assert err.value.needs == {"item": "event.4", "field": "kind"}
    s, ev = play(s, C.SetPrintedValue("event.4", "kind", "ghibelline"), C.DrawEvent(4))
    assert money(ev, "event") == [(None, 1, 100)]
