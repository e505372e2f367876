"""The root component: picks the screen, lays it out for phone or tablet."""

from __future__ import annotations

import contextlib

import flet as ft

from .model import AppModel
from .screens.history import history_game_screen, history_screen
from .screens.join import join_screen
from .screens.play import play_actions, play_body, title
from .screens.rules import rules_screen
from .screens.settings import settings_screen
from .screens.setup import setup_screen
from .screens.start import start_screen
from .theme import theme_mode
from .topbar import top_bar
from .widgets import banner

MAX_PHONE_WIDTH = 640
MAX_READING_WIDTH = 760  # non-game screens on a tablet stay a readable column


def _frame(
    model: AppModel, bar: ft.Control, body: ft.Control, bottom: ft.Control | None, scroll_body: bool = True
) -> list[ft.Control]:
    tr = model.tr
    parts: list[ft.Control] = [bar]
    if model.message is not None:
        parts.append(
            banner(
                tr(model.message.key, **model.message.params), model.message.error, model.dismiss, tr("common.close")
            )
        )
    if scroll_body:
        parts.append(
            ft.Column(
                [body], expand=True, scroll=ft.ScrollMode.AUTO, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            )
        )
    else:
        parts.append(ft.Container(content=body, expand=True))
    if bottom is not None:
        parts.append(ft.Container(content=bottom, padding=ft.Padding.only(top=8)))
    return parts


def screen(model: AppModel) -> list[ft.Control]:
    tr = model.tr
    name = model.screen
    if name == "play" and model.game is not None:
        body, bottom = play_body(model)
        bar = top_bar(model, title(model), play_actions(model))
        return _frame(model, bar, body, bottom, scroll_body=not model.wide)
    builders = {
        "setup": ("setup.title", setup_screen, "start"),
        "history": ("history.title", history_screen, "start"),
        "history_game": ("history.game_title", history_game_screen, "history"),
        "settings": ("settings.title", settings_screen, "play" if model.game else "start"),
        "rules": ("rules.title", rules_screen, "play" if model.game else "start"),
        "join": ("join.title", join_screen, "start"),
    }
    if name in builders:
        key, build, back = builders[name]
        extra: list[ft.Control] = []
        if model.game is not None and name in ("settings", "rules"):
            back = "play"
        return _frame(model, top_bar(model, tr(key), extra, back=back), build(model), None)
    bar = top_bar(model, "", back=None)
    return _frame(model, bar, start_screen(model), None)


def _use_page_effects(model: AppModel) -> None:
    """Theme and screen wake lock follow the settings and the screen."""
    page = ft.context.page

    def apply_theme() -> None:
        page.theme_mode = theme_mode(model.theme)
        page.update()

    awake = model.wakelock and model.screen == "play"

    async def apply_wakelock() -> None:
        with contextlib.suppress(Exception):  # not every platform has a wake lock
            lock = ft.Wakelock()
            await (lock.enable() if awake else lock.disable())  # type: ignore[no-untyped-call]

    ft.use_effect(apply_theme, [model.theme])
    ft.use_effect(apply_wakelock, [awake])


@ft.component
def Root(model: AppModel) -> ft.View:
    """Everything the page shows, re-rendered whenever the model changes."""
    _use_page_effects(model)
    wide = model.wide
    content = ft.Container(
        content=ft.Column(screen(model), expand=True, spacing=8),
        expand=True,
        width=None
        if wide and model.screen == "play"
        else min(model.width, MAX_READING_WIDTH if wide else MAX_PHONE_WIDTH),
        padding=ft.Padding.symmetric(horizontal=24 if wide else 12, vertical=8),
    )
    return ft.View(
        route="/",
        padding=0,
        spacing=0,
        controls=[
            ft.SafeArea(
                content=ft.Row(
                    [content],
                    alignment=ft.MainAxisAlignment.CENTER,
                    expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                expand=True,
            )
        ],
    )
