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
    layout: int = 0,
    key: str | None = None,
) -> ft.Control:
    """One player's line: who moves how many, what they paid, tiles held (memoized).
    ``layout`` (:func:`..textfit.row_layout`): 0, disc, texts and button on one line; 1, the
    button under the texts; 2, the disc above them too."""
    action = secondary(
        button,
        (lambda: edit(player)) if edit else None,
        f"edit-{player}",
        ft.Icons.EDIT if moved else ft.Icons.ARROW_FORWARD,
        # "Move: Anna" for a screen reader; a disabled one keeps the button's own disabled state
        name=f"{button}: {name}" if edit else None,
        autofocus=focus,
    )
    (detail_size, detail_bold), (sub_size, _), (tally_size, _) = TEXT_SIZES
    texts = ft.Column(
        [
            ft.Text(detail, size=detail_size, weight=ft.FontWeight.W_600 if detail_bold else None, max_lines=2),
            ft.Text(sub, size=sub_size, max_lines=2),
            tid(f"tally-{player}", ft.Text(tally, size=tally_size)),
        ],
        spacing=2,
        expand=True,
    )
    return tid(
        f"player-{player}",
        ft.Container(
            key=scroll_key(row_key(player)),  # the round scrolls back here after Record
            padding=ft.Padding.symmetric(vertical=6),
            content=_laid_out(layout, badge(name, colour, BADGE), texts, action),
        ),
    )


#: The player's disc, drawn to this size at every text size.
BADGE = 44
#: The row's texts: (size, bold) of the name line, what was paid, the tiles held.
TEXT_SIZES = ((17, True), (14, False), (14, False))


def _laid_out(layout: int, disc: ft.Control, texts: ft.Control, action: ft.Control) -> ft.Control:
    if layout == 0:
        return ft.Row([disc, texts, action], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=10)
    under = ft.Row([action], alignment=ft.MainAxisAlignment.END)
    if layout == 1:
        return ft.Column([ft.Row([disc, texts], spacing=10), under], spacing=6)
    return ft.Column([disc, ft.Row([texts]), under], spacing=6)


PlayerRowMemo = memo(PlayerRow)
