"""The Magnate rules engine (pure: no UI, hardware or database imports).

- ``game.GAME``: the family's game contract (what the shell, journal and CLI call).
- ``engine``: ``new_game(header)``, ``apply(state, cmd) -> (state, events)``, ``check``;
  the setup, trades, developments and the card played. ``turns``: the roll, taxation,
  income, the draw, the run-outs, the last turns and the end.
- ``legality``: ``legal(state)`` (who acts, every action with ``enabled``/``reason``),
  ``expects(state)`` (core ``Expect``s: 2 d10 or 1 d6, a deed's income choice, the setup).
- ``rules``: the reasons, one function per rule (placement, payment, development...),
  ``unseen(state)`` (the cards a hand may hold), ``places(state, seat, card)``.
- ``payment``: ``splits(card)``, ``propose_payment(state, seat, card)`` (the cheapest plan).
- ``scoring``: district totals, Ace values, tie-breaks, the core ``Outcome``.
- ``state``, ``commands``, ``corrections`` (``Correct``), ``describe`` (log lines in
  Italian and English), ``record`` (replay, summary), ``demo`` (bots), ``cards`` (the Decktet).
"""
