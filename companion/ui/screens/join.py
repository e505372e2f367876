"""Join from another device: the address with its token, as text and QR code."""

from __future__ import annotations

import base64
import struct
import zlib

import flet as ft

from ..model import AppModel
from ..widgets import card, tid


def qr_png(text: str, scale: int = 8, border: int = 2) -> str:
    """A QR code of ``text`` as a base64 PNG, encoded here (no imaging library needed)."""
    import qrcode

    code = qrcode.QRCode(border=border)
    code.add_data(text)
    matrix = code.get_matrix()
    rows = []
    for line in matrix:
        pixels = bytes(0 if dark else 255 for dark in line for _ in range(scale))
        rows.extend([b"\x00" + pixels] * scale)  # filter byte 0, then 8-bit grey pixels
    size = len(matrix) * scale

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )
    return base64.b64encode(png).decode()


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
