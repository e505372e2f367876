"""End of the game: tallies and who scores the 10 mammoth points, and why."""

from __future__ import annotations

import flet as ft

from ...i18n import join_names
from ...rules import Game, mammoth_scoring
from ..model import AppModel
from ..widgets import card, heading, picture, player_badge, tid


def scoring_pane(model: AppModel, game: Game) -> ft.Control:
    tr = model.session.tr
    state = game.state
    scoring = mammoth_scoring(state)
    rows: list[ft.Control] = [
        ft.Row([picture("mammoth", 48), heading(tr("end.title"), 20, expand=True)], spacing=10),
    ]
    order = sorted(range(len(state.players)), key=lambda p: (-state.tallies[p], p))
    for player in order:
        scores = player in scoring.scorers
        rows.append(
            tid(
                f"score-{player}",
                ft.Row(
                    [
                        player_badge(game, player, 44),
                        ft.Column(
                            [
                                ft.Text(state.players[player], size=18, weight=ft.FontWeight.BOLD),
                                ft.Text(tr("tally.tiles", count=state.tallies[player]), size=15),
                            ],
                            spacing=2,
                            expand=True,
                        ),
                        ft.Text(
                            f"+{scoring.points}" if scores else "–",
                            size=26,
                            weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY if scores else None,
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=10,
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
    return card(ft.Column(rows, spacing=12), identifier="scoring-card")
