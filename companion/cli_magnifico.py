"""The ``replay`` and ``demo`` subcommands (glue between the command line and the engine)."""

from __future__ import annotations

import importlib
import json
import sys

from companion.errors import GameError


def add_arguments(parser, command: str) -> None:
    if command == "replay":
        parser.add_argument("file", help="a game record (JSON Lines)")
    elif command == "demo":
        parser.add_argument("--seed", type=int, default=1, help="the same seed plays the same game")
        parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
        parser.add_argument("--record", metavar="FILE", help="write the game record (JSON Lines) here")
        parser.add_argument("--quiet", action="store_true", help="no round-by-round summary")
        parser.add_argument("--db", metavar="PATH", help="journal every command into this database")
        parser.add_argument("--resume", action="store_true", help="continue the demo game saved in --db")


def run(args) -> int:
    if args.command == "replay":
        return _replay(args)
    return _demo(args)


def _replay(args) -> int:
    from companion.games.magnifico.record import replay_file, summary

    try:
        state = replay_file(args.file)
    except GameError as err:
        print(err.reason, file=sys.stderr)
        return 2
    print(json.dumps(summary(state), ensure_ascii=False, indent=2))
    return 0


def _demo(args) -> int:
    if args.db or args.resume:
        try:
            storage_demo = importlib.import_module("companion.storage.demo")
        except ImportError:
            print("--db and --resume need the storage package, which is not in this build", file=sys.stderr)
            return 2
        return storage_demo.run(args) or 0
    from companion.core.record import write_record
    from companion.games.magnifico import commands as C
    from companion.games.magnifico.demo import play_demo, round_lines

    try:
        game = play_demo(args.seed, args.players)
    except GameError as err:
        print(err.reason, file=sys.stderr)
        return 2
    if not args.quiet:
        for line in round_lines(game):
            print(line)
    if args.record:
        try:
            write_record(args.record, game.header, [C.to_dict(c) for c in game.commands])
        except OSError as err:
            print(f"cannot write {args.record}: {err.strerror}", file=sys.stderr)
            return 2
    return 0
