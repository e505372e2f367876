"""The round log: herd, tile, migrations and payments, dice, result, undone rolls."""

from __future__ import annotations

import flet as ft

from ...data.text import bonus_text, choice_label, payment_text
from ...rules import EndGame, EntryKind, Game, Outcome
from ..model import AppModel
from ..widgets import card, tid


def _dice_text(game: Game, dice: tuple[tuple[int, tuple[int, ...]], ...]) -> str:
    return "; ".join(f"{game.state.players[p]} {' '.join(map(str, v))}" for p, v in dice)


def round_log(model: AppModel, game: Game) -> ft.Control:  # noqa: C901 (one branch per kind of log line; waits to become a table)
    tr = model.session.tr
    state = game.state
    names = state.players
    undone: dict[int, list[str]] = {}
    # End game and its undo ("Reopen the game"), after the round they came in, in order.
    endings: dict[int, list[str]] = {}
    for entry in game.log:
        if entry.kind is EntryKind.UNDO and entry.taming is not None:
            undone.setdefault(entry.round, []).append(_dice_text(game, entry.taming.dice))
        if isinstance(entry.action, EndGame):
            key = "log.reopened" if entry.kind is EntryKind.UNDO else "log.ended"
            endings.setdefault(entry.round, []).append(tr(key))
    blocks: list[ft.Control] = []
    for rnd in reversed(state.rounds):
        herd = rnd.herd.value if rnd.herd else "wood"
        lines: list[ft.Control] = [
            ft.Text(tr("log.round", n=rnd.number, where=tr(f"area_in.{herd}")), size=17, weight=ft.FontWeight.BOLD),
        ]
        if rnd.tile.first is not None and rnd.tile.all is not None:
            first, every = bonus_text(tr, rnd.tile.first), bonus_text(tr, rnd.tile.all)
            lines.append(ft.Text(tr("log.tile", first=first, all=every), size=14))
        for m in rnd.migrations:
            lines.append(
                ft.Text(
                    tr(
                        "log.migration",
                        name=names[m.player],
                        count=m.people,
                        payment=payment_text(model.session.tr, m.payment),
                    ),
                    size=14,
                )
            )
        for dice in undone.get(rnd.number, []):
            lines.append(ft.Text(tr("log.undone_roll", dice=dice), size=14, italic=True, color=ft.Colors.ERROR))
        taming = rnd.taming
        if taming is not None:
            if taming.dice:
                key = "log.dice_hand" if taming.by_hand else "log.dice"
                lines.append(ft.Text(tr(key, dice=_dice_text(game, taming.dice)), size=14))
            if taming.outcome is Outcome.WINNER and taming.winner is not None:
                choice = choice_label(tr, rnd.winner_choice)
                lines.append(
                    ft.Text(
                        tr("log.winner", name=names[taming.winner], bonus=choice), size=14, weight=ft.FontWeight.W_600
                    )
                )
            elif taming.outcome is Outcome.TIE:
                lines.append(ft.Text(tr("log.tie"), size=14))
            else:
                lines.append(ft.Text(tr("log.nobody"), size=14))
        for line in endings.get(rnd.number, []):
            lines.append(ft.Text(line, size=14, weight=ft.FontWeight.W_600))
        blocks.append(ft.Column(lines, spacing=2))
    if endings.get(0):  # ended before the first round
        blocks.append(ft.Column([ft.Text(line, size=14, weight=ft.FontWeight.W_600) for line in endings[0]], spacing=2))
    if not blocks:
        blocks.append(ft.Text(tr("log.empty"), size=15))
    undo_count = sum(1 for e in game.log if e.kind is EntryKind.UNDO)
    header = ft.Text(tr("log.summary", count=len(game.log), undos=undo_count), size=14)
    return card(
        tid(
            "round-log",
            ft.Column([ft.Text(tr("log.title"), size=20, weight=ft.FontWeight.BOLD), header, *blocks], spacing=10),
        ),
        identifier="log-card",
    )
