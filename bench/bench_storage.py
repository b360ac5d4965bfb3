"""How fast the journal saves a command and reopens a long game.

    python bench/bench_storage.py [--commands 1000] [--repeat 15]

Prints the median time to commit one command (``Journal.submit``: apply, write the row,
append its line to the shadow file and ``fdatasync`` it, then a durable WAL commit with
``synchronous=FULL``) and to reopen a game of ``--commands`` commands (read and check both
copies, load the latest trusted snapshot, replay the rest). Baselines from the same run,
interleaved on the same disk: the engine's ``apply`` alone; a bare sqlite3 INSERT+COMMIT;
the same plus an fdatasync'd append to a second file (the least two copies cost); a full
replay without snapshots. Targets (issues 4 and 12): under 5 ms and under 200 ms.

The game: a seeded bots' demo game of Magnifico (5 players, target 40) lengthened to
``--commands`` with table-like hesitations that leave the game as it was: a bidder locks a
bid and unlocks it again before locking the real one (sealed rows, like real bids). Without
the engine (not in this build) the journal's test game ``tally`` stands in.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.storage import Journal  # noqa: E402
from companion.storage.rules import RulesBook  # noqa: E402


class BareJournal:
    """The least a durable journal must do: one INSERT and COMMIT per command (WAL, FULL)."""

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("CREATE TABLE commands (id INTEGER PRIMARY KEY, body TEXT)")

    def commit(self, body: str) -> float:
        t = time.perf_counter()
        self.conn.execute("BEGIN")
        self.conn.execute("INSERT INTO commands (body) VALUES (?)", (body,))
        self.conn.execute("COMMIT")
        return time.perf_counter() - t


class BareTwoCopies(BareJournal):
    """The bare commit, plus the line appended to a second file and flushed before it."""

    def __init__(self, path: Path):
        super().__init__(path)
        self.fd = os.open(path.with_suffix(".jsonl"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def commit(self, body: str) -> float:
        t = time.perf_counter()
        self.conn.execute("BEGIN")
        self.conn.execute("INSERT INTO commands (body) VALUES (?)", (body,))
        os.write(self.fd, body.encode() + b"\n")
        os.fdatasync(self.fd)
        self.conn.execute("COMMIT")
        return time.perf_counter() - t


def magnifico_game(length: int):
    from companion.games.magnifico import commands as C
    from companion.games.magnifico import engine as E
    from companion.games.magnifico.demo import demo_header, play_demo

    header = demo_header(5)
    header["target"] = 40
    seed = 2
    original = [C.to_dict(c) for c in play_demo(seed, 5, header=header).commands]
    while (length - len(original)) % 2:  # pairs are added: a game of the right parity
        seed += 1
        original = [C.to_dict(c) for c in play_demo(seed, 5, header=header).commands]
    # where a lock-and-unlock fits: a LockBid while another bid is still missing (no reveal)
    state, eligible = E.new_game(header), []
    for i, cmd in enumerate(original):
        if cmd["type"] == "LockBid" and len(state.auction.bidders) - len(state.auction.bids) >= 2:
            eligible.append(i)
        state, _ = E.apply(state, C.from_dict(cmd))
    pairs = max(0, length - len(original)) // 2
    per_lock = -(-pairs // max(1, len(eligible)))
    out = []
    for i, cmd in enumerate(original):
        if i in eligible:
            take = min(per_lock, pairs)
            pairs -= take
            for _ in range(take):
                out.append({"type": "LockBid", "seat": cmd["seat"], "amount": 10})
                out.append({"type": "UnlockBid", "seat": cmd["seat"]})
        out.append(cmd)
    from companion.games.magnifico.game import GAME

    return GAME, header, out[:length]


def tally_game(length: int):
    from tests.storage import tally

    header = tally.header(4, target=10_000)
    commands = list(tally.play(0, 4, limit=length * 20, target=10_000))[:length]
    return tally, header, commands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--games", type=int, default=40, help="games in the journal opened last (checks at opening)")
    args = parser.parse_args()
    try:
        rules, header, commands = magnifico_game(args.commands)
        name = "magnifico (5 players, demo bots)"
    except ImportError:
        rules, header, commands = tally_game(args.commands)
        name = "tally (stand-in: the engine is not in this build)"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MAGNIFICO_KEY_FILE"] = str(Path(tmp) / "bench.key")
        db = Path(tmp) / "bench.sqlite3"

        # baselines: the engine alone; a bare sqlite3 commit of one row on the same disk
        adapter = RulesBook(rules).get(header["game"])
        state = adapter.new_game(header)
        objs = [adapter.command_from_dict(c) for c in commands]
        apply_times = []
        for obj in objs:
            t = time.perf_counter()
            state, _ = adapter.apply(state, obj)
            apply_times.append(time.perf_counter() - t)
        bare, raw_times = BareJournal(Path(tmp) / "bare.sqlite3"), []
        two, two_times = BareTwoCopies(Path(tmp) / "two.sqlite3"), []

        journal = Journal(db, game=rules)
        game = journal.new_game(header)
        submit_times = []
        for cmd in commands:  # interleaved with the bare baseline: both see the same disk
            raw_times.append(bare.commit(json.dumps(cmd)))
            two_times.append(two.commit(json.dumps(cmd)))
            t = time.perf_counter()
            journal.submit(game, cmd)
            submit_times.append(time.perf_counter() - t)
        bare.conn.close()
        two.conn.close()
        os.close(two.fd)
        final = journal.state(game).to_dict()
        journal.close()

        reopen_times, replay_times = [], []
        for _ in range(args.repeat):
            t = time.perf_counter()
            journal = Journal(db, game=rules)
            reopened = journal.state(game)
            reopen_times.append(time.perf_counter() - t)
            t = time.perf_counter()
            replayed = journal.replayed_state(game)
            replay_times.append(time.perf_counter() - t)
            journal.close()
            assert reopened.to_dict() == final == replayed.to_dict()
        size = sum(p.stat().st_size for p in Path(tmp).glob("bench.sqlite3*"))

        # a journal of many games: opening reads and checks every row of both copies
        many = Path(tmp) / "many.sqlite3"
        with Journal(db, game=rules, readonly=True) as source, Journal(many, game=rules) as target:
            record = source.export(game)
            for _ in range(args.games):
                target.import_record(record)
        open_times, read_times = [], []
        for _ in range(args.repeat):
            t = time.perf_counter()
            Journal(many, game=rules).close()
            open_times.append(time.perf_counter() - t)
            t = time.perf_counter()  # baseline: reading the same rows with bare sqlite3
            conn = sqlite3.connect(many)
            conn.execute("SELECT * FROM commands").fetchall()
            conn.execute("SELECT * FROM games").fetchall()
            conn.close()
            read_times.append(time.perf_counter() - t)

    ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    submit, apply_ = ms(submit_times), ms(apply_times)
    reopen, replay, raw, raw_two = ms(reopen_times), ms(replay_times), ms(raw_times), ms(two_times)
    p90 = sorted(submit_times)[int(len(submit_times) * 0.9)] * 1000
    print(f"game: {name}, {len(commands)} commands, journal {size / 1024:.0f} KiB")
    print(f"commit one command (submit): median {submit:.2f} ms, p90 {p90:.2f} ms  (target < 5 ms)")
    print(f"  baseline engine apply alone: median {apply_:.3f} ms; submit / apply = {submit / apply_:.1f}x")
    print(f"  baseline bare sqlite3 INSERT+COMMIT (WAL, FULL) on the same disk: median {raw:.2f} ms; "
          f"submit / bare = {submit / raw:.1f}x")
    print(f"  baseline bare sqlite3 commit + fdatasync'd append to a second file: median {raw_two:.2f} ms; "
          f"submit / that = {submit / raw_two:.1f}x")
    print(f"reopen the {len(commands)}-command game: median {reopen:.1f} ms over {args.repeat}  (target < 200 ms)")
    print(f"  baseline full replay without snapshots: median {replay:.1f} ms; reopen / replay = {reopen / replay:.2f}x")
    opened, read = ms(open_times), ms(read_times)
    print(f"open a journal of {args.games} such games ({args.games * len(commands)} commands), both copies checked: "
          f"median {opened:.1f} ms")
    print(f"  baseline bare sqlite3 reading every row: median {read:.1f} ms; open / read = {opened / read:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
