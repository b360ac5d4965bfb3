"""Setup: the districts (which Pawn lies in which place; the Excuse in the middle), the Crowns
one player was dealt, and who starts; each entered once, in any order (docs/magnate.md).

The three entries are listed on the left with what was entered; the one open is on the right.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.widgets.common import make
from companion.games.magnate import commands as C

from .. import names, presenters
from .base import MagnateScreen

EXCUSE_SLOT = 2  # the Excuse lies between the second and the third Pawn
SPARE_BUTTONS = 16  # the buttons of the screen's first fill: the entries, the districts' slots, Pawns, OK
ENTRIES = (("districts", "SetDistricts"), ("crowns", "DealCrowns"), ("start", "StartPlayer"))


class MagnateSetupScreen(MagnateScreen):
    courts_line = StringProperty("")
    title = StringProperty("")
    help = StringProperty("")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.opened = ""
        self.slots: list[str | None] = [None] * 4
        self.crowns_seat = 0
        self.crowns: list[str] = []

    def ahead(self) -> None:
        """The token bar (``MagnateScreen.ahead``) and the buttons of the first fill made ahead,
        and the rules the Start applies and asks imported (about 10 ms each): the setup form
        lists the variants without them (companion/games/magnate/variants.py)."""
        from companion.games.magnate import engine, legality  # noqa: F401  (imported ahead of the Start)

        super().ahead()
        spare = self.__dict__.setdefault("_spare", [])
        while len(spare) < SPARE_BUTTONS:
            spare.append(Factory.Btn(markup=True))

    def refresh(self) -> None:
        if not self.ready() or self.session.view().get("phase") != "setup":
            return
        s = self.session
        view, legal = s.view(), s.legal()
        if s.game_id != getattr(self, "_game_id", None):  # another game: nothing entered yet
            self._game_id = s.game_id
            self.opened, self.slots, self.crowns_seat, self.crowns = "", [None] * 4, 0, []
        self.show_tokens()
        courts = bool(view.get("variants", {}).get("courts", True))
        self.courts_line = self.tr("setup.courts_on" if courts else "setup.courts_off", deck=view.get("deck", 0))
        actions = {name: presenters.action(legal, command) or {} for name, command in ENTRIES}
        missing = [name for name, _ in ENTRIES if actions[name].get("enabled")]
        if self.opened not in missing:
            self.opened = missing[0] if missing else ""
        self._list(view, actions)
        box = self.ids.entry
        box.clear_widgets()
        self.title = self.tr("setup." + self.opened) if self.opened else ""
        if self.opened == "districts":
            self._districts(actions["districts"], box)
        elif self.opened == "crowns":
            self._crowns(view, actions["crowns"], box)
        elif self.opened == "start":
            self._start(view, actions["start"], box)

    def _list(self, view: dict[str, Any], actions: dict[str, dict[str, Any]]) -> None:
        """The three entries: what was entered, or a button that opens the entry."""
        lang, box = self.app.lang, self.ids.entries
        box.clear_widgets()
        for name, _ in ENTRIES:
            if actions[name].get("enabled"):
                text = f"{self.tr('setup.' + name)}\n[size={int(self.app.u * 12)}]{self.tr('setup.to_enter')}[/size]"
                self.button(box, "open_" + name, text, kind="selected" if name == self.opened else "normal",
                            on_tap=lambda n=name: self.open(n), height=self.app.touch * 1.25)
                continue
            if name == "districts":
                done = ", ".join(names.card_name(d, lang) for d in view.get("districts", []))
            elif name == "crowns":
                done = "; ".join(self.tr("setup.crowns_of", name=p["name"], crowns=", ".join(
                    names.card_name(c, lang) for c in p.get("crowns", []))) for p in view["seats"])
            else:
                done = self.tr("setup.start_done", name=presenters.seat_name(view, view.get("start")))
            label = make("Txt", text=f"[b]{self.tr('setup.' + name)}[/b]: {done}", markup=True,
                         font_size=self.app.u * 13)
            box.add_widget(label)
            self.ids["done_" + name] = label

    def open(self, name: str) -> None:
        self.opened = name
        self.refresh()

    # -- the districts ----------------------------------------------------------------------
    def _districts(self, a: dict[str, Any], box: Any) -> None:
        lang = self.app.lang
        self.help = self.tr("setup.districts_help")
        slots = Factory.BoxLayout(size_hint_y=None, height=self.app.touch * 1.3, spacing=self.app.u * 4)
        order = list(self.slots[:EXCUSE_SLOT]) + ["excuse"] + list(self.slots[EXCUSE_SLOT:])
        for i, card in enumerate(order):
            if card == "excuse":
                self.button(slots, "slot_excuse", names.card_name("excuse", lang), reason=self.tr("setup.excuse_fixed"),
                            font_size=self.app.u * 13, height=self.app.touch * 1.3)
                continue
            k = i if i < EXCUSE_SLOT else i - 1
            text = self._pawn_text(card, lang) if card else self.tr("setup.slot", n=i + 1)
            self.button(slots, f"slot_{k}", text, kind="selected" if card else "quiet",
                        on_tap=lambda k=k: self.clear_slot(k), font_size=self.app.u * 13, height=self.app.touch * 1.3)
        box.add_widget(slots)
        pawns_line = self.kept("pawns_line", Factory.Dim)  # made again, its text was rendered again
        pawns_line.text = self.tr("setup.pawns")
        box.add_widget(pawns_line)
        pawns = Factory.BoxLayout(size_hint_y=None, height=self.app.touch * 1.3, spacing=self.app.u * 4)
        for pawn in a.get("pawns", []):
            placed = pawn in self.slots
            self.button(pawns, "pawn_" + pawn, self._pawn_text(pawn, lang),
                        reason=self.tr("setup.pawn_placed") if placed else "", on_tap=lambda p=pawn: self.place(p),
                        font_size=self.app.u * 13, height=self.app.touch * 1.3)
        box.add_widget(pawns)
        self.button(box, "districts_ok", self.tr("setup.districts_ok"), kind="primary",
                    reason="" if all(self.slots) else self.tr("setup.districts_missing"), on_tap=self.confirm_districts)

    def _pawn_text(self, card: str, lang: str) -> str:
        return f"{names.card_name(card, lang)}\n{names.suit_markup(names.suits_of(card), lang, self.app.translations)}"

    def place(self, pawn: str) -> None:
        if pawn in self.slots or None not in self.slots:
            return
        self.slots[self.slots.index(None)] = pawn
        self.refresh()

    def clear_slot(self, k: int) -> None:
        self.slots[k] = None
        self.refresh()

    def confirm_districts(self) -> None:
        if self.send(C.SetDistricts(tuple(p for p in self.slots if p))):
            self.slots = [None] * 4

    # -- the Crowns -------------------------------------------------------------------------
    def _crowns(self, view: dict[str, Any], a: dict[str, Any], box: Any) -> None:
        lang = self.app.lang
        self.help = self.tr("setup.crowns_help", name=presenters.seat_name(view, self.crowns_seat),
                           other=presenters.seat_name(view, 1 - self.crowns_seat))
        seats = Factory.BoxLayout(size_hint_y=None, height=self.app.touch, spacing=self.app.u * 6)
        for seat in a.get("seats", []):
            self.button(seats, f"crowns_seat_{seat}", presenters.seat_name(view, seat),
                        kind="selected" if seat == self.crowns_seat else "normal",
                        on_tap=lambda s=seat: self.crowns_for(s))
        box.add_widget(seats)
        grid = Factory.GridLayout(cols=3, spacing=self.app.u * 4, size_hint_y=None,
                                  row_default_height=self.app.touch, row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        for crown in a.get("crowns", []):
            text = f"{names.card_name(crown, lang)}  {names.suit_markup(names.suits_of(crown), lang, self.app.translations)}"
            self.button(grid, "crown_" + crown, text, kind="selected" if crown in self.crowns else "normal",
                        on_tap=lambda c=crown: self.toggle_crown(c), font_size=self.app.u * 14)
        box.add_widget(grid)
        count = int(a.get("count", 3))
        self.button(box, "crowns_ok", self.tr("setup.crowns_ok", name=presenters.seat_name(view, self.crowns_seat)),
                    kind="primary", reason="" if len(self.crowns) == count else self.tr("setup.crowns_count", n=count),
                    on_tap=self.confirm_crowns)

    def crowns_for(self, seat: int) -> None:
        self.crowns_seat = seat
        self.refresh()

    def toggle_crown(self, crown: str) -> None:
        if crown in self.crowns:
            self.crowns.remove(crown)
        else:
            self.crowns.append(crown)
        self.refresh()

    def confirm_crowns(self) -> None:
        if self.send(C.DealCrowns(self.crowns_seat, tuple(self.crowns))):
            self.crowns = []

    # -- who starts -----------------------------------------------------------------------------
    def _start(self, view: dict[str, Any], a: dict[str, Any], box: Any) -> None:
        self.help = self.tr("setup.start_help")
        row = Factory.BoxLayout(size_hint_y=None, height=self.app.touch * 1.3, spacing=self.app.u * 6)
        for seat in a.get("seats", []):
            self.button(row, f"start_{seat}", presenters.seat_name(view, seat), fill=presenters.seat_rgba(view, seat),
                        on_tap=lambda s=seat: self.send(C.StartPlayer(s)), height=self.app.touch * 1.3)
        box.add_widget(row)
