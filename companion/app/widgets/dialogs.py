"""Modal dialogs: the menu, a number keypad (masked for sealed bids), the printed-value question."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.app.theme import PALETTE


class Keypad(BoxLayout):
    """Digits, delete and OK. ``masked`` shows dots instead of digits (a private bid)."""

    value = StringProperty("")
    masked = BooleanProperty(False)
    max_digits = NumericProperty(3)
    on_ok = ObjectProperty(None, allownone=True)

    def press(self, key: str):
        if key == "del":
            self.value = self.value[:-1]
        elif key == "ok":
            if self.on_ok is not None and self.value:
                self.on_ok(int(self.value))
        elif len(self.value) < self.max_digits:
            self.value = (self.value + key).lstrip("0") or "0"

    @property
    def shown(self) -> str:
        return "\u2022" * len(self.value) if self.masked else self.value


class Dialog(ModalView):
    """A modal panel in the app's colours; content goes in ``ids.body``."""

    title = StringProperty("")


def _dialog(app, title: str, size=(0.7, 0.8)) -> Dialog:
    d = Factory.Dialog(size_hint=size, auto_dismiss=True)
    d.title = title
    d.background_color = (0, 0, 0, 0)
    d.overlay_color = (0, 0, 0, 0.6)
    return d


def open_menu(app):
    """Correction, history, settings, home, language: everything that is not the game itself."""
    d = _dialog(app, app.t("menu.title"), size=(0.55, 0.85))
    body = d.ids.body

    def item(key, action, kind="normal", widget_id=None):
        b = Factory.Btn(text=app.t(key), kind=kind)
        b.bind(on_tap=lambda *_: (d.dismiss(), action()))
        body.add_widget(b)
        if widget_id:
            d.ids[widget_id] = b

    item("menu.correction", lambda: open_correction_form(app), widget_id="menu_correction")
    item("menu.redo", app.redo)
    item("menu.history", lambda: app.go("history"))
    item("menu.settings", lambda: app.go("settings"))
    item("menu.language", lambda: app.set_lang("en" if app.lang == "it" else "it"))
    item("menu.home", lambda: app.go("home"), kind="quiet")
    item("menu.quit", app.stop, kind="danger")
    item("common.close", lambda: None, kind="quiet")
    d.open()
    app.dialog = d
    return d


def ask_number(app, title: str, text: str, on_value, *, masked=False, max_digits=3):
    """A keypad dialog; ``on_value(int)`` runs on OK and the dialog closes."""
    d = _dialog(app, title, size=(0.6, 0.95))
    d.ids.body.add_widget(Factory.Txt(text=text))
    pad = Factory.Keypad(masked=masked, max_digits=max_digits)

    def ok(value):
        d.dismiss()
        on_value(value)

    pad.on_ok = ok
    d.ids.body.add_widget(pad)
    d.ids["keypad"] = pad
    d.open()
    app.dialog = d
    return d


def ask_card_value(app, needs: dict, retry=None):
    """The engine lacks a printed value: ask the table, record it, then retry the command."""
    card, fieldname = needs.get("card"), needs.get("field")
    name = app.session.card_name(card, app.lang)
    text = app.t("needs.text", card=name, field=app.t(f"needs.field.{fieldname}"))

    def got(value):
        if app.session.set_card_value(card, fieldname, value) and retry is not None:
            app.send(retry)

    return ask_number(app, app.t("needs.title"), text, got, max_digits=2)


def open_correction_form(app):
    """Set a counter by hand (a player's florins or victory points) with the table's reason."""
    s = app.session
    if s is None or not s.has_game:
        app.toast(app.t("correction.no_game"))
        return None
    view = s.view()
    d = _dialog(app, app.t("correction.title"), size=(0.8, 0.95))
    body = d.ids.body
    form = {"seat": 0, "field": "florins"}
    form["value"] = view["seats"][0]["florins"]
    body.add_widget(Factory.Dim(text=app.t("correction.help")))
    seats = BoxLayout(size_hint_y=None, height=app.touch, spacing=6)
    fields = BoxLayout(size_hint_y=None, height=app.touch, spacing=6)
    stepper = Factory.Stepper()
    body.add_widget(seats)
    body.add_widget(fields)
    body.add_widget(stepper)
    reason = Factory.TextInput(multiline=False, font_size=app.u * 18, size_hint_y=None, height=app.touch,
                               hint_text=app.t("correction.reason"), background_color=PALETTE["panel_hi"],
                               foreground_color=PALETTE["text"], cursor_color=PALETTE["accent"])
    body.add_widget(reason)
    d.ids["reason"] = reason
    step_of = {"florins": 10, "vp": 1}

    def redraw():
        seats.clear_widgets()
        for i, p in enumerate(view["seats"]):
            b = Factory.Btn(text=p["name"], kind="selected" if form["seat"] == i else "normal")
            b.bind(on_tap=lambda _b, i=i: choose(seat=i))
            seats.add_widget(b)
            d.ids[f"seat_{i}"] = b
        fields.clear_widgets()
        for f in ("florins", "vp"):
            b = Factory.Btn(text=app.t("correction." + f), kind="selected" if form["field"] == f else "normal")
            b.bind(on_tap=lambda _b, f=f: choose(field=f))
            fields.add_widget(b)
            d.ids[f"field_{f}"] = b
        stepper.label = app.t("correction.value")
        stepper.value = form["value"]
        stepper.minus = lambda: change(-1)
        stepper.plus = lambda: change(1)

    def choose(**kw):
        form.update(kw)
        form["value"] = view["seats"][form["seat"]][form["field"]]
        redraw()

    def change(sign):
        form["value"] = max(0, form["value"] + sign * step_of[form["field"]])
        redraw()

    redraw()
    row = BoxLayout(size_hint_y=None, height=app.touch, spacing=8)
    cancel = Factory.Btn(text=app.t("common.cancel"), kind="quiet")
    cancel.bind(on_tap=lambda *_: d.dismiss())
    ok = Factory.Btn(text=app.t("correction.apply"), kind="primary")

    def apply(*_):
        text = reason.text.strip()
        if not text:
            app.toast(app.t("correction.need_reason"))
            return
        d.dismiss()
        app.correct({"seat": form["seat"], "field": form["field"]}, form["value"], text)

    ok.bind(on_tap=apply)
    d.ids["apply"] = ok
    row.add_widget(cancel)
    row.add_widget(ok)
    body.add_widget(row)
    d.open()
    app.dialog = d
    return d
