"""Corrections by hand and printed values entered during a game (as in Magnifico: a
recorded command, any phase, books kept balanced). leonardo-decisions: What the app knows and
what the table enters ("lets the table correct it"); Record (every input is a command)."""

from __future__ import annotations

import pytest
from leonardo_helpers import own, play

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.describe import describe_event
from companion.games.leonardo.words import IllegalCommand


def _books(s):
    return sum(p.cash for p in s.seats) == s.bank["paid"] - s.bank["received"]


def test_cash_is_corrected_through_the_bank(game3):
    s, ev = play(game3, C.Correct({"seat": 1, "counter": "cash"}, 180, "miscounted the rent"))
    assert s.seats[1].cash == 180 and _books(s)
    assert ev == [{"type": "corrected", "target": {"seat": 1, "counter": "cash"}, "from": 250, "to": 180,
                   "reason": "miscounted the rent"}]
    assert describe_event(ev[0], s, "it") == "Correzione: fiorini di Bruno da 250 a 180 (miscounted the rent)"


def test_men_at_arms_come_from_the_deck(game3):
    s, _ = play(game3, C.Correct({"seat": 0, "counter": "men"}, 2, "forgot the spin of 1"))
    assert s.seats[0].men == 2 and s.men_deck == 10
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.Correct({"seat": 0, "counter": "men"}, 3, "x"))
    assert err.value.key == "correction_value"


def test_owner_and_works_of_art(game3):
    s, _ = play(game3, C.Correct({"space": 8, "counter": "owner"}, 2, "bought at the table"),
                C.Correct({"space": 8, "counter": "works"}, [30, 40], "placed by hand"))
    assert s.owner[7] == 2 and s.works[7] == [30, 40] and s.oda_drawn[-2:] == [30, 40]
    s, _ = play(s, C.Correct({"space": 8, "counter": "owner"}, None, "given back"))
    assert s.owner[7] is None and s.works[7] == [] and sorted(s.oda_gone) == [30, 40]
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.Correct({"space": 7, "counter": "owner"}, 1, "x"))
    assert err.value.key == "correction_not_property"


def test_a_correction_needs_a_reason_and_works_after_the_end(game3):
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.Correct({"seat": 0, "counter": "cash"}, 10, " "))
    assert err.value.key == "correction_reason"
    over, _ = play(game3, C.EndByAgreement(), C.Spin(0, 9))
    s, _ = play(over, C.Correct({"seat": 0, "counter": "space"}, 12, "pawn knocked over"))
    assert s.seats[0].space == 12 and s.phase == "over"


def test_a_printed_value_cannot_change_an_owned_spaces_kind(game3):
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.SetPrintedValue("space.2", "kind", "bridge"))
    assert err.value.key == "printed_kind_owned"
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.SetPrintedValue("offices", "count", 3))
    assert err.value.key == "printed_count_fixed"
    s, _ = play(game3, C.SetPrintedValue("space.8", "price", 72))
    assert s.box["spaces"]["8"]["price"] == 72 and game3.box["spaces"]["8"]["price"] == 70


def test_a_bad_printed_value_is_refused_with_the_field(game3):
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.SetPrintedValue("space.8", "price", 71))
    assert err.value.key == "box.bad_price" and err.value.params["field"] == "spaces.8.price"


def test_nothing_is_half_applied(game3):
    """A refused command leaves the state as it was (apply works on a copy)."""
    s = own(game3, 1, 4, works={4: [10, 10, 10, 10]})
    before = s.to_dict()
    with pytest.raises(IllegalCommand):
        E.apply(s, C.SetPrintedValue("space.4", "rent.4", -1))
    assert s.to_dict() == before


def test_a_pawn_placed_by_hand_moves_on_from_there(game3):
    """INCLUSA is for a pawn's first move from the start; a pawn put on 12 by hand counts on."""
    s, _ = play(game3, C.Correct({"seat": 0, "counter": "space"}, 12, "the pawn was moved by mistake"))
    s, ev = play(s, C.Spin(0, 5))  # 12 + 5 = 17, a church
    assert s.seats[0].space == 17
