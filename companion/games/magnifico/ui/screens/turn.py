"""A player's turn: the actions with their price (what the engine takes; the Leonardo discount
is in it), off ones with the reason on tap, and the map to pick territories for building,
invading, attacking and moving."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import DictProperty, ListProperty, StringProperty

from companion.app.widgets.common import make
from companion.games.magnifico import commands as C

from .. import presenters
from .base import MagnificoScreen


BUILD = ("BuildTank", "BuildAirplane", "BuildTower", "BuildCastle")
RAIDS = ("Invade", "Attack")
COMMANDS = {"BuildTank": C.BuildTank, "BuildAirplane": C.BuildAirplane, "BuildTower": C.BuildTower,
            "BuildCastle": C.BuildCastle, "Invade": C.Invade, "Attack": C.Attack}


class MagnificoTurnScreen(MagnificoScreen):
    title = StringProperty("")
    help = StringProperty("")
    mode = StringProperty("")  # "", "activate", a Build* type, "Invade", "Attack", "Move"
    pick = DictProperty({})  # the raid or move being composed: source, target, counts
    moves = ListProperty([])  # the moves already added (a Move takes up to 3 at once)
    _drawn = None  # _drawn_key() of what the widgets show

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app, view = self.app, s.view()
        if view.get("phase") != "turns":
            self.mode = ""
            return
        legal = s.legal()
        seat = legal["to_act"][0]
        key = (id(s.header), view.get("round"), seat)
        if key != getattr(self, "_turn_key", None):  # another player's turn: start from the list
            self._turn_key = key
            self.mode, self.pick, self.moves = "", {}, []
        drawn = self._drawn_key()
        if drawn == self._drawn:
            return  # nothing changed since the last time (back from the table view): keep the widgets
        self._drawn = drawn
        p = view["seats"][seat]
        self.title = app.t("turn.title", name=p["name"])
        status = app.t("turn.status", florins=p["florins"], invasions=view["turn"]["invasions"],
                       attacks=view["turn"]["attacks"])
        if view.get("leonardo") == seat:
            status += "  " + app.t("turn.leonardo")
        self.help = status
        box = self.ids.actions
        box.clear_widgets()
        self.ids.bottom.clear_widgets()
        m = self.ids.map
        m.unit, m.lang = app.u, app.lang
        for k, v in presenters.map_layers(s).items():
            setattr(m, k, v)
        m.choices, m.selected, m.marks = None, [], {}
        if self.mode == "":
            self._menu(s, app, seat, box)
        elif self.mode == "activate":
            self._activate(s, app, seat, box)
        elif self.mode in BUILD:
            self._build(s, app, seat, box)
        elif self.mode in RAIDS:
            self._raid(s, app, seat, box)
        elif self.mode == "Move":
            self._move(s, app, seat, box)
        self._drawn = self._drawn_key()  # the steppers may have filled in their counts

    # -- the list of actions ---------------------------------------------------------------
    def _button(self, box, wid, text, reason="", kind="normal", on_tap=None):
        """A button of the panel; made once per name and then reused (making one costs more than
        the rest of a redraw)."""
        pool = self.__dict__.setdefault("_pool", {})
        b = pool.get(wid)
        if b is None:
            b = pool[wid] = Factory.Btn()
            b.bind(on_tap=lambda btn: btn.action() if btn.action else None)
        if b.parent is not None:
            b.parent.remove_widget(b)
        b.text, b.reason, b.kind, b.font_size = text, self.app.reason(reason), kind, self.app.u * 14
        b.height = self.app.touch
        b.state = "normal"
        b.action = on_tap
        box.add_widget(b)
        self.ids[wid] = b
        return b

    def _price_text(self, s, command) -> str:
        price = presenters.price(s, command)
        return self.app.t("turn.price", n=price) if price is not None else ""

    def _menu(self, s, app, seat, outer):
        t = app.t
        box = Factory.GridLayout(cols=2, spacing=app.u * 4, size_hint_y=None, row_default_height=app.touch * 1.15,
                                 row_force_default=True)
        box.bind(minimum_height=box.setter("height"))
        outer.add_widget(box)
        act = s.action("Activate", seat)
        self._button(box, "act_activate", t("turn.activate"), "" if act["allowed"] else act.get("reason"),
                     on_tap=lambda: self._set_mode("activate"))
        for kind in BUILD:
            a = s.action(kind, seat)
            label = t("turn." + kind)
            if a["allowed"]:
                label += "\n" + self._price_text(s, COMMANDS[kind](seat, a["territories"][0]))
            self._button(box, "act_" + kind, label, "" if a["allowed"] else a.get("reason"),
                         on_tap=lambda k=kind: self._set_mode(k))
        for kind in RAIDS:
            a = s.action(kind, seat)
            label = t("turn." + kind)
            if a["allowed"]:
                o = a["options"][0]
                label += "\n" + self._price_text(s, COMMANDS[kind](seat, o["source"], o["target"], o["min_soldiers"]))
            self._button(box, "act_" + kind, label, "" if a["allowed"] else a.get("reason"),
                         on_tap=lambda k=kind: self._set_mode(k))
        mv = s.action("Move", seat)
        self._button(box, "act_Move", t("turn.Move"), "" if mv["allowed"] else mv.get("reason"),
                     on_tap=lambda: self._set_mode("Move"))
        self._button(self.ids.bottom, "act_EndTurn", t("turn.EndTurn"), kind="primary",
                     on_tap=lambda: self._end_turn(seat))

    def _set_mode(self, mode: str):
        self.mode = mode
        self.pick = {}
        self.moves = []
        self.refresh()

    def _back(self, _box):
        self._button(self.ids.bottom, "back", self.app.t("common.back"), kind="quiet",
                     on_tap=lambda: self._set_mode(""))

    def _end_turn(self, seat):
        self.mode = ""
        self.send(C.EndTurn(seat))

    # -- activating cards ----------------------------------------------------------------
    def _activate(self, s, app, seat, box):
        box.add_widget(Factory.Dim(text=app.t("turn.activate_help")))
        for c in s.action("Activate", seat).get("cards", []):
            label = self.ui.card_name(c["card"], app.lang)
            if c["allowed"]:
                label += "  " + self._price_text(s, C.Activate(seat, c["card"]))
            self._button(box, "card_" + c["card"], label, "" if c["allowed"] else c.get("reason"),
                         on_tap=lambda card=c["card"]: self._do(C.Activate(seat, card)))
        self._back(box)

    def _do(self, command):
        """Send a command; on success back to the list of actions, else stay where we were."""
        mode, pick, moves = self.mode, dict(self.pick), list(self.moves)
        self.mode, self.pick, self.moves = "", {}, []
        if not self.send(command):
            self.mode, self.pick, self.moves = mode, pick, moves
        self.refresh()

    # -- building ---------------------------------------------------------------------------
    def _build(self, s, app, seat, box):
        a = s.action(self.mode, seat)
        box.add_widget(Factory.Txt(text=app.t("turn.pick_" + self.mode)))
        self.ids.map.choices = list(a.get("territories", []))
        self._back(box)

    # -- invading and attacking ----------------------------------------------------------
    def _raid(self, s, app, seat, box):
        a = s.action(self.mode, seat)
        options = a.get("options", [])
        m = self.ids.map
        src, dst = self.pick.get("source"), self.pick.get("target")
        if src is None:
            box.add_widget(Factory.Txt(text=app.t("turn.pick_source")))
            m.choices = sorted({o["source"] for o in options})
        elif dst is None:
            box.add_widget(Factory.Txt(text=app.t("turn.pick_target")))
            m.choices = [o["target"] for o in options if o["source"] == src]
            m.selected, m.marks = [src], {src: app.t("turn.from")}
        else:
            o = next((o for o in options if o["source"] == src and o["target"] == dst), None)
            if o is None:  # no longer possible (an undo, a correction): start the choice again
                self.pick = {}
                self.refresh()
                return
            m.selected, m.marks = [src, dst], {src: app.t("turn.from"), dst: app.t("turn.to")}
            box.add_widget(Factory.Txt(text=app.t("turn.raid_line", source=self.ui.territory_name(src, app.lang),
                                                  target=self.ui.territory_name(dst, app.lang))))
            self._stepper(box, "soldiers", o["min_soldiers"], o["max_soldiers"])
            if o.get("max_tanks"):
                self._stepper(box, "tanks", 0, o["max_tanks"])
            if o.get("max_airplanes"):
                self._stepper(box, "airplanes", 0, o["max_airplanes"])
            confirm = self._button(box, "confirm", "", kind="primary")
            self._raid_confirm(seat, confirm)
            if self.mode == "Attack":
                self._odds_line(app, box)
        self._back(box)

    def _raid_command(self, seat):
        p = self.pick
        return COMMANDS[self.mode](seat, p["source"], p["target"], p["soldiers"], p.get("tanks", 0),
                                   p.get("airplanes", 0))

    def _raid_confirm(self, seat, button):
        """The confirm button of the raid being composed: its price, its refusal, its command
        (set in place when only a count changed)."""
        s, app = self.session, self.app
        command = self._raid_command(seat)
        button.text = app.t("turn.confirm_" + self.mode) + "  " + self._price_text(s, command)
        button.reason = app.reason(s.check(command) or "")
        button.action = lambda: self._do(command)
        self._command = command

    def _odds_line(self, app, box):
        """The odds before committing (when the battle package can compute them)."""
        from .battle import odds_text

        odds = self.ui.attack_odds(self._command)
        if odds is None:
            self.ids.pop("odds", None)
            return
        line = Factory.Dim(text=odds_text(app, odds))
        box.add_widget(line)
        self.ids["odds"] = line

        def delivered():  # only this line changes: the steppers stay as they are
            if self._odds_listener is delivered and line.get_root_window() is not None:
                line.text = odds_text(app, self.ui.attack_odds(self._command))

        listeners = self.ui.odds.listeners
        if self._odds_listener in listeners:
            listeners.remove(self._odds_listener)
        self._odds_listener = delivered
        listeners.append(delivered)

    _odds_listener = None
    _command = None

    def _stepper(self, box, key, low, high):
        if key not in self.pick or not low <= self.pick[key] <= high:
            self.pick[key] = high if key == "soldiers" else 0
        st = make("Stepper", label=self.app.t("turn.count_" + key), value=self.pick[key])
        st.minus = lambda: self._change(key, -1, low, high)
        st.plus = lambda: self._change(key, 1, low, high)
        box.add_widget(st)
        self.ids["step_" + key] = st

    def _change(self, key, delta, low, high):
        """A stepper step: only the number, the confirm button and the odds line change, in place
        (rebuilding the panel and redrawing the map cost more than the rest of the tap)."""
        value = min(high, max(low, self.pick[key] + delta))
        if value == self.pick[key]:
            return
        drawn = self._drawn_key()
        self.pick[key] = value
        if drawn != self._drawn or self.mode not in RAIDS + ("Move",):
            self.refresh()  # the screen is not what it was drawn for: draw it again
            return
        self.ids["step_" + key].value = value
        if self.mode in RAIDS:
            seat = self.session.legal()["to_act"][0]
            self._raid_confirm(seat, self.ids.confirm)
            line = self.ids.get("odds")
            if self.mode == "Attack" and line is not None:
                from .battle import odds_text

                line.text = odds_text(self.app, self.ui.attack_odds(self._command))
        self._drawn = self._drawn_key()

    def _drawn_key(self):
        """What the panel and map show (a change redraws them)."""
        s, app = self.session, self.app
        return (s.version, self.mode, repr(self.pick), repr(self.moves), app.lang, app.touch)

    # -- moving ----------------------------------------------------------------------------------
    def _move(self, s, app, seat, box):
        a = s.action("Move", seat)
        sources = {x["source"]: x for x in a.get("sources", [])}
        m = self.ids.map
        src, dst = self.pick.get("source"), self.pick.get("target")
        for mv in self.moves:
            box.add_widget(Factory.Dim(text=app.t("turn.move_line", n=mv["soldiers"],
                                                  source=self.ui.territory_name(mv["source"], app.lang),
                                                  target=self.ui.territory_name(mv["target"], app.lang))))
        if len(self.moves) < a.get("max_moves", 3):
            if src is None or src not in sources:
                box.add_widget(Factory.Txt(text=app.t("turn.pick_source")))
                m.choices = list(sources)
            elif dst is None:
                box.add_widget(Factory.Txt(text=app.t("turn.pick_move_target")))
                m.choices = [x["target"] for x in sources[src]["targets"]]
                m.selected, m.marks = [src], {src: app.t("turn.from")}
            else:
                entry = sources[src]
                m.selected, m.marks = [src, dst], {src: app.t("turn.from"), dst: app.t("turn.to")}
                self._stepper(box, "soldiers", 0 if entry["tanks"] or entry["airplanes"] else 1, entry["soldiers"])
                if entry["tanks"]:
                    self._stepper(box, "tanks", 0, entry["tanks"])
                if entry["airplanes"]:
                    self._stepper(box, "airplanes", 0, entry["airplanes"])
                self._button(box, "add_move", app.t("turn.add_move"), on_tap=self._add_move)
        if self.moves:
            command = C.Move(seat, tuple(self.moves))
            self._button(box, "confirm", app.t("turn.confirm_Move", n=len(self.moves)), s.check(command) or "",
                         kind="primary", on_tap=lambda: self._do(command))
        self._back(box)

    def _add_move(self):
        mv = {"source": self.pick["source"], "target": self.pick["target"], "soldiers": self.pick["soldiers"]}
        for k in ("tanks", "airplanes"):
            if self.pick.get(k):
                mv[k] = self.pick[k]
        self.moves = self.moves + [mv]
        self.pick = {}
        self.refresh()

    # -- the map ---------------------------------------------------------------------------------
    def on_map_select(self, territory: str, allowed: bool):
        s, app = self.session, self.app
        if not allowed:
            app.toast(app.t("map.not_allowed"))
            return
        seat = s.legal()["to_act"][0]
        if self.mode in BUILD:
            self._do(COMMANDS[self.mode](seat, territory))
        elif self.mode in RAIDS or self.mode == "Move":
            if "source" not in self.pick:
                self.pick = {"source": territory}
            elif "target" not in self.pick:
                self.pick = {**self.pick, "target": territory}
            self.refresh()
        else:
            app.screens["magnifico.table"].on_map_select(territory, allowed)
