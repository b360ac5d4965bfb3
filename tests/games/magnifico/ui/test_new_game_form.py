"""Magnifico's setup form through touches: seats clockwise with names and army colours."""

from companion.app import harness


def open_form(app):
    harness.tap(harness.find_id("new_magnifico"))
    screen = app.screens["magnifico.new_game"]
    assert app.manager.current == "magnifico.new_game"
    screen.reset()
    screen.refresh()
    harness.frames(2)
    return screen


def test_disabled_button_explains_itself(home):
    screen = open_form(home)
    for _ in range(3):
        harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5
    assert harness.find_id("add_seat").reason  # looks off...
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5  # ...does nothing...
    assert home.root.ids.toast.text == home.t("new_game.max_seats", n=5)  # ...and says why


def test_new_game_seats(home):
    screen = open_form(home)
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 4
    colours = [s["color"] for s in screen.seats]
    assert len(set(colours)) == 4
    harness.tap(harness.find_text("Purple") if "Purple" in harness.texts() else harness.find_text("Yellow"))
    assert len({s["color"] for s in screen.seats}) == 4  # a tap never gives two armies one colour
    harness.tap(harness.find_id("add_seat"))
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5  # rulebook 5.3.3: at most 5 players


def test_back_goes_to_the_game_picker(home):
    open_form(home)
    harness.tap(harness.find_text(home.t("common.back"), root=home.screens["magnifico.new_game"], exact=True))
    assert home.manager.current == "new_game"


def test_a_refresh_keeps_the_forms_rows_and_a_start_builds_none(home):
    """The rows are made again only when the number of seats changes: the refresh that follows
    the game's start (the session changed under the form) rebuilt every row and button inside
    the start tap (issue 13, taps)."""
    from kivy.uix.widget import Widget

    screen = open_form(home)
    rows = list(screen.ids.seats.children)
    buttons = list(screen.ids.variants.children)
    colour = screen.seats[0]["color"]
    harness.tap(rows[-1].children[-2])  # the first seat's colour button: a refresh
    assert screen.seats[0]["color"] != colour
    assert list(screen.ids.seats.children) == rows and list(screen.ids.variants.children) == buttons
    made = []
    plain = Widget.__init__

    def counted(self, **kwargs):
        made.append(type(self).__name__)
        plain(self, **kwargs)

    Widget.__init__ = counted
    try:
        screen.refresh()
    finally:
        Widget.__init__ = plain
    assert made == []
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.ids.seats.children) == 4  # a seat more: the rows follow
    assert [r.index for r in reversed(screen.ids.seats.children)] == [0, 1, 2, 3]


def test_a_reset_form_shows_no_name_typed_before(home):
    """The rows are kept, so their text fields must follow the seats: after a reset a name
    typed before is gone from the screen as from the seats."""
    screen = open_form(home)
    field = list(reversed(screen.ids.seats.children))[0].ids.name
    field.text = "Anna"  # what typing does
    assert screen.seats[0]["name"] == "Anna"
    screen.reset()
    screen.refresh()
    assert field.text == "" and screen.seats[0]["name"] == ""
    field.text = "Bruno"
    screen.refresh()
    assert field.text == "Bruno" and screen.seats[0]["name"] == "Bruno"
