"""The box profile screen (issue 11, item 1; leonardo-decisions: What the app knows and what the
table enters): the table enters its box by touches, leaves and resumes (each value saved as it
is entered), corrects it later, and a game records the profile it was played with."""

from __future__ import annotations

from leonardo_ui_helpers import L, dialog_closed, keypad, save_example_box, screen, start_by_touch, tap, tap_space

from companion.app import harness
from companion.games.leonardo import box as B
from companion.games.leonardo.game import GAME
from companion.storage import box_profile


def saved(app):
    return B.validate(box_profile.read("leonardo", app.session.profile_path("leonardo")) or {})


def open_box(app):
    app.go("home")
    harness.frames(2)
    tap(app, "new_leonardo")
    assert "values missing" in screen(app).box_line and screen(app).ids.start.reason  # no deck sizes yet
    tap(app, "open_box")
    assert app.manager.current == L + "box"


def test_next_asks_in_order_and_every_value_is_saved_at_once(home):
    app = home
    open_box(app)
    tap(app, "next_btn")  # the first missing value: the kind of space 2
    assert screen(app).focus == {"item": "space.2", "field": "kind"} and screen(app).ids.kind_alley.kind == "primary"
    tap(app, "kind_alley")
    assert saved(app)["spaces"]["2"]["kind"] == "alley"
    tap(app, "next_btn")  # its name, typed
    name = screen(app).ids.name
    name.text = "Vicolo del Pozzo"
    name.dispatch("on_text_validate")
    harness.frames(2)
    assert saved(app)["spaces"]["2"]["name"] == "Vicolo del Pozzo"
    tap(app, "next_btn")
    tap(app, "quarter_3")
    tap(app, "next_btn")  # a number: the keypad opens by itself
    keypad(app, 60)
    for works, rent in enumerate((60, 90, 120, 150), 1):
        tap(app, "next_btn")
        assert screen(app).focus == {"item": "space.2", "field": f"rent.{works}"}
        keypad(app, rent)
    space = saved(app)["spaces"]["2"]
    assert (space["quarter"], space["price"], space["rent"]) == (3, 60, [60, 90, 120, 150])
    assert screen(app).focus is None
    tap(app, "next_btn")
    assert screen(app).focus == {"item": "space.4", "field": "kind"}  # on to the next space
    dialog_closed(app)


def test_leave_and_resume_then_start_a_game_with_that_box(home):
    app = home
    open_box(app)
    tap_space(app, 5)  # a space tapped on the board
    assert screen(app).space == 5
    tap(app, "kind_bridge")
    tap(app, "price")
    keypad(app, 60)
    tap(app, "done")  # leave: back to the new-game form
    assert app.manager.current == L + "new_game"
    tap(app, "open_box")  # and back: where the table left it
    tap_space(app, 5)
    assert screen(app).ids.kind_bridge.kind == "selected" and screen(app).ids.price.text == "60"
    tap(app, "tab_cards")
    # the deck is 60 cards with the 23 palace and bridge cards: 4 offices + 3 events + 30 men
    for wid, n in (("offices_count", 4), ("events_count", 3), ("men_count", 30)):
        tap(app, wid)
        keypad(app, n)
    assert saved(app)["offices"] == [{"space": None, "price": None}] * 4
    tap(app, "office_1_50")
    tap(app, "event_2_guelph")
    p = saved(app)
    assert p["offices"][0]["price"] == 50 and p["events"] == [None, "guelph", None] and p["men_at_arms"] == 30
    tap(app, "done")
    form = screen(app)
    assert not form.ids.start.reason and "still missing" in form.box_line  # a game can start now
    start_by_touch(app)
    header = app.session.header
    space = header["box"]["spaces"]["5"]
    assert (space["kind"], space["name"], space["price"]) == ("bridge", None, 60)
    assert header["box"] == GAME.box.load(saved(app))["box"]  # the record says which box


def test_a_wrong_value_is_refused_and_a_value_corrected_later(home):
    app = home
    open_box(app)
    tap_space(app, 6)
    tap(app, "kind_street")
    tap(app, "price")
    keypad(app, 61)  # prices are even (half a price is a whole number of florins)
    assert saved(app)["spaces"]["6"]["price"] is None
    toast = app.root.ids.toast.text
    assert "even" in toast and not toast.startswith("spaces.")  # said in words, not as the file's address
    tap(app, "price")
    keypad(app, 80)
    tap(app, "price")  # corrected
    keypad(app, 90)
    assert saved(app)["spaces"]["6"]["price"] == 90
    tap(app, "tab_machina")
    tap(app, "number_1_gem")
    tap(app, "face_1")
    keypad(app, 3)
    p = saved(app)
    assert B.product_of(p, 1) == "gem" and p["machina"]["faces"]["1"] == 3
    tap(app, "tab_art")
    tap(app, "art_add")
    keypad(app, 40)
    assert saved(app)["oda"] == [40]
    tap(app, "tab_quarters")
    q = screen(app).ids.quarter_name_2
    q.text = "Quartiere della Rosa"
    q.dispatch("on_text_validate")
    harness.frames(2)
    assert saved(app)["quarters"]["2"]["name"] == "Quartiere della Rosa"


def test_the_game_bar_stays_off_the_box_editor(home):
    """With a game open, the box editor is still about the box: the game's top bar (its
    banner) is hidden there, as on the setup form, and back on the game's screens."""
    app = home
    save_example_box(app)
    start_by_touch(app)
    app.go_current()
    harness.frames(2)
    assert app.in_game and app.show_bar
    app.go(L + "box")
    harness.frames(2)
    assert not app.show_bar
    app.go_current()
    harness.frames(2)
    assert app.show_bar


def test_an_unreadable_box_profile_is_said_in_the_tables_language(home, tmp_path, monkeypatch):
    """A saved profile that cannot be read: the editor starts empty and says why, in the table's
    language (the refusal keeps its key up to the notice)."""
    from companion.core.i18n import localized
    from tests.kivy_app import make_settings

    app = home
    broken = tmp_path / "leonardo-box.json"
    broken.write_text("{ not json", encoding="utf-8")
    monkeypatch.setattr(app.session, "settings", make_settings(box_profiles={"leonardo": str(broken)}))
    app.set_lang("it")
    try:
        app.go(L + "box")
        harness.frames(2)
        problem = screen(app).editor.problem
        assert problem and localized(problem, "it") != localized(problem, "en")
        assert app.root.ids.toast.text == localized(problem, "it")
    finally:
        app.set_lang("en")
        app.go("home")
        harness.frames(2)


def test_a_redraw_keeps_the_forms_buttons(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): a value entered, a space or a section shown again
    redraws the form with the buttons it made before (new texts and looks), making none."""
    from companion.app.widgets import common

    app = home
    open_box(app)
    made = []
    original = common.Btn.__init__

    def counted(self, **kwargs):
        made.append(self)
        original(self, **kwargs)

    monkeypatch.setattr(common.Btn, "__init__", counted)
    tap_space(app, 2)
    kind = screen(app).ids.kind_alley
    row = kind.parent
    tap(app, "kind_alley")  # a value: the same buttons in the same rows, the chosen one selected
    assert saved(app)["spaces"]["2"]["kind"] == "alley"
    assert screen(app).ids.kind_alley is kind and kind.kind == "selected" and screen(app).ids.kind_bridge.kind == "normal"
    assert kind.parent is row and row.label.text == screen(app).tt("box.kind")
    tap_space(app, 4)  # another space: its own values on the same buttons
    assert screen(app).ids.kind_alley is kind and kind.kind == "normal"
    tap(app, "tab_machina")
    first = len(made)  # the section's buttons, made on its first showing in this app (if this is it)
    tap(app, "tab_spaces")
    tap(app, "tab_machina")  # shown again: nothing made
    assert len(made) == first
    number = next(x for x in B.MACHINA if x not in screen(app).editor.profile["lose_all"])
    tap(app, f"number_{number}_{B.PRODUCTS[0]}")
    assert len(made) == first and screen(app).ids[f"number_{number}_{B.PRODUCTS[0]}"].kind == "selected"
    assert saved(app)["machina"] is not None


def _lines(group):
    """The Line instructions drawn by a canvas group, its nested groups included."""
    from kivy.graphics import Line

    out = []
    for instruction in group.children:
        if isinstance(instruction, Line):
            out.append(instruction)
        elif hasattr(instruction, "children"):
            out.extend(_lines(instruction))
    return out


def test_a_touch_on_the_board_redraws_only_what_changed(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): another space shown keeps the form's rows and texts
    where they are (no widget made, the form not emptied), works out what is missing only when
    a value changes, and moves the board's gold edge without drawing its 32 spaces again."""
    from kivy.uix.widget import Widget

    from companion.games.leonardo.ui.widgets import ring as R

    app = home
    open_box(app)
    tap_space(app, 2)
    box = screen(app)
    ring, form = box.ids.ring, box.ids.form
    made, cleared, cells, missing = [], [], [], []
    refreshing = []
    refresh, widget_init, cell, box_missing = box.refresh, Widget.__init__, R.LeonardoRing._cell, B.missing

    def counted_refresh():
        refreshing.append(True)
        try:
            refresh()
        finally:
            refreshing.pop()

    def counted_init(self, **kwargs):
        if refreshing:
            made.append(type(self).__name__)
        widget_init(self, **kwargs)

    def counted_cell(self, *args):
        cells.append(args[0]["n"])
        cell(self, *args)

    def counted_missing(profile):
        missing.append(True)
        return box_missing(profile)

    monkeypatch.setattr(box, "refresh", counted_refresh)
    monkeypatch.setattr(Widget, "__init__", counted_init)
    monkeypatch.setattr(R.LeonardoRing, "_cell", counted_cell)
    monkeypatch.setattr(B, "missing", counted_missing)
    edges_made: list[tuple[float, ...]] = []
    line = R.Line

    def counted_line(**kwargs):
        edges_made.append(kwargs.get("rectangle"))
        return line(**kwargs)

    monkeypatch.setattr(R, "Line", counted_line)
    clear = form.clear_widgets
    monkeypatch.setattr(form, "clear_widgets", lambda *a, **k: cleared.append(True) or clear(*a, **k))
    kids = list(form.children)
    name = box.ids.name
    tap_space(app, 4)  # another space still to describe: the same rows, new texts
    assert box.space == 4 and box.ids.name is name
    assert made == [] and cleared == [] and list(form.children) == kids
    assert missing == [] and cells == []
    x, y, w, h = ring.cell_rect(4)
    assert edges_made == [(x + 1.5, y + 1.5, w - 3, h - 3)] and len(_lines(ring.canvas.before)) == 1
    assert _space_label(app, 4) in harness.texts()
    tap(app, "kind_alley")  # a value entered: what is missing is worked out again, once
    assert saved(app)["spaces"]["4"]["kind"] == "alley" and len(missing) == 1


def _space_label(app, n):
    from companion.games.leonardo.ui import presenters as P

    return P.space_label({"box": screen(app).editor.profile}, n, app.lang)


def test_the_machina_section_is_made_ahead_while_the_table_is_idle(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): the box screen's first showing of a section made its
    widgets in the tap (the machina's 45 buttons and 12 rows, 52 ms once per app). While the
    new-game form waits with a box that lacks values, the warm-up has the box screen make the
    widgets of the section it opens on and of the machina's ahead (its ``ahead()``, never on
    the screen shown), leaving its ids as they were; showing them then makes no widget."""
    from kivy.uix.widget import Widget

    app = home
    app.go("home")
    harness.frames(2)
    tap(app, "new_leonardo")
    box = app.screens[L + "box"]
    box._kept.clear()  # as in a fresh app: nothing of the form made yet
    app.warm_up.ahead.discard(L + "box")
    ids = dict(box.ids)
    for _ in range(3 * len(app.screens.prepared["leonardo"]) + 2):  # the clock's idle check, no touch for long
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        harness.frames(1)
        if L + "box" in app.warm_up.ahead:
            break
    assert L + "box" in app.warm_up.ahead and app.manager.current == L + "new_game"
    assert dict(box.ids) == ids
    # the table touched now, as a finger reaching for the button is: the table no longer looks
    # idle for 10 s, so the clock's idle check does not build another of the game's screens
    # in the frame before the touch (a piece of work ahead that this test does not count)
    app.collector.last_touch = app.collector.clock()
    made = []
    widget_init = Widget.__init__

    def counted(self, **kwargs):
        made.append(type(self).__name__)
        widget_init(self, **kwargs)

    monkeypatch.setattr(Widget, "__init__", counted)
    tap(app, "open_box")
    tap(app, "tab_machina")
    assert made == []  # the old code: 45 buttons, 12 rows and their labels made in the tap
    number = next(x for x in B.MACHINA if x not in box.editor.profile["lose_all"])
    tap(app, f"number_{number}_{B.PRODUCTS[1]}")  # the buttons made ahead work as any
    assert saved(app)["machina"] is not None and box.ids[f"number_{number}_{B.PRODUCTS[1]}"].kind == "selected"


def test_a_whole_box_makes_nothing_ahead(home):
    """The widgets made ahead keep about 4.5 MB: a table whose box is whole seldom opens the
    box screen again, and the warm-up makes nothing for it there."""
    app = home
    save_example_box(app)
    app.go("home")
    harness.frames(2)
    tap(app, "new_leonardo")
    box = app.screens[L + "box"]
    box._kept.clear()
    box.ahead()
    assert box._kept == {}
