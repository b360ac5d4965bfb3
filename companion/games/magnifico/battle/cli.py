"""``python -m companion battle FILE`` and ``python -m companion odds FILE`` (FILE or - for stdin)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.errors import GameError

from . import machine, notation


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("file", metavar="FILE", help="battle notation JSON, or - for standard input")
    if command == "odds":
        parser.add_argument(
            "--after-script", action="store_true",
            help="apply the file's script first and give the odds from the position it reaches "
                 "(by default the script is ignored, as the notation says)",
        )
        parser.add_argument(
            "--exact", action="store_true",
            help="exact odds: reduced fractions as well as decimals (can take seconds and "
                 "print thousands of digits for the largest battles)",
        )


def read_battle(path: str) -> dict[str, Any]:
    """The battle notation from a file or standard input; every failure is a GameError."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except FileNotFoundError:
        raise GameError.of("battle_file.missing", path=path) from None
    except IsADirectoryError:
        raise GameError.of("battle_file.directory", path=path) from None
    except UnicodeDecodeError:
        raise GameError.of("battle_file.not_utf8", path=path) from None
    except OSError as err:
        raise GameError.of("battle_file.unreadable", path=path, detail=str(err.strerror)) from None
    data = notation.load_json(text, "stdin" if path == "-" else path)
    if not isinstance(data, dict):
        raise GameError.of("battle_file.not_object")
    return data


def run(args: argparse.Namespace) -> int:
    battle = read_battle(args.file)
    if args.command == "odds":
        from .odds import odds

        if getattr(args, "after_script", False):
            position = machine.resolve(battle)
        else:
            setup = dict(battle)
            setup.pop("script", None)
            position = machine.start(setup)
        result = odds(position, exact=args.exact)
    else:
        result = machine.outcome(machine.resolve(battle))
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the battle or odds command as ``python -m companion`` would."""
    from companion.cli import main as companion_main

    code: int = companion_main(argv)
    return code
