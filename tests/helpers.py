"""Shared fixtures and helpers."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from companion.rules import Game, Payment, make_setup, start_game


def new_game(players: int = 3, deck: str = "companion", seed: int = 1, start: int = 0) -> Game:
    """A fresh game with players named P1..Pn."""
    names = [f"P{i + 1}" for i in range(players)]
    return start_game(make_setup(names, start, deck, seed))


def food(n: int) -> Payment:
    return Payment(food=n)


T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end in a thread of its own: the browser tests' Playwright
    keeps an event loop running in the main thread for the whole session."""
    result: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(coro))
        except BaseException as exc:  # handed back to the caller
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]
