"""``python -m companion.games.magnate demo|replay``: Magnate's own command line, until the
family's CLI picks the game from ``--game`` or the record's header.

    python -m companion.games.magnate demo --seed 3 [--record FILE] [--lang it] [--quiet]
    python -m companion.games.magnate replay FILE
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.core.record import write_record
from companion.errors import GameError

from . import commands as C
from .demo import play_demo
from .describe import describe
from .record import replay_file, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.games.magnate")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="a whole game played by two bots")
    demo.add_argument("--seed", type=int, default=1, help="the same seed plays the same game")
    demo.add_argument("--record", metavar="FILE", help="write the game record (JSON Lines) here")
    demo.add_argument("--lang", choices=("en", "it"), default="en", help="the log's language")
    demo.add_argument("--quiet", action="store_true", help="no log, only the result")
    rep = sub.add_parser("replay", help="replay a record, print the final state")
    rep.add_argument("file")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            print(json.dumps(summary(replay_file(args.file)), ensure_ascii=False, indent=2))
            return 0
        game = play_demo(args.seed)
        for event in game.events:
            if not args.quiet or event["type"] in ("district_scored", "game_over"):
                print(describe(event, game.header, args.lang))
        if args.record:
            write_record(args.record, game.header, [C.to_dict(c) for c in game.commands])
    except GameError as err:
        print(err.localized(getattr(args, "lang", "en")), file=sys.stderr)
        return 2
    except OSError as err:
        print(f"{getattr(args, 'record', None) or ''}: {err.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
