"""Statistics over the finished games of this device: players by name, and the dice.

Pictures are drawn with plain containers: the served web client carries no chart
library (``flet-charts`` needs its Flutter package built into the client, and the
client ``flet_web`` serves has none), and bars of containers read as well at arm's
length, in both themes.
"""

from __future__ import annotations

from fractions import Fraction

import flet as ft

from ...data.stats import FEWEST_DICE_TO_TELL, Faces, NameRecord, faces, fairness, table_record
from ...data.text import expected_text
from ...i18n import Translator, decimal, percent
from ..model import AppModel
from ..widgets import card, heading, tid

BAR_HEIGHT = 14


def stats_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    lang = model.session.lang
    states = model.session.finished_states
    if not states:
        return card(tid("stats-none", ft.Text(tr("stats.none"), size=16)), identifier="stats-screen")
    records = table_record(states)
    dice = faces(states)
    parts: list[ft.Control] = [
        heading(tr("stats.players"), 20),
        *[_player(tr, lang, index, record) for index, record in enumerate(records)],
    ]
    return tid(
        "stats-screen",
        ft.Column(
            [card(ft.Column(parts, spacing=14), identifier="stats-players"), *_dice(tr, lang, dice)],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
    )


def _player(tr: Translator, lang: str, index: int, record: NameRecord) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Text(record.name, size=18, weight=ft.FontWeight.BOLD),
        ft.Text(
            " · ".join(
                [
                    tr("stats.games", count=record.games),
                    tr("stats.scorings", count=record.scorings),
                    tr("stats.tiles_per_game", value=_number(lang, record.tiles_per_game)),
                ]
            ),
            size=15,
        ),
    ]
    if record.best is not None:
        lines.append(
            tid(
                f"stats-final-{index}",
                ft.Text(tr("stats.final", count=record.final_wins, points=record.best), size=15),
            )
        )
    if record.expected == 0 and record.won == 0:
        lines.append(ft.Text(tr("stats.no_tamings"), size=15, italic=True))
    else:
        lines.append(
            ft.Text(tr("stats.won_expected", won=record.won, expected=expected_text(lang, record.expected)), size=15)
        )
        lines.append(_luck_bars(tr, record.won, record.expected))
    return tid(f"stats-player-{index}", ft.Column(lines, spacing=4))


def _number(lang: str, value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else decimal(lang, float(value))


def _luck_bars(tr: Translator, won: int, expected: Fraction) -> ft.Control:
    """Two bars on one scale: tamings won (filled) and expected (outlined)."""
    top = max(float(expected), won, 1.0)

    def bar(value: float, label: str, filled: bool) -> ft.Control:
        return ft.Row(
            [
                ft.Text(label, size=14, width=90),
                ft.Container(
                    expand=True,
                    content=ft.Row(
                        [
                            ft.Container(
                                expand=max(1, round(1000 * value / top)),
                                height=BAR_HEIGHT,
                                border_radius=4,
                                bgcolor=ft.Colors.PRIMARY if filled else None,
                                border=None if filled else ft.Border.all(2, ft.Colors.PRIMARY),
                            ),
                            ft.Container(expand=max(1, 1000 - round(1000 * value / top)), height=BAR_HEIGHT),
                        ],
                        spacing=0,
                    ),
                ),
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    return ft.Column(
        [bar(won, tr("stats.won"), True), bar(float(expected), tr("stats.expected"), False)],
        spacing=4,
    )


def _dice(tr: Translator, lang: str, dice: Faces) -> list[ft.Control]:
    return [
        _histogram(tr, lang, tr("stats.dice_app"), dice.app, "stats-dice-app", judge=False),
        _histogram(tr, lang, tr("stats.dice_table"), dice.table, "stats-dice-table", judge=True),
    ]


def _histogram(
    tr: Translator, lang: str, title: str, counts: tuple[int, ...], identifier: str, judge: bool
) -> ft.Control:
    """Six columns, one per face, with the count above each; for the table's dice a fairness read."""
    total = sum(counts)
    parts: list[ft.Control] = [heading(title, 18), ft.Text(tr("stats.dice_count", count=total), size=15)]
    if total == 0:
        parts.append(ft.Text(tr("stats.no_dice"), size=15, italic=True))
        return card(ft.Column(parts, spacing=8), identifier=identifier)
    tallest = max(counts)
    columns = []
    for face, count in enumerate(counts, start=1):
        height = 6 + 100 * count / tallest
        columns.append(
            tid(
                f"{identifier}-{face}",
                ft.Column(
                    [
                        ft.Text(str(count), size=14, text_align=ft.TextAlign.CENTER),
                        ft.Container(height=height, bgcolor=ft.Colors.PRIMARY, border_radius=4),
                        ft.Text(str(face), size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                    ],
                    spacing=2,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    alignment=ft.MainAxisAlignment.END,
                    expand=True,
                    tooltip=tr("stats.face", n=face, count=count),
                ),
            )
        )
    parts.append(ft.Row(columns, spacing=6, vertical_alignment=ft.CrossAxisAlignment.END, height=150))
    if judge:
        read = fairness(counts)
        if not read.enough:
            text = tr("stats.too_few", count=total, needed=FEWEST_DICE_TO_TELL)
        else:
            assert read.p_value is not None and read.statistic is not None
            key = "stats.uneven" if read.uneven else "stats.fair"
            text = tr(key, count=total, p=percent(lang, read.p_value), chi=decimal(lang, read.statistic))
        parts.append(tid(f"{identifier}-fairness", ft.Text(text, size=15)))
    return card(ft.Column(parts, spacing=8), identifier=identifier)
