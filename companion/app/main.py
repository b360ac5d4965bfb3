"""The Kivy app: one ScreenManager, a top bar with the banner, and a toast line.

Import this module only after ``kivy_env.configure`` (``companion.app.cli`` does that).
"""

from __future__ import annotations

import traceback

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition

from companion.app import theme
from companion.app.i18n import LANGUAGES, Translations
from companion.app.paths import KV_DIR
from companion.app.settings import Settings

# Screens in the order the kv files load; each module defines the Screen class its kv styles.
SCREENS = (
    "home", "new_game", "setup", "table", "income", "auction", "turn", "battle", "scoring", "game_over",
    "history", "settings",
)


class MagnificoApp(App):
    title = "Magnifico Companion"
    lang = StringProperty("it")
    u = NumericProperty(1.0)  # scale against the 800x480 design
    touch = NumericProperty(48)  # touch target height in pixels
    session = ObjectProperty(None, allownone=True)
    in_game = BooleanProperty(False)
    banner = StringProperty("")  # who must act now, and what
    phase_line = StringProperty("")  # round and phase
    hardware_line = StringProperty("")  # which hardware the app uses (real or simulated)
    startup_error = StringProperty("")
    hw = DictProperty({})

    def __init__(self, *, settings: Settings | None = None, lang: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.settings = settings or Settings.load()
        self.lang = lang or self.settings.get("lang")
        self.translations = Translations()
        self.screens = {}
        self.dialog = None  # the last dialog opened (tests and screenshots look inside it)

    # -- text -------------------------------------------------------------------------
    def t(self, key: str, *_bound, **fields) -> str:
        """A UI string in the current language; kv passes ``app.lang`` so the text follows it."""
        return self.translations.t(self.lang, key, **fields)

    def reason(self, text) -> str:
        """A refusal in the table's language: the engine's keyed messages are translated
        (companion.core.i18n), plain text is shown as it is."""
        if not text:
            return ""
        try:
            from companion.core.i18n import localized
        except ImportError:
            return str(text)
        try:
            return str(localized(text, self.lang))
        except Exception:  # a message the catalogue cannot format: its English text
            return str(text)

    def tn(self, names, *_bound) -> str:
        """A name from the game data (``{"it": ..., "en": ...}``) in the current language."""
        return self.translations.name(self.lang, names)

    def set_lang(self, lang: str):
        if lang in LANGUAGES:
            self.lang = lang
            self.settings.set("lang", lang)
            self.refresh()

    # -- build ------------------------------------------------------------------------
    def build(self):
        import companion.app.screens as screens_pkg
        import companion.app.widgets  # noqa: F401  (registers the widget classes)

        Builder.load_file(str(KV_DIR / "app.kv"))
        classes = screens_pkg.load(SCREENS)
        for name in SCREENS:
            Builder.load_file(str(KV_DIR / f"{name}.kv"))
        root = Factory.RootLayout()
        manager = root.ids.manager
        manager.transition = NoTransition()  # instant: a tap must show its effect at once
        for name in SCREENS:
            screen = classes[name](name=name)
            self.screens[name] = screen
            manager.add_widget(screen)
        Window.bind(size=self._on_window_size, on_key_down=self._on_key_down, on_key_up=self._on_key_up)
        self._on_window_size(Window, Window.size)
        Window.clearcolor = theme.PALETTE["bg"]
        self._start_session()
        return root

    def _on_window_size(self, _window, size):
        w, h = size
        self.u = theme.scale(w, h)
        self.touch = theme.touch_px(w, h, Window.dpi or 96)
        if self.root is not None:  # screens built in Python take the new sizes on their next refresh
            Clock.schedule_once(lambda _dt: self.refresh_current(), 0)

    # -- simulated handsets on the keyboard (hardware.keyboard: 1/q/a, 3/e/d, ...) ----------
    def _handset_key(self, key: int, pressed: bool) -> bool:
        s = self.session
        if s is None or s.keyboard is None or not (0 < key < 256) or self.manager.current != "auction":
            return False
        try:
            return s.keyboard.key(chr(key), pressed) is not None
        except Exception as err:  # real pins: the keyboard cannot press them
            self.toast(getattr(err, "reason", str(err)))
            return False

    def _on_key_down(self, _window, key, *_args):
        return self._handset_key(key, True)

    def _on_key_up(self, _window, key, *_args):
        return self._handset_key(key, False)

    def _start_session(self):
        from companion.app.session import Session

        if self.session is not None:  # a restart (settings changed): let go of the old one
            self.session.close()
        self.startup_error = ""
        try:
            self.session = Session.open(self.settings, post=lambda fn: Clock.schedule_once(lambda _dt: fn(), 0))
        except Exception as err:  # never crash at startup: say what is wrong on screen
            traceback.print_exc()
            self.startup_error = self.t("home.startup_error", error=str(err))
            self.session = Session.open_memory(self.settings)
        self.session.listeners.append(self._on_session_change)
        if self.session.problem:
            self.startup_error = self.t(self.session.problem[0], **self.session.problem[1])
        if self.settings.problem:  # a broken settings file: the defaults are used, and said
            self.startup_error = (self.startup_error + "\n" if self.startup_error else "") + self.t(
                "home.settings_problem", problem=self.settings.problem)
        self._on_session_change()

    # -- navigation -------------------------------------------------------------------
    @property
    def manager(self):
        return self.root.ids.manager

    def go(self, name: str):
        if self.manager.current == name:
            self.screens[name].refresh()
        else:
            self.manager.current = name  # the screen refreshes itself on entering

    def go_current(self):
        """Open the screen of the phase the game is in (what the banner talks about)."""
        self.go(self.session.screen_for_phase() if self.session and self.session.has_game else "home")

    def toast(self, text: str):
        if self.root is not None:
            self.root.ids.toast.show(text)

    def _on_session_change(self, *_):
        s = self.session
        self.in_game = bool(s and s.has_game)
        self.hw = dict(s.hardware_status()) if s else {}
        self.hardware_line = self._hardware_line()
        if self.in_game:
            from companion.app import presenters

            b = presenters.banner(s, self.lang, self.translations)
            self.banner, self.phase_line = b["who"], b["phase"]
        else:
            self.banner, self.phase_line = "", ""
        self.refresh_current()

    def _hardware_line(self) -> str:
        if not self.hw:
            return ""
        kind = self.t("hw.real") if self.hw.get("real") else self.t("hw.simulated")
        return self.t("hw.line", kind=kind)

    def refresh(self):
        self._on_session_change()

    def refresh_current(self):
        if self.root is None:
            return
        screen = self.screens.get(self.manager.current)
        if screen is not None and hasattr(screen, "refresh"):
            screen.refresh()

    # -- commands -----------------------------------------------------------------------
    def send(self, command) -> bool:
        """Send a command; a refusal shows its reason, a missing printed value asks the table."""
        result = self.session.send(command)
        if result.ok:
            from companion.app import presenters

            s = self.session
            self.go(presenters.next_screen(result.events, s.view(), s.legal()))
            moved = [e for e in result.events if e.get("type") == "leonardo" and e.get("why") == "auction"]
            if moved:  # the Leonardo card changes hands: say it, the seat rows show the new holder
                self.toast(self.t("auction.leonardo_moves", name=presenters.seat_name(s.view(), moved[-1]["seat"])))
            return True
        if result.needs:
            from companion.app.widgets.dialogs import ask_card_value

            ask_card_value(self, result.needs, retry=command)
        else:
            self.toast(self.reason(result.reason))
        return False

    def undo(self):
        reason = self.session.undo()
        self.toast(self.reason(reason) or self.t("top.undone"))
        self.go_current()

    def redo(self):
        reason = self.session.redo()
        self.toast(self.reason(reason) or self.t("top.redone"))
        self.go_current()

    def correct(self, target: dict, value, reason: str):
        problem = self.session.correct(target, value, reason)
        self.toast(self.reason(problem) or self.t("correction.done"))
        self.go_current()

    def open_menu(self):
        from companion.app.widgets.dialogs import open_menu

        open_menu(self)

    def on_stop(self):
        if self.session is not None:
            self.session.close()
