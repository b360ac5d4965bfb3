"""What Leonardo's screens share: the app's screen, Leonardo's UI package entry, its words,
the board beside the actions, and the spin pad with the dice reader."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen
from companion.app.widgets.common import make

from .. import presenters as P


class LeonardoScreen(BaseScreen):
    """A screen of Leonardo: ``ui`` holds the notes, the devices and the box profile."""

    ring_title = StringProperty("")  # over the players in the board's middle
    ring_note = StringProperty("")  # under them

    @property
    def ui(self) -> Any:
        return self.app.uis["leonardo"]

    @property
    def hardware(self) -> Any:
        return self.app.hardware

    def tt(self, key: str, *_bound: Any, **kw: Any) -> str:
        """One of Leonardo's UI strings (``leonardo.<key>``) in the table's language; kv passes
        ``app.lang`` so the text follows it."""
        return str(self.app.t("leonardo." + key, **kw))

    def ready(self) -> bool:
        s = self.session
        return s is not None and s.has_game and s.game is not None and s.game.name == "leonardo"

    # -- the board and the players round it ------------------------------------------------
    def show_ring(self, choices: Any = None, selected: Any = (), marks: Any = None) -> None:
        """The board as the view holds it; the players' cash in its middle."""
        ring = self.ids.get("ring")
        if ring is None:
            return
        app, view = self.app, self.session.view()
        self.ring_title = self.tt("banner.round", n=view["round"]) if view.get("round") else self.tt("title")
        self.ring_note = self.tt("ring.decks", offices=_deck(view, "offices"), events=_deck(view, "events"),
                                 men=view.get("men_deck", 0), art=40 - len(view.get("oda_drawn", [])))
        ring.unit = app.u
        ring.cells = P.ring(view, app.lang)
        ring.choices = None if choices is None else list(choices)
        ring.selected = list(selected)
        ring.marks = dict(marks or {})
        middle = self.ids.get("middle")
        if middle is not None:
            fill_middle(self, middle, view)

    def on_ring_select(self, space: int, allowed: bool) -> None:
        """A tap on a space outside a choice: what it is."""
        self.app.toast(P.space_info(self.session.view(), space, self.app.lang, self.app.translations))

    # -- the spin -----------------------------------------------------------------------------
    def spin_pad(self, box: Any, key: Any, send: Any) -> Any:
        """A spin pad in ``box`` for the spin ``key`` (who and what); the reader is armed for it."""
        pad = self._kept_pad()
        if pad.parent is not None:
            pad.parent.remove_widget(pad)
        pad.reset(self.session.view().get("box") or {}, send)
        hw = self.hardware
        if hw is not None:
            if getattr(self, "_spin_key", None) != key:
                self._spin_key = key
                hw.request_dice(1, "d12")
            roll = hw.dice_candidate
            if roll is not None and getattr(roll, "kind", "") == "d12" and len(roll.values) == 1:
                pad.read(int(roll.values[0]))
            if hw.dice_reader is not None:
                box.add_widget(make("Dim", text=self.app.reason(hw.dice_reader.status)))
        box.add_widget(pad)
        self.ids["spin"] = pad
        return pad

    def _kept_pad(self) -> Any:
        """The screen's spin pad, made once at this size (making its 14 buttons costs most of a
        refresh: about 10 ms here)."""
        app = self.app
        made = (app.u, app.touch)
        pad = getattr(self, "_pad", None)
        if pad is None or getattr(self, "_pad_made", None) != made:
            pad = self._pad = Factory.LeonardoSpinPad()
            self._pad_made = made
            pad.bind(on_spin=lambda p, n: p.send(n))
        return pad

    def spun(self) -> None:
        """A spin was sent: the reader waits for the next request."""
        self._spin_key = None
        if self.hardware is not None:
            self.hardware.dice_done()


class LeonardoPlayScreen(LeonardoScreen):
    """The actions on the left, the board on the right (``kv/leonardo/common.kv``)."""

    title = StringProperty("")
    help = StringProperty("")
    spins = False  # a screen where the table enters a spin: its pad is made ahead

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up): the board drawn as the table's box
        prints it, with nobody on it, at the size the game will show it, and the rows of
        the fewest players in its middle made, so the first fill finds the spaces' names
        rendered and the rows made (about 20 ms of a game's first Start); on a screen where
        a spin is entered, its pad made too."""
        from companion.errors import CompanionError
        from companion.games.leonardo.game import GAME

        if self.spins:  # the first spin entered on this screen (after a Start or a Resume) makes none
            self._kept_pad()
        s, ring, middle = self.session, self.ids.get("ring"), self.ids.get("middle")
        if s is None or ring is None:
            return
        try:
            box = s.box(GAME).get("box") or {}
        except CompanionError:
            return
        self.size = self.app.play_size()
        ring.unit = self.app.u
        ring.cells = P.ring({"box": box}, self.app.lang)
        if middle is not None:
            middle_rows(middle, GAME.seats[0])

    def begin(self) -> tuple[Any, Any, Any] | None:
        """A step screen's refresh begins here: the view, ``legal()`` and the head task, with the
        controls and the bottom row emptied (None while the session is not attached)."""
        if not self.ready():
            return None
        view, legal = self.session.view(), self.session.legal()
        self.ids.controls.clear_widgets()
        self.ids.bottom.clear_widgets()
        return view, legal, P.head_task(view)


def _deck(view: Any, key: str) -> int:
    deck = view.get(key) or {}
    return len(deck.get("unknown", [])) + len(deck.get("bottom", []))


def middle_rows(box: Any, n: int) -> list[Any]:
    """At least ``n`` rows of the players in the board's middle ``box``: made once, then
    updated (making one costs most of filling it)."""
    made: list[Any] = box.__dict__.setdefault("_middle_rows", [])
    while len(made) < n:
        made.append(Factory.LeonardoMiddleRow())
    return made


def fill_middle(screen: LeonardoScreen, box: Any, view: Any) -> None:
    """The players in the board's middle: a coloured chip, the name, the cash, the men-at-arms."""
    app = screen.app
    rows = P.players(view, screen.session.legal(), app.lang, app.translations)
    box.clear_widgets()
    for row, w in zip(rows, middle_rows(box, len(rows))):
        w.name = row["name"]
        w.rgba = row["rgba"]
        w.acting = row["acting"]
        w.out = row["out"] or row["member_of"] is not None
        w.cash = "" if w.out else screen.tt("cash", n=row["cash"])
        w.men = row["men"] if not w.out else 0
        box.add_widget(w)
