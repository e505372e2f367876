"""Each participant's exact chance to tame (memoized)."""

from __future__ import annotations

from fractions import Fraction

import flet as ft

from ...i18n import Translator, percent
from ...rules import GameState, win_odds
from ..memo import memo
from ..textfit import text_width
from ..textsize import scaled
from ..widgets import player_badge, tid


def chance_texts(chance: Fraction, lang: str) -> list[ft.Control]:
    """A chance as a percentage (written as ``lang`` writes it) and the exact fraction beside it."""
    return [
        ft.Text(percent(lang, float(chance)), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(f"{chance.numerator}/{chance.denominator}", size=12, width=90, text_align=ft.TextAlign.END),
    ]


def _line(who: list[ft.Control], chance: list[ft.Control], narrow: bool) -> ft.Control:
    if narrow:
        return ft.Column([ft.Row(who, spacing=8), ft.Row(chance, spacing=8, alignment=ft.MainAxisAlignment.END)])
    return ft.Row([*who, *chance], spacing=8)


#: Beside a name on a chance's line: the disc and the gaps, the percentage's room, the fraction.
BESIDE_NAME = 24 + 3 * 8 + 64 + 90


@ft.component
@scaled
def OddsLines(
    state: GameState,
    dice: tuple[tuple[int, int], ...],
    lang: str,
    narrow: bool = False,
    width: float = 360,
    key: str | None = None,
) -> ft.Control:
    """Each participant's exact chance to tame; on a narrow window the chance under the name,
    and so too where a name is too wide to sit beside it (``width``: the card's inside), which
    Flutter would break inside the name ("Großmütt | erchen")."""
    tr = Translator(lang)
    counts = dict(dice)
    if not counts:
        return tid("odds", ft.Text(tr("odds.none"), size=14, italic=True))
    odds = win_odds(counts)
    widest = max((text_width(state.players[p], 15) for p in odds.win), default=0.0)
    narrow = narrow or widest > width - BESIDE_NAME
    lines: list[ft.Control] = [ft.Text(tr("odds.title"), size=16, weight=ft.FontWeight.BOLD)]
    for player in state.turn_order():
        if player in odds.win:
            chance = odds.win[player]
            lines.append(
                tid(
                    f"odds-{player}",
                    _line(
                        [
                            player_badge(state, player, 24),
                            ft.Text(
                                tr("odds.line", name=state.players[player], count=counts[player]), size=15, expand=True
                            ),
                        ],
                        chance_texts(chance, lang),
                        narrow,
                    ),
                )
            )
    if odds.no_winner > 0:  # a full tie needs two players with as many dice: otherwise not shown
        lines.append(
            tid(
                "odds-none",
                _line(
                    [ft.Text(tr("odds.no_winner"), size=15, expand=True)], chance_texts(odds.no_winner, lang), narrow
                ),
            )
        )
    return ft.Container(content=ft.Column(lines, spacing=4), padding=ft.Padding.only(top=8))


OddsMemo = memo(OddsLines)
