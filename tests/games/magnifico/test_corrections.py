"""issue 4: corrections. The table sets a counter by hand with a reason (``Correct``): in any
phase, also after the end, never a reveal; every correction keeps what the rules keep
(rules-decisions: Money; rules-decisions: Pieces are limited by the box)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import check_invariants  # the property tests' checker (same folder)

from companion.core import i18n
from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E
from companion.games.magnifico.game import GAME
from companion.games.magnifico import record
from companion.games.magnifico.corrections import MAX_FLORINS, card_place, soldiers_on_board
from companion.games.magnifico.demo import demo_box, demo_header, next_command, play_demo

_BOX = demo_box()


def fix(state, target, value, reason="a slip of the hand"):
    """Apply one correction; the new state and its one event."""
    new, events = E.apply(state, C.Correct(target, value, reason))
    assert len(events) == 1
    return new, events[0]


def refused(state, target, value, match, reason="a slip of the hand"):
    """The correction is refused with ``match`` in its reason, and nothing changed."""
    before = state.to_dict()
    with pytest.raises(GameError, match=match):
        E.apply(state, C.Correct(target, value, reason))
    assert state.to_dict() == before


def aside(state):
    """Soldiers each army has put aside by corrections of ``soldiers_left``."""
    return [state.soldiers_per_army - 1 - p.reserve - soldiers_on_board(state, s) for s, p in enumerate(state.seats)]


def invariants(state, put_aside=None):
    """The property tests' invariants; soldiers put aside by a correction counted back in."""
    assert aside(state) == (put_aside or [0] * state.n)
    whole = state.copy()
    for s, n in enumerate(aside(state)):
        whole.seats[s].reserve += n
    check_invariants(whole, None)


def seat(n, counter):
    return {"seat": n, "counter": counter}


def land(tid, counter):
    return {"territory": tid, "counter": counter}


def card(cid):
    return {"card": cid, "counter": "place"}


@pytest.fixture
def turns(h):
    """Round 1, Anna's turn: castles in A1 (Anna), A3 (Bruno), B2 (Carla), C2 (Dario), 3
    soldiers each, 36 off the board."""
    return h.to_turns(h.to_auction(E.new_game(h.header(4))))


def line_map(n):
    """n territories in a row, T1-T2-...-Tn, no seas (enough room for the whole box)."""
    ids = [f"T{i}" for i in range(1, n + 1)]
    return {"id": "line", "verified": False,
            "territories": [{"id": t, "name": {"en": t}, "seas": [], "pos": [0, 0]} for t in ids],
            "seas": [], "borders": [[a, b] for a, b in zip(ids, ids[1:])], "crossings": []}


@pytest.fixture(scope="module")
def demo_game():
    """A seeded bots' game to its end, with every state (module scope: played once)."""
    game = play_demo(2, 4)
    states = [E.new_game(game.header)]
    for cmd in game.commands:
        states.append(E.apply(states[-1], cmd)[0])
    return game, states


# ---- the command ---------------------------------------------------------------------


def test_the_journals_command_is_a_magnifico_command(turns):
    """issue 4: journal.correct submits {"type": "Correct", "target", "value", "reason"}."""
    d = {"type": "Correct", "target": {"seat": 1, "counter": "florins"}, "value": 90, "reason": "paid twice"}
    cmd = C.from_dict(d)
    assert cmd == C.Correct({"seat": 1, "counter": "florins"}, 90, "paid twice")
    assert C.to_dict(cmd) == d
    s, events = E.apply(turns, d)
    assert s.seats[1].florins == 90
    assert events == [{"type": "corrected", "target": {"seat": 1, "counter": "florins"},
                       "from": turns.seats[1].florins, "to": 90, "reason": "paid twice"}]
    assert not any(e.get("reveal") for e in events)  # never a reveal: undo can take it back
    with pytest.raises(GameError, match="Correct needs a 'reason'"):
        C.from_dict({"type": "Correct", "target": {"seat": 1, "counter": "florins"}, "value": 90})


@pytest.mark.parametrize("target, value, reason, match", [
    ({"seat": 0, "counter": "florins"}, 90, "", "needs a reason"),
    ({"seat": 0, "counter": "florins"}, 90, "   ", "needs a reason"),
    ({"seat": 0, "counter": "florins"}, 90, None, "needs a reason"),
    ("florins", 90, "x", "target is an object"),
    ({"counter": "florins"}, 90, "x", "names one seat, one territory or one card"),
    ({"seat": 0, "territory": "A1", "counter": "soldiers"}, 2, "x", "names one seat"),
    ({"seat": 0, "counter": "money"}, 90, "x", "a seat has no counter 'money'"),
    ({"territory": "A1", "counter": "florins"}, 90, "x", "a territory has no counter 'florins'"),
    ({"card": "walls_1", "counter": "owner"}, 0, "x", "a card has no counter 'owner'"),
    ({"seat": 0, "counter": "florins", "why": 1}, 90, "x", "no field 'why'"),
    ({"seat": 7, "counter": "florins"}, 90, "x", "there is no seat 7"),
    ({"seat": True, "counter": "florins"}, 90, "x", "there is no seat True"),
    ({"territory": "Atlantis", "counter": "soldiers"}, 2, "x", "no territory 'Atlantis'"),
    ({"card": "joker", "counter": "place"}, "deck", "x", "no card 'joker'"),
    ({"seat": 0, "counter": "vp"}, -1, "x", "0 or more"),
    ({"seat": 0, "counter": "vp"}, "5", "x", "whole number"),
    ({"territory": "A1", "counter": "castle"}, 1, "x", "true\\) or not \\(false\\)"),
    ({"territory": "A1", "counter": "owner"}, 9, "x", "a seat \\(0 to 3\\) or nobody"),
    ({"card": "walls_1", "counter": "place"}, "hand", "x", "a card's place is"),
    ({"card": "walls_1", "counter": "place"}, {"seat": 0, "in": "pocket"}, "x", "a card's place is"),
    ({"card": "walls_1", "counter": "place"}, {"seat": 9, "in": "store"}, "x", "there is no seat 9"),
])
def test_an_impossible_correction_is_refused_with_its_reason(turns, target, value, reason, match):
    """issue 4: a clear reason for an unknown target, an impossible value, an empty reason."""
    refused(turns, target, value, match, reason=reason)


# ---- a player's counters -------------------------------------------------------------


def test_florins_are_corrected_in_tens_from_0_to_300(turns):
    """rules-decisions: Money: in tens; nobody ever holds more than 300 (5.1.3)."""
    assert MAX_FLORINS == E.CAP
    s, ev = fix(turns, seat(0, "florins"), 300)
    assert s.seats[0].florins == 300 and ev["from"] == turns.seats[0].florins and ev["to"] == 300
    s, _ = fix(s, seat(0, "florins"), 0)
    assert s.seats[0].florins == 0
    refused(turns, seat(0, "florins"), 310, "0 to 300 florins .*Anna cannot hold 310")
    refused(turns, seat(0, "florins"), 95, "Anna's money must be in tens of florins, not 95")
    refused(turns, seat(0, "florins"), -10, "0 to 300")
    refused(turns, seat(0, "florins"), 9.5, "whole number of florins")
    invariants(s)


def test_victory_points_never_end_the_game_by_correction(turns):
    """issue 4 (our choice, corrections.py): a correction never ends nor un-ends a game; the
    rules' own scoring decides the winner (rulebook 11.3)."""
    assert turns.target == 30
    s, ev = fix(turns, seat(2, "vp"), 29)
    assert (s.seats[2].vp, ev["from"], s.phase, s.winner) == (29, 0, "turns", None)
    refused(s, seat(2, "vp"), 30, "does not end the game: Carla's victory points can be set to at most 29")
    s, _ = fix(s, seat(2, "vp"), 3)  # down again: a mistaken award taken back
    assert s.seats[2].vp == 3
    invariants(s)


def test_after_the_end_corrections_are_taken_and_the_winner_stays(demo_game):
    """issue 4: accepted in any phase, including after the game is over."""
    game, states = demo_game
    end = states[-1]
    assert end.phase == "over"
    winner = end.winner
    s, ev = fix(end, seat(winner, "vp"), 0, "the last scoring was wrong")
    assert (s.phase, s.winner, s.seats[winner].vp, ev["to"]) == ("over", winner, 0, 0)
    s, _ = fix(s, seat((winner + 1) % 4, "vp"), 45)  # above the target: still not the winner
    assert s.winner == winner
    s, _ = fix(s, seat(winner, "florins"), 300)
    tid = end.owned(winner)[0]
    s, _ = fix(s, land(tid, "soldiers"), end.territories[tid].soldiers + 1)
    invariants(s)
    with pytest.raises(GameError, match="the game is over"):  # the rules' own commands are not
        E.apply(s, C.EndTurn(winner))


def test_soldiers_left_count_the_army_the_score_marker_and_the_board(turns):
    """rules-decisions: Pieces are limited by the box: each army's soldiers (one is the score
    marker). Lowering puts soldiers aside, raising brings them back, never above the army."""
    assert turns.seats[0].reserve == 36 and soldiers_on_board(turns, 0) == 3
    s, ev = fix(turns, seat(0, "soldiers_left"), 30, "six soldiers fell under the table")
    assert (s.seats[0].reserve, ev["from"]) == (30, 36)
    invariants(s, [6, 0, 0, 0])
    s, _ = fix(s, seat(0, "soldiers_left"), 36)
    invariants(s)
    refused(s, seat(0, "soldiers_left"), 37, "40 soldiers, one the score marker and 3 on the board: at most 36")
    refused(s, seat(0, "soldiers_left"), -1, "0 or more")


# ---- a territory's counters ------------------------------------------------------------


def test_soldiers_come_from_the_owners_army_and_go_back(turns):
    """rules-decisions: Pieces are limited by the box: soldiers are conserved."""
    s, ev = fix(turns, land("A1", "soldiers"), 10)
    assert (s.territories["A1"].soldiers, s.seats[0].reserve, ev["from"]) == (10, 29, 3)
    s, _ = fix(s, land("A1", "soldiers"), 1)
    assert s.seats[0].reserve == 38
    invariants(s)
    short, _ = fix(s, seat(0, "soldiers_left"), 2)
    refused(short, land("A1", "soldiers"), 4, "Anna has only 2 soldiers off the board: A1 cannot get 3 more")
    refused(s, land("A1", "soldiers"), 0, "held by its soldiers: A1 keeps at least 1")
    refused(s, land("A2", "soldiers"), 2, "A2 is free: set its owner first")


@pytest.mark.parametrize("piece", ["tanks", "airplanes"])
def test_tanks_and_airplanes_stay_within_the_box(turns, piece):
    """rules-decisions: Pieces are limited by the box: 20 tanks, 20 airplanes."""
    s, _ = fix(turns, land("A1", piece), 12)
    s, _ = fix(s, land("A3", piece), 8)
    assert s.pieces_on_board()[piece] == 20
    refused(s, land("B2", piece), 1, f"the box has 20 {piece} and 20 are in use: B2 can have at most 0")
    refused(s, land("A1", piece), 13, "A1 can have at most 12")
    refused(s, land("A2", piece), 1, "A2 is free")
    s, _ = fix(s, land("A1", piece), 2)
    s, _ = fix(s, land("B2", piece), 10)
    invariants(s)


def test_castles_and_towers_stay_within_the_box(h):
    """rules-decisions: Pieces are limited by the box: 16 castles, 40 towers, 4 per castle."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, map_=line_map(20))), castles=("T1", "T5", "T9", "T13")))
    for i in range(1, 21):
        tid = f"T{i}"
        if s.territories[tid].owner is None:
            s, _ = fix(s, land(tid, "owner"), i % 4)
        if i <= 16 and not s.territories[tid].castle:
            s, _ = fix(s, land(tid, "castle"), True)
    assert s.pieces_on_board()["castles"] == 16
    refused(s, land("T17", "castle"), True, "all 16 castles of the box are in use")
    refused(s, land("T17", "towers"), 1, "T17 has no castle: towers stand only on a castle")
    refused(s, land("T1", "towers"), 5, "at most 4 towers")
    for i in range(1, 11):
        s, _ = fix(s, land(f"T{i}", "towers"), 4)
    assert s.pieces_on_board()["towers"] == 40
    refused(s, land("T11", "towers"), 1, "the box has 40 towers and 40 are in use: T11 can have at most 0")
    invariants(s)
    s, ev = fix(s, land("T3", "castle"), False, "that castle was never built")
    assert ev["from"] is True and s.territories["T3"].towers == 0  # its towers back to the supply
    assert s.supply("towers") == 4 and s.supply("castles") == 1
    s, _ = fix(s, land("T11", "towers"), 4)
    s, _ = fix(s, land("T17", "castle"), True)
    invariants(s)


def test_an_owner_changes_the_colour_of_the_soldiers_not_the_pieces(turns):
    """One owner per territory; soldiers conserved in each army; tanks, airplanes and the
    castle stay where they are (corrections.py)."""
    s, _ = fix(turns, land("A1", "tanks"), 2)
    s, ev = fix(s, land("A1", "owner"), 1, "Bruno won that battle")
    t = s.territories["A1"]
    assert (t.owner, t.soldiers, t.tanks, t.castle, ev["from"], ev["to"]) == (1, 3, 2, True, 0, 1)
    assert (s.seats[0].reserve, s.seats[1].reserve) == (39, 33)
    invariants(s)
    s, ev = fix(s, land("A2", "owner"), 2, "Carla invaded it")  # a free territory: held by 1 soldier
    assert (s.territories["A2"].owner, s.territories["A2"].soldiers, s.seats[2].reserve, ev["from"]) == (2, 1, 35, None)
    s, _ = fix(s, land("A2", "soldiers"), 4)
    s, _ = fix(s, land("A2", "owner"), None, "nobody invaded it")
    assert (s.territories["A2"].owner, s.territories["A2"].soldiers, s.seats[2].reserve) == (None, 0, 36)
    invariants(s)
    refused(s, land("A1", "owner"), None, "A1 still has 2 tank\\(s\\) and a castle: correct those first")
    short, _ = fix(s, seat(3, "soldiers_left"), 2)
    refused(short, land("A1", "owner"), 3, "Dario has only 2 soldiers off the board: the 3 soldier\\(s\\) in A1 cannot")


# ---- a card's place ------------------------------------------------------------------


def test_a_project_card_moves_between_deck_store_play_and_removed(turns):
    """issue 4: card places; every card stays in exactly one place (the deck lists too)."""
    c = "walls_1"
    assert card_place(turns, c) == "deck"
    s, ev = fix(turns, card(c), {"seat": 2, "in": "store"}, "Carla bought it")
    assert (ev["from"], ev["to"], c in s.seats[2].store) == ("deck", {"seat": 2, "in": "store"}, True)
    assert all(c not in part for d in s.decks.values() for part in d.values())
    s, ev = fix(s, card(c), {"seat": 2, "in": "in_play"})
    assert ev["from"] == {"seat": 2, "in": "store"} and s.seats[2].in_play == [c] and c not in s.seats[2].store
    s, _ = fix(s, card(c), "removed")
    assert c in s.removed and not s.seats[2].in_play
    invariants(s)
    s, _ = fix(s, card(c), "deck")
    assert c in s.decks["projects"]["unknown"] and c not in s.removed
    invariants(s)


def test_tank_and_airplane_cards_keep_their_rules(turns):
    """5.3.7: Tank/Airplane cards go straight into play; 5.3.8: one of each per player;
    6.2-6.3: upgrades only beside their card, within an Airplane's hooks."""
    refused(turns, card("tank_3"), {"seat": 0, "in": "store"}, "go straight into play, never into a store")
    s, _ = fix(turns, card("tank_3"), {"seat": 0, "in": "in_play"})
    refused(s, card("tank_4"), {"seat": 0, "in": "in_play"}, "Anna already has a Tank card")
    refused(s, card("transmission_gear_1"), {"seat": 1, "in": "in_play"},
            "Tank upgrade: Bruno needs a Tank card in play")
    s, _ = fix(s, card("transmission_gear_1"), {"seat": 0, "in": "in_play"})
    refused(s, card("tank_3"), "deck", "Anna has Tank upgrades in play \\(Transmission gear\\)")
    s, _ = fix(s, card("transmission_gear_1"), {"seat": 0, "in": "store"})
    s, _ = fix(s, card("tank_3"), {"seat": 1, "in": "in_play"}, "it was Bruno's")
    s, _ = fix(s, card("airplane_3"), {"seat": 1, "in": "in_play"})
    assert s.printed("airplane_3", "hooks") == 2
    s, _ = fix(s, card("gyroscope_1"), {"seat": 1, "in": "in_play"})
    s, _ = fix(s, card("gyroscope_2"), {"seat": 1, "in": "in_play"})
    refused(s, card("gyroscope_3"), {"seat": 1, "in": "in_play"}, "2 hooks, all in use")
    s, _ = fix(s, card("gyroscope_3"), {"seat": 1, "in": "store"})
    invariants(s)


def test_the_leonardo_holder_can_be_corrected_but_never_lost(h, turns):
    """rules-decisions: Setup, Auction: exactly one Leonardo holder."""
    assert turns.leonardo == 0
    s, ev = fix(turns, card("leonardo"), {"seat": 2}, "Carla bought first")
    assert (s.leonardo, ev["from"], ev["to"]) == (2, {"seat": 0}, {"seat": 2})
    refused(s, card("leonardo"), None, "its holder")
    refused(s, card("leonardo"), "deck", "its holder")
    refused(s, card("leonardo"), {"seat": 2, "in": "store"}, "its holder")
    refused(E.new_game(h.header(5)), card("leonardo"), {"seat": 1}, "before the start-order roll is decided")
    invariants(s)


def test_cards_in_use_by_the_setup_or_the_auction_wait(h):
    """4.2: the setup's cards are removed unseen first; cards on auction are not moved."""
    refused(E.new_game(h.header(4)), card("walls_1"), {"seat": 0, "in": "store"}, "once the setup's Tank and Airplane")
    s = h.draw(h.to_auction(E.new_game(h.header(4))))
    on_auction = s.auction.cards[0]
    refused(s, card(on_auction), "removed", "is on auction")


# ---- corrections the next commands depend on ---------------------------------------------


def test_a_locked_bid_is_not_hinted_at_and_a_chooser_keeps_the_bid(h):
    """rules-decisions: Auction: bids are secret until revealed; a chooser pays the bid."""
    s = h.draw(h.to_auction(E.new_game(h.header(4))))
    s, _ = E.apply(s, C.LockBid(1, 50))
    refused(s, seat(1, "florins"), 200, "Bruno's bid is locked: correct Bruno's florins after the reveal")
    refused(s, seat(2, "florins"), 0, "Carla is bidding and keeps at least 10 florins")
    s, _ = fix(s, seat(2, "florins"), 60)
    for who in (0, 2, 3):
        s, _ = E.apply(s, C.LockBid(who, 10))
    assert s.phase == "choosing" and E.next_chooser(s) == 1
    refused(s, seat(1, "florins"), 40, "Bruno bid 50 and has still to choose a card")
    s, _ = fix(s, seat(1, "florins"), 50)
    invariants(s)


def test_a_player_choosing_where_to_recruit_stays_short(h):
    """5.2.3: a player short of soldiers chooses which territories go without; a correction
    may not leave that choice impossible."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    for tid in ("A2", "B1"):
        s, _ = fix(s, land(tid, "owner"), 0)
    s, _ = fix(s, seat(0, "soldiers_left"), 1)
    for _ in range(4):
        s, _ = E.apply(s, C.EndTurn(s.turn.seat))
    assert s.phase == "recruit" and s.recruit_pending == [0]
    refused(s, seat(0, "soldiers_left"), 3, "Anna is choosing which territories go without recruits")
    refused(s, land("A2", "owner"), None, "correct it after recruitment")
    s, _ = fix(s, seat(0, "soldiers_left"), 2)
    s, _ = E.apply(s, C.Recruit(0, ("B1",)))
    assert s.phase == "auction_draw" and s.seats[0].reserve == 0


def test_a_battles_territories_wait_for_its_end(demo_game):
    """Battle: the territories fought over are corrected once the battle is over; an
    attacking army counts among its player's soldiers on the board."""
    _, states = demo_game
    s = next(x for x in states if x.battle is not None)
    b = s.battle
    refused(s, land(b["target"], "soldiers"), 1, "a battle is being fought from or over")
    refused(s, land(b["source"], "owner"), b["defender"], "a battle is being fought")
    other = next(t for t in s.owned(b["attacker"]) if t != b["source"])
    s2, _ = fix(s, land(other, "soldiers"), s.territories[other].soldiers + 1)
    invariants(s2)
    most = s.soldiers_per_army - 1 - soldiers_on_board(s, b["attacker"])
    assert most == s.seats[b["attacker"]].reserve  # nothing put aside: the army is counted
    refused(s, seat(b["attacker"], "soldiers_left"), most + 1, f"at most {most}")


# ---- random corrections in random games ----------------------------------------------------

COUNTER_VALUES = {
    "florins": st.sampled_from([0, 10, 90, 200, 300, 310, 15]),
    "vp": st.integers(-1, 35),
    "soldiers_left": st.integers(-1, 40),
    "soldiers": st.integers(0, 8),
    "tanks": st.integers(0, 8),
    "airplanes": st.integers(0, 8),
    "towers": st.integers(0, 5),
    "owner": st.sampled_from([None, 0, 1, 2, 3, 4]),
    "castle": st.booleans(),
}


@st.composite
def corrections(draw, state):
    kind = draw(st.sampled_from(["seat", "territory", "card"]))
    if kind == "seat":
        counter = draw(st.sampled_from(["florins", "vp", "soldiers_left"]))
        return seat(draw(st.integers(0, state.n - 1)), counter), draw(COUNTER_VALUES[counter])
    if kind == "territory":
        counter = draw(st.sampled_from(["soldiers", "tanks", "airplanes", "towers", "owner", "castle"]))
        return land(draw(st.sampled_from(sorted(state.territories))), counter), draw(COUNTER_VALUES[counter])
    place = draw(st.one_of(st.sampled_from(["deck", "removed"]),
                           st.fixed_dictionaries({"seat": st.integers(0, state.n - 1),
                                                  "in": st.sampled_from(["store", "in_play"])})))
    cid = draw(st.sampled_from(sorted(state.cards)))
    return card(cid), ({"seat": place["seat"]} if state.kind(cid) == "leonardo" and isinstance(place, dict) else place)


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), stop=st.integers(0, 250), data=st.data())
def test_random_corrections_keep_the_invariants_and_the_game_goes_on(seed, players, stop, data):
    """issue 4: every accepted correction keeps the property tests' invariants; a refused
    one changes nothing; the bots then play the corrected game on by the rules."""
    s = E.new_game({**demo_header(players, box=_BOX), "target": 12})
    for k in range(stop):
        if s.phase == "over":
            break
        s, _ = E.apply(s, next_command(s, random.Random(f"{seed}:{k}")))
    put_aside = aside(s)
    for _ in range(6):
        target, value = data.draw(corrections(s))
        before = s.to_dict()
        try:
            s, events = E.apply(s, C.Correct(target, value, "random"))
        except GameError as err:
            assert err.reason and s.to_dict() == before
            continue
        if target.get("counter") == "soldiers_left":
            put_aside[target["seat"]] += events[0]["from"] - events[0]["to"]
        invariants(s, put_aside)
        assert s.phase == before["phase"] and s.winner == before["winner"]
    for k in range(60):  # the game goes on by the rules after the corrections
        if s.phase == "over":
            break
        cmd = next_command(s, random.Random(f"{seed}:on:{k}"))
        s, _ = E.apply(s, cmd)
        invariants(s, put_aside)


# ---- with the journal ------------------------------------------------------------------


def test_a_correction_in_the_journal_is_logged_undone_and_replayed(tmp_path):
    """issue 4: a correction is a command like any other: in the journal, the record and
    the log; it can be undone and redone; the state is what replaying the record gives."""
    from companion.storage.journal import Journal

    header = demo_header(4, box=_BOX)
    with Journal(tmp_path / "j.sqlite3", game=GAME) as journal:
        gid = journal.new_game(header)
        play_demo(5, 4, header=header, max_commands=40, on_command=lambda _h, _i, cmd: journal.submit(gid, cmd))
        before = journal.state(gid)
        state, events = journal.correct(gid, {"seat": 1, "counter": "florins"}, 90, "  Bruno paid twice  ")
        assert state.seats[1].florins == 90 and events[0]["reason"] == "Bruno paid twice"
        name = state.seats[1].name
        # the journal asks the game for its log lines (issue 9: storage knows no game)
        assert f"Correction: {name}'s florins from {before.seats[1].florins} to 90 (Bruno paid twice)" in journal.log(gid)
        assert journal.commands(gid)[-1] == {"type": "Correct", "target": {"seat": 1, "counter": "florins"},
                                             "value": 90, "reason": "Bruno paid twice"}
        assert journal.undo_refusal(gid) is None  # never a reveal
        assert journal.undo(gid).to_dict() == before.to_dict()
        assert not any(line.startswith("Correction") for line in journal.log(gid))
        journal.redo(gid)
        with pytest.raises(GameError, match="needs a reason"):
            journal.correct(gid, {"seat": 1, "counter": "florins"}, 80, " ")
        with pytest.raises(GameError, match="0 to 300 florins"):
            journal.correct(gid, {"seat": 1, "counter": "florins"}, 400, "too rich")
        state = journal.state(gid)
        assert state.seats[1].florins == 90
        assert journal.replayed_state(gid).to_dict() == state.to_dict()
        exported = journal.export(gid).splitlines()
    replayed = record.replay(json.loads(exported[0]), [json.loads(x) for x in exported[1:]])
    assert replayed.to_dict() == state.to_dict()


def test_soldiers_off_the_board_keep_the_first_castles_two():
    """rulebook 4.8: the first castle takes 2 soldiers from the army, so before it is placed a
    correction may not leave fewer than 2 off the board (found by the random corrections: the
    reserve went negative and the bots could not recruit)."""
    s = E.new_game({**demo_header(3, box=_BOX), "target": 12})
    with pytest.raises(GameError, match="still places a first castle with 2 soldiers"):
        E.apply(s, C.Correct({"seat": 0, "counter": "soldiers_left"}, 1, "miscounted"))
    s, _ = E.apply(s, C.Correct({"seat": 0, "counter": "soldiers_left"}, 2, "miscounted"))
    assert s.seats[0].reserve == 2


# ---- in the table's language ---------------------------------------------------------------


def refusal(state, target, value, reason="a slip of the hand"):
    """The error a refused correction raises (nothing changed)."""
    before = state.to_dict()
    with pytest.raises(GameError) as caught:
        E.apply(state, C.Correct(target, value, reason))
    assert state.to_dict() == before
    return caught.value


def test_a_refused_correction_reads_in_italian(demo_game):
    """docs/i18n.md: every refusal is keyed; a correction refused at an Italian table reads in
    Italian with the territory's and the card's Italian names, and its English is unchanged."""
    _, states = demo_game
    s = next(x for x in states if x.phase == "turns" and x.battle is None)
    name = s.seats[0].name
    err = refusal(s, seat(0, "florins"), 95)
    assert str(err) == f"{name}'s money must be in tens of florins, not 95"
    assert err.localized("it") == f"il denaro di {name} deve essere in decine di fiorini, non 95"
    assert i18n.localized(err.message, "it") == err.localized("it")
    tid = next(t for t, v in sorted(s.territories.items())
               if v.owner is None and s.board.label(t)["it"] != s.board.label(t)["en"])
    en, it = s.board.label(tid)["en"], s.board.label(tid)["it"]
    err = refusal(s, land(tid, "soldiers"), 2)
    assert str(err) == f"{en} is free: set its owner first"
    assert err.localized("it") == f"{it} è libero: prima indica il suo proprietario"
    s, _ = fix(s, land(tid, "owner"), 1)
    err = refusal(s, land(tid, "towers"), 1)
    assert str(err) == f"{en} has no castle: towers stand only on a castle"
    assert err.localized("it") == f"{it} non ha un Castello: le Torri stanno solo su un Castello"
    # a phrase inside a phrase is translated too, and the number picks the word
    s2, _ = fix(s, land(tid, "tanks"), 1)
    err = refusal(s2, land(tid, "owner"), None)
    assert str(err) == f"{en} still has 1 tank(s): correct those first, a free territory is empty"
    assert err.localized("it") == f"{it} ha ancora 1 Carro: correggi prima quelli, un territorio libero è vuoto"
    s3, _ = fix(s2, land(tid, "castle"), True)
    assert refusal(s3, land(tid, "owner"), None).localized("it").startswith(f"{it} ha ancora 1 Carro e un Castello:")
    tank = next(c for c in sorted(s.cards) if s.kind(c) == "tank")
    err = refusal(s, card(tank), {"seat": 0, "in": "store"})
    label = s.card_label(tank)
    assert str(err).startswith(f"{label['en']} ({tank}) is a Tank card: those go straight into play")
    assert err.localized("it") == f"{label['it']} ({tank}) è una carta Carro: va subito in campo, mai nell'Archivio (5.3.7)"
