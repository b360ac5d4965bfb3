"""``legal(state)`` and ``expects(state)``: who acts, every action with enabled/reason, and
what the table must enter (issue 10: "a card picker that shows only the cards still unseen")."""

from __future__ import annotations

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E
from companion.games.magnate import rules as R
from companion.core.game import Expect, ExpectKind
from companion.games.magnate.legality import expects, legal
from companion.core.i18n import localized

from .conftest import acting, header, place, run, started, tokens


def actions(state):
    return {a["type"]: a for a in legal(state)["actions"]}


def test_setup_lists_the_three_entries_and_greys_out_those_made():
    state = E.new_game(header())
    acts = actions(state)
    assert legal(state)["to_act"] == [] and legal(state)["table"] is True
    assert all(acts[t]["enabled"] for t in ("SetDistricts", "DealCrowns", "StartPlayer"))
    assert acts["SetDistricts"]["pawns"] == ["watchman", "light_keeper", "borderland", "harvest"]
    state, _ = run(state, C.StartPlayer(1))
    acts = actions(state)
    assert acts["StartPlayer"]["enabled"] is False and acts["StartPlayer"]["reason"] == "already entered"
    assert [x.command for x in expects(state)] == ["SetDistricts", "DealCrowns"]


def test_the_roll_and_its_expectation():
    """md Dice: two d10 entered like any roll."""
    state = started(start=1)
    out = legal(state)
    assert out["to_act"] == [1] and actions(state)["Roll"] == {"type": "Roll", "enabled": True, "seat": 1,
                                                               "dice": "d10", "count": 2}
    assert expects(state) == [Expect(ExpectKind.ROLL, "Roll", 1, dice="d10", count=2)]


def test_income_choices_name_their_owners():
    state = place(started(), 1, "excuse", "betrayal", complete=False)
    state = place(state, 0, "excuse", "diplomat", complete=False)
    state, _ = run(state, C.Roll((8, 2)))
    out = legal(state)
    assert out["to_act"] == [0, 1]
    assert [(a["seat"], a["card"], a["suits"]) for a in out["actions"] if a["type"] == "ChooseIncome"] == [
        (0, "diplomat", ["moons", "suns"]), (1, "betrayal", ["wyrms", "knots"])]


def test_the_card_actions_offer_only_unseen_cards():
    state = place(acting(), 1, "harvest", "mountain")
    state, _ = run(state, C.Sell(0, "mill"), C.Draw(0), C.Roll((2, 3)))
    acts = actions(state)
    offered = [c["card"] for c in acts["Sell"]["cards"]]
    assert "mill" not in offered and "mountain" not in offered and "huntress" not in offered
    assert offered == R.unseen(state) and len(offered) == 34 - 2


def test_build_lists_districts_with_reasons_and_the_payment():
    state = tokens(acting(), 0, waves=3, leaves=2)
    build = {c["card"]: c for c in actions(state)["Build"]["cards"]}
    sailor = build["sailor"]
    assert sailor["enabled"] and sailor["payment"] == {"waves": 2, "leaves": 2} and sailor["plan"] is None
    watchman = next(d for d in sailor["districts"] if d["district"] == "watchman")
    assert watchman == {"district": "watchman", "enabled": False,
                        "reason": "the Sailor shares no suit with the Watchman, the Pawn of this district",
                        "message": watchman["message"]}
    assert localized(watchman["message"], "it") == \
        "il Marinaio non ha semi in comune con la Sentinella, il Pedone di questo distretto"
    assert build["mill"]["enabled"] is False and build["mill"]["reason"] == "Anna is short of 3 Leaves"
    assert build["ace_knots"]["reason"] == "Anna is short of 3 Knots"


def test_build_shows_a_plan_with_trades_when_trades_would_pay():
    state = tokens(acting(), 0, waves=3, moons=3)
    sailor = next(c for c in actions(state)["Build"]["cards"] if c["card"] == "sailor")
    assert sailor["enabled"] is False and sailor["plan"]["trades"] == [{"give": "moons", "get": "leaves",
                                                                         "times": 1}]


def test_after_the_card_the_card_actions_are_greyed_out_and_the_draw_opens():
    state, _ = run(acting(), C.Sell(0, "mill"))
    acts = actions(state)
    assert acts["Build"]["enabled"] is False and acts["Build"]["reason"] == "Anna has already played a card this turn"
    assert acts["Draw"]["enabled"] is True and acts["Draw"]["deck"] == 28
    assert actions(acting())["Draw"]["reason"] == "Anna must play a card first: build, found or sell"


def test_trade_and_develop_options():
    state = place(acting(), 0, "borderland", "mill", complete=False, waves=6)
    state = place(state, 0, "excuse", "origin", complete=False)
    state = tokens(state, 0, waves=4, moons=3)
    acts = actions(state)
    assert acts["Trade"]["enabled"] and acts["Trade"]["give"] == {"moons": 1, "waves": 1}
    deeds = {d["card"]: d for d in acts["Develop"]["deeds"]}
    assert deeds["mill"]["suits"] == {"waves": 2} and deeds["mill"]["on_it"] == 6
    assert deeds["origin"]["suits"] == {"waves": 2}
    poor = tokens(state, 0, suns=2)
    acts = actions(poor)
    assert acts["Trade"]["reason"] == "Anna has no suit with 3 tokens to trade"
    assert acts["Develop"]["enabled"] is False
    assert actions(acting())["Develop"]["reason"] == "Anna has no unfinished deed"


def test_develop_offers_one_less_under_the_each_suit_variant():
    state = place(acting(deed_each_suit=True), 0, "borderland", "sailor", complete=False)
    state = tokens(state, 0, waves=5)
    deed = actions(state)["Develop"]["deeds"][0]
    assert deed["suits"] == {"waves": 3}
    assert E.check(state, C.Develop(0, "sailor", "waves", 3)) is None


def test_every_enabled_card_option_is_accepted_and_every_disabled_one_refused():
    """legal() and apply() agree, option by option."""
    state = place(acting(), 0, "borderland", "origin", complete=False)
    state = place(state, 0, "harvest", "forest")
    state = tokens(state, 0, waves=4, leaves=3, moons=2, knots=1)
    acts = actions(state)
    for card in acts["Build"]["cards"]:
        for d in card["districts"]:
            if card["payment"]:
                accepted = E.check(state, C.Build(0, card["card"], d["district"], card["payment"])) is None
                assert accepted == d["enabled"], (card["card"], d)
    for card in acts["Found"]["cards"]:
        for d in card["districts"]:
            accepted = E.check(state, C.Found(0, card["card"], d["district"])) is None
            assert accepted == (card["enabled"] and d["enabled"]), (card["card"], d)


def test_the_end_shows_the_outcome_and_the_correction_stays_open():
    state = acting().copy()
    state.final, state.last_turns = True, []
    state, _ = run(state, C.Sell(0, "mill"), C.EndTurn(0))
    out = legal(state)
    assert out["phase"] == "over" and out["outcome"]["reason"] == "tokens"  # the Mill sold: 5 tokens to 3
    assert [a["type"] for a in out["actions"]] == ["Correct"]
    assert expects(state) == []
