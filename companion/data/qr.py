"""A QR code of a text as an SVG picture, from the ``qrcode`` package's matrix (its image
modules, which need Pillow or write PNGs, are neither used nor shipped to the static site)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=8)
def qr_svg(text: str, border: int = 2) -> str:
    """``text`` as a QR code: black squares on white, one unit per module, any size."""
    import qrcode

    code = qrcode.QRCode(border=border, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(text)
    matrix = code.get_matrix()
    size = len(matrix)
    path = "".join(f"M{x} {y}h1v1h-1z" for y, line in enumerate(matrix) for x, dark in enumerate(line) if dark)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )
