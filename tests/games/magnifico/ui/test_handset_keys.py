"""On a laptop the handsets are keys (hardware.keyboard: 1/q/a for seat 0, 3/e/d for seat 1...):
a key drives the MockFactory pin, the handset locks, the engine gets the sealed bid."""

import time

import pytest

from companion.app import harness
from companion.games.magnifico import commands as C
from tests.games.magnifico.ui.games import new_game_with_cards_removed, roll_start_order


def key(app, char, seconds=0.07):
    app._on_key_down(None, ord(char))
    time.sleep(seconds)
    app._on_key_up(None, ord(char))
    time.sleep(seconds)


def test_keys_lock_a_bid(home):
    app, s = home, home.session
    assert app.hardware.handsets is not None and app.hardware.keyboard is not None
    new_game_with_cards_removed(app)
    roll_start_order(s, ((0, ["hit"] * 6), (1, ["blank"] * 6), (2, ["blank"] * 6)))
    for seat in range(3):
        assert s.send(C.PlaceFirstCastle(seat, s.action("PlaceFirstCastle")["territories"][seat * 7])).ok
    draw = s.action("DrawAuction")
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], draw["project_cards"][0]))).ok
    app.go_current()
    harness.frames(2)
    assert app.manager.current == "magnifico.auction"
    key(app, "1")  # seat 0: up, from 10 to 20
    key(app, "a")  # seat 0: lock
    harness.frames(3)
    assert app.hardware.seat_states.get(0) == "locked"
    assert app.banner == app.t("banner.bidding", locked=1, n=3)
    key(app, "a")  # press again before the reveal: unlock (hardware settings: unlock "press")
    harness.frames(3)
    assert app.hardware.seat_states.get(0) == "entering"
    assert app.banner == app.t("banner.bidding", locked=0, n=3)
    for k in ("a", "d", "g"):
        key(app, k)
    harness.frames(3)
    assert s.view()["phase"] == "choosing"
    assert s.view()["auction"]["bids"] == {"0": 20, "1": 10, "2": 10}


def test_a_seat_sees_its_own_amount_only_while_its_key_is_held(home):
    """Issue 15 item 2: keyboard handsets on a laptop show each seat its own amount without
    showing it to the others: the seat's display is on screen while its key is down."""
    from tests.app.phone import wait

    app, s = home, home.session
    new_game_with_cards_removed(app)
    roll_start_order(s, ((0, ["hit"] * 6), (1, ["blank"] * 6), (2, ["blank"] * 6)))
    for seat in range(3):
        assert s.send(C.PlaceFirstCastle(seat, s.action("PlaceFirstCastle")["territories"][seat * 7])).ok
    draw = s.action("DrawAuction")
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], draw["project_cards"][0]))).ok
    app.go_current()
    harness.frames(2)
    assert app.peek_text == ""
    app._on_key_down(None, ord("1"))  # Anna's up, held: 10 -> 20
    assert wait(lambda: app.peek_text == "Anna's handset: 20"), app.peek_text
    assert app.root.ids.peek.opacity == 1
    app._on_key_up(None, ord("1"))
    assert app.peek_text == "" and app.root.ids.peek.opacity == 0  # gone with the key
    app._on_key_down(None, ord("e"))  # Bruno's down, held: his own display, never Anna's 20
    assert wait(lambda: app.peek_text.startswith("Bruno's handset:"))
    assert "20" not in app.peek_text
    app._on_key_up(None, ord("e"))
    assert app.peek_text == ""


def test_a_key_that_cannot_press_real_pins_is_said_in_the_tables_language(home, monkeypatch):
    """On real pins the keyboard cannot press a handset (hardware.keyboard refuses): the notice
    is in the table's language, not the refusal's English text."""
    from companion.core.i18n import localized
    from companion.errors import HardwareError

    app = home
    refusal = HardwareError.of("keyboard_needs_mock")

    def refuse(char, pressed):
        raise refusal

    monkeypatch.setattr(app.hardware, "key", refuse)
    app.set_lang("it")
    try:
        assert app._handset_key(ord("1"), True) is False
        harness.frames(1)
        assert app.root.ids.toast.text == localized(refusal.message, "it") != refusal.reason
    finally:
        app.set_lang("en")
