"""``python -m companion [SUBCOMMAND]``: the command line of the table companion.

Each subcommand lives in its own module, which offers ``add_arguments(parser, command)``
and ``run(args) -> int``; the modules are imported plainly, only for the subcommand run
(so ``state`` does not pay for Kivy). A game adds its own subcommands (Magnifico's
``battle`` and ``odds``) through its ``cli_commands()``. Without a subcommand the
touchscreen app starts.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from companion.errors import CompanionError


def _app() -> ModuleType:
    from companion.app import cli

    return cli


def _games() -> ModuleType:
    from companion import cli_games

    return cli_games


def _storage() -> ModuleType:
    from companion.storage import cli

    return cli


def _hardware() -> ModuleType:
    from hardware import cli

    return cli


SUBCOMMANDS: dict[str, tuple[Callable[[], ModuleType], str]] = {
    "app": (_app, "start the touchscreen app (the default)"),
    "games": (_games, "list the installed games and their seats"),
    "replay": (_games, "replay a game record (any game), print the final state"),
    "demo": (_games, "play a whole game with bots (--game NAME, default magnifico)"),
    "export": (_storage, "print a game of the journal as a record"),
    "state": (_storage, "print the current state of a game of the journal"),
    "import": (_storage, "add a game record to the journal as a new game"),
    "dice": (_hardware, "wait for one roll from the dice reader"),
    "screenshots": (_app, "render every screen of demo games to PNG"),
}


def _game_commands(only: str | None = None) -> dict[str, tuple[Any, str]]:
    """Subcommands the installed games add: name -> (module, help)."""
    from companion.core import registry

    out: dict[str, tuple[Any, str]] = {}
    for game in registry.games():
        hook = getattr(game, "cli_commands", None)
        if hook is None:
            continue
        for name, (module, help_text) in hook().items():
            if only is None or name == only:
                out.setdefault(name, (module, help_text))
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["app", *argv]
    parser = argparse.ArgumentParser(prog="python -m companion")
    sub = parser.add_subparsers(dest="command", required=True)
    wanted = argv[0] if argv[0] in SUBCOMMANDS else None
    modules: dict[str, Any] = {}
    try:
        extra = {} if wanted else _game_commands(None if argv[0] in ("-h", "--help") else argv[0])
    except CompanionError as err:
        print(err.reason, file=sys.stderr)
        return 2
    table = {name: (loader, text) for name, (loader, text) in SUBCOMMANDS.items()}
    for name, (loader, help_text) in table.items():
        p = sub.add_parser(name, help=help_text)
        if name == wanted:
            modules[name] = loader()
            modules[name].add_arguments(p, name)
    for name, (module, help_text) in extra.items():
        p = sub.add_parser(name, help=help_text)
        module.add_arguments(p, name)
        modules[name] = module
    args = parser.parse_args(argv)
    try:
        return modules[args.command].run(args) or 0
    except CompanionError as err:
        print(err.reason, file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader (say `| head`) went away: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130
