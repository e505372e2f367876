"""The printed tile's bonuses editor: the goods of its "1." and "all" parts, entered by the table."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...data.text import choice_label, listed_text
from ...i18n import Translator
from ...rules import BonusKind, Choice
from ..drafts.tile import TileDraft
from ..memo import memo
from ..textsize import scaled
from ..theme import GAP, TOUCH
from ..widgets import (
    choice_box,
    choice_ink,
    editor_frame,
    heading,
    picture,
    primary,
    secondary,
    stepper,
)


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
def TileBonusEditor(
    draft: TileDraft,
    lang: str,
    save: Callable[[], None],
    skip: Callable[[], None],
    in_set: bool = False,
    key: str | None = None,
) -> ft.Control:
    """The printed tile's "1." and "all" bonuses: pick goods, set amounts; Skip is always there.
    ``in_set``: the face of a tile of the owner's set (Save the tile, Cancel).

    Memoized (``TileBonusEditorMemo``): kept on a phone's page, hidden, it is drawn again only when
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
            key=f"amount-{kind}",
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
            heading(tr("set.face" if in_set else "tile.title"), 20),
            ft.Text(tr("set.face_hint" if in_set else "tile.hint"), size=15),
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
            # Keyed, as the amounts are: a good added or removed must not make Save and Skip
            # new controls, or a tap on them sent before the page heard of the change is lost.
            ft.Row(
                [primary(tr("set.save_tile"), save, "set-tile-save", ft.Icons.CHECK)]
                if in_set
                else [primary(tr("tile.save"), save, "tile-save", ft.Icons.CHECK)],
                key="save",
            ),
            ft.Row(
                [secondary(tr("common.cancel"), skip, "set-tile-cancel", ft.Icons.CLOSE, expand=True)]
                if in_set
                else [secondary(tr("tile.skip"), skip, "tile-skip", ft.Icons.SKIP_NEXT, expand=True)],
                key="skip",
            ),
        ],
        spacing=GAP - 2,
    )


TileBonusEditorMemo = memo(TileBonusEditor)
