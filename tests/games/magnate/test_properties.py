"""Property tests: many random legal games (issue 10 "Done when"): tokens never negative,
the 45 cards (41 without the Courts) always accounted for, a deed never scores, the
placement rules always hold, and the game always ends."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.magnate import commands as C
from companion.games.magnate import demo, scoring
from companion.games.magnate import engine as E
from companion.games.magnate import rules as R
from companion.games.magnate.cards import decktet
from companion.games.magnate.legality import legal
from companion.games.magnate.state import State

MAX_COMMANDS = 3000
variants = st.fixed_dictionaries({"courts": st.booleans(), "deed_any_suit": st.booleans(),
                                  "deed_each_suit": st.booleans()})


def check_invariants(s: State) -> None:
    for p in s.seats:
        assert all(n >= 0 for n in p.tokens.values()), p  # tokens never negative
        assert 0 <= p.hand <= 3
    assert s.deck >= 0
    # Every card in exactly one place: districts (4 Pawns + Excuse), Crowns, table, discards,
    # hands, deck; 45 in all, 41 without the Courts (those stay in the box).
    table = [b.card for _, _, b in s.buildings()]
    assert len(table) == len(set(table)) and not set(table) & set(s.discards)
    assert set(table) | set(s.discards) <= set(R.deck_cards(s))
    in_game = len(s.districts or decktet().pawns + ["excuse"]) + 6 + len(table) + len(s.discards) + \
        sum(p.hand for p in s.seats) + s.deck
    assert in_game == (45 if s.variants["courts"] else 41)
    for d in s.districts:
        for seat, column in enumerate(s.city[d]):
            for i, b in enumerate(column):
                info = decktet()[b.card]
                before = decktet()[column[i - 1].card].suits if i else decktet()[d].suits
                assert d == "excuse" and i == 0 or set(info.suits) & set(before)  # placement held
                assert b.complete or i == len(column) - 1  # a deed is always the last of its column
                if b.complete:
                    assert b.tokens == {}
                else:
                    assert scoring.building_value(column, b) == 0  # a deed never scores
                    assert 0 <= b.on_it < info.cost and set(b.tokens) <= set(info.suits)
                    assert all(n >= 0 for n in b.tokens.values())


def check_end(s: State) -> None:
    assert s.phase == "over" and s.outcome is not None
    assert [p.hand for p in s.seats] == [2, 2]  # rb Vittoria: two cards in each hand
    complete = {d: [sum(scoring.building_value(col, b) for b in col if b.complete) for col in s.city[d]]
                for d in s.districts}
    assert {d: r["totals"] for d, r in s.outcome["districts"].items()} == complete
    assert sum(s.outcome["vp"]) == sum(1 for t in complete.values() if t[0] != t[1])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), variants)
def test_bots_games_keep_the_books_and_end(seed, chosen):
    header = {**demo.demo_header(2, seed), "variants": chosen}
    state = E.new_game(header)
    for index in range(MAX_COMMANDS):
        cmd = demo.demo_move(state, seed, index)
        if cmd is None:
            break
        state, _ = E.apply(state, cmd)
        check_invariants(state)
    check_end(state)
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()


def random_command(state: State, rng: random.Random) -> Any:
    """Any enabled option of ``legal()``, with random parameters among those it lists."""
    out = legal(state)
    acts = [a for a in out["actions"] if a["enabled"] and a["type"] != "Correct"]
    if state.phase == "setup":
        a = acts[0]
        if a["type"] == "SetDistricts":
            return C.SetDistricts(tuple(rng.sample(a["pawns"], 4)))
        if a["type"] == "DealCrowns":
            return C.DealCrowns(rng.choice(a["seats"]), tuple(rng.sample(a["crowns"], 3)))
        return C.StartPlayer(rng.choice(a["seats"]))
    if state.phase == "roll":
        return C.Roll((rng.randrange(10), rng.randrange(10)))
    if state.phase == "tax":
        return C.TaxRoll(rng.randint(1, 6))
    if state.phase == "income":
        a = rng.choice(acts)
        return C.ChooseIncome(a["seat"], a["card"], rng.choice(a["suits"]))
    by = {a["type"]: a for a in acts}
    seat = out["to_act"][0]
    choices = [t for t in ("Build", "Found", "Sell") if t in by] or [t for t in ("Draw", "EndTurn") if t in by]
    if rng.random() < 0.3:
        choices += [t for t in ("Trade", "Develop") if t in by]
    kind = rng.choice(choices)
    a = by[kind]
    if kind in ("Build", "Found"):
        card = rng.choice([c for c in a["cards"] if c["enabled"]])
        district = rng.choice([d["district"] for d in card["districts"] if d["enabled"]])
        if kind == "Found":
            return C.Found(seat, card["card"], district)
        return C.Build(seat, card["card"], district, card["payment"])
    if kind == "Sell":
        return C.Sell(seat, rng.choice(a["cards"])["card"])
    if kind == "Trade":
        give = rng.choice(sorted(a["give"]))
        return C.Trade(seat, give, rng.choice([s for s in a["get"] if s != give]), rng.randint(1, a["give"][give]))
    if kind == "Develop":
        deed = rng.choice([d for d in a["deeds"] if d["enabled"]])
        suit = rng.choice(sorted(deed["suits"]))
        return C.Develop(seat, deed["card"], suit, rng.randint(1, deed["suits"][suit]))
    return C.Draw(seat) if kind == "Draw" else C.EndTurn(seat)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), variants)
def test_random_legal_games_every_enabled_option_is_accepted(seed, chosen):
    """legal() and apply() agree: an option listed as enabled is never refused."""
    rng = random.Random(seed)
    state = E.new_game({**demo.demo_header(2, seed), "variants": chosen})
    for _ in range(MAX_COMMANDS):
        if state.phase == "over":
            break
        state, _ = E.apply(state, random_command(state, rng))
        check_invariants(state)
    check_end(state)
