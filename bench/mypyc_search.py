"""search_odds.py with the mypyc-compiled odds (bench/mypyc_build.sh's battle_c) and the
pure simulation, or (--compiled-sim) the compiled one (battle_cs), or (--sim-over-compiled)
the interpreted simulate.py over the compiled policy (battle_c.simulate: what an install
with the odds compiled and simulate.py not would run): issue 13's measurement.

    .venv/bin/python bench/mypyc_search.py [--compiled-sim | --sim-over-compiled] --battles 400 --seed 14
"""

from __future__ import annotations

import importlib
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import search_odds  # noqa: E402

compiled_sim = "--compiled-sim" in sys.argv
if compiled_sim:
    sys.argv.remove("--compiled-sim")
sys.path.insert(0, "/tmp/mypyc_cs" if compiled_sim else "/tmp/mypyc_c")
name = "battle_cs" if compiled_sim else "battle_c"
odds_module = importlib.import_module(f"{name}.odds")
assert odds_module.__file__ and odds_module.__file__.endswith(".so"), odds_module.__file__
search_odds.odds, search_odds.clear_cache = odds_module.odds, odds_module.clear_cache  # type: ignore[attr-defined]
if compiled_sim:
    sim_module = importlib.import_module(f"{name}.simulate")
    assert sim_module.__file__ and sim_module.__file__.endswith(".so")
    search_odds.simulate = sim_module.simulate  # type: ignore[attr-defined]
if "--sim-over-compiled" in sys.argv:
    sys.argv.remove("--sim-over-compiled")
    search_odds.simulate = importlib.import_module("battle_c.simulate").simulate  # type: ignore[attr-defined]
print(f"odds {odds_module.__file__}; simulation {search_odds.simulate.__module__} "
      f"{getattr(sys.modules[search_odds.simulate.__module__], '__file__', '')}")
search_odds.main()
