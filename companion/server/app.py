"""Serving the app: a desktop window, or the web server the table's phones open.

``serve(config)`` runs it; ``main`` is the entry point ``flet build`` packages
(module ``companion.server.app``).  What each new session does is in ``companion.server.sessions``,
imported in the background once the web server has answered (see :class:`_LoadSessionsWhenUp`).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import socket
import threading
from pathlib import Path
from typing import Any

import flet as ft
import flet_web.fastapi
import uvicorn

from ..i18n import LANGUAGES, translate
from . import webfix
from .compression import CompressStatic
from .config import Config
from .gates import OriginGate, TokenGate, new_token
from .network import allowed_hosts, served_addresses, url_host
from .qr import terminal_qr

log = logging.getLogger("companion")

#: A closed tab's session is released this many seconds after it disconnects (Flet keeps
#: it an hour by default, subscribed to every game update). A phone whose screen went
#: dark for longer simply gets a fresh session that opens the same game.
SESSION_TIMEOUT_SECONDS = 20
#: With no browser asking first, the game's modules start loading this long after startup.
LOAD_AFTER_SECONDS = 0.5
#: Where room mode keeps the table's token between runs (in the saved games' settings).
TOKEN_SETTING = "room_token"


def join_urls(config: Config, token: str, addresses: list[str]) -> tuple[str, ...]:
    """The addresses phones at the table open, token included (room mode only)."""
    if not token:
        return ()
    return tuple(f"http://{url_host(address)}:{config.port}/?token={token}" for address in addresses)


class _LoadSessionsWhenUp:
    """ASGI wrapper: import the game's modules (rules, screens, store: about 100 ms) on a
    thread once the first answer to a browser is out, or half a second after the server has
    started if no browser asks first, then check the private Flet names the fixes touch.
    Started with the server, the thread took the GIL from that first answer (about 40 ms
    later, bench/PROFILE.md); a browser needs far longer than the imports to fetch the
    client before it opens a session."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.loading = False

    def load(self) -> None:
        """Start importing the game's modules on a thread (once)."""
        if not self.loading:
            self.loading = True
            threading.Thread(target=_warm_up, daemon=True).start()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self.loading:

            async def answered(message: Any) -> None:
                await send(message)
                if message["type"] == "http.response.body" and not message.get("more_body", False):
                    self.load()  # the first answer is out; the imports no longer compete with it

            await self.app(scope, receive, answered)
            return
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return

        async def started(message: Any) -> None:
            await send(message)
            if message["type"] == "lifespan.startup.complete":
                asyncio.get_running_loop().call_later(LOAD_AFTER_SECONDS, self.load)

        await self.app(scope, receive, started)


def _warm_up() -> None:
    importlib.import_module("companion.server.sessions")
    missing = webfix.missing_private_names()
    if missing:  # each fix stands aside on its own; this says which Flet parts went
        log.error("Flet changed under the server's fixes: %s", "; ".join(missing))


def web_app(config: Config, token: str, addresses: list[str], urls: tuple[str, ...]) -> Any:
    """The served ASGI app: Flet's web app behind the origin check (and the token gate),
    its static files gzip-compressed; ``urls`` are the join addresses the start screen offers."""

    async def session(page: ft.Page) -> None:
        from .sessions import start_session  # loaded already unless this is the very first tab

        await start_session(page, config, urls)

    app: Any = flet_web.fastapi.app(
        session,
        assets_dir=str(Path(config.assets_dir).resolve()),
        no_cdn=True,
        app_name="Mammoth Herd Companion",
        app_short_name="Mammoth Herd",
        app_description="Runs The Mammoth Herd expansion for Stone Age at the table",
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,
    )
    if token:
        app = TokenGate(app, token, config.port, host_free=not config.is_local_only)
    return _LoadSessionsWhenUp(CompressStatic(OriginGate(app, allowed_hosts(config.host, addresses), config.port)))


def connection_texts() -> dict[str, dict[str, str]]:
    """What a page says, in each language, while the host does not answer (``title``,
    ``body``), and while its client loads (``starting``, ``downloaded``)."""
    return {
        lang: {
            "title": translate(lang, "connection.lost_title"),
            "body": translate(lang, "connection.lost_body"),
            "starting": translate(lang, "site.starting"),
            "downloaded": translate(lang, "site.downloaded"),
        }
        for lang in LANGUAGES
    }


def room_token(config: Config) -> str:
    """The table's token in room mode: ``--token``, else the one kept with the saved games,
    made once; a restart keeps it, so the phones' cookies still open the game."""
    if config.token or config.is_local_only:
        return config.token
    from ..data.store import Store, db_path  # the server's process only: the sessions open it too

    store = Store(db_path(config.data_dir))
    try:
        token = store.get_setting(TOKEN_SETTING) or ""
        if not token:
            token = new_token()
            store.set_setting(TOKEN_SETTING, token)
        return token
    finally:
        store.close()


def serve(config: Config, sock: socket.socket | None = None) -> None:
    """Run the app as ``config`` says; the web server listens on ``sock`` when given
    (bound already, so that a taken port was said before anything was printed)."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log.setLevel(logging.INFO)  # sessions opened, released and refused
    if config.view == "desktop":
        from .sessions import start_session

        async def window(page: ft.Page) -> None:
            await start_session(page, config)

        ft.run(window, view=ft.AppView.FLET_APP, assets_dir=str(Path(config.assets_dir).resolve()))
        return

    token = room_token(config)
    addresses = served_addresses(config.host)
    urls = join_urls(config, token, addresses)
    webfix.install()
    webfix.install_connection_notice(connection_texts())
    app = web_app(config, token, addresses, urls)
    if token:
        if urls:
            print("Mammoth Herd Companion: phones at the table scan a code to join.", flush=True)
        else:
            print("Mammoth Herd Companion: no network address found for phones to join.", flush=True)
        for url in urls:
            print(f"\n{url}", flush=True)
            print(terminal_qr(url), flush=True)
    else:
        print(f"Mammoth Herd Companion: http://{url_host(config.host)}:{config.port}/", flush=True)
    settings = uvicorn.Config(app, host=config.host, port=config.port, log_level="warning", ws="websockets-sansio")
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C stops the app (as uvicorn.run says nothing)
        uvicorn.Server(settings).run(sockets=[sock] if sock is not None else None)


async def main(page: ft.Page) -> None:
    """Entry point for ``flet build``: defaults, user data directory."""
    from .sessions import start_session

    await start_session(page, Config())


if __name__ == "__main__":  # how `flet build` starts the app (module companion.server.app)
    ft.run(main, assets_dir=str(Path(Config().assets_dir)))
