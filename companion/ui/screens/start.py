"""Start: every unfinished game (resume or delete), new game, history, settings, rules."""

from __future__ import annotations

import flet as ft

from ...data.store import GameSummary
from ..model import AppModel, Screen
from ..widgets import (
    badge,
    button_line,
    card,
    heading,
    icon_button,
    local_time,
    marks,
    picture,
    primary,
    secondary,
    tid,
)


def start_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    body: list[ft.Control] = [
        ft.Row([picture("mammoth", 96, tr("picture.mammoth"))], alignment=ft.MainAxisAlignment.CENTER),
        heading(tr("app.title"), 28, level=1, identifier="app-title", align=ft.TextAlign.CENTER),
        ft.Text(tr("start.tagline"), size=16, text_align=ft.TextAlign.CENTER),
    ]
    games = model.session.unfinished
    if games:
        body.append(heading(tr("start.unfinished", count=len(games)), 20))
        body += [_game_row(model, summary) for summary in games]
    new_game = primary if not games else secondary
    body += [
        ft.Row([new_game(tr("start.new"), lambda: model.play.go(Screen.SETUP), "new-game", ft.Icons.ADD, expand=True)]),
        ft.Row(
            [
                secondary(
                    tr("start.history"),
                    lambda: model.play.go(Screen.HISTORY),
                    "open-history",
                    ft.Icons.HISTORY,
                    expand=True,
                )
            ]
        ),
        *_side_by_side(
            model.session.room,
            secondary(tr("start.stats"), lambda: model.play.go(Screen.STATS), "open-stats", ft.Icons.INSIGHTS, True),
            secondary(tr("start.import"), model.files.import_game, "import-game", ft.Icons.UPLOAD_FILE, True),
        ),
        ft.Row([secondary(tr("start.sets"), model.sets.open_list, "open-sets", ft.Icons.LAYERS_OUTLINED, True)]),
        *_side_by_side(
            model.session.room,
            secondary(tr("start.rules"), lambda: model.play.go(Screen.RULES), "open-rules", ft.Icons.MENU_BOOK, True),
            secondary(
                tr("start.settings"), lambda: model.play.go(Screen.SETTINGS), "open-settings", ft.Icons.SETTINGS, True
            ),
        ),
    ]
    if model.together.available:  # the static site: phones play together with no server
        body.append(
            ft.Row(
                [secondary(tr("together.join"), model.together.open_join, "join-table", ft.Icons.QR_CODE_SCANNER, True)]
            )
        )
    if model.session.join_urls:
        body.append(
            ft.Row(
                [
                    secondary(
                        tr("start.join"), lambda: model.play.go(Screen.JOIN), "open-join", ft.Icons.QR_CODE, expand=True
                    )
                ]
            )
        )
    return ft.Column(body, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _game_row(model: AppModel, summary: GameSummary) -> ft.Control:
    """One unfinished game: players with their tiles, round, last played; resume or delete."""
    tr = model.session.tr
    gid = summary.id
    initials = marks(summary.players)
    players = ft.Row(
        [
            ft.Row(
                [
                    badge(name, summary.colours[i], 32, initials[i]),
                    ft.Text(name, size=15, weight=ft.FontWeight.W_600),
                    ft.Text(tr("start.tiles", count=summary.tallies[i]), size=14),
                ],
                spacing=6,
                tight=True,
            )
            for i, name in enumerate(summary.players)
        ],
        wrap=True,
        spacing=12,
        run_spacing=6,
    )
    parts: list[ft.Control] = [
        ft.Row(
            [
                ft.Column(
                    [
                        # (round 0: a printed-tiles game before its first herd, listed as round 1)
                        ft.Text(tr("start.round", n=max(summary.round, 1)), size=20, weight=ft.FontWeight.BOLD),
                        ft.Text(tr("start.last_played", when=local_time(model.session.lang, summary.updated)), size=14),
                    ],
                    spacing=2,
                    expand=True,
                ),
                icon_button(
                    ft.Icons.DELETE_OUTLINE, tr("start.delete"), lambda: model.play.ask_delete(gid), f"delete-{gid}"
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        players,
    ]
    if model.play.confirm_delete == gid:
        parts += [
            tid(f"delete-question-{gid}", ft.Text(tr("start.delete_question"), size=16, weight=ft.FontWeight.W_600)),
            *button_line(
                [
                    secondary(
                        tr("start.delete_keep"), lambda: model.play.ask_delete(None), "cancel-delete", expand=True
                    ),
                    secondary(
                        tr("start.delete_confirm"),
                        lambda: model.play.delete_game(gid),
                        "confirm-delete",
                        ft.Icons.DELETE_FOREVER,
                        expand=True,
                    ),
                ],
                [(tr("start.delete_keep"), False), (tr("start.delete_confirm"), True)],
                model.session.column_room - 32,  # the card's padding
            ),
        ]
    else:
        parts.append(
            ft.Row(
                [primary(tr("start.continue"), lambda: model.play.open_game(gid), f"resume-{gid}", ft.Icons.PLAY_ARROW)]
            )
        )
    return card(ft.Column(parts, spacing=10), identifier=f"game-row-{gid}")


#: Below this window width two buttons get a row each ("Einstellungen" would break mid-word).
SIDE_BY_SIDE_FROM = 400


def _side_by_side(width: float, left: ft.Control, right: ft.Control) -> list[ft.Control]:
    if width >= SIDE_BY_SIDE_FROM:
        return [ft.Row([left, right])]
    return [ft.Row([left]), ft.Row([right])]
