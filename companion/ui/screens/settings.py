"""Settings: language, theme, screen awake, dice animation, haptics."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TypeVar

import flet as ft

from ...i18n import LANGUAGES, whole_percent
from ..model import AppModel
from ..session import THEMES
from ..textsize import TEXT_SIZES
from ..theme import TOUCH
from ..widgets import card, heading, tid, tonal

T = TypeVar("T", str, int)


def _chosen(pick: Callable[[T], None], option: T, _event: object) -> None:
    pick(option)


def settings_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    session = model.session

    def choices(
        prefix: str, options: Iterable[T], label: Callable[[T], str], pick: Callable[[T], None], chosen: T
    ) -> ft.Control:
        """One setting's options as chips in a wrapping row, the chosen one checked."""
        return ft.Row(
            [
                tonal(label(option), partial(_chosen, pick, option), f"{prefix}-{option}", selected=option == chosen)
                for option in options
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )

    languages = choices("lang", LANGUAGES, lambda c: tr(f"lang.{c}"), session.set_language, session.lang)
    themes = choices("theme", THEMES, lambda n: tr(f"theme.{n}"), session.set_theme, session.theme)
    sizes = choices(
        "text-size", TEXT_SIZES, lambda p: whole_percent(session.lang, p), session.set_text_size, session.text_size
    )

    def switch(name: str, label: str, value: bool, change: Callable[[bool], None]) -> ft.Control:
        # The label is a text of its own beside the switch, so a long one wraps on a
        # narrow phone (a Switch's own label runs off the edge); tapping it toggles too.
        # Both are finger-sized: the switch and its label each at least 48 px tall.
        return ft.Row(
            [
                tid(
                    f"switch-{name}",
                    ft.Switch(
                        value=value, on_change=lambda e: change(bool(e.control.value)), tooltip=label, height=TOUCH
                    ),
                ),
                ft.Container(
                    ft.Text(label, size=16),
                    expand=True,
                    padding=ft.Padding.symmetric(vertical=14),  # 48 px or more, and grows as it wraps
                    alignment=ft.Alignment.CENTER_LEFT,
                    ink=True,
                    border_radius=8,
                    on_click=lambda _: change(not value),
                ),
            ],
            spacing=12,
        )

    return ft.Column(
        [
            card(ft.Column([heading(tr("settings.language"), 18, identifier="language-title"), languages], spacing=10)),
            card(ft.Column([heading(tr("settings.theme"), 18), themes], spacing=10)),
            card(
                ft.Column(
                    [heading(tr("settings.text_size"), 18), ft.Text(tr("settings.text_size_hint"), size=14), sizes],
                    spacing=10,
                )
            ),
            card(
                ft.Column(
                    [
                        switch("wakelock", tr("settings.wakelock"), session.wakelock, session.set_wakelock),
                        switch("animation", tr("settings.animation"), session.animation, session.set_animation),
                        ft.Text(tr("settings.animation_hint"), size=14, italic=True),
                        switch("haptics", tr("settings.haptics"), session.haptics, session.set_haptics),
                    ],
                    spacing=12,
                )
            ),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
