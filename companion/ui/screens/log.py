"""The round log: herd, tile, migrations and payments, dice, result, undone rolls."""

from __future__ import annotations

import flet as ft

from ...data.text import bonus_text, choice_label, payment_text
from ...i18n import Translator
from ...rules import EndGame, EntryKind, Game, Outcome, Round
from ..model import AppModel
from ..widgets import card, tid


def _dice_text(game: Game, dice: tuple[tuple[int, tuple[int, ...]], ...]) -> str:
    return "; ".join(f"{game.state.players[p]} {' '.join(map(str, v))}" for p, v in dice)


def _asides(game: Game, tr: Translator) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """What the log adds after a round, by round: the rolls undone in it (their lines), and
    End game and its undo ("Reopen the game"), in order."""
    undone: dict[int, list[str]] = {}
    endings: dict[int, list[str]] = {}
    for entry in game.log:
        if entry.kind is EntryKind.UNDO and entry.taming is not None:
            # Dice entered from the table and taken back were no roll of the app's.
            key = "log.undone_dice_hand" if entry.taming.by_hand else "log.undone_roll"
            undone.setdefault(entry.round, []).append(tr(key, dice=_dice_text(game, entry.taming.dice)))
        if isinstance(entry.action, EndGame):
            key = "log.reopened" if entry.kind is EntryKind.UNDO else "log.ended"
            endings.setdefault(entry.round, []).append(tr(key))
    return undone, endings


def _taming_lines(tr: Translator, game: Game, rnd: Round) -> list[ft.Control]:
    """A round's dice (rolled or from the table) and its result."""
    taming, names = rnd.taming, game.state.players
    if taming is None:
        return []
    lines: list[ft.Control] = []
    if taming.dice:
        key = "log.dice_hand" if taming.by_hand else "log.dice"
        lines.append(ft.Text(tr(key, dice=_dice_text(game, taming.dice)), size=14))
    if taming.outcome is Outcome.WINNER and taming.winner is not None:
        won = tr("log.winner", name=names[taming.winner], bonus=choice_label(tr, rnd.winner_choice))
        lines.append(ft.Text(won, size=14, weight=ft.FontWeight.W_600))
    else:
        lines.append(ft.Text(tr("log.tie" if taming.outcome is Outcome.TIE else "log.nobody"), size=14))
    return lines


def _round_lines(tr: Translator, game: Game, rnd: Round, undone: list[str], endings: list[str]) -> list[ft.Control]:
    """One round's block: where the herd was, the tile, each move and its payment, the rolls
    undone, the dice and result, and an End game (or its undo) after it."""
    herd = rnd.herd.value if rnd.herd else "wood"
    names = game.state.players
    lines: list[ft.Control] = [
        ft.Text(tr("log.round", n=rnd.number, where=tr(f"area_in.{herd}")), size=17, weight=ft.FontWeight.BOLD),
    ]
    if rnd.tile.first is not None and rnd.tile.all is not None:
        first, every = bonus_text(tr, rnd.tile.first), bonus_text(tr, rnd.tile.all)
        lines.append(ft.Text(tr("log.tile", first=first, all=every), size=14))
    lines += [
        ft.Text(tr("log.migration", name=names[m.player], count=m.people, payment=payment_text(tr, m.payment)), size=14)
        for m in rnd.migrations
    ]
    lines += [ft.Text(line, size=14, italic=True, color=ft.Colors.ERROR) for line in undone]
    lines += _taming_lines(tr, game, rnd)
    lines += [ft.Text(line, size=14, weight=ft.FontWeight.W_600) for line in endings]
    return lines


def round_log(model: AppModel, game: Game) -> ft.Control:
    """Every round of the game, the last first, and how many steps were logged and undone."""
    tr = model.session.tr
    undone, endings = _asides(game, tr)
    blocks: list[ft.Control] = [
        ft.Column(_round_lines(tr, game, rnd, undone.get(rnd.number, []), endings.get(rnd.number, [])), spacing=2)
        for rnd in reversed(game.state.rounds)
    ]
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
