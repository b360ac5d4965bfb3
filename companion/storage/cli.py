"""``python -m companion export|state --db PATH [--game ID]``: a game of the journal.

``export`` prints the game as its record (JSON Lines); ``state`` prints its current state
as ``replay`` prints a record's final state. Without ``--game``: the game played last.
``games`` is not a subcommand (the lead's CLI table lists these two); ``--list`` prints
the list of games instead.
"""

from __future__ import annotations

import json
import sys



def add_arguments(parser, command: str) -> None:
    parser.add_argument("--db", metavar="PATH", help="the journal (default: settings, then the user data folder)")
    parser.add_argument("--game", type=int, metavar="ID", help="which game (default: the one played last)")
    parser.add_argument("--list", action="store_true", help="list the games of the journal instead")


def run(args) -> int:
    # imported here: every `python -m companion` loads this module, few need SQLAlchemy
    from companion.storage.errors import StorageError
    from companion.storage.journal import Journal

    try:
        journal = Journal(args.db, readonly=True)
    except StorageError as err:
        print(err.reason, file=sys.stderr)
        return 2
    with journal:
        if args.list:
            for g in journal.games():
                state = "won by " + g.winner if g.winner else ("finished" if g.finished else "in progress")
                print(f"{g.id}\t{g.created_at[:16]}\t{', '.join(g.players)}\tround {g.rounds}\t{state}")
            return 0
        game = args.game if args.game is not None else journal.latest_game()
        if game is None:
            print(f"The journal {journal.path} holds no games.", file=sys.stderr)
            return 2
        if args.command == "export":
            sys.stdout.write(journal.export(game))
        else:
            g = journal.state(game)
            rules = journal.rules.get(journal.header(game).get("game", journal.rules.default))
            print(json.dumps(rules.summary(g), ensure_ascii=False, indent=2))
    return 0
