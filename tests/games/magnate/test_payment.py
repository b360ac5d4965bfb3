"""Paying a building: every legal split, and the cheapest plan the screens propose
(issue 10: "the app proposes the cheapest legal split")."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E
from companion.games.magnate import payment as P
from companion.games.magnate.cards import SUITS, decktet

from .conftest import acting, run, tokens


def test_the_splits_of_the_sailor_are_the_rulebooks_three():
    """rb Costruzione: 4 of Waves/Leaves as 1+3, 2+2 or 3+1."""
    assert P.splits("sailor") == [{"waves": 1, "leaves": 3}, {"waves": 2, "leaves": 2}, {"waves": 3, "leaves": 1}]
    assert P.splits("ace_moons") == [{"moons": 3}]
    assert len(P.splits("rite")) == 36  # 10 as three parts of at least 1


def test_every_split_is_accepted_by_the_engine_and_nothing_else_is():
    state = tokens(acting(), 0, waves=9, leaves=9, moons=9)
    legal = {tuple(sorted(s.items())) for s in P.splits("mill")}
    for w, l, m in itertools.product(range(9), range(9), range(2)):
        split = {"waves": w, "leaves": l, "moons": m}
        ok = E.check(state, C.Build(0, "mill", "borderland", split)) is None
        assert ok == (tuple(sorted((k, v) for k, v in split.items() if v)) in legal), split


def test_the_proposal_needs_no_trade_when_the_tokens_are_there_and_spends_the_biggest_piles():
    state = tokens(acting(), 0, waves=5, leaves=2, moons=1)
    plan = P.propose_payment(state, 0, "sailor")
    assert plan == {"payment": {"waves": 3, "leaves": 1}, "trades": [],
                    "left": {"moons": 1, "suns": 0, "waves": 2, "leaves": 1, "wyrms": 0, "knots": 0}}
    run(state, C.Build(0, "sailor", "borderland", plan["payment"]))


def test_the_proposal_makes_the_fewest_trades():
    state = tokens(acting(), 0, waves=3, moons=7)
    plan = P.propose_payment(state, 0, "sailor")  # needs a Leaf: one trade of 3 Moons
    assert plan is not None and plan["trades"] == [{"give": "moons", "get": "leaves", "times": 1}]
    assert plan["payment"] == {"waves": 3, "leaves": 1}
    state, _ = run(state, C.Trade(0, "moons", "leaves", 1), C.Build(0, "sailor", "borderland", plan["payment"]))


def test_no_proposal_when_even_trades_cannot_pay():
    assert P.propose_payment(tokens(acting(), 0, waves=3, moons=2), 0, "sailor") is None
    assert P.propose_fee(tokens(acting(), 0, waves=1, moons=3), 0, "mill") == {
        "payment": {"waves": 1, "leaves": 1}, "trades": [{"give": "moons", "get": "leaves", "times": 1}],
        "left": {s: 0 for s in SUITS}}


@given(st.lists(st.integers(0, 6), min_size=6, max_size=6), st.sampled_from(sorted(decktet().deck(True))))
def test_a_proposal_is_always_payable_after_its_trades_and_minimal(counts, card):
    """Property: the proposed plan is legal once its trades are made, and no split needs fewer trades."""
    state = tokens(acting(), 0, **dict(zip(SUITS, counts)))
    plan = P.propose_payment(state, 0, card)
    found = [P.trades_for(state.seats[0].tokens, s) for s in P.splits(card)]
    fewest = min((sum(t["times"] for t in f[0]) for f in found if f is not None), default=None)
    if plan is None:
        assert fewest is None
        return
    assert sum(t["times"] for t in plan["trades"]) == fewest
    for t in plan["trades"]:
        state, _ = run(state, C.Trade(0, t["give"], t["get"], t["times"]))
    assert E.check(state, C.Build(0, card, "excuse", plan["payment"])) is None
