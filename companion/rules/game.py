"""A game with its history: undo, redo, and an append-only log.

:class:`Game` is immutable like the state.  ``play``, ``undo`` and ``redo``
return a new game.  Undo restores the snapshot from before the action (the
dice stream position included, so a re-roll gives the same dice); the log
only ever grows, so every undone roll stays visible to the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import Action, EndGame, EnterDice, Roll, Score, apply
from .deck import Deck, get_deck
from .errors import ActionError
from .setup import new_state
from .state import GameState, Setup, Taming


class EntryKind(StrEnum):
    PLAY = "play"
    UNDO = "undo"
    REDO = "redo"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: what happened and to which round.  For a
    roll (or dice entered by hand) ``taming`` holds the dice and result,
    also when the entry is the undo of that roll."""

    seq: int
    kind: EntryKind
    action: Action
    round: int
    taming: Taming | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """The current state plus undo/redo stacks and the log."""

    start: GameState
    state: GameState
    done: tuple[tuple[GameState, Action], ...] = ()  # (state before, action)
    undone: tuple[tuple[GameState, Action], ...] = ()  # most recent last
    log: tuple[LogEntry, ...] = ()

    @property
    def setup(self) -> Setup:
        return self.state.setup

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def _entry(self, kind: EntryKind, action: Action, rolled: GameState) -> LogEntry:
        """A log entry; ``rolled`` is the state holding the roll's result."""
        taming = None
        if isinstance(action, (Roll, EnterDice)) and rolled.current is not None:
            taming = rolled.current.taming
        return LogEntry(len(self.log) + 1, kind, action, rolled.round_number, taming)


def start_game(setup: Setup, deck: Deck | None = None) -> Game:
    """A new game from a checked setup (the deck is looked up if not given)."""
    state = new_state(setup, deck or get_deck(setup.deck_id))
    return Game(start=state, state=state)


def play(game: Game, action: Action) -> Game:
    """Apply ``action``; clears redo.  Raises ``ActionError`` unchanged."""
    after = apply(game.state, action)
    return Game(
        game.start,
        after,
        (*game.done, (game.state, action)),
        (),
        (*game.log, game._entry(EntryKind.PLAY, action, after)),
    )


def undo(game: Game) -> Game:
    """Go back one action; the log records the undo."""
    if not game.done:
        raise ActionError("undo.empty", "nothing to undo")
    before, action = game.done[-1]
    return Game(
        game.start,
        before,
        game.done[:-1],
        (*game.undone, (game.state, action)),
        (*game.log, game._entry(EntryKind.UNDO, action, game.state)),
    )


def redo(game: Game) -> Game:
    """Re-apply the last undone action (same dice: same seed, same stream)."""
    if not game.undone:
        raise ActionError("redo.empty", "nothing to redo")
    after, action = game.undone[-1]
    return Game(
        game.start,
        after,
        (*game.done, (game.state, action)),
        game.undone[:-1],
        (*game.log, game._entry(EntryKind.REDO, action, after)),
    )


def _scores_on_top(steps: tuple[tuple[GameState, Action], ...]) -> int:
    """How many counts of the final sheet end ``steps`` (a stack, its top last)."""
    count = 0
    while count < len(steps) and isinstance(steps[-1 - count][1], Score):
        count += 1
    return count


def reopen(game: Game) -> Game:
    """A game ended by mistake, reopened: End game undone, with the sheet's counts made
    after it (each an undo in the log, so Redo brings them back in order)."""
    counts = _scores_on_top(game.done)
    if counts == len(game.done) or not isinstance(game.done[-1 - counts][1], EndGame):
        raise ActionError("reopen.not_ended", "the last step is no End game")
    for _ in range(counts + 1):
        game = undo(game)
    return game


def end_again(game: Game) -> Game:
    """A reopened game ended again by Redo: End game redone, and the sheet's counts that
    were taken back with it."""
    if not game.undone or not isinstance(game.undone[-1][1], EndGame):
        raise ActionError("redo.not_end", "the last step undone is no End game")
    game = redo(game)
    for _ in range(_scores_on_top(game.undone)):
        game = redo(game)
    return game


def step(game: Game, kind: EntryKind, action: Action | None = None) -> Game:
    """Apply one log entry kind: used to replay a saved log."""
    if kind is EntryKind.PLAY:
        if action is None:
            raise ActionError("action.unknown", "a play entry needs an action")
        return play(game, action)
    if kind is EntryKind.UNDO:
        return undo(game)
    return redo(game)


def replay(setup: Setup, entries: list[tuple[EntryKind, Action | None]], deck: Deck | None = None) -> Game:
    """Rebuild a game from its setup and log: gives the very same game."""
    game = start_game(setup, deck)
    for kind, action in entries:
        game = step(game, kind, action)
    return game
