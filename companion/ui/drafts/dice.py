"""The taming dice entered from the table (the app's own roll and its tumble are
:class:`~..round_view.RoundView`'s)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...rules import EnterDice, Phase
from ..controller import GameController
from ..guard import guard_handlers
from ..session import Message


@ft.observable
@guard_handlers
@dataclass
class DiceDraft:
    play: GameController
    hand_entry: bool = False
    hand_dice: dict[int, list[int]] = field(default_factory=dict)
    conflict: Message | None = None  # another screen changed who is on the tile, or went on
    opened: int = 0  # the round the dice are for
    unpicked: tuple[int, int] | None = None  # the first die Apply found with no value (player, index)

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def reset(self) -> None:
        self.hand_entry = False
        self.hand_dice = {}
        self.conflict = None
        self.unpicked = None

    def open_hand_entry(self) -> None:
        game = self.play.game
        if game is None or game.state.current is None or game.state.phase is not Phase.MIGRATION:
            return
        self.play.reset_drafts()
        self.hand_entry, self.conflict, self.opened, self.unpicked = True, None, game.state.round_number, None
        self.hand_dice = {m.player: [0] * m.people for m in game.state.current.migrations}

    def cancel_hand_entry(self) -> None:
        self.hand_entry, self.conflict = False, None
        self.play.entry_closed()

    def set_die(self, player: int, index: int, value: int) -> None:
        if player not in self.hand_dice or type(index) is not int or not 0 <= index < len(self.hand_dice[player]):
            return  # the dice being entered changed since the tap
        if type(value) is not int:
            return
        dice = {p: list(v) for p, v in self.hand_dice.items()}
        dice[player][index] = value
        self.hand_dice = dice
        if self.unpicked is not None:
            self.unpicked = self._first_unpicked()  # the mark moves on to the next die left

    def _first_unpicked(self) -> tuple[int, int] | None:
        """The first die with no value yet, in the order the entry lists them (turn order)."""
        game = self.play.game
        start = game.state.current.start_player if game is not None and game.state.current is not None else 0
        seats = len(game.state.players) if game is not None else 1
        for player, dice in sorted(self.hand_dice.items(), key=lambda item: (item[0] - start) % seats):
            for index, value in enumerate(dice):
                if value == 0:
                    return player, index
        return None

    def submit(self) -> None:
        game = self.play.game
        if game is None or game.state.phase is not Phase.MIGRATION:
            if self.conflict is not None:
                self.say("error.entry.moved_on")  # another screen went on: nothing to apply them to
            return  # a second tap after the dice were taken
        if game.state.round_number != self.opened:
            self.say("error.entry.moved_on")
            return
        unpicked = self._first_unpicked()
        if unpicked is not None:  # marked on its die, and said with whose it is
            self.unpicked = unpicked
            self.say("hand.die_unpicked", name=game.state.players[unpicked[0]], n=unpicked[1] + 1)
            return
        action = EnterDice(tuple((p, tuple(v)) for p, v in sorted(self.hand_dice.items())))
        if self.play.dispatch(action):
            self.hand_entry, self.conflict = False, None
            self.play.entry_closed()
