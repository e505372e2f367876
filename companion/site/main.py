"""The static site's entry: the app in the browser's own Python (Pyodide), no server.

The one page is the one session. Its saved games live in an in-memory SQLite file that
:mod:`.keep` copies into the browser's storage after every commit (before the screen
shows the change) and restores at start; its settings are the browser's local storage,
as in the served app. What needs a host (room mode, the join codes, other tabs' updates)
does not exist here and is not shown; phones play together peer to peer instead
(:mod:`.peers`, :mod:`companion.ui.together`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import flet as ft

from ..data.store import Store, StoreError
from ..i18n import LANGUAGES, Translator
from ..server import webfix  # the fence of Flet's private internals (imports only Flet)
from ..ui import device
from ..ui.device import DeviceSettings
from ..ui.model import AppModel
from ..ui.start import build_model, choose_language, dress, notice, open_screens
from ..ui.widgets import primary
from . import handover
from .keep import StorageSlots, open_storage_slots
from .peers import PageLink

log = logging.getLogger("companion")

#: The database in Pyodide's in-memory file system; :mod:`.keep` keeps it.
DB_PATH = Path("/home/pyodide/data/games.sqlite3")


async def start(page: ft.Page) -> None:
    """Open the app on the page: settings, the kept games, then the screens."""
    webfix.install_diff_fix()
    dress(page)
    prefs = ft.SharedPreferences()
    settings = DeviceSettings()
    told = device.handed_over(page_facts())
    own = told.settings if told.settings is not None else await device.read(prefs)
    settings.own = own or {}
    lang = await choose_language(page, settings, "", LANGUAGES, told.languages)
    tr = Translator(lang)
    keeper = await open_storage_slots(DB_PATH)
    hand_over = handover.browser_channel()
    if keeper.busy:
        keeper = await wait_here(page, tr, hand_over)
    try:
        store = Store(DB_PATH, journal="DELETE", after_commit=keeper.save)
    except StoreError as exc:
        log.warning("no store: %s", exc)
        notice(page, tr("store.unwritable_title"), tr("site.unkept"))
        return
    keeper.save_if_changed()  # a new or upgraded file is kept before anyone plays
    settings.defaults = store.get_setting
    model = build_model(page, store, settings, lang)
    session = model.session

    def keep(text: str) -> None:
        page.run_task(device.write, prefs, text, session.device_refused)

    settings.write = keep

    def lost() -> None:
        session.unkept = "refused"

    keeper.on_lost = lost

    def give_away() -> None:
        # Every commit is in the slots already (written before the screen showed it).
        keeper.release()
        handover.tell_page(reload=True)  # back as a waiting tab, which says where the games went

    hand_over.on_take = give_away
    session.on_update = lambda: handover.tell_page(update=True)

    async def update_ready() -> None:
        session.update_ready = True

    handover.when_update_ready(lambda: page.run_task(update_ready))
    together(page, model)
    if not keeper.kept:
        session.unkept = keeper.reason or "unavailable"
    open_screens(page, model, follow_motion=settings.get("animation") is None)


def together(page: ft.Page, model: AppModel) -> None:
    """Phones play together here: the page makes the connections (:mod:`.peers`), the model
    keeps the order of play; every step this phone saves goes to the other phones."""
    link = PageLink()
    model.together.link = link
    model.play.on_commit = model.together.committed

    def hear(news: dict[str, Any]) -> None:
        async def handle() -> None:
            model.together.heard(news)

        page.run_task(handle)

    link.listen(hear)


async def wait_here(page: ft.Page, tr: Translator, hand_over: handover.HandOver) -> StorageSlots:
    """Another tab holds the games: say so, offer to move them here, and take them once they
    are free (asked for, or the other tab closed). Returns this tab's keeper."""
    asked = ft.Text(tr("site.taking"), size=17, visible=False)

    def take_over(_e: object = None) -> None:
        asked.visible = True
        page.update()
        hand_over.ask()

    notice(
        page,
        tr("site.busy_title"),
        tr("site.busy_body"),
        ft.Row([primary(tr("site.take_over"), take_over, "site-take-over", ft.Icons.OPEN_IN_BROWSER)]),
        asked,
    )
    keeper: StorageSlots = await handover.wait_for_slots(
        lambda: open_storage_slots(DB_PATH, patience=0),
        lambda found: found.busy,
        hand_over,
        lambda found: found.release(),
    )
    page.controls.clear()
    page.update()
    return keeper


def page_facts() -> dict[str, Any]:
    """What the page handed Python with its start (``python.js``): this device's settings as
    JSON text and its languages; {} where the page said nothing."""
    try:
        import flet_js  # the Python worker's module (python-worker.js)
    except ImportError:  # not in the browser
        return {}
    args: Any = getattr(flet_js, "args", None)
    facts = args.to_py() if hasattr(args, "to_py") else None
    return facts if isinstance(facts, dict) else {}


def run() -> None:
    """Start the app in the browser (called by the site's ``main.py``)."""
    ft.run(start)
