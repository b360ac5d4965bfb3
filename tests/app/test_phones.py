"""Phones in the shell (issue 14; docs/phones.md): switched on by a touch in Settings, a QR code
per seat on the Phones screen, a phone's lock reaching the rules through the main thread, one
device per seat (the handset refused while the phone holds it), undo and new games followed,
"kick this phone" and an engine's refusal sent back to the phone. Real widgets, the real
server, a websocket client standing for the phone."""

from __future__ import annotations

import pytest

from companion.app import harness
from companion.games.magnifico import commands as C
from tests.app.phone import Phone, wait
from tests.games.magnifico.ui.games import new_game_with_cards_removed, roll_start_order
from tests.games.magnifico.ui.test_handset_keys import key


def to_bidding(app):
    s = app.session
    new_game_with_cards_removed(app)
    roll_start_order(s, ((0, ["hit"] * 6), (1, ["blank"] * 6), (2, ["blank"] * 6)))
    for seat in range(3):
        assert s.send(C.PlaceFirstCastle(seat, s.action("PlaceFirstCastle")["territories"][seat * 7])).ok
    draw = s.action("DrawAuction")
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], draw["project_cards"][0]))).ok
    return s


def close_dialogs(app):
    from kivy.core.window import Window

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    wait(lambda: list(Window.children) == [app.root], 2)


@pytest.fixture
def phones_on(home, monkeypatch):
    """Phones switched on by a touch in Settings (on any free port); off again afterwards."""
    app = home
    monkeypatch.setitem(app.settings.values, "phones_port", 0)
    app.go("settings")
    harness.frames(2)
    assert app.phones is not None and not app.phones.on  # off by default
    harness.tap(harness.find_id("phones_on"))
    assert wait(lambda: app.phones.on) and app.settings.get("phones") is True  # the first: its module loads first
    phones: list[Phone] = []
    yield app, phones
    for p in phones:
        p.close()
    close_dialogs(app)
    app.go("settings")
    harness.frames(2)
    harness.tap(harness.find_id("phones_off"))
    assert not app.phones.on


def test_a_phone_bids_through_the_shell(phones_on):
    app, phones = phones_on
    s = to_bidding(app)
    server = app.phones.server
    assert server.tokens.seats == 3  # a token per seat of the new game
    # the Phones screen, from the menu: a code per seat, the seat's own address in it
    app.go_current()
    harness.frames(2)
    app.open_menu()
    harness.frames(2)
    harness.tap(app.dialog.ids["menu_phones"])
    harness.frames(3)
    assert app.manager.current == "phones"
    for seat in range(3):
        card = harness.find_id(f"seat_{seat}")
        w, h, _ = server.qr_rgba(seat, scale=4)
        assert card.url == server.join_url(seat) and card.texture.size == (w, h)
        assert card.state_text == app.t("phones.waiting")
    # seat 0's phone joins: its card says so; it is asked for its bid
    phone = Phone(server.port, server.tokens.token(0))
    phones.append(phone)
    assert wait(lambda: harness.find_id("seat_0").state_text == app.t("phones.joined"))
    assert wait(lambda: bool(phone.received) and phone.state()["status"] == "owes")
    assert phone.state()["request"]["minimum"] == 10
    # its lock reaches the rules on the main thread; the phone sees it locked, with its own amount
    phone.lock(20)
    assert wait(lambda: 0 in s.view()["auction"].get("locked", []))
    assert wait(lambda: phone.state()["status"] == "locked" and phone.state()["own"] == 20)
    assert app.hardware.arbiter.holder(0) == "phone"
    # the seat's handset may not unlock or lock over the phone: refused, said on screen
    key(app, "a")
    assert wait(lambda: getattr(app.hardware.notice, "key", None) == "held_phone")
    assert wait(lambda: app.root.ids.toast.text == app.reason(app.hardware.notice))
    assert "Seat 1 locked on its phone" in app.root.ids.toast.text
    assert 0 in s.view()["auction"]["locked"]
    # an undo takes the lock back: the phone is asked again
    app.undo()
    assert wait(lambda: phone.state()["status"] == "owes")
    assert app.hardware.arbiter.holder(0) is None
    # an engine refusal goes back to the phone
    bids = app.uis["magnifico"].bids
    original = bids.locked
    bids.locked = lambda seat, value: "refused by the rules"
    try:
        phone.lock(30)
        assert wait(lambda: any(m.get("op") == "refused" and "refused by the rules" in str(m.get("text"))
                                for m in phone.received))
    finally:
        bids.locked = original
    assert 0 not in s.view()["auction"].get("locked", [])


def test_kick_and_a_new_game_give_new_codes(phones_on):
    app, phones = phones_on
    to_bidding(app)
    server = app.phones.server
    old = server.tokens.token(1)
    phone = Phone(server.port, old)
    phones.append(phone)
    assert wait(lambda: app.phones.presence.get(1) is True)
    app.go("settings")
    harness.frames(2)
    screen = app.screens["settings"]
    kicks = list(screen.ids.kicks.children)
    redraws = []  # during the kick itself (the phone leaving redraws again later, as it should)
    screen.refresh = lambda original=screen.refresh: (redraws.append(1), original())[1]
    screen.kick = lambda seat, original=screen.kick: (redraws.append("kick"), original(seat), redraws.append("done"))
    try:
        harness.tap(harness.find_id("kick_1"))  # "Kick Bruno's phone"
    finally:
        del screen.refresh, screen.kick
    # issue 13: the link's news redraws the screen once (not again after it), its buttons kept
    assert redraws[:redraws.index("done")] == ["kick", 1] and list(screen.ids.kicks.children) == kicks
    assert wait(lambda: phone.closed_with is not None)
    assert any(m.get("op") == "bye" and m.get("reason") == "kicked" for m in phone.received)
    assert server.tokens.token(1) != old and server.tokens.seat_of(old) is None
    others = [server.tokens.token(seat) for seat in (0, 2)]
    to_bidding(app)  # a new game: every seat a new code
    assert all(server.tokens.seat_of(t) is None for t in others)


def restart_phones(app):
    """Phones off and on again in Settings: a new server, as after a restart of the app."""
    app.go("settings")
    harness.frames(2)
    harness.tap(harness.find_id("phones_off"))
    assert not app.phones.on
    harness.tap(harness.find_id("phones_on"))
    assert wait(lambda: app.phones.on)
    return app.phones.server


def test_a_restart_keeps_the_open_games_codes(phones_on):
    """A pulled plug must not send five players back to scanning: the resumed game's codes
    still work, kept beside the journal for its owner only; a kick's new code is the kept one."""
    import os
    import stat

    app, phones = phones_on
    s = to_bidding(app)
    server = app.phones.server
    codes = [server.tokens.token(seat) for seat in range(3)]
    kept = f"{s.journal.path}.phones.json"
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    server = restart_phones(app)
    assert server is not app.phones.server or server.tokens.seats == 3
    assert [server.tokens.token(seat) for seat in range(3)] == codes  # the same game: the same codes
    phone = Phone(server.port, codes[2])
    phones.append(phone)
    assert wait(lambda: app.phones.presence.get(2) is True)  # the old code joins the new server
    harness.tap(harness.find_id("kick_2"))
    assert wait(lambda: phone.closed_with is not None)
    fresh = server.tokens.token(2)
    server = restart_phones(app)
    assert server.tokens.seat_of(codes[2]) is None and server.tokens.token(2) == fresh
    to_bidding(app)  # a new game: none of the kept codes work
    assert all(server.tokens.seat_of(code) is None for code in codes[:2] + [fresh])


def test_the_first_switch_on_loads_the_server_off_the_tap(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): the app's first switch-on shows the switch on at once
    and loads the server's module (aiohttp: 0.15 to 0.2 s) in a thread; the server starts on
    the main thread once it is loaded. Switched off meanwhile, it does not start."""
    import threading

    from companion.app import phone_link

    app = home
    monkeypatch.setitem(app.settings.values, "phones_port", 0)
    loaded = threading.Event()
    threads = []

    def slow_load():
        threads.append(threading.current_thread())
        assert loaded.wait(10)

    monkeypatch.setattr(phone_link, "_server_loaded", lambda: False, raising=False)
    monkeypatch.setattr(phone_link, "_load_server", slow_load, raising=False)
    app.go("settings")
    harness.frames(2)
    screen, link = app.screens["settings"], app.phones
    try:
        harness.tap(harness.find_id("phones_on"))
        assert not link.on and link.starting  # not started in the tap: still loading
        assert screen.phones_on and screen.phones_line == app.t("settings.phones_starting")
        assert app.settings.get("phones") is True and threads and threads[0] is not threading.main_thread()
        loaded.set()
        assert wait(lambda: link.on)
        assert not link.starting and screen.phones_line.startswith(app.t("settings.phones_address", address="")[:6])
        harness.tap(harness.find_id("phones_off"))
        loaded.clear()
        harness.tap(harness.find_id("phones_on"))
        harness.tap(harness.find_id("phones_off"))  # before the module is loaded
        assert not screen.phones_on
        loaded.set()
        wait(lambda: False, 0.3)
        assert not link.on and not link.starting
        loaded.clear()
        harness.tap(harness.find_id("phones_on"))
        link.stop()  # let go of while loading (the app restarting its session, or stopping)
        loaded.set()
        wait(lambda: False, 0.3)
        assert not link.on and not link.starting
    finally:
        loaded.set()
        link.switch(False)
        harness.frames(2)


def test_the_seats_codes_are_made_while_the_menu_is_read(phones_on, monkeypatch):
    """The Phones screen's visit from the menu made every seat's code in its tap (51 ms at a
    table's pace, issue 13): they are made while the menu is shown, and the visit makes none."""
    app, _ = phones_on
    to_bidding(app)
    app.go_current()
    harness.frames(2)
    app.open_menu()
    harness.frames(2)
    harness.idle(app, 3)  # the menu read: the clock's idle checks with no touch for long
    server = app.phones.server
    made: list[int] = []
    real = type(server).qr_rgba
    monkeypatch.setattr(type(server), "qr_rgba", lambda self, seat, **kw: made.append(seat) or real(self, seat, **kw))
    harness.tap(app.dialog.ids["menu_phones"])
    harness.frames(2)
    assert app.manager.current == "phones" and made == []
    for seat in range(3):
        assert harness.find_id(f"seat_{seat}").url == server.join_url(seat)
