"""Settings: language, theme, screen awake, dice animation, haptics."""

from __future__ import annotations

import flet as ft

from ...i18n import LANGUAGES
from ..model import AppModel
from ..widgets import card, heading, tid, tonal


def settings_screen(model: AppModel) -> ft.Control:
    tr = model.tr
    languages = ft.Row(
        [
            tonal(
                tr(f"lang.{code}"),
                lambda _e, c=code: model.set_setting("lang", c),
                f"lang-{code}",
                selected=model.lang == code,
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
                lambda _e, n=name: model.set_setting("theme", n),
                f"theme-{name}",
                selected=model.theme == name,
            )
            for name in ("system", "light", "dark")
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )

    def switch(name: str, label: str) -> ft.Control:
        return tid(
            f"switch-{name}",
            ft.Switch(
                label=label,
                value=bool(getattr(model, name)),
                on_change=lambda e: model.set_setting(name, bool(e.control.value)),
                label_text_style=ft.TextStyle(size=16),
            ),
        )

    return ft.Column(
        [
            card(ft.Column([heading(tr("settings.language"), 18), languages], spacing=10)),
            card(ft.Column([heading(tr("settings.theme"), 18), themes], spacing=10)),
            card(
                ft.Column(
                    [
                        switch("wakelock", tr("settings.wakelock")),
                        switch("animation", tr("settings.animation")),
                        switch("haptics", tr("settings.haptics")),
                    ],
                    spacing=12,
                )
            ),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
