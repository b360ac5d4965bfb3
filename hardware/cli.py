"""``python -m companion dice``: wait for one roll from the dice reader and print it as JSON.

    python -m companion dice --port /dev/ttyACM0 --expect 6 --kind mag --timeout 30
    {"kind": "mag", "faces": ["hit", "blank", "explosion", "hit", "hit", "blank"]}

Without ``--port`` the reader is found by its HELLO (the settings' port first, if set).
Rolls of the wrong size or kind are reported on stderr and the wait goes on; on timeout
the command exits with status 1 and says why.
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


def run(args) -> int:
    from hardware import settings as hw_settings
    from hardware.dice_reader import DiceReader
    from hardware.errors import HardwareError

    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, stream=sys.stderr,
                        format="%(message)s")
    if args.expect < 1:
        print("--expect needs at least one die", file=sys.stderr)
        return 2
    if not 0 < args.timeout < MAX_TIMEOUT:  # also refuses nan
        print(f"--timeout takes a number of seconds above 0 and below {MAX_TIMEOUT}, not {args.timeout}",
              file=sys.stderr)
        return 2
    settings = hw_settings.load(args.settings).dice
    port = args.port or settings.port
    hello_timeout = min(settings.hello_timeout_s, args.timeout / 2)  # a search ends before the wait
    reader = DiceReader(port, baudrate=settings.baudrate, hello_timeout=hello_timeout,
                        backoff=(min(0.2, args.timeout), settings.backoff_s[1]))
    try:
        roll = reader.wait_roll(args.expect, args.kind, args.timeout,
                                on_notice=lambda text: print(text, file=sys.stderr, flush=True))
    except HardwareError as err:
        print(f"dice: {err.reason}", file=sys.stderr)
        return 1
    finally:
        reader.stop()
    print(json.dumps(roll.to_json()))
    return 0
