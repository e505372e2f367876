"""The bar at the top of every screen: back/home, title, and actions (memoized).

The bar is drawn from plain data (:class:`BarAction`, strings, a :class:`Screen`), so
``Root`` hands Flet the same bar again while nothing in it changed: a tap that changes
the round below the bar neither builds nor compares the bar (bench/PROFILE.md,
seventh round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from ..memo import memo
from ..model import AppModel, Screen
from ..textfit import text_width
from ..textsize import scaled
from ..widgets import heading, icon_button, secondary

#: Below this window width the screen's actions go on a line under its title.
ACTIONS_BESIDE_TITLE_FROM = 340
#: Below this window width a title beside three actions is set smaller (it would break mid-word).
FULL_TITLE_FROM = 420


@dataclass(frozen=True)
class BarAction:
    """One icon button in the bar. ``on_click`` is a bound method (equal to itself on the
    next render) or None for a disabled button; ``apart`` sets it 8 px further from the
    button before it; ``named``: its label is written beside its icon where the bar has
    room (an icon alone does not read as what it does at arm's length)."""

    icon: ft.IconData
    label: str
    on_click: Callable[[], Any] | None
    identifier: str
    apart: bool = False
    named: bool = False


@ft.component
@scaled
def TopBar(
    title: str,
    actions: tuple[BarAction, ...],
    back: Screen | None,
    back_label: str,
    go: Callable[[Screen], None],
    title_size: float,
    stacked: bool,
    identifier: str = "title",
    named: bool = False,
    key: str | None = None,
) -> ft.Control:
    """The bar itself; ``stacked`` puts the actions on a line under the title (a very
    narrow window: a small phone at 200 % zoom) instead of squeezing the title out."""
    lead: list[ft.Control] = []
    if back is not None:
        target = back
        lead.append(
            icon_button(
                ft.Icons.HOME_OUTLINED if back is Screen.START else ft.Icons.ARROW_BACK,
                back_label,
                lambda: go(target),
                "nav-back",
            )
        )
    heading_text = (
        heading(title, title_size, expand=True, level=1, identifier=identifier, max_lines=2)
        if title
        else ft.Container(expand=True)
    )
    buttons: list[ft.Control] = []
    for action in actions:
        if action.apart:
            buttons.append(ft.Container(width=8))
        if named and action.named:
            buttons.append(secondary(action.label, action.on_click, action.identifier, action.icon))
        else:
            buttons.append(icon_button(action.icon, action.label, action.on_click, action.identifier))
    if stacked:
        return ft.Container(
            padding=ft.Padding.symmetric(horizontal=4, vertical=4),
            content=ft.Column(
                [
                    ft.Row([*lead, heading_text], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=8),
                    ft.Row(buttons, alignment=ft.MainAxisAlignment.END, spacing=8),
                ],
                spacing=4,
            ),
        )
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=4),
        content=ft.Row(
            [*lead, heading_text, *buttons],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=8,  # 48 px targets, 8 px apart
        ),
    )


TopBarMemo = memo(TopBar)


def top_bar(
    model: AppModel,
    title: str,
    actions: tuple[BarAction, ...] = (),
    back: Screen | None = Screen.START,
    identifier: str = "title",
) -> ft.Control:
    """The bar for the screen on show, from the model."""
    tr = model.session.tr
    room = model.session.room
    size = 16 if model.session.narrow else 22 if not actions or room >= FULL_TITLE_FROM else 18
    bar: ft.Control = TopBarMemo(
        title=title,
        actions=actions,
        back=back,
        back_label=tr("nav.home") if back is Screen.START else tr("nav.back"),
        go=model.play.go,
        title_size=size,
        stacked=bool(actions) and room < ACTIONS_BESIDE_TITLE_FROM,
        identifier=identifier,
        named=_names_fit(title, size, actions, room),
        key="top-bar",
    )
    return bar


#: What the bar gives to other than the title and the named buttons' labels, in px at 100 %:
#: the back button and each icon button (48 each), the gaps (8 each), the bar's padding, and
#: a named button's icon, gap and padding (18 + 8 + 2 × 24).
ICON_ROOM, GAP_ROOM, NAMED_EXTRA = 48, 8, 18 + 8 + 48


def _names_fit(title: str, size: float, actions: tuple[BarAction, ...], room: float) -> bool:
    """Whether the actions marked ``named`` can show their labels beside the title (or on
    their own line, where the actions go under it) without squeezing the title."""
    named = [a for a in actions if a.named]
    if not named:
        return False
    labels = sum(text_width(a.label, 16) + NAMED_EXTRA for a in named)
    icons = ICON_ROOM * (len(actions) - len(named))
    gaps = GAP_ROOM * (len(actions) + 2) + 8 * sum(a.apart for a in actions)
    beside = room >= ACTIONS_BESIDE_TITLE_FROM
    title_room = ICON_ROOM + text_width(title, size, bold=True) if beside else 0
    return title_room + labels + icons + gaps <= room
