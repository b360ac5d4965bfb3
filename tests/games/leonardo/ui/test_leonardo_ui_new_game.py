"""Leonardo's setup form keeps its rows and buttons on a refresh (issue 13: the refresh after
the game's start rebuilt them inside the start tap), and its fields follow the seats."""

from typing import Any

from kivy.uix.widget import Widget

from leonardo_ui_helpers import open_form, tap


def test_a_refresh_makes_no_widget(home, monkeypatch):
    form = open_form(home)
    rows, buttons = list(form.ids.seats.children), list(form.ids.variants.children)
    made: list[str] = []
    plain = Widget.__init__

    def counted(self: Any, **kwargs: Any) -> None:
        made.append(type(self).__name__)
        plain(self, **kwargs)

    monkeypatch.setattr(Widget, "__init__", counted)
    form.refresh()
    monkeypatch.undo()
    assert made == []
    assert list(form.ids.seats.children) == rows and list(form.ids.variants.children) == buttons


def test_a_seat_more_or_less_and_a_reset_are_shown(home):
    form = open_form(home)
    count = len(form.seats)
    tap(home, "add_seat")
    assert len(form.ids.seats.children) == count + 1
    assert [r.index for r in reversed(form.ids.seats.children)] == list(range(count + 1))
    form.remove_seat(count)  # the seat added goes: back to the count before
    assert len(form.ids.seats.children) == count
    field = list(reversed(form.ids.seats.children))[0].ids.name
    field.text = "Lorenzo"
    assert form.seats[0]["name"] == "Lorenzo"
    form.reset()
    form.refresh()
    assert len(form.ids.seats.children) == len(form.seats) == count  # the same rows, kept
    assert field.text == "" and form.seats[0]["name"] == ""
    corporations = form.ids.variant_corporations
    assert corporations.reason  # fewer than four seats: the corporations are off, and say why
