"""What every host does to open the app on a page: the served app's sessions and the static
site's one page in the browser (``companion.server.sessions``, ``companion.site.main``).

:func:`dress` gives the page its title, font and themes; :func:`choose_language` picks the
tab's language; :func:`notice` shows a page that only explains something; :func:`build_model` makes the
tab's model; :func:`open_screens`
wires the browser's Back, the keyboard, the window's size and the haptic feedback, and draws
the app.  Hosting itself (who may connect, other tabs, memory) stays with the host.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine, Sequence
from typing import Any

import flet as ft

from ..data.store import Store
from ..i18n import LANGUAGES, detect
from . import device
from .device import DeviceSettings
from .model import AppModel
from .root import Root, close_open, push_address
from .routes import is_entry
from .session import Session
from .theme import FONTS, theme_mode, themes

#: Tasks a page started and nobody awaits (kept here until they end).
_background: set[asyncio.Task[None]] = set()


def in_background(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` as a task of this loop, kept until it ends."""
    task = asyncio.get_running_loop().create_task(work)
    _background.add(task)
    task.add_done_callback(_background.discard)


def dress(page: ft.Page) -> None:
    """The page's title, the app's font and its light and dark themes."""
    page.title = "Mammoth Herd Companion"
    page.fonts = FONTS
    page.theme, page.dark_theme = themes()
    page.padding = 0


def notice(page: ft.Page, title: str, text: str, *more: ft.Control) -> None:
    """A page that only explains something (no game can be shown), and ``more`` under it
    (a button that is the way on)."""
    page.add(
        ft.SafeArea(
            ft.Container(
                content=ft.Column(
                    [ft.Text(title, size=24, weight=ft.FontWeight.BOLD), ft.Text(text, size=17), *more],
                    spacing=12,
                ),
                padding=24,
            )
        )
    )


async def choose_language(
    page: ft.Page,
    settings: DeviceSettings,
    default: str,
    languages: tuple[str, ...],
    locales: Sequence[str | None] | None = None,
) -> str:
    """The device's chosen language, else ``default``, else the device's own languages
    (``locales`` when the host knows them already, else asked of the device)."""
    lang = settings.get("lang") or default
    if lang in languages:
        return lang
    if locales is not None:
        return detect(locales)
    asked: list[str | None] = []
    with contextlib.suppress(Exception):
        info = await asyncio.wait_for(page.get_device_info(), 3)
        asked = [*list(getattr(info, "languages", None) or []), getattr(info, "language", None)]
    return detect(asked)


def build_model(page: ft.Page, store: Store, settings: DeviceSettings, lang: str, **host: object) -> AppModel:
    """The tab's model in this device's settings and ``lang``, the page's theme mode set, and
    a damaged saves file that was moved aside said; ``host`` adds what only a host has (the
    join addresses)."""
    model = AppModel.create(
        store,
        device=settings,
        **{**device.values(settings, LANGUAGES), "lang": lang},
        width=page.width or 412,
        height=page.height or 800,
        **host,
    )
    session = model.session
    page.theme_mode = theme_mode(session.theme)
    if store.recovered is not None:
        session.say(f"store.recovered_{store.recovered.reason}", error=False, file=store.recovered.moved_to.name)
    return model


async def _follow_reduced_motion(session: Session) -> None:
    """Without a choice in Settings, the roll's animation follows the device: off when it
    asks for less motion (the browser's ``prefers-reduced-motion``, a phone's "remove
    animations"). Asked after the first screen is out, so that screen never waits for it."""
    with contextlib.suppress(Exception):  # a client that cannot tell keeps the animation
        features = await asyncio.wait_for(ft.SemanticsService().get_accessibility_features(), 10)
        if not session.device.chosen("animation"):
            session.animation = not (features.disable_animations or features.reduce_motion)


def _follow_addresses(page: ft.Page, model: AppModel) -> None:
    """The browser's Back and Forward move between the app's screens. A Back onto the entry
    address shows the start screen and pushes its address again: Back never leaves the app.
    Until the browser has echoed an address the app pushed, "/" is only the page reporting
    where it was loaded, not a Back (a reload must not drop the game it reopened)."""
    echoed = False  # the browser has reported one of the app's own addresses

    async def on_route_change(e: ft.RouteChangeEvent) -> None:
        nonlocal echoed
        if not echoed:
            echoed = e.route == model.play.route
            if is_entry(e.route):
                return
        before = model.play.route
        model.play.follow(e.route)
        if model.play.route == before and page.route != before:
            await push_address(page, before)

    page.on_route_change = on_route_change


def _give_feedback(page: ft.Page, model: AppModel) -> None:
    """A light vibration where the game asks for one (a roll), on a phone that has a motor."""
    haptic = ft.HapticFeedback()

    async def vibrate() -> None:
        with contextlib.suppress(Exception):  # browsers and desktops have no vibration motor
            await haptic.light_impact()  # type: ignore[no-untyped-call]

    def feedback() -> None:
        page.run_task(vibrate)

    model.play.on_feedback = feedback


def open_screens(page: ft.Page, model: AppModel, follow_motion: bool) -> None:
    """Open the screen the address names (or the game played last), follow the browser's
    Back and Forward, the keyboard and the window's size, and draw the app. With
    ``follow_motion`` the roll's animation follows the device's reduced-motion setting."""
    session = model.session
    saved = session.message
    if is_entry(page.route):
        model.play.open_unfinished()  # the game played last, or the start screen
    else:
        model.play.follow(page.route)  # a reload or a bookmark: the screen it names
    session.message = saved or session.message
    _follow_addresses(page, model)
    _give_feedback(page, model)

    def on_resize(e: ft.PageResizeEvent) -> None:
        session.resize(getattr(e, "width", None), getattr(e, "height", None))

    page.on_resize = on_resize

    def on_keyboard(e: ft.KeyboardEvent) -> None:
        if e.key == "Escape":  # a keyboard's way out of an editor, like its Cancel button
            close_open(model)

    page.on_keyboard_event = on_keyboard
    page.render_views(Root, model, **model.observed())
    if follow_motion:
        # A task of this loop, not page.run_task: that needs the tab's connection, which may
        # have dropped while the session was starting (the tab comes back to this session).
        in_background(_follow_reduced_motion(session))
