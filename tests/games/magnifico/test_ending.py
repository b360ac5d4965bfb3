"""Running out of cards, and ending by agreement (rd: "Running out of cards, and ending by
agreement"; the scoring order of rd: Scoring and end, rulebook 11.2)."""

import json

import pytest

from companion.core.game import History, Outcome
from companion.core.i18n import Domain
from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E
from companion.games.magnifico import record
from companion.games.magnifico.describe import describe_command, describe_event
from companion.games.magnifico.game import GAME


@pytest.fixture
def turn(h):
    """4 players, Anna (0) holds Leonardo and starts; round 1."""
    return h.to_turns(h.to_auction(E.new_game(h.header(4))))


def empty_decks(s):
    s = s.copy()
    s.decks = {deck: {"unknown": [], "bottom": []} for deck in s.decks}
    return s


def end_round(s):
    """Every player ends the turn: up to the next round's auction or first turn."""
    events = []
    first = s.round
    while s.phase == "turns" and s.round == first:
        s, ev = E.apply(s, C.EndTurn(s.turn.seat))
        events += ev
    return s, events


# ---------------------------------------------------------------- both decks empty


def test_both_decks_empty_no_auction_and_leonardo_stays(turn):
    """rd: "When both decks are empty there is no auction: no bids, the Leonardo card stays
    where it is, and the round goes on from income to scoring as usual"."""
    s = empty_decks(turn)
    s.leonardo = 2  # Carla holds it; no auction can move it
    s.turn_order, s.turn.seat = [2, 3, 0, 1], 2
    florins = [p.florins for p in s.seats]
    s, events = end_round(s)
    types = [e["type"] for e in events]
    assert "round_scoring" in types and "round" in types  # scoring, then income of the next round
    assert s.phase == "turns" and s.auction is None and s.leonardo == 2
    assert s.turn_order == [2, 3, 0, 1] and s.turn.seat == 2
    no_auction = [e for e in events if e["type"] == "no_auction"]
    assert no_auction == [{"type": "no_auction", "why": "no cards left", "leonardo": 2}]
    assert not {"auction_drawn", "bid_locked", "bids_revealed", "card_bought"} & set(types)
    assert all(p.florins >= f for p, f in zip(s.seats, florins))  # income, and nobody paid a bid
    lines = {lang: describe_event(no_auction[0], s, lang) for lang in ("en", "it")}
    assert lines["en"] == "No auction this round: both decks are empty, and Carla keeps the Leonardo card"
    assert lines["it"] == "Niente asta in questo round: i due mazzi sono vuoti e Carla tiene la carta Leonardo"
    with pytest.raises(GameError, match="not now"):
        E.apply(s, C.DrawAuction(()))


def test_cards_removed_unseen_do_not_make_an_auction(h):
    """4.2 with rd: the Tank/Airplane cards put back unseen are not in the deck: once only they
    are left, and the projects are gone, the decks are empty."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(3))))
    s = s.copy()
    s.decks["projects"] = {"unknown": [], "bottom": []}
    s.removed_unseen = {"tank": 2, "airplane": 2}
    s.decks["vehicles"] = {"unknown": ["tank_4", "tank_5", "airplane_4", "airplane_5"], "bottom": []}
    s, events = end_round(s)
    assert [e["why"] for e in events if e["type"] == "no_auction"] == ["no cards left"]
    assert s.phase == "turns"


def test_a_deck_with_cards_still_holds_an_auction(turn):
    """5.3.1-3: projects fill the gap of an empty Tank/Airplane deck: not "both decks empty"."""
    s = turn.copy()
    s.decks["vehicles"] = {"unknown": [], "bottom": []}
    s, events = end_round(s)
    assert s.phase == "auction_draw" and not [e for e in events if e["type"] == "no_auction"]
    assert E.auction_counts(s) == (0, 3)


def test_old_no_auction_events_still_read(turn):
    """Logs written before the event named the holder keep their sentence."""
    assert describe_event({"type": "no_auction", "why": "no cards left"}, turn, "en") == (
        "No auction this round: no cards are left")


# ---------------------------------------------------------------- ending by agreement


def with_vp(s, vps, leonardo):
    s = s.copy()
    for seat, vp in enumerate(vps):
        s.seats[seat].vp = vp
    s.leonardo = leonardo
    return s


def test_the_most_vp_wins_by_agreement(turn):
    """rd: "the player with the most VP wins"; the game is marked as ended by agreement."""
    s = with_vp(turn, [4, 9, 6, 2], leonardo=0)
    s, events = E.apply(s, C.EndByAgreement("the pub closes"))
    assert s.phase == "over" and s.winner == 1
    assert s.ended == {"by": "agreement", "reason": "the pub closes", "round": 1}
    assert events == [{"type": "game_over", "winner": 1, "vp": 9, "by": "agreement", "reason": "the pub closes",
                       "order": [1, 2, 0, 3]}]
    assert GAME.outcome(s) == Outcome((1,), "by_agreement", {"vp": [4, 9, 6, 2]})
    words = Domain(GAME.domain)  # the outcome's reason is a key of the game's catalogue
    assert (words.format("by_agreement"), words.format("by_agreement", "it")) == (
        "ended by agreement", "finita di comune accordo")
    assert GAME.history(s) == History(1, True, GAME.outcome(s))
    assert record.summary(s)["ended_by"] == "by_agreement" and record.summary(s)["winner"]["name"] == "Bruno"


@pytest.mark.parametrize("leonardo, vps, winner", [
    (2, [5, 5, 3, 5], 3),  # holder Carla has fewer: from her clockwise Dario comes before Anna and Bruno
    (2, [5, 5, 5, 5], 2),  # the holder counts first
    (3, [7, 2, 7, 2], 0),  # from Dario clockwise: Anna before Carla
    (None, [1, 1, 1, 1], 0),  # before the start roll nobody holds Leonardo: seat order
])
def test_equal_vp_are_broken_by_the_scoring_order(turn, leonardo, vps, winner):
    """rd: "equal VP are broken by the scoring order above (the Leonardo holder first, then
    clockwise)" (rulebook 11.2)."""
    s = with_vp(turn, vps, leonardo)
    s, _ = E.apply(s, C.EndByAgreement("time"))
    assert s.winner == winner


def test_a_reason_is_needed_and_an_ended_game_cannot_end_again(turn):
    for blank in ("", "   "):
        with pytest.raises(GameError) as err:
            E.apply(turn, C.EndByAgreement(blank))
        assert err.value.key == "agreement_reason"
        assert "motivo" in err.value.localized("it")
    with pytest.raises(GameError):
        C.from_dict({"type": "EndByAgreement", "reason": 3})
    s, _ = E.apply(turn, C.EndByAgreement("late"))
    with pytest.raises(GameError, match="the game is over"):
        E.apply(s, C.EndByAgreement("again"))
    assert E.legal(s)["actions"] == [] and E.legal(s)["winner"] == s.winner


def test_legal_offers_ending_by_agreement_in_every_phase(h, turn):
    """rd: "at any moment": during setup, the auction with sealed bids, a turn."""
    fresh = E.new_game(h.header(4))
    bidding = h.draw(h.to_auction(E.new_game(h.header(4))))
    bidding, _ = E.apply(bidding, C.LockBid(1, 20))
    for s in (fresh, bidding, turn):
        offer = [a for a in E.legal(s)["actions"] if a["type"] == "EndByAgreement"]
        assert offer == [{"type": "EndByAgreement", "allowed": True, "leader": E.scoring_order(s)[0]}]
        ended, _ = E.apply(s, C.EndByAgreement("a fire drill"))
        assert ended.phase == "over" and ended.ended["by"] == "agreement"
    assert E.public_view(ended)["ended"] == {"by": "agreement", "reason": "a fire drill", "round": 1}


def test_ending_in_the_middle_of_a_battle(h, turn):
    s = turn.copy()
    s.territories["A2"].owner, s.territories["A2"].soldiers = 1, 2
    s.territories["A1"].soldiers = 4
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2))
    assert s.phase == "battle"
    s.seats[1].vp = 3
    s, events = E.apply(s, C.EndByAgreement("dinner"))
    assert s.phase == "over" and s.winner == 1 and events[0]["by"] == "agreement"


def test_the_record_keeps_the_ending_and_replays_it(h, turn):
    """The command is recorded like any other: a record with it replays to the same ending."""
    header = h.header(4)
    commands = []
    s = E.new_game(header)

    def play(cmd):
        nonlocal s
        commands.append(json.loads(json.dumps(C.to_dict(cmd))))
        s, _ = E.apply(s, cmd)

    play(h.removal(s))
    for seat in range(4):
        play(C.StartOrderRoll(seat, h.WIN if seat == 2 else h.LOSE))
    play(C.EndByAgreement("a short test game"))
    assert commands[-1] == {"type": "EndByAgreement", "reason": "a short test game"}
    again = record.replay(header, commands)
    assert again.to_dict() == s.to_dict() and again.winner == 2 and again.ended["by"] == "agreement"
    assert E.State.from_dict(json.loads(json.dumps(s.to_dict()))).ended == s.ended


def test_states_saved_before_the_ending_existed_still_load(turn):
    d = turn.to_dict()
    del d["ended"]
    assert E.State.from_dict(d).ended is None


def test_the_log_says_the_game_ended_by_agreement(turn):
    s = with_vp(turn, [4, 9, 6, 2], leonardo=0)
    s, events = E.apply(s, C.EndByAgreement("the pub closes"))
    assert describe_event(events[0], s, "en") == (
        "The table ends the game by agreement (the pub closes): Bruno wins with 9 VP")
    assert describe_event(events[0], s, "it") == (
        "Il tavolo chiude la partita di comune accordo (the pub closes): Bruno vince con 9 PV")
    assert describe_event({"type": "game_over", "winner": 1, "vp": 30}, s, "en") == "Bruno wins with 30 VP"
    cmd = C.EndByAgreement("the pub closes")
    assert describe_command(cmd, s, "en", undo=True) == "Undo: the end of the game by agreement (the pub closes)"
    assert describe_command(cmd, s, "it") == "la fine della partita di comune accordo (the pub closes)"


def test_a_game_won_on_the_track_says_so(h, turn):
    """11.3: reaching the target is the ordinary ending; outcome tells the two apart."""
    s, _ = E.apply(turn, C.Correct({"seat": 0, "counter": "vp"}, 28, "counted again"))
    assert GAME.outcome(s) is None and GAME.history(s) == History(1, False, None)
    s, _ = end_round(s)  # Anna holds Leonardo (2 VP): 30
    assert s.phase == "over" and GAME.outcome(s).reason == "target_reached"
    assert record.summary(s)["ended_by"] == "target_reached"
