"""Follow-ups of the rules decisions on the screens: ending by agreement from the menu
(rd: ending by agreement), a round without an auction because both decks are empty said on
screen (rd: running out of cards), the game-over line of a game ended by agreement."""

from companion.app import harness
from tests.games.magnifico.ui.games import mag, start


def _menu_entry(app):
    app.open_menu()
    harness.frames(2)
    return app.dialog.ids["menu_end_agreement"]


def test_ending_by_agreement_from_the_menu(home):
    app = home
    s = start(app)
    leader = s.action("EndByAgreement")["leader"]
    harness.tap(_menu_entry(app))
    harness.frames(3)
    d = app.dialog
    assert d.ids.cancel.text == app.t("common.cancel")
    assert not harness.text_offenders(d)  # at 800x480
    harness.tap(d.ids.ok)  # no reason yet: it says so, nothing sent
    assert d.ids.note.text == app.t("agreement.missing")
    assert s.view()["phase"] != "over"
    d.ids.reason.text = "it is late"
    harness.tap(d.ids.ok)
    harness.frames(3)
    view = s.view()
    assert view["phase"] == "over" and view["ended"]["reason"] == "it is late"
    assert view["winner"] == leader
    title, detail = mag(app).outcome(view, "en", app.translations)
    assert detail == app.t("over.agreement", vp=view["seats"][leader]["vp"], round=view["ended"]["round"],
                           reason="it is late")
    app.go("game_over")
    harness.frames(2)
    assert any("Ended by agreement" in t for t in harness.texts())
    assert not harness.text_offenders()  # the longer line still fits at 800x480


def test_cancel_leaves_the_game_going(home):
    app = home
    s = start(app)
    harness.tap(_menu_entry(app))
    harness.frames(3)
    d = app.dialog
    d.ids.reason.text = "tired"
    harness.tap(d.ids.cancel)
    harness.frames(5)
    assert s.view()["phase"] != "over"


def test_no_auction_with_both_decks_empty_is_said_on_screen(home):
    app = home
    start(app)
    view = app.session.view()
    events = [{"type": "no_auction", "why": "no cards left", "leonardo": 1}]
    for lang in ("en", "it"):
        line = mag(app).after_command(events, view, lang, app.translations)
        assert line == app.translations.t(lang, "auction.none_decks_empty", name="Bruno")
    assert "Bruno keeps the Leonardo card" in mag(app).after_command(events, view, "en", app.translations)
    assert mag(app).after_command([{"type": "no_auction", "why": "nobody can bid", "leonardo": 1}], view, "en",
                                  app.translations) == ""
