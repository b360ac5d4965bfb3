"""companion.phones.tokens: per-game, per-seat tokens (issue 14: Joining, Security)."""

from __future__ import annotations

import pytest

from companion.phones.tokens import MAX_TOKEN_CHARS, TokenBook


def test_each_seat_has_its_own_random_token():
    book = TokenBook(5)
    tokens = [book.token(s) for s in range(5)]
    assert len(set(tokens)) == 5 and all(len(t) >= 40 for t in tokens)
    assert [book.seat_of(t) for t in tokens] == [0, 1, 2, 3, 4]
    assert book.is_valid(2, tokens[2]) and not book.is_valid(2, tokens[3])


def test_a_new_game_refuses_every_old_token():
    book = TokenBook(3)
    old = [book.token(s) for s in range(3)]
    book.new_game(3)
    assert [book.seat_of(t) for t in old] == [None] * 3
    assert all(book.token(s) not in old for s in range(3))


def test_kick_refuses_that_seat_only():
    book = TokenBook(3)
    old0, old1 = book.token(0), book.token(1)
    book.kick(0)
    assert book.seat_of(old0) is None and book.seat_of(old1) == 1
    assert book.seat_of(book.token(0)) == 0
    with pytest.raises(KeyError):
        book.kick(7)


@pytest.mark.parametrize("bad", ["", "x", "A" * (MAX_TOKEN_CHARS + 1), None, 12, "é" * 43])
def test_wrong_tokens_belong_to_no_seat(bad):
    book = TokenBook(2)
    assert book.seat_of(bad) is None


def test_a_prefix_or_a_longer_token_is_not_the_token():
    book = TokenBook(1)
    t = book.token(0)
    assert book.seat_of(t[:-1]) is None and book.seat_of(t + "A") is None


def test_tokens_survive_an_export_and_restore_for_a_resumed_game():
    book = TokenBook(2)
    kept = book.export()
    other = TokenBook()
    other.restore(kept)
    assert other.seat_of(book.token(1)) == 1
    with pytest.raises(ValueError):
        other.restore({"tokens": {"0": "short"}})
