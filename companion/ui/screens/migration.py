"""Migration: who moved how many people to the tile, and how they paid; live odds."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import flet as ft

from ...i18n import Translator
from ...rules import GameState, win_odds
from ...rules.legal import area_closed_to_more_players, area_user_limit, can_migrate, people_limits
from ...rules.resources import Resource
from ..drafts.migration import Draft
from ..memo import memo
from ..model import AppModel
from ..theme import GAP
from ..widgets import badge, card, heading, picture, primary, secondary, stepper, tid
from .herd import colour_of


def payment_text(model: AppModel, items: list[tuple[str, int]]) -> str:
    tr = model.session.tr
    return ", ".join(tr(f"bonus.{name}", count=n) for name, n in items if n)


def players_pane(model: AppModel) -> ft.Control:
    """Every player in turn order: tiles held, migration, and the editor."""
    assert model.play.game is not None
    tr = model.session.tr
    state = model.play.game.state
    current = state.current
    assert current is not None
    rows: list[ft.Control] = [
        heading(tr("migrate.title"), 20),
        ft.Text(tr("migrate.hint", area=tr(f"area.{current.herd.value if current.herd else ''}")), size=15),
    ]
    for player in state.turn_order():
        name = state.players[player]
        migration = current.migration_of(player)
        if model.migration.editing == player:
            rows.append(Editor(model, DraftRef(model.migration.draft), player, key=f"editor-{player}"))
            continue
        if migration:
            detail = tr("migrate.moves", name=name, count=migration.people)
            paid = payment_text(model, [(r.value, n) for r, n in migration.payment.items()])
            sub = tr("migrate.paid", payment=paid)
            button, can = tr("migrate.change"), True
        else:
            detail = name
            sub = tr("migrate.stays")
            button, can = tr("migrate.move"), can_migrate(state, player)
        rows.append(
            PlayerRowMemo(
                player=player,
                name=name,
                colour=colour_of(model.play.game, player),
                detail=detail,
                sub=sub,
                tally=tr("tally.tiles", count=state.tallies[player]),
                button=button,
                moved=migration is not None,
                edit=model.migration.edit if can else None,
                key=f"player-row-{player}",
            )
        )
    if area_closed_to_more_players(state):
        rows.append(ft.Text(tr("migrate.limit", count=area_user_limit(state)), size=14, italic=True))
    if model.migration.editing is None:
        rows.append(OddsMemo(state=state, dice=dice_counts(state), lang=model.session.lang, key="odds-lines"))
    return card(ft.Column(rows, spacing=6), identifier="players-card")


def dice_counts(state: GameState, editing: int | None = None, people: int = 0) -> tuple[tuple[int, int], ...]:
    """(player, dice) for everybody on the tile, with the migration being edited counted as ``people``."""
    counts = {m.player: m.people for m in state.current.migrations} if state.current else {}
    if editing is not None:
        counts[editing] = people
    return tuple(sorted(counts.items()))


def owed_status(tr: Translator, owed: int) -> str:
    """What is still owed for the people moved, or what was paid too much."""
    if owed > 0:
        return tr("migrate.owed", count=owed)
    if owed < 0:
        return tr("migrate.overpaid", count=-owed)
    return tr("migrate.paid_full")


@ft.component
def PlayerRow(
    player: int,
    name: str,
    colour: str | None,
    detail: str,
    sub: str,
    tally: str,
    button: str,
    moved: bool,
    edit: Callable[[int], None] | None,
    key: str | None = None,
) -> ft.Control:
    """One player's line: who moves how many, what they paid, tiles held (memoized)."""
    action = secondary(
        button,
        (lambda: edit(player)) if edit else None,
        f"edit-{player}",
        ft.Icons.EDIT if moved else ft.Icons.ARROW_FORWARD,
    )
    return tid(
        f"player-{player}",
        ft.Container(
            padding=ft.Padding.symmetric(vertical=6),
            content=ft.Row(
                [
                    badge(name, colour, 44),
                    ft.Column(
                        [
                            ft.Text(detail, size=17, weight=ft.FontWeight.W_600, max_lines=2),
                            ft.Text(sub, size=14, max_lines=2),
                            tid(f"tally-{player}", ft.Text(tally, size=14)),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    action,
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=10,
            ),
        ),
    )


PlayerRowMemo = memo(PlayerRow)


class DraftRef:
    """Hands the draft to the editor shell without subscribing the shell to it:
    only the small parts that show the draft re-render on a stepper tap."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft


@ft.component
def PayLine(
    resource: str, value: int, can_add: bool, step: Callable[[str, int], None], lang: str, key: str | None = None
) -> ft.Control:
    """One payment line (memoized: rebuilt only when its own numbers change)."""
    tr = Translator(lang)
    label = tr(f"res.{resource}")
    return ft.Row(
        [
            picture(resource, 34, label),
            ft.Text(label, size=16, expand=True),
            stepper(
                value,
                (lambda _e: step(resource, -1)) if value > 0 else None,
                (lambda _e: step(resource, 1)) if can_add else None,
                f"pay-{resource}",
                tr("migrate.less", what=label),
                tr("migrate.more", what=label),
                big=False,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=8,
    )


PayLineMemo = memo(PayLine)


@ft.component
def DraftLines(draft: Draft, state: GameState, player: int, lang: str, key: str | None = None) -> ft.Control:
    """Everything a stepper tap changes, in one component: one render, one diff and one
    message per tap. The payment lines and the odds are memoized inside it."""
    tr = Translator(lang)
    owed = draft.owed
    fewest, most = people_limits(state, player)
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(tr("migrate.people"), size=17, expand=True),
                    stepper(
                        draft.people,
                        (lambda: draft.step_people(-1)) if draft.people > fewest else None,
                        (lambda: draft.step_people(1)) if draft.people < most else None,
                        "people",
                        tr("migrate.fewer"),
                        tr("migrate.more_people"),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.Text(tr("migrate.pay_hint", count=draft.people), size=14),
            *[
                PayLineMemo(
                    resource=resource.value,
                    value=draft.pay.get(resource.value, 0),
                    can_add=owed > 0 or resource is not Resource.FOOD,
                    step=draft.step_pay,
                    lang=lang,
                    key=f"pay-line-{resource.value}",
                )
                for resource in Resource
            ],
            tid(
                "owed",
                ft.Text(
                    owed_status(tr, owed),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ERROR if owed else ft.Colors.PRIMARY,
                ),
            ),
            OddsMemo(state=state, dice=dice_counts(state, player, draft.people), lang=lang, key="odds-lines"),
        ],
        spacing=GAP - 4,
    )


@ft.component
def Editor(model: AppModel, ref: DraftRef, player: int, key: str | None = None) -> ft.Control:
    """The migration editor shell; the draft-dependent lines render themselves."""
    assert model.play.game is not None
    tr = model.session.tr
    state = model.play.game.state
    name = state.players[player]
    existing = state.current.migration_of(player) if state.current else None
    buttons: list[ft.Control] = [
        primary(tr("migrate.save"), model.migration.save, "save-migration", ft.Icons.CHECK),
        secondary(tr("common.cancel"), model.migration.cancel, "cancel-migration"),
    ]
    if existing:
        buttons.insert(
            1, secondary(tr("migrate.withdraw"), lambda: model.migration.withdraw(player), "withdraw", ft.Icons.UNDO)
        )
    draft = ref.draft
    return tid(
        "migration-editor",
        ft.Container(
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            border_radius=14,
            padding=12,
            content=ft.Column(
                [
                    ft.Row(
                        [badge(name, colour_of(model.play.game, player), 40), heading(name, 20, expand=True)],
                        spacing=10,
                    ),
                    DraftLines(draft, state, player, model.session.lang, key="draft-lines"),
                    ft.Row(buttons[:1]),
                    ft.Row(buttons[1:], spacing=8, wrap=True),
                ],
                spacing=GAP - 4,
            ),
        ),
    )


def chance_texts(chance: Fraction) -> list[ft.Control]:
    """A chance as a percentage and as the exact fraction beside it."""
    return [
        ft.Text(f"{float(chance) * 100:.1f} %", size=16, weight=ft.FontWeight.BOLD),
        ft.Text(f"{chance.numerator}/{chance.denominator}", size=12, width=90, text_align=ft.TextAlign.END),
    ]


@ft.component
def OddsLines(state: GameState, dice: tuple[tuple[int, int], ...], lang: str, key: str | None = None) -> ft.Control:
    """Each participant's exact chance to tame."""
    tr = Translator(lang)
    counts = dict(dice)
    if not counts:
        return tid("odds", ft.Text(tr("odds.none"), size=14, italic=True))
    odds = win_odds(counts)
    lines: list[ft.Control] = [ft.Text(tr("odds.title"), size=16, weight=ft.FontWeight.BOLD)]
    for player in state.turn_order():
        if player in odds.win:
            chance = odds.win[player]
            lines.append(
                tid(
                    f"odds-{player}",
                    ft.Row(
                        [
                            badge(state.players[player], colour_of(state, player), 24),
                            ft.Text(
                                tr("odds.line", name=state.players[player], count=counts[player]), size=15, expand=True
                            ),
                            *chance_texts(chance),
                        ],
                        spacing=8,
                    ),
                )
            )
    if len(counts) > 1:
        lines.append(
            tid(
                "odds-none",
                ft.Row(
                    [
                        ft.Text(tr("odds.no_winner"), size=15, expand=True),
                        *chance_texts(odds.no_winner),
                    ],
                    spacing=8,
                ),
            )
        )
    return ft.Container(content=ft.Column(lines, spacing=4), padding=ft.Padding.only(top=8))


OddsMemo = memo(OddsLines)
