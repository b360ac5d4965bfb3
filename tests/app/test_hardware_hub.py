"""The hub's one-device-per-seat holds (companion.phones.arbiter) follow the handsets: a seat a
handset or the keypad held is freed once its handset is no longer locked (an undo took the
lock back, or a new request opened), so its next lock from its other device is not refused;
a phone's hold stays the phones' desk's (docs/phones.md)."""

from companion.app.hardware_hub import HardwareHub
from companion.app.settings import Settings
from companion.phones.arbiter import KEYPAD, PHONE
from hardware.asks import Ask

ASK = Ask(minimum=1, maximum=3, step=1)


def test_a_hold_outlives_its_lock_no_longer():
    hub = HardwareHub(Settings({"hardware": "simulated"}))
    hub.start()
    try:
        hs = hub.handsets
        hs.start_sealed({0: ASK, 1: ASK, 2: ASK})
        hub.from_keypad(2)
        hs.set_value(2, 2)
        hs.lock(2)  # the keypad locks seat 2 through its handset: the keypad holds it
        assert hub.arbiter.holder(2) == KEYPAD and hs.state(2) == "locked"
        assert hub.arbiter.take(0, KEYPAD) is None and hub.arbiter.take(1, PHONE) is None
        hub.forget_stale_holds()
        assert hub.arbiter.holder(2) == KEYPAD  # still locked: still held
        assert hub.arbiter.holder(0) is None  # its handset is not locked: nothing to hold
        assert hub.arbiter.holder(1) == PHONE  # the phones' desk keeps its own
        hs.start_sealed({0: ASK, 1: ASK, 2: ASK})  # the rules took the locks back (an undo), or a new round
        hub.forget_stale_holds()
        assert hub.arbiter.holder(2) is None
        hs.set_value(2, 3)
        hs.lock(2)  # now from the handset itself: not refused as held by the keypad
        assert hub.notice == "" and hub.arbiter.holder(2) == "handset"
    finally:
        hub.stop()


def test_handsets_that_cannot_open_keep_the_refusals_key(monkeypatch):
    """The settings screen says why the handsets did not open in the table's language: the hub
    keeps the keyed refusal, not its English text."""
    from companion.core.i18n import localized
    from companion.errors import HardwareError
    from hardware.handsets import BidHandsets

    refusal = HardwareError.of("keyboard_needs_mock")

    def refuse(*args, **kwargs):
        raise refusal

    monkeypatch.setattr(BidHandsets, "from_settings", refuse)
    hub = HardwareHub(Settings({"hardware": "simulated"}))
    hub.start()
    try:
        assert hub.handsets is None
        shown = hub.status()["handsets"]
        assert localized(shown, "it") == localized(refusal.message, "it") != refusal.reason
    finally:
        hub.stop()


def test_a_request_for_several_seats_is_one_redraw():
    """docs/performance.md (issue 13), Leonardo's first Start: opening the factions on three
    handsets posts three seat states; the screen is redrawn once they have all arrived, not
    once each (three whole refreshes in the frame after the tap on the old code)."""
    queued = []
    hub = HardwareHub(Settings({"hardware": "simulated"}), post=queued.append)  # as Kivy's clock: run later
    told = []
    hub.listeners.append(lambda: told.append(dict(hub.seat_states)))
    hub.start()
    try:
        hub.handsets.start_sealed({0: ASK, 1: ASK, 2: ASK})
        while queued:
            queued.pop(0)()
        assert told == [{0: "entering", 1: "entering", 2: "entering"}]
        told.clear()
        hub.handsets.lock(1)  # one seat's state and its lock: still told
        while queued:
            queued.pop(0)()
        assert told and told[-1][1] == "locked"
    finally:
        hub.stop()


def _unplugged() -> str:
    from hardware.messages import text

    return text("reader_unplugged")


def test_a_restart_takes_the_closed_readers_notice_with_it():
    """Issue 13 (a test failing only after the dice tests): the reader went away ("dice reader
    unplugged: reconnecting", shown by Leonardo's auction, market and setup screens) and the
    devices were reopened (the settings changed): that reader is closed, so its notice is no
    longer shown, and the screens are told to draw again (the count of notices moves)."""
    hub = HardwareHub(Settings({"hardware": "simulated"}))
    hub.start()
    try:
        hub.dice._reader_event({"type": "disconnected", "port": "/dev/pts/9", "text": _unplugged()})
        assert hub.notice == _unplugged()
        seen = hub.notices
        hub.restart()
        assert hub.notice == "" and hub.notices != seen
    finally:
        hub.stop()


def test_what_closed_devices_posted_is_dropped_when_it_arrives():
    """The reader's last words (its unplugged notice, a roll it read) and a closed handset's
    state are posted to the main thread; arriving after the restart, they are not taken: the
    notice of a reader that no longer exists stayed on the screen until the next one."""
    from hardware.dice import Roll

    queued: list = []
    hub = HardwareHub(Settings({"hardware": "simulated"}), post=queued.append)
    hub.start()
    try:
        hub.dice.request(2, "d10")
        hub.dice._reader_event({"type": "disconnected", "port": "/dev/pts/9", "text": _unplugged()})
        hub.dice._reader_event({"type": "roll", "roll": Roll("d10", (3, 4), "reader")})
        on_state = hub.handsets.on_state
        queued.append(lambda: on_state(0, "locked"))  # as the closed handsets post a seat's state
        hub.restart()
        for fn in queued:
            fn()
        assert hub.notice == "" and hub.dice_candidate is None and hub.seat_states == {}
        queued.clear()
        hub.dice._reader_event({"type": "disconnected", "port": "/dev/pts/9", "text": _unplugged()})
        for fn in queued:
            fn()
        assert hub.notice == _unplugged()  # the devices open now are heard
    finally:
        hub.stop()
