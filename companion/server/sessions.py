"""A new window or browser session: its language, its model and the app's screens.

:func:`start_session` builds one :class:`AppModel` per session and renders
:class:`Root` for it.  ``companion.server.app`` imports this module in the background once
the server listens, so the first answer to a browser does not wait for the game's
modules (the browser spends that time downloading the client).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import urllib.parse

import flet as ft

from ..data.store import Store, StoreError, db_path, default_path
from ..i18n import LANGUAGES, Translator
from ..ui import device
from ..ui.device import DeviceSettings
from ..ui.routes import is_entry
from ..ui.start import build_model, choose_language, dress, in_background, notice, open_screens
from . import memory, qr, webfix
from .config import Config
from .gates import cookie_values

log = logging.getLogger("companion")

_stores: dict[str, Store] = {}

#: The cookie in which the served page hands this device's settings and languages over
#: (``prefs.js``, ``handOver``).
FACTS_COOKIE = "mammoth_device"

#: Sessions alive at once (connected, or closed less than ``app.SESSION_TIMEOUT_SECONDS`` ago).
_live_sessions: set[int] = set()


def store_for(config: Config) -> Store:
    """One store per data directory, shared by all sessions of this process."""
    key = config.data_dir or ""
    if key not in _stores:
        path = db_path(config.data_dir)
        _stores[key] = Store(path)
    return _stores[key]


def page_facts(page: ft.Page) -> str | None:
    """What the page handed over with its connection (``prefs.js``: this device's settings and
    languages, in a cookie of the WebSocket's request, written as it opened), decoded; None
    where it told nothing (an older page, no cookies, a desktop window): the session asks."""
    header = webfix.connection_header(page, "cookie")
    facts = cookie_values(header, FACTS_COOKIE) if header else []
    return urllib.parse.unquote(facts[-1]) if facts else None


@functools.cache
def _join_codes(urls: tuple[str, ...]) -> tuple[str, ...]:
    """The join screen's QR codes, one PNG per address, drawn once for every tab."""
    return tuple(qr.qr_png(url) for url in urls)


async def start_session(page: ft.Page, config: Config, join_urls: tuple[str, ...] = ()) -> None:
    webfix.install_diff_fix()  # every host: web, desktop window, flet build (once)
    dress(page)
    page.on_close = lambda _e: memory.release_soon()  # also for a page that only shows a notice
    try:
        store: Store | None = store_for(config)
    except StoreError:
        store = None
    # This device's own settings (its browser's storage), over the saved games' defaults.
    prefs = ft.SharedPreferences()
    settings = DeviceSettings()
    if store is not None:
        settings.defaults = store.get_setting
    reconnected = asyncio.Event()  # the tab came back while the question was out
    gone = asyncio.Event()  # the tab went away: nobody will answer
    if page.session.connection is None:
        gone.set()

    def back(_e: object) -> None:
        gone.clear()
        reconnected.set()

    page.on_connect = back
    page.on_disconnect = lambda _e: gone.set()
    told = device.handed_over(page_facts(page))
    own = told.settings if told.settings is not None else await device.read(prefs, reconnected, gone)
    if own is None:
        log.info("a tab did not tell its settings in time: it starts from the defaults")
    settings.own = own or {}
    lang = await choose_language(page, settings, config.language, LANGUAGES, told.languages)
    tr = Translator(lang)
    if store is None:
        folder = config.data_dir or str(default_path().parent)
        notice(page, tr("store.unwritable_title"), tr("store.unwritable_body", path=folder))
        return
    session_key = id(page)
    if len(_live_sessions) >= config.max_sessions:
        log.warning("refused a session: %d sessions are open", len(_live_sessions))
        notice(page, tr("sessions.full_title"), tr("sessions.full_body", count=config.max_sessions))
        return
    _live_sessions.add(session_key)
    log.info("session opened; %d open", len(_live_sessions))
    chosen_animation = settings.get("animation")  # None: not chosen, the device decides
    model = build_model(page, store, settings, lang, join_urls=join_urls, join_codes=_join_codes(join_urls))
    session = model.session

    def keep(text: str) -> None:
        if page.session.connection is not None:
            page.run_task(device.write, prefs, text, session.device_refused)
        else:  # the tab has gone: nothing to write to
            session.device_refused()

    settings.write = keep

    def tell_others(game_id: int) -> None:
        page.pubsub.send_others_on_topic("games", game_id)

    async def refresh(game_id: int) -> None:
        model.play.refresh(game_id)

    async def on_other_tab(_topic: str, game_id: int) -> None:
        # The message arrives in the sender's task; run_task re-renders in this page's session.
        if page.session.connection is not None:
            page.run_task(refresh, game_id)

    def subscribe() -> None:
        page.pubsub.subscribe_topic("games", on_other_tab)

    def on_disconnect(_e: ft.Event[ft.Page]) -> None:
        # A closed tab stops listening at once; Flet frees it SESSION_TIMEOUT_SECONDS later.
        page.pubsub.unsubscribe_all()  # type: ignore[no-untyped-call]

    async def read_again() -> None:
        # The connection dropped while the session asked for this device's settings (a
        # tab reloaded as it reconnected to a restarted server): ask again once it is back.
        nonlocal own
        own = await device.read(prefs)
        if own is not None:
            settings.own = {**own, **settings.own}  # a choice made meanwhile wins
            for name, value in device.values(settings, LANGUAGES).items():
                setattr(session, name, value)

    def on_connect(_e: ft.Event[ft.Page]) -> None:
        subscribe()
        if own is None:
            page.run_task(read_again)
        if not is_entry(page.route) and page.route != model.play.route:
            model.play.follow(page.route)  # the tab came back at another address (a reload of it)
        if model.play.game_id is not None:
            model.play.refresh(model.play.game_id)

    def on_close(_e: ft.Event[ft.Page]) -> None:
        _live_sessions.discard(session_key)  # Flet has unsubscribed the closed session already
        log.info("session released; %d open", len(_live_sessions))
        memory.release_soon()

    model.play.on_commit = tell_others
    subscribe()
    page.on_disconnect = on_disconnect
    page.on_connect = on_connect
    if own is None and reconnected.is_set():
        # The tab came back after the question was given up. A task of this loop, not
        # page.run_task, which needs a connection the tab may have dropped again by now.
        in_background(read_again())
    page.on_close = on_close

    open_screens(page, model, follow_motion=chosen_animation is None)
