"""What Magnate's screens share: the app's screen, Magnate's UI entry, the token bar, and
buttons made once and reused (making a widget costs more than the rest of a redraw)."""

from __future__ import annotations

import re
from typing import Any

from kivy.factory import Factory

from companion.app.screens.base import BaseScreen

from .. import presenters

COLOUR_TAGS = re.compile(r"\[/?color[^\]]*\]")


class MagnateScreen(BaseScreen):
    """A screen of Magnate: ``ui`` holds the turn's events and the roll being entered."""

    @property
    def ui(self) -> Any:
        return self.app.uis["magnate"]

    @property
    def hardware(self) -> Any:
        return self.app.hardware

    def tr(self, key: str, **fields: Any) -> str:
        """One of Magnate's UI strings (``magnate.<key>``) in the table's language."""
        return str(self.app.t("magnate." + key, **fields))

    def ready(self) -> bool:
        s = self.session
        return s is not None and s.has_game and s.game is not None and s.game.name == "magnate"

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up): the token bar's lines and chips made
        and labelled for a game's seats, nameless, so the screen's first fill only sets the
        names and counts (making them cost about 10 ms of a game's first Start)."""
        from companion.games.magnate.game import GAME

        bar = self.ids.get("tokens")
        if bar is not None and not bar.children:
            view = {"seats": [{"name": "", "color": ""} for _ in range(GAME.seats[1])]}
            bar.show(presenters.token_rows(view, {}, self.app.lang, self.app.translations))

    def show_tokens(self) -> None:
        """Both players' tokens and hands, on every screen of a game in play."""
        bar = self.ids.get("tokens")
        if bar is not None and self.ready():
            s = self.session
            bar.show(presenters.token_rows(s.view(), s.legal(), self.app.lang, self.app.translations))

    def button(self, box: Any, wid: str, text: str, reason: Any = "", kind: str = "normal",
               on_tap: Any = None, **props: Any) -> Any:
        """A button of the screen named ``wid`` (its id, for the tests), made once and reused.
        ``reason`` greys it out and is said on a tap (a Message is shown in the table's language)."""
        pool = self.__dict__.setdefault("_pool", {})
        b = pool.get(wid)
        if b is None:
            spare = self.__dict__.get("_spare")  # made ahead (``MagnateSetupScreen.ahead``)
            b = pool[wid] = spare.pop() if spare else Factory.Btn(markup=True)
            b.bind(on_tap=lambda btn: btn.action() if btn.action else None)
        if b.parent is not None:
            b.parent.remove_widget(b)
        if kind == "selected":  # light on light: the suits' colours would not read
            text = COLOUR_TAGS.sub("", text)
        b.text, b.reason, b.kind = text, self.app.reason(reason) if reason else "", kind
        b.font_size = props.pop("font_size", self.app.u * 15)
        b.height = props.pop("height", self.app.touch)
        b.size_hint_x = props.pop("size_hint_x", 1)
        b.width = props.pop("width", b.width)
        b.fill = props.pop("fill", None)
        b.state = "normal"
        b.action = on_tap
        for k, v in props.items():
            setattr(b, k, v)
        box.add_widget(b)
        self.ids[wid] = b
        return b
