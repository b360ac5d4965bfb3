"""GPIO bid handsets, the serial dice reader, and simulators of both.

- ``hardware.handsets``: ``BidHandsets``, the sealed-bid controller over gpiozero buttons,
  LEDs and TM1637 displays (``hardware.tm1637``).
- ``hardware.dice``: one dice interface (``DiceDesk``) over three sources: the reader, faces
  typed on the screen, and the app's own roll.
- ``hardware.dice_protocol`` / ``hardware.dice_reader``: the serial protocol and the reader.
- ``hardware.simulate``: keyboard handsets and a virtual dice reader on a pseudo-terminal.
- ``hardware.settings``: the pin map and port settings.

Nothing here imports Kivy or the engine; callbacks reach the app through an injected
``post(fn)`` (Kivy's Clock in the app, a queue in tests). See hardware/README.md.
"""
