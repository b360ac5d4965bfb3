"""The battle notation (docs/battle-notation.md): exact input, refusals, and a fuzz."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import GameError
from companion.games.magnifico.battle import options, outcome, resolve, start, step
from companion.games.magnifico.battle.notation import CARD_KEYS, parse_setup, parse_step

H, B, X = "hit", "blank", "explosion"
BASE = {"attacker": {"soldiers": 3}, "defender": {"soldiers": 3}}


def with_script(*steps, **extra):
    return {**BASE, **extra, "script": list(steps)}


def test_missing_keys_mean_zero_or_null():
    s = parse_setup({"attacker": {"soldiers": 2}, "defender": {"soldiers": 1}})
    assert s["attacker"]["tanks"] == 0 and s["attacker"]["tank_card"] is None
    assert s["defender"]["castle"] is None and s["sea_raid"] is False
    # rd: Battle: both sides may intercept unless the table chose the reference sheet's option
    assert s["variants"] == {"tank_explosion": "army", "intercept": "both"}
    assert set(s["attacker"]["cards"]) == set(CARD_KEYS)


@pytest.mark.parametrize(
    "battle, words",
    [
        ({**BASE, "weather": "rain"}, "unknown key 'weather'"),
        ({"attacker": {"soldiers": 3, "colour": "red"}, "defender": {"soldiers": 1}}, "unknown key 'colour' in attacker"),
        ({"attacker": {"soldiers": 3, "cards": {"laser": 1}}, "defender": {"soldiers": 1}}, "unknown key 'laser'"),
        ({"attacker": {"soldiers": 3, "castle": {"towers": 1}}, "defender": {"soldiers": 1}}, "unknown key 'castle' in attacker"),
        ({"attacker": {"soldiers": 3}, "defender": {"soldiers": 1, "castle": {"towers": 5}}}, "towers must be 0..4"),
        ({"attacker": {"soldiers": "3"}, "defender": {"soldiers": 1}}, "whole number"),
        ({"attacker": {"soldiers": True}, "defender": {"soldiers": 1}}, "whole number"),
        ({"attacker": {"soldiers": 2, "tanks": 1, "tank_card": {"dice": 7, "hits": 3}}, "defender": {"soldiers": 1}}, "dice must be 1..6"),
        ({"attacker": {"soldiers": 2, "tanks": 1, "tank_card": {"dice": 3}}, "defender": {"soldiers": 1}}, "both its printed"),
        ({**BASE, "variants": {"tank_explosion": "nothing"}}, "army, infantry"),
        ({**BASE, "variants": {"strict_order": True}}, "unknown key 'strict_order'"),
        ({**BASE, "sea_raid": "yes"}, "true or false"),
        ({"attacker": {"soldiers": 3}}, "no defender"),
        ({"attacker": {"soldiers": 3}, "defender": {"soldiers": 100}}, "0..99"),
        ({"attacker": {"soldiers": 3}, "defender": {"soldiers": 1, "tanks": 21}}, "0..20"),
        ({**BASE, "script": {"side": "attacker"}}, "list of steps"),
    ],
)
def test_bad_setups_are_refused_with_the_problem_named(battle, words):
    with pytest.raises(GameError, match=words):
        resolve(battle)


@pytest.mark.parametrize(
    "raw, words",
    [
        ({"side": "attacker", "assault": "infantry", "dice": [H, H, H], "colour": 1}, "unknown key 'colour'"),
        ({"side": "attacker", "assault": "infantry", "dice": [H, H]}, "needs 3 dice"),
        ({"side": "attacker", "assault": "infantry", "dice": [H, H, "six"]}, "not a die face"),
        ({"side": "attacker", "assault": "infantry", "dice": "hhh"}, "list of die faces"),
        ({"side": "attacker", "assault": "cavalry", "dice": []}, "unknown assault"),
        ({"side": "neutral", "assault": "infantry", "dice": []}, "side 'attacker' or 'defender'"),
        ({"side": "attacker", "retreat": "maybe"}, "retreat must be true"),
        ({"side": "attacker", "assault": "tanks"}, "needs rolls"),
        ({"side": "attacker", "assault": "infantry", "soldiers": 0, "dice": []}, "soldiers must be at least 1"),
        ([1, 2], "a step must be an object"),
    ],
)
def test_bad_steps_are_refused_with_the_problem_named(raw, words):
    with pytest.raises(GameError, match=words):
        resolve(with_script(raw))


def test_an_assault_used_twice_in_one_turn_is_refused():
    with pytest.raises(GameError, match="script step 2: .*already made its infantry"):
        resolve(with_script({"side": "attacker", "assault": "infantry", "dice": [B, B, B]},
                            {"side": "attacker", "assault": "infantry", "dice": [B, B, B]}))


def test_a_step_after_the_end_is_refused():
    battle = {"attacker": {"soldiers": 3}, "defender": {"soldiers": 1},
              "script": [{"side": "attacker", "assault": "infantry", "dice": [H, B, B]},
                         {"side": "defender", "assault": "infantry", "dice": [H]}]}
    with pytest.raises(GameError, match="script step 2: the battle is over"):
        resolve(battle)


def test_a_partial_script_shows_the_position_reached():
    res = outcome(resolve(with_script({"side": "attacker", "assault": "infantry", "dice": [H, B, X]})))
    assert res["over"] is False and res["winner"] is None
    assert res["attacker"]["soldiers"] == 2 and res["defender"]["soldiers"] == 2
    assert len(res["log"]) == 1


def test_output_has_exactly_the_notation_keys():
    res = outcome(start(BASE))
    assert set(res) == {"over", "winner", "retreated", "attacker", "defender", "castle", "captured", "losses", "log"}


def test_start_refuses_a_script_in_the_setup():
    with pytest.raises(GameError, match="no script"):
        start(with_script())


def test_parse_step_defaults():
    assert parse_step({"side": "attacker", "assault": "infantry", "dice": []}) == {
        "side": "attacker", "assault": "infantry", "great_cannon": False, "dice": []}


# ------------------------------------------------------------ fuzz: work or GameError, never a crash

faces = st.sampled_from([H, B, X, H, B, X, "six", None, 3])
dice_lists = st.lists(faces, max_size=8)
values = st.one_of(st.integers(-1, 8), st.booleans(), st.none(), st.text(max_size=3))
steps = st.one_of(
    st.fixed_dictionaries(
        {"side": st.sampled_from(["attacker", "defender", "nobody"]),
         "assault": st.sampled_from(["infantry", "tanks", "airplanes", "automaton", "bombs"]),
         "dice": dice_lists},
        optional={"rolls": st.lists(dice_lists, max_size=4), "soldiers": values, "airplanes": values,
                  "great_cannon": st.booleans(), "paratrooper": faces,
                  "intercept": st.fixed_dictionaries({"airplanes": values, "dice": dice_lists}),
                  "extra": values},
    ),
    st.fixed_dictionaries({"side": st.sampled_from(["attacker", "defender"]), "retreat": st.sampled_from([True, False, 1])}),
    values,
)
sides = st.fixed_dictionaries(
    {"soldiers": st.integers(0, 8)},
    optional={"tanks": st.integers(0, 4), "airplanes": st.integers(0, 4),
              "tank_card": st.one_of(st.none(), st.fixed_dictionaries({"dice": st.integers(0, 7), "hits": st.integers(0, 6)})),
              "airplane_card": st.one_of(st.none(), st.fixed_dictionaries({"hooks": st.integers(0, 3)})),
              "cards": st.dictionaries(st.sampled_from(list(CARD_KEYS) + ["laser"]), st.integers(0, 2), max_size=5),
              "castle": st.one_of(st.none(), st.fixed_dictionaries({"towers": st.integers(0, 5)}))},
)


@given(attacker=sides, defender=sides, sea_raid=st.booleans(), script=st.lists(steps, max_size=8))
def test_fuzz_random_scripts_work_or_raise_game_error(attacker, defender, sea_raid, script):
    attacker = {k: v for k, v in attacker.items() if k != "castle"}
    battle = {"attacker": attacker, "defender": defender, "sea_raid": sea_raid, "script": script}
    try:
        pos = resolve(battle)
    except GameError as err:
        assert err.reason and "\n" not in err.reason
        return
    res = outcome(pos)
    for side in ("attacker", "defender"):
        assert min(res[side].values()) >= 0
    options(pos)


@given(seed=st.integers(0, 10**6))
def test_random_legal_play_keeps_the_books(seed):
    """Random choices among options() with random dice: pieces are never created, the
    losses add up, and a battle ends with exactly one army out of soldiers or a retreat."""
    rng = random.Random(seed)
    setup = {
        "attacker": {"soldiers": rng.randint(1, 6), "tanks": 2, "airplanes": 2, "tank_card": {"dice": rng.randint(1, 6), "hits": 3},
                     "airplane_card": {"hooks": 2}, "cards": {"paratrooper": 1, "great_cannon": 1, "gyroscope": 1}},
        "defender": {"soldiers": rng.randint(1, 9), "airplanes": rng.randint(0, 2), "airplane_card": {"hooks": 2},
                     "castle": {"towers": rng.randint(0, 4)}, "cards": {"automaton": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1}},
    }
    pos = start(setup)
    roll = lambda n: [rng.choice([H, H, H, B, B, X]) for _ in range(n)]  # noqa: E731
    for _ in range(60):
        if pos["over"]:
            break
        opts = options(pos)
        if opts["retreat"]["allowed"] and rng.random() < 0.3:
            pos = step(pos, {"side": "attacker", "retreat": True})
            break
        offer = rng.choice(opts["steps"])
        raw = {"side": offer["side"], "assault": offer["assault"]}
        if offer["assault"] in ("infantry", "automaton"):
            raw["dice"] = roll(offer["dice"])
        elif offer["assault"] == "airplanes":
            raw["dice"] = roll(offer["dice"])
        else:
            raw["rolls"] = [roll(offer["dice_per_tank"]) for _ in range(rng.randint(1, offer["tanks"]))]
        try:
            pos = step(pos, raw)
        except GameError as err:
            assert "after the end" in err.reason  # a tank rolled after the battle was won
            raw["rolls"] = raw["rolls"][:1]
            pos = step(pos, raw)
    res = outcome(pos)
    for side in ("attacker", "defender"):
        for kind in ("soldiers", "tanks", "airplanes"):
            assert res[side][kind] + res["losses"][side][kind] == setup[side].get(kind, 0)
    if res["over"] and not res["retreated"]:
        loser = "defender" if res["winner"] == "attacker" else "attacker"
        assert res[loser]["soldiers"] == 0 and res[res["winner"]]["soldiers"] > 0


# ---------------------------------------------------------------- the refusals in Italian


def _italian(err):
    """The refusal in Italian, checked to be a real translation (never the bare key)."""
    assert err.key and err.key.startswith("notation.")
    it = err.localized("it")
    assert it != err.reason and not it.startswith(err.key) and "{" not in it
    return it


@pytest.mark.parametrize("setup, english, italian", [
    # rulebook 7.2.2: an attacking army has at least one soldier
    ({"attacker": {"soldiers": 0}, "defender": {"soldiers": 1}},
     "an attacking army needs at least 1 soldier (rulebook 7.2.2)",
     "un esercito che attacca ha bisogno di almeno 1 Soldato (regolamento 7.2.2)"),
    # rulebook 7.2.1: at most 6 soldiers
    ({"attacker": {"soldiers": 7}, "defender": {"soldiers": 1}},
     "an attacking army takes at most 6 soldiers, not 7 (rulebook 7.2.1)",
     "un esercito che attacca porta al massimo 6 Soldati, non 7 (regolamento 7.2.1)"),
    # rulebook 6.3: an Airplane card takes as many upgrades as it has hooks
    ({"attacker": {"soldiers": 3, "airplanes": 1, "airplane_card": {"hooks": 1},
                   "cards": {"gyroscope": 1, "paratrooper": 1}}, "defender": {"soldiers": 1}},
     "attacker's Airplane card takes 1 upgrades (hooks), 2 are in play (rulebook 6.3)",
     "la carta Aereo dell'attaccante regge 1 miglioria (ganci), in campo ce ne sono 2 (regolamento 6.3)"),
    # rules-decisions: Sea raid; the landing may not cost the whole army
    ({"attacker": {"soldiers": 1}, "defender": {"soldiers": 1}, "sea_raid": True},
     "the landing of this sea raid costs 1 soldier, which leaves none of the 1 (rules-decisions: Sea raid)",
     "lo sbarco di questo attacco dal mare costa 1 Soldato: con 1 non ne resterebbe nessuno "
     "(decisioni sulle regole: Attacco dal mare)"),
    ({"attacker": {"soldiers": 3}}, "the battle has no defender", "nel combattimento manca il difensore"),
])
def test_setup_refusals_read_in_italian(setup, english, italian):
    with pytest.raises(GameError) as e:
        parse_setup(setup)
    assert e.value.reason == english
    assert _italian(e.value) == italian


def test_step_refusals_read_in_italian():
    with pytest.raises(GameError) as e:
        parse_step({"side": "attacker", "assault": "infantry", "dice": [H, "six"]})
    assert e.value.reason == 'attacker infantry dice: "six" is not a die face (hit, blank or explosion)'
    assert _italian(e.value) == 'attacker infantry dice: "six" non è una faccia del dado (hit, blank o explosion)'
    with pytest.raises(GameError) as e:
        parse_step({"side": "defender", "assault": "tanks", "rolls": [[H]], "intercept": {"airplanes": 2, "dice": [H]}})
    assert e.value.reason == "defender tanks intercept dice needs 2 dice, got 1"
    assert _italian(e.value) == "defender tanks intercept dice richiede 2 dadi, non 1"


def test_a_script_refusal_keeps_the_steps_key():
    """The machine's "script step N:" prefix wraps the notation's refusal, which still translates."""
    with pytest.raises(GameError) as e:
        resolve(with_script({"side": "attacker", "assault": "infantry", "dice": ["six"]}))
    assert e.value.localized("it").startswith("passo 1 dello script: attacker infantry dice:")
    assert "non è una faccia del dado" in e.value.localized("it")
