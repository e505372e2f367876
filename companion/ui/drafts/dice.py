"""The taming dice: the app's roll with its short animation, or dice entered from the table."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import flet as ft

from ...rules import EnterDice, Phase, Roll, Round, Setup
from ...rules.dice import DIE_FACES
from ..controller import GameController
from ..guard import guard_handlers
from ..kept import Kept

#: The animation shows this many random faces, this far apart.
ANIMATION_FRAMES = 6
FRAME_SECONDS = 0.09

#: Each player's dice as shown: (seat, faces), in the taming's order.
Faces: TypeAlias = tuple[tuple[int, tuple[int, ...]], ...]
#: A round as the result card draws it: the seats (names, colours) and the round.
Drawn: TypeAlias = tuple[Setup, Round]


@ft.observable
@guard_handlers
@dataclass
class DiceDraft:
    play: GameController
    hand_entry: bool = False
    hand_dice: dict[int, list[int]] = field(default_factory=dict)
    rolling: bool = False
    faces: dict[int, list[int]] = field(default_factory=dict)
    # the tap on Roll is in its first frame and the roll not made yet: a reset (Undo, another
    # tab, the game moved on) calls it off; Skip only skips what would have tumbled after it
    pending: bool = False
    skipped: bool = False
    # nobody moved and "Box the tile" was tapped: the thumb bar asks once more (issue 29)
    confirm_box: bool = False
    # the settled result the card last showed: it stays on the page, hidden, while the
    # dice tumble and in migration (screens.taming.result_slot)
    drawn: Kept[Drawn] = field(default_factory=Kept, compare=False, repr=False)

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def reset(self) -> None:
        self.hand_entry = False
        self.hand_dice = {}
        self.rolling = False
        self.pending = False
        self.confirm_box = False

    async def roll(self) -> None:
        """The app's roll. With the animation on, the dice start to tumble at once and the
        roll is made, and saved, while they do: its result shows only when they settle,
        so what the screen shows is still on disk. A tap that changes the game in that
        moment (Undo, another tab) stops the tumble and nothing is rolled; a tap on Skip
        (where a second tap on Roll may land once the button has gone) rolls at once."""
        game = self.play.game
        if self.rolling or game is None or game.state.phase is not Phase.MIGRATION or game.state.current is None:
            return  # a double tap rolls once
        self.play.reset_drafts()  # an open editor closes: the roll is the step now
        migrations = game.state.current.migrations
        self.skipped = False
        if self.play.session.animation and migrations:
            self.rolling = self.pending = True
            self.faces = self._tumble(game.state.current.dice_counts)
            # The tumble's first frame goes out alone; the roll is made while it shows.
            await asyncio.sleep(FRAME_SECONDS)
            called_off = not self.pending or self.play.game is not game
            self.pending = False
            if called_off:
                return
        if not self.play.dispatch(Roll()):
            self.rolling = False
            return
        await self.animate()

    def ask_box(self) -> None:
        """Nobody moved: "Box the tile" asks once more before the tile goes to the box, so a
        stray tap while the table is still moving people boxes nothing."""
        game = self.play.game
        if game is None or game.state.phase is not Phase.MIGRATION or game.state.current is None:
            return
        if game.state.current.migrations:
            return  # somebody moved since the tap: Roll is the step
        self.confirm_box = True

    def cancel_box(self) -> None:
        self.confirm_box = False

    @staticmethod
    def _tumble(counts: dict[int, int]) -> dict[int, list[int]]:
        """Random faces for a frame of the tumble: ``counts`` dice per player."""
        rng = random.Random()
        return {player: [rng.choice(DIE_FACES) for _ in range(count)] for player, count in counts.items()}

    async def animate(self) -> None:
        game = self.play.game
        taming = game.state.current.taming if game is not None and game.state.current is not None else None
        if not self.play.session.animation or taming is None or not taming.dice or self.skipped:
            self.rolling = False
            return
        self.rolling = True
        for _ in range(ANIMATION_FRAMES):
            if not self.rolling or self.skipped:
                self.rolling = False
                return
            self.faces = self._tumble({p: len(dice) for p, dice in taming.dice})
            await asyncio.sleep(FRAME_SECONDS)
        self.rolling = False

    def tumbling(self, current: Round) -> Faces | None:
        """The faces the dice show while they tumble: each player on the tile, in seat order
        as the settled roll lists them; None once they have settled."""
        if not self.rolling:
            return None
        return tuple(sorted((m.player, tuple(self.faces.get(m.player, ()))) for m in current.migrations if m.people))

    def skip_animation(self) -> None:
        """Skip the tumble: the result shows at once. Before the roll is made (the tap's first
        frame) the roll still happens, right after that frame, with no tumble after it."""
        self.skipped = True
        if not self.pending:
            self.rolling = False

    def open_hand_entry(self) -> None:
        game = self.play.game
        if game is None or game.state.current is None or game.state.phase is not Phase.MIGRATION:
            return
        self.play.reset_drafts()
        self.hand_entry = True
        self.hand_dice = {m.player: [0] * m.people for m in game.state.current.migrations}

    def cancel_hand_entry(self) -> None:
        self.hand_entry = False

    def set_die(self, player: int, index: int, value: int) -> None:
        if player not in self.hand_dice or type(index) is not int or not 0 <= index < len(self.hand_dice[player]):
            return  # the dice being entered changed since the tap
        if type(value) is not int:
            return
        dice = {p: list(v) for p, v in self.hand_dice.items()}
        dice[player][index] = value
        self.hand_dice = dice

    def submit(self) -> None:
        game = self.play.game
        if game is None or game.state.phase is not Phase.MIGRATION:
            return  # a second tap after the dice were taken
        action = EnterDice(tuple((p, tuple(v)) for p, v in sorted(self.hand_dice.items())))
        if self.play.dispatch(action):
            self.hand_entry = False
