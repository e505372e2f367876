"""Printed tiles on the table: where the herd went, and (optionally) what the tile gives."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import Translator
from ...rules import HERD_AREAS, BonusKind, Choice
from ...rules.resources import Resource
from ..drafts.tile import TileDraft
from ..model import AppModel
from ..textsize import scaled
from ..theme import GAP, TOUCH
from ..widgets import (
    area_picture,
    card,
    choice_box,
    choice_ink,
    editor_frame,
    heading,
    picture,
    primary,
    secondary,
    stepper,
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


def herd_picker(model: AppModel) -> ft.Control:
    """Each round with printed tiles: the table says where the herd went."""
    assert model.play.game is not None
    tr = model.session.tr
    state = model.play.game.state
    number = state.round_number

    def pick(area: Resource) -> None:
        model.play.start_round(area, after=number)

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
        ft.Text(tr("round.tiles_left", count=len(state.pile)), size=15),
    ]
    if model.play.picking_herd and state.current is not None and state.current.taming is not None:
        parts.append(
            ft.Row(
                [secondary(tr("herd_pick.back"), model.play.cancel_pick, "herd-pick-cancel", ft.Icons.ARROW_BACK, True)]
            )
        )
    return card(ft.Column(parts, spacing=GAP), identifier="physical-herd")


def _good_chip(tr: Translator, kind: str, selected: bool, on_click: Callable[[], None] | None) -> ft.Control:
    """A good to put on the tile; the chosen ones are filled and carry a check mark."""
    label = tr(f"good.{kind}")
    ink = choice_ink(selected)
    content = ft.Row(
        [
            *([ft.Icon(ft.Icons.CHECK, size=18, color=ink)] if selected else []),
            picture(kind, 26),
            ft.Text(label, size=15, color=ink),
        ],
        spacing=4,
        tight=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return choice_box(f"tile-kind-{kind}", content, selected, (lambda _e: on_click()) if on_click else None, padding=12)


@ft.component
@scaled
def TileEditor(
    draft: TileDraft, lang: str, save: Callable[[], None], skip: Callable[[], None], key: str | None = None
) -> ft.Control:
    """The printed tile's "1." and "all" bonuses: pick goods, set amounts; Skip is always there."""
    tr = Translator(lang)
    part = draft.part
    goods = draft.goods(part)
    can_add = draft.can_add(part)

    def part_button(which: Choice, label: str) -> ft.Control:
        chosen = which is part
        ink = choice_ink(chosen)
        summary = ", ".join(tr(f"bonus.{k}", count=n) for k, n in draft.goods(which).items()) or tr("tile.nothing")
        content = ft.Column(
            [
                ft.Text(label, size=18, weight=ft.FontWeight.BOLD, color=ink),
                ft.Text(summary, size=13, max_lines=2, text_align=ft.TextAlign.CENTER, color=ink),
            ],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        )
        return choice_box(
            f"tile-part-{which.value}", content, chosen, lambda _e: draft.show(which), True, TOUCH + 12, 8
        )

    amounts: list[ft.Control] = [
        ft.Row(
            [
                picture(kind, 30),
                ft.Text(tr(f"good.{kind}"), size=16, expand=True),
                stepper(
                    amount,
                    (lambda _e, k=kind: draft.step(k, -1)) if draft.can_step(amount, -1) else None,
                    (lambda _e, k=kind: draft.step(k, 1)) if draft.can_step(amount, 1) else None,
                    f"tile-amount-{kind}",
                    tr("migrate.less", what=tr(f"good.{kind}")),
                    tr("migrate.more", what=tr(f"good.{kind}")),
                    big=False,
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        for kind, amount in goods.items()
    ]

    def toggler(kind: str) -> Callable[[], None] | None:
        if kind not in goods and not can_add:
            return None
        return lambda: draft.toggle(kind)

    chips = [_good_chip(tr, kind.value, kind.value in goods, toggler(kind.value)) for kind in BonusKind]
    return editor_frame(
        "tile-editor",
        [
            heading(tr("tile.title"), 20),
            ft.Text(tr("tile.hint"), size=15),
            ft.Row(
                [part_button(Choice.FIRST, "1."), part_button(Choice.ALL, tr("round.all"))],
                spacing=8,
            ),
            ft.Text(tr("tile.which", part="1." if part is Choice.FIRST else tr("round.all")), size=15),
            ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
            *amounts,
            ft.Row([primary(tr("tile.save"), save, "tile-save", ft.Icons.CHECK)]),
            ft.Row([secondary(tr("tile.skip"), skip, "tile-skip", ft.Icons.SKIP_NEXT, expand=True)]),
        ],
        spacing=GAP - 2,
    )


def tile_editor(model: AppModel) -> ft.Control:
    return TileEditor(model.tile.draft, model.session.lang, model.tile.save, model.tile.skip, key="tile-editor")
