"""Magnifico's forms: the printed value the rules ask for (remembered in the box profile),
and the correction of a counter by hand (the rules' ``Correct``)."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout

from companion.app.theme import PALETTE
from companion.app.widgets.dialogs import ask_number, dialog, touch, units
from companion.games.magnifico import commands as C


def ask_card_value(app, needs: dict, retry=None):
    """The engine lacks a printed value: ask the table, record it, then retry the command."""
    card, fieldname = needs.get("card"), needs.get("field")
    name = app.uis["magnifico"].card_name(card, app.lang)
    text = app.t("needs.text", card=name, field=app.t(f"needs.field.{fieldname}"))

    def got(value):
        ok = app.session.send(C.SetCardValue(card, fieldname, value)).ok
        if ok and retry is not None:
            app.send(retry)
        if ok and app.session.profile_problem:  # the game goes on; the next game will ask again
            app.toast(app.t("needs.profile_failed", problem=app.reason(app.session.profile_problem)))

    # a Tank/Airplane cost: the reference sheet's usual 20 offered, 3 digits for a dearer print
    return ask_number(app, app.t("needs.title"), text, got, max_digits=3, value=needs.get("suggest"),
                      missing=app.t("needs.missing", field=app.t(f"needs.field.{fieldname}")))


def open_agreement_form(app):
    """rd: ending by agreement: the table says why; the most VP wins, then the scoring order.
    Cancel closes; OK without a reason says it is missing."""
    s = app.session
    entry = s.action("EndByAgreement") if s is not None and s.has_game else None
    if entry is None:
        app.toast(app.t("agreement.not_now"))
        return None
    from companion.games.magnifico.ui import presenters

    d = dialog(app, app.t("agreement.title"), size=(0.8, 0.9))
    body = d.ids.body
    leader = presenters.seat_name(s.view(), entry.get("leader"))
    body.add_widget(d.scaled(Factory.Txt(text=app.t("agreement.help", leader=leader)), font_size=units(14)))
    reason = d.scaled(Factory.TextInput(multiline=False, size_hint_y=None, hint_text=app.t("agreement.reason_hint"),
                                        background_color=PALETTE["panel_hi"], foreground_color=PALETTE["text"],
                                        cursor_color=PALETTE["accent"]),
                      height=touch(), font_size=units(18))
    note = Factory.Dim(text="", color=PALETTE["danger"])
    body.add_widget(reason)
    body.add_widget(note)
    row = d.scaled(BoxLayout(size_hint_y=None), height=touch(), spacing=units(6))
    cancel = Factory.Btn(text=app.t("common.cancel"), kind="quiet")
    ok = Factory.Btn(text=app.t("common.ok"), kind="danger")

    def confirm(*_):
        text = reason.text.strip()
        if not text:
            note.text = app.t("agreement.missing")
            return
        d.dismiss()
        app.send(C.EndByAgreement(text))

    cancel.bind(on_tap=lambda *_: d.dismiss())
    ok.bind(on_tap=confirm)
    row.add_widget(cancel)
    row.add_widget(ok)
    body.add_widget(row)
    for key, widget in (("reason", reason), ("note", note), ("ok", ok), ("cancel", cancel)):
        d.ids[key] = widget
    d.fit_height()
    d.open()
    app.dialog = d
    return d


def correction_form(app):
    """Set a counter by hand with the table's reason: a player's florins, victory points or
    soldiers off the board, or a territory's pieces, owner or castle (the engine's ``Correct``,
    docs/storage.md). The engine checks the value and says why when it refuses. The form for
    the state now, not opened yet (the menu opens it), or None with no game."""
    s, ui = app.session, app.uis["magnifico"]
    if s is None or not s.has_game:
        return None
    view = s.view()
    d = dialog(app, app.t("correction.title"), size=(0.8, 0.95))
    body = d.ids.body
    territories = sorted(view.get("territories", {}), key=lambda t: ui.territory_name(t, app.lang))
    form = {"kind": "seat", "seat": 0, "field": "florins", "territory": territories[0] if territories else None}
    body.add_widget(Factory.Dim(text=app.t("correction.help")))
    rows = [d.scaled(BoxLayout(size_hint_y=None, spacing=6), height=touch()) for _ in range(4)]
    kinds, which, fields, values = rows
    stepper = Factory.Stepper()
    for w in rows[:3]:
        body.add_widget(w)
    value_slot = d.scaled(BoxLayout(size_hint_y=None), height=touch())
    body.add_widget(value_slot)
    reason = d.scaled(Factory.TextInput(multiline=False, size_hint_y=None, hint_text=app.t("correction.reason"),
                                        background_color=PALETTE["panel_hi"], foreground_color=PALETTE["text"],
                                        cursor_color=PALETTE["accent"]),
                      height=touch(), font_size=units(18))
    body.add_widget(reason)
    d.ids["reason"] = reason
    step_of = {"florins": 10}
    seat_fields = ("florins", "vp", "soldiers_left")
    territory_fields = ("soldiers", "tanks", "airplanes", "towers", "owner", "castle")
    shown_as = {"soldiers_left": "reserve"}  # the view's name of the counter

    def current():
        if form["kind"] == "seat":
            return view["seats"][form["seat"]][shown_as.get(form["field"], form["field"])]
        return view["territories"][form["territory"]][form["field"]]

    built = {}  # each button made once and shown again on later redraws

    def button(row, key, text, selected, on_tap):
        kind = "selected" if selected else "normal"
        b = built.get(key)
        if b is None:
            b = built[key] = d.ids[key] = Factory.Btn(text=text, kind=kind)
            b.bind(on_tap=lambda b: b.action())
        else:
            b.text, b.kind = text, kind
        b.action = on_tap
        row.add_widget(b)
        return b

    def redraw():
        for row in rows:
            row.clear_widgets()
        value_slot.clear_widgets()
        for k in ("seat", "territory"):
            button(kinds, "kind_" + k, app.t("correction.kind_" + k), form["kind"] == k,
                   lambda k=k: choose(kind=k, field=(seat_fields if k == "seat" else territory_fields)[0]))
        if form["kind"] == "seat":
            for i, p in enumerate(view["seats"]):
                button(which, f"seat_{i}", p["name"], form["seat"] == i, lambda i=i: choose(seat=i))
        else:
            i = territories.index(form["territory"])
            button(which, "territory_prev", "<", False,
                   lambda: choose(territory=territories[(i - 1) % len(territories)]))
            t = view["territories"][form["territory"]]
            owner = view["seats"][t["owner"]]["name"] if t.get("owner") is not None else app.t("correction.nobody")
            name = built.get("territory_name")
            if name is None:
                name = built["territory_name"] = d.ids["territory_name"] = Factory.Txt(
                    halign="center", pos_hint={"center_y": 0.5})
            name.text = f"{ui.territory_name(form['territory'], app.lang)} ({owner})"
            which.add_widget(name)
            button(which, "territory_next", ">", False,
                   lambda: choose(territory=territories[(i + 1) % len(territories)]))
        for f in (seat_fields if form["kind"] == "seat" else territory_fields):
            button(fields, "field_" + f, app.t("correction." + f), form["field"] == f, lambda f=f: choose(field=f))
        if form["field"] == "owner":
            choices = [(None, app.t("correction.nobody"))] + [(i, p["name"]) for i, p in enumerate(view["seats"])]
            for v, text in choices:
                button(values, f"owner_{'none' if v is None else v}", text, form["value"] == v,
                       lambda v=v: set_value(v))
            value_slot.add_widget(values)
        elif form["field"] == "castle":
            for v in (True, False):
                button(values, f"castle_{'yes' if v else 'no'}", app.t("correction.castle_yes" if v else "correction.castle_no"),
                       form["value"] is v, lambda v=v: set_value(v))
            value_slot.add_widget(values)
        else:
            stepper.label = app.t("correction.value")
            stepper.value = form["value"]
            stepper.minus = lambda: change(-1)
            stepper.plus = lambda: change(1)
            value_slot.add_widget(stepper)
            d.ids["value"] = stepper

    def choose(**kw):
        form.update(kw)
        form["value"] = current()
        redraw()

    def set_value(v):
        form["value"] = v
        redraw()

    def change(sign):
        form["value"] = max(0, form["value"] + sign * step_of.get(form["field"], 1))
        redraw()

    form["value"] = current()
    redraw()
    row = d.scaled(BoxLayout(size_hint_y=None, spacing=8), height=touch())
    cancel = Factory.Btn(text=app.t("common.cancel"), kind="quiet")
    cancel.bind(on_tap=lambda *_: d.dismiss())
    ok = Factory.Btn(text=app.t("correction.apply"), kind="primary")

    def apply(*_):
        text = reason.text.strip()
        if not text:
            app.toast(app.t("correction.need_reason"))
            return
        d.dismiss()
        target = ({"seat": form["seat"]} if form["kind"] == "seat" else {"territory": form["territory"]})
        app.correct({**target, "counter": form["field"]}, form["value"], text)

    ok.bind(on_tap=apply)
    d.ids["apply"] = ok
    row.add_widget(cancel)
    row.add_widget(ok)
    body.add_widget(row)
    d.fit_height()  # every row has its own height: at full height they left a band under the title
    return d
