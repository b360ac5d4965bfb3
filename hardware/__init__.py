"""GPIO handsets, the serial dice reader, and simulators of both.

- ``hardware.handsets``: ``BidHandsets`` (``Handsets``), the sealed-entry controller over
  gpiozero buttons, LEDs and TM1637 displays (``hardware.tm1637``); what each seat enters
  is an ``Ask`` (``hardware.asks``): a number in steps, or one of a few choices.
- ``hardware.dice``: one dice interface (``DiceDesk``) over three sources: the reader, faces
  typed on the screen, and the app's own roll; dice of every kind (mag, d6, d10, d12).
- ``hardware.dice_protocol`` / ``dice_ports`` / ``dice_reader`` / ``dice_setup``: the serial
  protocol (version 2, CRC-16), finding the reader, the reader, a Settings screen's needs.
- ``hardware.simulate``: keyboard handsets and a virtual dice reader on a pseudo-terminal.
- ``hardware.settings``: the pin map and port settings.
- ``hardware.errors`` / ``hardware.messages``: errors and texts, keyed in the ``hardware``
  catalogue (Italian and English).

Nothing here imports Kivy, storage or a game; callbacks reach the app through an injected
``post(fn)`` (Kivy's Clock in the app, a queue in tests). See hardware/README.md.
"""
