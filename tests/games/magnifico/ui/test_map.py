"""The schematic map: sea-zone labels never cover a territory's node (nor each other)."""

import pytest

from companion.app import harness
from companion.games.magnifico.ui import presenters
from tests.games.magnifico.ui.games import mag

SEATS = [{"name": n, "color": c} for n, c in (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))]


def overlaps(a, b):
    return min(a[0] + a[2], b[0] + b[2]) > max(a[0], b[0]) and min(a[1] + a[3], b[1] + b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_sea_labels_leave_the_nodes_free(home, size):
    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    try:
        harness.resize(size)
        app.go("magnifico.table")
        harness.frames(3)
        m = app.screens["magnifico.table"].ids.map
        m.redraw()
        seas = {sea["id"] for sea in m.map_data["seas"]}
        assert set(m.sea_boxes) == seas and seas
        nodes = m.node_boxes(*m.node_size())
        for sid, box in m.sea_boxes.items():
            assert m.x <= box[0] and box[0] + box[2] <= m.right and m.y <= box[1] and box[1] + box[3] <= m.top
            covered = [tid for tid, node in nodes.items() if overlaps(box, node)]
            assert not covered, f"{sid} covers {covered} at {size}"
            assert not [o for o, other in m.sea_boxes.items() if o != sid and overlaps(box, other)]
    finally:
        harness.resize((800, 480))


def drawn_ahead(app, name):
    """A new screen ``name`` (never filled, as in a fresh app, not shown) after its ``ahead()``:
    the screen, its map and the layout it drew, checked drawn at the size the game shows."""
    app.go("home")
    harness.frames(2)
    cls = app.screens.prepare(app.uis["magnifico"])[name]
    screen = cls(name=name)
    screen.ahead()
    harness.frames(3)
    m = screen.ids.map
    drawn = m._layout
    assert drawn is not None and tuple(screen.size) == app.play_size() and m._centres
    return screen, m, drawn


def test_the_setup_map_is_drawn_ahead_at_the_size_the_game_shows(home):
    """While the setup form waits, the app's warm-up has the setup screen draw its map with
    the table's box, under the game's top bar (issue 13: spreading and drawing it cost about
    20 ms of a game's first Start); the first fill with the game draws it no more."""
    app = home
    screen, m, drawn = drawn_ahead(app, "magnifico.setup")
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    screen.refresh()
    harness.frames(3)
    assert m.map_data == app.session.view()["map"]
    assert m._layout is drawn  # neither spread nor drawn again
    app.go_current()
    harness.frames(2)
    assert tuple(app.screens[app.manager.current].size) == app.play_size()  # the size foreseen


@pytest.mark.parametrize("name", ["magnifico.table", "magnifico.turn", "magnifico.income"])
def test_every_screen_with_a_map_draws_it_ahead_and_its_first_visit_draws_it_no_more(home, name):
    """Issue 13: the table view's first visit in a session spread and drew its map inside the
    tap (about 35 ms of 60 to 84 here); the turn's and the income's likewise. Each screen with
    a map now draws it ahead, as the setup screen does."""
    app = home
    _screen, m, drawn = drawn_ahead(app, name)
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    for k, v in presenters.map_layers(app.session).items():  # what each one's fill sets (the turn's, in its phase)
        setattr(m, k, v)
    harness.frames(3)
    assert m.map_data == app.session.view()["map"] and m._layout is drawn  # neither spread nor drawn again
