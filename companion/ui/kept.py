"""What a pane kept on the page, hidden, was last drawn from.

A pane that comes and goes as the game moves (the players' list, the result card)
stays mounted while another step shows, hidden and drawn from the data it was last
shown with. When it shows again its memoized parts compare equal, or nearly: the tap
changes a visibility and the texts that differ, instead of sending a card of new
controls.

A draw only reads: each kept pane asks its draw's :class:`Frame` what to show, and the
frame remembers what was shown once the draw is done (the root's effect), so drawing a
screen twice changes nothing in the tab's state.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """The data a kept pane was last shown with, for one game at a time."""

    def __init__(self) -> None:
        self._last: tuple[int | None, T] | None = None

    def last(self, game_id: int | None) -> T | None:
        """What the pane last showed in game ``game_id``; None if nothing (it is then left
        off the page)."""
        if self._last is None or self._last[0] != game_id:
            return None
        return self._last[1]

    def remember(self, game_id: int | None, shown: T) -> None:
        self._last = (game_id, shown)


class Frame:
    """One draw of the round's kept panes: what each shows now, and, once the draw is done,
    the memory of it."""

    def __init__(self) -> None:
        self._shown: list[tuple[Kept[Any], int | None, Any]] = []

    def pick(self, kept: Kept[T], game_id: int | None, shown: T | None) -> T | None:
        """``shown`` while the pane shows (remembered after the draw); while it is hidden
        (None), what it last showed in game ``game_id``, or None if nothing."""
        if shown is None:
            return kept.last(game_id)
        self._shown.append((kept, game_id, shown))
        return shown

    def remember(self) -> None:
        """The draw is on the page: each kept pane it showed keeps what it showed."""
        for kept, game_id, shown in self._shown:
            kept.remember(game_id, shown)
        self._shown.clear()
