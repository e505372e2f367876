"""Join from another device: each address with its token, as a QR code and as text."""

from __future__ import annotations

import flet as ft

from ..model import AppModel
from ..widgets import card, tid


def join_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    parts: list[ft.Control] = [ft.Text(tr("join.hint"), size=16)]
    if len(model.session.join_urls) > 1:
        parts.append(ft.Text(tr("join.several", count=len(model.session.join_urls)), size=15, italic=True))
    for index, (url, code) in enumerate(zip(model.session.join_urls, model.session.join_codes, strict=True)):
        parts += [
            ft.Row(
                [
                    ft.Container(
                        content=ft.Image(src=code, width=260, height=260),
                        bgcolor=ft.Colors.WHITE,
                        padding=8,
                        border_radius=8,
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            tid(f"join-url-{index}", ft.Text(url, size=15)),
        ]
    return card(ft.Column(parts, spacing=12))
