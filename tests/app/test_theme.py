"""Sizes scale from the 800x480 design and touch targets stay at least about 9 mm."""

from companion.app import theme


def test_touch_target_is_at_least_9_mm_on_a_dense_screen():
    dpi = 220
    assert theme.touch_px(800, 480, dpi) / dpi * 25.4 >= 9.0


def test_touch_target_on_the_pi_screen():
    # 7" Pi display: 800x480 on 154x86 mm, about 132 dpi
    px = theme.touch_px(800, 480, 96)
    assert px / (800 / 154) >= 8.4


def test_larger_windows_scale_up():
    assert theme.scale(1280, 800) > theme.scale(800, 480) == 1.0
    assert theme.touch_px(1280, 800, 96) > theme.touch_px(800, 480, 96)


def test_text_on_army_colours_is_readable():
    assert theme.text_on(theme.army("yellow"))[0] < 0.5
    assert theme.text_on(theme.army("blue"))[0] > 0.5


def test_each_seat_keeps_its_colour_and_a_seat_without_one_gets_a_free_one():
    """The game over's lines and the phones' cards tell seats apart even when a game's header
    names no colour, or one the app does not know (issue 9: the shell assumes no game)."""
    named = theme.seat_colours([{"color": "blue"}, {"color": "red"}])
    assert named == [theme.army("blue"), theme.army("red")]
    plain = theme.seat_colours([{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}])
    assert len(set(plain)) == 3
    mixed = theme.seat_colours([{"color": "white"}, {"color": "red"}, {}])
    assert mixed[1] == theme.army("red") and len(set(mixed)) == 3


def test_every_games_demo_seats_wear_colours_the_app_draws_and_names():
    """A bots' game of every installed game, at its most seats, seats its players in army
    colours the app knows: a swatch in that colour and its name in both languages (Leonardo's
    demo once seated a sixth player in "white": a grey swatch and the raw key on the form)."""
    from companion.app.i18n import Translations
    from companion.core.registry import games

    words = Translations()

    for game in games():
        header = game.demo_header(game.seats[1], seed=1)
        for seat in header["seats"]:
            assert seat["color"] in theme.ARMY_COLOURS, (game.name, seat)
            for lang in ("en", "it"):
                assert f"colour.{seat['color']}" in words.strings[lang], (game.name, lang, seat)
