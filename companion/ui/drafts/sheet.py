"""The final score sheet on this tab: open or not, whose row a phone shows, the track typed.

Every count is a step of the game (:class:`~companion.rules.Score`), dispatched at the tap,
so it is saved, undone, redone and shared like any other. Only the points on the scoring
track are typed: the text is kept here until it is sent (Enter, leaving the field, another
player's row, Done), and the totals read it meanwhile, so they follow the typing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

import flet as ft

from ...data.bgstats import play_link
from ...data.qr import qr_svg
from ...rules import Game, Phase, Score
from ...rules.final import LIMITS, Row, count_of
from ..controller import GameController
from ..guard import guard_handlers, query


@ft.observable
@guard_handlers
@dataclass
class SheetDraft:
    play: GameController
    open: bool = False
    seat: int = 0  # the row a phone shows (a tablet shows every row)
    typed: dict[int, str] = field(default_factory=dict)  # seat -> the track's text not yet sent
    problem: dict[int, str] = field(default_factory=dict)  # seat -> why that text cannot be sent
    qr_shown: bool = False  # the BG Stats link as a QR code

    def reset(self) -> None:
        """Undo, redo or another screen's change: the sheet stays open while the game is over."""
        game = self.play.game
        if game is None or game.state.phase is not Phase.FINISHED:
            self.open, self.typed, self.problem = False, {}, {}

    def show(self) -> None:
        self.open, self.seat, self.typed, self.problem = True, 0, {}, {}
        self.qr_shown = False

    def close(self) -> None:
        """Done (and Escape, and Back): what was typed is sent first; a text that cannot be
        sent keeps the sheet open, saying why."""
        if self.send_all():
            self.open = False

    def show_seat(self, seat: int) -> None:
        if self.send_all():
            self.seat = seat

    def _row(self, seat: int) -> Row | None:
        game = self.play.game
        if game is None or not game.state.sheet or seat >= len(game.state.sheet):
            return None
        return game.state.sheet[seat]

    @query
    def count(self, seat: int, part: str) -> int:
        """The sheet's count of ``part`` for ``seat`` (0 before anything was entered)."""
        row = self._row(seat)
        return 0 if row is None else count_of(row, part)

    @query
    def track(self, seat: int) -> int:
        """The track's points as the totals read them: the text being typed, where it is a count."""
        text = self.typed.get(seat)
        clean = None if text is None else text.strip() or "0"
        if clean is not None and clean.isdigit() and int(clean) <= LIMITS["track"]:
            return int(clean)
        return self.count(seat, "track")

    @query
    def can_undo(self) -> bool:
        """The last step is a count of the sheet (End game under it is "Reopen the game"'s)."""
        game = self.play.game
        return game is not None and bool(game.done) and isinstance(game.done[-1][1], Score)

    @query
    def can_redo(self) -> bool:
        game = self.play.game
        return game is not None and bool(game.undone) and isinstance(game.undone[-1][1], Score)

    def undo(self) -> None:
        """The sheet's Undo: its last count, never End game under it (a second tap on Undo
        that lands after the first took the last count back does nothing)."""
        if self.can_undo():
            self.play.undo()

    def redo(self) -> None:
        if self.can_redo():
            self.play.redo()

    def toggle_qr(self) -> None:
        self.qr_shown = not self.qr_shown

    @query
    def link(self, game: Game, game_id: int | None) -> str:
        """BG Stats' link for ``game``, dated from when it was stored and last changed."""
        started, ended = self.play.session.store.played(game_id) if game_id is not None else (None, None)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        return play_link(game, started or now, ended)

    @query
    def qr(self, link: str) -> str:
        """The QR code of ``link`` as SVG (the last few are kept: a draw does not encode again)."""
        return qr_svg(link)

    def set(self, seat: int, part: str, value: int) -> bool:
        return self.play.dispatch(Score(seat, part, value))

    def step(self, seat: int, part: str, delta: int) -> None:
        self.set(seat, part, self.count(seat, part) + delta)

    def type_track(self, seat: int, text: str) -> None:
        self.typed = {**self.typed, seat: text}
        self.problem = {p: why for p, why in self.problem.items() if p != seat}

    def send_track(self, seat: int) -> bool:
        """Send the typed points as the row's track; a text that is no count is said in a line
        beside the field and nothing changes."""
        text = self.typed.get(seat)
        if text is None:
            return True
        clean = text.strip() or "0"  # a field emptied is no points yet
        if not clean.isdigit() or int(clean) > LIMITS["track"]:
            self.problem = {**self.problem, seat: "sheet.track_bad"}
            return False
        if int(clean) != self.count(seat, "track") and not self.set(seat, "track", int(clean)):
            return False
        self.typed = {p: t for p, t in self.typed.items() if p != seat}
        return True

    def send_all(self) -> bool:
        return all([self.send_track(seat) for seat in list(self.typed)])
