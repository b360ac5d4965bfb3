"""Property tests: many random games played by the bots (random seeds, player counts and
variants); after every command the invariants of the rules hold (rd: Money, Player turn,
Scoring; rulebook 2, 5.1.3)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import dice
from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E
from companion.games.magnifico.demo import demo_box, demo_header, next_command
from companion.games.magnifico.state import BOX

_BOX = demo_box()


def check_conservation(before, s, events):
    """Tanks, airplanes and castles appear only when built and leave only as battle losses."""
    b, a = before.pieces_on_board(), s.pieces_on_board()
    for piece in ("tanks", "airplanes", "castles"):
        built = sum(1 for e in events if e["type"] == "built" and e["piece"] + "s" == piece)
        built += sum(1 for e in events if e["type"] == "first_castle" and piece == "castles")
        lost = sum(e["losses"][side].get(piece, 0) for e in events if e["type"] == "battle_over"
                   for side in ("attacker", "defender"))
        assert a[piece] == b[piece] + built - lost, piece


def check_invariants(s, before):
    n = s.n
    for p in s.seats:
        assert 0 <= p.florins <= 300  # 5.1.3
        assert p.reserve >= 0
    on_board = s.pieces_on_board()
    for piece, limit in BOX.items():  # the box limits
        assert on_board[piece] <= limit
    soldiers = [0] * n
    for tid, t in s.territories.items():
        assert t.owner is None or 0 <= t.owner < n  # one owner per territory
        if t.owner is None:
            assert (t.soldiers, t.tanks, t.airplanes, t.castle) == (0, 0, 0, False)
        else:
            assert t.soldiers >= 1  # never an empty own territory
            soldiers[t.owner] += t.soldiers
        assert 0 <= t.towers <= 4 and (t.castle or t.towers == 0)
    if s.battle:
        soldiers[s.battle["attacker"]] += s.battle["army"]["soldiers"]
    for seat, p in enumerate(s.seats):  # soldiers conserved: reserve + board + score marker
        assert p.reserve + soldiers[seat] + 1 == s.soldiers_per_army
    # Cards conserved: every card is in exactly one place.
    places = [c for d in s.decks.values() for part in d.values() for c in part] + list(s.removed)
    places += [c for p in s.seats for c in p.store + p.in_play]
    if s.auction:
        places += s.auction.cards
    assert sorted(places) == sorted(c for c, v in s.cards.items() if v["kind"] != "leonardo")
    if s.phase not in ("remove_cards", "start_roll"):
        assert s.leonardo is not None and 0 <= s.leonardo < n  # exactly one Leonardo holder
    if before is not None:
        for p, q in zip(before.seats, s.seats):
            assert q.vp >= p.vp  # VP never fall


variants = st.fixed_dictionaries({
    "strict_order": st.booleans(), "separate_limits": st.booleans(),
    "tank_explosion": st.sampled_from(["army", "infantry"]),
})


@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), variants=variants,
       target=st.integers(8, 30))
def test_random_games_keep_the_invariants(seed, players, variants, target):
    header = {**demo_header(players, box=_BOX), "variants": variants, "target": target}
    s = E.new_game(header)
    before = None
    for k in range(6000):
        if s.phase == "over":
            break
        cmd = next_command(s, random.Random(f"{seed}:{k}"))
        before, (s, events) = s, E.apply(s, cmd)
        check_invariants(s, before)
        check_conservation(before, s, events)
    assert s.phase == "over"
    assert s.seats[s.winner].vp >= target


JUNK = st.one_of(
    st.builds(C.LockBid, st.integers(-1, 5), st.integers(-50, 400)),
    st.builds(C.EndTurn, st.integers(-1, 5)),
    st.builds(C.Invade, st.integers(0, 4), st.sampled_from(["london", "milano", "nowhere"]),
              st.sampled_from(["paris", "milano", "lyon"]), st.integers(-1, 9)),
    st.builds(C.BuildTower, st.integers(0, 4), st.sampled_from(["london", "milano", "roma"])),
    st.builds(C.ChooseCard, st.integers(0, 4), st.sampled_from(["tank_1", "walls_1", "leonardo"])),
    st.builds(C.DrawAuction, st.lists(st.sampled_from(["tank_1", "tank_2", "walls_1", "gyroscope_2"]),
                                      max_size=4).map(tuple)),
)


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400), junk=st.lists(JUNK, min_size=1, max_size=8))
def test_refused_commands_leave_nothing_half_applied(seed, steps, junk):
    """Architecture: apply never mutates its input; a refused command changes nothing."""
    s = E.new_game(demo_header(4, box=_BOX))
    for k in range(steps):
        if s.phase == "over":
            break
        s, _ = E.apply(s, next_command(s, random.Random(f"{seed}:{k}")))
    snapshot = s.to_dict()
    for cmd in junk:
        try:
            E.apply(s, cmd)
        except GameError as err:
            assert err.reason
        assert s.to_dict() == snapshot


# Random legal commands, chosen from what legal(state) offers: every offer it makes must be
# accepted by apply, and the invariants hold (a check on legal() itself).


def random_legal(s, rng):
    lg = E.legal(s)
    # The table's own actions (a printed value, ending by agreement) are tested on their own.
    offers = [a for a in lg["actions"] if a["allowed"] and a["type"] not in ("SetCardValue", "EndByAgreement")]
    if s.phase in ("remove_cards", "start_roll", "first_castles", "recruit", "auction_draw"):
        return next_command(s, rng)  # random inputs, as the virtual table makes them
    if s.phase == "battle":
        actions = offers[0]["options"]
        if actions["retreat"]["allowed"] and rng.random() < 0.5:
            return C.BattleStep({"side": "attacker", "retreat": True})
        st_ = rng.choice(actions["steps"])
        if st_["assault"] == "tanks":
            return C.BattleStep({"side": st_["side"], "assault": "tanks",
                                 "rolls": [dice.roll(rng, st_["dice_per_tank"])]})
        return C.BattleStep({"side": st_["side"], "assault": st_["assault"], "dice": dice.roll(rng, st_["dice"])})
    weights = {"EndTurn": 1, "PassChoice": 1, "UnlockBid": 1}
    offer = rng.choices(offers, [weights.get(o["type"], 4) for o in offers])[0]
    t, seat = offer["type"], offer.get("seat")
    if t == "LockBid":
        return C.LockBid(seat, rng.randrange(10, offer["max"] + 1, 10))
    if t == "UnlockBid":
        return C.UnlockBid(seat)
    if t == "ChooseCard":
        return C.ChooseCard(seat, rng.choice([c["card"] for c in offer["cards"] if c["allowed"]]))
    if t == "PassChoice":
        return C.PassChoice(seat)
    if t == "Activate":
        return C.Activate(seat, rng.choice([c["card"] for c in offer["cards"] if c["allowed"]]))
    if t in ("BuildTank", "BuildAirplane", "BuildTower", "BuildCastle"):
        return getattr(C, t)(seat, rng.choice(offer["territories"]))
    if t in ("Invade", "Attack"):
        o = rng.choice(offer["options"])
        n = rng.randint(o["min_soldiers"], o["max_soldiers"])
        tanks = rng.randint(0, o["max_tanks"])
        planes = rng.randint(0, min(o["max_airplanes"], 6 - tanks)) if t == "Attack" else rng.randint(0, o["max_airplanes"])
        return getattr(C, t)(seat, o["source"], o["target"], n, tanks, planes)
    if t == "Move":
        src = rng.choice(offer["sources"])
        dst = rng.choice(src["targets"])
        by = rng.choice([b for b in ("land", "sea") if dst[b]])
        group = {k: rng.randint(0, src[k]) for k in ("soldiers", "tanks", "airplanes")}
        if not any(group.values()):
            group[next(k for k in ("soldiers", "tanks", "airplanes") if src[k])] = 1
        return C.Move(seat, ({"source": src["source"], "target": dst["target"], "by": by, **group},))
    return C.EndTurn(seat)


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_every_offer_of_legal_is_accepted(seed, players):
    s = E.new_game(demo_header(players, box=_BOX))
    for k in range(250):
        if s.phase == "over":
            break
        rng = random.Random(f"{seed}:{k}")
        cmd = random_legal(s, rng)
        before, (s, events) = s, E.apply(s, cmd)
        check_invariants(s, before)
        check_conservation(before, s, events)
