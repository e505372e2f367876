"""Shared fixtures and helpers."""

from __future__ import annotations

import pytest

from companion.rules import Game, Payment, make_setup, start_game


def new_game(players: int = 3, deck: str = "companion", seed: int = 1, start: int = 0) -> Game:
    """A fresh game with players named P1..Pn."""
    names = [f"P{i + 1}" for i in range(players)]
    return start_game(make_setup(names, start, deck, seed))


def food(n: int) -> Payment:
    return Payment(food=n)


@pytest.fixture
def game3() -> Game:
    """A three-player companion-deck game before round 1."""
    return new_game(3)
