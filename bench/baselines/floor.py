"""The per-tap floors: the app's round in plain imperative Flet.

One page plays the same game the benchmark plays in the app, through the app's own
rules (``companion.rules``), and shows it with the app's own widgets at phone size.
Every tap kind makes the same visible change the app makes, the simplest imperative
way: the card that changes is built anew and put in place, the texts a stepper
changes are set in place, and one ``page.update()`` sends it. No components, no
re-render of the rest, no diff.

- open editor: the round's body becomes the migration editor (a phone shows it alone);
- people / payment stepper: the number, the hint, the owed line and the odds change;
- record: the round's body comes back with the player's row saying what they moved;
- roll: the players card becomes the result card with tumbling dice (six frames,
  90 ms apart, as the app), the thumb bar goes;
- undo: the players card and the thumb bar come back (an undone round start shows the
  round before, or the herd picker with printed tiles; an undone migration, the editor
  again with what was recorded, as the app's Undo does; untimed, these set up the next tap);
- cancel (untimed): the editor closes and the round's body comes back;
- redo: the settled result card, the winner's choice and Next round;
- bonus choice: the two choices and the hand-out list change;
- next round: a new round's body (herd card, players card) and thumb bar;
- herd pick (``printed`` mode): the herd picker becomes the round's body, the tile's
  bonuses asked first (the app asks them each round); Skip then takes that card away.

``python bench/baselines/floor.py PORT [deck|printed]``.  What a tap kind costs here
over the bare counter is what that change costs in Flet on this machine; what the app
costs over this page is the app's own.
"""

from __future__ import annotations

import asyncio
import random
import sys

import flet as ft
from serving import COLOURS, serve

from companion.i18n import Translator
from companion.rules import (
    HERD_AREAS,
    BonusKind,
    Choice,
    Choose,
    Game,
    GameState,
    Migrate,
    Payment,
    Phase,
    Resource,
    Roll,
    StartRound,
    make_setup,
    play,
    start_game,
)
from companion.rules import undo as undo_game
from companion.rules.odds import win_odds
from companion.ui.components.herd_pane import HerdView, glance
from companion.ui.components.migration_editor import owed_status
from companion.ui.components.result_card import dice_line, handout_list, settled_lines
from companion.ui.components.tile_bonus_editor import good_chip
from companion.ui.drafts.migration import RESOURCES, Draft
from companion.ui.theme import FONTS, GAP, TOUCH, themes
from companion.ui.widgets import (
    area_picture,
    badge,
    card,
    choice_box,
    choice_ink,
    editor_frame,
    heading,
    icon_button,
    picture,
    primary,
    secondary,
    stepper,
    tid,
    tonal,
)

NAMES = ["Anna", "Bert", "Chloé"]
MODE = sys.argv[2] if len(sys.argv) > 2 else "deck"
#: ``resumed``: the page opens on the round of the benchmark's resumed game (two players
#: have moved people), the floor of that first screen.
RESUMED_SEED = 3
RESUMED_MOVES = (Migrate(0, 2, Payment(food=1, wood=1)), Migrate(1, 1, Payment(food=1)))


def main(page: ft.Page) -> None:
    page.fonts = FONTS
    page.theme, page.dark_theme = themes()
    page.padding = 0
    tr = Translator("en")
    game: Game = start_game(
        make_setup(
            NAMES, 0, "physical" if MODE == "printed" else "companion", RESUMED_SEED if MODE == "resumed" else 11
        )
    )
    if MODE != "printed":
        game = play(game, StartRound())
    if MODE == "resumed":  # the benchmark's resumed game (bench.run.prepared_resume_dir), as it opens
        for action in RESUMED_MOVES:
            game = play(game, action)
    redo_stack: list[Game] = []
    draft = Draft()
    tumble = random.Random(3)
    rolling = {"on": False}

    def state() -> GameState:
        return game.state

    # --- the parts of the round screen ---------------------------------------------------
    def odds_lines(counts: dict[int, int]) -> list[ft.Control]:
        if not counts:
            return []
        odds = win_odds(counts)
        lines: list[ft.Control] = [ft.Text(tr("odds.title"), size=16, weight=ft.FontWeight.BOLD)]
        for p, chance in odds.win.items():
            lines.append(
                tid(
                    f"odds-{p}",
                    ft.Row(
                        [
                            badge(NAMES[p], COLOURS[p], 24),
                            ft.Text(tr("odds.line", name=NAMES[p], count=counts[p]), size=15, expand=True),
                            ft.Text(f"{float(chance) * 100:.1f} %", size=16, weight=ft.FontWeight.BOLD),
                            ft.Text(f"{chance.numerator}/{chance.denominator}", size=12, width=90),
                        ],
                        spacing=8,
                    ),
                )
            )
        lines.append(
            ft.Row(
                [
                    ft.Text(tr("odds.no_winner"), size=15, expand=True),
                    ft.Text(f"{float(odds.no_winner) * 100:.1f} %", size=16, weight=ft.FontWeight.BOLD),
                ]
            )
        )
        return [ft.Column(lines, spacing=4)]

    def herd_top() -> list[ft.Control]:
        current = state().current
        view = HerdView.of(state())
        herd = current.tile.herd.value if current.tile.herd else "wood"
        return [
            ft.Row(
                [
                    badge(NAMES[current.start_player], COLOURS[current.start_player], 32),
                    tid(
                        "start-player",
                        ft.Text(tr("round.start_player", name=NAMES[current.start_player]), size=16, expand=True),
                    ),
                ],
                spacing=8,
            ),
            glance(view, tr, current.tile, herd, None),
        ]

    def players_card() -> ft.Control:
        current = state().current
        rows: list[ft.Control] = [
            heading(tr("migrate.title"), 20),
            ft.Text(tr("migrate.hint", where=tr(f"area_in.{current.herd.value}")), size=15),
        ]
        for p in state().turn_order():
            migration = current.migration_of(p)
            detail = tr("migrate.moves", name=NAMES[p], count=migration.people) if migration else NAMES[p]
            sub = tr("migrate.paid", payment="1 food") if migration else tr("migrate.stays")
            rows.append(
                tid(
                    f"player-{p}",
                    ft.Row(
                        [
                            badge(NAMES[p], COLOURS[p], 44),
                            ft.Column(
                                [
                                    ft.Text(detail, size=17, weight=ft.FontWeight.W_600),
                                    ft.Text(sub, size=14),
                                    ft.Text(tr("tally.tiles", count=state().tallies[p]), size=13),
                                ],
                                spacing=0,
                                expand=True,
                            ),
                            secondary(
                                tr("migrate.change" if migration else "migrate.move"),
                                lambda _e=None, p=p: open_editor(p),
                                f"edit-{p}",
                                ft.Icons.ARROW_FORWARD,
                            ),
                        ],
                        spacing=10,
                    ),
                )
            )
        rows += odds_lines(current.dice_counts)
        return card(ft.Column(rows, spacing=6), identifier="players-card")

    def toggles() -> list[ft.Control]:
        return [
            ft.Row([secondary(tr("log.show"), lambda: None, "toggle-log", ft.Icons.LIST_ALT, expand=True)]),
            ft.Row(
                [secondary(tr("summary.show"), lambda: None, "toggle-summary", ft.Icons.LEADERBOARD_OUTLINED, True)]
            ),
        ]

    def thumb_bar() -> list[ft.Control]:
        if not state().current.migrations:
            return [ft.Row([primary(tr("tame.nobody"), roll, "roll", ft.Icons.INVENTORY_2_OUTLINED)])]
        return [
            ft.Row([primary(tr("tame.roll"), roll, "roll", ft.Icons.CASINO)]),
            ft.Row([secondary(tr("tame.by_hand"), lambda: None, "enter-dice", ft.Icons.EDIT_NOTE, expand=True)]),
        ]

    def dice_rows(faces: dict[int, list[int]] | None) -> ft.Control:
        taming = state().current.taming
        position = taming.decision.position if taming.decision else None
        rows: list[ft.Control] = []
        for p, dice in taming.dice:
            winner = taming.winner == p
            lit = position if winner and faces is None else None
            shown = faces[p] if faces else list(dice)
            rows.append(dice_line(p, badge(NAMES[p], COLOURS[p], 36), NAMES[p], shown, winner, lit))
        return ft.Column(rows, spacing=8)

    def result_card(faces: dict[int, list[int]] | None) -> ft.Control:
        taming = state().current.taming
        parts: list[ft.Control] = [heading(tr("result.title"), 20)]
        if faces is not None:
            if taming.dice:
                parts.append(dice_rows(faces))
            parts.append(
                ft.Row(
                    [
                        ft.Text(tr("tame.rolling"), size=18, expand=True),
                        secondary(tr("tame.skip"), lambda: None, "skip-animation"),
                    ]
                )
            )
            return card(ft.Column(parts, spacing=GAP), identifier="result-card")
        parts += settled_lines(tr, "en", NAMES, taming)
        if taming.dice:
            parts.append(dice_rows(None))
        parts.append(handout_list(tr, NAMES, state().current, lambda p: badge(NAMES[p], COLOURS[p], 32)))
        return card(ft.Column(parts, spacing=GAP), identifier="result-card")

    def choice_column() -> list[ft.Control]:
        current = state().current
        taming = current.taming
        if taming is None or taming.winner is None:
            return []
        options = (("first", Choice.FIRST), ("all", Choice.ALL))
        return [
            ft.Column(
                [
                    ft.Text(tr("result.choose", name=NAMES[taming.winner]), size=16),
                    ft.Row(
                        [
                            tonal(
                                tr(f"result.take_{o}"),
                                lambda _e=None, c=c: choose(c),
                                f"choose-{o}",
                                selected=current.winner_choice is c,
                                expand=True,
                            )
                            for o, c in options
                        ],
                        spacing=8,
                    ),
                ],
                spacing=6,
            )
        ]

    def settled_bar() -> list[ft.Control]:
        n = state().round_number
        return [
            *choice_column(),
            ft.Row([primary(tr("round.next"), lambda: next_round(n), "next-round", ft.Icons.ARROW_FORWARD)]),
        ]

    def picker() -> ft.Control:
        buttons = [
            tid(
                f"herd-pick-{area.value}",
                ft.Container(
                    ft.Column(
                        [
                            area_picture(area.value, "", 140),
                            ft.Text(tr(f"area_name.{area.value}"), size=18, text_align=ft.TextAlign.CENTER),
                        ],
                        spacing=4,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    on_click=lambda _e, a=area: pick_herd(a),
                    ink=True,
                    bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    border=ft.Border.all(2, ft.Colors.OUTLINE),
                    border_radius=14,
                    padding=ft.Padding.symmetric(horizontal=6, vertical=10),
                    expand=True,
                ),
            )
            for area in HERD_AREAS
        ]
        steps = [tr("herd_pick.step_look"), tr("herd_pick.step_move"), tr("herd_pick.step_tap")]
        return card(
            ft.Column(
                [
                    heading(tr("herd_pick.title", n=state().round_number + 1), 22),
                    ft.Column([ft.Text(f"{i}. {t}", size=16) for i, t in enumerate(steps, 1)], spacing=4),
                    ft.Row(buttons[:2], spacing=GAP),
                    ft.Row(buttons[2:], spacing=GAP),
                    ft.Text(tr("round.tiles_left", count=len(state().pile)), size=15),
                    ft.Row(
                        [secondary(tr("herd_pick.back"), lambda: None, "herd-pick-cancel", ft.Icons.ARROW_BACK, True)]
                    ),
                ],
                spacing=GAP,
            ),
            identifier="physical-herd",
        )

    # --- the editor: built on opening, its texts changed in place by the steppers ----------
    texts: dict[str, ft.Text] = {}
    odds_box = ft.Column([])

    def refresh_editor(player: int) -> list[ft.Control]:
        counts = state().current.dice_counts
        counts[player] = draft.people
        texts["people"].value = str(draft.people)
        texts["hint"].value = tr("migrate.pay_hint", count=draft.people)
        texts["owed"].value = owed_status(tr, draft.owed)
        texts["owed"].color = ft.Colors.ERROR if draft.owed else ft.Colors.PRIMARY
        for name in RESOURCES:
            texts[name].value = str(draft.pay.get(name, 0))
        odds_box.controls = odds_lines(counts)
        return [texts["people"], texts["hint"], texts["owed"], *(texts[n] for n in RESOURCES), odds_box]

    def step(player: int, name: str | None, delta: int) -> None:
        if name is None:
            draft.step_people(delta)
        else:
            draft.step_pay(name, delta)
        page.update(*refresh_editor(player))

    def number_of(row: ft.Control) -> ft.Text:
        text: ft.Text = row.controls[1].content  # type: ignore[attr-defined]
        return text

    def editor(player: int) -> ft.Control:
        people = stepper(
            draft.people, lambda: step(player, None, -1), lambda: step(player, None, 1), "people", "fewer", "more"
        )
        texts["people"] = number_of(people)
        texts["hint"] = ft.Text("", size=14)
        texts["owed"] = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        lines: list[ft.Control] = []
        for name in RESOURCES:
            row = stepper(
                draft.pay.get(name, 0),
                lambda _e=None, n=name: step(player, n, -1),
                lambda _e=None, n=name: step(player, n, 1),
                f"pay-{name}",
                "less",
                "more",
                big=False,
            )
            texts[name] = number_of(row)
            lines.append(
                ft.Row([picture(name, 34, name), ft.Text(tr(f"res.{name}"), size=16, expand=True), row], spacing=8)
            )
        refresh_editor(player)
        return editor_frame(
            "migration-editor",
            [
                ft.Row(
                    [
                        badge(NAMES[player], COLOURS[player], 36),
                        ft.Column([heading(NAMES[player], 18), ft.Text(tr("migrate.people"), size=14)], expand=True),
                        people,
                    ],
                    spacing=8,
                ),
                texts["hint"],
                *lines,
                tid("owed", texts["owed"]),
                ft.Row([primary(tr("migrate.save"), lambda: save(player), "save-migration", ft.Icons.CHECK)]),
                ft.Row([secondary(tr("common.cancel"), cancel, "cancel-migration", expand=True)]),
                odds_box,
            ],
        )

    # --- the taps -----------------------------------------------------------------------------
    def show_round() -> None:
        body.controls = [*herd_top(), players_card(), *toggles()]
        bottom.controls = thumb_bar()

    def open_editor(player: int) -> None:
        draft.reset(1, {"food": 1})
        body.controls = [editor(player)]
        bottom.controls = []
        page.update()

    def save(player: int) -> None:
        nonlocal game
        payment = Payment(**{n: v for n, v in draft.pay.items() if v})
        game = play(game, Migrate(player, draft.people, payment))
        redo_stack.clear()
        show_round()
        page.update()

    async def tumble_dice() -> None:
        taming = state().current.taming
        for _ in range(6):
            await asyncio.sleep(0.09)
            if not rolling["on"]:
                return
            body.controls[-3] = result_card({p: [tumble.randint(1, 6) for _ in d] for p, d in taming.dice})
            page.update()
        rolling["on"] = False
        settle()

    def settle() -> None:
        body.controls[-3] = result_card(None)
        bottom.controls = settled_bar()
        page.update()

    def roll() -> None:
        nonlocal game
        game = play(game, Roll())
        redo_stack.clear()
        taming = state().current.taming
        body.controls[-3] = result_card({p: list(d) for p, d in taming.dice})
        bottom.controls = []
        page.update()
        rolling["on"] = True
        page.run_task(tumble_dice)

    def cancel() -> None:
        show_round()
        page.update()

    def undo() -> None:
        nonlocal game
        rolling["on"] = False
        undoing = game.done[-1][1] if game.done else None
        redo_stack.append(game)
        game = undo_game(game)
        if isinstance(undoing, StartRound) and MODE == "printed":  # back to where the herd went
            body.controls = [picker()]
            bottom.controls = []
        elif isinstance(undoing, StartRound):  # back to the round before, settled
            body.controls = [*herd_top(), result_card(None), *toggles()]
            bottom.controls = settled_bar()
        elif isinstance(undoing, Migrate):  # the editor again, as it was recorded (the app's Undo)
            draft.reset(undoing.people, {resource.value: n for resource, n in undoing.payment.items()})
            body.controls = [editor(undoing.player)]
            bottom.controls = []
        elif state().phase is Phase.MIGRATION:
            body.controls[-3] = players_card()
            bottom.controls = thumb_bar()
        page.update()

    def redo() -> None:
        nonlocal game
        if redo_stack:
            game = redo_stack.pop()
            settle()

    def choose(choice: Choice) -> None:
        nonlocal game
        game = play(game, Choose(choice))
        body.controls[-3] = result_card(None)
        bottom.controls = settled_bar()
        page.update()

    def next_round(number: int) -> None:
        if state().round_number != number:
            return
        if MODE == "printed":
            body.controls = [picker()]
            bottom.controls = []
            page.update()
            return
        start(None)

    def start(herd: Resource | None) -> None:
        nonlocal game
        game = play(game, StartRound(herd))
        redo_stack.clear()
        show_round()
        page.update()

    def pick_herd(area: Resource) -> None:
        """Printed tiles: the round starts with the tile's bonuses asked first, as in the app."""
        nonlocal game
        game = play(game, StartRound(area))
        redo_stack.clear()
        show_round()
        body.controls.insert(0, tile_editor())
        bottom.controls = []
        page.update()

    def skip_tile() -> None:
        body.controls.pop(0)
        bottom.controls = thumb_bar()
        page.update()

    def tile_editor() -> ft.Control:
        def part(which: Choice, label: str) -> ft.Control:
            ink = choice_ink(which is Choice.FIRST)
            content = ft.Column(
                [
                    ft.Text(label, size=18, weight=ft.FontWeight.BOLD, color=ink),
                    ft.Text(tr("tile.nothing"), size=13, color=ink),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            return choice_box(f"tile-part-{which.value}", content, which is Choice.FIRST, None, True, TOUCH + 12, 8)

        return editor_frame(
            "tile-editor",
            [
                heading(tr("tile.title"), 20),
                ft.Text(tr("tile.hint"), size=15),
                ft.Row([part(Choice.FIRST, "1."), part(Choice.ALL, tr("round.all"))], spacing=8),
                ft.Text(tr("tile.which", part="1."), size=15),
                ft.Row(
                    [good_chip(tr, kind.value, False, lambda: None) for kind in BonusKind],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
                ft.Row([primary(tr("tile.save"), lambda: None, "tile-save", ft.Icons.CHECK)]),
                ft.Row([secondary(tr("tile.skip"), skip_tile, "tile-skip", ft.Icons.SKIP_NEXT, expand=True)]),
            ],
            spacing=GAP - 2,
        )

    body = ft.Column([], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    bottom = ft.Column([], spacing=8)
    if MODE == "printed":
        body.controls = [picker()]
    else:
        show_round()
    page.add(
        ft.SafeArea(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text("Mammoth Herd", size=22, weight=ft.FontWeight.BOLD, expand=True),
                            icon_button(ft.Icons.UNDO, tr("menu.undo"), undo, "undo"),
                            icon_button(ft.Icons.REDO, tr("menu.redo"), redo, "redo"),
                            icon_button(ft.Icons.FLAG_OUTLINED, tr("menu.end"), lambda: None, "end-game"),
                        ]
                    ),
                    ft.Column([body], expand=True, scroll=ft.ScrollMode.AUTO),
                    bottom,
                ],
                expand=True,
            ),
            expand=True,
        )
    )


if __name__ == "__main__":
    serve(main, 8563, f"per-tap floors ({MODE})")
