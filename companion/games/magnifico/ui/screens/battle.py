"""The battle: the armies, the odds, each assault asking for its dice (typed faces or the
app's roll), the running log, retreat when allowed, and the result."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import DictProperty, StringProperty

from companion.app.widgets.common import make
from companion.games.magnifico import commands as C

from .. import presenters
from .base import MagnificoScreen


def odds_text(app, odds) -> str:
    """The odds line: percentages, "computing the odds…" while the worker runs, or nothing."""
    if not odds:
        return ""
    if odds.get("pending"):
        return app.t("battle.odds_computing")
    return app.t("battle.odds", a=round(100 * odds["attacker_wins"]), d=round(100 * odds["defender_wins"]))


class MagnificoBattleScreen(MagnificoScreen):
    title = StringProperty("")
    armies = StringProperty("")
    odds = StringProperty("")
    log = StringProperty("")
    chosen = DictProperty({})  # the assault being entered: the option from battle.options, counts
    rehearses = False  # its fill asks for the odds: home would start the odds process for nothing

    def odds_delivered(self):
        """The worker delivered odds: update the odds line only (a dice entry stays as typed)."""
        s = self.session
        if s is None or not s.has_game or self.app.manager.current != self.name:
            return
        bv = self.ui.battle_view() if s.view().get("phase") == "battle" else None
        if bv is not None:
            self.odds = odds_text(self.app, bv.get("odds"))

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        listeners = self.ui.odds.listeners
        if self.odds_delivered not in listeners:
            listeners.append(self.odds_delivered)
        app, view = self.app, s.view()
        box = self.ids.steps
        box.clear_widgets()
        bv = self.ui.battle_view() if view.get("phase") == "battle" else None
        if bv is None:
            self._result(s, app, view, box)
            return
        b, options, out = bv["battle"], bv["options"], bv["outcome"]
        here = (s.game_id, repr(b.get("setup")), len(b.get("steps", [])))
        if self.chosen and self.chosen.get("at") != here:  # another battle, or an undo: choose again
            self.chosen = {}
        att, dfn = presenters.seat_name(view, b["attacker"]), presenters.seat_name(view, b["defender"])
        self.title = app.t("battle.title", attacker=att, defender=dfn,
                           target=self.ui.territory_name(b["target"], app.lang))
        self._armies(app, b["position"], out)
        self.odds = odds_text(app, bv.get("odds"))
        names = {"attacker": att, "defender": dfn}
        self.log = "\n".join(presenters.battle_log(b, names, app.lang, app.translations)) or app.t(
            "battle.no_rolls")
        if self.chosen:
            self._dice_entry(s, app, names, box)
            return
        turn = options.get("turn")
        retreat = options.get("retreat") or {}
        for side in (turn, "defender" if turn == "attacker" else "attacker"):
            if side not in names:
                continue
            steps = [st for st in options.get("steps", []) if st["side"] == side]
            off = [u for u in options.get("unavailable", []) if u["side"] == side]
            who = {"name": names[side], "role": app.t("battle." + side)}
            if steps:  # plainly: who may roll what, who may begin instead, who cannot and why
                key = "battle.side_now" if side == turn else "battle.side_next"
                box.add_widget(Factory.Dim(text=app.t(key, **who)))
            elif off:
                box.add_widget(Factory.Dim(text=app.t("battle.side_cannot", **who, reason=app.reason(off[0]["reason"]))))
            for st in steps:
                b_ = Factory.Btn(text=self._step_label(app, st))
                b_.bind(on_tap=lambda _b, st=st: self._choose(st))
                box.add_widget(b_)
                self.ids[f"assault_{side}_{st['assault']}"] = b_
            if side == "attacker":
                r = Factory.Btn(text=app.t("battle.retreat_who", name=names[side]), kind="danger")
                r.bind(on_tap=lambda *_: self.send(C.BattleStep({"side": "attacker", "retreat": True})))
                if retreat.get("allowed"):
                    box.add_widget(r)
                elif retreat.get("reason"):
                    r.reason = app.reason(retreat.get("reason"))
                    box.add_widget(Factory.Dim(text=app.t("battle.no_retreat", **who, reason=r.reason)))
                self.ids["retreat"] = r

    def _armies(self, app, pos, out):
        a = out.get("attacker") or pos.get("attacker", {})
        d = out.get("defender") or pos.get("defender", {})
        castle = out.get("castle")
        lines = []
        for role, army in (("attacker", a), ("defender", d)):
            pieces = [app.t("battle.log_soldiers", n=army.get("soldiers", 0))]
            pieces += [app.t("battle.log_" + k, n=army[k]) for k in ("tanks", "airplanes") if army.get(k)]
            lines.append(app.t("battle.army", role=app.t("battle." + role).capitalize(), pieces=", ".join(pieces)))
        line = "\n".join(lines)
        if castle:
            line += "  " + app.t("battle.castle", level=castle.get("protection", 0), towers=castle.get("towers", 0))
        self.armies = line

    def _step_label(self, app, st) -> str:
        kind = st["assault"]
        if kind == "infantry":
            return app.t("battle.infantry_n", n=st["dice"])
        if kind == "tanks":
            return app.t("battle.tanks_n", n=st["tanks"], d=st["dice_per_tank"])
        if kind == "airplanes":
            return app.t("battle.airplanes_n", n=st["dice"])
        return app.t("battle.automaton_n", n=st["dice"])

    def _choose(self, st):
        counts = {}
        if st["assault"] == "infantry":
            counts["n"] = st["soldiers"]["max"]
        elif st["assault"] == "airplanes":
            counts["n"] = st["airplanes"]["max"]
        elif st["assault"] == "tanks":
            counts["n"] = st["tanks"]
        else:
            counts["n"] = st["dice"]
        b = self.session.view().get("battle") or {}
        self.chosen = {"step": st, "at": (self.session.game_id, repr(b.get("setup")), len(b.get("steps", []))),
                       **counts}
        self.refresh()

    def _dice_entry(self, s, app, names, box):
        st = self.chosen["step"]
        kind = st["assault"]
        box.add_widget(Factory.Txt(text=app.t("battle.enter", name=names[st["side"]],
                                              what=app.t("battle." + kind))))
        hw = self.hardware
        if hw is not None and hw.dice_reader is not None:
            box.add_widget(Factory.Dim(text=hw.dice_reader.status))
        if kind in ("infantry", "airplanes", "tanks"):
            low, high = ((st["soldiers"]["min"], st["soldiers"]["max"]) if kind == "infantry" else
                         (st["airplanes"]["min"], st["airplanes"]["max"]) if kind == "airplanes" else (1, st["tanks"]))
            step = make("Stepper", label=app.t("battle.count_" + kind), value=self.chosen["n"])
            step.minus = lambda: self._count(-1, low, high)
            step.plus = lambda: self._count(1, low, high)
            box.add_widget(step)
        rows = []
        if kind == "tanks":
            for i in range(self.chosen["n"]):
                rows.append(Factory.DiceRow(count=st["dice_per_tank"]))
        else:
            rows.append(Factory.DiceRow(count=self.chosen["n"]))
            want = self.chosen["n"]
            if self.chosen.get("requested") != want:  # arm the reader for this many dice
                self.chosen = {**self.chosen, "requested": want, "faces": None}
                if hw is not None:
                    hw.request_dice(want, "mag")
            roll = hw.dice_candidate if hw is not None else None
            if roll is not None and len(roll.values) == want:  # the reader read them
                self.chosen["faces"] = list(roll.values)
        kept = self.chosen.get("faces") or []
        for i, row in enumerate(rows):
            if i == 0 and len(kept) == len(row.faces):
                row.set_faces(kept)  # typed faces survive a redraw
            if i == 0:
                row.bind(faces=lambda _r, faces: self.chosen.__setitem__("faces", list(faces)))
            box.add_widget(row)
            self.ids[f"dice_{i}"] = row
        extra = self._declarations(app, st, names, box)
        line = Factory.BoxLayout(size_hint_y=None, height=app.touch, spacing=app.u * 6)
        back = Factory.Btn(text=app.t("common.back"), kind="quiet")
        back.bind(on_tap=lambda *_: self._cancel())
        roll = Factory.Btn(text=app.t("dice.app_roll"))
        roll.bind(on_tap=lambda *_: [r.roll() for r in rows + list(extra.values())])
        ok = Factory.Btn(text=app.t("battle.confirm_roll"), kind="primary")
        ok.bind(on_tap=lambda *_: self._send_roll(rows, extra))
        self.ids["roll_ok"] = ok
        for w in (back, roll, ok):
            line.add_widget(w)
        box.add_widget(line)

    def _count(self, delta, low, high):
        self.chosen = {**self.chosen, "n": min(high, max(low, self.chosen["n"] + delta))}
        self.refresh()

    def _cancel(self):
        self.chosen = {}
        if self.hardware is not None:
            self.hardware.dice_done()
        self.refresh()

    def _declarations(self, app, st, names, box) -> dict:
        """What is declared with the roll, when the battle offers it: the Great Cannon, a
        paratrooper (one die), the other side's interceptors (their own dice)."""
        rows = {}

        def toggle(key, label):
            on = bool(self.chosen.get(key))
            b = Factory.Btn(text=f"{label}: {app.t('common.on') if on else app.t('common.off')}",
                            kind="selected" if on else "normal")
            b.bind(on_tap=lambda *_: self._set(key, not on))
            box.add_widget(b)
            self.ids["toggle_" + key] = b
            return on

        if st.get("great_cannon"):
            toggle("great_cannon", app.t("battle.great_cannon"))
        if st.get("paratrooper") and toggle("paratrooper", app.t("battle.paratrooper")):
            rows["paratrooper"] = Factory.DiceRow(count=1)
            box.add_widget(rows["paratrooper"])
        icpt = st.get("intercept")
        if icpt and icpt.get("max_airplanes"):
            k = int(self.chosen.get("intercept", 0))
            step = make("Stepper", label=app.t("battle.interceptors", name=names[icpt["side"]]), value=k)
            step.minus = lambda: self._set("intercept", max(0, k - 1))
            step.plus = lambda: self._set("intercept", min(icpt["max_airplanes"], k + 1))
            box.add_widget(step)
            if k:
                rows["intercept"] = Factory.DiceRow(count=k)
                box.add_widget(rows["intercept"])
        for key, row in rows.items():
            self.ids["dice_" + key] = row
        return rows

    def _set(self, key, value):
        self.chosen = {**self.chosen, key: value}
        self.refresh()

    def _send_roll(self, rows, extra=None):
        st = self.chosen["step"]
        kind = st["assault"]
        step = {"side": st["side"], "assault": kind}
        extra = extra or {}
        if self.chosen.get("great_cannon") and st.get("great_cannon"):
            step["great_cannon"] = True
        if "paratrooper" in extra:
            step["paratrooper"] = extra["paratrooper"].faces[0]
        if "intercept" in extra:
            step["intercept"] = {"airplanes": len(extra["intercept"].faces), "dice": list(extra["intercept"].faces)}
        if kind == "tanks":
            step["rolls"] = [list(r.faces) for r in rows]
        else:
            step["dice"] = list(rows[0].faces)
            if kind == "infantry":
                step["soldiers"] = self.chosen["n"]
            elif kind == "airplanes":
                step["airplanes"] = self.chosen["n"]
        self.chosen = {}
        if self.hardware is not None:
            self.hardware.dice_done()
        if not self.send(C.BattleStep(step)):
            self.refresh()

    def _result(self, s, app, view, box):
        lb = self.ui.notes.last_battle
        self.chosen = {}
        if not lb:
            self.title, self.armies, self.odds, self.log = app.t("battle.none"), "", "", ""
            return
        e, out = lb["event"], lb.get("outcome") or {}
        att, dfn = presenters.seat_name(view, e["attacker"]), presenters.seat_name(view, e["defender"])
        target = self.ui.territory_name(e["target"], app.lang)
        if e.get("retreated"):
            self.title = app.t("battle.retreated", attacker=att, target=target)
        elif e.get("winner") == "attacker":
            self.title = app.t("battle.won_attacker", attacker=att, target=target)
        else:
            self.title = app.t("battle.won_defender", defender=dfn, target=target)
        if out:
            self._armies(app, {}, out)
        self.odds = ""
        names = {"attacker": att, "defender": dfn}
        self.log = "\n".join(presenters.battle_log(lb.get("battle") or {}, names, app.lang, app.translations))
        ok = Factory.Btn(text=app.t("battle.continue"), kind="primary")
        ok.bind(on_tap=lambda *_: app.go_current())
        box.add_widget(ok)
        self.ids["continue"] = ok
