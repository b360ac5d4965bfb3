"""The battle seam end to end with the real battle package (docs/architecture.md, "The
battle seam"): Attack builds the setup, BattleStep drives it, the outcome is applied."""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E

battle = pytest.importorskip("companion.games.magnifico.battle")

HITS = ["hit"] * 6
BLANKS = ["blank"] * 6


@pytest.fixture
def turn(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    s.seats[0].florins = 300
    return s


def occupy(s, tid, seat, soldiers=1, **kw):
    t = s.territories[tid]
    t.owner, t.soldiers = seat, soldiers
    for k, v in kw.items():
        setattr(t, k, v)
    return s


def test_winning_attack_takes_territory_castle_and_towers(h, turn):
    """7.3.8: the attacker conquers the territory and everything in it; survivors move in."""
    s = occupy(turn, "A2", 1, 2, castle=True, towers=1)
    s.territories["A1"].soldiers = 7
    s, ev = E.apply(s, C.Attack(0, "A1", "A2", 6))
    assert s.phase == "battle" and s.battle["setup"]["defender"]["castle"] == {"towers": 1}
    assert E.legal(s)["to_act"] == [0]
    # 6 hits - castle level 2 = 4 kills: both defenders fall.
    s, ev = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": HITS}))
    t = s.territories["A2"]
    assert s.phase == "turns" and s.battle is None
    assert (t.owner, t.soldiers, t.castle, t.towers) == (0, 6, True, 1)
    assert s.seats[1].reserve == 36 + 2 and s.territories["A1"].soldiers == 1
    assert s.turn.attacks == 1 and s.seats[0].florins == 270
    assert [e for e in ev if e["type"] == "battle_over"][0]["winner"] == "attacker"


def test_defender_wins_and_the_attacker_losses_go_back_to_its_supply(h, turn):
    s = occupy(turn, "A2", 1, 3)
    s.territories["A1"].soldiers = 3
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2))
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["blank", "blank"]}))
    s, _ = E.apply(s, C.BattleStep({"side": "defender", "assault": "infantry", "dice": ["hit", "hit", "blank"]}))
    assert s.phase == "turns" and s.territories["A2"].owner == 1 and s.territories["A2"].soldiers == 3
    assert s.seats[0].reserve == 36 + 2


def test_illegal_battle_steps_are_refused_unchanged(h, turn):
    s = occupy(turn, "A2", 1, 3)
    s.territories["A1"].soldiers = 3
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2))
    with pytest.raises(GameError):
        E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["hit"] * 5}))
    with pytest.raises(GameError):
        E.apply(s, C.EndTurn(0))


def test_sea_raid_landing_loss_is_taken_by_the_battle(h, turn):
    """rd: Battle, sea raid: the attacker loses 1 soldier at the landing."""
    s = occupy(turn, "C1", 2, 1)
    s.territories["A1"].soldiers = 5
    s, _ = E.apply(s, C.Attack(0, "A1", "C1", 3))
    assert s.battle["sea_raid"] is True
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["hit", "blank"]}))
    t = s.territories["C1"]
    assert (t.owner, t.soldiers) == (0, 2)
    assert s.seats[0].reserve == 36 + 1  # the soldier lost at the landing


def test_retreat_brings_survivors_home(h, turn):
    """7.3.10: only when no assault of the attacker could kill a defender (castle level 5)."""
    s = occupy(turn, "A2", 1, 2, castle=True, towers=4)
    s.territories["A1"].soldiers = 3
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2))
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "retreat": True}))
    assert s.phase == "turns" and s.territories["A1"].soldiers == 3 and s.territories["A2"].owner == 1


def test_captured_tanks_stay_in_the_territory(h, turn):
    """8.1: the winner keeps the beaten army's tanks and airplanes."""
    s = h.give(turn, 0, "tank_2")
    s = occupy(s, "A2", 1, 1)
    s.territories["A1"].soldiers, s.territories["A1"].tanks = 3, 1
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 1, tanks=1))
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["blank"]}))
    s, _ = E.apply(s, C.BattleStep({"side": "defender", "assault": "infantry", "dice": ["hit"]}))
    t = s.territories["A2"]
    assert (t.owner, t.soldiers, t.tanks) == (1, 1, 1)
    assert s.supply("tanks") == 19


def test_a_refused_battle_step_reads_in_italian(h, turn):
    """docs/i18n.md: battle.step's refusals are keyed, so an Italian table reads them in
    Italian (rulebook 7.3.3: the attacker assaults first; 7.3.10: retreat only when no
    assault could kill); the English reason is unchanged."""
    from companion.core import i18n

    s = occupy(turn, "A2", 1, 3)
    s.territories["A1"].soldiers = 3
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2))

    def refused(step):
        with pytest.raises(GameError) as caught:
            E.apply(s, C.BattleStep(step))
        return caught.value

    err = refused({"side": "defender", "assault": "infantry", "dice": ["hit"] * 3})
    assert str(err) == "the attacker assaults first (rulebook 7.3.3)"
    assert err.localized("it") == "il combattimento lo inizia sempre l'attaccante (regolamento 7.3.3)"
    err = refused({"side": "attacker", "assault": "infantry", "soldiers": 5, "dice": ["hit"] * 5})
    assert str(err) == "the attacker has 2 soldiers, not 5"
    assert i18n.localized(err.message, "it") == "l'attaccante ha 2 Soldati, non 5"
    err = refused({"side": "attacker", "retreat": True})  # a phrase inside the reason, translated too
    assert str(err) == ("the attacker may not retreat: its infantry (up to 2 hits) could still beat "
                        "the protection of 0 (rulebook 7.3.10)")
    assert err.localized("it") == ("l'attaccante non può ritirarsi: la sua Fanteria (fino a 2 colpi) potrebbe "
                                   "ancora superare la protezione di 0 (regolamento 7.3.10)")
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["blank", "blank"]}))
    err = refused({"side": "attacker", "assault": "infantry", "dice": ["hit", "hit"]})
    assert err.localized("it") == "l'attaccante ha già fatto l'assalto della Fanteria in questo turno (regolamento 7.3.3)"
    options = next(a for a in E.legal(s)["actions"] if a["type"] == "BattleStep")["options"]  # the screen shows these
    made = next(u for u in options["unavailable"] if u["assault"] == "infantry")
    assert made["reason"] == "already made in this turn"
    assert i18n.localized(made["reason"], "it") == "già fatto in questo turno"
