"""``python -m hardware pins|status``: check the pin map, and say what hardware would be used.

    python -m hardware pins [--settings FILE]    validate the pin map, print the wiring table
    python -m hardware status [--settings FILE]  the handsets' and the dice reader's status lines
    python -m hardware ports                     the serial ports the dice reader may be on

Its lines are in the table's saved language (the app's settings), or ``--lang it|en``; the
wiring table is the same Markdown table as hardware/README.md's.

The simulators are ``python -m hardware.simulate dice|handsets``; one roll from the reader
is ``python -m companion dice``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from hardware import settings as hw_settings
from hardware.errors import HardwareError
from hardware.messages import text


def main(argv: list[str] | None = None) -> int:
    from companion.cli import LANGUAGES, say

    parser = argparse.ArgumentParser(prog="python -m hardware")
    parser.add_argument("what", choices=["pins", "status", "ports"])
    parser.add_argument("--settings", help="a hardware settings JSON (default: data/hardware/hardware.json)")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="language of the lines printed (default: the table's saved language, else English)")
    args = parser.parse_args(argv)
    try:
        code = _run(args, say)
        sys.stdout.flush()  # a reader gone away is told here, not at the interpreter's exit
        return code
    except HardwareError as err:
        print(say(err, args), file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (say `| head`) went away: stop quietly, as companion's CLI does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _run(args: argparse.Namespace, say: Any) -> int:
    """What ``main`` prints for ``args.what``."""
    settings = hw_settings.load(args.settings)
    if args.what == "pins":
        print(hw_settings.wiring_table(settings.handsets))
        print()
        print(say(text("pins_ok", n=len(settings.handsets.present())), args))
        return 0
    if args.what == "ports":
        from hardware.dice_ports import list_ports

        ports = list_ports()
        for port in ports:
            print(f"{port.device}\t{port.source}\t{port.description}")
        if not ports:
            print(say(text("no_ports"), args))
        return 0
    from hardware.dice_reader import DiceReader
    from hardware.handsets import BidHandsets

    with BidHandsets.from_settings(settings) as handsets:
        print(say(handsets.status, args))
    reader = DiceReader.from_settings(settings.dice)
    try:
        reader.start()
        reader.connected.wait(settings.dice.hello_timeout_s + 0.5)
        print(say(reader.status, args))
    finally:
        reader.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
