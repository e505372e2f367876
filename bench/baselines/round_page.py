"""What the plain-Flet floor pages share: the app's theme, the top of the round screen,
its frame, and serving the page like the app."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.i18n import Translator  # noqa: E402
from companion.ui.theme import FONTS, themes  # noqa: E402
from companion.ui.widgets import area_picture, badge, card, heading  # noqa: E402

PLAYERS = ("Anna", "Bert", "Chloé")
COLOURS = ("red", "blue", "green")


def prepare(page: ft.Page) -> Translator:
    """The app's fonts and themes, no page padding; English texts."""
    page.fonts = FONTS
    page.theme, page.dark_theme = themes()
    page.padding = 0
    return Translator("en")


def round_top(tr: Translator) -> list[ft.Control]:
    """The start player and the herd card, as the round screen begins."""
    return [
        ft.Row([badge("Anna", "red", 32), ft.Text(tr("round.start_player", name="Anna"), size=16)]),
        card(ft.Column([heading(tr("round.herd_at", where=tr("area_in.stone")), 20), area_picture("stone", tr("area_name.stone"), 300)])),
    ]


def frame(tr: Translator, body: ft.Control, undo: ft.Control, bottom: ft.Control | None = None) -> ft.Control:
    """Title with undo and redo, the scrolling body, and the thumb bar if there is one."""
    return ft.SafeArea(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(tr("round.title", n=1), size=22, weight=ft.FontWeight.BOLD, expand=True),
                        undo,
                        ft.IconButton(ft.Icons.REDO),
                    ]
                ),
                ft.Column([body], expand=True, scroll=ft.ScrollMode.AUTO),
                *([bottom] if bottom is not None else []),
            ],
            expand=True,
        ),
        expand=True,
    )


def serve(main: Callable[[ft.Page], None], default_port: int, what: str) -> None:
    """Serve ``main`` on 127.0.0.1 like the app: web, no CDN, the app's assets."""
    port = int(sys.argv[1]) if len(sys.argv) > 1 else default_port
    print(f"bare flet, {what}: http://127.0.0.1:{port}/", flush=True)
    ft.run(main, host="127.0.0.1", port=port, view=None, no_cdn=True, assets_dir=str(ROOT / "assets"))
