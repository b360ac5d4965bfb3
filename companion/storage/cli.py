"""``python -m companion export|state --db PATH [--game ID]``: a game of the journal.

``export`` prints the game as its record (JSON Lines; a choice still sealed is written
sealed: who chose, never what), or writes it to ``--out FILE`` readable by its owner only;
``state`` prints its current state as ``replay`` prints a record's final state. Without
``--game``: the game played last. ``import --db PATH FILE`` adds a record (``-`` for
standard input) as a new game, checking every line before anything is written, and prints
the new game's id. ``--list`` prints the list of games instead.

What opening the journal repaired or found lost is told on stderr, one line each; the
exit status is then 1 when commands are lost (the output holds what is left), else 0. A
journal that cannot be read is one line on stderr and exit 2.
"""

from __future__ import annotations

import json
import sys


def add_arguments(parser, command: str) -> None:
    parser.add_argument("--db", metavar="PATH", help="the journal (default: settings, then the user data folder)")
    if command == "import":
        parser.add_argument("file", metavar="FILE", help="a game record (JSON Lines), or - for standard input")
        return
    parser.add_argument("--game", type=int, metavar="ID", help="which game (default: the one played last)")
    parser.add_argument("--list", action="store_true", help="list the games of the journal instead")
    if command == "export":
        parser.add_argument("--out", metavar="FILE", help="write the record to FILE (mode 0600) instead of stdout")


def _tell(journal, args=None) -> int:
    """The journal's notices on stderr (in the command's language); 1 if commands were lost, else 0."""
    if journal.notices:
        from companion.cli import error_lang, say

        lang = error_lang(args)
        for notice in journal.notices:
            print(say(notice, lang=lang), file=sys.stderr)
    return 1 if any(r.losses for r in journal.reports) else 0


def run(args) -> int:
    # imported here, and only what the command needs: none of them loads SQLAlchemy;
    # `state`, `export` and `--list` read the file with reader.py, `import` writes with importer.py
    if args.command == "import":
        from companion.storage.importer import RecordImporter

        return _import(args, RecordImporter)
    from companion.storage.reader import JournalReader, listed, one, played_last

    # only the rows of the games printed are read (the whole file when the copies disagree)
    rows_of = listed if args.list else played_last if args.game is None else one(args.game)
    with JournalReader(args.db, rows_of=rows_of) as journal:
        status = _tell(journal, args)
        if args.list:
            for g in journal.games():
                state = "won by " + g.winner if g.winner else ("finished" if g.finished else "in progress")
                print(f"{g.id}\t{g.created_at[:16]}\t{', '.join(g.players)}\tround {g.rounds}\t{state}")
            return status
        game = args.game if args.game is not None else journal.latest_game()
        if game is None:
            from companion.cli import say
            from companion.core.i18n import Domain

            print(say(Domain("storage").msg("no_games", path=str(journal.path)), args), file=sys.stderr)
            return 2
        if args.command == "export":
            if getattr(args, "out", None):
                journal.export_to(game, args.out)
            else:
                sys.stdout.write(journal.export(game))
        else:
            g = journal.state(game)
            rules = journal.rules.get(journal.header(game).get("game", journal.rules.default))
            print(json.dumps(rules.summary(g), ensure_ascii=False, indent=2))
    return status


def _import(args, journal_class) -> int:
    from companion.core.i18n import Domain
    from companion.errors import GameError

    T = Domain("storage")

    name = "standard input" if args.file == "-" else args.file
    shown = T.msg("standard_input") if args.file == "-" else args.file
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as err:
        raise GameError(T.msg("record_unreadable", name=shown, detail=str(getattr(err, "strerror", None) or err))) from None
    with journal_class(args.db) as journal:
        _tell(journal, args)
        game = journal.import_record(text, name=name)
    print(game)
    return 0
