"""The bar at the top of every screen: back/home, title, and actions."""

from __future__ import annotations

import flet as ft

from .model import AppModel, Screen
from .widgets import heading, icon_button

#: Below this window width the screen's actions go on a line under its title.
ACTIONS_BESIDE_TITLE_FROM = 340
#: Below this window width a title beside three actions is set smaller (it would break mid-word).
FULL_TITLE_FROM = 420


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
    size = 16 if model.session.narrow else 22 if not actions or model.session.room >= FULL_TITLE_FROM else 18
    heading_text = (
        heading(title, size, expand=True, level=1, identifier=identifier, max_lines=2)
        if title
        else ft.Container(expand=True)
    )
    if actions and model.session.room < ACTIONS_BESIDE_TITLE_FROM:
        # A very narrow window (a small phone at 200 % zoom): the actions get a line of
        # their own under the title instead of squeezing it out.
        return ft.Container(
            padding=ft.Padding.symmetric(horizontal=4, vertical=4),
            content=ft.Column(
                [
                    ft.Row([*lead, heading_text], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=8),
                    ft.Row(actions, alignment=ft.MainAxisAlignment.END, spacing=8),
                ],
                spacing=4,
            ),
        )
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=4),
        content=ft.Row(
            [*lead, heading_text, *(actions or [])],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=8,  # 48 px targets, 8 px apart
        ),
    )
