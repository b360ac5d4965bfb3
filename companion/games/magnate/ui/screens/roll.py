"""The roll: two d10 (and the d6 of the taxation on a 1) from the dice reader, tapped faces or
the app's roll, confirmed by the table; then each deed's income choice asked of its owner,
with the income shown as it is paid."""

from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.core.dice import kind as die_kind
from companion.games.magnate import commands as C
from companion.games.magnate.cards import SUITS
from companion.games.magnate.game import GAME

from .. import names, presenters
from .base import MagnateScreen


class MagnateRollScreen(MagnateScreen):
    title = StringProperty("")
    help = StringProperty("")
    lines = StringProperty("")

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        view, legal = s.view(), s.legal()
        phase = view.get("phase")
        self.show_tokens()
        self.lines = "\n".join(self.ui.turn_lines(app.lang)) or self.tr("roll.nothing_yet")
        box = self.ids.entry
        box.clear_widgets()
        name = presenters.seat_name(view, view.get("current"))
        if phase in ("roll", "tax"):
            expect = next(iter(GAME.expects(s.state)), None)
            if expect is None:
                return
            self.title = self.tr("roll.title_" + phase, name=name, turn=view.get("turn", 0))
            self._dice(expect, box)
        elif phase == "income":
            self.title = self.tr("roll.title_income", turn=view.get("turn", 0))
            self.help = self.tr("roll.income_help")
            self._income(view, legal, box)
        else:  # the roll is done: on to the turn
            self.title, self.help = self.tr("roll.done"), ""
            self.button(box, "continue", self.tr("roll.continue"), kind="primary", on_tap=self.app.go_current)

    # -- the dice ------------------------------------------------------------------------------
    def _dice(self, expect: Any, box: Any) -> None:
        entry, hw = self.ui.roll, self.hardware
        entry.expect((self.session.game_id, self.session.view().get("turn"), expect.command), expect.dice,
                     expect.count, hw)
        entry.take_candidate(hw)
        reader = getattr(hw, "dice_reader", None)
        status = self.app.reason(reader.status) if reader is not None else self.tr("roll.no_reader")
        key = "roll.help_d6" if expect.dice == "d6" else "roll.help_d10"
        self.help = self.tr(key) + "\n" + status
        faces = die_kind(expect.dice).faces
        for i in range(expect.count):
            row = Factory.BoxLayout(size_hint_y=None, height=self.app.touch, spacing=self.app.u * 3)
            for f in faces:
                chosen = entry.faces[i] == f
                self.button(row, f"die_{i}_{f}", str(f), kind="selected" if chosen else "normal",
                            on_tap=lambda i=i, f=f: self.set_face(i, f), font_size=self.app.u * 15)
            box.add_widget(row)
        if expect.dice == "d6":
            box.add_widget(Factory.Dim(text=self.tr("roll.tax_suits", suits=", ".join(
                f"{n} {names.suit_name(s, self.app.lang)}" for n, s in enumerate(SUITS, 1)))))
        shown = Factory.Txt(text=self._shown(entry), bold=True)
        box.add_widget(shown)
        self.ids["shown"] = shown
        line = Factory.BoxLayout(size_hint_y=None, height=self.app.touch, spacing=self.app.u * 6)
        self.button(line, "app_roll", self.app.t("dice.app_roll"), on_tap=self.app_roll)
        self.button(line, "roll_ok", self.tr("roll.confirm"), kind="primary",
                    reason="" if entry.complete else self.tr("roll.faces_missing"), on_tap=self.confirm)
        box.add_widget(line)

    def _shown(self, entry: Any) -> str:
        if not entry.complete:
            return ""
        faces = " + ".join(str(f) for f in entry.faces)
        return self.tr("roll.source_" + (entry.source or "typed"), faces=faces)

    def set_face(self, index: int, face: int) -> None:
        self.ui.roll.set_face(index, face)
        self.refresh()

    def app_roll(self, rng: random.Random | None = None) -> None:
        self.ui.roll.app_roll(self.hardware, rng)
        self.refresh()

    def confirm(self) -> None:
        entry = self.ui.roll
        if not entry.complete:
            return
        phase = self.session.view().get("phase")
        faces = entry.done(self.hardware)
        command = C.Roll(tuple(faces)) if phase == "roll" else C.TaxRoll(faces[0])
        self.send(command)

    # -- the income choices ----------------------------------------------------------------
    def _income(self, view: dict[str, Any], legal: dict[str, Any], box: Any) -> None:
        lang = self.app.lang
        for a in legal.get("actions", []):
            if a.get("type") != "ChooseIncome":
                continue
            seat, card = a["seat"], a["card"]
            box.add_widget(Factory.Txt(text=self.tr("roll.choose", name=presenters.seat_name(view, seat),
                                                   card=names.card_label(card, lang))))
            row = Factory.GridLayout(cols=3, size_hint_y=None, spacing=self.app.u * 4,
                                     row_default_height=self.app.touch, row_force_default=True)
            row.bind(minimum_height=row.setter("height"))
            for suit in a.get("suits", []):
                self.button(row, f"income_{card}_{suit}", names.suit_name(suit, lang, one=True),
                            fill=names.suit_rgba(suit),
                            on_tap=lambda seat=seat, card=card, suit=suit: self.send(C.ChooseIncome(seat, card, suit)))
            box.add_widget(row)
