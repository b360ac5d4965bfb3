"""The slowest battles that `search_odds.py --save FILE` kept, read for the benches that time
them again (`budget_odds.py`, `odds_parts.py`): their arguments, and each battle with the time
of a simulation scaled to 100,000 battles."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from collections.abc import Iterator
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from companion.games.magnifico.battle import policy as P  # noqa: E402
from companion.games.magnifico.battle import simulate, start  # noqa: E402


def arguments(description: str, top: int) -> argparse.Namespace:
    """--setups FILE, --top, --repeat and --games, as both benches take them."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--setups", required=True, help="a JSON list of battle setups (search_odds.py --save)")
    parser.add_argument("--top", type=int, default=top)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=20_000, help="simulated battles, scaled to 100,000")
    return parser.parse_args()


def battles(args: argparse.Namespace) -> Iterator[tuple[int, dict[str, Any], P.Compact, P.Context, float]]:
    """(number, setup, compact state, context, CPU seconds of a 100,000-battle simulation) for
    each of the first --top setups; the simulation is one run of --games battles, scaled."""
    setups = json.loads(pathlib.Path(args.setups).read_text())[:args.top]
    for n, setup in enumerate(setups, 1):
        pos = start(setup)
        t = time.process_time()
        simulate(pos, args.games, seed=1)
        sim = (time.process_time() - t) * 100_000 / args.games
        yield n, setup, P.compact(pos), P.context(pos), sim
