"""Starting the Flet app: one model per window or browser session.

``serve(config)`` runs it (desktop window or web server); ``main`` is the
entry point ``flet build`` packages (module ``companion.app``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path

import flet as ft

from .config import Config
from .i18n import LANGUAGES, detect
from .store import Store, StoreError
from .ui.model import AppModel
from .ui.root import Root
from .ui.theme import FONTS, theme_mode, themes

log = logging.getLogger("companion")

_stores: dict[str, Store] = {}


def store_for(config: Config) -> Store:
    """One store per data directory, shared by all sessions of this process."""
    key = config.data_dir or ""
    if key not in _stores:
        path = Path(config.data_dir) / "games.sqlite3" if config.data_dir else None
        _stores[key] = Store(path)
    return _stores[key]


def _bool(value: str | None, default: bool) -> bool:
    return default if value is None else value == "True"


async def start_session(page: ft.Page, config: Config) -> None:
    page.title = "Mammoth Herd Companion"
    page.fonts = FONTS
    page.theme, page.dark_theme = themes()
    page.padding = 0
    try:
        store = store_for(config)
    except StoreError as exc:
        page.add(ft.Text(f"Mammoth Herd Companion cannot save games: {exc}", size=18))
        return
    lang = store.get_setting("lang") or config.language
    if lang not in LANGUAGES:
        locales: list[str | None] = []
        with contextlib.suppress(Exception):
            info = await asyncio.wait_for(page.get_device_info(), 3)
            locales = [*list(getattr(info, "languages", None) or []), getattr(info, "language", None)]
        lang = detect(locales)
    model = AppModel(
        store=store,
        lang=lang,
        theme=store.get_setting("theme") or "system",
        animation=_bool(store.get_setting("animation"), True),
        haptics=_bool(store.get_setting("haptics"), True),
        wakelock=_bool(store.get_setting("wakelock"), True),
        width=page.width or 412,
        join_url=os.environ.get("MAMMOTH_JOIN_URL", ""),
    )
    page.theme_mode = theme_mode(model.theme)
    if store.recovered is not None:
        model.say(f"store.recovered_{store.recovered.reason}", error=False, file=store.recovered.moved_to.name)
    if store.unfinished() is not None:
        saved = model.message
        model.open_unfinished()
        model.message = saved or model.message

    def on_resize(e: ft.PageResizeEvent) -> None:
        model.width = e.width

    page.on_resize = on_resize
    page.render_views(Root, model)


def serve(config: Config) -> None:
    """Run the app as ``config`` says."""
    assets = str(Path(config.assets_dir).resolve())
    view = ft.AppView.FLET_APP if config.view == "desktop" else None  # web: serve, open no browser
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")

    async def session(page: ft.Page) -> None:
        await start_session(page, config)

    if config.view == "web":
        print(f"Mammoth Herd Companion: http://{config.host}:{config.port}/", flush=True)
    ft.run(session, name="", host=config.host, port=config.port, view=view, assets_dir=assets, no_cdn=True)


async def main(page: ft.Page) -> None:
    """Entry point for ``flet build``: defaults, user data directory."""
    await start_session(page, Config())
