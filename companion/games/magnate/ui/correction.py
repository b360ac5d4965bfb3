"""The correction form: set one of Magnate's counters by hand, with the table's reason (the
rules' ``Correct``, docs/magnate.md): a player's tokens of a suit, a hand's size, the tokens
on a deed, or a card on the table made complete or a deed again. The rules check the value."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout

from companion.app.theme import PALETTE
from companion.app.widgets.dialogs import dialog, touch, units
from companion.games.magnate.cards import SUITS

from . import names

KINDS = ("tokens", "hand", "deed", "complete")


def _cards(view: dict[str, Any], complete: bool | None) -> list[str]:
    """The cards on the table (only the deeds when ``complete`` is False)."""
    out = []
    for d in view.get("districts", []):
        for column in view["city"][d]:
            out += [b["card"] for b in column if complete is None or b["complete"] == complete]
    return out


def correction_form(app: Any) -> Any:
    """The form for the state now, not opened yet (the menu opens it), or None with no game."""
    s = app.session
    if s is None or not s.has_game:
        return None
    view = s.view()
    lang = app.lang

    def t(key: str, **kw: Any) -> str:
        return str(app.t("magnate.correction." + key, **kw))

    d = dialog(app, app.t("correction.title"), size=(0.86, 0.98))
    body = d.ids.body
    body.add_widget(Factory.Dim(text=t("help")))
    form: dict[str, Any] = {"kind": "tokens", "seat": 0, "suit": SUITS[0], "card": None}
    rows = [d.scaled(BoxLayout(size_hint_y=None, spacing=4), height=touch()) for _ in range(3)]
    for row in rows:
        body.add_widget(row)
    value_slot = d.scaled(BoxLayout(size_hint_y=None), height=touch())
    body.add_widget(value_slot)
    reason = d.scaled(Factory.TextInput(multiline=False, size_hint_y=None, hint_text=app.t("correction.reason"),
                                        background_color=PALETTE["panel_hi"], foreground_color=PALETTE["text"],
                                        cursor_color=PALETTE["accent"]),
                      height=touch(), font_size=units(16))
    body.add_widget(reason)
    d.ids["reason"] = reason
    stepper = Factory.MagnateStepper()

    def cards() -> list[str]:
        return _cards(view, False if form["kind"] == "deed" else None)

    def where(card: str) -> dict[str, Any]:
        for district in view.get("districts", []):
            for column in view["city"][district]:
                for b in column:
                    if b["card"] == card:
                        return dict(b)
        return {}

    def current() -> Any:
        k = form["kind"]
        if k == "tokens":
            return view["seats"][form["seat"]]["tokens"][form["suit"]]
        if k == "hand":
            return view["seats"][form["seat"]]["hand"]
        b = where(form["card"]) if form["card"] else {}
        if k == "deed":
            return b.get("tokens", {}).get(form["suit"], 0)
        return bool(b.get("complete"))

    built: dict[str, Any] = {}  # each button made once and shown again on later redraws

    def button(row: Any, key: str, text: str, selected: bool, on_tap: Any, narrow: bool = False) -> None:
        kind = "selected" if selected else "normal"
        b = built.get(key)
        if b is None:
            b = Factory.Btn(text=text, kind=kind)
            d.scaled(b, font_size=units(13))
            if narrow:
                b.size_hint_x = None
                d.scaled(b, width=touch())
            b.bind(on_tap=lambda b: b.action())
            built[key] = d.ids[key] = b
        else:
            b.text, b.kind = text, kind
        b.action = on_tap
        row.add_widget(b)

    def label(key: str, text: str, **kw: Any) -> Any:
        w = built.get(key)
        if w is None:
            w = built[key] = d.ids[key] = Factory.Txt(text=text, **kw)
        w.text = text
        return w

    def redraw() -> None:
        for row in rows:
            row.clear_widgets()
        value_slot.clear_widgets()
        kinds, which, fields = rows
        for k in KINDS:
            button(kinds, "kind_" + k, t("kind_" + k), form["kind"] == k, lambda k=k: choose(kind=k))
        if form["kind"] in ("tokens", "hand"):
            for i, p in enumerate(view["seats"]):
                button(which, f"seat_{i}", p["name"], form["seat"] == i, lambda i=i: choose(seat=i))
        else:
            listed = cards()
            if not listed:
                which.add_widget(label("no_cards", t("no_cards")))
                return
            if form["card"] not in listed:
                form["card"] = listed[0]
                form["value"] = current()
            i = listed.index(form["card"])
            button(which, "card_prev", "<", False, lambda: choose(card=listed[(i - 1) % len(listed)]), narrow=True)
            which.add_widget(label("card_name", names.card_label(form["card"], lang), halign="center"))
            button(which, "card_next", ">", False, lambda: choose(card=listed[(i + 1) % len(listed)]), narrow=True)
        if form["kind"] in ("tokens", "deed"):
            suits = SUITS if form["kind"] == "tokens" else names.suits_of(form["card"])
            for x in suits:
                button(fields, "suit_" + x, names.suit_name(x, lang), form["suit"] == x, lambda x=x: choose(suit=x))
        if form["kind"] == "complete":
            for v in (True, False):
                button(fields, f"complete_{'yes' if v else 'no'}", t("complete_yes" if v else "complete_no"),
                       form["value"] is v, lambda v=v: set_value(v))
            return
        stepper.label = t("value")
        stepper.value = form["value"]
        stepper.minus = lambda: set_value(max(0, form["value"] - 1))
        stepper.plus = lambda: set_value(form["value"] + 1)
        value_slot.add_widget(stepper)
        d.ids["value"] = stepper

    def choose(**kw: Any) -> None:
        form.update(kw)
        if form["kind"] == "deed" and form["card"] and form["suit"] not in names.suits_of(form["card"]):
            form["suit"] = names.suits_of(form["card"])[0]
        if form["kind"] == "tokens" and form["suit"] not in SUITS:
            form["suit"] = SUITS[0]
        form["value"] = current() if form["kind"] in ("tokens", "hand") or form["card"] else 0
        redraw()

    def set_value(v: Any) -> None:
        form["value"] = v
        redraw()

    choose()
    row = d.scaled(BoxLayout(size_hint_y=None, spacing=8), height=touch())
    cancel = Factory.Btn(text=app.t("common.cancel"), kind="quiet")
    cancel.bind(on_tap=lambda *_: d.dismiss())
    ok = Factory.Btn(text=app.t("correction.apply"), kind="primary")

    def apply(*_: Any) -> None:
        text = reason.text.strip()
        if not text:
            app.toast(app.t("correction.need_reason"))
            return
        k = form["kind"]
        if k in ("tokens", "hand"):
            target: dict[str, Any] = {"seat": form["seat"], "counter": "tokens" if k == "tokens" else "hand"}
            if k == "tokens":
                target["suit"] = form["suit"]
        elif form["card"] is None:
            return
        elif k == "deed":
            target = {"card": form["card"], "counter": "tokens", "suit": form["suit"]}
        else:
            target = {"card": form["card"], "counter": "complete"}
        d.dismiss()
        app.correct(target, form["value"], text)

    ok.bind(on_tap=apply)
    d.ids["apply"] = ok
    row.add_widget(cancel)
    row.add_widget(ok)
    body.add_widget(row)
    d.fit_height()  # as high as its rows: no empty band between them and the buttons
    return d
