"""Leonardo's dialogs: a choice among buttons, a printed value the rules ask for, the private
keypad of a secret (a faction, a sealed bet), an open bet, and the correction form."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory

from companion.app.widgets.dialogs import ask_number, dialog, touch, units
from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C
from companion.games.leonardo.state import FACTIONS

from . import presenters as P
from .texts import name_in, word


def _t(app: Any, key: str, **kw: Any) -> str:
    return str(app.t("leonardo." + key, **kw))


def choose(app: Any, title: str, options: Sequence[tuple[str, Any]], on_value: Callable[[Any], Any], *,
           text: str = "", cols: int = 1, size: tuple[float, float] = (0.7, 0.9)) -> Any:
    """A dialog of buttons, one per (label, value); ``on_value(value)`` runs on a tap."""
    d = dialog(app, title, size=size)
    body = d.ids.body
    if text:
        body.add_widget(d.scaled(Factory.Txt(text=text), font_size=units(14)))
    grid = d.scaled(Factory.GridLayout(cols=cols, size_hint_y=None, row_force_default=True),
                    spacing=units(4), row_default_height=touch())
    grid.bind(minimum_height=grid.setter("height"))
    for i, (label, value) in enumerate(options):
        b = d.scaled(Factory.Btn(text=label), font_size=units(14))
        b.size_hint_y = 1
        b.bind(on_tap=lambda _b, v=value: (d.dismiss(), on_value(v)))
        grid.add_widget(b)
        d.ids[f"choice_{i}"] = b
    scroll = Factory.ScrollView(do_scroll_x=False)
    scroll.add_widget(grid)
    body.add_widget(scroll)
    close = Factory.Btn(text=app.t("common.back"), kind="quiet")
    close.bind(on_tap=lambda *_: d.dismiss())
    body.add_widget(close)
    d.fit_height()  # as high as its buttons; a long list scrolls
    d.open()
    app.dialog = d
    return d


# ---------------------------------------------------------------------------------------
# a printed value the rules need (IllegalCommand.needs)


def ask_printed_value(app: Any, needs: dict[str, Any], retry: Any) -> None:
    """Ask the table for one printed value, send ``SetPrintedValue`` (the box profile keeps
    it), then the command that needed it again."""
    item, field = needs["item"], needs["field"]
    view = app.session.view()
    head, _, tail = item.partition(".")

    def send(value: Any) -> None:
        if app.send(C.SetPrintedValue(item, field, value)):
            app.send(retry)

    what = _what(app, view, item, field)
    title = _t(app, "ask.title")
    if head == "space" and field == "kind":
        choose(app, title, [(word(f"kind.{k}", app.lang), k) for k in B.OPEN_KINDS], send, text=what)
    elif head == "space" and field == "quarter":
        quarters = view["box"]["quarters"]
        choose(app, title, [(f"{q} {name_in(quarters[str(q)].get('name'), app.lang)}".strip(), q)
                            for q in range(1, B.QUARTERS + 1)], send, text=what, cols=2)
    elif head == "space" and field == "name":
        ask_text(app, title, what, send)
    elif head == "number" and field == "product":
        choose(app, title, [(word(f"product.{p}", app.lang), p) for p in B.PRODUCTS], send, text=what, cols=2)
    elif head == "office" and field == "space":
        choose(app, title, [(P.space_label(view, n, app.lang), n) for n in sorted(B.FIXED)], send, text=what,
               cols=2)
    elif head == "office" and field == "price":
        choose(app, title, [(str(v), v) for v in B.OFFICE_PRICES], send, text=what, cols=2)
    elif head == "event" and field == "kind":
        choose(app, title, [(word(f"event_kind.{k}", app.lang), k) for k in B.EVENT_KINDS], send, text=what)
    else:  # a price, a rent, a count
        ask_number(app, title, what, send, max_digits=4)


def _what(app: Any, view: Any, item: str, field: str) -> str:
    head, _, tail = item.partition(".")
    if head == "space":
        where = P.space_label(view, int(tail), app.lang)
        if field.startswith("rent."):
            return _t(app, "box.what.rent", space=where, n=int(field[5:]))
        return _t(app, f"box.what.space_{field}", space=where)
    if head in ("quarter", "number", "office", "event"):
        return _t(app, f"box.what.{head}_{field}", n=tail)
    return _t(app, f"box.what.{head}_{field}")


def ask_text(app: Any, title: str, text: str, on_value: Callable[[str], Any]) -> Any:
    d = dialog(app, title, size=(0.7, 0.6))
    d.ids.body.add_widget(d.scaled(Factory.Txt(text=text), font_size=units(14)))
    ti = d.scaled(Factory.TextInput(multiline=False, size_hint_y=None), height=touch(), font_size=units(16))
    d.ids.body.add_widget(ti)
    d.ids["text"] = ti
    note = Factory.Dim(text="")
    ti.bind(text=lambda *_: setattr(note, "text", ""))

    def confirm(*_: Any) -> None:
        if ti.text.strip():
            d.dismiss()
            on_value(ti.text.strip())
        else:  # an empty field says what is missing and stays open
            note.text = app.t("common.text_missing")

    ok = Factory.Btn(text=app.t("common.confirm"), kind="primary")
    ok.bind(on_tap=confirm)
    cancel = Factory.Btn(text=app.t("common.cancel"), kind="quiet")
    cancel.bind(on_tap=lambda *_: d.dismiss())
    d.ids["ok"], d.ids["cancel"], d.ids["note"] = ok, cancel, note
    d.ids.body.add_widget(note)
    line = d.scaled(Factory.BoxLayout(size_hint_y=None), height=touch(), spacing=units(6))
    line.add_widget(cancel)
    line.add_widget(ok)
    d.ids.body.add_widget(line)
    d.fit_height()
    d.open()
    app.dialog = d
    return d


# ---------------------------------------------------------------------------------------
# secrets on the private keypad


def private_faction(app: Any, seat: int, on_done: Callable[[Any], Any]) -> Any:
    """The seat's secret faction: the screen is turned to that player, who taps one of two
    buttons; the dialog closes at once and the shared screen says only "chosen"."""
    view = app.session.view()
    name = P.seat_name(view, seat)
    devices = app.uis["leonardo"].devices

    def chosen(faction: str) -> None:
        on_done(devices.choose_faction(seat, faction))

    return choose(app, _t(app, "faction.title", name=name), [(word(f"faction.{f}", app.lang), f) for f in FACTIONS],
                  chosen, text=_t(app, "faction.help", name=name), cols=2, size=(0.7, 0.7))


def bet_dialog(app: Any, seat: int, sealed: bool, on_done: Callable[[Any], Any], *,
               handset: bool = False) -> Any:
    """A market bet: the product, then the amount. Sealed: a private keypad (dots for the
    amount); with a handset, only the product here, the amount on the handset."""
    view = app.session.view()
    name = P.seat_name(view, seat)
    cash = view["seats"][seat]["cash"]
    ui = app.uis["leonardo"]

    def product_chosen(product: str) -> None:
        if sealed and handset:
            ui.devices.choose_product(seat, product)
            on_done(None)
            return

        def amount(value: int) -> None:
            if sealed:
                on_done(ui.devices.lock_bet(seat, product, int(value)))
            else:
                on_done(None if app.send(C.Bet(seat, product, int(value))) else False)

        ask_number(app, _t(app, "market.amount_title", name=name, product=word(f"product.{product}", app.lang)),
                   _t(app, "market.amount_help", least=5, cash=cash), amount, masked=sealed)

    title = _t(app, "market.sealed_title" if sealed else "market.bet_title", name=name)
    help_key = "market.product_handset" if sealed and handset else (
        "market.product_sealed" if sealed else "market.product_help")
    return choose(app, title, [(word(f"product.{p}", app.lang), p) for p in B.PRODUCTS], product_chosen,
                  text=_t(app, help_key, name=name), cols=2, size=(0.7, 0.75))


# ---------------------------------------------------------------------------------------
# corrections


def correction_form(app: Any) -> Any:
    """A counter set by hand (cash, men-at-arms, a pawn's space, an owner, the works of art),
    with the table's reason; the journal keeps it like any command. The box profile too. The
    form for the state now, not opened yet (the menu opens it), or None with no game."""
    s = app.session
    if s is None or not s.has_game:
        return None
    view = s.view()
    d = dialog(app, _t(app, "correct.title"), size=(0.8, 0.95))
    body = d.ids.body
    body.add_widget(Factory.Dim(text=_t(app, "correct.help")))
    grid = d.scaled(Factory.GridLayout(cols=3, size_hint_y=None, row_force_default=True),
                    spacing=units(4), row_default_height=touch(0.9))
    grid.bind(minimum_height=grid.setter("height"))
    reason = _t(app, "correct.reason")

    def seat_counter(seat: int, counter: str) -> None:
        d.dismiss(animation=False)  # gone at once: the frame that opens the keypad draws one dialog
        title = f"{P.seat_name(view, seat)}: {word('counter.' + counter, app.lang)}"
        ask_number(app, title, _t(app, "correct.value_help"),
                   lambda v: app.correct({"seat": seat, "counter": counter}, int(v), reason), max_digits=4)

    for i, p in enumerate(view.get("seats", [])):
        if p.get("out") or p.get("member_of") is not None:
            continue
        for counter in ("cash", "men", "space"):
            b = d.scaled(Factory.Btn(text=f"{p['name']}: {word('counter.' + counter, app.lang)}"),
                         font_size=units(12))
            b.size_hint_y = 1
            b.bind(on_tap=lambda _b, s=i, c=counter: seat_counter(s, c))
            grid.add_widget(b)
            d.ids[f"correct_{i}_{counter}"] = b
    scroll = Factory.ScrollView(do_scroll_x=False)
    scroll.add_widget(grid)
    body.add_widget(scroll)
    line = d.scaled(Factory.BoxLayout(size_hint_y=None), height=touch(), spacing=units(6))
    owner = d.scaled(Factory.Btn(text=_t(app, "correct.owner")), font_size=units(13))
    # gone at once, as the menu is: the list's first frame draws the list alone, not the form
    # fading out under it as well (8 ms of software GL at 800x480)
    owner.bind(on_tap=lambda *_: (d.dismiss(animation=False), _correct_owner(app, reason)))
    box = d.scaled(Factory.Btn(text=_t(app, "correct.box")), font_size=units(13))
    box.bind(on_tap=lambda *_: (d.dismiss(), _open_box(app)))
    close = Factory.Btn(text=app.t("common.back"), kind="quiet")
    close.bind(on_tap=lambda *_: d.dismiss())
    for w in (owner, box, close):
        line.add_widget(w)
    d.ids["correct_owner"], d.ids["correct_box"] = owner, box
    body.add_widget(line)
    d.fit_height()  # as high as its rows: no empty band between them and the buttons
    return d


def _correct_owner(app: Any, reason: str) -> None:
    view = app.session.view()
    spaces = [n for n in range(1, B.SPACES + 1) if P.kind_of(view, n) in B.OPEN_KINDS]

    def space_chosen(n: int) -> None:
        seats = [(P.seat_name(view, i), i) for i, p in enumerate(view["seats"])
                 if not p.get("out") and p.get("member_of") is None]
        choose(app, P.space_label(view, n, app.lang), [(_t(app, "correct.bank"), None), *seats],
               lambda owner: app.correct({"space": n, "counter": "owner"}, owner, reason), cols=2)

    choose(app, _t(app, "correct.owner"), [(P.space_label(view, n, app.lang), n) for n in spaces], space_chosen,
           cols=3, size=(0.9, 0.95))


def _open_box(app: Any) -> None:
    screen = app.screens["leonardo.box"]
    screen.back_to = app.ui.table_screen if app.ui is not None else ""
    app.go("leonardo.box")
