"""The game log in words (describe.py) and the engine's refusals in Italian and English.

Issue 6: "language Italian or English (every text ...)"; architecture: sealed bids are
never shown before the reveal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.core import i18n
from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import demo
from companion.games.magnifico import engine as E
from companion.games.magnifico.describe import (
    EVENT_TYPES, Names, command_message, describe_command, describe_event, event_message,
)
from companion.games.magnifico.legality import legal

ENGINE_DIR = Path(E.__file__).parent
ENGINE_SOURCE = "".join((ENGINE_DIR / f).read_text(encoding="utf-8") for f in ("engine.py", "corrections.py"))


def _play(seed: int, players: int):
    """(header, [(state before, command, state after, events)]) of a demo game."""
    game = demo.play_demo(seed, players)
    state = E.new_game(game.header)
    steps = []
    for cmd in game.commands:
        new, events = E.apply(state, cmd)
        steps.append((state, cmd, new, events))
        state = new
    return game.header, steps


@pytest.fixture(scope="module")
def games():
    return [_play(seed, n) for seed, n in ((0, 3), (1, 4), (6, 5), (4, 4))]  # 6/5, 4/4: a tied start roll


def _synthetic(state) -> list[dict]:
    """Events the demos rarely or never produce, in the engine's own shapes."""
    tid = state.board.ids[0]
    return [
        {"type": "no_auction", "why": "no cards left"},
        {"type": "no_auction", "why": "nobody can bid"},
        {"type": "bid_unlocked", "seat": 1},
        {"type": "card_value", "card": "tank_1", "field": "dice", "value": 4},
        {"type": "recruited", "seat": 0, "territories": [], "short": 2},
        {"type": "recruited", "seat": 0, "territories": [tid], "without": [state.board.ids[1]]},
        {"type": "florins", "seat": 2, "amount": 60, "to_bank": 20, "why": "income"},
        {"type": "battle_over", "winner": None, "retreated": False, "source": tid, "target": state.board.ids[1],
         "attacker": 0, "defender": 1, "losses": None, "reveal": True},
        {"type": "battle_step", "step": {"side": "defender", "assault": "tanks",
                                         "rolls": [["hit", "blank"], ["explosion"]]}, "reveal": True},
        {"type": "corrected", "target": {"seat": 0, "counter": "florins"}, "from": 40, "to": 60, "reason": "miscount"},
        {"type": "corrected", "target": {"territory": tid, "counter": "owner"}, "from": None, "to": 1, "reason": "x"},
        {"type": "corrected", "target": {"territory": tid, "counter": "castle"}, "from": False, "to": True, "reason": "x"},
        {"type": "corrected", "target": {"card": "walls_1", "counter": "place"}, "from": "deck",
         "to": {"seat": 2, "in": "store"}, "reason": "x"},
        {"type": "corrected", "target": {"card": "leonardo", "counter": "place"}, "from": {"seat": 0},
         "to": {"seat": 1}, "reason": "x"},
        {"type": "moved", "seat": 1, "moves": [
            {"source": tid, "target": state.board.ids[1], "soldiers": 2, "tanks": 1, "airplanes": 0, "by": "land"},
            {"source": tid, "target": state.board.ids[2], "soldiers": 1, "tanks": 0, "airplanes": 1, "by": "sea"}]},
    ]


def test_event_types_are_every_type_the_engine_emits():
    emitted = set(re.findall(r'"type": "([a-z_]+)"', ENGINE_SOURCE))
    assert emitted == set(EVENT_TYPES)


def test_every_event_type_is_described_in_both_languages(games):
    seen = {}
    for _, steps in games:
        for _, _, after, events in steps:
            for ev in events:
                seen.setdefault(ev["type"], []).append((ev, after))
    last = games[0][1][-1][2]
    for ev in _synthetic(last):
        seen.setdefault(ev["type"], []).append((ev, last))
    assert set(seen) == set(EVENT_TYPES)
    for kind, cases in seen.items():
        for ev, state in cases[:40]:
            en, it = describe_event(ev, state, "en"), describe_event(ev, state, "it")
            for text in (en, it):
                assert text and "{" not in text and "}" not in text, (ev, text)
                assert text != kind  # not the unknown-event fallback
            assert event_message(ev, state).key.startswith("event."), ev


def test_italian_names_in_italian_sentences(games):
    header, steps = games[0]
    before, cmd, after, events = next(s for s in steps if isinstance(s[1], C.PlaceFirstCastle))
    ev = events[0]
    label = after.board.label(cmd.territory)
    en = describe_event(ev, after, "en")
    it = describe_event(ev, after, "it")
    assert en == f"{after.seats[cmd.seat].name} places a first castle in {label['en']}"
    assert it == f"{after.seats[cmd.seat].name} colloca il primo Castello a {label['it']}"


def test_sentences_read_like_the_examples(games):
    state = games[0][1][-1][2]
    milano = next(t for t in state.board.ids if state.board.label(t).get("it") == "Milano")
    ev = {"type": "built", "seat": 0, "piece": "tower", "territory": milano, "paid": 20}
    name = state.seats[0].name
    assert describe_event(ev, state, "en") == f"{name} builds a tower in Milan (20 florins)"
    assert describe_event(ev, state, "it") == f"{name} costruisce una Torre a Milano (20 fiorini)"
    assert describe_command(C.BuildTower(0, milano), state, "en", undo=True) == f"Undo: {name}'s tower in Milan"
    assert describe_command(C.BuildTower(0, milano), state, "it", undo=True) == f"Annulla: la Torre di {name} a Milano"


def test_names_from_a_header_match_names_from_the_state(games):
    header, steps = games[1]
    for _, _, after, events in steps[:60]:
        for ev in events:
            for lang in ("en", "it"):
                assert describe_event(ev, header, lang) == describe_event(ev, after, lang)
    assert isinstance(Names.of(header), Names)
    with pytest.raises(TypeError):
        Names.of(42)


def test_a_stored_message_shows_in_either_language_later(games):
    """The journal can store event_message(...).to_dict() and show it in any language."""
    _, steps = games[0]
    for _, _, after, events in steps[:80]:
        for ev in events:
            stored = json.loads(json.dumps(event_message(ev, after).to_dict()))
            for lang in ("en", "it"):
                assert i18n.format_message(stored, lang) == describe_event(ev, after, lang)


# ---------------------------------------------------------------------------------------
# sealed bids


def test_no_bid_amount_before_the_reveal(games):
    """rd: Auction: bids are sealed; bid_locked and LockBid never say the amount."""
    checked = 0
    for _, steps in games:
        for before, cmd, after, events in steps:
            if not isinstance(cmd, C.LockBid):
                continue
            for lang in ("en", "it"):
                for undo in (False, True):
                    assert not re.search(r"\d", describe_command(cmd, before, lang, undo=undo))
                for ev in events:
                    text = describe_event(ev, after, lang)
                    if ev["type"] == "bids_revealed":
                        for seat, amount in ev["bids"].items():
                            assert f"{after.seats[int(seat)].name} {amount}" in text
                        continue
                    if ev["type"] == "bid_locked":
                        assert not re.search(r"\d", text), text
                        checked += 1
    assert checked > 20
    state = games[0][1][-1][2]
    assert "70" not in json.dumps(command_message(C.LockBid(0, 70), state).to_dict())


# ---------------------------------------------------------------------------------------
# commands


def test_every_command_type_is_described(games):
    seen = set()
    for _, steps in games:
        for before, cmd, _, _ in steps:
            seen.add(type(cmd).__name__)
            for lang in ("en", "it"):
                text = describe_command(cmd, before, lang, undo=True)
                assert "{" not in text and text.startswith("Undo: " if lang == "en" else "Annulla: ")
    state = games[0][1][-1][2]
    tid = state.board.ids[0]
    extra = [C.UnlockBid(0), C.Recruit(0, (tid,)), C.SetCardValue("tank_1", "hits", 4),
             C.BattleStep({"side": "attacker", "retreat": True}), C.Move(0, ({"source": tid, "target": tid},)),
             C.Correct({"seat": 0, "counter": "florins"}, 60, "miscount"), C.EndByAgreement("late")]
    for cmd in extra:
        seen.add(type(cmd).__name__)
        assert "{" not in describe_command(C.to_dict(cmd), state, "it")
    assert seen == set(C.COMMANDS)


# ---------------------------------------------------------------------------------------
# the engine's refusals


def test_refusals_keep_their_english_and_have_italian(h):
    s = h.to_auction(E.new_game(h.header(4)))
    s = h.draw(s)
    florins = s.seats[0].florins
    with pytest.raises(GameError) as e:
        E.apply(s, C.LockBid(0, florins + 10))
    assert e.value.reason == f"Anna holds {florins} florins; a bid of {florins + 10} is not possible"
    assert e.value.localized("it") == f"Anna ha {florins} fiorini; un'offerta di {florins + 10} non è possibile"
    with pytest.raises(GameError) as e:
        E.apply(s, C.BuildTower(0, "A1"))
    assert e.value.reason == "not now: the game is at the bidding"
    assert e.value.localized("it") == "non ora: la partita è alle offerte dell'asta"


def _probe_commands(state):
    """A spread of commands, most of them illegal here."""
    ids = state.board.ids
    cards = list(state.cards)[:8] + ["no_such_card"]
    for seat in range(state.n):
        yield C.LockBid(seat, 10 * (seat + 1))
        yield C.LockBid(seat, 15)
        yield C.UnlockBid(seat)
        yield C.PassChoice(seat)
        yield C.EndTurn(seat)
        yield C.StartOrderRoll(seat, ("hit",) * 5)
        for tid in ids[::9] + ["atlantis"]:
            yield C.BuildTower(seat, tid)
            yield C.BuildTank(seat, tid)
            yield C.BuildCastle(seat, tid)
            yield C.PlaceFirstCastle(seat, tid)
            for dst in ids[3::11]:
                yield C.Invade(seat, tid, dst, 1)
                yield C.Attack(seat, tid, dst, 7, 1, 0)
                yield C.Move(seat, ({"source": tid, "target": dst, "soldiers": 1},))
        for card in cards:
            yield C.Activate(seat, card)
            yield C.ChooseCard(seat, card)
    yield C.SetCardValue("tank_1", "hooks", 2)
    yield C.SetCardValue("tank_1", "dice", 9)
    yield C.DrawAuction(("leonardo",))
    yield C.Recruit(0, ("atlantis",))


def test_every_engine_refusal_has_a_key_and_reads_in_italian(games):
    """Walk states of demo games, try many commands: every refusal the engine raises
    (battles excepted: their module keeps English) is keyed and formats in both languages."""
    keys = set()
    for _, steps in games[:2]:
        per_phase = {}
        for before, _, _, _ in steps:
            per_phase.setdefault(before.phase, []).append(before)
        sample = [s for phase, states in per_phase.items() if phase != "battle"
                  for s in states[:: max(1, len(states) // 6)][: 6 if phase == "turns" else 2]]
        for before in sample:
            for cmd in _probe_commands(before):
                try:
                    E.apply(before, cmd)
                except GameError as err:
                    assert err.key is not None, err.reason
                    it = err.localized("it")
                    assert "{" not in it and it, err.reason
                    keys.add(err.key)
    assert len(keys) >= 25, sorted(keys)


def test_legal_reasons_carry_their_message(games):
    found = 0
    for _, steps in games[:2]:
        for before, _, _, _ in steps[::10]:
            if before.phase == "battle":
                continue
            for entry in legal(before)["actions"]:
                reasons = [entry] + [c for c in entry.get("cards", ()) if "reason" in c]
                for r in reasons:
                    if "reason" not in r:
                        continue
                    assert i18n.localized(r["reason"], "en") == r["reason"]
                    if "message" in r:
                        assert i18n.format_message(r["message"], "en") == r["reason"]
                        assert "{" not in i18n.format_message(r["message"], "it")
                        found += 1
                    else:
                        assert getattr(r["reason"], "key", None), r["reason"]
    assert found > 20
    json.dumps([legal(steps[-1][0]) for _, steps in games])  # still plain JSON
