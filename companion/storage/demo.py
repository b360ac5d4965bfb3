"""``python -m companion demo --db PATH [--resume]``: a bots' game written to the journal.

Each command the bots decide is submitted to the journal (applied, then saved durably)
before the game goes on, so a demo killed at any moment resumes with ``--resume`` and
ends exactly as the uninterrupted game with the same seed (a game's ``demo_move`` derives
every decision from the seed and the command's index).

With ``MAGNIFICO_TRACE=1`` in the environment, every saved command is announced on
stderr as ``saved N`` (N commands in the journal), after the journal has committed it:
the crash tests use it to check that nothing announced is ever missing.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from companion.core.game import Game, demo
from companion.core.i18n import Domain
from companion.errors import CompanionError
from companion.storage.journal import GameInfo, Journal

T = Domain("storage")


def _latest_demo(journal: Journal, game: Game) -> GameInfo | None:
    """The demo game of ``game`` played last, or ``None``."""
    return next((info for info in journal.games() if "demo" in info.meta
                 and info.meta["demo"].get("game", "magnifico") == game.name), None)


def run(args: argparse.Namespace, game: Game) -> int:
    from companion.cli_games import demo_players, progress

    trace = os.environ.get("MAGNIFICO_TRACE") == "1"
    journal = Journal(args.db, game=game)
    with journal:
        for notice in journal.notices:
            print(notice, file=sys.stderr)
        if args.resume:
            info = _latest_demo(journal, game)
            if info is None:
                raise CompanionError(T.msg("no_demo", path=str(journal.path)))
            if info.finished:
                print(T.format("demo_over", id=info.id, path=str(journal.path)), file=sys.stderr)
                return 0
            game_id = info.id
            meta = journal.meta(game_id)["demo"]
            seed, players = meta["seed"], meta["players"]
            header, prefix = journal.header(game_id), journal.commands(game_id)
            print(T.format("demo_resuming", id=game_id, seed=seed, players=players, n=len(prefix)), file=sys.stderr)
        else:
            seed, players = args.seed, demo_players(game, args.players)
            header, prefix = game.demo_header(players, seed), []
            game_id = journal.new_game(header, meta={"demo": {"seed": seed, "players": players, "game": game.name}})
        state: Any = None
        for index, command, state, events in demo(game, seed, players, header=header, commands=prefix):
            journal.submit(game_id, command)
            if trace:
                print(f"saved {index + 1}", file=sys.stderr, flush=True)
            if not getattr(args, "quiet", False):
                for line in progress(game, state, events):
                    print(line)
        final = journal.state(game_id)
        if state is not None and game.state_to_dict(final) != game.state_to_dict(state):
            print(T.format("demo_disagree"), file=sys.stderr)
            return 1
        if getattr(args, "record", None):
            journal.export_to(game_id, args.record)  # owner-only (0600), whole or not at all
    return 0
