"""One payment line of the migration editor (memoized)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import Translator
from ..memo import memo
from ..textsize import scaled
from ..widgets import picture, stepper


@ft.component
@scaled
def PayLine(
    resource: str, value: int, can_add: bool, step: Callable[[str, int], None], lang: str, key: str | None = None
) -> ft.Control:
    """One payment line (memoized: rebuilt only when its own numbers change)."""
    tr = Translator(lang)
    label = tr(f"res.{resource}")
    return ft.Row(
        [
            picture(resource, 34, label),
            ft.Text(label, size=16, expand=True),
            stepper(
                value,
                (lambda _e: step(resource, -1)) if value > 0 else None,
                (lambda _e: step(resource, 1)) if can_add else None,
                f"pay-{resource}",
                tr("migrate.less", what=label),
                tr("migrate.more", what=label),
                big=False,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=8,
    )


PayLineMemo = memo(PayLine)
