"""The bar at the top of every screen: back/home, title, and actions."""

from __future__ import annotations

import flet as ft

from .model import AppModel, Screen
from .widgets import icon_button, tid


def top_bar(
    model: AppModel,
    title: str,
    actions: list[ft.Control] | None = None,
    back: Screen | None = Screen.START,
    identifier: str = "title",
) -> ft.Control:
    tr = model.session.tr
    lead: list[ft.Control] = []
    if back:
        lead.append(
            icon_button(
                ft.Icons.ARROW_BACK if back is not Screen.START else ft.Icons.HOME_OUTLINED,
                tr("nav.back") if back is not Screen.START else tr("nav.home"),
                lambda: model.play.go(back),
                "nav-back",
            )
        )
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=4),
        content=ft.Row(
            [
                *lead,
                tid(identifier, ft.Text(title, size=22, weight=ft.FontWeight.BOLD, expand=True, max_lines=2))
                if title
                else ft.Container(expand=True),
                *(actions or []),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=4,
        ),
    )
