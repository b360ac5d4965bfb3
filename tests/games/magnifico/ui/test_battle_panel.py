"""The battle panel says who may do what, and a tank's line says why it scored what it did
(rulebook 7.5.3: no explosion full power, one explosion half, two none, three it explodes)."""

from companion.app.i18n import Translations
from companion.games.magnifico.ui import presenters

H, B, X = "hit", "blank", "explosion"
TANK = {"soldiers": 3, "tanks": 3, "tank_card": {"dice": 3, "hits": 5}}


def test_the_tank_line_says_why(app):
    record = {"setup": {"attacker": dict(TANK), "defender": {"soldiers": 9}},
              "steps": [{"side": "attacker", "assault": "tanks", "rolls": [[H, H, B], [X, H, B], [X, X, H]]}]}
    lines = presenters.battle_log(record, {"attacker": "Anna", "defender": "Bruno"}, "en", app.translations)
    tank = next(line for line in lines if "Tank" in line or "tank" in line)
    assert "tank 1: no explosion: full power, 5 hits" in tank
    assert "tank 2: 1 explosion: half power, 2 hits" in tank
    assert "tank 3: 2 explosions: no hits" in tank
    assert "Bruno -7 soldiers" in tank  # 5 + 2 hits, the rolls' real effect
    it = presenters.battle_log(record, {"attacker": "Anna", "defender": "Bruno"}, "it", app.translations)
    assert any("1 esplosione: metà potenza, 2 colpi" in line for line in it)


def test_one_hit_is_singular(app):
    record = {"setup": {"attacker": {"soldiers": 3, "tanks": 1, "tank_card": {"dice": 3, "hits": 3}},
                        "defender": {"soldiers": 9}},
              "steps": [{"side": "attacker", "assault": "tanks", "rolls": [[X, H, B]]}]}
    lines = presenters.battle_log(record, {"attacker": "Anna", "defender": "Bruno"}, "en", app.translations)
    assert any("1 explosion: half power, 1 hit" in line for line in lines)
    assert isinstance(app.translations, Translations)
