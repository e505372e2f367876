"""End of the game: tallies and who scores the 10 mammoth points, and why."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import join_names
from ...rules import Game, mammoth_scoring
from ..model import AppModel
from ..widgets import card, heading, picture, player_badge, primary, tid


def _score_row(disc: ft.Control, who: ft.Control, points: ft.Control, narrow: bool) -> ft.Control:
    """Disc, name and tiles, points: on one line, or on a narrow window the name under the
    disc and the points."""
    if narrow:
        return ft.Column([ft.Row([disc, ft.Container(expand=True), points]), who], spacing=4)
    return ft.Row([disc, who, points], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=10)


def scoring_pane(model: AppModel, game: Game, on_sheet: Callable[[], None] | None = None) -> ft.Control:
    """The mammoth scoring; with ``on_sheet`` (the game on the table) the way on to the final
    score sheet, which the table may skip to score on paper."""
    tr = model.session.tr
    state = game.state
    scoring = mammoth_scoring(state)
    narrow = model.session.narrow  # a narrow window: no picture, names under the discs
    title = heading(tr("end.title"), 20, expand=not narrow)
    rows: list[ft.Control] = [title if narrow else ft.Row([picture("mammoth", 48), title], spacing=10)]
    order = sorted(range(len(state.players)), key=lambda p: (-state.tallies[p], p))
    for player in order:
        scores = player in scoring.scorers
        rows.append(
            tid(
                f"score-{player}",
                _score_row(
                    player_badge(game, player, 44),
                    ft.Column(
                        [
                            ft.Text(state.players[player], size=18, weight=ft.FontWeight.BOLD),
                            ft.Text(tr("tally.tiles", count=state.tallies[player]), size=15),
                        ],
                        spacing=2,
                        expand=None if narrow else True,
                    ),
                    ft.Text(
                        f"+{scoring.points}" if scores else "–",
                        size=26,
                        weight=ft.FontWeight.BOLD,
                        color=ft.Colors.PRIMARY if scores else None,
                    ),
                    narrow,
                ),
            )
        )
    if not scoring.scorers:
        reason = tr("end.nobody")
    elif len(scoring.scorers) == 1:
        reason = tr(
            "end.single", name=state.players[scoring.scorers[0]], count=scoring.most_tiles, points=scoring.points
        )
    else:
        reason = tr(
            "end.tied",
            names=join_names(model.session.lang, (state.players[p] for p in scoring.scorers)),
            count=scoring.most_tiles,
            points=scoring.points,
        )
    rows.append(tid("scoring-reason", ft.Text(reason, size=17)))
    rows.append(ft.Text(tr("end.when"), size=14, italic=True))
    if on_sheet is not None:
        label = tr("sheet.reopen" if game.state.sheet else "sheet.open")
        rows.append(ft.Row([primary(label, lambda _e: on_sheet(), "final-sheet", ft.Icons.LEADERBOARD_OUTLINED)]))
    return card(ft.Column(rows, spacing=12), identifier="scoring-card")
