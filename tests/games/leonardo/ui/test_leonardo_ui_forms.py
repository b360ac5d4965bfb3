"""Leonardo's text popup (a space's printed name, asked once): it has Cancel, and Confirm on an
empty field says what is missing instead of closing (the family's popups behave alike)."""

from companion.app import harness
from companion.games.leonardo.ui.forms import ask_text


def test_an_empty_name_is_refused_on_screen_and_cancel_closes(home):
    app = home
    got = []
    d = ask_text(app, "A printed value", "The name printed on space 6", got.append)
    harness.frames(2)
    harness.tap(d.ids["ok"])
    assert got == [] and d.ids["note"].text == app.t("common.text_missing")
    d.ids["text"].text = "  Via Larga "
    assert d.ids["note"].text == ""  # typing clears the notice
    harness.tap(d.ids["ok"])
    assert got == ["Via Larga"]
    d = ask_text(app, "A printed value", "The name printed on space 6", got.append)
    harness.frames(2)
    harness.tap(d.ids["cancel"])
    for _ in range(100):
        if d.get_root_window() is None:
            break
        harness.frames(1)
    assert d.get_root_window() is None and got == ["Via Larga"]
