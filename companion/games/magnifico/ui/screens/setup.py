"""Setup: the Tank/Airplane cards removed unseen, the start-order roll, the first castles."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.widgets.common import make
from companion.games.magnifico import commands as C

from .. import presenters
from .base import MagnificoScreen


class MagnificoSetupScreen(MagnificoScreen):
    title = StringProperty("")
    help = StringProperty("")

    def ahead(self) -> None:
        """While the setup form waits (the app's warm-up): the map, as on every screen that
        shows one (``MagnificoScreen.ahead``: spreading and drawing it on the first visit cost
        about 20 ms of the Start tap), and the rules the Start applies: the setup form lists
        the variants without them (companion/games/magnifico/variants.py)."""
        from companion.games.magnifico import engine  # noqa: F401  (imported ahead of the Start)

        super().ahead()

    def _removed_button(self) -> Any:
        b = Factory.Btn(kind="primary")
        b.bind(on_tap=lambda *_: self.remove_cards())
        return b

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app, view, legal = self.app, s.view(), s.legal()
        phase = view.get("phase")
        box = self.ids.controls
        self.ids.map.unit = app.u
        for k, v in presenters.map_layers(s).items():
            setattr(self.ids.map, k, v)
        self.ids.map.lang = app.lang
        self.title = app.t("phase." + phase) if phase else ""
        shown = (s.game_id, phase, app.lang, app.touch, repr(legal.get("to_act")), repr(view.get("start_roll")),
                 view.get("leonardo"))
        if shown == getattr(self, "_shown", None) and box.children:
            return  # drawn already for this very moment (a command redraws the screen twice)
        self._shown = shown
        box.clear_widgets()
        self.ids.map.choices = None
        if phase == "remove_cards":
            a = s.action("RemoveCards")
            self.help = app.t("setup.remove_help", n=a["tanks"], players=len(view["seats"]))
            b = self.kept("removed", self._removed_button)  # made again, its text was rendered again
            b.text = app.t("setup.removed")
            box.add_widget(b)
            self.ids["removed"] = b
        elif phase == "start_roll":
            seat = legal["to_act"][0]
            self.help = app.t("setup.roll_help")
            for other, faces in sorted(view["start_roll"]["rolls"].items()):
                box.add_widget(Factory.Dim(text=app.t(
                    "setup.rolled", name=presenters.seat_name(view, other), hits=faces.count("hit"),
                    explosions=faces.count("explosion"))))
            chip = make("PlayerChip", name=presenters.seat_name(view, seat), rgba=presenters.seat_rgba(view, seat))
            box.add_widget(chip)
            row = Factory.DiceRow(count=6)
            kept = self.__dict__.setdefault("_faces", {})
            if (seat, len(view["start_roll"]["rolls"])) in kept:  # typed faces survive a redraw
                row.set_faces(kept[(seat, len(view["start_roll"]["rolls"]))])
            row.bind(faces=lambda _r, faces, k=(seat, len(view["start_roll"]["rolls"])): kept.__setitem__(
                k, list(faces)))
            box.add_widget(row)
            self.ids["dice"] = row
            line = Factory.BoxLayout(size_hint_y=None, height=app.touch, spacing=app.u * 6)
            roll = Factory.Btn(text=app.t("dice.app_roll"))
            roll.bind(on_tap=lambda *_: row.roll())
            ok = Factory.Btn(text=app.t("common.confirm"), kind="primary")
            ok.bind(on_tap=lambda *_: self._confirm_roll(seat, tuple(row.faces)))
            line.add_widget(roll)
            line.add_widget(ok)
            box.add_widget(line)
            self.ids["confirm"] = ok
        elif phase == "first_castles":
            a = s.action("PlaceFirstCastle")
            seat = a["seat"]
            self.help = app.t("setup.castle_help")
            box.add_widget(make("PlayerChip", name=presenters.seat_name(view, seat),
                                              rgba=presenters.seat_rgba(view, seat)))
            if view.get("leonardo") is not None:
                box.add_widget(Factory.Dim(text=app.t("setup.leonardo", name=presenters.seat_name(
                    view, view["leonardo"]))))
            self.ids.map.choices = list(a.get("territories", []))
        else:
            self.help = ""

    def _confirm_roll(self, seat: int, faces: tuple):
        if self.send(C.StartOrderRoll(seat, faces)):
            self.__dict__.get("_faces", {}).clear()

    def remove_cards(self):
        """The cards leave the game unseen (4.2): nobody knows which, so none is named."""
        self.send(C.RemoveCards(()))

    def on_map_select(self, territory: str, allowed: bool):
        s = self.session
        if s.view().get("phase") != "first_castles":
            return
        a = s.action("PlaceFirstCastle")
        command = C.PlaceFirstCastle(a["seat"], territory)
        if not allowed:
            self.app.toast(self.app.reason(s.check(command)) or self.app.t("map.not_allowed"))
            return
        self.send(command)
