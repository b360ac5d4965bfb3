"""companion.phones.arbiter: a seat uses a handset, the keypad or a phone, one at a time
(issue 14: "same rules as the handsets")."""

from __future__ import annotations

import threading

import pytest

from companion.phones.arbiter import HANDSET, KEYPAD, PHONE, Arbiter


def test_the_device_that_locks_holds_the_seat():
    a = Arbiter()
    assert a.take(0, PHONE) is None
    assert a.take(0, PHONE) is None  # the same device again
    assert a.take(0, HANDSET) == PHONE
    assert a.may_unlock(0, KEYPAD) == PHONE
    assert a.may_unlock(0, PHONE) is None
    assert a.take(1, HANDSET) is None  # another seat is its own
    assert a.holder(1) == HANDSET


def test_an_unlock_frees_the_seat_for_any_device():
    a = Arbiter()
    a.take(0, HANDSET)
    a.release(0, PHONE)  # not the holder: nothing happens
    assert a.holder(0) == HANDSET
    a.release(0, HANDSET)
    assert a.take(0, PHONE) is None


def test_a_free_seat_may_be_unlocked_by_any_device():
    """A lock made before a restart has no known holder: any of the seat's devices unlocks it."""
    assert Arbiter().may_unlock(3, PHONE) is None


def test_keep_only_and_reset():
    a = Arbiter()
    for seat, source in ((0, PHONE), (1, HANDSET), (2, KEYPAD)):
        a.take(seat, source)
    a.keep_only({1})  # an undo took the locks of seats 0 and 2 back
    assert (a.holder(0), a.holder(1), a.holder(2)) == (None, HANDSET, None)
    a.reset()
    assert a.holder(1) is None


def test_an_unknown_device_is_refused():
    with pytest.raises(ValueError):
        Arbiter().take(0, "pigeon")


def test_two_devices_racing_for_one_seat_never_both_win():
    a = Arbiter()
    wins: list[str] = []
    barrier = threading.Barrier(3)

    def grab(source: str) -> None:
        barrier.wait()
        for _ in range(200):
            if a.take(0, source) is None:
                wins.append(source)

    threads = [threading.Thread(target=grab, args=(s,)) for s in (HANDSET, KEYPAD, PHONE)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(wins)) == 1 and len(wins) == 200
