"""Property tests: random legal games (every command picked among ``legal``'s enabled
actions with parameters inside the ranges it gives). After every command: money is
conserved between the players and the bank (the bank's own payments counted apart), no
palace has two owners, no palace holds more than 4 works of art, cards and men-at-arms
are all somewhere; every enabled action is accepted; the game ends.
(leonardo-decisions: Money and the end; rulebook ACQUISTO DI OPERE D'ARTE.)"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from leonardo_helpers import BOX, header

from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.state import State

TABLE_ONLY = {"SetPrintedValue", "Correct", "EndByAgreement", "FormCorporation"}


def random_command(s: State, rng: random.Random, end_after: int) -> Any:
    legal = E.legal(s)
    if s.phase == "turns" and s.round > end_after and not s.corporations and not s.end_agreed:
        return C.EndByAgreement()
    acts = [a for a in legal["actions"] if a["enabled"] and a["type"] not in TABLE_ONLY]
    if s.variants.get("corporations") and rng.random() < 0.05:
        form = next((a for a in legal["actions"] if a["type"] == "FormCorporation" and a["enabled"]), None)
        if form and len(form["seats"]) >= 3:
            members = rng.sample(form["seats"], 2)
            return C.FormCorporation(tuple(members), rng.choice(form["choices"]), rng.choice(members))
    a = rng.choice(acts)
    t, seat = a["type"], a.get("seat")
    if t == "DealPalace":
        return C.DealPalace(seat, rng.choice(a["spaces"]))
    if t == "ChooseFaction":
        return C.ChooseFaction(seat, rng.choice(a["choices"]))
    if t in ("StartSpin", "Spin", "MarketSpin", "FightSpin"):
        return getattr(C, t)(seat, rng.randint(a["min"], a["max"]))
    if t == "ChooseSpin":
        return C.ChooseSpin(seat, rng.choice(a["choices"]))
    if t == "BuyArt":
        left = sorted((Counter(s.box["oda"]) - Counter(s.oda_drawn)).elements())
        return C.BuyArt(seat, rng.choice(a["spaces"]), rng.choice(left))
    if t in ("DrawOffice", "DrawEvent"):
        return getattr(C, t)(rng.choice(a["cards"]))
    if t == "Bid":
        return C.Bid(seat, rng.randrange(a["min"], min(a["max"], a["min"] + 40) + 1, 5))
    if t in ("Bet", "LockBet"):
        return getattr(C, t)(seat, rng.choice(a["products"]), rng.randint(a["min"], min(a["max"], 60)))
    if t == "Push":
        return C.Push(seat, rng.choice(a["steps"]))
    if t == "Sell":
        return C.Sell(seat, rng.choice(a["spaces"]))
    return getattr(C, t)(seat)


def check_invariants(s: State, before: State | None, events: list[dict[str, Any]]) -> None:
    # money: the players' cash is what the bank paid out minus what it took in ...
    assert sum(p.cash for p in s.seats) == s.bank["paid"] - s.bank["received"]
    assert all(p.cash >= 0 for p in s.seats)
    if before is not None:
        # ... and every change of a player's cash is a money event (the bank's own payments
        # are those from None; corrections, never sent here, would be the only other way)
        moved = Counter()
        bank_paid = 0
        for e in events:
            if e["type"] == "money":
                if e["from"] is None:
                    bank_paid += e["amount"]
                else:
                    moved[e["from"]] -= e["amount"]
                if e["to"] is not None:
                    moved[e["to"]] += e["amount"]
        assert all(s.seats[i].cash - before.seats[i].cash == moved[i] for i in range(s.n))
        assert s.bank["paid"] - before.bank["paid"] == bank_paid
    # no palace with two owners: the holdings of the players never overlap, owners play on
    held = [sp for seat in range(s.n) for sp in s.holdings(seat)]
    assert len(held) == len(set(held))
    for i, owner in enumerate(s.owner):
        if owner is not None:
            assert not s.seats[owner].out and s.seats[owner].member_of is None
            assert B.kind(s.box, i + 1) in B.OPEN_KINDS
        assert len(s.works[i]) <= 4
        assert not s.works[i] or (owner is not None and B.kind(s.box, i + 1) in B.PALACE_KINDS)
    # works of art, men-at-arms and cards are all somewhere
    assert len(s.oda_drawn) == sum(map(len, s.works)) + len(s.oda_gone) <= 40
    assert sum(p.men for p in s.seats) + s.men_deck == s.box["men_at_arms"]
    assert all(0 <= p.men <= 2 for p in s.seats)
    offices = sorted([c for p in s.seats for c in p.offices] + s.offices["unknown"] + s.offices["bottom"])
    assert offices == list(range(1, len(s.box["offices"]) + 1))
    assert sorted(s.events["unknown"] + s.events["bottom"]) == list(range(1, len(s.box["events"]) + 1))


def play_random(seed: int, players: int, variants: dict[str, Any], end_after: int, limit: int) -> State:
    rng = random.Random(seed)
    s = E.new_game(header(players, variants, BOX))
    check_invariants(s, None, [])
    for _ in range(limit):
        if s.phase == "over":
            break
        cmd = random_command(s, rng, end_after)
        assert E.check(s, cmd) is None, (cmd, E.check(s, cmd))  # what legal offers is accepted
        before = s
        s, events = E.apply(s, cmd)
        check_invariants(s, before, events)
    return s


variants = st.fixed_dictionaries({"sealed_bets": st.booleans(),
                                   "market_pays": st.sampled_from(["three_plus_stake", "three_in_all"])})


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), variants=variants, end_after=st.integers(1, 12))
def test_random_legal_games_keep_the_books_and_end(seed, players, variants, end_after):
    s = play_random(seed, players, variants, end_after, limit=4000)
    assert s.phase == "over" and s.outcome["winners"]
    assert json.loads(json.dumps(s.to_dict())) == s.to_dict()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 6))
def test_random_games_with_corporations_keep_the_books(seed, players):
    """With corporations the game ends only by elimination: bounded, not played out."""
    s = play_random(seed, players, {"corporations": True}, end_after=10**6, limit=600)
    for c in s.corporations:
        assert all(s.seats[m].member_of == c["lead"] for m in c["members"] if m != c["lead"])
