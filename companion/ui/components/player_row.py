"""One player's line in the migration list (memoized)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..memo import memo
from ..textsize import scaled
from ..widgets import badge, scroll_key, secondary, tid


def row_key(player: int) -> str:
    """The scroll target of ``player``'s row."""
    return f"row-{player}"


@ft.component
@scaled
def PlayerRow(
    player: int,
    name: str,
    colour: str | None,
    detail: str,
    sub: str,
    tally: str,
    button: str,
    moved: bool,
    edit: Callable[[int], None] | None,
    focus: bool = False,
    key: str | None = None,
) -> ft.Control:
    """One player's line: who moves how many, what they paid, tiles held (memoized)."""
    action = secondary(
        button,
        (lambda: edit(player)) if edit else None,
        f"edit-{player}",
        ft.Icons.EDIT if moved else ft.Icons.ARROW_FORWARD,
        # "Move: Anna" for a screen reader; a disabled one keeps the button's own disabled state
        name=f"{button}: {name}" if edit else None,
        autofocus=focus,
    )
    return tid(
        f"player-{player}",
        ft.Container(
            key=scroll_key(row_key(player)),  # the round scrolls back here after Record
            padding=ft.Padding.symmetric(vertical=6),
            content=ft.Row(
                [
                    badge(name, colour, 44),
                    ft.Column(
                        [
                            ft.Text(detail, size=17, weight=ft.FontWeight.W_600, max_lines=2),
                            ft.Text(sub, size=14, max_lines=2),
                            tid(f"tally-{player}", ft.Text(tally, size=14)),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    action,
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=10,
            ),
        ),
    )


PlayerRowMemo = memo(PlayerRow)
