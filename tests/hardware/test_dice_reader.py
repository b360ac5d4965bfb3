"""The dice reader through a pty pair (the dice reader protocol, version 2: hardware/README.md)."""

import json
import logging
import threading
import time

import pytest

from companion.cli import main as companion_main
from hardware.dice import DiceDesk
from hardware.dice_protocol import frame
from hardware.dice_reader import DiceReader, ReaderNotFound, find_reader, open_port
from hardware.errors import HardwareError
from hardware.simulate import VirtualReader


class Events:
    def __init__(self):
        self.items = []
        self.cond = threading.Condition()

    def __call__(self, event):
        with self.cond:
            self.items.append(event)
            self.cond.notify_all()

    def wait(self, type_, timeout=3.0, after=0):
        with self.cond:
            ok = self.cond.wait_for(lambda: any(e["type"] == type_ for e in self.items[after:]), timeout)
        assert ok, f"no {type_} event; got {[e['type'] for e in self.items]}"
        return next(e for e in self.items[after:] if e["type"] == type_)

    def of(self, type_):
        return [e for e in self.items if e["type"] == type_]


@pytest.fixture
def sim():
    s = VirtualReader(hello_every=0.05).start()
    yield s
    s.unplug()


def connect(port, **kwargs):
    events = Events()
    reader = DiceReader(port, backoff=(0.02, 0.1), read_timeout=0.02, **kwargs)
    reader.add_listener(events)
    reader.start()
    return reader, events


@pytest.fixture
def reader(sim):
    r, events = connect(sim.path)
    events.wait("connected")
    assert sim.wait_heard()
    yield r, events
    r.stop()


def test_a_valid_roll_while_armed_is_a_candidate(sim, reader):
    r, events = reader
    r.arm(4, "mag")
    assert sim.wait_command("ARM") == "ARM 4 mag"
    sim.send("ROLLING")
    sim.roll("mag", ["H", "B", "X", "H"])
    roll = events.wait("roll")["roll"]
    assert roll.to_json() == {"kind": "mag", "faces": ["hit", "blank", "explosion", "hit"]}
    assert roll.source == "reader"
    assert events.of("rolling")


def test_noise_bad_checksums_and_long_lines_are_counted_and_logged(sim, reader, caplog):
    """Spec: "A line with a missing or wrong checksum is dropped and counted, never applied";
    malformed lines, unknown words and binary noise are counted and logged, never fatal."""
    caplog.set_level(logging.WARNING, logger="hardware.dice_reader")
    r, events = reader
    r.arm(2, "d6")
    sim.wait_command("ARM")
    sim.raw(bytes([0x00, 0xFF, 0x80, 0x13, 0x7F]) + b"\r\n")  # binary noise
    sim.raw(b"ROLL 5 d6 6,6 *0000\n")  # wrong CRC: dropped, never applied
    sim.raw(b"ROLL 6 d6 5,5\n")  # no checksum at all: dropped too (version 2)
    sim.raw(b"ROLL 8 d6 2,2 *00\n")  # a version-1 XOR checksum: not a checksum any more
    sim.raw(b"R" * 121 + b"\n")  # over 120 bytes
    sim.raw(frame("FOO bar"))  # unknown word
    sim.raw(frame("ROLL x d6 1,2"))  # malformed
    sim.raw(frame("ROLL 9 d6 7,1"))  # a d6 shows no 7
    sim.raw(frame("ROLL 7 d6 3,4").replace(b"\n", b"\r\n"))  # valid, with \r
    roll = events.wait("roll")["roll"]
    assert roll.values == (3, 4) and roll.seq == 7
    assert len(events.of("roll")) == 1
    s = r.stats
    assert (s["binary"], s["checksum"], s["no_checksum"], s["too_long"], s["unknown"], s["malformed"]) == (
        1, 1, 2, 1, 1, 2)
    assert s["garbage"] == 8
    assert any("bad checksum" in rec.getMessage() for rec in caplog.records)
    assert any("without a checksum" in rec.getMessage() for rec in caplog.records)
    assert any("binary noise" in rec.getMessage() for rec in caplog.records)


def test_a_reader_without_checksums_is_never_believed(tmp_path):
    """Every line of a reader that sends no CRC is dropped: HELLO, rolls, PONG."""
    sim = VirtualReader(checksums=False, hello_every=0.05).start()
    r, events = connect(sim.path)
    try:
        events.wait("connected")
        sim.wait_heard()
        r.arm(1, "mag")
        sim.wait_command("ARM")
        sim.roll("mag", ["H"])
        sim.send("PONG")
        deadline = time.monotonic() + 2
        while r.stats["no_checksum"] < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not events.of("roll") and not events.of("pong") and r.hello is None
        assert r.stats["no_checksum"] >= 2
    finally:
        r.stop()
        sim.unplug()


def test_a_d10_roll_with_a_0_face_reads_10(sim, reader):
    """Spec: Magnate's d10 "a 0 face is also accepted and means 10"."""
    r, events = reader
    r.arm(3, "d10")
    sim.wait_command("ARM")
    sim.roll("d10", [0, 7, 10])
    assert events.wait("roll")["roll"].values == (10, 7, 10)


def test_a_repeated_seq_is_ignored(sim, reader):
    r, events = reader
    r.arm(1, "d12")
    sim.wait_command("ARM")
    sim.roll("d12", [12])
    events.wait("roll")
    sim.again()  # the same roll again: same seq
    r.dump()  # DUMP: the reader sends the last roll again, still the same seq
    sim.wait_command("DUMP")
    sim.roll("d12", [11])
    second = events.wait("roll", after=events.items.index(events.of("roll")[0]) + 1)
    assert second["roll"].values == (11,)
    assert len(events.of("roll")) == 2
    assert r.stats["repeats"] == 2


def test_wrong_sized_or_wrong_kind_rolls_are_reported_never_applied(sim, reader):
    r, events = reader
    sim.roll("mag", ["H"])  # not armed
    assert "no roll was expected" in events.wait("rejected")["text"]
    r.arm(6, "mag")
    sim.wait_command("ARM")
    sim.roll("mag", ["H", "H", "B", "B", "X"])
    sim.roll("d6", [1, 2, 3, 4, 5, 6])
    sim.roll("mag", ["H"] * 6)
    events.wait("roll")
    texts = [e["text"] for e in events.of("rejected")]
    assert texts[1:] == ["5 dice seen, 6 expected", "d6 dice seen, mag expected"]
    assert len(events.of("roll")) == 1 and r.stats["rejected"] == 3


def test_reader_errors_and_pong_are_reported(sim, reader):
    r, events = reader
    sim.send("ERR dirty lens")
    assert events.wait("error")["text"] == "dice reader: dirty lens"
    r.ping()
    events.wait("pong")


def test_unplug_and_replug_mid_game(tmp_path):
    link = str(tmp_path / "dice-reader")  # like /dev/serial/by-id/...: the path survives replugging
    sim = VirtualReader(link=link, hello_every=0.05).start()
    r, events = connect(link)
    try:
        events.wait("connected")
        sim.wait_heard()
        r.arm(3, "mag")
        sim.wait_command("ARM")
        sim.roll("mag", ["H", "H", "H"])
        events.wait("roll")
        sim.unplug()
        assert "unplugged" in events.wait("disconnected")["text"]
        assert not r.connected.is_set()
        n = len(events.items)
        sim.start()  # plugged in again: a new pty behind the same path
        events.wait("connected", after=n)
        assert sim.wait_command("ARM") == "ARM 3 mag"  # the request is sent again
        sim.roll("mag", ["X", "B", "H"])
        assert events.wait("roll", after=n)["roll"].values == ("explosion", "blank", "hit")
        assert r.stats["disconnects"] == 1 and r.stats["opened"] == 2
    finally:
        r.stop()
        sim.unplug()


def test_a_port_that_never_existed_is_retried_with_backoff(tmp_path):
    r, events = connect(str(tmp_path / "nothing"))
    try:
        assert not r.connected.wait(0.2)
        assert "nothing" in r.last_problem and "retrying" in r.status
    finally:
        r.stop()


def test_auto_detect_keeps_the_port_that_says_hello():
    silent = VirtualReader(hello=False).start()
    talker = VirtualReader(model="TRAY", hello_every=0.05).start()
    try:
        port, ser, hello, _, _ = find_reader([silent.path, talker.path], timeout=2)
        ser.close()
        assert port == talker.path and hello.model == "TRAY"
    finally:
        silent.unplug()
        talker.unplug()


def test_a_reader_that_never_says_hello_is_not_found_in_time():
    silent = VirtualReader(hello=False).start()
    try:
        with pytest.raises(ReaderNotFound, match=rf"no dice reader answered HELLO within 0.2 s on {silent.path}"):
            find_reader([silent.path], timeout=0.2)
        with pytest.raises(ReaderNotFound, match="no serial port"):
            find_reader([], timeout=0.2)
        r = DiceReader(None, hello_timeout=0.1, backoff=(0.02, 0.05), ports=lambda: [silent.path])
        with pytest.raises(HardwareError, match=r"no roll of 2 mag dice within 0.4 s \(no dice reader answered HELLO"):
            r.wait_roll(2, "mag", timeout=0.4)
        r.stop()
    finally:
        silent.unplug()


def test_the_port_is_opened_exclusively(sim):
    first = open_port(sim.path)
    try:
        with pytest.raises(OSError):
            open_port(sim.path)
    finally:
        first.close()


def test_the_desk_arms_the_reader_and_only_a_confirmed_roll_leaves_it(sim, reader):
    r, events = reader
    candidates, notices = [], []
    desk = DiceDesk(reader=r, on_candidate=candidates.append, on_notice=notices.append)
    desk.request(2, "mag")
    assert sim.wait_command("ARM") == "ARM 2 mag"
    sim.send("ROLLING")
    sim.roll("mag", ["H", "X", "B"])
    sim.roll("mag", ["H", "X"])
    events.wait("roll")
    assert "3 dice seen, 2 expected" in notices and "dice rolling" in notices
    assert candidates[0].values == ("hit", "explosion")
    roll = desk.confirm()
    assert roll.values == ("hit", "explosion") and desk.candidate is None
    assert sim.wait_command("DISARM") == "DISARM"


def test_command_line_prints_one_roll(sim, capsys):
    def roll_when_armed():
        sim.wait_command("ARM", 5)
        sim.roll("d10", [10, 1])  # wrong count: reported, the wait goes on
        sim.roll("d10", [10, 1, 7])

    threading.Thread(target=roll_when_armed, daemon=True).start()
    code = companion_main(["dice", "--port", sim.path, "--expect", "3", "--kind", "d10", "--timeout", "5"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out) == {"kind": "d10", "values": [10, 1, 7]}
    assert "2 dice seen, 3 expected" in err


def test_command_line_times_out_with_a_message(sim, capsys):
    code = companion_main(["dice", "--port", sim.path, "--expect", "1", "--kind", "mag", "--timeout", "0.3"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "no roll of 1 mag die within 0.3 s" in err


def test_a_reader_that_stops_answering_ping_is_reported(sim):
    sim.answer_ping = False
    r, events = connect(sim.path, ping_s=0.05)
    try:
        events.wait("connected")
        assert events.wait("error")["text"] == "dice reader does not answer (type the faces meanwhile)"
        assert r.status == "dice reader: not answering PING"
        n = len(events.items)
        sim.send("PONG")
        assert events.wait("connected", after=n)["text"] == "dice reader answers again"
    finally:
        r.stop()


def test_command_line_without_a_port_says_no_reader_answered_hello(monkeypatch, capsys):
    import hardware.dice_reader as dr

    silent = VirtualReader(hello=False).start()
    monkeypatch.setattr(dr, "serial_ports", lambda: [silent.path])
    try:
        code = companion_main(["dice", "--expect", "2", "--kind", "d6", "--timeout", "0.5"])
    finally:
        silent.unplug()
    out, err = capsys.readouterr()
    assert code == 1
    assert f"no dice reader answered HELLO within 0.25 s on {silent.path}" in err


# -- a reader of another protocol version (issue 12: "a reader announcing v1 is refused
# with a message naming the version")

def test_a_v1_reader_on_a_set_port_is_refused_naming_its_version(tmp_path):
    old = VirtualReader(protocol=1, hello_every=0.05).start()
    r, events = connect(old.path)
    try:
        events.wait("connected")
        old.wait_heard()
        refused = events.wait("incompatible")
        assert refused["version"] == "v1"
        assert "speaks protocol v1; this app needs v2" in refused["text"]
        assert refused["text"].localized("it").startswith("il lettore di dadi parla il protocollo v1")
        assert "speaks protocol v1" in r.status
        t0 = time.monotonic()
        with pytest.raises(HardwareError, match="protocol v1"):
            r.wait_roll(1, "mag", timeout=5)
        assert time.monotonic() - t0 < 1  # refused at once, not after the timeout
        old.roll("mag", ["H"])  # a version-1 line: never applied
        time.sleep(0.1)
        assert not events.of("roll")
    finally:
        r.stop()
        old.unplug()


def test_a_reader_announcing_v2_after_v1_is_accepted_again(sim):
    """A reflashed reader: a valid version-2 HELLO lifts the refusal."""
    r, events = connect(sim.path)
    try:
        events.wait("connected")
        sim.wait_heard()
        r.feed(b"HELLO SIM 3.0 mag v3\n")  # as if it had said so
        assert events.wait("incompatible")["version"] == "v3"
        n = len(events.items)
        sim.hello()
        events.wait("hello", after=n)
        assert r.refused is None
        r.arm(1, "mag")
        sim.wait_command("ARM")
        sim.roll("mag", ["X"])
        assert events.wait("roll")["roll"].values == ("explosion",)
    finally:
        r.stop()


def test_auto_detect_names_the_version_of_an_old_reader():
    old = VirtualReader(protocol=1, hello_every=0.05).start()
    try:
        t0 = time.monotonic()
        with pytest.raises(ReaderNotFound, match=rf"the dice reader on {old.path} speaks protocol v1; this app needs v2"):
            find_reader([old.path], timeout=3)
        assert time.monotonic() - t0 < 2  # every port has answered: no need to wait the timeout out
    finally:
        old.unplug()


def test_command_line_refuses_an_old_reader_at_once(capsys):
    old = VirtualReader(protocol=1, hello_every=0.05).start()
    try:
        t0 = time.monotonic()
        code = companion_main(["dice", "--port", old.path, "--expect", "1", "--kind", "mag", "--timeout", "10"])
        elapsed = time.monotonic() - t0
    finally:
        old.unplug()
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and elapsed < 5
    assert err.strip().splitlines()[-1] == (
        "dice: the dice reader speaks protocol v1; this app needs v2: update the reader's firmware")


def test_the_desk_reports_a_roll_of_the_wrong_size_to_the_screen(sim, reader):
    """Issue 15 item 2: "a roll of the wrong size is shown on screen, not only logged"."""
    r, events = reader
    rejected = []
    desk = DiceDesk(reader=r, on_rejected=lambda roll, why: rejected.append((roll, why)))
    desk.request(3, "d6")
    sim.wait_command("ARM")
    sim.roll("d6", [1, 2])
    events.wait("rejected")
    deadline = time.monotonic() + 5  # the desk hears of it right after the reader's own event
    while not rejected and time.monotonic() < deadline:
        time.sleep(0.005)
    roll, why = rejected[0]
    assert roll.values == (1, 2) and why == "2 dice seen, 3 expected"
    assert why.localized("it") == "2 dadi visti, attesi 3"
    assert desk.candidate is None
