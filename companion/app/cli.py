"""``python -m companion [app]`` starts the touchscreen app; ``screenshots --out DIR`` renders every screen."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SIZES = ((800, 480), (1280, 800))


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    if command == "screenshots":
        parser.add_argument("--out", required=True, help="folder for the PNG files")
        parser.add_argument("--lang", choices=("it", "en"), action="append",
                            help="only this language (repeatable; default both)")
        parser.add_argument("--seed", type=int, default=7, help="seed of the demo game")
        parser.add_argument("--size", action="append", help="only this size, WIDTHxHEIGHT (repeatable; "
                            "default 800x480 and 1280x800)")
        parser.add_argument("--game", action="append", help="only this game's screens (repeatable; default all)")
        parser.add_argument("--seats", type=int, help="players at each demo table (a game that takes fewer "
                            "or more seats the nearest count it takes; default each game's own)")
        parser.add_argument("--long-names", action="store_true",
                            help="players with 16-letter names, the longest the new-game form takes")
        return
    parser.add_argument("--lang", choices=("it", "en"), help="language of the screens")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi kiosk)")
    parser.add_argument("--size", default="800x480", help="window size on a laptop, WIDTHxHEIGHT")
    parser.add_argument("--database", help="SQLite file of the journal (default: user data folder)")
    parser.add_argument("--hardware", metavar="MODE_OR_FILE",
                        help="auto, gpio or simulated (real handsets and dice reader, or simulated ones), "
                             "or a hardware settings FILE (JSON, over data/hardware/hardware.json)")
    parser.add_argument("--phones", action="store_true",
                        help="players may lock their sealed choices on their own phones (docs/phones.md)")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return w, h
    except ValueError:
        return 800, 480


def _fullscreen(settings) -> bool:
    """Fullscreen when the settings say so, or ("auto") on a Raspberry Pi: the kiosk."""
    value = settings.get("fullscreen")
    if value == "auto":
        try:
            from hardware.gpio import pi_model
        except ImportError:
            return False
        return bool(pi_model())
    return bool(value)


HARDWARE_MODES = ("auto", "gpio", "simulated")


def apply_hardware_option(settings, value: str) -> str | None:
    """``--hardware``: a mode, or a hardware settings file (checked now: a bad file is said at
    once, not as a line on the Settings screen); the problem, or None."""
    if value in HARDWARE_MODES:
        settings.values["hardware"] = value
        return None
    from hardware import settings as hw_settings

    path = Path(value).expanduser()
    try:
        hw_settings.load(path)
    except Exception as err:
        return f"--hardware {value}: {getattr(err, 'reason', None) or err}"
    settings.values["hardware_file"] = str(path.resolve())
    return None


def run(args) -> int:
    if args.command == "screenshots":
        sizes = [_size(text) for text in args.size] if args.size else list(SIZES)
        return screenshots(Path(args.out), args.lang or ["it", "en"], args.seed, sizes, args.game,
                           seats=args.seats, long_names=args.long_names)
    from companion.app import kivy_env
    from companion.app.settings import Settings

    settings = Settings.load()
    kivy_env.configure(size=_size(args.size), fullscreen=args.fullscreen or _fullscreen(settings))
    from companion.app.main import CompanionApp

    if args.database:
        settings.values["database"] = args.database
    if args.hardware:
        problem = apply_hardware_option(settings, args.hardware)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    if args.phones:
        settings.values["phones"] = True  # for this run: the Settings switch keeps its own choice
    CompanionApp(settings=settings, lang=args.lang).run()
    return 0


def screenshots(out: Path, langs: list[str], seed: int = 7, sizes: list[tuple[int, int]] | None = None,
                games: list[str] | None = None, seats: int | None = None, long_names: bool = False) -> int:
    """Every screen of a demo game of each game at 800x480 and 1280x800, in each language, as
    PNG files; ``seats`` and ``long_names`` as ``companion.app.tour.visit`` takes them."""
    import os
    import tempfile

    from companion.app import kivy_env

    # the demo game goes to a throw-away journal, never to the table's own
    scratch = tempfile.mkdtemp(prefix="magnifico-screenshots-")
    os.environ["MAGNIFICO_DB"] = os.path.join(scratch, "journal.sqlite3")
    os.environ["MAGNIFICO_KEY_FILE"] = os.path.join(scratch, "journal.key")
    kivy_env.configure(headless=True, size=SIZES[0])
    from companion.app import harness, tour
    from companion.app.main import CompanionApp
    from companion.app.settings import Settings

    sizes = sizes or list(SIZES)
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    app = harness.start(CompanionApp(settings=Settings({"hardware": "simulated"}), lang=langs[0]), size=sizes[0])
    written = 0
    for lang in langs:
        app.set_lang(lang)
        for name in tour.visit(app, seed=seed, games=games, seats=seats, long_names=long_names):
            app.root.ids.toast.opacity = 0  # a message from an earlier step would linger on every shot
            for size in sizes:
                harness.resize(size)
                harness.screenshot(str(out / f"{name}-{lang}-{size[0]}x{size[1]}.png"))
                written += 1
            harness.resize(sizes[0])
    harness.stop(app)
    print(f"{written} screenshots in {out} ({time.perf_counter() - started:.1f} s)")
    return 0
