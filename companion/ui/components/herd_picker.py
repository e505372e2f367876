"""The herd picker (printed tiles): the table says which area the herd went to."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import Translator
from ...rules import HERD_AREAS
from ...rules.resources import Resource
from ..memo import memo
from ..textsize import scaled
from ..theme import GAP
from ..widgets import (
    area_picture,
    card,
    heading,
    secondary,
    tid,
)


def _area_button(tr: Translator, area: Resource, on_pick: Callable[[Resource], None]) -> ft.Control:
    """A big button with the area's picture on it and its name under the picture."""
    name = tr(f"area_name.{area.value}")
    return tid(
        f"herd-pick-{area.value}",
        ft.Container(
            content=ft.Column(
                [
                    area_picture(area.value, "", 140),
                    ft.Text(name, size=18, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
                ],
                spacing=4,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=lambda _e: on_pick(area),
            ink=True,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border=ft.Border.all(2, ft.Colors.OUTLINE),
            border_radius=14,
            padding=ft.Padding.symmetric(horizontal=6, vertical=10),
            alignment=ft.Alignment.CENTER,
            expand=True,
        ),
    )


@ft.component
@scaled
def HerdPicker(
    lang: str,
    number: int,
    tiles_left: int,
    start_round: Callable[..., None],
    cancel: Callable[[], None] | None,
    back_to_set: Callable[[bool], None] | None = None,
    key: str | None = None,
) -> ft.Control:
    """Each round with printed tiles: the table says where the herd went, for round
    ``number + 1`` (memoized). ``cancel``: back to the settled round (Next round was early).
    ``back_to_set``: a game with the owner's set, whose list "Another tile" left."""
    tr = Translator(lang)

    def pick(area: Resource) -> None:
        start_round(area, after=number)

    buttons = [_area_button(tr, area, pick) for area in HERD_AREAS]
    steps = [tr("herd_pick.step_look"), tr("herd_pick.step_move"), tr("herd_pick.step_tap")]
    parts: list[ft.Control] = [
        heading(tr("herd_pick.title", n=number + 1), 22),
        tid(
            "herd-pick-steps",
            ft.Column(
                [ft.Text(f"{i}. {text}", size=16) for i, text in enumerate(steps, start=1)],
                spacing=4,
            ),
        ),
        ft.Row(buttons[:2], spacing=GAP),
        ft.Row(buttons[2:], spacing=GAP),
        ft.Text(tr("round.tiles_left", count=tiles_left), size=15),
    ]
    if back_to_set is not None:
        parts.insert(1, ft.Text(tr("set_pick.other_hint"), size=15))
        parts.append(
            ft.Row(
                [secondary(tr("set_pick.back"), lambda: back_to_set(False), "set-tile-back", ft.Icons.ARROW_BACK, True)]
            )
        )
    if cancel is not None:
        parts.append(ft.Row([secondary(tr("herd_pick.back"), cancel, "herd-pick-cancel", ft.Icons.ARROW_BACK, True)]))
    return card(ft.Column(parts, spacing=GAP), identifier="physical-herd")


HerdPickerMemo = memo(HerdPicker)
