"""The Magnifico rules engine (pure: no UI, hardware or database imports).

- ``engine``: ``new_game(header)``, ``apply(state, cmd) -> (state, events)``,
  ``check(state, cmd) -> reason | None``, ``legal(state)``, ``public_view(state)`` (sealed
  bids hidden), ``VARIANTS`` (the table options a new game offers), ``outcome(state)`` and
  ``history(state)`` (how and by whom a game ended: the target or an agreement).
- ``state``: ``State`` (``to_dict``/``from_dict``), ``Territory``, ``Player``, ``Turn``, ``Auction``.
- ``commands``: the frozen command dataclasses, ``to_dict``/``from_dict``.
- ``record``: ``replay(header, commands)``, ``replay_file(path)``, ``summary(state)``.
- ``demo``: bots and a virtual table, ``play_demo(seed, players, commands=..., on_command=...)``.
- ``data`` (map and cards) and ``battle`` (one battle) have their own owners.
"""
