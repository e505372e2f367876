"""Tiles of the owner's printed set: a tile's face as a card, and each round's pick of the
tile the table turned, from those still in the pile, grouped by the area on their backs."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import Translator
from ...rules import HERD_AREAS, Tile
from ...rules.deck import Bonus
from ...rules.printed import number_of
from ..memo import memo
from ..textsize import scaled
from ..theme import GAP
from ..widgets import area_picture, card, heading, part_label, picture, secondary, tid


def _goods(tr: Translator, bonus: Bonus | None, size: float) -> ft.Control:
    """A bonus's goods one under the other, each a picture and words that wrap in a narrow card."""
    return ft.Column(
        [
            ft.Row(
                [
                    picture(item.kind.value, size),
                    ft.Text(
                        tr(f"bonus.{item.kind.value}", count=item.amount),
                        size=16,
                        weight=ft.FontWeight.W_600,
                        expand=True,
                    ),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for item in bonus or ()
        ],
        spacing=2,
    )


def tile_face(tr: Translator, tile: Tile, size: float = 26) -> ft.Control:
    """A tile's face: its "1." bonus over its "all" bonus."""
    return ft.Column(
        [
            ft.Row([part_label("1.", small=True), ft.Container(_goods(tr, tile.first, size), expand=True)], spacing=8),
            ft.Row(
                [part_label(tr("round.all"), small=True), ft.Container(_goods(tr, tile.all, size), expand=True)],
                spacing=8,
            ),
        ],
        spacing=6,
    )


def tile_button(tr: Translator, tile: Tile, identifier: str, on_tap: Callable[[], None]) -> ft.Control:
    """A tile as a card to tap: its number, then its face."""
    number = number_of(tile) or 0
    # Its own semantics node (container): the identifier stays on the card even where
    # Flutter reuses the nodes of an earlier screen's cards.
    return ft.Semantics(
        identifier=identifier,
        key=identifier,
        container=True,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Text(str(number), size=15, weight=ft.FontWeight.BOLD, width=28),
                    ft.Container(tile_face(tr, tile), expand=True),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=lambda _e: on_tap(),
            ink=True,
            border=ft.Border.all(2, ft.Colors.OUTLINE),
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=10, vertical=10),
        ),
    )


#: On a tablet, a tile card is this wide, and the cards of an area stand side by side.
WIDE_TILE = 320


def tile_grid(buttons: list[ft.Control], wide: bool) -> list[ft.Control]:
    """Tile cards one under the other on a phone; side by side, wrapping, on a tablet."""
    if not wide:
        return buttons
    return [ft.Row([ft.Container(b, width=WIDE_TILE) for b in buttons], wrap=True, spacing=10, run_spacing=10)]


def area_heading(tr: Translator, area: str, count: int) -> ft.Control:
    """An area's group: a small picture of the back, the area's name and how many tiles."""
    return ft.Row(
        [
            area_picture(area, "", 56),
            ft.Text(
                tr("sets.area_group", area=tr(f"area_name.{area}"), count=count),
                size=17,
                weight=ft.FontWeight.W_600,
                expand=True,
            ),
        ],
        spacing=10,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
@scaled
def SetTilePicker(
    lang: str,
    number: int,
    tiles_left: int,
    tiles: tuple[Tile, ...],
    start_round: Callable[..., None],
    other: Callable[[bool], None],
    cancel: Callable[[], None] | None,
    wide: bool = False,
    key: str | None = None,
) -> ft.Control:
    """Each round with the owner's set: one tap on the tile the table turned starts round
    ``number + 1`` with its back and its face. "Another tile" asks as without a set.
    ``wide``: a tablet, where each area's tiles stand side by side."""
    tr = Translator(lang)
    parts: list[ft.Control] = [
        heading(tr("set_pick.title", n=number + 1), 22),
        tid(
            "set-pick-steps",
            ft.Column(
                [
                    ft.Text(f"{i}. {text}", size=16)
                    for i, text in enumerate([tr("set_pick.step_turn"), tr("set_pick.step_tap")], start=1)
                ],
                spacing=4,
            ),
        ),
    ]
    for area in HERD_AREAS:
        group = [tile for tile in tiles if tile.herd is area]
        if not group:
            continue
        parts.append(area_heading(tr, area.value, len(group)))
        for tile in group:
            n = number_of(tile)
            parts.append(
                tile_button(
                    tr,
                    tile,
                    f"set-tile-{n}",
                    lambda n=n: start_round(None, after=number, tile=n),  # type: ignore[misc]
                )
            )
    parts += [
        ft.Row([secondary(tr("set_pick.other"), lambda: other(True), "set-tile-other", ft.Icons.EDIT_NOTE, True)]),
        ft.Text(tr("round.tiles_left", count=tiles_left), size=15),
    ]
    if cancel is not None:
        parts.append(ft.Row([secondary(tr("herd_pick.back"), cancel, "herd-pick-cancel", ft.Icons.ARROW_BACK, True)]))
    return card(ft.Column(parts, spacing=GAP), identifier="set-picker")


SetTilePickerMemo = memo(SetTilePicker)
