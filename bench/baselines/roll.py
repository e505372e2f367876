"""A floor for the heavy taps: the app's roll and undo as plain imperative Flet.

The round screen as the app shows it after two migrations (top bar, herd card,
players card with its odds, the thumb bar with Roll), built once with the app's
own widgets. "Roll" swaps the players card for the first frame of the app's
result card (three dice rows while the dice tumble, and Skip) and the thumb bar
for nothing; "Undo" swaps them back. Each tap replaces the same controls the app
replaces, sent with one ``page.update()``: no components and no diff of the rest.

What a roll costs here over the bare counter is what showing that much new screen
costs in Flet on this machine; what the app's roll costs over this page is the app's.
"""

from __future__ import annotations

import random

import flet as ft
from round_page import COLOURS, PLAYERS, frame, prepare, round_top, serve

from companion.rules.odds import win_odds
from companion.ui.screens.taming import die
from companion.ui.widgets import badge, card, heading, primary, secondary, tid

PEOPLE = {0: 2, 1: 1}  # Anna moved two people, Bert one


def main(page: ft.Page) -> None:
    tr = prepare(page)
    faces = random.Random(7)

    def players_card() -> ft.Control:
        rows: list[ft.Control] = [heading(tr("migrate.title"), 20)]
        for p, name in enumerate(PLAYERS):
            people = PEOPLE.get(p, 0)
            sub = tr("migrate.moves", name=name, count=people) if people else tr("migrate.stays")
            rows.append(
                tid(
                    f"player-{p}",
                    ft.Row(
                        [
                            badge(name, COLOURS[p], 44),
                            ft.Column([ft.Text(name, size=17, weight=ft.FontWeight.W_600), ft.Text(sub, size=14)]),
                            secondary(tr("migrate.change" if people else "migrate.move"), lambda: None, f"edit-{p}"),
                        ]
                    ),
                )
            )
        odds = win_odds(PEOPLE)
        for p, chance in odds.win.items():
            rows.append(
                ft.Row(
                    [
                        badge(PLAYERS[p], COLOURS[p], 24),
                        ft.Text(tr("odds.line", name=PLAYERS[p], count=PEOPLE[p]), size=15, expand=True),
                        ft.Text(f"{float(chance) * 100:.1f} %", size=16, weight=ft.FontWeight.BOLD),
                        ft.Text(f"{chance.numerator}/{chance.denominator}", size=12, width=90),
                    ]
                )
            )
        return card(ft.Column(rows, spacing=6), identifier="players-card")

    def result_card() -> ft.Control:
        rows: list[ft.Control] = [heading(tr("result.title"), 20)]
        for p, people in PEOPLE.items():
            rows.append(
                tid(
                    f"dice-{p}",
                    ft.Row(
                        [
                            badge(PLAYERS[p], COLOURS[p], 36),
                            ft.Column(
                                [
                                    ft.Text(PLAYERS[p], size=16),
                                    ft.Row([die(faces.randint(1, 6)) for _ in range(people)], spacing=4, wrap=True),
                                ],
                                spacing=4,
                                expand=True,
                            ),
                        ],
                        spacing=8,
                    ),
                )
            )
        rows.append(
            ft.Row(
                [ft.Text(tr("tame.rolling"), size=18, expand=True), secondary(tr("tame.skip"), lambda: None, "skip")]
            )
        )
        return card(ft.Column(rows, spacing=12), identifier="result-card")

    def thumb_bar() -> list[ft.Control]:
        return [
            ft.Row([primary(tr("tame.roll"), roll, "roll", ft.Icons.CASINO)]),
            ft.Row([secondary(tr("tame.by_hand"), lambda: None, "enter-dice", ft.Icons.EDIT_NOTE, expand=True)]),
        ]

    def roll() -> None:
        body.controls[-1] = result_card()
        bottom.controls = []
        page.update()

    def undo() -> None:
        body.controls[-1] = players_card()
        bottom.controls = thumb_bar()
        page.update()

    body = ft.Column(
        [*round_top(tr), players_card()],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    bottom = ft.Column(thumb_bar(), spacing=8)
    page.add(frame(tr, body, tid("undo", ft.IconButton(ft.Icons.UNDO, on_click=undo)), bottom))


if __name__ == "__main__":
    serve(main, 8562, "roll and undo")
