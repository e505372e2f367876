"""One button across the screen's width: the main action of the moment or a secondary one (memoized).

The round screen redraws on every tap; its buttons that stay the same (Show log, Enter
dice from the table, the thumb bar's Roll) are handed back to Flet as they were instead
of being built and compared again. Hand it a bound method (equal from one drawing to
the next), not a lambda, where the button should stay put.
"""

from __future__ import annotations

import flet as ft

from ..memo import memo
from ..textsize import scaled
from ..widgets import Handler, primary, secondary


@ft.component
@scaled
def ButtonRow(
    label: str,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None = None,
    main: bool = False,
    autofocus: bool = False,
    key: str | None = None,
) -> ft.Control:
    """``main``: the screen's big filled button; otherwise an outlined one."""
    if main:
        return ft.Row([primary(label, on_click, identifier, icon, autofocus=autofocus)])
    return ft.Row([secondary(label, on_click, identifier, icon, expand=True, autofocus=autofocus)])


ButtonRowMemo = memo(ButtonRow)
