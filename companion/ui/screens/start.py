"""Start: continue the unfinished game, new game, history, settings, rules."""

from __future__ import annotations

import flet as ft

from ..model import AppModel
from ..widgets import badge, card, picture, primary, secondary, tid


def start_screen(model: AppModel) -> ft.Control:
    tr = model.tr
    body: list[ft.Control] = [
        ft.Row([picture("mammoth", 96, tr("picture.mammoth"))], alignment=ft.MainAxisAlignment.CENTER),
        tid("app-title", ft.Text(tr("app.title"), size=28, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)),
        ft.Text(tr("start.tagline"), size=16, text_align=ft.TextAlign.CENTER),
    ]
    game_id = model.store.unfinished()
    if game_id is not None:
        summary = model.store.summary(game_id)
        colours = _colours(model, game_id, len(summary.players))
        players = ft.Row(
            [
                ft.Row(
                    [badge(name, colours[i], 32), ft.Text(tr("start.tiles", count=summary.tallies[i]), size=15)],
                    spacing=6,
                    tight=True,
                )
                for i, name in enumerate(summary.players)
            ],
            wrap=True,
            spacing=12,
            run_spacing=6,
        )
        body.append(
            card(
                ft.Column(
                    [
                        ft.Text(tr("start.unfinished"), size=14),
                        ft.Text(tr("start.round", n=summary.round), size=20, weight=ft.FontWeight.BOLD),
                        players,
                        ft.Row([primary(tr("start.continue"), model.open_unfinished, "continue", ft.Icons.PLAY_ARROW)]),
                    ],
                    spacing=10,
                ),
                identifier="continue-card",
            )
        )
    body += [
        ft.Row([primary(tr("start.new"), lambda: model.go("setup"), "new-game", ft.Icons.ADD)])
        if game_id is None
        else ft.Row([secondary(tr("start.new"), lambda: model.go("setup"), "new-game", ft.Icons.ADD, expand=True)]),
        ft.Row(
            [secondary(tr("start.history"), lambda: model.go("history"), "open-history", ft.Icons.HISTORY, expand=True)]
        ),
        ft.Row(
            [
                secondary(tr("start.rules"), lambda: model.go("rules"), "open-rules", ft.Icons.MENU_BOOK, expand=True),
                secondary(
                    tr("start.settings"), lambda: model.go("settings"), "open-settings", ft.Icons.SETTINGS, expand=True
                ),
            ]
        ),
    ]
    if model.join_url:
        body.append(
            ft.Row([secondary(tr("start.join"), lambda: model.go("join"), "open-join", ft.Icons.QR_CODE, expand=True)])
        )
    return ft.Column(body, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _colours(model: AppModel, game_id: int, count: int) -> list[str | None]:
    setup = model.store.setup_of(game_id)
    colours = list(setup.colours) if setup is not None else []
    return colours + [None] * (count - len(colours))
