"""Phones: one QR code per seat (its join address, a per-game token) and whether a phone holds
the seat now. Reached from the menu and from Settings while phones are on (docs/phones.md)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.graphics.texture import Texture
from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen
from companion.app.theme import seat_colours


def qr_texture(rgba: tuple[int, int, bytes]) -> Texture:
    """A Kivy texture of ``PhoneServer.qr_rgba``'s (width, height, RGBA rows bottom-up)."""
    w, h, data = rgba
    texture = Texture.create(size=(w, h), colorfmt="rgba")
    texture.blit_buffer(data, colorfmt="rgba", bufferfmt="ubyte")
    texture.mag_filter = texture.min_filter = "nearest"  # the modules stay sharp when scaled
    return texture


class PhonesScreen(BaseScreen):
    line = StringProperty("")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._codes: dict[int, tuple[str, Texture]] = {}  # seat -> (its address, its code's texture)

    def _code(self, link: Any, seat: int) -> tuple[str, Texture]:
        """The seat's join address and its code, made once per address."""
        url = link.server.join_url(seat)
        cached = self._codes.get(seat)
        if cached is None or cached[0] != url:  # a kicked seat or a new game: a new code
            cached = (url, qr_texture(link.server.qr_rgba(seat, scale=4)))
            self._codes[seat] = cached
        return cached

    def make_codes(self) -> str | None:
        """Every seat's code made ahead, while the menu that leads here is read: the visit
        made them in its tap (about 7 ms a seat here, as many as the seats)."""
        link = self.app.phones
        if link is None or not link.on or link.server is None or not self.app.in_game:
            return None
        for seat in range(link.seats()):
            self._code(link, seat)
        return "phones' codes"

    def refresh(self) -> None:
        app = self.app
        link = app.phones
        grid = self.ids.get("seats")
        if grid is None:
            return
        grid.clear_widgets()
        if link is None or not link.on:
            self.line = app.reason(link.problem) if link is not None and link.problem else app.t("phones.off")
            return
        seats = link.seats()
        if not seats or not app.in_game:
            self.line = app.t("phones.no_game")
            return
        self.line = app.t("phones.title")
        header = self.session.header.get("seats", [])
        colours = seat_colours(header)
        grid.cols = 3 if seats > 4 or self.width > self.height * 1.8 else max(2, min(seats, 3))
        for seat in range(seats):
            url, texture = self._code(link, seat)
            info = header[seat] if seat < len(header) else {}
            card = Factory.PhoneSeatCard()
            card.name = str(info.get("name") or seat + 1)
            card.rgba = colours[seat] if seat < len(colours) else seat_colours([{}])[0]
            card.texture = texture
            card.joined = bool(link.presence.get(seat))
            card.state_text = app.t("phones.joined" if card.joined else "phones.waiting")
            card.url = url
            grid.add_widget(card)
            self.ids[f"seat_{seat}"] = card
