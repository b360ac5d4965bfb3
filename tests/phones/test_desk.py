"""companion.phones.desk: what each seat's phone sees and may do, without the network
(issue 14: a phone acts only for its seat; nothing sealed reaches another seat)."""

from __future__ import annotations

import json

from companion.phones.arbiter import HANDSET, KEYPAD, PHONE, Arbiter
from companion.phones.desk import PhoneDesk
from companion.phones.model import Request, Sealed, Seat

SEATS = (Seat("Anna", "red", 120), Seat("Bruno", "blue", 70), Seat("Carla", "green", 40))


def bid(maximum: int) -> Request:
    return Request("bids", "LockBid", step=10, minimum=10, maximum=maximum)


def bidding(locked: dict[int, int] | None = None) -> Sealed:
    locked = locked or {}
    maxima = {0: 120, 1: 70, 2: 40}
    return Sealed(SEATS, {s: bid(m) for s, m in maxima.items() if s not in locked}, locked, group="bids",
                  domain="magnifico", money_unit={"en": "florins", "it": "fiorini"})


def numbers(value: object) -> set[int]:
    found: set[int] = set()
    if isinstance(value, dict):
        for v in value.values():
            found |= numbers(v)
    elif isinstance(value, list):
        for v in value:
            found |= numbers(v)
    elif isinstance(value, int) and not isinstance(value, bool):
        found.add(value)
    return found


def test_a_phone_locks_only_what_its_seat_owes():
    desk = PhoneDesk()
    desk.update(bidding())
    epoch = desk.view(1)["epoch"]
    assert desk.lock(1, epoch, 80).key == "refused.not_valid"  # Bruno holds 70
    assert desk.lock(1, epoch, 25).key == "refused.not_valid"
    assert desk.lock(1, epoch + 1, 30).key == "refused.stale"
    assert desk.lock(1, epoch, 30) is None
    assert desk.lock(1, epoch, 30).key == "refused.busy"  # already passed on, not yet applied
    desk.update(bidding({1: 30}))
    assert desk.lock(1, epoch, 30).key == "refused.nothing_to_lock"


def test_the_view_of_a_seat_holds_its_own_bid_and_nobody_elses():
    desk = PhoneDesk()
    desk.update(bidding())
    desk.lock(0, desk.view(0)["epoch"], 90)
    desk.update(bidding({0: 90}))
    mine = desk.view(0)
    assert mine["status"] == "locked" and mine["own"] == 90 and mine["holder"] == PHONE
    assert mine["title"]["it"] == "La tua offerta"
    for seat in (1, 2):
        other = desk.view(seat)
        assert other["own"] is None and other["reveal"] is None
        assert 90 not in numbers(other), json.dumps(other)
        assert [o["status"] for o in other["others"]] == ["locked", "owes", "owes"]


def test_the_reveal_is_shown_to_every_seat():
    desk = PhoneDesk()
    revealed = {0: 90, 1: 30, 2: 40}
    desk.update(Sealed(SEATS, revealed=revealed, revealed_group="bids", domain="magnifico"))
    for seat in range(3):
        view = desk.view(seat)
        assert [(v["name"], v["value"]) for v in view["reveal"]["values"]] == [
            ("Anna", 90), ("Bruno", 30), ("Carla", 40)]
        assert view["status"] == "idle"
        assert view["reveal"]["title"] == {"en": "The bids", "it": "Le offerte"}
    desk.update(Sealed(SEATS, revealed={0: "guelph"}, revealed_group="omens"))
    assert desk.view(0)["reveal"]["title"]["en"] == "Everyone's choice"  # a group the catalogue does not name


def test_epochs_number_each_new_request_not_an_unlock():
    desk = PhoneDesk()
    desk.update(bidding())
    first = desk.view(2)["epoch"]
    desk.update(bidding({2: 40}))
    desk.update(bidding())  # unlocked: the same question, the same epoch
    assert desk.view(2)["epoch"] == first
    desk.update(Sealed(SEATS, revealed={0: 10, 1: 10, 2: 10}, revealed_group="bids"))
    desk.update(bidding())  # the next auction: a new question
    assert desk.view(2)["epoch"] == first + 1
    assert desk.lock(2, first, 10).key == "refused.stale"


def test_a_changed_request_is_a_new_epoch():
    desk = PhoneDesk()
    desk.update(bidding())
    first = desk.view(1)["epoch"]
    changed = bidding()
    desk.update(Sealed(SEATS, {**changed.requests, 1: bid(60)}, group="bids"))  # a correction took florins
    assert desk.view(1)["epoch"] == first + 1


def test_a_seat_held_by_its_handset_cannot_be_locked_or_unlocked_from_its_phone():
    arbiter = Arbiter()
    desk = PhoneDesk(arbiter)
    desk.update(bidding())
    epoch = desk.view(0)["epoch"]
    assert arbiter.take(0, HANDSET) is None  # the handset locked first
    desk.update(bidding({0: 50}))
    assert desk.view(0)["holder"] == HANDSET
    assert desk.unlock(0, epoch).key == "refused.held_handset"
    arbiter.take(1, KEYPAD)
    assert desk.lock(1, desk.view(1)["epoch"], 30).key == "refused.held_keypad"


def test_a_phone_unlocks_its_own_lock():
    desk = PhoneDesk()
    desk.update(bidding())
    epoch = desk.view(0)["epoch"]
    assert desk.lock(0, epoch, 50) is None
    desk.update(bidding({0: 50}))
    assert desk.unlock(0, epoch) is None
    assert desk.unlock(1, desk.view(1)["epoch"]).key == "refused.nothing_to_unlock"


def test_an_undo_frees_the_seats_whose_locks_it_took_back():
    arbiter = Arbiter()
    desk = PhoneDesk(arbiter)
    desk.update(bidding())
    desk.lock(0, desk.view(0)["epoch"], 50)
    desk.update(bidding({0: 50}))
    desk.update(bidding())  # undo
    assert arbiter.holder(0) is None
    assert desk.lock(0, desk.view(0)["epoch"], 60) is None


def test_a_refused_lock_frees_the_seat():
    arbiter = Arbiter()
    desk = PhoneDesk(arbiter)
    desk.update(bidding())
    desk.lock(2, desk.view(2)["epoch"], 40)
    assert arbiter.holder(2) == PHONE
    desk.refused(2)
    assert arbiter.holder(2) is None and not desk.view(2)["pending"]


def test_no_unlock_after_the_reveal():
    desk = PhoneDesk()
    desk.update(Sealed(SEATS, locked={0: 10}, revealed={0: 10, 1: 10, 2: 10}, revealed_group="bids"))
    assert desk.unlock(0, desk.view(0)["epoch"]).key == "refused.nothing_to_unlock"


def test_a_faction_request_carries_its_labels_in_both_languages():
    desk = PhoneDesk()
    faction = Request("factions", "ChooseFaction", choices=("guelph", "ghibelline"),
                      labels={"guelph": {"en": "Guelph", "it": "guelfo"}})
    desk.update(Sealed(SEATS, {0: faction}, domain="leonardo"))
    view = desk.view(0)
    assert view["request"]["kind"] == "choice"
    assert view["request"]["labels"]["guelph"] == {"en": "Guelph", "it": "guelfo"}
    assert view["request"]["labels"]["ghibelline"] == {"en": "ghibelline", "it": "ghibelline"}  # no words: its name
    assert view["title"] == {"en": "Your faction", "it": "La tua fazione"}


def test_a_seat_out_of_range_sees_nothing():
    desk = PhoneDesk()
    desk.update(bidding())
    assert desk.view(9)["others"] == [] and desk.lock(9, 1, 10).key == "refused.nothing_to_lock"


def test_a_seat_locked_before_a_restart_can_be_unlocked_from_its_phone():
    """Resume: the first update already holds the lock; the phone's unlock answers it."""
    desk = PhoneDesk()
    desk.update(bidding({1: 30}))
    view = desk.view(1)
    assert view["status"] == "locked" and view["title"]["en"] == "Your bid" and view["own"] == 30
    assert desk.unlock(1, view["epoch"]) is None
    desk.update(bidding())
    assert desk.view(1)["epoch"] == view["epoch"]  # its request is the one it had locked
