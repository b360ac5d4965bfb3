"""The end (rb Vittoria, md End): per-district totals, Ace values, ties and tie-breaks."""

from __future__ import annotations

from companion.games.magnate import commands as C
from companion.games.magnate import scoring
from companion.games.magnate.scoring import final_scores, outcome

from .conftest import acting, place, run, tokens


def test_the_rulebook_aces_worth_one_and_four():
    """rb Esempio: the Ace of Moons alone with Moons in its district is worth 1; the Ace of
    Wyrms in a district with the 3, 5 and 8 of Wyrms is worth 4."""
    state = place(acting(), 0, "harvest", "ace_moons")
    for card in ("ace_wyrms", "savage", "soldier", "betrayal"):  # the 3, 5 and 8 with Wyrms
        state = place(state, 0, "watchman", card)
    assert scoring.building_value(state.city["harvest"][0], state.city["harvest"][0][0]) == 1
    column = state.city["watchman"][0]
    assert scoring.building_value(column, column[0]) == 4
    assert scoring.district_totals(state)["watchman"] == [4 + 3 + 5 + 8, 0]


def test_an_ace_counts_only_its_side_of_its_district_and_completed_cards():
    """md End: an Ace counts the completed cards of its suit on that side of that district."""
    state = place(acting(), 0, "watchman", "ace_wyrms")
    state = place(state, 0, "watchman", "battle", complete=False, wyrms=3)  # a deed: not counted
    state = place(state, 1, "watchman", "soldier")  # the other side: not counted
    state = place(state, 0, "excuse", "cave")  # another district: not counted
    column = state.city["watchman"][0]
    assert scoring.building_value(column, column[0]) == 1


def test_an_ace_counts_a_court_of_its_suit_and_a_court_counts_ten():
    """rb Corti: a built Court counts as 10; md End: an Ace counts cards of its suit."""
    state = place(acting(), 0, "watchman", "ace_moons")
    state = place(state, 0, "watchman", "rite")  # Moons/Leaves/Wyrms
    assert scoring.district_totals(state)["watchman"] == [2 + 10, 0]


def test_a_tie_in_a_district_scores_nothing():
    """rb: if the totals in a district are equal, nobody scores there."""
    state = place(acting(), 0, "harvest", "mountain")  # 4
    state = place(state, 1, "harvest", "sailor")  # 4
    state = place(state, 1, "excuse", "origin")  # 2: Bruno wins the Excuse
    scores = final_scores(state)
    assert scores["districts"]["harvest"] == {"totals": [4, 4], "winner": None}
    assert scores["districts"]["excuse"] == {"totals": [0, 2], "winner": 1}
    assert scores["vp"] == [0, 1] and scores["winners"] == [1] and scores["reason"] == "districts"
    # districts nobody built in are ties at 0 too
    assert scores["districts"]["borderland"] == {"totals": [0, 0], "winner": None}


def test_a_deed_never_scores_even_full_of_tokens():
    """md End: deeds (with their tokens) are discarded before the count."""
    state = place(acting(), 0, "excuse", "pact", complete=False, moons=5, suns=3)
    state = place(state, 1, "excuse", "origin")
    assert final_scores(state)["districts"]["excuse"] == {"totals": [0, 2], "winner": 1}


def test_tie_breaks_building_values_then_tokens_then_both_win():
    """md End: most VP; then the total of building values (Aces as scored); then tokens left;
    then both win."""
    base = place(acting(), 0, "harvest", "mountain")  # Anna wins the Harvest 4-0
    base = place(base, 1, "excuse", "sailor")  # Bruno wins the Excuse 4-0
    s = final_scores(tokens(tokens(base, 0, moons=2), 1, moons=2))
    assert (s["vp"], s["values"], s["winners"], s["reason"]) == ([1, 1], [4, 4], [0, 1], "shared")
    s = final_scores(tokens(tokens(base, 0, moons=3), 1, moons=2))
    assert (s["winners"], s["reason"], s["tokens"]) == ([0], "tokens", [3, 2])
    more = place(base, 1, "excuse", "ace_waves")  # the Ace counts 2 (Sailor + itself): 6 to 4
    s = final_scores(tokens(tokens(more, 0, moons=9), 1))
    assert (s["values"], s["winners"], s["reason"]) == ([4, 6], [1], "building_values")


def test_the_game_over_event_and_the_outcome():
    state = place(acting(), 0, "harvest", "mountain")
    state = state.copy()
    state.final, state.last_turns = True, []
    state, events = run(state, C.Sell(0, "mill"), C.EndTurn(0))
    scored = [e for e in events if e["type"] == "district_scored"]
    assert [e["district"] for e in scored] == state.districts
    assert scored[-1] == {"type": "district_scored", "district": "harvest", "totals": [4, 0], "winner": 0}
    over = events[-1]
    assert over["type"] == "game_over" and over["winners"] == [0] and over["vp"] == [1, 0]
    result = outcome(state)
    assert result is not None and result.winners == (0,) and result.reason == "districts"
    assert result.scores["districts"]["harvest"]["totals"] == [4, 0]
    assert outcome(acting()) is None


def test_every_outcome_reason_is_a_sentence_of_the_catalogue():
    """core.game.Outcome: the reason is a key of the game's catalogue."""
    from companion.core.i18n import Domain

    for reason in scoring.REASONS:
        assert Domain("magnate").format(reason, "it") != reason
