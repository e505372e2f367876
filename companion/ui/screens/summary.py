"""What each player got in one game, and the buttons that take the game elsewhere."""

from __future__ import annotations

from functools import partial

import flet as ft

from ...data.stats import player_summaries
from ...data.text import summary_lines
from ...rules import Game, Phase
from ..model import AppModel
from ..widgets import card, heading, player_badge, secondary, tid


def player_summary(model: AppModel, game: Game, game_id: int | None) -> ft.Control:
    """Each player's people, payments, tamings (won beside expected), tiles and bonuses,
    with Export and, once the game is over, Copy summary."""
    tr = model.session.tr
    lang = model.session.lang
    rows: list[ft.Control] = [heading(tr("summary.title"), 20)]
    for s in player_summaries(game.state):
        rows.append(
            tid(
                f"summary-{s.player}",
                ft.Row(
                    [
                        player_badge(game, s.player, 36),
                        ft.Column(
                            [
                                ft.Text(s.name, size=17, weight=ft.FontWeight.BOLD),
                                *[ft.Text(line, size=15) for line in summary_lines(tr, lang, s)],
                            ],
                            spacing=2,
                            expand=True,
                        ),
                    ],
                    spacing=10,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            )
        )
    if game_id is not None:
        buttons = [
            secondary(tr("game.export"), partial(model.files.export_game, game_id), "export-game", ft.Icons.DOWNLOAD)
        ]
        if game.state.phase is Phase.FINISHED:
            buttons.append(
                secondary(tr("game.copy"), partial(model.files.copy_summary, game), "copy-summary", ft.Icons.COPY)
            )
        rows.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    return card(ft.Column(rows, spacing=10), identifier="player-summary")
