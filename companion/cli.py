"""``python -m companion [SUBCOMMAND]``: each subcommand lives in its own module.

A module named here exposes ``add_arguments(parser, command)`` and ``run(args) -> int``
(``args.command`` names the subcommand). Without a subcommand the touchscreen app starts.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from companion.errors import GameError

SUBCOMMANDS = {
    "app": ("companion.app.cli", "start the touchscreen app (the default)"),
    "replay": ("companion.cli_magnifico", "replay a game record, print the final state"),
    "demo": ("companion.cli_magnifico", "play a whole game with bots"),
    "battle": ("companion.games.magnifico.battle.cli", "resolve a battle script"),
    "odds": ("companion.games.magnifico.battle.cli", "odds of a battle position (decimals; --exact for fractions)"),
    "export": ("companion.storage.cli", "print a game of the journal as a record"),
    "state": ("companion.storage.cli", "print the current state of a game of the journal"),
    "import": ("companion.storage.cli", "add a game record to the journal as a new game"),
    "dice": ("hardware.cli", "wait for one roll from the dice reader"),
    "screenshots": ("companion.app.cli", "render every screen of a demo game to PNG"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["app", *argv]
    parser = argparse.ArgumentParser(prog="python -m companion")
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue  # not built yet: the subcommand answers below
        module.add_arguments(p, name)
        modules[name] = module
    args = parser.parse_args(argv)
    module = modules.get(args.command)
    if module is None:
        print(f"'{args.command}' is not available in this build", file=sys.stderr)
        return 2
    try:
        return module.run(args) or 0
    except GameError as err:
        print(err.reason, file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader (say `| head`) went away: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130
