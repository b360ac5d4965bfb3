"""Work done ahead of the next taps while the table is idle.

The first visit of a game's screens cost 80 to 190 ms a tap on the development machine: its
kv files parsed, its modules imported and its screens built inside the tap that first asked
for one (``bench/first_visits.py``). While nobody touches the window, the app now does that
work ahead, a piece at a time, one a frame while the pause lasts (the clock's idle check,
``main.py``): on a game's screens, the next of its screens not built yet, and once one is
built what it makes on its first fill (its optional ``ahead()``: the first play screen's
widgets, its map or board drawn, made while the players type their names, so the Start tap
does not make them), then a screen not shown that says it shows an earlier state (its
optional ``stale()``: Magnate's city after a command), refreshed so the tap that opens it
does not; a screen once shown never gets its ``ahead()``. On home: a game to resume read from the journal and the screen Resume opens on
built, its first fill made (an app started again at a table mid-game read the game, imported
its rules and built that screen inside the Resume tap, 60 to 95 ms here), then that screen
filled with the game, not opening it (``Resumable.rehearse``), and a piece later its labels'
texts rendered (the Resume filled it and rendered them in its tap: 70 to 120 ms a Resume
here, the game's turn replayed for its lines too); the kv files and
classes of the game the table played last, then its setup form, built and filled (a setup form
only reads: the seats, the variants, the box's line); then what a session's first text field
loads (Kivy's clipboard, the theme's images), then the other games' kv files and classes: a
table that switches games, or a brand-new one, paid them in the tap that picked a game (64 to
111 ms). They keep about 1 MB a game. Until the table opens its first game of the session, and
once the journal is open, the other games' setup forms are built and filled too (the table is
choosing what to play: a pick of another game built its form in the tap, 41 to 77 ms here);
they keep about 2.5 MB a game, so they are let go of at the pauses after a game is opened, and
not built again in that session. Only then the resumed game's other screens: a Resume has its
first screen already, and its game's own screens build the rest (before, they came first, and a
pick of another game 0.6 s after the first frame still built its form in the tap, 44 to 62 ms). While the journal itself
is still being opened behind the first screen (``late_journal.py``), home takes the last game
from the list it shows and does what needs no journal (the last game's kv files and setup form,
the text fields, the other games' kv files), the game to resume once it reads alone from the file (that first asking reads
it: a piece of its own, else a pick tapped meanwhile waited for it and the next piece together), and its pieces come first
from then on (a game picked 0.3 s after the first frame built its setup form in the tap). On
a game's screens nothing is built that the old way did not build (every screen of a game was
built with its first); on home, the last game's setup form is built whether or not the table
picks that game again, and a game to resume's screens whether or not it is resumed. Before
any of this, on any screen: what an open dialog leads to (``soon``: the menu's correction form,
the phones' codes), which its tap made (38 to 58 ms for a correction form here). Last, on a
game's screens once its own pieces are done: the menu, made for the game opened and kept
closed, which its first opening made in the tap. With ``draw`` (the app's: ``drawn_ahead.py``),
each screen filled ahead, and the Resume's screen once rehearsed, is drawn once the piece after,
not shown: its first frame uploaded its textures and made Mesa's code for what it draws inside
the tap that showed it (a Magnifico Resume late in the game: about a fifth of its tap here).
With ``opening`` (the app's), on a game's setup form, once a visit: the screen its Start would
open on built and given its first fill first, then filled with the game the form would begin as
it stands (``Opening``, nothing started), its texts rendered, then drawn; the Start tap made
that fill for the first time (a Leonardo Start rendered 26 texts in its tap; now the top
bar's).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from companion.app.game_ui import GameUI

log = logging.getLogger(__name__)

# A piece of work ahead is mostly 5 to 35 ms here, so it can wait for a shorter pause than a
# full collection (idle_collector.QUIET): with 0.5 s of quiet and a check every 0.25 s, a Start
# tapped 0.6 s after the setup form showed found none of the game's screens built and built
# them all in the tap (84 to 163 ms on a busy machine); with these, most are built by then.
# No piece while a finger is down either (held still, it is no pause: the piece would delay
# its lift); a lift whose frame Kivy never draws, on a screen that did not change, does not
# hold the warm-up back.
QUIET = 0.2  # seconds without a touch before the next piece
TICK = 0.1  # seconds between two checks of the clock; after a piece, the next frame checks (main.py)


class Resumable(NamedTuple):
    """The game home's Resume would open: its game's name, and what reads its state from the
    journal (kept there, so the tap finds it read) and names the screen Resume opens."""

    game: str
    read: Callable[[], str]
    rehearse: Callable[[Any], None] | None = None  # fills that screen with the game, not opening it


class Opening(NamedTuple):
    """The screen a Start from the setup form shown would open on, and what fills it with the
    game that Start would begin, not starting it."""

    screen: str
    rehearse: Callable[[Any], None]


class WarmUp:
    """``step(current)`` does the next piece of work for the screen ``current`` shows, if
    there is one, and says what it did (a screen's name, or a game prepared), else None.
    ``likely()`` names the game the table played last, from the list home shows (read before
    the journal itself is open): None while there is none yet, "" when it holds no game.
    ``resumable()``, asked once ``resume_ready()`` says that game can be read (``ready()``
    by default: the journal is open), names the game home's Resume would open, with what reads
    its state from the journal, or None. Until then home works on what needs no journal: the
    last game's setup form, the other games' kv files."""

    def __init__(self, screens: Any, uis: Mapping[str, GameUI], likely: Callable[[], str | None],
                 text_field: Callable[[], object] | None = None,
                 resumable: Callable[[], Resumable | None] | None = None,
                 ready: Callable[[], bool] | None = None, menu: Callable[[], str | None] | None = None,
                 resume_ready: Callable[[], bool] | None = None, draw: Callable[[Any], bool] | None = None,
                 opening: Callable[[GameUI], Opening | None] | None = None) -> None:
        self.screens, self.uis, self.likely = screens, uis, likely
        self.opening = opening  # on a setup form: the Start's screen and its fill (none when not given)
        self._openings: dict[str, Opening | None] = {}  # setup forms shown: their Start's, asked once a visit
        self._opened: dict[str, bool] = {}  # those whose Start's screen was filled with it: its texts rendered yet
        self.draw = draw  # draws a screen not shown once (drawn_ahead.py): none when not given
        self.menu = menu
        self.text_field = text_field or _text_field
        self.resumable = resumable
        self.ready = ready or (lambda: True)
        self.resume_ready = resume_ready or self.ready
        self._likely: str | None = None  # asked once it is known
        self._resume: Resumable | None = None  # asked once it can be read (resume_ready)
        self._asked = False  # resumable() asked
        self._probed = False  # resume_ready() asked once since home was shown
        self.read: dict[str, str] = {}  # games whose state to resume was read ahead: the screen it opens on
        # those games whose screen was filled with them (``Resumable.rehearse``): its texts rendered yet
        self.rehearsed: dict[str, bool] = {}
        self.filled: set[str] = set()  # setup forms filled ahead
        self.ahead: set[str] = set()  # screens whose ``ahead()`` has run
        self._to_draw: list[str] = []  # screens filled ahead (or rehearsed), not drawn since (``draw``)
        self.text_fields = False  # what a first text field loads, loaded
        self.failed: dict[str, str] = {}  # the other games that failed to prepare, and why
        self._soon: list[Callable[[], str | None]] = []  # what the dialog shown leads to (soon())
        self.choosing = True  # no game opened since the app started: the table is choosing one
        self.forms_ahead: set[str] = set()  # the other games' setup forms built for that choice
        self._drop: list[str] = []  # those to let go of, once a game is opened
        self.menu_made = True  # the open game's menu made ahead (``menu``): again once a game is started or resumed

    def step(self, current: str) -> str | None:
        if self._soon:
            return self._soon_piece()
        if self._drop:
            name = self._drop.pop()
            return name + " dropped" if self.screens.drop(name) else self.step(current)
        game = current.partition(".")[0]
        if "." in current and game in self.uis:
            ui = self.uis[game]
            return (self._screen_ahead(ui, current) or self._start_ahead(ui, current) or self._drawn(current)
                    or self.screens.build_next(ui)
                    or self._stale(ui, current) or self._menu())
        if current != "home":
            return None
        if self._likely is None:
            self._likely = self.likely()
            if self._likely is None:  # no list of games yet
                return None
        if not self._asked:
            # while the journal opens, the first asking reads the game to resume from the file
            # (late_journal.py): a piece of its own, not followed by the next in the same step
            # (with no ``resume_ready`` of its own, asking is asking whether the journal is open)
            probe = not self._probed and self.resume_ready is not self.ready and not self.ready()
            self._probed = True
            if self.resume_ready():  # the game to resume can be read
                self._asked = True
                self._resume = self.resumable() if self.resumable is not None else None
            if probe:
                return "resume probed"
        ui = self.uis.get(self._likely)
        return (self._resume_ahead() or (self._last_game(ui) if ui is not None else None)
                or self._text_fields() or self._other_games() or self._other_forms()
                or (self._resume_ahead(rest=True) if self.ready() else None))  # after the forms

    def soon(self, piece: Callable[[], str | None]) -> None:
        """``piece`` at the next idle check, before any other: what the dialog just opened
        leads to (the menu's forms), made while the table reads it."""
        self._soon.append(piece)

    def _soon_piece(self) -> str:
        piece = self._soon.pop(0)
        try:
            return piece() or "soon: nothing"
        except Exception:  # the tap makes it again, and shows what fails there
            log.exception("a piece of work ahead failed")
            return "soon: failed"

    def _menu(self) -> str | None:
        """Once a game is started or resumed (``game_changed``), after its screens: the menu
        made for it, not opened (its first opening made it in the tap)."""
        if self.menu is None or self.menu_made:
            return None
        self.menu_made = True
        return self.menu()

    def shown(self, name: str) -> None:
        """The screen ``name`` is shown: it fills with the open game from now on, so its
        ``ahead()`` (a fill for a game not started) never runs on it (a screen built in a tap,
        before the warm-up reached it, showed an empty board after a later ``ahead()``), and it
        is not drawn ahead: the frames draw it."""
        self.ahead.add(name)
        if name in self._to_draw:
            self._to_draw.remove(name)
        self._openings.pop(name, None)  # a setup form: its Start's screen filled again this visit
        self._opened.pop(name, None)

    def opened(self, game: str) -> None:
        """A game is open (started or resumed): the table has chosen. The other games' setup
        forms built for that choice are let go of at the next pauses, and not built again."""
        self.choosing = False
        self._drop = sorted(self.forms_ahead - {self.uis[game].new_game_screen if game in self.uis else ""})
        self.filled -= set(self._drop)
        self.forms_ahead.clear()

    def game_changed(self) -> None:
        """A game was started or resumed: its menu is made ahead again, after its screens."""
        self.menu_made = False

    def home_again(self) -> None:
        """The table is back on home, or the journal was opened again (the settings changed):
        the last game and the game to resume are asked again at home's next idle check."""
        self._likely = self._resume = None
        self._asked = self._probed = False
        self.read.clear()
        self.rehearsed.clear()

    def _resume_ahead(self, rest: bool = False) -> str | None:
        """The next piece for the game home's Resume would open (the likely tap of a table that
        starts the app again mid-game): prepared, its state read from the journal, the screen it
        opens on built and its first fill made; with ``rest``, once the setup forms are ready too
        (a new game is the other tap home offers), the game's other screens."""
        if self._resume is None or self._resume.game not in self.uis:
            return None
        ui = self.uis[self._resume.game]
        if ui.name not in self.screens.prepared:
            self.screens.prepare(ui)
            return ui.name
        if ui.name not in self.read:
            try:
                self.read[ui.name] = self._resume.read()
            except Exception:  # a journal it cannot read: the Resume tap says why, as before
                log.exception("reading the %s game to resume ahead failed", ui.name)
                self.read[ui.name] = ""
            return ui.name + " read"
        first = self.read[ui.name]
        if first in self.screens.prepared[ui.name] and first not in self.screens:
            return str(self.screens[first].name)
        if not rest:
            return self._screen_ahead(ui, "home", first) or self._rehearse(ui, first) or self._drawn("home")
        return self.screens.build_next(ui) or self._screen_ahead(ui, "home") or self._drawn("home")

    def _rehearse(self, ui: GameUI, first: str) -> str | None:
        """Once the screen Resume opens on has made its first fill: that screen filled with the
        game it resumes (``Resumable.rehearse``), so the tap finds its rows made and their texts
        drawn (the Resume's own fill then changes little: 70 to 100 ms a Resume here before)."""
        screen = self.screens.get(first) if first else None
        if (self._resume is None or self._resume.rehearse is None or self.rehearsed.get(ui.name) or screen is None
                or not getattr(screen, "rehearses", False)):
            return None
        return self._fill_from(self.rehearsed, ui.name, screen, first, self._resume.rehearse, "the game to resume",
                               ("rehearsed", "rehearsal failed"))

    def _fill_from(self, done: dict[str, bool], key: str, screen: Any, first: str, fill: Callable[[Any], None],
                   what: str, said: tuple[str, str]) -> str | None:
        """``screen`` (named ``first``) filled from ``fill``, once for ``key`` (``done[key]``:
        False once filled, True once its texts are rendered too), a piece later its labels'
        texts rendered, then drawn; what the piece did (``said``: filled, failed)."""
        if key in done:  # a piece later, its labels laid out: their texts rendered
            done[key] = True
            render = getattr(screen, "render_texts", None)
            return f"{first} texts rendered ({render()})" if render is not None else None
        done[key] = False
        self._draw_later(first)  # drawn with the game's texts
        try:
            fill(screen)
        except Exception:  # the tap's own fill redraws it, and shows what fails there
            log.exception("filling %s with %s failed", first, what)
            done[key] = True
            return f"{first} {said[1]}"
        return f"{first} {said[0]}"

    def _start_ahead(self, ui: GameUI, current: str) -> str | None:
        """On ``ui``'s setup form, once a visit: the screen its Start would open on built, its
        first fill made, then filled with the game the form would begin as it stands
        (``Opening``), and a piece later its labels' texts rendered. The Start tap made that
        fill (its rows, its texts) for the first time: the Start then changes only what the
        form changed since (the names typed meanwhile)."""
        if self.opening is None or current != ui.new_game_screen or self._opened.get(current):
            return None
        if current not in self._openings:
            try:
                self._openings[current] = self.opening(ui)
            except Exception:  # the Start fills its screen in its tap, and shows what fails there
                log.exception("reading what %s would start failed", current)
                self._openings[current] = None
            return current + " opening"
        opening = self._openings[current]
        if opening is None or opening.screen not in self.screens.prepared.get(ui.name, ()):
            return None
        first = opening.screen
        if first not in self.screens:
            return str(self.screens[first].name)
        screen = self.screens[first]
        if not getattr(screen, "rehearses", False):
            return None
        if current not in self._opened:  # its first fill for a game not started comes first
            piece = self._screen_ahead(ui, current, first)
            if piece is not None:
                return piece
        return self._fill_from(self._opened, current, screen, first, opening.rehearse,
                               f"the game {current} would start", ("opened", "opening failed"))

    def _text_fields(self) -> str | None:
        """Once: what the first text field of a session loads (Kivy's clipboard, the theme's
        images), which a brand-new table's first setup form paid in the tap that picked it."""
        if self.text_fields:
            return None
        self.text_fields = True
        self.text_field()  # made and dropped: what it loads stays loaded
        return "text fields"

    def _other_games(self) -> str | None:
        """Once the last game is ready, the other games' kv files and classes, one a piece
        (a table that switches games built them in the tap that picked one)."""
        for ui in self.uis.values():
            if ui.name not in self.screens.prepared and ui.name not in self.failed:
                try:
                    self.screens.prepare(ui)
                except Exception as err:  # a broken game nobody picked must not stop the app
                    log.exception("preparing %s ahead failed", ui.name)  # its pick shows it again
                    self.failed[ui.name] = f"{type(err).__name__}: {err}"
                    return ui.name + " failed"
                return ui.name
        return None

    def _screen_ahead(self, ui: GameUI, current: str, only: str | None = None) -> str | None:
        """The next built screen of ``ui`` (``only`` that one) whose optional ``ahead()`` has
        not run: it makes ahead what the screen's first fill would make (the widgets of a
        game's first screen, its map or board drawn), so the Start tap does not. Never on the
        screen shown: what it shows is the open game's, and ``ahead()`` fills for a game not
        started yet."""
        for name in self.screens.prepared.get(ui.name, ()) if only is None else (only,):
            screen = self.screens.get(name)
            if name not in self.ahead and name != current and screen is not None and hasattr(screen, "ahead"):
                self.ahead.add(name)
                screen.ahead()
                self._draw_later(name)
                return name + " ahead"
        return None

    def _draw_later(self, name: str) -> None:
        if self.draw is not None and name not in self._to_draw:
            self._to_draw.append(name)

    def _drawn(self, current: str) -> str | None:
        """The next screen filled ahead (or rehearsed) and not shown, drawn once (``draw``,
        drawn_ahead.py): its first frame uploaded its textures and made the renderer's code for
        what it draws inside the tap that showed it (Magnifico's map: 20 ms and more here)."""
        while self._to_draw and self.draw is not None:
            name = self._to_draw.pop(0)
            screen = self.screens.get(name)
            if screen is None or name == current:
                continue
            try:
                if self.draw(screen):
                    return name + " drawn"
            except Exception:  # its first frame draws it, and shows what fails there
                log.exception("drawing %s ahead failed", name)
                return name + " drawing failed"
        return None

    def _stale(self, ui: GameUI, current: str) -> str | None:
        """A built screen of ``ui``, not shown, that says it shows an earlier state (its
        optional ``stale()``: Magnate's city after a command), refreshed, so that the tap that
        opens it does not make it again."""
        for name in self.screens.prepared.get(ui.name, ()):
            screen = self.screens.get(name)
            if name != current and screen is not None and hasattr(screen, "stale") and screen.stale():
                screen.refresh()
                return name + " refreshed"
        return None

    def _last_game(self, ui: GameUI) -> str | None:
        """The next piece for the last game on home: prepared, its setup form built (the
        next tap's likely screen), then filled."""
        if ui.name not in self.screens.prepared:
            self.screens.prepare(ui)
            return ui.name
        return self._form(ui)

    def _form(self, ui: GameUI) -> str | None:
        """``ui``'s setup form built, then filled (a setup form only reads)."""
        if ui.new_game_screen not in self.screens:
            return str(self.screens[ui.new_game_screen].name)
        if ui.new_game_screen not in self.filled:
            self.filled.add(ui.new_game_screen)
            form = self.screens[ui.new_game_screen]
            if hasattr(form, "refresh"):
                form.refresh()
            return ui.new_game_screen + " filled"
        return None

    def _other_forms(self) -> str | None:
        """While the table chooses its first game of the session, and once the journal is open,
        the other games' setup forms, built and filled (a game picked then built its form in the
        tap: 41 to 50 ms here, 58 to 77 while the warm-up was still on the others' kv files).
        About 2.5 MB a game, let go of once a game is opened (``opened``). Only after every game
        is prepared (``_other_games`` comes first) and the journal opened behind the first screen
        has landed: both freeze what is alive (``Screens.prepare``, the app's ``_journal_open``),
        and a frozen form let go of would never be collected."""
        if not self.choosing or not self.ready():
            return None
        for ui in self.uis.values():
            if ui.name in self.screens.prepared and ui.name not in self.failed:
                if ui.new_game_screen not in self.screens:
                    self.forms_ahead.add(ui.new_game_screen)
                piece = self._form(ui)
                if piece is not None:
                    return piece
        return None


def _text_field() -> object:
    from kivy.uix.textinput import TextInput

    return TextInput()
