"""Join from another device: the address with its token, as text and QR code."""

from __future__ import annotations

import base64
import io

import flet as ft

from ..model import AppModel
from ..widgets import card, tid


def qr_png(text: str) -> str:
    """A QR code of ``text`` as a base64 PNG."""
    import qrcode

    image = qrcode.make(text, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return base64.b64encode(buffer.getvalue()).decode()


def join_screen(model: AppModel) -> ft.Control:
    tr = model.tr
    return card(
        ft.Column(
            [
                ft.Text(tr("join.hint"), size=16),
                ft.Row(
                    [
                        ft.Container(
                            content=ft.Image(src=qr_png(model.join_url), width=260, height=260),
                            bgcolor=ft.Colors.WHITE,
                            padding=8,
                            border_radius=8,
                        )
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                tid("join-url", ft.Text(model.join_url, size=15)),
            ],
            spacing=12,
        )
    )
