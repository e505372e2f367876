"""What each player got in one game, and the buttons that take the game elsewhere."""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...i18n import Translator, decimal, join_names
from ...rules import Game, Phase, mammoth_scoring
from ...rules.resources import Resource
from ...stats import PlayerSummary, player_summaries
from ..widgets import card, heading, player_badge, secondary, tid

if TYPE_CHECKING:  # the model holds the file handlers, which use this module's summary text
    from ..model import AppModel

#: The order goods are listed in (resources first, as on the player board).
GOODS_ORDER = [r.value for r in Resource] + ["tool", "agriculture", "points", "civ_card", "any_resource"]


def expected_text(lang: str, value: Fraction) -> str:
    """An expected count: the decimal, and the exact fraction where it is not whole."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{decimal(lang, float(value))} ({value.numerator}/{value.denominator})"


def goods_text(tr: Translator, goods: dict[str, int]) -> str:
    return ", ".join(tr(f"bonus.{kind}", count=goods[kind]) for kind in GOODS_ORDER if goods.get(kind))


def summary_lines(tr: Translator, lang: str, s: PlayerSummary) -> list[str]:
    """The lines under a player's name, in words (also what a test reads back)."""
    paid = goods_text(tr, s.paid)
    lines = [
        tr("summary.people", count=s.people),
        tr("summary.paid", payment=paid) if paid else tr("summary.paid_nothing"),
        tr("summary.tamings", joined=s.joined, won=s.won, expected=expected_text(lang, s.expected)),
        tr("tally.tiles", count=s.tiles),
        tr("summary.bonuses", first=s.first, all=s.all),
    ]
    if s.goods:
        lines.append(tr("summary.goods", goods=goods_text(tr, s.goods)))
    if s.unknown:
        lines.append(tr("summary.unknown", count=s.unknown))
    return lines


def player_summary(model: AppModel, game: Game, game_id: int | None) -> ft.Control:
    """Each player's people, payments, tamings (won beside expected), tiles and bonuses,
    with Export and, once the game is over, Copy summary."""
    tr = model.session.tr
    lang = model.session.lang
    rows: list[ft.Control] = [heading(tr("summary.title"), 20)]
    for s in player_summaries(game.state):
        rows.append(
            tid(
                f"summary-{s.player}",
                ft.Row(
                    [
                        player_badge(game, s.player, 36),
                        ft.Column(
                            [
                                ft.Text(s.name, size=17, weight=ft.FontWeight.BOLD),
                                *[ft.Text(line, size=15) for line in summary_lines(tr, lang, s)],
                            ],
                            spacing=2,
                            expand=True,
                        ),
                    ],
                    spacing=10,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            )
        )
    if game_id is not None:
        buttons = [
            secondary(tr("game.export"), partial(model.files.export_game, game_id), "export-game", ft.Icons.DOWNLOAD)
        ]
        if game.state.phase is Phase.FINISHED:
            buttons.append(
                secondary(tr("game.copy"), partial(model.files.copy_summary, game), "copy-summary", ft.Icons.COPY)
            )
        rows.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    return card(ft.Column(rows, spacing=10), identifier="player-summary")


def summary_text(lang: str, game: Game, date: str) -> str:
    """A short plain-text result for a group chat."""
    tr = Translator(lang)
    scoring = mammoth_scoring(game.state)
    lines = [tr("copy.heading", date=date)]
    for s in player_summaries(game.state):
        lines.append(tr("copy.line", name=s.name, count=s.tiles, won=s.won))
    scorers = join_names(lang, (game.state.players[p] for p in scoring.scorers)) or tr("history.no_scorer")
    lines.append(tr("history.scorers", names=scorers))
    return "\n".join(lines).replace("\u2060", "")
