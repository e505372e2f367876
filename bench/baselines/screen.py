"""A floor for the tap benchmark: the app's migration screen as plain imperative Flet.

The same controls the app shows while a migration is edited (top bar, herd and
tile cards, the players card with the editor's steppers, owed line and odds,
the thumb bar), built once with the app's own widgets. A stepper tap changes
exactly the texts the app changes and sends only those controls with one
``page.update(...)``: no components, no re-render, no diff of anything else.

What this page costs over the bare counter is what showing this screen costs in
Flet on this machine; what the app costs over this page is the app's own.
"""

from __future__ import annotations

import flet as ft
from round_page import COLOURS, PLAYERS, frame, prepare, round_top, serve

from companion.rules.odds import win_odds
from companion.ui.drafts.migration import RESOURCES, Draft
from companion.ui.screens.migration import owed_status
from companion.ui.widgets import badge, card, heading, picture, primary, secondary, stepper, tid


def main(page: ft.Page) -> None:
    tr = prepare(page)
    draft = Draft()  # the app's own people-and-payment bookkeeping
    others = {1: 1}  # Bert moved one person earlier

    hint = ft.Text(tr("migrate.pay_hint", count=1), size=14)
    owed = ft.Text(tr("migrate.paid_full"), size=16, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
    odds_counts = {p: ft.Text("", size=15, expand=True) for p in (0, 1)}
    odds_percent = {p: ft.Text("", size=16, weight=ft.FontWeight.BOLD) for p in (0, 1)}
    odds_fraction = {p: ft.Text("", size=12, width=90, text_align=ft.TextAlign.END) for p in (0, 1)}
    none_percent = ft.Text("", size=16, weight=ft.FontWeight.BOLD)

    def refresh_texts() -> list[ft.Control]:
        counts = {0: draft.people, **others}
        odds = win_odds(counts)
        value.value = str(draft.people)
        hint.value = tr("migrate.pay_hint", count=draft.people)
        owed.value = owed_status(tr, draft.owed)
        owed.color = ft.Colors.ERROR if draft.owed else ft.Colors.PRIMARY
        for name in RESOURCES:
            pay_values[name].value = str(draft.pay.get(name, 0))
        for p in (0, 1):
            chance = odds.win[p]
            odds_counts[p].value = tr("odds.line", name=PLAYERS[p], count=counts[p])
            odds_percent[p].value = f"{float(chance) * 100:.1f} %"
            odds_fraction[p].value = f"{chance.numerator}/{chance.denominator}"
        none_percent.value = f"{float(odds.no_winner) * 100:.1f} %"
        return [value, hint, owed, *pay_values.values(), *odds_counts.values(), *odds_percent.values()]

    def step_people(delta: int) -> None:
        draft.step_people(delta)
        page.update(*refresh_texts())

    def step_pay(name: str, delta: int) -> None:
        draft.step_pay(name, delta)
        page.update(*refresh_texts())

    def number_of(stepper_row: ft.Control) -> ft.Text:
        """The number in the middle of one of the app's steppers, to change in place."""
        text: ft.Text = stepper_row.controls[1].content  # type: ignore[attr-defined]
        return text

    people_stepper = stepper(draft.people, lambda: step_people(-1), lambda: step_people(1), "people", "fewer", "more")
    pay_steppers = {
        name: stepper(
            draft.pay.get(name, 0),
            lambda _e, n=name: step_pay(n, -1),
            lambda _e, n=name: step_pay(n, 1),
            f"pay-{name}",
            "less",
            "more",
            big=False,
        )
        for name in RESOURCES
    }
    value = number_of(people_stepper)
    pay_values = {name: number_of(row) for name, row in pay_steppers.items()}
    refresh_texts()
    pay_lines = [
        ft.Row(
            [picture(name, 34, name), ft.Text(tr(f"res.{name}"), size=16, expand=True), pay_steppers[name]],
            spacing=8,
        )
        for name in RESOURCES
    ]
    odds_lines: list[ft.Control] = [ft.Text(tr("odds.title"), size=16, weight=ft.FontWeight.BOLD)]
    for p in (0, 1):
        odds_lines.append(
            tid(
                f"odds-{p}",
                ft.Row(
                    [badge(PLAYERS[p], COLOURS[p], 24), odds_counts[p], odds_percent[p], odds_fraction[p]], spacing=8
                ),
            )
        )
    odds_lines.append(ft.Row([ft.Text(tr("odds.no_winner"), size=15, expand=True), none_percent], spacing=8))
    editor = tid(
        "migration-editor",
        ft.Container(
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            border_radius=14,
            padding=12,
            content=ft.Column(
                [
                    ft.Row([badge("Anna", "red", 40), heading("Anna", 20, expand=True)], spacing=10),
                    ft.Row([ft.Text(tr("migrate.people"), size=17, expand=True), people_stepper]),
                    hint,
                    *pay_lines,
                    tid("owed", owed),
                    ft.Column(odds_lines, spacing=4),
                    ft.Row([primary(tr("migrate.save"), lambda: None, "save-migration", ft.Icons.CHECK)]),
                    ft.Row([secondary(tr("common.cancel"), lambda: None, "cancel-migration")]),
                ],
                spacing=8,
            ),
        ),
    )
    rows: list[ft.Control] = [heading(tr("migrate.title"), 20), ft.Text(tr("migrate.hint", where=tr("area_in.stone")), size=15)]
    rows.append(editor)
    for p in (1, 2):
        rows.append(
            ft.Row(
                [
                    badge(PLAYERS[p], COLOURS[p], 44),
                    ft.Column(
                        [ft.Text(PLAYERS[p], size=17, weight=ft.FontWeight.W_600), ft.Text("stays", size=14)],
                        expand=True,
                    ),
                    secondary(tr("migrate.move"), lambda: None, f"edit-{p}", ft.Icons.ARROW_FORWARD),
                ]
            )
        )
    body = ft.Column(
        [
            *round_top(tr),
            card(ft.Row([picture("mammoth", 36), heading(tr("round.tile"), 20, expand=True)])),
            card(ft.Column(rows, spacing=6)),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    page.add(frame(tr, body, ft.IconButton(ft.Icons.UNDO)))


if __name__ == "__main__":
    serve(main, 8561, "app screen")
