"""``python -m companion [SUBCOMMAND]``: the command line of the table companion.

Each subcommand lives in its own module, which offers ``add_arguments(parser, command)``
and ``run(args) -> int``; the modules are imported plainly, only for the subcommand run
(so ``state`` does not pay for Kivy). A game adds its own subcommands (Magnifico's
``battle`` and ``odds``) through its ``cli_commands()``. Without a subcommand the
touchscreen app starts.

A refusal or a journal's notice is one line on stderr in the table's language: ``--lang it|en``
if given, else the ``lang`` the app saved in its settings file, else English (a machine
without settings: scripts and bug reports read the same words). The settings are read only
when there is something to say, so a command that succeeds pays nothing for it.
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


LANGUAGES = ("en", "it")


def error_lang(args: Any = None) -> str:
    """The language of a command's messages (see the module doc)."""
    lang = getattr(args, "lang", None)
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    from companion.storage.settings import load_settings

    saved = load_settings().get("lang")
    return saved if saved in LANGUAGES else "en"


def say(reason: Any, args: Any = None, lang: str | None = None) -> str:
    """A refusal, an error or a message in the language of the command (``error_lang``)."""
    from companion.core.i18n import localized

    return localized(reason, lang or error_lang(args))


def _add_lang(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a subcommand that has none of its own (the app's chooses its screens')."""
    try:
        parser.add_argument("--lang", choices=LANGUAGES,
                            help="language of a refusal or notice (default: the table's saved language, else English)")
    except argparse.ArgumentError:
        pass


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
        print(say(err), file=sys.stderr)
        return 2
    table = {name: (loader, text) for name, (loader, text) in SUBCOMMANDS.items()}
    for name, (loader, help_text) in table.items():
        p = sub.add_parser(name, help=help_text)
        if name == wanted:
            modules[name] = loader()
            modules[name].add_arguments(p, name)
            _add_lang(p)
    for name, (module, help_text) in extra.items():
        p = sub.add_parser(name, help=help_text)
        module.add_arguments(p, name)
        _add_lang(p)
        modules[name] = module
    args = parser.parse_args(argv)
    try:
        return modules[args.command].run(args) or 0
    except CompanionError as err:
        print(say(err, args), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader (say `| head`) went away: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130
