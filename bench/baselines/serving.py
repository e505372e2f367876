"""What the plain-Flet baseline pages share: the players' colours and serving a page
like the app (web, no CDN, 127.0.0.1, the app's assets)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

COLOURS = ("red", "blue", "green")


def serve(main: Callable[[ft.Page], None], default_port: int, what: str) -> None:
    """Serve ``main`` on 127.0.0.1 like the app: web, no CDN, the app's assets."""
    port = int(sys.argv[1]) if len(sys.argv) > 1 else default_port
    print(f"bare flet, {what}: http://127.0.0.1:{port}/", flush=True)
    ft.run(main, host="127.0.0.1", port=port, view=None, no_cdn=True, assets_dir=str(ROOT / "assets"))
