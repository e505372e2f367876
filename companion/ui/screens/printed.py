"""Printed tiles on the table: where the herd went, and (optionally) what the tile gives."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...data.text import choice_label, listed_text
from ...i18n import Translator
from ...rules import HERD_AREAS, BonusKind, Choice
from ...rules.resources import Resource
from ..drafts.tile import TileDraft
from ..memo import memo
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


@ft.component
@scaled
def HerdPicker(
    lang: str,
    number: int,
    tiles_left: int,
    start_round: Callable[..., None],
    cancel: Callable[[], None] | None,
    key: str | None = None,
) -> ft.Control:
    """Each round with printed tiles: the table says where the herd went, for round
    ``number + 1`` (memoized). ``cancel``: back to the settled round (Next round was early)."""
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
    if cancel is not None:
        parts.append(ft.Row([secondary(tr("herd_pick.back"), cancel, "herd-pick-cancel", ft.Icons.ARROW_BACK, True)]))
    return card(ft.Column(parts, spacing=GAP), identifier="physical-herd")


HerdPickerMemo = memo(HerdPicker)

#: What the herd picker shows: the round it asks for, the tiles left, whether it can go back.
Picking = tuple[int, int, bool]


def _picker(model: AppModel, picking: Picking) -> ft.Control:
    number, tiles_left, can_cancel = picking
    return HerdPickerMemo(
        lang=model.session.lang,
        number=number,
        tiles_left=tiles_left,
        start_round=model.play.start_round,
        cancel=model.round.cancel_pick if can_cancel else None,
        key="herd-picker",
    )


def _picking(model: AppModel) -> Picking:
    assert model.play.game is not None
    state = model.play.game.state
    settled = state.current is not None and state.current.taming is not None
    return (state.round_number, len(state.pile), model.round.picking_herd and settled)


def herd_picker(model: AppModel) -> ft.Control:
    """Each round with printed tiles: the table says where the herd went."""
    return _picker(model, _picking(model))


def picker_slot(model: AppModel, shown: bool) -> ft.Control | None:
    """On a phone: the herd picker, alone on the screen while ``shown``. Once shown in a
    game it stays on the page, hidden while the round shows, drawn as it last showed, so
    the next round's question and the pick change what is there (:mod:`..kept`)."""
    picking = model.round.picker.pick(model.play.game_id, _picking(model) if shown else None)
    if picking is None:
        return None
    return ft.Container(content=_picker(model, picking), visible=shown, key="picker-slot")


def good_chip(tr: Translator, kind: str, selected: bool, on_click: Callable[[], None] | None) -> ft.Control:
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
    """The printed tile's "1." and "all" bonuses: pick goods, set amounts; Skip is always there.

    Memoized (``TileEditorMemo``): kept on a phone's page, hidden, it is drawn again only when
    its draft or the language changes, not on every roll, undo or step of the round."""
    tr = Translator(lang)
    part = draft.part
    goods = draft.goods(part)
    can_add = draft.can_add(part)

    def part_button(which: Choice, label: str) -> ft.Control:
        chosen = which is part
        ink = choice_ink(chosen)
        summary = listed_text(tr, draft.goods(which).items()) or tr("tile.nothing")
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

    chips = [good_chip(tr, kind.value, kind.value in goods, toggler(kind.value)) for kind in BonusKind]
    return editor_frame(
        "tile-editor",
        [
            heading(tr("tile.title"), 20),
            ft.Text(tr("tile.hint"), size=15),
            ft.Row(
                [
                    part_button(Choice.FIRST, choice_label(tr, Choice.FIRST)),
                    part_button(Choice.ALL, choice_label(tr, Choice.ALL)),
                ],
                spacing=8,
            ),
            ft.Text(tr("tile.which", part=choice_label(tr, part)), size=15),
            ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
            *amounts,
            ft.Row([primary(tr("tile.save"), save, "tile-save", ft.Icons.CHECK)]),
            ft.Row([secondary(tr("tile.skip"), skip, "tile-skip", ft.Icons.SKIP_NEXT, expand=True)]),
        ],
        spacing=GAP - 2,
    )


TileEditorMemo = memo(TileEditor)


def tile_editor(model: AppModel) -> ft.Control:
    return TileEditorMemo(
        draft=model.tile.draft, lang=model.session.lang, save=model.tile.save, skip=model.tile.skip, key="tile-editor"
    )


def tile_slot(model: AppModel) -> ft.Control | None:
    """On a phone: the printed tile's bonuses, first in the round while they are entered.
    Once opened in a game the editor stays on the page, hidden after Save or Skip, so the
    next round's opening changes what is there (:mod:`..kept`)."""
    describing = model.tile.describing
    if model.round.tile_opened.pick(model.play.game_id, True if describing else None) is None:
        return None
    return ft.Container(content=tile_editor(model), visible=describing, key="tile-slot")
