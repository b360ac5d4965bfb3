"""``python -m companion dice``: wait for one roll from the dice reader and print it as JSON.

    python -m companion dice --port /dev/ttyACM0 --expect 6 --kind mag --timeout 30
    {"kind": "mag", "faces": ["hit", "blank", "explosion", "hit", "hit", "blank"]}

Without ``--port`` the settings' port is used; with none set, the reader is found by its
HELLO (USB serial ports and the simulator's announced pseudo-terminal). Rolls of the
wrong size or kind are reported on stderr and the wait goes on; on timeout the command
exits with status 1 and says why. A port that does not exist or does not open, bad
options, a bad settings file and a reader speaking another protocol version are
answered at once with one line and status 2.
"""

from __future__ import annotations

import json
import logging
import sys

MAX_TIMEOUT = 86400.0  # a day: longer waits overflow the thread timers (inf crashed)


def add_arguments(parser, command: str) -> None:
    parser.add_argument("--port", help="device path or pyserial URL (loop://, spy://...); unset: find it by HELLO")
    parser.add_argument("--expect", type=int, required=True, metavar="N", help="number of dice")
    parser.add_argument("--kind", required=True, choices=["mag", "d6", "d10", "d12"])
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S", help="seconds to wait (default 60)")
    parser.add_argument("--settings", help="a hardware settings JSON (for the port and baud rate)")
    parser.add_argument("--verbose", action="store_true", help="log what the reader says")


def _say(message, args) -> str:
    """A message in the command's language (``--lang``, else the table's settings)."""
    from companion.cli import say

    return say(message, args)


def _fail(message, args) -> int:
    print(f"dice: {_say(message, args)}", file=sys.stderr)
    return 2


def run(args) -> int:
    from hardware import settings as hw_settings
    from hardware.dice_ports import check_port
    from hardware.dice_reader import DiceReader
    from hardware.errors import HardwareError
    from hardware.messages import text

    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, stream=sys.stderr,
                        format="%(message)s")
    if args.expect < 1:
        return _fail(text("cli_expect"), args)
    if not 0 < args.timeout < MAX_TIMEOUT:  # also refuses nan
        return _fail(text("cli_timeout", top=f"{MAX_TIMEOUT:g}", given=str(args.timeout)), args)
    try:
        settings = hw_settings.load(args.settings).dice
        port = args.port or settings.port
        if port:
            check_port(port)
    except HardwareError as err:
        return _fail(err, args)
    hello_timeout = min(settings.hello_timeout_s, args.timeout / 2)  # a search ends before the wait
    reader = DiceReader(port, baudrate=settings.baudrate, hello_timeout=hello_timeout,
                        backoff=(min(0.2, args.timeout), settings.backoff_s[1]), retry_first_open=False)
    try:
        roll = reader.wait_roll(args.expect, args.kind, args.timeout,
                                on_notice=lambda message: print(_say(message, args), file=sys.stderr, flush=True))
    except HardwareError as err:
        print(f"dice: {_say(err, args)}", file=sys.stderr)
        # a port that does not open, a reader of another protocol: waiting longer cannot help
        return 1 if err.key in ("no_roll_within", "no_roll_within_because") else 2
    finally:
        reader.stop()
    print(json.dumps(roll.to_json()))
    return 0
