"""The ``games``, ``replay`` and ``demo`` subcommands, for every installed game."""

from __future__ import annotations

import argparse
import json
from typing import Any

from companion.core import registry
from companion.core.game import Game, demo
from companion.core.i18n import CORE
from companion.core.record import dumps_line, read_record, write_record
from companion.errors import CompanionError, IllegalCommand

DEFAULT_GAME = "magnifico"
FORMAT = 1  # the family's record format (docs/record-format.md)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    if command == "replay":
        parser.add_argument("file", help="a game record (JSON Lines); its header names the game")
    elif command == "demo":
        parser.add_argument("--game", default=DEFAULT_GAME, help=f"which game (default {DEFAULT_GAME}; see 'games')")
        parser.add_argument("--seed", type=int, default=1, help="the same seed plays the same game")
        parser.add_argument("--players", type=int, help="how many players (default: the most the game seats, "
                                                         "at most 4)")
        parser.add_argument("--record", metavar="FILE", help="write the game record (JSON Lines) here")
        parser.add_argument("--quiet", action="store_true", help="no round-by-round summary")
        parser.add_argument("--db", metavar="PATH", help="journal every command into this database")
        parser.add_argument("--resume", action="store_true", help="continue the demo game saved in --db")


def run(args: argparse.Namespace) -> int:
    if args.command == "games":
        for game in registry.games():
            low, high = game.seats
            seats = f"{low}" if low == high else f"{low}-{high}"
            print(f"{game.name}\t{seats} players\t{game.title.get('en', game.name)}")
        return 0
    if args.command == "replay":
        return _replay(args)
    return _demo(args)


def replay(header: dict[str, Any], commands: list[dict[str, Any]]) -> tuple[Game, Any]:
    """The game a record's header names and the state after its commands; a refusal names the line."""
    game = registry.get(header.get("game")) if isinstance(header.get("game"), str) else None
    if game is None:
        raise IllegalCommand(CORE.msg("record_no_game"))
    if header.get("format", FORMAT) != FORMAT:
        raise IllegalCommand(CORE.msg("record_format", format=repr(header.get("format")), supported=FORMAT))
    state = game.new_game(header)
    for n, command in enumerate(commands, 1):
        try:
            state, _ = game.apply(state, game.command_from_dict(command))
        except IllegalCommand as err:
            raise IllegalCommand(CORE.msg("replay_command", n=n, line=n + 1, reason=err.message),
                                 needs=err.needs) from None
    return game, state


def _replay(args: argparse.Namespace) -> int:
    header, commands = read_record(args.file)
    game, state = replay(header, commands)
    print(json.dumps(game.summary(state), ensure_ascii=False, indent=2))
    return 0


def demo_players(game: Game, players: int | None) -> int:
    low, high = game.seats
    if players is None:
        return max(low, min(high, 4))
    if not low <= players <= high:
        key = "demo_players_exact" if low == high else "demo_players"
        raise IllegalCommand(CORE.msg(key, game=game.title.get("en", game.name), low=low, high=high))
    return players


def progress(game: Game, state: Any, events: list[dict[str, Any]]) -> list[str]:
    """The lines a demo prints for these events (the game's choice, or none)."""
    hook = getattr(game, "demo_lines", None)
    return list(hook(state, events)) if hook else []


def _demo(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    if args.db or args.resume:
        from companion.storage import demo as storage_demo

        return storage_demo.run(args, game)
    players = demo_players(game, args.players)
    header = game.demo_header(players, args.seed)
    commands = []
    if not args.quiet:
        print(CORE.format("demo_intro", game=game.title.get("en", game.name), seed=args.seed))
    for _, command, state, events in demo(game, args.seed, players, header=header):
        commands.append(game.command_to_dict(command))
        if not args.quiet:
            for line in progress(game, state, events):
                print(line)
    if args.record:
        try:
            write_record(args.record, header, commands)
        except OSError as err:
            raise CompanionError(CORE.msg("cannot_write", path=args.record, detail=str(err.strerror))) from None
    return 0


__all__ = ["add_arguments", "dumps_line", "replay", "run"]
