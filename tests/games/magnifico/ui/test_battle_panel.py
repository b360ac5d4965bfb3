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


def test_the_tour_shows_the_cards_before_the_bids_and_says_who_may_roll(home):
    """Issue 15: the cards turned up are on the bids screen before anyone bids; the battle
    panel names who may roll (or cannot, and why) and the attacker's retreat."""
    from companion.app import harness
    from companion.games.magnifico.ui import tour

    app = home
    s = app.session
    seen = set()
    for name in tour.visit(app, seed=7):
        if name == "08-auction-bids":
            view = s.view()
            assert view["phase"] == "bidding"
            shown = harness.texts()
            cards = view["auction"]["cards"]
            assert cards and all(app.uis["magnifico"].card_name(c, "en") in shown for c in cards)
            seen.add(name)
        if name == "15-battle":
            b = s.view()["battle"]
            view = s.view()
            names = {side: view["seats"][b[side]]["name"] for side in ("attacker", "defender")}
            shown = "\n".join(harness.texts())
            role = {side: app.t("battle." + side) for side in names}
            said = [side for side in names if f"{names[side]} ({role[side]})" in shown]
            assert said, shown  # each line names the seat and its role
            assert app.t("battle.retreat_who", name=names["attacker"]) in shown or "cannot retreat" in shown
            seen.add(name)
            break
    assert seen == {"08-auction-bids", "15-battle"}
