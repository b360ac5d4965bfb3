"""``companion.core.lazy`` (issue 13: "games" lists the games without importing their
rules) and the values each ``game.py`` states without its rules agreeing with the rules."""

from __future__ import annotations

import sys

from companion.core.lazy import lazy


def test_a_lazy_module_is_imported_on_its_first_attribute(monkeypatch):
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    @lazy
    def colorsys():
        import colorsys

        return colorsys

    assert "colorsys" not in sys.modules
    assert colorsys.rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
    assert "colorsys" in sys.modules


def test_each_game_states_what_its_rules_say():
    """magnate: engine.SEATS; leonardo: engine.SECRETS; their variants come from the engines."""
    from companion.games.leonardo import engine as leonardo_engine
    from companion.games.leonardo.game import GAME as LEONARDO
    from companion.games.leonardo.setup import SEATS as LEONARDO_SEATS
    from companion.games.magnate import engine as magnate_engine
    from companion.games.magnate.game import GAME as MAGNATE
    from companion.games.magnifico import engine as magnifico_engine
    from companion.games.magnifico.game import GAME as MAGNIFICO

    assert MAGNATE.seats == magnate_engine.SEATS and MAGNATE.variants is magnate_engine.VARIANTS
    assert LEONARDO.secrets == leonardo_engine.SECRETS and LEONARDO.seats == LEONARDO_SEATS
    assert LEONARDO.variants is leonardo_engine.VARIANTS and MAGNIFICO.variants is magnifico_engine.VARIANTS
