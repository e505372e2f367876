"""History: finished games with date, players and mammoth scoring."""

from __future__ import annotations

from functools import partial

import flet as ft

from ...i18n import join_names
from ..model import AppModel
from ..widgets import card, local_time, primary, tid
from .log import round_log
from .scoring import scoring_pane
from .sheet import bgstats_part, sheet_results
from .summary import player_summary


def history_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    games = model.session.finished
    if not games:
        return tid("history-empty", ft.Text(tr("history.empty"), size=17))
    items: list[ft.Control] = []
    for summary in games:
        scorers = join_names(model.session.lang, (summary.players[p] for p in summary.scorers)) or tr(
            "history.no_scorer"
        )
        when = local_time(model.session.lang, summary.finished, alone=True)
        players = ", ".join(
            f"{n} ({tr('tally.tiles', count=t)})" for n, t in zip(summary.players, summary.tallies, strict=True)
        )  # each player's mammoth tiles, said as such: a bare number read as a score
        rounds = tr("history.rounds", count=summary.round)
        scored = tr("history.scorers", names=scorers)
        open_game = partial(model.play.open_history_game, summary.id)
        # A button (keyboard and screen reader can open it), named by what it shows.
        items.append(
            ft.Semantics(
                identifier=f"history-{summary.id}",
                key=f"history-{summary.id}",
                button=True,
                content=ft.Container(
                    on_click=lambda _e, go=open_game: go(),
                    ink=True,
                    border_radius=12,
                    content=card(
                        ft.Column(
                            [
                                ft.Text(when, size=14),
                                ft.Text(players, size=17, weight=ft.FontWeight.W_600),
                                ft.Text(rounds, size=14),
                                ft.Text(scored, size=15),
                            ],
                            spacing=4,
                        )
                    ),
                ),
            )
        )
    return ft.Column(items, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def history_game_screen(model: AppModel) -> ft.Control:
    game = model.play.history_game
    if game is None:
        return ft.Text("")
    game_id = model.play.history_game_id
    reopen = ft.Row(
        [
            primary(
                model.session.tr("end.reopen"),
                (lambda: model.play.reopen(game_id)) if game_id is not None else None,
                "reopen-game",
                ft.Icons.UNDO,
            )
        ]
    )
    results = sheet_results(model, game)
    return ft.Column(
        [
            scoring_pane(model, game),
            *([results] if results is not None else []),
            reopen,
            bgstats_part(model, game, game_id),
            player_summary(model, game, game_id),
            round_log(model, game),
        ],
        spacing=12,
    )
