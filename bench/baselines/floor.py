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
from companion.rules.state import Round, Taming
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


class Floor:
    """The round's page and the game it shows: each part of the screen built by a method,
    each tap a method that puts the changed part in place and sends one update."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.tr = Translator("en")
        seed = RESUMED_SEED if MODE == "resumed" else 11
        game = start_game(make_setup(NAMES, 0, "physical" if MODE == "printed" else "companion", seed))
        if MODE != "printed":
            game = play(game, StartRound())
        if MODE == "resumed":  # the benchmark's resumed game (bench.run.prepared_resume_dir), as it opens
            for action in RESUMED_MOVES:
                game = play(game, action)
        self.game: Game = game
        self.redo_stack: list[Game] = []
        self.draft = Draft()
        self.tumble = random.Random(3)
        self.rolling = {"on": False}
        # the editor: built on opening, its texts changed in place by the steppers
        self.texts: dict[str, ft.Text] = {}
        self.odds_box = ft.Column([])
        self.body = ft.Column([], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.bottom = ft.Column([], spacing=8)

    def mount(self) -> None:
        """The page's first screen: the round (or, with printed tiles, where the herd went)."""
        page, tr = self.page, self.tr
        page.fonts = FONTS
        page.theme, page.dark_theme = themes()
        page.padding = 0
        if MODE == "printed":
            self.body.controls = [self.picker()]
        else:
            self.show_round()
        page.add(
            ft.SafeArea(
                ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Text("Mammoth Herd", size=22, weight=ft.FontWeight.BOLD, expand=True),
                                icon_button(ft.Icons.UNDO, tr("menu.undo"), self.undo, "undo"),
                                icon_button(ft.Icons.REDO, tr("menu.redo"), self.redo, "redo"),
                                icon_button(ft.Icons.FLAG_OUTLINED, tr("menu.end"), lambda: None, "end-game"),
                            ]
                        ),
                        ft.Column([self.body], expand=True, scroll=ft.ScrollMode.AUTO),
                        self.bottom,
                    ],
                    expand=True,
                ),
                expand=True,
            )
        )

    def state(self) -> GameState:
        return self.game.state

    def now(self) -> Round:
        """The round on the table: the floor draws a round under way, never before one."""
        current = self.game.state.current
        assert current is not None
        return current

    def tamed(self) -> Taming:
        """The round's taming: read once its dice are rolled."""
        taming = self.now().taming
        assert taming is not None
        return taming

    # --- the parts of the round screen ---------------------------------------------------

    def odds_lines(self, counts: dict[int, int]) -> list[ft.Control]:
        if not counts:
            return []
        odds = win_odds(counts)
        lines: list[ft.Control] = [ft.Text(self.tr("odds.title"), size=16, weight=ft.FontWeight.BOLD)]
        for p, chance in odds.win.items():
            lines.append(
                tid(
                    f"odds-{p}",
                    ft.Row(
                        [
                            badge(NAMES[p], COLOURS[p], 24),
                            ft.Text(self.tr("odds.line", name=NAMES[p], count=counts[p]), size=15, expand=True),
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
                    ft.Text(self.tr("odds.no_winner"), size=15, expand=True),
                    ft.Text(f"{float(odds.no_winner) * 100:.1f} %", size=16, weight=ft.FontWeight.BOLD),
                ]
            )
        )
        return [ft.Column(lines, spacing=4)]

    def herd_top(self) -> list[ft.Control]:
        current = self.now()
        view = HerdView.of(self.state())
        herd = current.tile.herd.value if current.tile.herd else "wood"
        return [
            ft.Row(
                [
                    badge(NAMES[current.start_player], COLOURS[current.start_player], 32),
                    tid(
                        "start-player",
                        ft.Text(self.tr("round.start_player", name=NAMES[current.start_player]), size=16, expand=True),
                    ),
                ],
                spacing=8,
            ),
            glance(view, self.tr, current.tile, herd, None),
        ]

    def players_card(self) -> ft.Control:
        current = self.now()
        assert current.herd is not None  # the companion deck's tiles each name their herd
        rows: list[ft.Control] = [
            heading(self.tr("migrate.title"), 20),
            ft.Text(self.tr("migrate.hint", where=self.tr(f"area_in.{current.herd.value}")), size=15),
        ]
        for p in self.state().turn_order():
            migration = current.migration_of(p)
            detail = self.tr("migrate.moves", name=NAMES[p], count=migration.people) if migration else NAMES[p]
            sub = self.tr("migrate.paid", payment="1 food") if migration else self.tr("migrate.stays")
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
                                    ft.Text(self.tr("tally.tiles", count=self.state().tallies[p]), size=13),
                                ],
                                spacing=0,
                                expand=True,
                            ),
                            secondary(
                                self.tr("migrate.change" if migration else "migrate.move"),
                                lambda _e=None, p=p: self.open_editor(p),
                                f"edit-{p}",
                                ft.Icons.ARROW_FORWARD,
                            ),
                        ],
                        spacing=10,
                    ),
                )
            )
        rows += self.odds_lines(current.dice_counts)
        return card(ft.Column(rows, spacing=6), identifier="players-card")

    def toggles(self) -> list[ft.Control]:
        return [
            ft.Row([secondary(self.tr("log.show"), lambda: None, "toggle-log", ft.Icons.LIST_ALT, expand=True)]),
            ft.Row(
                [
                    secondary(
                        self.tr("summary.show"), lambda: None, "toggle-summary", ft.Icons.LEADERBOARD_OUTLINED, True
                    )
                ]
            ),
        ]

    def thumb_bar(self) -> list[ft.Control]:
        if not self.now().migrations:
            return [ft.Row([primary(self.tr("tame.nobody"), self.roll, "roll", ft.Icons.INVENTORY_2_OUTLINED)])]
        return [
            ft.Row([primary(self.tr("tame.roll"), self.roll, "roll", ft.Icons.CASINO)]),
            ft.Row([secondary(self.tr("tame.by_hand"), lambda: None, "enter-dice", ft.Icons.EDIT_NOTE, expand=True)]),
        ]

    def dice_rows(self, faces: dict[int, list[int]] | None) -> ft.Control:
        taming = self.tamed()
        position = taming.decision.position if taming.decision else None
        rows: list[ft.Control] = []
        for p, dice in taming.dice:
            winner = taming.winner == p
            lit = position if winner and faces is None else None
            shown = faces[p] if faces else list(dice)
            rows.append(dice_line(p, badge(NAMES[p], COLOURS[p], 36), NAMES[p], shown, winner, lit))
        return ft.Column(rows, spacing=8)

    def result_card(self, faces: dict[int, list[int]] | None) -> ft.Control:
        taming = self.tamed()
        parts: list[ft.Control] = [heading(self.tr("result.title"), 20)]
        if faces is not None:
            if taming.dice:
                parts.append(self.dice_rows(faces))
            parts.append(
                ft.Row(
                    [
                        ft.Text(self.tr("tame.rolling"), size=18, expand=True),
                        secondary(self.tr("tame.skip"), lambda: None, "skip-animation"),
                    ]
                )
            )
            return card(ft.Column(parts, spacing=GAP), identifier="result-card")
        parts += settled_lines(self.tr, "en", NAMES, taming)
        if taming.dice:
            parts.append(self.dice_rows(None))
        parts.append(handout_list(self.tr, NAMES, self.now(), lambda p: badge(NAMES[p], COLOURS[p], 32)))
        return card(ft.Column(parts, spacing=GAP), identifier="result-card")

    def choice_column(self) -> list[ft.Control]:
        current = self.now()
        taming = current.taming
        if taming is None or taming.winner is None:
            return []
        options = (("first", Choice.FIRST), ("all", Choice.ALL))
        return [
            ft.Column(
                [
                    ft.Text(self.tr("result.choose", name=NAMES[taming.winner]), size=16),
                    ft.Row(
                        [
                            tonal(
                                self.tr(f"result.take_{o}"),
                                lambda _e=None, c=c: self.choose(c),
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

    def settled_bar(self) -> list[ft.Control]:
        n = self.state().round_number
        return [
            *self.choice_column(),
            ft.Row([primary(self.tr("round.next"), lambda: self.next_round(n), "next-round", ft.Icons.ARROW_FORWARD)]),
        ]

    def picker(self) -> ft.Control:
        buttons = [
            tid(
                f"herd-pick-{area.value}",
                ft.Container(
                    ft.Column(
                        [
                            area_picture(area.value, "", 140),
                            ft.Text(self.tr(f"area_name.{area.value}"), size=18, text_align=ft.TextAlign.CENTER),
                        ],
                        spacing=4,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    on_click=lambda _e, a=area: self.pick_herd(a),
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
        steps = [self.tr("herd_pick.step_look"), self.tr("herd_pick.step_move"), self.tr("herd_pick.step_tap")]
        return card(
            ft.Column(
                [
                    heading(self.tr("herd_pick.title", n=self.state().round_number + 1), 22),
                    ft.Column([ft.Text(f"{i}. {t}", size=16) for i, t in enumerate(steps, 1)], spacing=4),
                    ft.Row(buttons[:2], spacing=GAP),
                    ft.Row(buttons[2:], spacing=GAP),
                    ft.Text(self.tr("round.tiles_left", count=len(self.state().pile)), size=15),
                    ft.Row(
                        [
                            secondary(
                                self.tr("herd_pick.back"), lambda: None, "herd-pick-cancel", ft.Icons.ARROW_BACK, True
                            )
                        ]
                    ),
                ],
                spacing=GAP,
            ),
            identifier="physical-herd",
        )

    def refresh_editor(self, player: int) -> list[ft.Control]:
        counts = self.now().dice_counts
        counts[player] = self.draft.people
        self.texts["people"].value = str(self.draft.people)
        self.texts["hint"].value = self.tr("migrate.pay_hint", count=self.draft.people)
        self.texts["owed"].value = owed_status(self.tr, self.draft.owed)
        self.texts["owed"].color = ft.Colors.ERROR if self.draft.owed else ft.Colors.PRIMARY
        for name in RESOURCES:
            self.texts[name].value = str(self.draft.pay.get(name, 0))
        self.odds_box.controls = self.odds_lines(counts)
        return [
            self.texts["people"],
            self.texts["hint"],
            self.texts["owed"],
            *(self.texts[n] for n in RESOURCES),
            self.odds_box,
        ]

    def step(self, player: int, name: str | None, delta: int) -> None:
        if name is None:
            self.draft.step_people(delta)
        else:
            self.draft.step_pay(name, delta)
        self.page.update(*self.refresh_editor(player))

    def number_of(self, row: ft.Control) -> ft.Text:
        text: ft.Text = row.controls[1].content  # type: ignore[attr-defined]
        return text

    def editor(self, player: int) -> ft.Control:
        people = stepper(
            self.draft.people,
            lambda: self.step(player, None, -1),
            lambda: self.step(player, None, 1),
            "people",
            "fewer",
            "more",
        )
        self.texts["people"] = self.number_of(people)
        self.texts["hint"] = ft.Text("", size=14)
        self.texts["owed"] = ft.Text("", size=16, weight=ft.FontWeight.BOLD)
        lines: list[ft.Control] = []
        for name in RESOURCES:
            row = stepper(
                self.draft.pay.get(name, 0),
                lambda _e=None, n=name: self.step(player, n, -1),
                lambda _e=None, n=name: self.step(player, n, 1),
                f"pay-{name}",
                "less",
                "more",
                big=False,
            )
            self.texts[name] = self.number_of(row)
            lines.append(
                ft.Row([picture(name, 34, name), ft.Text(self.tr(f"res.{name}"), size=16, expand=True), row], spacing=8)
            )
        self.refresh_editor(player)
        return editor_frame(
            "migration-editor",
            [
                ft.Row(
                    [
                        badge(NAMES[player], COLOURS[player], 36),
                        ft.Column(
                            [heading(NAMES[player], 18), ft.Text(self.tr("migrate.people"), size=14)], expand=True
                        ),
                        people,
                    ],
                    spacing=8,
                ),
                self.texts["hint"],
                *lines,
                tid("owed", self.texts["owed"]),
                ft.Row([primary(self.tr("migrate.save"), lambda: self.save(player), "save-migration", ft.Icons.CHECK)]),
                ft.Row([secondary(self.tr("common.cancel"), self.cancel, "cancel-migration", expand=True)]),
                self.odds_box,
            ],
        )

    # --- the taps -----------------------------------------------------------------------------

    def show_round(self) -> None:
        self.body.controls = [*self.herd_top(), self.players_card(), *self.toggles()]
        self.bottom.controls = self.thumb_bar()

    def open_editor(self, player: int) -> None:
        self.draft.reset(1, {"food": 1})
        self.body.controls = [self.editor(player)]
        self.bottom.controls = []
        self.page.update()

    def save(self, player: int) -> None:
        payment = Payment(**{n: v for n, v in self.draft.pay.items() if v})
        self.game = play(self.game, Migrate(player, self.draft.people, payment))
        self.redo_stack.clear()
        self.show_round()
        self.page.update()

    async def tumble_dice(self) -> None:
        taming = self.tamed()
        for _ in range(6):
            await asyncio.sleep(0.09)
            if not self.rolling["on"]:
                return
            self.body.controls[-3] = self.result_card(
                {p: [self.tumble.randint(1, 6) for _ in d] for p, d in taming.dice}
            )
            self.page.update()
        self.rolling["on"] = False
        self.settle()

    def settle(self) -> None:
        self.body.controls[-3] = self.result_card(None)
        self.bottom.controls = self.settled_bar()
        self.page.update()

    def roll(self) -> None:
        self.game = play(self.game, Roll())
        self.redo_stack.clear()
        taming = self.tamed()
        self.body.controls[-3] = self.result_card({p: list(d) for p, d in taming.dice})
        self.bottom.controls = []
        self.page.update()
        self.rolling["on"] = True
        self.page.run_task(self.tumble_dice)

    def cancel(self) -> None:
        self.show_round()
        self.page.update()

    def undo(self) -> None:
        self.rolling["on"] = False
        undoing = self.game.done[-1][1] if self.game.done else None
        self.redo_stack.append(self.game)
        self.game = undo_game(self.game)
        if isinstance(undoing, StartRound) and MODE == "printed":  # back to where the herd went
            self.body.controls = [self.picker()]
            self.bottom.controls = []
        elif isinstance(undoing, StartRound):  # back to the round before, settled
            self.body.controls = [*self.herd_top(), self.result_card(None), *self.toggles()]
            self.bottom.controls = self.settled_bar()
        elif isinstance(undoing, Migrate):  # the editor again, as it was recorded (the app's Undo)
            self.draft.reset(undoing.people, {resource.value: n for resource, n in undoing.payment.items()})
            self.body.controls = [self.editor(undoing.player)]
            self.bottom.controls = []
        elif self.state().phase is Phase.MIGRATION:
            self.body.controls[-3] = self.players_card()
            self.bottom.controls = self.thumb_bar()
        self.page.update()

    def redo(self) -> None:
        if self.redo_stack:
            self.game = self.redo_stack.pop()
            self.settle()

    def choose(self, choice: Choice) -> None:
        self.game = play(self.game, Choose(choice))
        self.body.controls[-3] = self.result_card(None)
        self.bottom.controls = self.settled_bar()
        self.page.update()

    def next_round(self, number: int) -> None:
        if self.state().round_number != number:
            return
        if MODE == "printed":
            self.body.controls = [self.picker()]
            self.bottom.controls = []
            self.page.update()
            return
        self.start(None)

    def start(self, herd: Resource | None) -> None:
        self.game = play(self.game, StartRound(herd))
        self.redo_stack.clear()
        self.show_round()
        self.page.update()

    def pick_herd(self, area: Resource) -> None:
        """Printed tiles: the round starts with the tile's bonuses asked first, as in the app."""
        self.game = play(self.game, StartRound(area))
        self.redo_stack.clear()
        self.show_round()
        self.body.controls.insert(0, self.tile_editor())
        self.bottom.controls = []
        self.page.update()

    def skip_tile(self) -> None:
        self.body.controls.pop(0)
        self.bottom.controls = self.thumb_bar()
        self.page.update()

    def tile_editor(self) -> ft.Control:
        def part(which: Choice, label: str) -> ft.Control:
            ink = choice_ink(which is Choice.FIRST)
            content = ft.Column(
                [
                    ft.Text(label, size=18, weight=ft.FontWeight.BOLD, color=ink),
                    ft.Text(self.tr("tile.nothing"), size=13, color=ink),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            return choice_box(f"tile-part-{which.value}", content, which is Choice.FIRST, None, True, TOUCH + 12, 8)

        return editor_frame(
            "tile-editor",
            [
                heading(self.tr("tile.title"), 20),
                ft.Text(self.tr("tile.hint"), size=15),
                ft.Row([part(Choice.FIRST, "1."), part(Choice.ALL, self.tr("round.all"))], spacing=8),
                ft.Text(self.tr("tile.which", part="1."), size=15),
                ft.Row(
                    [good_chip(self.tr, kind.value, False, lambda: None) for kind in BonusKind],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
                ft.Row([primary(self.tr("tile.save"), lambda: None, "tile-save", ft.Icons.CHECK)]),
                ft.Row([secondary(self.tr("tile.skip"), self.skip_tile, "tile-skip", ft.Icons.SKIP_NEXT, expand=True)]),
            ],
            spacing=GAP - 2,
        )


def main(page: ft.Page) -> None:
    Floor(page).mount()


if __name__ == "__main__":
    serve(main, 8563, f"per-tap floors ({MODE})")
