"""Modal dialogs: the menu, a number keypad (masked for a sealed entry), a game's log, and
the frame the games' Python-built forms share (as high as its rows, following a resize)."""

from __future__ import annotations

import weakref
from typing import Any, NamedTuple, TypeVar

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.app.theme import PALETTE

W = TypeVar("W", bound=Widget)


class Scaled(NamedTuple):
    """A size in the app's units: ``times`` the app's ``u`` or its ``touch`` (see ``Dialog.scaled``)."""

    unit: str
    times: float

    def of(self, app: Any) -> float:
        return float(getattr(app, self.unit)) * self.times


def units(times: float) -> Scaled:
    """``times`` the app's scale ``u`` (a font size, a spacing)."""
    return Scaled("u", times)


def touch(times: float = 1.0) -> Scaled:
    """``times`` the height of a touch target (a row, a button)."""
    return Scaled("touch", times)


class Keypad(BoxLayout):
    """Digits, delete and OK. ``masked`` shows dots instead of digits (a private bid)."""

    value = StringProperty("")
    masked = BooleanProperty(False)
    max_digits = NumericProperty(3)
    on_ok = ObjectProperty(None, allownone=True)
    on_empty = ObjectProperty(None, allownone=True)  # OK with nothing typed: say what is missing

    def press(self, key: str):
        if key == "del":
            self.value = self.value[:-1]
        elif key == "ok":
            if not self.value:
                if self.on_empty is not None:
                    self.on_empty()
            elif self.on_ok is not None:
                self.on_ok(int(self.value))
        elif len(self.value) < self.max_digits:
            self.value = (self.value + key).lstrip("0") or "0"

    @property
    def shown(self) -> str:
        return "\u2022" * len(self.value) if self.masked else self.value


class Dialog(ModalView):
    """A modal panel in the app's colours; content goes in ``ids.body``."""

    title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # widgets whose sizes follow the app's u and touch while the dialog is open; weak, so a
        # form that rebuilds its buttons on each tap does not keep the old ones
        self._scaled: weakref.WeakKeyDictionary[Widget, dict[str, Scaled]] = weakref.WeakKeyDictionary()
        self._rescale = Clock.create_trigger(self._apply_scales)

    def scaled(self, widget: W, **sizes: Scaled) -> W:
        """Set ``widget``'s ``sizes`` (``height=touch()``, ``font_size=units(13)``) now and again
        whenever the window is resized while the dialog is open; ``widget`` back."""
        app = App.get_running_app()
        for name, size in sizes.items():
            setattr(widget, name, size.of(app))
        self._scaled.setdefault(widget, {}).update(sizes)
        return widget

    def _apply_scales(self, *_: Any) -> None:
        # after the kv rules' own bindings to u and touch (a Btn's font_size) have run
        app = App.get_running_app()
        for widget, sizes in list(self._scaled.items()):
            for name, size in sizes.items():
                setattr(widget, name, size.of(app))

    def open(self, *args: Any, **kwargs: Any) -> None:
        """Shown at once: Kivy's fade-in only faded the overlay in, over six more whole frames
        (about 18 ms each in software GL), and a form opened from the menu flashed the
        screen behind it while its overlay came back.

        A fade still running from an earlier closing is stopped first: a dialog closed twice
        (Cancel tapped again as it faded) has a second fade that would end on it, opened again,
        and take it off the screen."""
        Animation.cancel_all(self, "_anim_alpha")
        kwargs.setdefault("animation", False)
        super().open(*args, **kwargs)

    def on_pre_open(self) -> None:
        app = App.get_running_app()
        if app is not None:
            app.fbind("u", self._rescale)
            app.fbind("touch", self._rescale)

    def on_dismiss(self) -> None:
        app = App.get_running_app()
        if app is not None:
            app.funbind("u", self._rescale)
            app.funbind("touch", self._rescale)

    def fit_height(self, most: float = 0.95) -> None:
        """As high as its content, at most ``most`` of the window: a form whose rows each have
        their own height, stacked from the bottom, leaves no empty band under its title. The
        content's height is the body's fixed rows plus, for a scrolling list, its whole list (it
        shrinks and scrolls when the window is too short); any other stretching child counts as
        empty. Refits when a row's height changes, and the window keeps the cap on a resize."""
        body, frame = self.ids.body, self.ids.frame
        scrolls = [c for c in body.children if isinstance(c, ScrollView) and c.size_hint_y is not None]
        lists = [s.children[0] for s in scrolls if s.children]

        def fit(*_: Any) -> None:
            natural = frame.minimum_height + body.minimum_height + sum(w.height for w in lists)
            self.size_hint_max_y = max(natural, 1.0)

        self.size_hint_y = most
        frame.bind(minimum_height=fit)
        body.bind(minimum_height=fit)
        for w in lists:
            w.bind(height=fit)
        body.do_layout()  # its minimum height now, not after the first frame
        frame.do_layout()
        fit()


def dialog(app, title: str, size=(0.7, 0.8)) -> Dialog:
    """An empty dialog in the app's colours (content goes in ``ids.body``), not yet open.

    Sized and laid out at once: a form's rows then take their widths in the first layout
    pass, instead of being laid out (and their labels' text measured and drawn) at Kivy's
    default 100 px first and again at the window's size."""
    from kivy.core.window import Window

    d = Factory.Dialog(size_hint=size, auto_dismiss=True)
    d.title = title
    d.overlay_color = (0, 0, 0, 0.6)
    d.size = (Window.width * size[0], Window.height * size[1])
    d.do_layout()
    d.ids.frame.do_layout()
    return d


class _Menu(NamedTuple):
    """The menu kept for its next opening: its entries' layout, the dialog, the actions, and
    the forms made ahead while it is shown."""

    layout: tuple[Any, ...]  # the language and each entry's (text key, kind, widget id)
    dialog: Dialog
    actions: list[Any]  # by entry: set at each opening (a game's form reads the state then), cleared at its close
    made: dict[str, tuple[tuple[Any, ...], Dialog]]  # by form: what it was made for, the form; cleared after its close


_menus: weakref.WeakKeyDictionary[Any, _Menu] = weakref.WeakKeyDictionary()  # by app


def _menu_entries(app) -> tuple[list[tuple[str, Any, str, str | None]], list[Any]]:
    """The menu's entries (text key, action, kind, widget id), and what they open that is made
    while the menu is read (main.py's warm-up)."""
    entries: list[tuple[str, Any, str, str | None]] = []
    ahead: list[Any] = []
    correction = app.ui.correction(app) if app.ui is not None else None
    if correction is not None:  # the open game's form of its counters
        entries.append(("menu.correction", lambda: open_form(app, "correction", correction), "normal",
                        "menu_correction"))
        ahead.append(lambda menu: _make_form(app, menu, "correction", correction))
    extra = getattr(app.ui, "menu_items", None) if app.ui is not None else None
    for key, action in (extra(app) if extra is not None else []):  # the game's own entries
        entries.append((key, action, "normal", "menu_" + key.rsplit(".", 1)[-1]))
    entries.append(("menu.redo", app.redo, "normal", None))
    if app.phones is not None and app.phones.on and app.in_game:  # each seat's code to scan
        entries.append(("menu.phones", lambda: app.go("phones"), "normal", "menu_phones"))
        ahead.append(lambda menu: app.screens["phones"].make_codes())
    entries += [
        ("menu.history", lambda: app.go("history"), "normal", None),
        ("menu.settings", lambda: app.go("settings"), "normal", None),
        ("menu.language", lambda: app.set_lang("en" if app.lang == "it" else "it"), "normal", None),
        ("menu.home", lambda: app.go("home"), "quiet", None),
        ("menu.quit", app.stop, "danger", None),
        ("common.close", lambda: None, "quiet", None),
    ]
    return entries, ahead


def _kept_menu(app, entries) -> _Menu:
    """The menu kept for these entries and the language, made if there is none."""
    layout = (app.lang, tuple((key, kind, widget_id) for key, _, kind, widget_id in entries))
    kept = _menus.get(app)
    # a menu still on the window (fading out after a tap beside it: it would not open again)
    # leaves the opening to a new one, as before it was kept
    if kept is None or kept.layout != layout or kept.dialog.get_parent_window() is not None:
        kept = _menus[app] = _Menu(layout, *_build_menu(app, entries))
    return kept


def make_menu(app) -> str | None:
    """The menu made ahead, not opened (the warm-up, on a game's screens): its first opening
    made it in the tap, 10 to 15 ms here. None when the one kept is already the one."""
    if app.dialog is not None and app.dialog.get_parent_window() is not None:  # the table is in a dialog
        return None
    before = _menus.get(app)
    entries, _ = _menu_entries(app)
    return None if _kept_menu(app, entries) is before else "menu"


def open_menu(app):
    """Correction, history, settings, home, language: everything that is not the game itself.

    The dialog is kept and opened again while its entries and the language stay the same:
    building its ten buttons was a fifth of the tap (7.5 ms of 36 here)."""
    entries, ahead = _menu_entries(app)
    before = _menus.get(app)
    kept = _kept_menu(app, entries)
    if kept is before:
        kept.dialog._apply_scales()  # the window may have been resized while it was closed
    kept.actions[:] = [action for _, action, _, _ in entries]
    kept.made.clear()
    kept.dialog.open()
    app.dialog = kept.dialog
    menu = kept
    for make in ahead:
        app.work_ahead(lambda make=make: make(menu) if menu.actions else None)  # none once it closed
    return kept.dialog


def _made_for(app) -> tuple[Any, ...]:
    """What a form made ahead shows and is sized for: the game's state, the language, the size."""
    from kivy.core.window import Window

    s = app.session
    return s, getattr(s, "version", None), app.lang, tuple(Window.size), app.u, app.touch


def _make_form(app, menu: _Menu, name: str, make) -> str | None:
    """The menu's form ``name`` made while the menu is shown (its tap made it: 38 to 58 ms of
    building and the first frame here), for the state it shows now."""
    d = make()
    if d is None:
        return None
    menu.made[name] = (_made_for(app), d)
    return "menu's " + name


def open_form(app, name: str, make) -> Any:
    """The menu's form ``name`` opened: the one made ahead if it was made for the state, the
    language and the size now (a handset's bid may have come meanwhile), else made now. With
    no game open, the table is told so."""
    kept = _menus.get(app)
    made = kept.made.pop(name, None) if kept is not None else None
    d = made[1] if made is not None and made[0] == _made_for(app) else make()
    if d is None:
        app.toast(app.t("correction.no_game"))
        return None
    d.open()
    app.dialog = d
    return d


def _build_menu(app, entries) -> tuple[Dialog, list[Any], dict[str, Any]]:
    d = dialog(app, app.t("menu.title"), size=(0.8, 0.9))
    body = d.scaled(GridLayout(cols=2), spacing=units(6))  # two columns: every entry fits at 800x480
    d.ids.body.add_widget(body)
    actions: list[Any] = []

    def run(i: int) -> None:
        action = actions[i]
        # gone at once: the frame that opens a form draws one dialog, not the menu fading under it
        d.dismiss(animation=False)
        action()

    made: dict[str, Any] = {}

    def closed(*_: Any) -> None:
        # a closed menu holds no action and no form: they hold the app, which holds the kept
        # menu by a weak key; the forms once the entry tapped (run, below) has taken its own
        actions.clear()
        Clock.schedule_once(lambda _dt: made.clear(), 0)

    d.bind(on_dismiss=closed)

    for i, (key, _, kind, widget_id) in enumerate(entries):
        b = Factory.Btn(text=app.t(key), kind=kind, size_hint_y=1)
        b.bind(on_tap=lambda *_, i=i: run(i))
        body.add_widget(b)
        if widget_id:
            d.ids[widget_id] = b
    return d, actions, made


def ask_number(app, title: str, text: str, on_value, *, masked=False, max_digits=3, value: int | None = None,
               missing: str = ""):
    """A keypad dialog; ``on_value(int)`` runs on OK and the dialog closes; Cancel closes it
    without a value. ``value`` prefills the keypad (a suggestion the table may change);
    OK with nothing typed says ``missing`` (by default: a number is needed) and stays open.

    A keypad dialog that has closed is opened again (a bid after a bid): making one (the
    dialog, its words, 13 keys, the note, Cancel) was a third of the tap. It starts afresh:
    this call's title, words, mask, length, digits and OK, no note."""
    d = _number_dialog(app)
    pad, note = d.ids.keypad, d.ids.note
    d.title = title
    d.ids.text.text = text
    d.ids.cancel.text = app.t("common.cancel")
    pad.value = ""  # before the mask changes: no digit of the last entry shown
    pad.masked, pad.max_digits = masked, max_digits
    pad.value = "" if value is None else str(value)[:max_digits]
    note.text = ""

    def ok(value):
        d.dismiss()
        on_value(value)

    def empty():
        note.text = missing or app.t("common.number_missing")

    pad.on_ok = ok
    pad.on_empty = empty
    d.open()
    app.dialog = d
    return d


_KEPT_NUMBER_DIALOGS = 2  # two: a keypad dialog opened by another's OK, while that one fades out
_number_dialogs: weakref.WeakKeyDictionary[Any, list[Dialog]] = weakref.WeakKeyDictionary()  # by app


def _number_dialog(app) -> Dialog:
    """A kept keypad dialog that is not on the window (not shown, not fading out), or a new
    one (kept, up to two)."""
    kept = _number_dialogs.setdefault(app, [])
    for d in kept:
        if d.get_parent_window() is None:
            return d
    d = _build_number_dialog(app)
    if len(kept) < _KEPT_NUMBER_DIALOGS:
        kept.append(d)
    return d


def _build_number_dialog(app) -> Dialog:
    d = dialog(app, "", size=(0.6, 0.95))
    text = Factory.Txt(text="")
    pad = Factory.Keypad()
    keys = next(c for c in pad.children if isinstance(c, GridLayout))
    for w in (keys, pad):  # as high as the keys (their heights follow the touch size in kv)
        w.size_hint_y = None
        w.bind(minimum_height=w.setter("height"))
    note = Factory.Dim(text="", color=PALETTE["danger"])
    pad.fbind("value", lambda *_: setattr(note, "text", ""))  # a key pressed clears the note
    cancel = Factory.Btn(text=app.t("common.cancel"), kind="quiet")  # a touch high (kv): 0.8 was 35 px
    cancel.bind(on_tap=lambda *_: d.dismiss())

    def closed(*_):  # a closed dialog holds no action (they hold the app, its key is weak), no digit
        pad.on_ok = pad.on_empty = None  # (a sealed bid's digits stay only in what OK handed on)
        pad.value = ""

    d.bind(on_dismiss=closed)
    for w in (text, pad, note, cancel):
        d.ids.body.add_widget(w)
    d.ids["text"], d.ids["keypad"], d.ids["note"], d.ids["cancel"] = text, pad, note, cancel
    d.fit_height()
    return d


def open_log(app, title: str, lines: list[str]):
    """A game's log, one line per event, scrolling; closed with a tap on the button."""
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    d = dialog(app, title, size=(0.9, 0.95))
    scroll = ScrollView(do_scroll_x=False)
    text = d.scaled(Label(text="\n".join(lines) or app.t("history.no_log"), color=PALETTE["text"], halign="left",
                          valign="top", size_hint_y=None), font_size=units(13))
    text.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
              texture_size=lambda w, size: setattr(w, "height", max(size[1], 10)))
    scroll.add_widget(text)
    d.ids.body.add_widget(scroll)
    d.ids["log"] = text
    close = Factory.Btn(text=app.t("common.back"), kind="quiet")
    close.bind(on_tap=lambda *_: d.dismiss())
    d.ids.body.add_widget(close)
    d.open()
    app.dialog = d
    return d
