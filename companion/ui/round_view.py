"""The round screen's own state, in one place: what the round shows besides the game.

:class:`RoundView` holds, for one tab:

- the round's view flags: where did the herd go (printed tiles; Undo and Redo of "Next
  round", the question shared with the game's other screens), the End game question, the
  game log and "what each player got" shown or not, the Box-the-tile question;
- the tumble of the taming dice: the app's roll with its short animation, and the answers
  to "are the dice tumbling?" (:meth:`RoundView.dice_tumbling`), "with which faces?"
  (:meth:`RoundView.tumbling`) and "before the roll is made?"
  (:meth:`RoundView.tumbling_before_the_roll`);
- the kept panes: what a pane kept on the page, hidden, was last drawn from
  (:class:`~.kept.Kept`), and the migration editor's last drawing (``editor_shown``), so a
  phone shows it again changed where it changed.

Which step the round is on, read by every pane, is :func:`~.step.round_step`'s answer.

The game itself (load, dispatch, save, undo, other tabs) is :class:`~.controller.GameController`'s;
entry values (a migration's people, the dice from the table, a tile's goods) are the drafts'.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import flet as ft

from ..data.text import step_text
from ..rules import EndGame, GameState, Phase, Roll, Round, Setup, Tile
from ..rules.dice import DIE_FACES
from .controller import GameController
from .guard import guard_handlers, query
from .kept import Kept

#: The animation shows this many random faces, this far apart.
ANIMATION_FRAMES = 6
FRAME_SECONDS = 0.09

#: Each player's dice as shown: (seat, faces), in the taming's order.
Faces: TypeAlias = tuple[tuple[int, tuple[int, ...]], ...]
#: A round as the result card draws it: the seats (names, colours) and the round.
Drawn: TypeAlias = tuple[Setup, Round]
#: What the herd picker (printed tiles) is drawn from: the round it asks for, the tiles left
#: in the pile, whether it can go back to the result, the owner's set's tiles not yet turned,
#: and whether the table said it turned another tile.
Picking: TypeAlias = tuple[int, int, bool, tuple[Tile, ...], bool]


@ft.observable
@guard_handlers
@dataclass
class RoundView:
    play: GameController
    picking_herd: bool = False  # printed tiles: asking where the herd went
    other_tile: bool = False  # printed tiles with the owner's set: a tile not in the list was turned
    confirm_end: bool = False  # End game asks once more
    show_log: bool = False
    show_summary: bool = False  # what each player got, shown under the round
    # The panel just opened ("log" or "summary") and the log length it was opened at: a phone
    # scrolls to it once, until the game takes its next step.
    unfolded: tuple[str, int] | None = None
    confirm_box: bool = False  # nobody moved and "Box the tile" was tapped: asked once more
    # -- the tumble
    rolling: bool = False
    faces: dict[int, list[int]] = field(default_factory=dict)
    # the tap on Roll is in its first frame and the roll not made yet: a reset (Undo, another
    # tab, the game moved on) calls it off; Skip only skips what would have tumbled after it
    pending: bool = False
    skipped: bool = False
    # -- the kept panes: what each, kept on a phone's page while hidden, was last drawn from
    listed: Kept[GameState] = field(default_factory=Kept, compare=False, repr=False)  # the players' list
    drawn: Kept[Drawn] = field(default_factory=Kept, compare=False, repr=False)  # the settled result card
    picker: Kept[Picking] = field(default_factory=Kept, compare=False, repr=False)  # the herd picker
    tile_opened: Kept[bool] = field(default_factory=Kept, compare=False, repr=False)  # the tile's bonuses editor
    # "Next round" with printed tiles is a table step of its own (it opens the herd's question
    # and changes no game): undone, it is redone while the game is still where it was then
    next_undone: tuple[GameState, tuple[object, ...]] | None = field(default=None, compare=False, repr=False)
    # the herd's question was opened by a tap on "Next round" just now: a new step, with
    # nothing to redo above it (not when Undo of a round start brought the question back)
    fresh_next: bool = False
    # (game id, seat, state) the migration editor was last opened on: kept mounted, drawn as then
    editor_shown: tuple[int, int, GameState] | None = field(default=None, compare=False, repr=False)

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def reset(self) -> None:
        """Undo, redo, another tab's change or a new step: questions close, a tumble stops."""
        self.picking_herd = False
        self.other_tile = False
        self.fresh_next = False
        self.confirm_end = False
        self.confirm_box = False
        self.rolling = False
        self.pending = False

    def leave(self) -> None:
        """Another screen: the round's question and its open panels close."""
        self.confirm_end = False
        self.show_log = False
        self.show_summary = False
        self.unfolded = None

    # -- are the dice tumbling? -----------------------------------------------------------
    @query
    def dice_tumbling(self) -> bool:
        """The dice are tumbling (from the tap on Roll until they settle, or Skip): the
        screens ask here, and nowhere else, whether to show the tumble."""
        return self.rolling

    @query
    def tumbling(self, current: Round) -> Faces | None:
        """The faces the dice show while they tumble: each player on the tile, in seat order
        as the settled roll lists them; None once they have settled."""
        if not self.rolling:
            return None
        return tuple(sorted((m.player, tuple(self.faces.get(m.player, ()))) for m in current.migrations if m.people))

    @query
    def tumbling_before_the_roll(self, state: GameState) -> bool:
        """The dice tumble from the tap on Roll while the roll is being made: the round is
        the result's step already, though the game is still in migration."""
        return self.rolling and state.phase is Phase.MIGRATION

    # -- the round's questions and panels -------------------------------------------------
    def ask_end(self) -> None:
        self.confirm_end = True

    def cancel_end(self) -> None:
        self.confirm_end = False

    def end_game(self) -> None:
        """The question's Yes: End game, or, when the last step undone was an End game (after
        "Reopen the game"), that step redone."""
        if self._redo_ends():
            if self.play.end_again():  # with the sheet's counts "Reopen the game" took back
                self.confirm_end = False
        elif self.play.dispatch(EndGame()):
            self.confirm_end = False

    def redo(self) -> None:
        """Redo: "Next round" undone last opens the herd's question again; redoing an End
        game asks first, as the flag does; else the game's last undone step."""
        game = self.play.game
        if game is not None and self._next_redoable():
            self.picking_herd, self.next_undone, self.fresh_next = True, None, False
            self.play.share_asking(True)
            self.play.say("info.redone", error=False, what=step_text(self.play.session.tr, game.state, None))
        elif self._redo_ends():
            self.confirm_end = True
        else:
            self.play.redo()

    def _redo_ends(self) -> bool:
        game = self.play.game
        return game is not None and bool(game.undone) and isinstance(game.undone[-1][1], EndGame)

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        self._unfold("log", self.show_log)

    def toggle_summary(self) -> None:
        self.show_summary = not self.show_summary
        self._unfold("summary", self.show_summary)

    def _unfold(self, panel: str, shown: bool) -> None:
        """A panel opened below the round: a phone scrolls to it (it opens under the fold)."""
        game = self.play.game
        self.unfolded = (panel, len(game.log)) if shown and game is not None else None

    def next_round(self, after: int) -> None:
        """ "Next round": with printed tiles, first ask where the herd went."""
        game = self.play.game
        if game is None or game.state.round_number != after:
            return  # a second tap after the round already moved on
        if game.state.needs_herd:
            self.play.reset_drafts()
            self.picking_herd = self.fresh_next = True
            self.play.share_asking(True)
            self.play.session.message = None
        else:
            self.play.start_round(None, after=after)

    def cancel_pick(self) -> None:
        self.picking_herd = False
        self.other_tile = self.fresh_next = False
        self.play.share_asking(False)

    def follow(self, free: bool = True) -> None:
        """Another screen asked where the herd went, or stopped asking: this one follows
        (it asks too only when ``free``: no entry of its own is open)."""
        game = self.play.game
        if game is None or not game.state.herd_asked_after_round:
            return
        asked = self.play.asked() and free
        if asked != self.picking_herd:
            self.picking_herd, self.other_tile, self.fresh_next = asked, False, False

    def pick_other(self, other: bool) -> None:
        """The owner's set: the turned tile is not in the list (``True``; the herd's area and
        the bonuses are asked as without a set), or back to the list (``False``)."""
        self.other_tile = bool(other)

    @query
    def asking_after_next(self) -> bool:
        """The herd's question is open because "Next round" was tapped: the last table step,
        which Undo takes back first (the game has not moved)."""
        game = self.play.game
        return self.picking_herd and game is not None and game.state.phase is Phase.RESOLVED

    def _next_redoable(self) -> bool:
        game = self.play.game
        return (
            game is not None
            and not self.picking_herd
            and self.next_undone is not None
            and self.next_undone == (game.state, game.undone)
        )

    @query
    def can_undo(self) -> bool:
        game = self.play.game
        return game is not None and (game.can_undo or self.asking_after_next())

    @query
    def can_redo(self) -> bool:
        """Redo is offered for the last step undone; not while the herd's question is open
        after "Next round" (a new step: Undo first)."""
        game = self.play.game
        if game is None or (self.fresh_next and self.asking_after_next()):
            return False
        return game.can_redo or self._next_redoable()

    def undo(self) -> None:
        """Undo the table's last step: "Next round" (the herd's question closes, the result
        shows as it was), else the game's last step (:meth:`GameController.undo`)."""
        game = self.play.game
        if game is None:
            return
        # The question is the table's last step also when this screen kept an entry open
        # instead of asking it (another screen tapped "Next round"): Undo takes it back.
        asked_elsewhere = not self.picking_herd and game.state.phase is Phase.RESOLVED and self.play.asked()
        if self.asking_after_next() or asked_elsewhere:
            self.picking_herd = self.other_tile = False
            self.next_undone = (game.state, tuple(game.undone))
            self.play.share_asking(False)
            self.play.say("info.undone", error=False, what=step_text(self.play.session.tr, game.state, None))
            return
        self.play.undo()

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

    # -- the roll -------------------------------------------------------------------------
    async def roll(self) -> None:
        """The app's roll. With the animation on, the dice start to tumble at once and the
        roll is made, and saved, while they do: its result shows only when they settle,
        so what the screen shows is still on disk. A tap that changes the game in that
        moment (Undo, another tab) stops the tumble and nothing is rolled; a tap on Skip
        (where a second tap on Roll may land once the button has gone) rolls at once."""
        game = self.play.game
        if self.rolling or game is None or game.state.phase is not Phase.MIGRATION or game.state.current is None:
            return  # a double tap rolls once
        before = self.play.view_now()  # what Undo of the roll shows again (the box question)
        self.play.reset_drafts()  # an open editor closes: the roll is the step now
        current = game.state.current
        self.skipped = False
        if self.play.session.animation and current.migrations:
            self.rolling = self.pending = True
            self.faces = _tumble(current.dice_counts)
            # The tumble's first frame goes out alone; the roll is made while it shows.
            await asyncio.sleep(FRAME_SECONDS)
            called_off = not self.pending or self.play.game is not game
            self.pending = False
            if called_off:
                return
        if not self.play.dispatch(Roll(), before):
            self.rolling = False
            return
        await self._animate()

    async def _animate(self) -> None:
        game = self.play.game
        taming = game.state.current.taming if game is not None and game.state.current is not None else None
        if not self.play.session.animation or taming is None or not taming.dice or self.skipped:
            self.rolling = False
            return
        self.rolling = True
        for _ in range(ANIMATION_FRAMES):
            if not self.rolling:
                return  # skipped, or the game changed
            self.faces = _tumble({p: len(dice) for p, dice in taming.dice})
            await asyncio.sleep(FRAME_SECONDS)
        self.rolling = False

    def skip_animation(self) -> None:
        """Skip the tumble: the result shows at once. Before the roll is made (the tap's first
        frame) the roll still happens, right after that frame, with no tumble after it."""
        self.skipped = True
        if not self.pending:
            self.rolling = False


def _tumble(counts: dict[int, int]) -> dict[int, list[int]]:
    """Random faces for a frame of the tumble: ``counts`` dice per player."""
    rng = random.Random()
    return {player: [rng.choice(DIE_FACES) for _ in range(count)] for player, count in counts.items()}
