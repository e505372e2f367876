"""What a pane kept on the page, hidden, was last drawn from.

A pane that comes and goes as the game moves (the players' list, the result card)
stays mounted while another step shows, hidden and drawn from the data it was last
shown with. When it shows again its memoized parts compare equal, or nearly: the tap
changes a visibility and the texts that differ, instead of sending a card of new
controls. The screen records here, as it draws, what it showed.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """The data a kept pane was last shown with, for one game at a time."""

    def __init__(self) -> None:
        self._last: tuple[int | None, T] | None = None

    def pick(self, game_id: int | None, shown: T | None) -> T | None:
        """``shown``, remembered, while the pane shows; while it is hidden (None), what it
        last showed in game ``game_id``, or None if nothing (it is then left off the page)."""
        if shown is not None:
            self._last = (game_id, shown)
            return shown
        if self._last is None or self._last[0] != game_id:
            return None
        return self._last[1]
