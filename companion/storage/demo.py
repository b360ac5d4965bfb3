"""``python -m companion demo --db PATH [--resume]``: a bots' game written to the journal.

Each command the bots decide is submitted to the journal (applied, then saved durably)
before the game goes on, so a demo killed at any moment resumes with ``--resume`` and
ends exactly as the uninterrupted game with the same seed (the engine's ``play_demo``
derives every decision from the seed and the command's index).

With ``MAGNIFICO_TRACE=1`` in the environment, every saved command is announced on
stderr as ``saved N`` (N commands in the journal), after the journal has committed it:
the crash tests use it to check that nothing announced is ever missing.
"""

from __future__ import annotations

import os
import sys

from companion.errors import GameError
from companion.storage.journal import Journal


def _latest_demo(journal: Journal):
    """The demo game played last (its ``GameInfo``), or ``None``."""
    return next((info for info in journal.games() if "demo" in info.meta), None)


def run(args) -> int:
    from companion.games.magnifico import engine
    from companion.games.magnifico.demo import demo_header, play_demo, round_lines

    trace = os.environ.get("MAGNIFICO_TRACE") == "1"
    try:
        journal = Journal(args.db, game=engine)
    except GameError as err:
        print(err.reason, file=sys.stderr)
        return 2
    with journal:
        for notice in journal.notices:
            print(notice, file=sys.stderr)
        try:
            if args.resume:
                info = _latest_demo(journal)
                if info is None:
                    print(f"There is no demo game in {journal.path} to resume.", file=sys.stderr)
                    return 2
                if info.finished:
                    print(f"The demo game {info.id} in {journal.path} is already over.", file=sys.stderr)
                    return 0
                game_id = info.id
                seed, players = journal.meta(game_id)["demo"]["seed"], journal.meta(game_id)["demo"]["players"]
                header, prefix = journal.header(game_id), journal.commands(game_id)
                print(f"Resuming demo game {game_id} (seed {seed}, {players} players) after command {len(prefix)}.",
                      file=sys.stderr)
            else:
                seed, players = args.seed, args.players
                header, prefix = demo_header(players), []
                game_id = journal.new_game(header, meta={"demo": {"seed": seed, "players": players}})

            def save(_header, index, command):
                if index != journal._game(game_id).head:
                    raise GameError(f"The demo and the journal disagree at command {index + 1}.")
                journal.submit(game_id, command)
                if trace:
                    print(f"saved {index + 1}", file=sys.stderr, flush=True)

            game = play_demo(seed, players, commands=prefix, on_command=save, header=header)
            if journal.state(game_id).to_dict() != game.state.to_dict():
                print("The journal and the demo ended in different states.", file=sys.stderr)
                return 1
            if not getattr(args, "quiet", False):
                for line in round_lines(game):
                    print(line)
            if getattr(args, "record", None):
                journal.export_to(game_id, args.record)  # owner-only (0600), whole or not at all
        except GameError as err:
            print(err.reason, file=sys.stderr)
            return 2
    return 0
