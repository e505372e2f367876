"""Shared fixtures and helpers."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from companion.rules import Game, Payment, make_setup, start_game
from companion.rules.state import Decision, GameState, Migration, Phase, Round, Taming
from companion.ui.model import AppModel, Screen


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


# A test reads the parts of a state it has just made (the round it started, the roll it
# made): each of these says so once, where a None would fail the test as plainly.
def now(state: GameState) -> Round:
    """The round on the table."""
    assert state.current is not None, "no round on the table"
    return state.current


def tamed(state: GameState) -> Taming:
    """The round's taming (its dice rolled)."""
    taming = now(state).taming
    assert taming is not None, "the round's dice are not rolled"
    return taming


def decided(state: GameState) -> Decision:
    """Which comparison decided the round's taming (it had a winner)."""
    decision = tamed(state).decision
    assert decision is not None, "the taming had no winner"
    return decision


def moved(state: GameState, seat: int) -> Migration:
    """``seat``'s migration this round."""
    migration = now(state).migration_of(seat)
    assert migration is not None, f"seat {seat} did not move"
    return migration


# A tab's screen and its game's phase, read afresh: a test checks them before and after a
# call that changes them, and a type checker would keep the first reading across the call.
def screen_of(model: AppModel) -> Screen:
    return model.session.screen


def phase_of(model: AppModel) -> Phase:
    assert model.play.game is not None, "no game open"
    return model.play.game.state.phase
