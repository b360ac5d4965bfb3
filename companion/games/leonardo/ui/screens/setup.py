"""Setup: the palace card dealt to each seat (tapped on the board, or dealt by the app), the
factions chosen in secret (on the handsets or each seat's private keypad: the shared screen
says only who has chosen), then everyone's spin for the start."""

from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import NumericProperty

from companion.app.widgets.common import make
from companion.games.leonardo import commands as C

from .. import presenters as P
from ..forms import private_faction
from .base import LeonardoPlayScreen


class LeonardoSetupScreen(LeonardoPlayScreen):
    spins = True
    dealing = NumericProperty(-1)  # the seat whose palace the table is tapping on the board

    def ahead(self) -> None:
        """The board and the middle (``LeonardoPlayScreen.ahead``), and the rows of the
        fewest seats, made ahead of the first fill. The rules the Start applies are imported
        here too (about 15 ms): the setup form lists the variants without them
        (companion/games/leonardo/variants.py)."""
        from companion.games.leonardo import engine  # noqa: F401  (imported ahead of the Start)
        from companion.games.leonardo.game import GAME

        super().ahead()
        self._seat_row(GAME.seats[0] - 1)

    def _seat_row(self, seat: int) -> Any:
        """The row of ``seat`` (and of every seat before it), made once and kept: a deal or a
        faction refreshes the screen, and the next game's setup shows the same rows. Its
        buttons act for that seat; a dealt palace's button is off (its reason), so it never
        starts a deal."""
        rows = self.__dict__.setdefault("_seat_rows", [])
        while len(rows) <= seat:
            row = Factory.LeonardoSetupRow()
            row.ids.deal.bind(on_tap=lambda _b, i=len(rows): self.start_dealing(i))
            row.ids.faction.bind(on_tap=lambda _b, i=len(rows): self.open_faction(i))
            rows.append(row)
        return rows[seat]

    def _deal_line(self) -> Any:
        """The line of the button that deals the palaces left: kept (``kept``), since made at
        each refresh its text was rendered again at each, twice in a Start."""
        app = self.app
        line = Factory.BoxLayout(size_hint_y=None, height=app.touch, spacing=app.u * 6)
        rnd = make("Btn", text=self.tt("setup.deal_random"), font_size=app.u * 14)
        rnd.bind(on_tap=lambda *_: self.deal_random())
        line.add_widget(rnd)
        return line

    def refresh(self) -> None:
        if not self.ready():
            return
        s = self.session
        view, legal = s.view(), s.legal()
        phase = view.get("phase")
        box = self.ids.controls
        box.clear_widgets()
        self.ids.bottom.clear_widgets()
        self.title = self.tt("setup.title") if phase == "setup" else self.tt("setup.spin_title")
        if phase == "setup":
            self._setup(view, legal, box)
        elif phase == "start_spin":
            self.dealing = -1
            self._start_spin(view, legal, box)
            self.show_ring()
        else:
            self.help = ""

    # -- palaces and factions ------------------------------------------------------------------
    def _setup(self, view: Any, legal: Any, box: Any) -> None:
        app = self.app
        self.help = self.tt("setup.help")
        hw = self.hardware
        states = hw.seat_states if hw is not None else {}
        for i, p in enumerate(view["seats"]):
            row = self._seat_row(i)
            row.name, row.rgba = p["name"], P.seat_rgba(view, i)
            dealt = view["dealt"][i]
            deal = row.ids.deal
            if dealt is not None:
                deal.text = P.space_label(view, dealt, app.lang)
                deal.kind = "quiet"
                deal.reason = self.tt("setup.dealt_already")
            else:
                deal.text = self.tt("setup.deal") if self.dealing != i else self.tt("setup.tap_palace")
                deal.kind = "selected" if self.dealing == i else "primary"
                deal.reason = ""
            chosen = bool(p.get("faction_chosen"))
            faction = row.ids.faction
            entering = states.get(i) == "entering" and not (hw is not None and hw.uses_keypad(i))
            faction.text = (self.tt("setup.faction_chosen") if chosen else
                            self.tt("setup.faction_handset") if entering else self.tt("setup.faction_choose"))
            faction.kind = "quiet" if chosen else "primary"
            self.ids[f"deal_{i}"], self.ids[f"faction_{i}"] = deal, faction
            box.add_widget(row)
        line = self.kept("deal_random", self._deal_line)
        rnd = line.children[0]
        rnd.text = self.tt("setup.deal_random")
        rnd.reason = "" if any(d is None for d in view["dealt"]) else self.tt("setup.dealt_already")
        box.add_widget(line)
        self.ids["deal_random"] = rnd
        notice = hw.notice if hw is not None else ""
        if notice:
            box.add_widget(make("Dim", text=app.reason(notice)))
        a = P.action(legal, "DealPalace", self.dealing) if self.dealing >= 0 else None
        if a is None:
            self.dealing = -1
        self.show_ring(choices=a["spaces"] if a else None)

    def start_dealing(self, seat: int) -> None:
        self.dealing = -1 if self.dealing == seat else seat
        self.refresh()

    def on_ring_select(self, space: int, allowed: bool) -> None:
        if self.dealing < 0 or self.session.view().get("phase") != "setup":
            super().on_ring_select(space, allowed)
            return
        command = C.DealPalace(self.dealing, space)
        if not allowed:
            self.app.toast(self.app.reason(self.session.check(command)) or self.tt("setup.not_a_palace"))
            return
        self.dealing = -1
        self.send(command)

    def deal_random(self) -> None:
        """The app deals the palace cards left (the table then hands out those cards)."""
        legal = self.session.legal()
        rng = random.SystemRandom()
        for a in P.actions(legal, "DealPalace"):
            a = P.action(self.session.legal(), "DealPalace", a["seat"])
            if a is None or not a["spaces"]:
                continue
            known = [n for n in a["spaces"] if P.kind_of(self.session.view(), n) is not None] or a["spaces"]
            if not self.send(C.DealPalace(a["seat"], rng.choice(known))):
                return

    def open_faction(self, seat: int) -> None:
        def done(reason: Any) -> None:
            if reason:
                self.app.toast(self.app.reason(reason))
            self.refresh()

        private_faction(self.app, seat, done)

    # -- the spin for the start ----------------------------------------------------------------
    def _start_spin(self, view: Any, legal: Any, box: Any) -> None:
        to_act = legal.get("to_act", [])
        spins = view["start"]["spins"]
        self.help = self.tt("setup.spin_help")
        for seat, number in sorted(spins.items(), key=lambda kv: int(kv[0])):
            box.add_widget(make("Dim", text=self.tt("setup.spun", name=P.seat_name(view, seat), n=number)))
        if len(view["start"]["contenders"]) < len(view["seats"]) and not spins:
            box.add_widget(make("Dim", text=self.tt("setup.tied", names=P.names(view, view["start"]["contenders"]))))
        if not to_act:
            return
        seat = to_act[0]
        bottom = self.ids.bottom
        bottom.add_widget(make("PlayerChip", name=self.tt("setup.spins", name=P.seat_name(view, seat)),
                               rgba=P.seat_rgba(view, seat)))
        self.spin_pad(bottom, ("start", seat, len(spins), tuple(view["start"]["contenders"])),
                      lambda n: self._send_spin(C.StartSpin(seat, n)))

    def _send_spin(self, command: Any) -> None:
        self.spun()
        self.send(command)
