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
from ..ui.model import AppModel
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
    """Open the app in a new tab or window: its store, this device's settings (handed over
    with the connection, else asked), its language, its model and its screens; a tab the
    host cannot take (no writable store, too many tabs) gets a notice instead."""
    webfix.install_diff_fix()  # every host: web, desktop window, flet build (once)
    dress(page)
    tab = _Tab(page)
    try:
        store: Store | None = store_for(config)
    except StoreError:
        store = None
    if store is not None:
        tab.settings.defaults = store.get_setting
    await tab.read_settings()
    lang = await choose_language(page, tab.settings, config.language, LANGUAGES, tab.told_languages)
    tr = Translator(lang)
    if store is None:
        folder = config.data_dir or str(default_path().parent)
        notice(page, tr("store.unwritable_title"), tr("store.unwritable_body", path=folder))
        return
    if len(_live_sessions) >= config.max_sessions:
        log.warning("refused a session: %d sessions are open", len(_live_sessions))
        notice(page, tr("sessions.full_title"), tr("sessions.full_body", count=config.max_sessions))
        return
    _live_sessions.add(id(page))
    log.info("session opened; %d open", len(_live_sessions))
    chosen_animation = tab.settings.get("animation")  # None: not chosen, the device decides
    model = build_model(page, store, tab.settings, lang, join_urls=join_urls, join_codes=_join_codes(join_urls))
    tab.attach(model)
    open_screens(page, model, follow_motion=chosen_animation is None)


class _Tab:
    """One tab's link to its page: its settings as the device keeps them, and one handler
    for each of the page's events, which first serve the question for the settings and,
    once the model is built (:meth:`attach`), the session: other tabs' changes, a reload,
    the device's storage."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.prefs = ft.SharedPreferences()
        self.settings = DeviceSettings()
        self.model: AppModel | None = None
        self.own: dict[str, str] | None = None  # what the device said it keeps (None: not told)
        self.told_languages: list[str] | None = None
        self.reconnected = asyncio.Event()  # the tab came back while the question was out
        self.gone = asyncio.Event()  # the tab went away: nobody will answer
        if page.session.connection is None:
            self.gone.set()
        page.on_connect = self.on_connect
        page.on_disconnect = self.on_disconnect
        page.on_close = self.on_close  # also for a page that only shows a notice

    async def read_settings(self) -> None:
        """This device's own settings (its browser's storage), over the saved games' defaults:
        handed over with the connection, or asked (an answer may never come)."""
        told = device.handed_over(page_facts(self.page))
        self.told_languages = told.languages
        own = told.settings if told.settings is not None else await device.read(self.prefs, self.reconnected, self.gone)
        if own is None:
            log.info("a tab did not tell its settings in time: it starts from the defaults")
        self.own = own
        self.settings.own = own or {}

    def attach(self, model: AppModel) -> None:
        """The session's model is built: the events now serve it."""
        self.model = model
        self.settings.write = self.keep
        model.play.on_commit = self.tell_others
        self.subscribe()
        if self.own is None and self.reconnected.is_set():
            # The tab came back after the question was given up. A task of this loop, not
            # page.run_task, which needs a connection the tab may have dropped again by now.
            in_background(self.read_again())

    # -- the page's events -----------------------------------------------------------------
    def on_connect(self, _e: object) -> None:
        model = self.model
        if model is None:  # still asking for the settings: the answer may come now
            self.gone.clear()
            self.reconnected.set()
            return
        self.subscribe()
        if self.own is None:
            self.page.run_task(self.read_again)
        if not is_entry(self.page.route) and self.page.route != model.play.route:
            model.play.follow(self.page.route)  # the tab came back at another address (a reload of it)
        if model.play.game_id is not None:
            model.play.refresh(model.play.game_id)

    def on_disconnect(self, _e: object) -> None:
        if self.model is None:
            self.gone.set()
            return
        # A closed tab stops listening at once; Flet frees it SESSION_TIMEOUT_SECONDS later.
        self.page.pubsub.unsubscribe_all()  # type: ignore[no-untyped-call]

    def on_close(self, _e: object) -> None:
        if self.model is not None:
            _live_sessions.discard(id(self.page))  # Flet has unsubscribed the closed session already
            log.info("session released; %d open", len(_live_sessions))
        memory.release_soon()

    # -- other tabs ------------------------------------------------------------------------
    def subscribe(self) -> None:
        self.page.pubsub.subscribe_topic("games", self.on_other_tab)

    def tell_others(self, game_id: int) -> None:
        self.page.pubsub.send_others_on_topic("games", game_id)

    async def on_other_tab(self, _topic: str, game_id: int) -> None:
        # The message arrives in the sender's task; run_task re-renders in this page's session.
        if self.page.session.connection is not None:
            self.page.run_task(self.refresh, game_id)

    async def refresh(self, game_id: int) -> None:
        if self.model is not None:
            self.model.play.refresh(game_id)

    # -- the device's storage --------------------------------------------------------------
    def keep(self, text: str) -> None:
        session = self.model.session if self.model is not None else None
        if session is None:
            return
        if self.page.session.connection is not None:
            self.page.run_task(device.write, self.prefs, text, session.device_refused)
        else:  # the tab has gone: nothing to write to
            session.device_refused()

    async def read_again(self) -> None:
        """The connection dropped while the session asked for this device's settings (a tab
        reloaded as it reconnected to a restarted server): ask again once it is back."""
        own = await device.read(self.prefs)
        if own is None or self.model is None:
            return
        self.own = own
        self.settings.own = {**own, **self.settings.own}  # a choice made meanwhile wins
        for name, value in device.values(self.settings, LANGUAGES).items():
            setattr(self.model.session, name, value)
