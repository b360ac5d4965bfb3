"""Putting the database and the shadow together: every command either recovered or named.

Both copies are read (dbview.py, shadow.py) into games; ``merge`` decides, game by game
and command by command, which copy is right:

- Each write transaction of a game has a number (``txn``); a row carries the number of the
  transaction that wrote it. The copy that reached the higher number is the newer one.
- The database knows every row as of its transaction ``T_d`` (rows whose sum fails are
  not known). The shadow knows each row as of the last line that wrote or dropped it; a
  missing line (damaged) is an unknown range of transactions, which may have changed the
  rows near the head it had then (at most one row per transaction either side).
- A command is recovered when the latest thing known about it is certain: nothing unknown
  came after it. Otherwise it is lost; a game then goes on from just before its first lost
  command, and the commands after it are set aside (they are kept in the files put aside,
  never deleted), each named in the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.storage.dbview import DbView, GameRec, RowRec
from companion.storage.shadow import Line, ShadowView


@dataclass
class Unknown:
    """Transactions ``lo..hi`` of a game that no readable shadow line holds."""

    lo: int
    hi: int  # inclusive; a large number for "any after"
    head_before: int | None
    head_after: int | None

    def may_touch(self, seq: int) -> bool:
        if self.head_before is None or self.head_after is None:
            return True
        k = self.hi - self.lo + 1
        return min(self.head_before, self.head_after) - k < seq <= max(self.head_before, self.head_after) + k


@dataclass
class ShadowGame:
    id: int
    new: dict | None = None  # the "new" operation: game, header, meta, at
    head: int | None = None
    txn: int = 0
    rows: dict[int, RowRec] = field(default_factory=dict)
    changed: dict[int, int] = field(default_factory=dict)  # seq -> txn of its last write
    cuts: list[tuple[int, int]] = field(default_factory=list)  # (txn, from seq)
    base: int = 0  # txn of the line that held the whole game (0: none read)
    unknown: list[Unknown] = field(default_factory=list)
    last_line: int = 0  # its last line's number in the file

    def last_change(self, seq: int) -> int:
        cut = max((t for t, start in self.cuts if start <= seq), default=0)
        return max(self.changed.get(seq, 0), cut, self.base)

    def certain(self, seq: int, after: int | None = None) -> bool:
        """Nothing unknown may have changed ``seq`` after its last known change."""
        since = self.last_change(seq) if after is None else after
        return not any(u.hi > since and u.may_touch(seq) for u in self.unknown)


def shadow_games(view: ShadowView) -> dict[int, ShadowGame]:
    """The games as the shadow's readable lines tell them."""
    by_game: dict[int, dict[int, Line]] = {}
    for line in view.lines:
        by_game.setdefault(line.g, {})[line.t] = line
    games = {}
    for gid, lines in by_game.items():
        game = ShadowGame(gid)
        ordered = [lines[t] for t in sorted(lines)]
        bases = [i for i, line in enumerate(ordered) if line.base]
        start = bases[-1] if bases else 0
        if not bases:
            game.unknown.append(Unknown(0, ordered[0].t - 1, None, None))
        previous: Line | None = None
        for line in ordered[start:]:
            if previous is not None and line.t != previous.t + 1:
                game.unknown.append(Unknown(previous.t + 1, line.t - 1, previous.h, line.h0))
            _apply(game, line)
            previous = line
        games[gid] = game
    for number in view.damaged:
        for game in games.values():
            if number > game.last_line:  # a damaged line after a game's last: maybe its own
                game.unknown.append(Unknown(game.txn + 1, 2**62, game.head, None))
    return games


def _apply(game: ShadowGame, line: Line) -> None:
    if line.base:
        game.rows, game.changed, game.cuts, game.base = {}, {}, [], line.t
    for op in line.ops:
        if not isinstance(op, list) or len(op) != 2:
            continue
        kind, arg = op
        if kind == "new" and isinstance(arg, dict):
            game.new = arg
        elif kind == "row":
            row = RowRec.from_op(arg)
            if row is not None:
                game.rows[row.seq] = row
                game.changed[row.seq] = line.t
        elif kind == "cut" and isinstance(arg, int):
            game.rows = {s: r for s, r in game.rows.items() if s < arg}
            game.cuts.append((line.t, arg))
        elif kind == "open" and isinstance(arg, list):
            for item in arg:
                if isinstance(item, list) and len(item) == 2 and item[0] in game.rows and isinstance(item[1], str):
                    old = game.rows[item[0]]
                    game.rows[item[0]] = RowRec(old.seq, old.txn, False, old.reveal, item[1], old.at)
    game.head, game.txn, game.last_line = line.h, line.t, line.number


@dataclass
class GameReport:
    """What happened to one game (all lists of command numbers)."""

    id: int
    from_shadow: list[int] = field(default_factory=list)
    from_db: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    redo_dropped: int = 0
    whole_game_lost: bool = False
    tail_unsure: bool = False  # damaged shadow lines after the game's last may have been its own

    @property
    def repaired(self) -> bool:
        return bool(self.from_shadow or self.from_db)

    @property
    def losses(self) -> bool:
        return bool(self.lost or self.set_aside or self.whole_game_lost)


@dataclass
class Merged:
    games: dict[int, GameRec]
    reports: dict[int, GameReport]
    db_differs: bool  # the database must be written again (or rolled forward)
    shadow_differs: bool  # the shadow must be written again
    rolled_forward: list[int] = field(default_factory=list)  # games one transaction behind (a crash)


def agree(db: DbView, shadow: ShadowView) -> bool:
    """Both copies whole and at the same transaction of every game, the shadow's lines of
    each game unbroken from the one that holds it whole: they agree (each row's sum has
    vouched for the database's side, each line's for the shadow's), without reading a line."""
    if not shadow.intact or shadow.some is not None or not _whole(db):
        return False
    lines = _by_game(shadow.lines)
    return set(lines) == set(db.games) and all(_at_its_transaction(lines[g], db.games[g]) for g in lines)


def agree_on(db: DbView, shadow: ShadowView) -> bool:
    """``agree`` for the games a partial read holds (``shadow.parse_some``): each of them as
    ``agree`` says, with every one of its rows read, and the shadow's last line at its game's
    transaction in the database (a crash between the two writes leaves only that line ahead).
    Damage to another game alone is left to the next whole reading."""
    if not shadow.intact or shadow.some is None or not _whole(db):
        return False
    lines = _by_game(shadow.lines)
    if not shadow.lines:
        return not db.games
    last = shadow.lines[-1]
    if last.g not in db.games or (last.t, last.h) != (db.games[last.g].txn, db.games[last.g].head):
        return False
    return all(g in db.games and g in lines and _at_its_transaction(lines[g], db.games[g])
               and all(seq in db.games[g].rows for seq in range(1, db.games[g].head + 1)) for g in shadow.some)


def _whole(db: DbView) -> bool:
    return not (db.bad_games or db.bad_rows or not db.complete or db.malformed)


def _by_game(lines: list[Line]) -> dict[int, list[Line]]:
    games: dict[int, list[Line]] = {}
    for line in lines:
        games.setdefault(line.g, []).append(line)
    return games


def _at_its_transaction(game_lines: list[Line], d: GameRec) -> bool:
    """A game's lines unbroken from the last that holds it whole, the last at the
    database's transaction and head."""
    game_lines.sort(key=lambda line: line.t)
    bases = [i for i, line in enumerate(game_lines) if line.base]
    if not bases:
        return False
    run = game_lines[bases[-1]:]
    if any(b.t != a.t + 1 for a, b in zip(run, run[1:])):
        return False
    return (run[-1].t, run[-1].h) == (d.txn, d.head)


def merge(db: DbView, shadow: ShadowView) -> Merged:
    if agree(db, shadow):
        return Merged(dict(db.games), {g: GameReport(g) for g in db.games}, False, False)
    sgames = shadow_games(shadow) if shadow.exists else {}  # (a shadow of another journal is not given)
    ids = sorted(set(db.games) | set(sgames) | {g for g in db.bad_games if g >= 0})
    games, reports = {}, {}
    db_differs = bool(db.bad_games or db.bad_rows or not db.complete or db.malformed)
    shadow_differs = not shadow.intact or any(g.unknown for g in sgames.values())
    behind = []
    for gid in ids:
        d, s = db.games.get(gid), sgames.get(gid)
        merged, report = _merge_game(gid, d, db, s)
        reports[gid] = report
        if merged is not None:
            games[gid] = merged
        if not _equal(d, merged):
            db_differs = True
            if d is not None and s is not None and merged is not None and s.txn == d.txn + 1:
                behind.append(gid)
        if s is None or not _equal_shadow(s, merged):
            shadow_differs = True
    crash = (len(behind) == 1 and not shadow_differs and not (db.bad_games or db.bad_rows or db.malformed)
             and db.complete and max((g.last_line for g in sgames.values()), default=0)
             == sgames[behind[0]].last_line
             and all(_equal(db.games.get(g), games.get(g)) for g in ids if g != behind[0]))
    return Merged(games, reports, db_differs, shadow_differs, behind if crash else [])


def _equal(d: GameRec | None, m: GameRec | None) -> bool:
    if d is None or m is None:
        return d is m
    return (d.head, d.txn, d.header, d.meta, d.name, d.created_at, d.rows) == (
        m.head, m.txn, m.header, m.meta, m.name, m.created_at, m.rows)


def _equal_shadow(s: ShadowGame, m: GameRec | None) -> bool:
    if m is None or s.new is None:
        return False
    new = s.new
    return (s.head, s.txn, s.rows, new.get("header"), new.get("meta"), new.get("game"), new.get("at")) == (
        m.head, m.txn, m.rows, m.header, m.meta, m.name, m.created_at)


def _merge_game(gid: int, d: GameRec | None, db: DbView, s: ShadowGame | None) -> tuple[GameRec | None, GameReport]:
    report = GameReport(gid)
    report.tail_unsure = s is not None and any(u.hi >= 2**62 for u in s.unknown)
    t_d = d.txn if d is not None else None
    t_s = s.txn if s is not None else None
    bad = db.bad_rows.get(gid, set())
    if d is not None:
        identity = (d.name, d.header, d.meta, d.created_at)
    elif s is not None and s.new is not None and all(isinstance(s.new.get(k), str)
                                                     for k in ("game", "header", "meta", "at")):
        identity = (s.new["game"], s.new["header"], s.new["meta"], s.new["at"])
    else:
        report.whole_game_lost = True
        report.lost = sorted(set(s.rows) if s else set()) or []
        return None, report
    newest_shadow = s is not None and (t_d is None or (t_s or 0) > t_d)
    head = (s.head if newest_shadow and s is not None else d.head if d is not None else 0) or 0
    txn = max(t for t in (t_d, t_s) if t is not None)
    seqs = set(range(1, head + 1)) | (set(d.rows) if d else set()) | (set(s.rows) if s else set())
    seqs |= {q for q in bad if isinstance(q, int) and q > 0}
    rows: dict[int, RowRec] = {}
    uncertain: set[int] = set()
    for seq in sorted(seqs):
        # a row read whole is known; a row not there is known absent only if nothing was unreadable
        known_in_db = d is not None and seq not in bad and (seq in d.rows or db.complete)
        d_row = d.rows.get(seq) if d is not None else None
        s_row = s.rows.get(seq) if s is not None else None
        if known_in_db and not newest_shadow:
            truth, sure, source = d_row, True, "db"
        elif known_in_db:  # the shadow is newer: its later changes win, if certain
            if s.last_change(seq) > t_d:
                truth, sure, source = s_row, s.certain(seq), "shadow"
            else:
                truth, sure, source = d_row, s.certain(seq, after=t_d), "db"
        elif s is not None:
            sure = s.certain(seq)
            if sure and t_d is not None and t_s is not None and t_d > t_s:
                gap = Unknown(t_s + 1, t_d, s.head, d.head if d is not None else None)
                sure = not gap.may_touch(seq)
            truth, source = s_row, "shadow"
        else:
            truth, sure, source = None, False, "none"
        if not sure:
            uncertain.add(seq)
            continue
        if truth is None:
            continue
        other = s_row if source == "db" else d_row
        if truth.sealed and other is not None and not other.sealed and (other.seq, other.txn) == (truth.seq, truth.txn):
            truth = other  # the same command, already opened at its reveal in the other copy
        rows[seq] = truth
        if source == "shadow" and d_row != truth:
            report.from_shadow.append(seq)
        if source == "db" and s_row != truth:
            report.from_db.append(seq)
    missing = [q for q in range(1, head + 1) if q not in rows or q in uncertain]
    beyond = sorted(q for q in seqs if q > head and (q in rows or q in uncertain))
    if missing:
        first = missing[0]
        report.lost = missing
        report.set_aside = [q for q in range(first + 1, head + 1) if q not in missing]
        report.redo_dropped = len(beyond)
        head = first - 1
        rows = {q: r for q, r in rows.items() if q <= head}
    else:
        kept: list[int] = []
        for q in beyond:  # the redo stack holds on only while it is whole and certain
            if q in uncertain or q not in rows or q != head + 1 + len(kept):
                break
            kept.append(q)
        report.redo_dropped = len(beyond) - len(kept)
        rows = {q: r for q, r in rows.items() if q <= head or q in kept}
    report.from_shadow = [q for q in report.from_shadow if q in rows]
    report.from_db = [q for q in report.from_db if q in rows]
    name, header, meta, created = identity
    return GameRec(gid, name, header, meta, created, head, txn, rows), report
