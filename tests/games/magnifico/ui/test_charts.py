"""The game-over charts: Magnifico says what a round's row holds (VP after the round's scoring,
florins before the next income); the shell's round history keeps the rows as the game is
played, and rebuilds the same rows from the journal after a resume."""

from __future__ import annotations

from companion.app.game_session import GameSession
from companion.app.round_history import RoundHistory
from companion.games.magnifico.game import GAME
from companion.games.magnifico.ui.entry import MagnificoUI
from companion.storage.journal import Journal


class Settings(dict):
    def get(self, key, default=None):
        return super().get(key, default)


def play_rounds(session: GameSession, rounds: int, seed: int = 5) -> list[dict]:
    """A demo game through the session until ``rounds`` rounds were scored; the scorings."""
    scorings = []
    index = 0
    while len(scorings) < rounds:
        before = session.view()
        result = session.send(GAME.demo_move(session.state, seed, index))
        assert result.ok
        for e in result.events:
            if e["type"] == "round_scoring":
                scorings.append({"round": e["round"], "florins": [p["florins"] for p in before["seats"]],
                                 "vp": [p["vp"] for p in session.view()["seats"]]})
        index += 1
    return scorings


def test_rows_as_played_and_rebuilt_after_a_resume(tmp_path):
    ui = MagnificoUI()
    journal = Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key")
    session = GameSession(journal, Settings())
    history = RoundHistory(session, {"magnifico": ui}.get)
    assert session.new_game(GAME, GAME.demo_header(3, 5)) is None
    scorings = play_rounds(session, 3)
    rows = history.rows()
    closed = [r for r in rows if r["final"]]
    assert [(r["round"], r["vp"], r["florins"]) for r in closed] == [
        (s["round"], s["vp"], s["florins"]) for s in scorings]
    assert rows[-1]["round"] == session.view()["round"]  # the round in play is last
    game_id = session.game_id
    session.close()

    again = GameSession(Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key"), Settings())
    try:
        rebuilt = RoundHistory(again, {"magnifico": ui}.get)
        assert again.resume(game_id)
        assert rebuilt.rows() == rows
        again.undo()  # taken back, or refused at a reveal: either way...
        assert all(r["round"] <= again.view()["round"] for r in rebuilt.rows())  # ...no round that is gone
    finally:
        again.close()
