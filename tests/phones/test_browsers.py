"""Five real headless browsers through a whole sealed auction (issue 14, "Done when"):
each player locks its bid on its own page, the last lock reveals, every page shows the
result. Debian's Chromium and chromedriver (``.ci/run`` installs them in CI).

Also on real pages: a reload rejoins the seat, a table that restarts is rejoined by
itself, an unlock and a new lock, a refused amount, the Italian page, a kicked phone and
an old code.
"""

from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.phones import browsers
from tests.phones.browsers import Phone
from tests.phones.table import Table

BIDS = {0: 30, 1: 40, 2: 50, 3: 70, 4: 90}
LANGS = ["en", "en", "en", "en", "it"]
SHOWN = "return !document.getElementById('{}').hidden"


@pytest.fixture(scope="module")
def phones():  # type: ignore[no-untyped-def]
    browsers.require()
    with ThreadPoolExecutor(5) as pool:
        started = list(pool.map(Phone, LANGS))
    try:
        yield started
    finally:
        for p in started:
            p.close()


def body(phone: Phone) -> str:
    return str(phone.driver.execute_script("return document.body.innerText"))


def test_five_phones_bid_through_a_whole_sealed_auction(phones: list[Phone], tmp_path: Path):
    table = Table(tmp_path)
    shots = os.environ.get("PHONE_SCREENSHOTS")
    try:
        for seat, phone in enumerate(phones):
            phone.open(table.server.join_url(seat))
        for phone in phones:
            phone.wait(SHOWN.format("ask"))
        assert table.pump(lambda: all(table.presence.get(s) for s in range(5)))
        assert phones[4].text("lock") == "Blocca" and "fiorini" in phones[4].text("money")
        assert phones[0].text("name") == "Anna" and phones[0].text("money") == "120 florins"

        # Anna steps up twice (10 -> 30); the others type their amount
        phones[0].click("up")
        phones[0].click("up")
        assert phones[0].driver.execute_script("return document.getElementById('amount').value") == "30"
        for seat in (1, 2, 3):
            phones[seat].type_amount(60 if seat == 2 else BIDS[seat])

        # a bid over the florins is not sent: the lock stays off
        phones[4].type_amount(130)
        phones[4].wait("return document.getElementById('lock').disabled")
        phones[4].type_amount(BIDS[4])

        for seat in range(4):
            phones[seat].click("lock")
            assert table.pump(lambda: seat in table.state.auction.bids), seat
            phones[seat].wait(SHOWN.format("held"))
            assert phones[seat].text("held-value") == f"You locked: {60 if seat == 2 else BIDS[seat]}"
            for other, phone in enumerate(phones):
                if other != seat:
                    word = "ha bloccato" if LANGS[other] == "it" else "locked"
                    phone.wait(f"return document.querySelectorAll('#others li')[{seat}].textContent"
                               f".indexOf('{word}') >= 0")
        # before the reveal no page shows another seat's amount
        for seat, phone in enumerate(phones):
            text = body(phone)
            for other, amount in {**BIDS, 2: 60}.items():
                if other != seat:
                    assert not re.search(rf"\b{amount}\b", text), (seat, other, text)
        assert table.state.auction.bids == {**{s: BIDS[s] for s in range(4)}, 2: 60}
        if shots:
            phones[4].screenshot(Path(shots) / "phone-bid-it.png")
            phones[1].screenshot(Path(shots) / "phone-locked-en.png")

        # Carla changes her mind: unlock, a new amount, lock again
        phones[2].click("unlock")
        assert table.pump(lambda: 2 not in table.state.auction.bids)
        phones[2].wait(SHOWN.format("ask"))
        phones[2].click("down")
        phones[2].click("lock")
        assert table.pump(lambda: 2 in table.state.auction.bids)
        assert table.state.auction.bids[2] == BIDS[2]

        # the last lock reveals; every page shows every bid
        phones[4].click("lock")
        assert table.pump(lambda: table.state.auction.revealed)
        for phone in phones:
            phone.wait(SHOWN.format("reveal"))
            rows = phone.driver.execute_script(
                "return Array.from(document.querySelectorAll('#reveal-list li')).map(li => li.innerText)")
            assert [re.sub(r"\s+", " ", r).strip() for r in rows] == [
                f"{n} {BIDS[i]}" for i, n in enumerate(["Anna", "Bruno", "Carla", "Dario", "Elena"])]
        assert phones[4].text("reveal").strip().startswith("Le offerte")
        assert table.screen[-1][1]["auction"]["bids"] == {str(s): v for s, v in BIDS.items()}
        assert table.refusals == []
        if shots:
            phones[0].screenshot(Path(shots) / "phone-reveal-en.png")
    finally:
        table.close()


def test_a_page_rejoins_its_seat_after_a_reload_and_after_the_table_restarts(phones: list[Phone], tmp_path: Path):
    table = Table(tmp_path, players=3, journal=False)
    try:
        anna, bruno = phones[0], phones[1]
        anna.open(table.server.join_url(0))
        bruno.open(table.server.join_url(1))
        anna.wait(SHOWN.format("ask"))
        anna.type_amount(60)
        anna.click("lock")
        assert table.pump(lambda: 0 in table.state.auction.bids)
        anna.driver.refresh()  # a reload: the same seat, its own bid shown again
        anna.wait(SHOWN.format("held"))
        assert anna.text("held-value") == "You locked: 60"

        table.server.stop()  # the Wi-Fi drops, or the app restarts on the same port
        anna.wait(SHOWN.format("banner"))
        assert "reconnecting" in anna.text("banner")
        table.server.start()
        anna.wait("return document.getElementById('banner').hidden", timeout=20)
        anna.wait(SHOWN.format("held"))
        bruno.wait(SHOWN.format("ask"), timeout=20)

        table.server.kick(1)  # "kick this phone": Bruno's page stops and says why
        bruno.wait(SHOWN.format("banner"))
        assert "taken off its seat" in bruno.text("banner")
        assert bruno.driver.execute_script(SHOWN.format("ask")) is False

        table.server.stop()  # a new game while Anna's page is away: back, it learns its code is old
        table.server.new_game(3)
        table.server.start()
        anna.wait("return document.getElementById('banner').textContent.indexOf('code has changed') >= 0",
                  timeout=20)
        assert anna.driver.execute_script(SHOWN.format("held")) is False
    finally:
        table.close()
