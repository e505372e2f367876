"""Where one tab's state comes together: the session, the game and one draft per editor.

:class:`AppModel` holds no state of its own and no rules; it builds the
pieces, wires them (Undo's view of the round, another screen's change merged into an open
entry: :mod:`.step`) and is what the screens receive. Each piece but the last is an
observable in its own module:

- :class:`~.session.Session` screen, settings, message, the lists a screen shows
- :class:`~.controller.GameController` the game: dispatch, save, undo, other tabs
- :class:`~.round_view.RoundView` the round's own view: its questions and panels, the tumble,
  the kept panes
- :class:`~.drafts.setup.SetupDraft`, :class:`~.drafts.migration.MigrationEditor`,
  :class:`~.drafts.dice.DiceDraft`, :class:`~.drafts.tile.TileEditor`,
  :class:`~.drafts.sets.SetEditor` (the owner's printed tiles), :class:`~.drafts.sheet.SheetDraft`
  (the final score sheet)
- :class:`~.together.Together` playing together: this phone as a table's host or guest
- :class:`~.files.Transfers` Export, Import and Copy summary (a plain class: no state of its own)
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..data.store import Store
from .controller import GameController
from .drafts.dice import DiceDraft
from .drafts.migration import MigrationEditor
from .drafts.sets import SetEditor
from .drafts.setup import SetupDraft
from .drafts.sheet import SheetDraft
from .drafts.tile import TileEditor
from .files import Transfers
from .round_view import RoundView
from .session import Message, Screen, Session
from .step import RoundStep, merge, restore, round_step, snapshot
from .together import Together

__all__ = ["AppModel", "Message", "Screen"]


@dataclass(frozen=True)
class AppModel:
    session: Session
    play: GameController
    setup: SetupDraft
    migration: MigrationEditor
    dice: DiceDraft
    tile: TileEditor
    files: Transfers
    round: RoundView
    sets: SetEditor
    together: Together
    sheet: SheetDraft

    def step(self) -> RoundStep | None:
        """Which step the round on screen is on, for this tab (None: no game open)."""
        game = self.play.game
        if game is None:
            return None
        return round_step(game, self.round, self.migration, self.dice, self.tile, self.sheet.open)

    def entry_free(self) -> bool:
        """No editor of the round is open on this tab (the step's answer)."""
        step = self.step()
        return step is None or not step.entry_open

    def observed(self) -> dict[str, object]:
        """The model's parts by name, handed to :func:`~.root.Root` beside the model so that
        Flet re-renders it when one of them changes."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def create(cls, store: Store, **settings: object) -> AppModel:
        """A tab's state, with ``settings`` (lang, theme, width, join_urls, …) for its session."""
        session = Session(store=store, **settings)  # type: ignore[arg-type]
        play = GameController(session=session)
        view = RoundView(play=play)
        model = cls(
            session=session,
            play=play,
            setup=SetupDraft(play=play),
            migration=MigrationEditor(play=play, view=view),
            dice=DiceDraft(play=play),
            tile=TileEditor(play=play),
            files=Transfers(play=play),
            round=view,
            sets=SetEditor(play=play),
            together=Together(play=play),
            sheet=SheetDraft(play=play),
        )
        play.on_reset = [view.reset, model.migration.reset, model.dice.reset, model.tile.reset, model.sheet.reset]
        play.on_leave = view.leave
        parts = (view, model.migration, model.dice, model.tile)
        play.on_snapshot = lambda: snapshot(*parts)
        play.on_restore = lambda shot, action: restore(shot, action, *parts)
        play.on_merge = lambda before, after: merge(before, after, *parts)
        # An open entry keeps the screen when another screen asks for the tile (its line says so).
        play.on_follow = lambda: view.follow(model.entry_free())
        play.on_round_started = model.tile.open
        session.load()
        return model
