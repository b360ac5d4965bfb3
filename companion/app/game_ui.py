"""The UI contract: what a game's UI package gives the app shell.

The shell (home, new game, history, settings, game over with its charts, the dice desk and
the handsets) knows no game. ``Game.ui()`` returns an object that satisfies ``GameUI``; the
shell loads its kv files, adds its screens to the one ScreenManager, attaches it to the
session and the hardware, and asks it which screen shows the phase the game is in.

A game's UI package lives in ``companion/games/<name>/ui/`` (screens and presenters, Kivy
allowed there and only there), its layouts in ``kv/<name>/`` (``companion.core.resources.
kv_path``). Kivy knows classes by name, across games: name screens ``"<name>.<screen>"`` and
prefix kv classes with the game (``MagnificoTurnScreen``) so two games never style each
other's widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from companion.core.game import Event

if TYPE_CHECKING:
    from companion.app.game_session import GameSession
    from companion.app.hardware_hub import HardwareHub


@dataclass(frozen=True)
class Chart:
    """One chart of the game-over screen: a line per seat over the rounds."""

    key: str  # the value's key in a round's row ("vp")
    title: str  # the translation key of its title ("over.chart_vp")


@dataclass(frozen=True)
class Banner:
    """The top bar's words: who must act now and what, and the round and phase."""

    who: str
    phase: str


Values = Mapping[str, Sequence[float]]  # chart key -> a value per seat


class Texts(Protocol):
    """The app's UI strings (``companion.app.i18n.Translations``)."""

    def t(self, lang: str, key: str, **fields: Any) -> str: ...


@runtime_checkable
class GameUI(Protocol):
    """A game's screens for the shell."""

    name: str  # the game's name (``Game.name``)
    new_game_screen: str  # the game's setup form: seats, options, box
    table_screen: str  # what the top bar's "Table" button opens
    charts: Sequence[Chart]  # the game-over charts (empty: none)

    def texts(self) -> Mapping[str, Mapping[str, str]]:
        """The game's own UI strings, ``{lang: {"<name>.key": text}}`` (keys under its name)."""
        ...

    def kv_files(self) -> Sequence[Path]:
        """The layouts to load, in order, before the screens are made."""
        ...

    def screens(self) -> Mapping[str, type]:
        """Screen name -> its Screen class (each made once and added to the manager)."""
        ...

    def attach(self, session: GameSession, hardware: HardwareHub) -> None:
        """Bind to the app's session and devices (again after a restart of either)."""
        ...

    def screen_for(self, view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
        """The screen of the phase the game is in."""
        ...

    def next_screen(self, events: Sequence[Event], view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
        """Where the app goes after an accepted command (a summary may wait for a tap)."""
        ...

    def banner(self, session: GameSession, lang: str, texts: Texts) -> Banner: ...

    def after_command(self, events: Sequence[Event], view: Mapping[str, Any], lang: str, texts: Texts) -> str:
        """A line to show after a command (a card changing hands), or ""."""
        ...

    def ask(self, app: Any, needs: Mapping[str, Any], retry: Any) -> bool:
        """The rules want a value nobody entered (``IllegalCommand.needs``): ask the table and
        retry ``retry``; False when the game has no question for it (the reason is shown)."""
        ...

    def correction(self, app: Any) -> Callable[[], Any] | None:
        """What makes the form the menu's "correction" opens (a dialog of the game's counters,
        for the state now, not opened: the menu opens it, and may make it ahead while it is
        shown), or None. The form made is None when no game is open."""
        ...

    def outcome(self, view: Mapping[str, Any], lang: str, texts: Texts) -> tuple[str, str]:
        """The game-over title and the detail under it ("Anna is the Magnifico!", "30 VP in round 7")."""
        ...

    def chart_rows(self, events: Sequence[Event], before: Callable[[], Mapping[str, Any]],
                   after: Callable[[], Mapping[str, Any]]) -> Mapping[int, Values]:
        """The rounds these events closed, with their values (``{3: {"vp": [...]}}``); the
        views are read only when needed."""
        ...

    def chart_now(self, view: Mapping[str, Any]) -> tuple[int, Values] | None:
        """The round in play and its values so far (None before the first round)."""
        ...

    def tour(self, app: Any, seed: int, seats: int | None = None,
             names: Sequence[str] | None = None) -> Iterator[str]:
        """Play a demo game through the screens, yielding a name at each screen worth a
        picture (``python -m companion screenshots``); ``seats`` players (the nearest count
        the game takes) and their ``names`` when given, else the game's own demo table."""
        ...


class StartsUI(Protocol):
    """Optional members of a game's UI package and its setup form: the header a Start sends,
    from what the form's ``fields()`` returns as it stands (``header(**form.fields())``;
    CompanionError when it cannot be made). With both, the warm-up fills the screen a Start
    opens on with that game while the form waits (``GameSession.opening``)."""

    def header(self, **fields: Any) -> dict[str, Any]: ...


class PhonesUI(Protocol):
    """An optional member of a game's UI package (not part of ``GameUI``'s required members): what
    the phones may see of the open game (``companion.phones.Sealed``), None when nothing of it
    is for phones. A UI package without ``sealed`` gives the phones nothing to do."""

    def sealed(self, session: GameSession) -> Any: ...


def call_each(uis: Iterable[object], member: str) -> None:
    """Each UI package's optional no-argument ``member`` (``rest``, ``stop``), where it has one."""
    for ui in uis:
        found = getattr(ui, member, None)
        if callable(found):
            found()


def sealed_for_phones(ui: object, session: GameSession) -> Any:
    """The open game's ``Sealed`` through its UI package's optional ``sealed`` member, or None."""
    member = getattr(ui, "sealed", None)
    return member(session) if callable(member) else None

