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
    resource: str,
    value: int,
    can_add: bool,
    step: Callable[[str, int], None],
    lang: str,
    narrow: bool = False,
    key: str | None = None,
) -> ft.Control:
    """One payment line (memoized: rebuilt only when its own numbers change); on a narrow
    window the stepper goes under the good's name."""
    tr = Translator(lang)
    label = tr(f"res.{resource}")
    good: list[ft.Control] = [picture(resource, 34, label), ft.Text(label, size=16, expand=True)]
    steps = stepper(
        value,
        (lambda _e: step(resource, -1)) if value > 0 else None,
        (lambda _e: step(resource, 1)) if can_add else None,
        f"pay-{resource}",
        tr("migrate.less", what=label),
        tr("migrate.more", what=label),
        big=False,
    )
    if narrow:
        return ft.Column([ft.Row(good, spacing=8), ft.Row([steps], alignment=ft.MainAxisAlignment.END)], spacing=0)
    return ft.Row([*good, steps], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=8)


PayLineMemo = memo(PayLine)
