"""The Kivy app shell: one ScreenManager, a top bar with the banner, a toast line; the shell's
screens (home, new game, history, settings, game over) and each installed game's screens.

Import this module only after ``kivy_env.configure`` (``companion.app.cli`` does that).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Mapping
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition

import companion.app.widgets  # noqa: F401  (registers the widget classes the kv files use)
from companion.app import memory, theme
from companion.app.drawn_ahead import draw_ahead
from companion.app.game_session import GameSession
from companion.app.game_ui import GameUI, call_each, sealed_for_phones
from companion.app.hardware_hub import HardwareHub
from companion.app.idle_collector import IdleCollector
from companion.app.warm_up import QUIET as WARM_QUIET
from companion.app.warm_up import TICK as WARM_TICK
from companion.app.warm_up import Opening, Resumable, WarmUp
from companion.app.phone_link import PhoneLink
from companion.app.i18n import LANGUAGES, Translations
from companion.app.late_journal import LateJournal
from companion.app.parts import game_uis, installed_games, open_journal
from companion.app.round_history import RoundHistory
from companion.app.screen_book import Screens
from companion.app.screens import SHELL_KV, SHELL_SCREENS
from companion.app.settings import Settings
from companion.app.widgets import dialogs
from companion.core.game import Game
from companion.core.i18n import localize_param, localized
from companion.core.resources import kv_path
from companion.errors import CompanionError


TIDY_AFTER = 0.5  # seconds after a game ends or is left: the new screen is drawn by then


class CompanionApp(App):
    title = "Table Companion"
    lang = StringProperty("it")
    u = NumericProperty(1.0)  # scale against the 800x480 design
    touch = NumericProperty(48)  # touch target height in pixels
    session = ObjectProperty(None, allownone=True)
    hardware = ObjectProperty(None, allownone=True)
    phones = ObjectProperty(None, allownone=True)  # PhoneLink: the phones' server, on or off
    in_game = BooleanProperty(False)
    show_bar = BooleanProperty(False)  # the game's top bar: on the game's screens only
    banner = StringProperty("")  # who must act now, and what
    phase_line = StringProperty("")  # round and phase
    hardware_line = StringProperty("")  # which hardware the app uses (real or simulated)
    startup_error = StringProperty("")
    hw = DictProperty({})
    peek_text = StringProperty("")  # a keyboard handset's own display, while its seat's key is held

    def __init__(self, *, settings: Settings | None = None, lang: str | None = None,
                 games: list[Game] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.settings = settings or Settings.load()
        self.lang = lang or self.settings.get("lang")
        self.translations = Translations()
        self.games: dict[str, Game] = {g.name: g for g in (games if games is not None else installed_games())}
        self.uis, self.ui_problems = game_uis(list(self.games.values()))
        for name, ui in self.uis.items():
            refused = self.translations.add(name, ui.texts())
            if refused:  # a key outside the game's own names would change another game's words
                print(f"{name}: UI strings not under '{name}.' are ignored: {', '.join(sorted(refused)[:5])}",
                      file=sys.stderr)
        self.screens: dict[str, Any] = {}  # built by ``build``: screen_book.Screens
        self.charts: RoundHistory | None = None
        self.dialog = None  # the last dialog opened (tests and screenshots look inside it)
        self._peeking: Any = None  # the Clock event redrawing ``peek_text``
        self._notices_shown = 0  # the hub's notices already toasted
        self._tidying: Any = None  # the Clock event giving memory back after a game
        self.collector = IdleCollector()  # full collections while nobody touches (idle_collector.py)
        self._collecting: Any = None  # its check on the clock, from on_start
        self._chained: Any = None  # the next frame's check, after a piece of work ahead
        self._piece_frame = -1  # the clock's count of frames laid out when the last piece (or collection) ran
        self._ahead_done = False  # the start's work ahead all done once (and its memory given back)
        self.warm_up: WarmUp | None = None  # screens built ahead while idle (warm_up.py), from build
        self._startup_problem: Any = None  # what opening the journal had to say: (key, params)
        self._game_started = False  # the session's last change started a game (until redrawn)

    # -- text -------------------------------------------------------------------------
    def t(self, key: str, *_bound: Any, **fields: Any) -> str:
        """A UI string in the current language; kv passes ``app.lang`` so the text follows it."""
        return self.translations.t(self.lang, key, **fields)

    def reason(self, text: Any) -> str:
        """A refusal in the table's language: keyed messages are translated, plain text shown as it is."""
        if not text:
            return ""
        try:
            return str(localized(text, self.lang))
        except Exception:  # a message the catalogue cannot format: its English text
            return str(text)

    def tn(self, names: Any, *_bound: Any) -> str:
        """A name given in both languages (``{"it": ..., "en": ...}``) in the current language."""
        return self.translations.name(self.lang, names)

    def set_lang(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.lang = lang
            self.settings.set("lang", lang)
            if self.phones is not None and self.phones.server is not None:
                self.phones.server.lang = lang  # a phone that names no language gets the table's
            self._say_startup(self._startup_problem)  # what home says about the journal, in the new language
            self.refresh()

    # -- the open game's UI --------------------------------------------------------------
    @property
    def ui(self) -> GameUI | None:
        """The UI package of the open game (None when no game is open)."""
        s = self.session
        return self.uis.get(s.game.name) if s is not None and s.has_game else None

    def listed_games(self) -> list[str]:
        """The installed games in the order home lists them: by title in the table's language."""
        return sorted(self.games, key=self.game_title)

    def game_title(self, name: str) -> str:
        game = self.games.get(name)
        return self.tn(game.title) if game is not None else name

    # -- build ------------------------------------------------------------------------
    def build(self) -> Any:
        Builder.load_file(str(kv_path("app.kv")))
        root = Factory.RootLayout()
        manager = root.ids.manager
        manager.transition = NoTransition()  # instant: a tap must show its effect at once
        # home now; every other screen with its kv file (a game's with all of its) when first wanted
        layouts = {name.removesuffix(".kv"): kv_path(name) for name in SHELL_KV}
        self.screens = Screens(manager, SHELL_SCREENS, self._uis_open_first, layouts)
        self.screens["home"]
        self.warm_up = WarmUp(self.screens, self.uis, self._last_game, resumable=self._resumable,
                              ready=self.journal_ready, menu=lambda: dialogs.make_menu(self),
                              resume_ready=self._resume_readable, draw=draw_ahead,
                              opening=self._opening)
        manager.bind(current=self._on_screen_changed)
        manager.bind(current=self._on_screen_shown)
        self.bind(in_game=self._on_screen_changed)
        Window.bind(size=self._on_window_size, on_key_down=self._on_key_down, on_key_up=self._on_key_up)
        self._on_window_size(Window, Window.size)
        Window.clearcolor = theme.PALETTE["bg"]
        self._start_session(late=True)
        return root

    def play_size(self) -> tuple[float, float]:
        """The size of a game's play screens: the screen manager's, less the game's top bar
        (``app.kv``: ``app.touch`` high on a game's screens, none on home or a setup form)."""
        w, h = self.manager.size
        return w, h if self.show_bar else h - self.touch

    def _uis_open_first(self) -> list[GameUI]:
        ui = self.ui
        return ([ui] if ui is not None else []) + [u for u in self.uis.values() if u is not ui]

    def on_start(self) -> None:
        # The first screen was entered before the session existed: show what the journal holds
        # (an unfinished game to resume after a crash) at once.
        self.refresh()
        # What start built (modules, kv rules, every screen) lives as long as the app: out of
        # the collector's sight, a full collection no longer walks it during a tap (it cost
        # tens of milliseconds a tap on a development machine).
        gc.freeze()
        # and what a game builds is collected while the table is idle or after a tap's frame,
        # not inside a tap
        self.collector.start()
        Window.bind(on_touch_down=self._lay_out)
        Window.bind(on_touch_down=self.collector.touched, on_touch_up=self.collector.lifted,
                    on_flip=self._frame_drawn)
        self._collecting = Clock.schedule_interval(self._idle_tick, WARM_TICK)

    def _frame_drawn(self, *_: Any) -> None:
        """The young collections a tap held back, and a busy table's overdue full collection:
        on the clock's next tick after the frame that shows the tap, while the players read it
        (idle_collector.py)."""
        if self.collector.drawn():
            Clock.schedule_once(lambda _dt: self.collector.after_tap(), 0)

    def _idle_tick(self, _dt: float) -> None:
        """The clock's check for an idle table: a full collection if one is due, else the
        next piece of work ahead of the taps (warm_up.py); after a piece, the next one at the
        next frame (``_chain``), one a frame, until there is none left or a finger comes down.
        Never two in one frame: the clock's own check and the chained one could both come in
        the same tick (a finger waited for both, and a screen filled in one piece had its texts
        rendered by the next before its layout ran: none rendered, left to the tap). The first
        time none is left, what the start left behind goes back (memory.py: the C heap's free
        pages, the GL driver's compiler code its loading left resident)."""
        if Clock.frames_displayed == self._piece_frame:  # no frame laid out since the last piece
            self._chain_next()
            return
        if self.collector.check():
            self._piece_done()  # the collection took this frame: the work ahead goes on at the next
            return
        if (self.collector.finger_down() or not self.collector.idle(WARM_QUIET)
                or self.root is None or self.warm_up is None):
            return
        if self.warm_up.step(self.manager.current) is not None:
            self._piece_done()
        elif not self._ahead_done:
            self._ahead_done = True
            memory.give_back()

    def _chain(self, dt: float) -> None:
        self._chained = None
        self._idle_tick(dt)

    def _chain_next(self) -> None:
        if self._chained is None:
            self._chained = Clock.schedule_once(self._chain, 0)

    def _piece_done(self) -> None:
        """A piece (or a collection) took this frame: the next one once the frame's layouts have
        run (Kivy runs them before it counts a frame drawn), at the next tick."""
        self._piece_frame = Clock.frames_displayed
        self._chain_next()

    def work_ahead(self, piece: Callable[[], str | None]) -> None:
        """``piece`` done at the table's next pause, before other work ahead (a form the dialog
        shown leads to); dropped before the app is built (its tap makes it then)."""
        if self.warm_up is not None:
            self.warm_up.soon(piece)

    def _last_game(self) -> str | None:
        """The game the journal's latest game is of, from the list home shows (read before the
        journal itself is open: late_journal.py); None with no session."""
        if self.session is None:
            return None
        games = self.session.games()
        return games[0].game if games else ""

    def _resumable(self) -> Resumable | None:
        """The game home's Resume would open, with what reads it from the journal ahead and
        names the screen it opens on."""
        s = self.session
        if s is None or (s.has_game and not s.finished):
            return None
        info = s.unfinished(playable=self.uis)
        if info is None:
            return None
        ui, game_id = self.uis[info.game], info.id
        return Resumable(info.game, lambda: ui.screen_for(*s.peek(game_id)),
                         lambda screen: self.rehearse(game_id, screen))

    def rehearse(self, game_id: int, screen: Any) -> None:
        """``screen`` filled with the journal's game ``game_id`` as a Resume would show it, the
        game not opened: the screen and its game's UI (its names, its notes) read that game
        for the fill, the app's session stays as it is (GameSession.rehearsal)."""
        self._fill(self.session.rehearsal(game_id), screen)

    def _opening(self, ui: GameUI) -> Opening | None:
        """The screen a Start from ``ui``'s setup form would open on, as the form stands now,
        with what fills it with the game that Start would begin, not started (the form's
        ``fields``, the UI's ``header``, GameSession.opening); None when the form's Start would
        be refused (it says why in its tap) or the game offers no header."""
        form = self.screens.get(ui.new_game_screen)
        fields, header = getattr(form, "fields", None), getattr(ui, "header", None)
        if self.session is None or fields is None or header is None:
            return None
        try:
            rehearsal = self.session.opening(header(**fields()))
        except CompanionError:
            return None
        return Opening(ui.screen_for(rehearsal.view(), rehearsal.legal()),
                       lambda screen: self._fill(rehearsal, screen))

    def _fill(self, rehearsal: GameSession, screen: Any) -> None:
        """``screen`` filled from ``rehearsal``, a game not open: the screen and its game's UI
        read it for the fill, then the app's session again."""
        assert rehearsal.game is not None
        ui = self.uis[rehearsal.game.name]
        kept = getattr(ui, "session", None)
        ui.session = rehearsal  # type: ignore[attr-defined]  (each game's UI keeps the session attach() gave it)
        try:
            screen.rehearse(rehearsal)
        finally:
            ui.session = kept  # type: ignore[attr-defined]

    def _resume_readable(self) -> bool:
        """The game home's Resume would open can be read now: the journal is open, or that game
        reads alone while it opens (late_journal.py), so home's warm-up prepares it meanwhile."""
        s = self.session
        if self.journal_ready() or s is None:
            return True
        info = s.unfinished(playable=self.uis)
        return info is None or s.journal.reads_alone(info.id)

    def _on_window_size(self, _window: Any, size: tuple[int, int]) -> None:
        w, h = size
        self.u = theme.scale(w, h)
        self.touch = theme.touch_px(w, h, Window.dpi or 96)
        if self.root is not None:  # screens built in Python take the new sizes on their next refresh
            Clock.schedule_once(lambda _dt: self.refresh_current(), 0)

    # -- simulated handsets on the keyboard (hardware.keyboard: 1/q/a, 3/e/d, ...) ----------
    def _handset_key(self, key: int, pressed: bool) -> bool:
        hub = self.hardware
        if hub is None or not (0 < key < 256):
            return False
        try:
            used = hub.key(chr(key), pressed)
        except Exception as err:  # real pins: the keyboard cannot press them
            self.toast(self.reason(getattr(err, "message", None) or str(err)))
            return False
        if used:
            self._peek(hub.peek)
        return used

    def _peek(self, seat: int | None) -> None:
        """While a seat's key is held its own display shows on screen (the player's hand hides
        it from the others); it goes the moment the key is released."""
        if self._peeking is not None:
            self._peeking.cancel()
            self._peeking = None
        if seat is None:
            self.peek_text = ""
            return
        header = self.session.header.get("seats", []) if self.session is not None and self.session.has_game else []
        name = header[seat].get("name") if seat < len(header) else None

        def show(_dt: float) -> None:
            text = self.hardware.peek_text() if self.hardware is not None else ""
            self.peek_text = self.t("top.peek", name=name or seat + 1, shown=text) if text else ""

        show(0)
        self._peeking = Clock.schedule_interval(show, 0.05)  # the display follows the presses

    def _on_key_down(self, _window: Any, key: int, *_args: Any) -> bool:
        return self._handset_key(key, True)

    def _on_key_up(self, _window: Any, key: int, *_args: Any) -> bool:
        return self._handset_key(key, False)

    @staticmethod
    def _post(fn: Any) -> None:
        Clock.schedule_once(lambda _dt: fn(), 0)

    @staticmethod
    def _lay_out(*_args: Any) -> None:
        """Bound to the window's touch down, which calls it before the widgets get the touch:
        the layouts waiting for the frame, run now. Kivy lays widgets out just before it draws,
        after the frame's touches; a screen that made its buttons anew in the clock's tick of
        that frame (news handed over from a handset, the dice reader, a phone, the journal
        opened behind the first screen) had them at the origin when the touch came, and the
        tap found no button. What runs here would run later in the same frame."""
        Clock._process_events_before_frame()  # what Kivy's tick_draw runs, never inside a tick

    def _start_session(self, late: bool = False) -> None:
        """Open the journal, the devices and a session over them; hand them to every game's UI.
        ``late`` (the app's start): the journal opens behind the first screen when it can
        (late_journal.py)."""
        if self.session is not None:  # a restart (settings changed): let go of the old ones
            self.session.close()
        if self.hardware is not None:
            self.hardware.stop()
        if self.phones is not None:
            self.phones.stop()
        journal: Any = LateJournal.begin(self.settings) if late else None
        problem = None
        if journal is None:
            journal, problem = open_journal(self.settings)
        session = GameSession(journal, self.settings)
        hardware = HardwareHub(self.settings, post=self._post)
        hardware.start()
        self.charts = RoundHistory(session, self.uis.get)
        for ui in self.uis.values():
            ui.attach(session, hardware)
        phones = PhoneLink(self.settings, session, hardware, self._post,
                           sealed_of=lambda: sealed_for_phones(self.ui, session), lang=lambda: self.lang)
        session.observers.append(lambda _change: hardware.forget_stale_holds())  # after the UIs' handsets
        session.observers.append(phones.on_change)  # after the UIs': their handlers are in place
        session.observers.append(self._on_game_change)
        session.listeners.append(self._on_session_change)
        hardware.listeners.append(self._on_session_change)
        phones.listeners.append(self._on_session_change)
        self.session, self.hardware, self.phones = session, hardware, phones
        if self.warm_up is not None:  # another journal, maybe: asked again
            self.warm_up.home_again()
        phones.start()
        if isinstance(journal, LateJournal):  # opened once the next frame (the first) is drawn
            Window.unbind(on_flip=self._open_journal_late)
            Window.bind(on_flip=self._open_journal_late)
        self._say_startup(problem)
        self._on_session_change()

    def _say_startup(self, problem: Any) -> None:
        # the journal's notices and errors are keyed messages: shown in the table's language
        self._startup_problem = problem  # kept to be said again when the language changes
        self.startup_error = self.t(problem[0], **{name: localize_param(value, self.lang)
                                                   for name, value in problem[1].items()}) if problem else ""
        if self.settings.problem:  # a broken settings file: the defaults are used, and said
            self.startup_error = (self.startup_error + "\n" if self.startup_error else "") + self.t(
                "home.settings_problem", problem=self.settings.problem)

    def _open_journal_late(self, *_: Any) -> None:
        """The first frame is drawn: open the journal behind it (late_journal.py)."""
        Window.unbind(on_flip=self._open_journal_late)
        late = self.session.journal if self.session is not None else None
        if isinstance(late, LateJournal):
            late.start(self._post, lambda: self._journal_open(late))

    def _journal_open(self, late: LateJournal) -> None:
        """On the main thread: the journal opened behind the first screen takes its place."""
        s = self.session
        if s is None or s.journal is not late:  # restarted or stopped meanwhile
            return
        s.journal, problem = late.opened()
        self._say_startup(problem)
        self._on_session_change()
        gc.freeze()  # as on_start: the journal's modules live as long as the app

    def journal_ready(self) -> bool:
        """The session's journal is the journal itself (or the in-memory one), no longer the
        list read behind the first screen."""
        return self.session is not None and not isinstance(self.session.journal, LateJournal)

    # -- navigation -------------------------------------------------------------------
    @property
    def manager(self) -> Any:
        return self.root.ids.manager

    def go(self, name: str) -> None:
        if self.manager.current == name:
            self.screens[name].refresh()
        else:
            self.screens[name]  # built the first time it is shown
            self.manager.current = name  # the screen refreshes itself on entering

    def _on_screen_changed(self, *_: Any) -> None:
        """A notice belongs to the screen it was said on; the game's bar to the game's screens
        (on Home, History, Settings or a setup form it would cover their titles)."""
        if self.root is None:
            return
        from kivy.animation import Animation

        toast = self.root.ids.toast
        Animation.cancel_all(toast, "opacity")
        toast.opacity = 0
        off = {"home", "new_game", "history", "settings"} | self._setup_forms()
        for ui in self.uis.values():  # a game's other forms outside the play (optional: a box editor)
            off |= set(getattr(ui, "bar_hidden_on", ()))
        shown, self.show_bar = self.show_bar, self.in_game and self.manager.current not in off
        if self.show_bar != shown and self.manager.current_screen is not None:
            # the screens take now the size they will have with the bar shown or hidden (Kivy gives
            # the screen coming in the outgoing one's, and lays the manager out before the bar):
            # laid out at both sizes in the tap, its labels whose width changed rendered their
            # texts again (Leonardo's setup panel)
            w, h = self.manager.size
            self.manager.size = self.manager.current_screen.size = (w, h - self.touch if self.show_bar
                                                                    else h + self.touch)
        if self.manager.current in ("game_over", "home"):  # a game ended, or the table left it
            self._tidy_soon()

    def _setup_forms(self) -> set[str]:
        """The screens of the games' setup forms."""
        return {ui.new_game_screen for ui in self.uis.values()}

    def _on_screen_shown(self, _manager: Any, name: str) -> None:
        """A screen shown fills with the open game, so no work ahead of a game fills it again;
        back on home, a game may have been left to resume, which home's warm-up reads ahead."""
        if self.warm_up is None:
            return
        self.warm_up.shown(name)
        if name == "home":
            self.warm_up.home_again()

    def _tidy_soon(self) -> None:
        """Give the memory a game left behind back to the system, once the screen is drawn."""
        if self._tidying is not None:
            self._tidying.cancel()
        self._tidying = Clock.schedule_once(lambda _dt: self._tidy(), TIDY_AFTER)

    @property
    def tidy_pending(self) -> bool:
        """A game ended or was left, and what it leaves behind is not given back yet (``_tidy``,
        TIDY_AFTER seconds later, or later when a frame is long: a benchmark waits for it)."""
        return self._tidying is not None

    def _tidy(self) -> None:
        """Still out of the play (its end, home, or a game's setup form: the timer can come late
        after a long frame at home, and a table may pick its next game by then): each game's UI
        lets go of what it starts again on demand (its optional ``rest``: Magnifico's odds
        process), then the C heap's free pages go back."""
        self._tidying = None
        out_of_play = {"game_over", "home"} | self._setup_forms()
        if self.root is not None and self.manager.current in out_of_play:
            call_each(self.uis.values(), "rest")
        memory.give_back()

    def go_current(self) -> None:
        """Open the screen of the phase the game is in (what the banner talks about)."""
        ui, s = self.ui, self.session
        self.go(ui.screen_for(s.view(), s.legal()) if ui is not None else "home")

    def go_table(self) -> None:
        ui = self.ui
        self.go(ui.table_screen if ui is not None else "home")

    def new_game(self, name: str) -> None:
        """Start a new game of ``name``: its setup form."""
        ui = self.uis.get(name)
        if ui is None:
            self.toast(self.reason(self.ui_problems.get(name)) or self.t("home.no_screens",
                                                                         game=self.game_title(name)))
            return
        self.go(ui.new_game_screen)

    def resume(self, game_id: int | None = None) -> bool:
        """Open a game of the journal (the last unfinished one by default) on its phase's screen;
        a game this app has no screens for is not opened, and said."""
        s = self.session
        if game_id is not None:
            info = next((g for g in s.games() if g.id == game_id), None)
            if info is not None and info.game not in self.uis:
                self.toast(self.t("home.no_screens", game=self.game_title(info.game)))
                return False
        s.last_reason = ""
        if not s.resume(game_id, playable=self.uis):
            if s.last_reason:
                self.toast(self.reason(s.last_reason))
            return False
        self.go_current()
        return True

    def toast(self, text: str) -> None:
        if self.root is not None:
            self.root.ids.toast.show(text)

    def _on_session_change(self, *_: Any) -> None:
        s = self.session
        if s is None:
            return
        opened = s.has_game and self.ui is not None and not self.in_game
        self.in_game = s.has_game and self.ui is not None
        if opened and self.warm_up is not None:
            self.warm_up.opened(self.ui.name)  # the table chose: the other games' forms go
        self.hw = dict(self.hardware.status()) if self.hardware else {}
        hub = self.hardware
        if hub is not None and hub.notices != self._notices_shown:  # a refused lock, a roll of the wrong size
            self._notices_shown = hub.notices
            if hub.notice:
                self.toast(self.reason(hub.notice))
        self.hardware_line = self._hardware_line()
        ui = self.ui
        if self.in_game and ui is not None:
            b = ui.banner(s, self.lang, self.translations)
            self.banner, self.phase_line = b.who, b.phase
        else:
            self.banner, self.phase_line = "", ""
        started, self._game_started = self._game_started, False
        forms = self._setup_forms()
        if started and self.root is not None and self.manager.current in forms:
            # a setup form's Start: the form is left at once for the game's first screen, and
            # nothing it shows (seats, variants, the box) depends on the game; it is refreshed
            # on its next visit. Refreshing it cost 2 to 6 ms of that tap.
            return
        self.refresh_current()

    def _on_game_change(self, change: Any) -> None:
        self._game_started = change.kind == "new"
        if change.kind in ("new", "resume") and self.warm_up is not None:
            self.warm_up.game_changed()  # its menu made again ahead (another game's entries, maybe)

    def _hardware_line(self) -> str:
        if not self.hw:
            return ""
        kind = self.t("hw.real") if self.hw.get("real") else self.t("hw.simulated")
        return self.t("hw.line", kind=kind)

    def refresh(self) -> None:
        self._on_session_change()

    def refresh_current(self) -> None:
        if self.root is None:
            return
        screen = self.screens.get(self.manager.current)
        if screen is not None and hasattr(screen, "refresh"):
            screen.refresh()

    # -- commands -----------------------------------------------------------------------
    def send(self, command: Any) -> bool:
        """Send a command; a refusal shows its reason, a missing printed value asks the table."""
        s, ui = self.session, self.ui
        result = s.send(command)
        if result.ok:
            view, legal = s.view(), s.legal()
            if ui is not None:
                self.go(ui.next_screen(result.events, view, legal))
                line = ui.after_command(result.events, view, self.lang, self.translations)
                if line:
                    self.toast(line)
            return True
        if result.needs and ui is not None and ui.ask(self, result.needs, command):
            return False
        self.toast(self.reason(result.reason))
        return False

    def undo(self) -> None:
        reason = self.session.undo()
        self.go_current()
        self.toast(self.reason(reason) or self.t("top.undone"))

    def redo(self) -> None:
        reason = self.session.redo()
        self.go_current()
        self.toast(self.reason(reason) or self.t("top.redone"))

    def correct(self, target: Mapping[str, Any], value: Any, reason: str) -> None:
        problem = self.session.correct(dict(target), value, reason)
        self.go_current()
        self.toast(self.reason(problem) or self.t("correction.done"))

    def open_menu(self) -> None:
        dialogs.open_menu(self)

    def on_stop(self) -> None:
        if self._chained is not None:
            self._chained.cancel()
            self._chained = None
        if self._collecting is not None:
            self._collecting.cancel()
            self._collecting = None
            Window.unbind(on_touch_down=self._lay_out)
            Window.unbind(on_touch_down=self.collector.touched, on_touch_up=self.collector.lifted,
                          on_flip=self._frame_drawn)
        self.collector.stop()
        call_each(self.uis.values(), "stop")  # a game's own workers (Magnifico's odds process) end with the app
        if self.phones is not None:
            self.phones.stop()
        if self.hardware is not None:
            self.hardware.stop()
        if self.session is not None:
            self.session.close()
