"""QR codes of the join address: for the terminal and as a PNG for the join screen.

Both come from the ``qrcode`` package's matrix; the PNG is written here with
the standard library, so no imaging library is needed.
"""

from __future__ import annotations

import base64
import io
import struct
import zlib


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters for the terminal."""
    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def qr_png(text: str, scale: int = 8, border: int = 2) -> str:
    """A QR code of ``text`` as a base64 PNG."""
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
