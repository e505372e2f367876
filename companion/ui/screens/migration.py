"""Migration: who moved how many people to the tile, and how they paid; live odds."""

from __future__ import annotations

import flet as ft

from ...rules import GameState
from ..components.migration_editor import DraftRef, EditorMemo
from ..components.players_list import PlayersListMemo
from ..kept import Frame
from ..model import AppModel, Message
from ..step import RoundStep
from ..widgets import entry_note


def players_slot(model: AppModel, shown: bool, step: RoundStep, frame: Frame) -> ft.Control | None:
    """The players' list: shown in migration. While the result shows it stays on the page,
    hidden, drawn from the state it last showed, so an Undo of the roll shows it again as
    it was (:mod:`..kept`). None before it was first shown in this game."""
    game = model.play.game
    assert game is not None
    state = frame.pick(model.round.listed, model.play.game_id, game.state if shown else None)
    if state is None:
        return None
    # A tablet opens the editor in place of the player's row; a phone shows it alone (play_body).
    inline = step.seat if model.session.wide and shown else None
    players = PlayersListMemo(
        lang=model.session.lang,
        state=state,
        edit=model.migration.edit,
        last=model.migration.last,
        narrow=model.session.narrow,
        inline=editor(model, step) if inline is not None else None,
        inline_seat=inline,
        width=editor_width(model) - 32,  # the card's inside
        drawn=editor_width(model, drawn=True) - 32,
        key="players-list",
    )
    return ft.Container(content=players, visible=shown, key="players-slot")


def editor_width(model: AppModel, drawn: bool = False) -> float:
    """The width the editor's card gets, in 100 % text (``drawn``: in px as drawn, at the
    text size in force): a phone's window less the page's 12 px margins; on a tablet, at
    least the narrower of the two panes (5 of 11 parts)."""
    room = model.session.width if drawn else model.session.room
    return (room - 48) * 5 / 11 if model.session.wide else room - 24


def _editor_for(model: AppModel, state: GameState, player: int) -> ft.Control:
    editor_shell: ft.Control = EditorMemo(
        ref=DraftRef(model.migration.draft),
        state=state,
        player=player,
        lang=model.session.lang,
        narrow=model.session.narrow,
        save=model.migration.save,
        cancel=model.migration.cancel,
        withdraw=model.migration.withdraw,
        width=editor_width(model),
        key="editor",
    )
    return with_note(model, model.migration.conflict, editor_shell)


def with_note(model: AppModel, conflict: Message | None, entry: ft.Control) -> ft.Control:
    """An open entry, under the line that says what another screen changed, if it did."""
    if conflict is None:
        return entry
    note = entry_note(model.session.tr(conflict.key, **conflict.params))
    return ft.Column([note, entry], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def editor(model: AppModel, step: RoundStep) -> ft.Control | None:
    """The open migration editor, if any (a tablet shows it in place of the player's row)."""
    player = step.seat
    if player is None or model.play.game is None:
        return None
    return _editor_for(model, model.play.game.state, player)


def editor_slot(model: AppModel, seat: int | None) -> ft.Control | None:
    """On a phone: the migration editor, alone on the screen while open (for ``seat``).

    Once opened it stays mounted under the round, hidden, drawn as it was last shown,
    so opening it again (Cancel, Record, another player, the next round) changes what
    is already on the page (its visibility, the texts that differ) instead of sending a
    card of new controls. None before it was first opened in this game."""
    game = model.play.game
    if game is None:
        return None
    if seat is not None:
        content = _editor_for(model, game.state, seat)
    elif (kept := model.round.editor_shown) is not None and kept[0] == model.play.game_id:
        _, player, state = kept
        content = _editor_for(model, state, player)
    else:
        return None
    return ft.Container(content=content, visible=seat is not None, key="editor-slot")
