"""Settings: language, theme, screen awake, dice animation, haptics."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import LANGUAGES, whole_percent
from ..model import AppModel
from ..session import THEMES
from ..textsize import TEXT_SIZES
from ..theme import TOUCH
from ..widgets import card, heading, tid, tonal


def settings_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    languages = ft.Row(
        [
            tonal(
                tr(f"lang.{code}"),
                lambda _e, c=code: model.session.set_language(c),
                f"lang-{code}",
                selected=model.session.lang == code,
            )
            for code in LANGUAGES
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )
    themes = ft.Row(
        [
            tonal(
                tr(f"theme.{name}"),
                lambda _e, n=name: model.session.set_theme(n),
                f"theme-{name}",
                selected=model.session.theme == name,
            )
            for name in THEMES
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )

    session = model.session

    sizes = ft.Row(
        [
            tonal(
                whole_percent(model.session.lang, percent),
                lambda _e, p=percent: model.session.set_text_size(p),
                f"text-size-{percent}",
                selected=model.session.text_size == percent,
            )
            for percent in TEXT_SIZES
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
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
