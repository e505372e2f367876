"""The table's moves as a test makes them, on any app that a test drives: a browser page
(:class:`tests.browser.harness.App`) or a headless tab (:class:`tests.headless.HeadlessApp`).

Each move is written once, over a handful of primitives both apps have: ``press`` (a tap on a
phone, a click elsewhere), ``wait``, ``gone``, ``text``, ``wait_text``, ``wait_page_text``,
``count``, ``settle``, ``checked`` and ``fill_name``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any


class Moves:
    """New game, a migration, a described tile: the same steps on every app."""

    def press(self, identifier: str) -> None:
        raise NotImplementedError

    def wait(self, identifier: str, timeout: float = 15_000) -> Any:
        raise NotImplementedError

    def gone(self, identifier: str, timeout: float = 15_000) -> None:
        raise NotImplementedError

    def wait_text(self, identifier: str, needle: str, timeout: float = 15.0, *, whole: bool = False) -> str:
        raise NotImplementedError

    def text(self, identifier: str) -> str:
        raise NotImplementedError

    def wait_page_text(self, needle: str, timeout: float = 15.0) -> None:
        raise NotImplementedError

    def count(self, identifier: str) -> int:
        """How many controls with ``identifier`` are on the page now (0 or 1 for most)."""
        raise NotImplementedError

    def settle(self) -> None:
        raise NotImplementedError

    def checked(self, identifier: str) -> bool:
        """Whether a choice (a good on the tile, the winner's "all") is heard as checked."""
        raise NotImplementedError

    def wait_checked(self, identifier: str, timeout: float = 10.0) -> None:
        """Wait until a choice just tapped is heard as checked."""
        deadline = time.monotonic() + timeout
        while not self.checked(identifier):
            assert time.monotonic() < deadline, f"{identifier} never checked"
            self.settle()

    def fill_name(self, seat: int, name: str) -> None:
        raise NotImplementedError

    def open_entry(self, player: int) -> None:
        """Open ``player``'s migration entry."""
        self.press(f"edit-{player}")
        self.wait("migration-editor")

    def new_game(self, names: Sequence[str], deck: str | None = None, shows: str | None = "herd-card") -> None:
        """New game from the start screen: exactly these players in these seats (a seat the
        last game left is removed, a missing one added), the ``deck`` ("companion" or
        "physical") if given, Start game, and then wait for ``shows`` (None: no wait)."""
        self.press("new-game")
        self.wait("name-1")
        self.settle()
        while self.count(f"name-{len(names)}"):  # the last game's players are kept: fewer now
            self.press(f"remove-{len(names)}")
            self.gone(f"name-{len(names)}")
        for seat, name in enumerate(names):
            if not self.count(f"name-{seat}"):
                self.press("add-player")
            self.fill_name(seat, name)
        if deck is not None:
            self.press(f"deck-{deck}")
        self.press("start-game")
        if shows is not None:
            self.wait(shows)

    def move(self, player: int, people: int = 1, pay: str | None = None, name: str | None = None) -> None:
        """Record (or change) ``player``'s migration: ``people`` people, paid in food, or with
        one ``pay`` resource in place of one food; ``name``: wait until the row says so."""
        self.open_entry(player)
        shown = int(self.wait_text("people-value", "").split()[0])
        for _ in range(abs(people - shown)):
            self.press("people-plus" if people > shown else "people-minus")
        self.wait_text("people-value", str(people))
        if pay:
            self.press("pay-food-minus")
            self.press(f"pay-{pay}-plus")
        self.press("save-migration")
        self.gone("migration-editor")
        if name is not None:
            word = "person" if people == 1 else "people"
            self.wait_text(f"player-{player}", f"{name} moves {people} {word}")

    def describe_tool_and_food(self) -> None:
        """In the open tile editor (printed tiles): "1." one tool, "all" one food, Save; waits
        until the round shows the tile's bonuses."""
        for identifier in ("tile-kind-tool", "tile-part-all", "tile-kind-food", "tile-save"):
            self.press(identifier)
        self.gone("tile-editor")
        self.wait_text("bonus-first", "1 tool")

    def start_round(self, names: tuple[str, ...] = ("Anna", "Bert", "Chen")) -> None:
        """A new companion-deck game with ``names`` up to its first round."""
        self.new_game(names, shows="players-card")
