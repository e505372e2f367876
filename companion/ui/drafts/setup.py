"""The new game being set up: players in seating order, colours, start player, tiles."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...data.names import glyph_problems
from ...data.store import StoreError
from ...i18n import translate
from ...rules import COLOURS, PHYSICAL_DECK_ID, RuleError, Tile, make_setup, start_game
from ...rules.legal import can_add_seat, can_remove_seat
from ...rules.setup import name_problems, new_seed
from ..controller import GameController
from ..guard import guard_handlers
from ..session import Message

COMPANION_DECK_ID = "companion"


@ft.observable
@guard_handlers
@dataclass
class SetupDraft:
    play: GameController
    names: list[str] = field(default_factory=lambda: ["", "", ""])
    colours: list[str] = field(default_factory=lambda: ["red", "blue", "green"])
    start_player: int = 0
    deck: str = COMPANION_DECK_ID
    printed_set: int | None = None  # printed tiles: the owner's set the game uses (None: ask each round)
    # Start was tapped while a name had a problem (counted: each tap shows the first again);
    # from then on an empty seat is flagged too, not only a name typed wrong
    tried: int = 0
    first_problem: int | None = None  # the first seat with a problem at a refused Start
    removed: tuple[int, str, str] | None = None  # the last player removed (seat, name, colour), to undo

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def _seat(self, seat: object) -> bool:
        """A seat that still exists (a stale tap may name a removed one)."""
        return type(seat) is int and 0 <= seat < len(self.names)

    def set_name(self, seat: int, value: str) -> None:
        if not self._seat(seat) or not isinstance(value, str):
            return
        names = list(self.names)
        names[seat] = value
        self.names = names

    def add_player(self) -> None:
        if can_add_seat(len(self.names)):
            free = [c for c in COLOURS if c not in self.colours]
            self.names = [*self.names, ""]
            self.colours = [*self.colours, free[0]]
            self.removed = None

    def remove_player(self, seat: int) -> None:
        """Remove a seat; :meth:`undo_remove` brings it back (a mis-tap costs nothing)."""
        if self._seat(seat) and can_remove_seat(len(self.names)):
            self.removed = (seat, self.names[seat], self.colours[seat])
            self.names = [n for i, n in enumerate(self.names) if i != seat]
            self.colours = [c for i, c in enumerate(self.colours) if i != seat]
            if seat < self.start_player:  # the start player keeps their place in the list
                self.start_player -= 1
            self.start_player = min(self.start_player, len(self.names) - 1)

    def undo_remove(self) -> None:
        """Put the last removed player back in their seat, with their name and colour
        (or the first free colour, if another seat has taken theirs meanwhile)."""
        if self.removed is None or not can_add_seat(len(self.names)):
            return
        seat, name, colour = self.removed
        seat = min(seat, len(self.names))
        if colour in self.colours:
            colour = next(c for c in COLOURS if c not in self.colours)
        self.names = [*self.names[:seat], name, *self.names[seat:]]
        self.colours = [*self.colours[:seat], colour, *self.colours[seat:]]
        if self.start_player >= seat:
            self.start_player += 1
        self.removed = None

    def move_seat(self, seat: int, delta: int) -> None:
        if not self._seat(seat) or delta not in (-1, 1):
            return
        other = seat + delta
        if 0 <= other < len(self.names):
            names, colours = list(self.names), list(self.colours)
            names[seat], names[other] = names[other], names[seat]
            colours[seat], colours[other] = colours[other], colours[seat]
            if self.start_player in (seat, other):
                self.start_player = other if self.start_player == seat else seat
            self.names, self.colours = names, colours

    def cycle_colour(self, seat: int) -> None:
        """Give the seat the next colour nobody else has."""
        if not self._seat(seat):
            return
        taken = {c for i, c in enumerate(self.colours) if i != seat}
        index = COLOURS.index(self.colours[seat])
        for step in range(1, len(COLOURS) + 1):
            candidate = COLOURS[(index + step) % len(COLOURS)]
            if candidate not in taken:
                colours = list(self.colours)
                colours[seat] = candidate
                self.colours = colours
                return

    def choose_start_player(self, seat: int) -> None:
        if self._seat(seat):
            self.start_player = seat

    def use_companion_deck(self) -> None:
        self.deck = COMPANION_DECK_ID

    def use_printed_tiles(self) -> None:
        """Printed tiles; with a set of the owner's, that set (the one saved last), since
        it was entered for this."""
        if self.deck != PHYSICAL_DECK_ID and self.printed_set is None and self.play.session.sets:
            self.printed_set = self.play.session.sets[0].id
        self.deck = PHYSICAL_DECK_ID

    def choose_set(self, set_id: int | None) -> None:
        """Play the printed tiles with the owner's set ``set_id``, or without a set (``None``)."""
        if set_id is None or any(saved.id == set_id for saved in self.play.session.sets):
            self.printed_set = set_id

    def problems(self) -> dict[int, Message]:
        """Every seat's name problem at once, as the names are typed (seat -> its message):
        the rules' checks, then the font's. An empty seat counts once Start was tapped, so
        a new game does not open on a wall of "needs a name"."""
        return {
            seat: Message(f"error.{exc.code}", dict(exc.params))
            for seat, exc in sorted(self._errors().items())
            if self.tried or exc.code != "setup.name_empty"
        }

    def _errors(self) -> dict[int, RuleError]:
        """Each seat's first problem: the rules' checks before the font's (a seat left
        empty plays as its label, so it is no problem unless that name is taken)."""
        names = self.starting_names()
        return {**glyph_problems(names), **name_problems(names)}

    def starting_names(self) -> list[str]:
        """The names the game starts with: each as typed, an empty seat as the screen labels
        it ("Player 2" in the app's language), so a table in a hurry just taps Start."""
        lang = self.play.session.lang  # the plain text: the screen's Korean carries word joiners
        return [
            name if name.strip() else translate(lang, "setup.player_label", n=seat + 1)
            for seat, name in enumerate(self.names)
        ]

    def create_game(self) -> None:
        """Start the game if every name is accepted; else every problem shows at its seat,
        and the first is brought into view."""
        problems = self._errors()
        if problems:
            self.tried += 1
            self.first_problem = min(problems)
            return
        printed: tuple[Tile, ...] = ()
        if self.deck == PHYSICAL_DECK_ID and self.printed_set is not None:
            saved = self.play.session.store.load_set(self.printed_set)
            if saved is None:  # deleted on another screen meanwhile: asked again, nothing started
                self.printed_set = None
                self.play.session.load()
                self.say("error.set.gone")
                return
            printed = saved.printed.tiles
        try:
            setup = make_setup(self.starting_names(), self.start_player, self.deck, new_seed(), self.colours, printed)
        except RuleError as exc:  # not a name (the screen keeps seats and colours valid)
            self.say(f"error.{exc.code}", **exc.params)
            return
        game = start_game(setup)
        try:
            game_id = self.play.session.store.create(game)
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        # The names stay for the next game; a removal's Undo belongs to this setup only.
        self.tried, self.first_problem, self.removed = 0, None, None
        self.play.start(game, game_id)
