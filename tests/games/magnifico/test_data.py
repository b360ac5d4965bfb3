"""The shipped map and cards, and a table's box profile (companion.games.magnifico.data)."""

import copy
import itertools
import json
import math
import re
from collections import Counter

import pytest

from companion.errors import GameError
from companion.games.magnifico import data

ROOT_DATA = data.data_dir()
BATTLE_NOTATION_KINDS = {  # battle-notation.md, "cards" keys
    "walls", "automaton", "battle_wagon", "multi_gun", "bombard", "great_cannon",
    "transmission_gear", "cannon_lighter", "multi_cannon", "gyroscope", "anti_tank_bomb",
    "anti_aircraft_culverin", "paratrooper", "submarine", "armoured_ship", "work_of_art",
}


@pytest.fixture(scope="module")
def shipped_map():
    return data.load_map()


@pytest.fixture(scope="module")
def shipped_cards():
    return data.load_cards()


def write(tmp_path, doc, name="box-profile.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


# ---------------------------------------------------------------- the shipped map


def test_map_counts_rulebook_1(shipped_map):
    """Rulebook 1: 32 territories and 4 sea zones; three sea crossings count as land borders."""
    assert len(shipped_map["territories"]) == 32
    assert len(shipped_map["seas"]) == 4
    assert len(shipped_map["crossings"]) == 3
    borders = {frozenset(b) for b in shipped_map["borders"]}
    assert all(frozenset(c) in borders for c in shipped_map["crossings"])


def test_map_is_marked_unverified(shipped_map):
    """rules-decisions: the printed map is not published; ship it marked unverified."""
    assert shipped_map["verified"] is False
    assert "box profile" in shipped_map["note"]


def test_milano_is_a_territory(shipped_map):
    """rules-decisions: the one known territory name is Milano."""
    assert any(t["name"]["it"] == "Milano" for t in shipped_map["territories"])


def test_every_territory_and_sea_is_named_in_both_languages(shipped_map):
    for node in shipped_map["territories"] + shipped_map["seas"]:
        assert node["name"]["it"].strip() and node["name"]["en"].strip(), node["id"]


def test_borders_are_undirected_without_duplicates_or_self_loops(shipped_map):
    pairs = [frozenset(b) for b in shipped_map["borders"]]
    assert all(len(p) == 2 for p in pairs)
    assert len(set(pairs)) == len(pairs)


def test_adjacency_is_symmetric(shipped_map):
    neighbours = {t["id"]: set() for t in shipped_map["territories"]}
    for a, b in shipped_map["borders"]:
        neighbours[a].add(b)
        neighbours[b].add(a)
    assert all(a in neighbours[b] for a in neighbours for b in neighbours[a])


def test_every_territory_is_reachable_over_borders_and_seas(shipped_map):
    links = {t["id"]: set() for t in shipped_map["territories"]}
    for a, b in shipped_map["borders"]:
        links[a].add(b)
        links[b].add(a)
    for s, t in itertools.permutations(shipped_map["territories"], 2):
        if set(s["seas"]) & set(t["seas"]):
            links[s["id"]].add(t["id"])
    assert all(links.values()), "a territory without any connection"
    reached, todo = set(), [next(iter(links))]
    while todo:
        t = todo.pop()
        if t not in reached:
            reached.add(t)
            todo.extend(links[t])
    assert reached == set(links)


def test_british_isles_are_the_only_island_territories(shipped_map):
    """Rulebook 1: only the British Isles form separate island territories, so only they may lack a land border."""
    with_border = {t for b in shipped_map["borders"] for t in b}
    islands = {t["id"] for t in shipped_map["territories"]} - with_border
    assert islands <= {"dublin", "edinburgh", "london"}


def test_helvetic_area_is_a_polygon_not_a_territory(shipped_map):
    polygon = shipped_map["helvetic"]["polygon"]
    assert len(polygon) >= 3 and all(0 <= v <= 1 for p in polygon for v in p)
    assert "helvetic" not in {t["id"] for t in shipped_map["territories"]}


def test_nodes_are_far_enough_apart_to_tap(shipped_map):
    """Schematic positions stay at least 0.06 apart (tappable at 800x480)."""
    nodes = shipped_map["territories"] + shipped_map["seas"]
    for a, b in itertools.combinations(nodes, 2):
        assert math.dist(a["pos"], b["pos"]) >= 0.06, (a["id"], b["id"])


# ---------------------------------------------------------------- the shipped cards


def test_deck_has_the_60_cards_of_rules_decisions(shipped_cards):
    """rules-decisions: Deck (60 cards) with these counts."""
    counts = Counter(c["kind"] for c in shipped_cards["cards"])
    assert len(shipped_cards["cards"]) == 60
    assert counts == {
        "leonardo": 1, "tank": 5, "airplane": 5, "walls": 2, "automaton": 2, "battle_wagon": 4,
        "multi_gun": 4, "bombard": 4, "great_cannon": 2, "transmission_gear": 8, "cannon_lighter": 4,
        "multi_cannon": 1, "gyroscope": 4, "anti_tank_bomb": 2, "anti_aircraft_culverin": 2,
        "paratrooper": 2, "submarine": 2, "armoured_ship": 2, "work_of_art": 4,
    }
    assert sum(counts.values()) - 11 == 49


def test_card_ids_are_unique_and_tanks_airplanes_are_five_different_cards(shipped_cards):
    ids = [c["id"] for c in shipped_cards["cards"]]
    assert len(set(ids)) == 60
    assert [i for i in ids if i.startswith("tank_")] == [f"tank_{n}" for n in range(1, 6)]
    assert [i for i in ids if i.startswith("airplane_")] == [f"airplane_{n}" for n in range(1, 6)]


def test_kind_names_are_the_battle_notation_keys(shipped_cards):
    assert set(shipped_cards["kinds"]) == BATTLE_NOTATION_KINDS | {"leonardo", "tank", "airplane"}


def test_every_kind_has_names_and_effect_in_both_languages(shipped_cards):
    for kind, info in shipped_cards["kinds"].items():
        for lang in ("it", "en"):
            assert info["name"][lang].strip() and info["effect"][lang].strip(), (kind, lang)


def test_upgrade_symbols_rulebook_6_2_and_6_3(shipped_cards):
    upgrade = {k: v["upgrade"] for k, v in shipped_cards["kinds"].items()}
    assert {k for k, v in upgrade.items() if v == "tank"} == {"transmission_gear", "cannon_lighter", "multi_cannon"}
    assert {k for k, v in upgrade.items() if v == "airplane"} == {
        "gyroscope", "anti_tank_bomb", "anti_aircraft_culverin", "paratrooper"}


def test_italian_names_from_the_reference_sheet(shipped_cards):
    names = {k: v["name"]["it"] for k, v in shipped_cards["kinds"].items()}
    assert names["walls"] == "Castello" and names["transmission_gear"] == "Cambio Meccanico"
    assert names["anti_aircraft_culverin"] == "Colubrina Antiaerea"


def test_unpublished_printed_values_are_null(shipped_cards):
    """rules-decisions: tank dice/hits, hooks, activation costs, Works of Art points are unknown;
    so are Tank and Airplane costs (rd: Money, changed in issue 15: printed, asked, 20 only suggested)."""
    by_kind = {c["kind"]: c["printed"] for c in shipped_cards["cards"]}
    assert by_kind["tank"] == {"cost": None, "dice": None, "hits": None}
    assert by_kind["airplane"] == {"cost": None, "hooks": None}
    assert by_kind["bombard"] == {"activation": None}
    assert by_kind["work_of_art"] == {"activation": None, "vp": None}
    assert by_kind["leonardo"] == {}
    assert ("tank_3", "dice") in data.unknown_values(shipped_cards)
    assert ("airplane_2", "cost") in data.unknown_values(shipped_cards)


def test_one_work_of_art_is_the_gioconda(shipped_cards):
    arts = [c for c in shipped_cards["cards"] if c["kind"] == "work_of_art"]
    known = [c for c in arts if c["title_known"]]
    assert [c["title"]["it"] for c in known] == ["Gioconda"]


# ---------------------------------------------------------------- box profiles


def test_no_profile_gives_the_defaults(shipped_map, shipped_cards):
    assert data.load_box() == {"map": shipped_map, "cards": shipped_cards}


def test_profile_corrects_a_border_a_name_and_a_card_value(tmp_path):
    profile = write(tmp_path, {
        "map": {"territories": {"toledo": {"name": {"en": "Madrid"}}},
                "add_borders": [["lyon", "barcelona"]], "remove_borders": [["constantinopoli", "buda"]]},
        "cards": {"tank_1": {"dice": 4, "hits": 5}, "work_of_art_2": {"vp": 3, "title": {"en": "Ginevra"}}},
    })
    box = data.load_box(profile)
    borders = {frozenset(b) for b in box["map"]["borders"]}
    assert frozenset(("lyon", "barcelona")) in borders
    assert frozenset(("buda", "constantinopoli")) not in borders
    toledo = next(t for t in box["map"]["territories"] if t["id"] == "toledo")
    assert toledo["name"] == {"it": "Toledo", "en": "Madrid"}
    cards = {c["id"]: c for c in box["cards"]["cards"]}
    assert cards["tank_1"]["printed"] == {"cost": None, "dice": 4, "hits": 5}  # rd: Money: the cost is asked
    assert cards["work_of_art_2"]["printed"]["vp"] == 3 and cards["work_of_art_2"]["title_known"]
    assert data.load_map() != box["map"], "the defaults stay untouched"


def test_profile_neighbour_lists_replace_a_territorys_borders():
    box = data.load_box({"map": {"territories": {
        "dublin": {"borders": ["edinburgh"]}, "edinburgh": {"borders": ["dublin", "london"]}}}})
    borders = {frozenset(b) for b in box["map"]["borders"]}
    assert frozenset(("dublin", "edinburgh")) in borders and frozenset(("london", "edinburgh")) in borders


def test_the_example_profile_loads():
    box = data.load_box(ROOT_DATA / "box-profile.example.json")
    assert data.printed_values(box["cards"])["tank_1"] == {"cost": 20, "dice": 4, "hits": 5}


@pytest.mark.parametrize(
    "profile, words",
    [
        ("{not json", ["box-profile.json", "not valid JSON", "line 1"]),
        ("[1, 2]", ["box-profile.json", "must be a JSON object"]),
        ({"map": {"add_borders": [["milano", "atlantis"]]}}, ["unknown territory 'atlantis'"]),
        ({"map": {"territories": {"atlantis": {"name": {"en": "Atlantis"}}}}}, ["unknown territory 'atlantis'"]),
        ({"map": {"territories": {"milano": {"borders": ["roma"]}, "roma": {"borders": ["napoli"]}}}},
         ["'milano' lists 'roma'", "both ways"]),
        ({"map": {"add_borders": [["milano", "venezia"]]}}, ["milano-venezia", "already a border"]),
        ({"map": {"borders": [["milano", "venezia"], ["venezia", "milano"]]}}, ["listed twice"]),
        ({"map": {"remove_borders": [["london", "brugge"]]}}, ["crossing", "brugge-london"]),
        ({"map": {"remove_borders": [["london", "moskva"]]}}, ["london-moskva", "not a border"]),
        ({"map": {"territories": {"dublin": {"seas": []}}}}, ["dublin", "cannot be reached"]),
        ({"map": {"territories": {"milano": {"pos": [1.2, 0.5]}}}}, ["milano", "between 0 and 1"]),
        ({"cards": {"tank_1": {"dice": -1}}}, ["tank_1", "dice -1 is not possible"]),
        ({"cards": {"tank_1": {"dice": 7}}}, ["tank_1", "from 1 to 6"]),
        ({"cards": {"gyroscope_1": {"activation": 15}}}, ["multiples of 10"]),
        ({"cards": {"tank_1": {"hooks": 2}}}, ["tank_1 has no printed value 'hooks'"]),
        ({"cards": {"tank_9": {"dice": 2}}}, ["unknown card 'tank_9'"]),
        ({"cards": {"tank_1": {"cost": 20, "dice": 4, "hits": 5}, "tank_2": {"cost": 20, "dice": 4, "hits": 5}}},
         ["all different"]),
        ({"colour": "red"}, ["unknown entries ['colour']"]),
    ],
)
def test_bad_profiles_are_refused_with_a_clear_message(tmp_path, profile, words):
    path = write(tmp_path, profile)
    with pytest.raises(GameError) as err:
        data.load_box(path)
    message = err.value.reason
    assert message.startswith(f"box profile {path}: ")
    for word in words:
        assert word in message


def test_a_missing_profile_file_is_named(tmp_path):
    with pytest.raises(GameError, match="does not exist"):
        data.load_box(tmp_path / "nope.json")


def test_validate_map_refuses_wrong_counts(shipped_map):
    bad = copy.deepcopy(shipped_map)
    bad["territories"].pop()
    with pytest.raises(GameError, match="32 territories"):
        data.validate_map(bad)
    bad = copy.deepcopy(shipped_map)
    bad["crossings"].pop()
    with pytest.raises(GameError, match="3 sea crossings"):
        data.validate_map(bad)


def test_validate_cards_refuses_a_wrong_count(shipped_cards):
    bad = copy.deepcopy(shipped_cards)
    bad["cards"] = [c for c in bad["cards"] if c["id"] != "gyroscope_4"]
    with pytest.raises(GameError, match="4 gyroscope"):
        data.validate_cards(bad)


def test_set_card_value_checks_the_value(shipped_cards):
    cards = copy.deepcopy(shipped_cards)
    data.set_card_value(cards, "airplane_2", "hooks", 3)
    assert data.printed_values(cards)["airplane_2"]["hooks"] == 3
    with pytest.raises(GameError, match="whole number"):
        data.set_card_value(cards, "airplane_2", "hooks", "three")


def test_missing_data_folder_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("MAGNIFICO_DATA", str(tmp_path))
    with pytest.raises(GameError, match="MAGNIFICO_DATA"):
        data.load_map()


def test_the_profile_shown_in_docs_map_md_loads():
    doc = (ROOT_DATA.parents[1] / "docs" / "map.md").read_text(encoding="utf-8")
    example = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1))
    box = data.load_box(example)
    assert box["map"]["verified"] is True


def test_neighbour_helpers(shipped_map):
    land, sea = data.land_neighbours(shipped_map), data.sea_neighbours(shipped_map)
    assert "brugge" in land["london"]  # Strait of Dover crossing
    assert "milano" not in land["munchen"]  # the Helvetic area lies between
    assert "lisboa" in sea["dublin"] and not land["dublin"]


# ---------------------------------------------------------------- the refusals in Italian


def _italian(err: GameError) -> str:
    """The refusal in Italian, checked to be a real translation (never the bare key)."""
    assert err.key and err.key.startswith("data.")
    it = err.localized("it")
    assert it != err.reason and not it.startswith(err.key) and "{" not in it
    return it


def test_a_map_refusal_reads_in_italian(shipped_map):
    """Rulebook 1: the map has 4 seas; one less is refused in the table's language."""
    broken = copy.deepcopy(shipped_map)
    broken["seas"] = broken["seas"][:-1]
    with pytest.raises(GameError) as e:
        data.validate_map(broken)
    assert e.value.reason == "the map must have 4 seas, this one has 3"
    assert _italian(e.value) == "la mappa deve avere 4 mari, questa ne ha 3"


def test_a_refusal_inside_a_file_keeps_the_inner_key(tmp_path, shipped_cards):
    """The file's name is a prefix; the inner refusal still translates (a nested message)."""
    cards = copy.deepcopy(shipped_cards)
    cards["cards"][0]["id"] = cards["cards"][1]["id"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(GameError) as e:
        data.load_cards(path)
    assert e.value.reason == f"cards file {path}: card ids appear twice: {cards['cards'][1]['id']}"
    assert e.value.params["detail"].key == "data.card_ids_twice"
    assert _italian(e.value) == f"file delle carte {path}: id di carta ripetuti: {cards['cards'][1]['id']}"
    assert json.loads(json.dumps(e.value.to_dict()))["params"]["detail"]["key"] == "data.card_ids_twice"


def test_a_box_profile_refusal_reads_in_italian():
    """rules-decisions: no tank rolls more than 6 dice; a profile saying 9 is refused, in Italian too."""
    with pytest.raises(GameError) as e:
        data.load_box({"cards": {"tank_1": {"dice": 9}}})
    assert e.value.reason == "box profile: tank_1: dice 9 is not possible (dice is from 1 to 6)"
    assert _italian(e.value) == "profilo della scatola: tank_1: dice 9 non è possibile (dice va da 1 a 6)"


def test_a_missing_file_reads_in_italian(tmp_path):
    with pytest.raises(GameError) as e:
        data.load_map(tmp_path / "nope.json")
    assert _italian(e.value) == f"file della mappa {tmp_path / 'nope.json'}: il file non esiste"
