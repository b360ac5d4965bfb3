"""Modal dialogs: the menu, a number keypad (masked for a sealed entry), a game's log."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app.theme import PALETTE
from companion.app.widgets.common import make


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

    def fit_height(self, most: float = 0.95) -> None:
        """As high as its content, at most ``most`` of the window: a form whose rows each have
        their own height, stacked from the bottom, leaves no empty band under its title."""
        from kivy.core.window import Window

        body, frame = self.ids.body, self.ids.frame
        body.size_hint_y = None
        body.bind(minimum_height=body.setter("height"))
        self.size_hint_y = None

        def fit(*_):
            self.height = min(frame.minimum_height, Window.height * most)

        frame.bind(minimum_height=fit)
        fit()


def dialog(app, title: str, size=(0.7, 0.8)) -> Dialog:
    """An empty dialog in the app's colours (content goes in ``ids.body``), not yet open."""
    d = Factory.Dialog(size_hint=size, auto_dismiss=True)
    d.title = title
    d.background_color = (0, 0, 0, 0)
    d.overlay_color = (0, 0, 0, 0.6)
    return d


def open_menu(app):
    """Correction, history, settings, home, language: everything that is not the game itself."""
    d = dialog(app, app.t("menu.title"), size=(0.8, 0.9))
    body = GridLayout(cols=2, spacing=app.u * 6)  # two columns: every entry fits at 800x480
    d.ids.body.add_widget(body)

    def item(key, action, kind="normal", widget_id=None):
        b = Factory.Btn(text=app.t(key), kind=kind, size_hint_y=1)
        b.bind(on_tap=lambda *_: (d.dismiss(), action()))
        body.add_widget(b)
        if widget_id:
            d.ids[widget_id] = b

    correction = app.ui.correction(app) if app.ui is not None else None
    if correction is not None:  # the open game's form of its counters
        item("menu.correction", correction, widget_id="menu_correction")
    extra = getattr(app.ui, "menu_items", None) if app.ui is not None else None
    for key, action in (extra(app) if extra is not None else []):  # the game's own entries
        item(key, action, widget_id="menu_" + key.rsplit(".", 1)[-1])
    item("menu.redo", app.redo)
    if app.phones is not None and app.phones.on and app.in_game:  # each seat's code to scan
        item("menu.phones", lambda: app.go("phones"), widget_id="menu_phones")
    item("menu.history", lambda: app.go("history"))
    item("menu.settings", lambda: app.go("settings"))
    item("menu.language", lambda: app.set_lang("en" if app.lang == "it" else "it"))
    item("menu.home", lambda: app.go("home"), kind="quiet")
    item("menu.quit", app.stop, kind="danger")
    item("common.close", lambda: None, kind="quiet")
    d.open()
    app.dialog = d
    return d


def ask_number(app, title: str, text: str, on_value, *, masked=False, max_digits=3, value: int | None = None,
               missing: str = ""):
    """A keypad dialog; ``on_value(int)`` runs on OK and the dialog closes; Cancel closes it
    without a value. ``value`` prefills the keypad (a suggestion the table may change);
    OK with nothing typed says ``missing`` (by default: a number is needed) and stays open."""
    d = dialog(app, title, size=(0.6, 0.95))
    d.ids.body.add_widget(Factory.Txt(text=text))
    note = Factory.Dim(text="", color=PALETTE["danger"])
    pad = Factory.Keypad(masked=masked, max_digits=max_digits)
    if value is not None:
        pad.value = str(value)[:max_digits]

    def ok(value):
        d.dismiss()
        on_value(value)

    def empty():
        note.text = missing or app.t("common.number_missing")

    pad.on_ok = ok
    pad.on_empty = empty
    pad.bind(value=lambda *_: setattr(note, "text", ""))
    d.ids.body.add_widget(pad)
    d.ids.body.add_widget(note)
    cancel = make("Btn", text=app.t("common.cancel"), kind="quiet", size_hint_y=None, height=app.touch)  # 0.8: 35 px
    cancel.bind(on_tap=lambda *_: d.dismiss())
    d.ids.body.add_widget(cancel)
    d.ids["keypad"], d.ids["note"], d.ids["cancel"] = pad, note, cancel
    d.open()
    app.dialog = d
    return d


def open_log(app, title: str, lines: list[str]):
    """A game's log, one line per event, scrolling; closed with a tap on the button."""
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    d = dialog(app, title, size=(0.9, 0.95))
    scroll = ScrollView(do_scroll_x=False)
    text = Label(text="\n".join(lines) or app.t("history.no_log"), color=PALETTE["text"], font_size=app.u * 13,
                 halign="left", valign="top", size_hint_y=None)
    text.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
              texture_size=lambda w, size: setattr(w, "height", max(size[1], 10)))
    scroll.add_widget(text)
    d.ids.body.add_widget(scroll)
    d.ids["log"] = text
    close = make("Btn", text=app.t("common.back"), kind="quiet", size_hint_y=None, height=app.touch)
    close.bind(on_tap=lambda *_: d.dismiss())
    d.ids.body.add_widget(close)
    d.open()
    app.dialog = d
    return d
