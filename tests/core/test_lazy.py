"""``companion.core.lazy`` (issue 13: "games" lists the games without importing their
rules) and the values each ``game.py`` states without its rules agreeing with the rules."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.lazy import lazy

ROOT = Path(__file__).resolve().parents[2]


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
    """magnate: engine.SEATS; leonardo: engine.SECRETS; each game's variants are the dict its engine uses."""
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


@pytest.mark.parametrize("name", ["magnifico", "magnate", "leonardo"])
def test_a_setup_form_lists_the_variants_without_importing_the_rules(name):
    """issue 13: a table's pick of a game imported its rules inside the tap (Leonardo's 15 ms,
    Magnate's 10 ms here) for the variants the setup form lists; each game's variants are
    in a module of their own, and the engine re-exports the same dict."""
    probe = ("import json, sys\n"
             f"from companion.games.{name}.game import GAME\n"
             "variants = GAME.variants\n"
             "print(json.dumps({'variants': sorted(variants), 'modules': sorted(sys.modules)}))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["variants"] and f"companion.games.{name}.engine" not in seen["modules"]
    engine = importlib.import_module(f"companion.games.{name}.engine")
    assert sorted(engine.VARIANTS) == seen["variants"]
