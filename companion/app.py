"""Starting the Flet app: one model per window or browser session.

``serve(config)`` runs it (desktop window or web server); ``main`` is the
entry point ``flet build`` packages (module ``companion.app``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from pathlib import Path

import flet as ft
import uvicorn
from flet.controls.context import _context_page

from . import webfix
from .config import Config
from .i18n import LANGUAGES, Translator, detect
from .security import TokenGate, new_token, terminal_qr
from .store import Store, StoreError, default_path
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


async def start_session(page: ft.Page, config: Config, join_url: str = "") -> None:
    page.title = "Mammoth Herd Companion"
    page.fonts = FONTS
    page.theme, page.dark_theme = themes()
    page.padding = 0
    try:
        store: Store | None = store_for(config)
    except StoreError:
        store = None
    lang = (store.get_setting("lang") if store else None) or config.language
    if lang not in LANGUAGES:
        locales: list[str | None] = []
        with contextlib.suppress(Exception):
            info = await asyncio.wait_for(page.get_device_info(), 3)
            locales = [*list(getattr(info, "languages", None) or []), getattr(info, "language", None)]
        lang = detect(locales)
    if store is None:
        tr = Translator(lang)
        folder = config.data_dir or str(default_path().parent)
        page.add(
            ft.SafeArea(
                ft.Column(
                    [
                        ft.Text(tr("store.unwritable_title"), size=24, weight=ft.FontWeight.BOLD),
                        ft.Text(tr("store.unwritable_body", path=folder), size=17),
                    ],
                    spacing=12,
                )
            )
        )
        return
    model = AppModel(
        store=store,
        lang=lang,
        theme=store.get_setting("theme") or "system",
        animation=_bool(store.get_setting("animation"), True),
        haptics=_bool(store.get_setting("haptics"), True),
        wakelock=_bool(store.get_setting("wakelock"), True),
        width=page.width or 412,
        join_url=join_url,
    )
    page.theme_mode = theme_mode(model.theme)
    if store.recovered is not None:
        model.say(f"store.recovered_{store.recovered.reason}", error=False, file=store.recovered.moved_to.name)
    if store.unfinished() is not None:
        saved = model.message
        model.open_unfinished()
        model.message = saved or model.message

    def tell_others(game_id: int) -> None:
        page.pubsub.send_others_on_topic("games", game_id)

    async def on_other_tab(_topic: str, game_id: int) -> None:
        # The message arrives in the sender's context; re-render in this page's session.
        token = _context_page.set(page)  # type: ignore[arg-type]
        try:
            model.refresh(game_id)
        finally:
            _context_page.reset(token)

    haptic = ft.HapticFeedback()

    async def vibrate() -> None:
        with contextlib.suppress(Exception):  # browsers and desktops have no vibration motor
            await haptic.light_impact()  # type: ignore[no-untyped-call]

    def feedback() -> None:
        page.run_task(vibrate)

    model.on_commit = tell_others
    model.on_feedback = feedback
    page.pubsub.subscribe_topic("games", on_other_tab)

    def on_resize(e: ft.PageResizeEvent) -> None:
        model.width = e.width

    page.on_resize = on_resize
    page.render_views(Root, model)


def lan_address(host: str) -> str:
    """The address other devices use to reach ``host``."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    return "127.0.0.1"


def serve(config: Config) -> None:
    """Run the app as ``config`` says."""
    assets = str(Path(config.assets_dir).resolve())
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    if config.view == "desktop":

        async def window(page: ft.Page) -> None:
            await start_session(page, config)

        ft.run(window, view=ft.AppView.FLET_APP, assets_dir=assets)
        return

    token = config.token or ("" if config.is_local_only else new_token())
    url = f"http://{lan_address(config.host)}:{config.port}/"
    join_url = f"{url}?token={token}" if token else ""

    async def session(page: ft.Page) -> None:
        await start_session(page, config, join_url)

    webfix.install()
    app = ft.run(session, assets_dir=assets, no_cdn=True, export_asgi_app=True)
    if token:
        app = TokenGate(app, token)
        print(f"Mammoth Herd Companion: {join_url}", flush=True)
        print("Phones at the table: scan this code to join.", flush=True)
        print(terminal_qr(join_url), flush=True)
    else:
        print(f"Mammoth Herd Companion: {url}", flush=True)
    uvicorn.run(app, host=config.host, port=config.port, log_level="warning", ws="websockets-sansio")


async def main(page: ft.Page) -> None:
    """Entry point for ``flet build``: defaults, user data directory."""
    await start_session(page, Config())
