"""Which step the round is on, for one tab: the one answer every screen and pane reads.

A round's step comes from the game (its phase and round) and from this tab's view state
(an editor open, the herd asked for, the End game question). :func:`round_step` derives it;
the root calls it once for each draw and hands the :class:`RoundStep` to the round screen,
the herd pane, the editors and the thumb bar, which keep no formula of their own. What is
open over the round is one value of the step, :attr:`RoundStep.open`: the :class:`Entry`
values open, the one on top (which Escape and Back close) first.

:class:`ViewSnapshot` is the same view state as data: what Undo puts back. Every table step
a tab takes (an action, or "Next round" opening the herd's question) is one step of Undo:
the controller keeps the snapshot from before the step and the one from after it, so Undo
shows the screen as it was before the tap (an editor with its values, the herd's question)
and Redo the screen after it (:meth:`~.controller.GameController.undo`).

:func:`merge` is what another screen's change does to an open entry: the entry stays, with
what was typed; where the change makes it impossible, the entry says so in a line.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..data.text import change_text
from ..rules import Action, Choice, Game, Phase, StartRound
from .drafts.dice import DiceDraft
from .drafts.migration import MigrationEditor
from .drafts.tile import TileEditor
from .round_view import RoundView
from .session import Message


class Entry(Enum):
    """What is open over a screen for this tab, the one thing Escape and Back close first."""

    NONE = "none"
    END = "end"  # End game asks once more (drawn over everything else in the round)
    MIGRATION = "migration"  # a player's move
    DICE = "dice"  # the dice from the table
    TILE = "tile"  # a printed tile's bonuses
    SET_TILE = "set_tile"  # a tile of the owner's set (the set's screen)
    SHEET = "sheet"  # the final score sheet, over the finished game


#: The entries that take the screen from the round (no thumb bar while one is open).
EDITORS = frozenset({Entry.MIGRATION, Entry.DICE, Entry.TILE})


@dataclass(frozen=True, slots=True)
class RoundStep:
    """Where the round on screen stands for this tab."""

    phase: Phase  # as shown: the result's step already while the dice tumble before the roll
    round: int  # the round the screen is about: the next one while the herd is asked for
    picking: bool  # printed tiles: where did the herd go (which tile was turned)?
    # What is open over the round, the one on top first: End game's question over an editor,
    # a player's move over the printed tile's bonuses (a phone keeps them open under it).
    open: tuple[Entry, ...] = ()
    seat: int | None = None  # whose move is open (with Entry.MIGRATION, and only then)
    clash: bool = False  # the open entry says what another screen changed under it

    @property
    def entry(self) -> Entry:
        """The one entry on top: what Escape and Back close first."""
        return self.open[0] if self.open else Entry.NONE

    def shows(self, entry: Entry) -> bool:
        """``entry`` is open, on top or under another."""
        return entry in self.open

    @property
    def entry_open(self) -> bool:
        """An editor or the dice pad is open: it has the screen (and no thumb bar)."""
        return not EDITORS.isdisjoint(self.open)

    def key(self) -> str:
        """The step as text: each new step opens at the top of the screen."""
        entries = "+".join(entry.value for entry in self.open)
        return ":".join(str(part) for part in (self.phase.value, self.round, self.seat, entries, self.picking))


def round_step(
    game: Game, view: RoundView, migration: MigrationEditor, dice: DiceDraft, tile: TileEditor, sheet: bool = False
) -> RoundStep:
    """The step of ``game``'s round on this tab (see :class:`RoundStep`), read from the drafts
    that are open, as far as the game's phase still has room for them."""
    state = game.state
    phase = Phase.RESOLVED if view.tumbling_before_the_roll(state) else state.phase
    # Printed tiles: before round 1 and after "Next round" the table says where the herd went.
    picking = state.needs_herd and (state.phase is Phase.READY or view.picking_herd)
    # An entry open when another screen went on stays, saying so (:func:`merge`).
    seat = migration.editing if state.phase is not Phase.FINISHED and not picking else None
    in_round = state.phase in (Phase.MIGRATION, Phase.RESOLVED)
    opened = (
        (Entry.SHEET, sheet and state.phase is Phase.FINISHED),
        (Entry.END, view.confirm_end),
        (Entry.MIGRATION, seat is not None),
        (Entry.DICE, dice.hand_entry and in_round),
        (Entry.TILE, tile.describing and in_round),
    )
    return RoundStep(
        phase=phase,
        round=state.round_number + 1 if picking or state.phase is Phase.READY else state.round_number,
        picking=picking,
        open=tuple(entry for entry, shown in opened if shown),
        seat=seat,
        clash=any(
            conflict is not None
            for conflict, shown in (
                (migration.conflict, migration.editing is not None),
                (dice.conflict, dice.hand_entry),
                (tile.conflict, tile.describing),
            )
            if shown
        ),
    )


@dataclass(frozen=True, slots=True)
class ViewSnapshot:
    """A tab's view of the round at one moment: what Undo and Redo put back."""

    picking: bool
    other_tile: bool
    confirm_box: bool
    editing: int | None
    last: int | None
    people: int
    pay: tuple[tuple[str, int], ...]
    hand_entry: bool
    hand_dice: tuple[tuple[int, tuple[int, ...]], ...]
    describing: bool
    first: tuple[tuple[str, int], ...]
    all: tuple[tuple[str, int], ...]
    part: Choice


def snapshot(view: RoundView, migration: MigrationEditor, dice: DiceDraft, tile: TileEditor) -> ViewSnapshot:
    return ViewSnapshot(
        picking=view.picking_herd,
        other_tile=view.other_tile,
        confirm_box=view.confirm_box,
        editing=migration.editing,
        last=migration.last,
        people=migration.draft.people,
        pay=tuple(migration.draft.pay.items()),
        hand_entry=dice.hand_entry,
        hand_dice=tuple((p, tuple(v)) for p, v in dice.hand_dice.items()),
        describing=tile.describing,
        first=tuple(tile.draft.first.items()),
        all=tuple(tile.draft.all.items()),
        part=tile.draft.part,
    )


def restore(
    shot: object | None, action: Action, view: RoundView, migration: MigrationEditor, dice: DiceDraft, tile: TileEditor
) -> None:
    """Put ``shot`` back after Undo or Redo of ``action`` (the game is already where it was
    when ``shot`` was taken). Without one (a step this tab did not take, or a game opened
    since) the drafts stay closed, and an undone printed round start asks for the herd again."""
    if not isinstance(shot, ViewSnapshot):
        if isinstance(action, StartRound) and (action.herd or action.tile) is not None:
            game = migration.play.game
            view.picking_herd = game is not None and game.state.needs_herd
        return
    view.picking_herd, view.other_tile, view.confirm_box = shot.picking, shot.other_tile, shot.confirm_box
    migration.draft.reset(shot.people, dict(shot.pay))
    migration.editing, migration.last, migration.conflict = shot.editing, shot.last, None
    game = migration.play.game
    if shot.editing is not None and game is not None and migration.play.game_id is not None:
        view.editor_shown = (migration.play.game_id, shot.editing, game.state)
        migration.opened = game.state.round_number
    dice.hand_dice = {p: list(v) for p, v in shot.hand_dice}
    dice.hand_entry, dice.conflict = shot.hand_entry, None
    if game is not None:
        dice.opened = game.state.round_number
    tile.draft.first, tile.draft.all, tile.draft.part = dict(shot.first), dict(shot.all), shot.part
    tile.describing, tile.conflict = shot.describing, None
    if game is not None:
        tile.opened = game.state.round_number


def merge(
    before: Game, after: Game, view: RoundView, migration: MigrationEditor, dice: DiceDraft, tile: TileEditor
) -> None:
    """Another screen changed the game from ``before`` to ``after``: each open entry keeps
    what was typed; one the change makes impossible stays and says why, naming what the
    other screen did. Questions with nothing typed (the herd's, Box the tile, End game) close
    when their moment has passed."""
    tr = migration.play.session.tr
    state = after.state
    what = change_text(tr, before.state, after.log[-1]) if after.log else ""
    same_round = state.round_number == before.state.round_number
    if view.picking_herd and not (state.herd_asked_after_round and same_round):
        view.picking_herd = view.other_tile = False
    if view.confirm_box and not (state.phase is Phase.MIGRATION and state.current and not state.current.migrations):
        view.confirm_box = False
    if view.confirm_end and state.phase is Phase.FINISHED:
        view.confirm_end = False
    view.rolling = view.pending = False
    if migration.editing is not None:
        _merge_move(before, after, migration, what)
    if dice.hand_entry:
        _merge_dice(after, dice, what)
    if tile.describing and (state.phase not in (Phase.MIGRATION, Phase.RESOLVED) or state.round_number != tile.opened):
        tile.conflict = Message("entry.moved_on", {"what": what})


def _merge_move(before: Game, after: Game, migration: MigrationEditor, what: str) -> None:
    """A move being entered: the round went on, or another screen changed this player's."""
    state, seat = after.state, migration.editing
    if seat is None:
        return
    if state.phase is not Phase.MIGRATION or state.round_number != migration.opened:
        migration.conflict = Message("entry.moved_on", {"what": what})
    elif state.current is not None and _moved(before, after, seat):
        migration.conflict = Message("entry.same_player", {"what": what, "name": state.players[seat]})


def _merge_dice(after: Game, dice: DiceDraft, what: str) -> None:
    """Dice from the table being entered: the round went on, or the people on the tile
    changed (each player's dice kept as far as they still fit)."""
    state, current = after.state, after.state.current
    if state.phase is not Phase.MIGRATION or current is None or state.round_number != dice.opened:
        dice.conflict = Message("entry.moved_on", {"what": what})
        return
    counts = {m.player: m.people for m in current.migrations}
    if counts != {p: len(v) for p, v in dice.hand_dice.items()}:
        dice.hand_dice = {p: (dice.hand_dice.get(p, []) + [0] * n)[:n] for p, n in counts.items()}
        dice.conflict = Message("entry.dice_changed", {"what": what})


def _moved(before: Game, after: Game, seat: int) -> bool:
    """``seat``'s move on the tile is not what it was."""
    old, new = before.state.current, after.state.current
    return (old.migration_of(seat) if old else None) != (new.migration_of(seat) if new else None)
