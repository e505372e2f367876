"""My printed tiles: the owner's sets, and one set's tiles entered once (back and face)."""

from __future__ import annotations

import flet as ft

from ...i18n import message_params
from ...rules import HERD_AREAS, TILES_PER_DECK
from ...rules.printed import PER_AREA, set_warnings
from ..components.set_tiles import area_heading, tile_button, tile_face, tile_grid
from ..components.tile_bonus_editor import TileBonusEditorMemo
from ..drafts.sets import NEW_TILE
from ..model import AppModel
from ..theme import GAP, TOUCH
from ..widgets import area_picture, button_line, card, choice_box, choice_ink, heading, primary, secondary, tid


def sets_screen(model: AppModel) -> ft.Control:
    """Every set on this device (usually one), a new one, and Import."""
    tr = model.session.tr
    parts: list[ft.Control] = [tid("sets-hint", ft.Text(tr("sets.hint"), size=16))]
    pending = model.sets.pending
    if pending is not None:
        parts.append(
            card(
                ft.Column([ft.Text(tr("sets.pending"), size=15), tile_face(tr, pending)], spacing=8),
                identifier="sets-pending",
            )
        )
    for saved in model.play.session.sets:
        count = len(saved.printed.tiles)
        parts.append(
            card(
                ft.Column(
                    [
                        heading(saved.printed.name, 20),
                        ft.Text(tr("sets.progress", count=count, total=TILES_PER_DECK), size=15),
                        ft.Row(
                            [
                                primary(
                                    tr("sets.open"),
                                    lambda _e=None, i=saved.id: model.sets.open_set(i),
                                    f"open-set-{saved.id}",
                                    ft.Icons.EDIT,
                                )
                            ]
                        ),
                    ],
                    spacing=8,
                ),
                identifier=f"set-row-{saved.id}",
            )
        )
    new = secondary if model.play.session.sets else primary
    parts += [
        ft.Row([new(tr("sets.new"), model.sets.new_set, "new-set", ft.Icons.ADD)]),
        ft.Row([secondary(tr("sets.import"), model.sets.import_set, "import-set", ft.Icons.UPLOAD_FILE, True)]),
    ]
    return ft.Column(parts, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def set_screen(model: AppModel) -> ft.Control:
    """One set: the tile being entered first, else its name, progress, tiles by back, files."""
    tr = model.session.tr
    editor = model.sets
    saved = editor.current
    if saved is None:
        return ft.Column([ft.Text(tr("error.set.gone"), size=16)])
    if editor.editing is not None:
        return _tile_form(model)
    printed = saved.printed
    pending = _pending_card(model, len(printed.tiles) >= TILES_PER_DECK)
    notes = [message_params(model.session.lang, note) for note in set_warnings(printed.tiles, printed.as_printed)]
    parts: list[ft.Control] = [
        *([pending] if pending is not None else []),
        tid(
            "set-name",
            ft.Container(
                padding=ft.Padding.only(top=8),
                content=ft.TextField(
                    label=tr("set.name"),
                    value=editor.name,
                    on_change=lambda e: editor.set_name(e.control.value),
                    on_blur=lambda _e: editor.save_name(),
                    on_submit=lambda _e: editor.save_name(),
                    max_length=60,
                    counter="",
                    text_size=18,
                ),
            ),  # room above for the field's floating label
        ),
        tid(
            "set-progress",
            ft.Text(
                tr("sets.progress", count=len(printed.tiles), total=TILES_PER_DECK), size=18, weight=ft.FontWeight.W_600
            ),
        ),
        *[tid(f"set-note-{i}", ft.Text(tr(key, **params), size=15)) for i, (key, params) in enumerate(notes)],
        _as_printed_switch(model, printed.as_printed),
    ]
    full = len(printed.tiles) >= TILES_PER_DECK
    for area in HERD_AREAS:
        group = [(n, tile) for n, tile in enumerate(printed.tiles, 1) if tile.herd is area]
        section: list[ft.Control] = [area_heading(tr, area.value, len(group))]
        section += tile_grid(
            [
                tile_button(tr, tile, f"set-edit-{n}", lambda n=n: editor.start_tile(n))  # type: ignore[misc]
                for n, tile in group
            ],
            model.session.wide,
        )
        if not full and not (printed.as_printed and len(group) >= PER_AREA):
            section.append(
                ft.Row(
                    [
                        secondary(
                            tr("set.add", area=tr(f"area_name.{area.value}")),
                            lambda _e=None, a=area.value: _add(model, a),
                            f"set-add-{area.value}",
                            ft.Icons.ADD,
                            True,
                        )
                    ]
                )
            )
        parts.append(card(ft.Column(section, spacing=10), identifier=f"set-area-{area.value}"))
    parts.append(ft.Row([secondary(tr("set.export"), editor.export_set, "set-export", ft.Icons.DOWNLOAD, True)]))
    if editor.confirm_delete:
        parts += [
            tid("set-delete-question", ft.Text(tr("set.delete_question"), size=16, weight=ft.FontWeight.W_600)),
            *button_line(
                [
                    secondary(
                        tr("start.delete_keep"), lambda: editor.ask_delete(False), "set-delete-keep", expand=True
                    ),
                    secondary(
                        tr("start.delete_confirm"),
                        editor.delete_set,
                        "set-delete-confirm",
                        ft.Icons.DELETE_FOREVER,
                        True,
                    ),
                ],
                [(tr("start.delete_keep"), False), (tr("start.delete_confirm"), True)],
                model.session.column_room,
            ),
        ]
    else:
        parts.append(
            ft.Row(
                [
                    secondary(
                        tr("set.delete"), lambda: editor.ask_delete(True), "set-delete", ft.Icons.DELETE_OUTLINE, True
                    )
                ]
            )
        )
    return ft.Column(parts, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _pending_card(model: AppModel, full: bool) -> ft.Control | None:
    """The tile turned in a game, kept until it is in the set or let go: on a full set, the
    set's tiles to tap, the one it replaces (same back first); else Add it."""
    editor = model.sets
    tile, saved = editor.pending, editor.current
    if tile is None or saved is None:
        return None
    tr = model.session.tr
    area = tr(f"area_name.{tile.herd.value}") if tile.herd is not None else "?"
    heading_text = ft.Text(tr("set.pending", area=area), size=16, weight=ft.FontWeight.W_600)
    parts: list[ft.Control] = [heading_text, tile_face(tr, tile)]
    if full:
        parts.append(ft.Text(tr("set.pending_replace"), size=15))
        # The tiles with the same back: one of them was entered wrong (all tiles if none has it).
        tiles = [(n, old) for n, old in enumerate(saved.printed.tiles, 1) if old.herd is tile.herd]
        tiles = tiles or list(enumerate(saved.printed.tiles, 1))
        parts += tile_grid(
            [
                tile_button(tr, old, f"set-replace-{n}", lambda n=n: editor.replace_with_pending(n))  # type: ignore[misc]
                for n, old in tiles
            ],
            model.session.wide,
        )
    else:
        parts.append(
            ft.Row(
                [
                    primary(
                        tr("set.pending_add"),
                        lambda: editor.start_tile(NEW_TILE, tile),
                        "set-pending-add",
                        ft.Icons.ADD,
                    )
                ]
            )
        )
    parts.append(
        ft.Row([secondary(tr("set.pending_forget"), editor.forget_pending, "set-pending-forget", expand=True)])
    )
    return card(ft.Column(parts, spacing=10), identifier="set-pending")


def _add(model: AppModel, area: str) -> None:
    model.sets.start_tile(NEW_TILE)
    model.sets.pick_herd(area)


def _as_printed_switch(model: AppModel, on: bool) -> ft.Control:
    """The owner says the set is the printed one: checked as such (4 tiles of each back)."""
    label = model.session.tr("set.as_printed")

    def change(value: bool) -> None:
        model.sets.set_as_printed(value)

    return ft.Row(
        [
            tid("set-as-printed", ft.Switch(value=on, on_change=lambda e: change(bool(e.control.value)), height=TOUCH)),
            ft.Container(
                ft.Text(label, size=16),
                expand=True,
                padding=ft.Padding.symmetric(vertical=14),
                alignment=ft.Alignment.CENTER_LEFT,
                ink=True,
                border_radius=8,
                on_click=lambda _e: change(not on),
            ),
        ],
        spacing=12,
    )


def _tile_form(model: AppModel) -> ft.Control:
    """One tile: its back (four areas), then its face with the round's bonus editor."""
    tr = model.session.tr
    editor = model.sets
    number = editor.editing
    title = tr("set.new_tile") if number == NEW_TILE else tr("set.tile_title", n=number)

    def area_choice(area: str) -> ft.Control:
        chosen = editor.herd == area
        content = ft.Column(
            [
                area_picture(area, "", 64),
                ft.Text(tr(f"area_name.{area}"), size=14, color=choice_ink(chosen), text_align=ft.TextAlign.CENTER),
            ],
            spacing=2,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        return choice_box(f"set-herd-{area}", content, chosen, lambda _e: editor.pick_herd(area), True, TOUCH + 60, 4)

    choices = [area_choice(area.value) for area in HERD_AREAS]
    back = card(
        ft.Column(
            [
                heading(title, 22),
                ft.Text(tr("set.back"), size=16, weight=ft.FontWeight.W_600),
                ft.Row(choices[:2], spacing=8),
                ft.Row(choices[2:], spacing=8),
            ],
            spacing=GAP - 4,
        ),
        identifier="set-tile-back-card",
    )
    parts: list[ft.Control] = [
        back,
        TileBonusEditorMemo(
            draft=editor.draft,
            lang=model.session.lang,
            save=editor.save_tile,
            skip=editor.cancel_tile,
            in_set=True,
            key="set-tile-editor",
        ),
    ]
    if number != NEW_TILE:
        parts.append(
            ft.Row(
                [secondary(tr("set.remove_tile"), editor.remove_tile, "set-remove-tile", ft.Icons.DELETE_OUTLINE, True)]
            )
        )
    return ft.Column(parts, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
