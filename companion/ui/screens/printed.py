"""Printed tiles on the table: where the herd went, and (optionally) what the tile gives."""

from __future__ import annotations

import flet as ft

from ..components.herd_picker import HerdPickerMemo
from ..components.set_tiles import SetTilePickerMemo
from ..components.tile_bonus_editor import TileBonusEditorMemo
from ..kept import Frame
from ..model import AppModel
from ..round_view import Picking
from ..step import Entry, RoundStep
from .migration import with_note


def _picker(model: AppModel, picking: Picking) -> ft.Control:
    number, tiles_left, can_cancel, left, other = picking
    cancel = model.round.cancel_pick if can_cancel else None
    if left and not other:  # the owner's set: one tap on the tile turned
        return SetTilePickerMemo(
            lang=model.session.lang,
            number=number,
            tiles_left=tiles_left,
            tiles=left,
            start_round=model.play.start_round,
            other=model.round.pick_other,
            cancel=cancel,
            wide=model.session.wide,
            key="set-picker",
        )
    return HerdPickerMemo(
        lang=model.session.lang,
        number=number,
        tiles_left=tiles_left,
        start_round=model.play.start_round,
        cancel=cancel,
        back_to_set=model.round.pick_other if left else None,
        key="herd-picker",
    )


def _picking(model: AppModel) -> Picking:
    assert model.play.game is not None
    state = model.play.game.state
    return (
        state.round_number,
        len(state.pile),
        model.round.asking_after_next(),  # Cancel takes "Next round" back
        state.printed_left,
        model.round.other_tile,
    )


def herd_picker(model: AppModel) -> ft.Control:
    """Each round with printed tiles: the table says where the herd went."""
    return _picker(model, _picking(model))


def picker_slot(model: AppModel, shown: bool, frame: Frame) -> ft.Control | None:
    """On a phone: the herd picker, alone on the screen while ``shown``. Once shown in a
    game it stays on the page, hidden while the round shows, drawn as it last showed, so
    the next round's question and the pick change what is there (:mod:`..kept`)."""
    picking = frame.pick(model.round.picker, model.play.game_id, _picking(model) if shown else None)
    if picking is None:
        return None
    return ft.Container(content=_picker(model, picking), visible=shown, key="picker-slot")


def tile_editor(model: AppModel) -> ft.Control:
    editor = TileBonusEditorMemo(
        draft=model.tile.draft, lang=model.session.lang, save=model.tile.save, skip=model.tile.skip, key="tile-editor"
    )
    return with_note(model, model.tile.conflict, editor)


def tile_slot(model: AppModel, step: RoundStep, frame: Frame) -> ft.Control | None:
    """On a phone: the printed tile's bonuses, first in the round while they are entered.
    Once opened in a game the editor stays on the page, hidden after Save or Skip, so the
    next round's opening changes what is there (:mod:`..kept`)."""
    describing = step.shows(Entry.TILE)
    if frame.pick(model.round.tile_opened, model.play.game_id, True if describing else None) is None:
        return None
    return ft.Container(content=tile_editor(model), visible=describing, key="tile-slot")
