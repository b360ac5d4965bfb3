"""Undo and correction are one tap away: the top bar's undo, the menu's correction form of
Magnifico's counters (docs/storage.md: ``Correct`` is a command like any other)."""

import time

import pytest

from companion.app import harness
from tests.games.magnifico.ui.games import mag, start

SHORT_NAMES = [{"name": n, "color": c} for n, c in (("A", "red"), ("B", "blue"), ("C", "green"))]


def past_the_setup(app) -> None:
    """A game whose setup's cards are removed: corrections start there."""
    start(app, SHORT_NAMES)
    app.go_current()
    harness.frames(2)
    harness.tap(harness.find_id("removed"))


def open_correction(app):
    harness.tap(harness.find_id("top_menu"))
    harness.tap(harness.find_id("menu_correction"))
    return app.dialog


def until_closed(dialog) -> None:
    """The dialog's closing animation holds the touches and covers the toast until it ends."""
    for _ in range(100):
        if dialog.get_root_window() is None:
            break
        time.sleep(0.01)
        harness.frames(1)


def test_undo_and_correction_from_the_top_bar(home):
    app = home
    s = app.session
    past_the_setup(app)
    assert s.view()["phase"] == "start_roll"
    harness.tap(harness.find_id("top_undo"))
    assert s.view()["phase"] == "remove_cards"  # nothing was revealed: undo takes it back
    assert app.manager.current == "magnifico.setup"
    harness.tap(harness.find_id("removed"))  # corrections start once the setup's cards are removed
    assert s.view()["phase"] == "start_roll"
    dialog = open_correction(app)
    harness.tap(dialog.ids["seat_1"])
    harness.tap(dialog.ids["apply"])
    assert app.root.ids.toast.text == app.t("correction.need_reason")  # a correction needs a reason
    dialog.ids["reason"].text = "miscounted"
    florins = s.view()["seats"][1]["florins"]
    harness.tap(dialog.ids["value"].children[0])  # plus: 10 florins more
    harness.tap(dialog.ids["apply"])
    # the engine's Correct takes it (docs/storage.md): florins changed, the log says why
    assert app.root.ids.toast.text == app.t("correction.done")
    assert s.view()["seats"][1]["florins"] == florins + 10
    assert any("miscounted" in line for line in s.log())
    until_closed(dialog)
    harness.tap(harness.find_id("top_undo"))
    assert s.view()["seats"][1]["florins"] == florins  # undo takes a correction back like any command


def test_correcting_a_territory(home):
    app = home
    s = app.session
    past_the_setup(app)
    dialog = open_correction(app)
    harness.tap(dialog.ids["kind_territory"])
    first = dialog.ids["territory_name"].text
    harness.tap(dialog.ids["territory_next"])
    assert dialog.ids["territory_name"].text != first  # the territories one by one, by name
    tid = sorted(s.view()["territories"], key=lambda t: mag(app).territory_name(t, app.lang))[1]
    assert mag(app).territory_name(tid, app.lang) in dialog.ids["territory_name"].text
    harness.tap(dialog.ids["field_owner"])
    harness.tap(dialog.ids["owner_2"])
    dialog.ids["reason"].text = "C placed a soldier there and we forgot"
    harness.tap(dialog.ids["apply"])
    assert app.root.ids.toast.text == app.t("correction.done")
    t = s.view()["territories"][tid]
    assert (t["owner"], t["soldiers"]) == (2, 1)  # a new owner puts 1 soldier there (docs/storage.md)


def test_a_refused_correction_reads_in_the_tables_language(home, tmp_path):
    """docs/i18n.md: the engine's refusal of a hand correction is shown in Italian at an
    Italian table, with the territory's Italian name (corrections.py: a free territory gets
    an owner before a castle)."""
    app = home
    s = app.session
    past_the_setup(app)
    app.set_lang("it")
    dialog = open_correction(app)
    harness.tap(dialog.ids["kind_territory"])
    tid = sorted(s.view()["territories"], key=lambda t: mag(app).territory_name(t, "it"))[0]
    assert s.view()["territories"][tid]["owner"] is None  # nobody owns a territory before the first castles
    harness.tap(dialog.ids["field_castle"])
    harness.tap(dialog.ids["castle_yes"])
    dialog.ids["reason"].text = "c'è un Castello"
    harness.tap(dialog.ids["apply"])
    name = mag(app).territory_name(tid, "it")
    assert app.root.ids.toast.text == f"{name} è libero: prima indica il suo proprietario"
    assert s.view()["territories"][tid]["castle"] is False  # refused: nothing changed
    until_closed(dialog)
    harness.screenshot(str(tmp_path / "refused-correction-it.png"))
    assert not harness.text_offenders(app.root.ids.toast)


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_the_correction_form_starts_under_its_title(home, size, lang):
    """The form is as high as its rows: its help starts just under the title (at the dialog's
    full height its rows sat at the bottom, under an empty band of 71 px at 800x480, 144 at
    1280x800), and nothing of it is cut, in both of the form's kinds."""
    app = home
    past_the_setup(app)
    app.set_lang(lang)
    harness.resize(size)
    try:
        dialog = open_correction(app)
        for kind in ("seat", "territory"):
            harness.tap(dialog.ids["kind_" + kind])
            harness.frames(20)  # the opening animation
            title = harness.find_text(dialog.title, root=dialog, exact=True)
            first = dialog.ids.body.children[-1]  # the help, the form's first line
            assert first.text == app.t("correction.help")
            assert title.y - first.top <= app.u * 12  # the dialog's spacing, and no more
            assert dialog.y >= 0 and dialog.top <= size[1]
            assert harness.text_offenders(dialog) == []
        dialog.dismiss()
        until_closed(dialog)
    finally:
        harness.resize((800, 480))


def test_a_tap_in_the_form_builds_no_new_buttons(home):
    """Another seat, the stepper, a territory after another: the same buttons are shown again
    (each tap rebuilt all of them); a kind shown for the first time builds only its own."""
    app = home
    past_the_setup(app)
    dialog = open_correction(app)
    harness.tap(dialog.ids["kind_territory"])
    harness.tap(dialog.ids["kind_seat"])
    shown = list(harness.walk(dialog))
    harness.tap(dialog.ids["seat_1"])
    harness.tap(dialog.ids["value"].children[0])  # plus
    harness.tap(dialog.ids["kind_territory"])
    harness.tap(dialog.ids["territory_next"])
    harness.tap(dialog.ids["kind_seat"])
    assert all(any(w is x for x in shown) for w in harness.walk(dialog))
    dialog.dismiss()
    until_closed(dialog)
