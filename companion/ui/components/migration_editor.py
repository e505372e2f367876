"""The migration editor: a player's people and payment, with what is still owed and the live odds."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import Translator
from ...rules import GameState
from ...rules.legal import others_on_tile, people_limits
from ...rules.resources import AREA_CAPACITY, Resource
from ..drafts.migration import Draft
from ..memo import memo
from ..textfit import fitting_size, text_width
from ..textsize import scaled
from ..theme import GAP
from ..widgets import button_line, editor_frame, heading, player_badge, primary, secondary, stepper, tid
from .odds_lines import OddsMemo
from .pay_line import PayLineMemo
from .players_list import dice_counts


def owed_status(tr: Translator, owed: int) -> str:
    """What is still owed for the people moved, or what was paid too much."""
    if owed > 0:
        return tr("migrate.owed", count=owed)
    if owed < 0:
        return tr("migrate.overpaid", count=-owed)
    return tr("migrate.paid_full")


class DraftRef:
    """Hands the draft to the editor shell without subscribing the shell to it:
    only the small parts that show the draft re-render on a stepper tap. Two refs to
    the same draft are equal, so the memoized shell is skipped while nothing else changed."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DraftRef) and other.draft is self.draft

    def __hash__(self) -> int:
        return id(self.draft)


#: The editor card's padding, left and right together, and the people stepper's width
#: (two 48 px buttons and the number between them).
EDITOR_PADDING = 32
STEPPER_WIDTH = 126


def _player_and_people(who: list[ft.Control], people: ft.Control, narrow: bool) -> list[ft.Control]:
    """The player and the people stepper on one line; on a narrow window the stepper below."""
    if narrow:
        return [ft.Row(who, spacing=8), ft.Row([people], alignment=ft.MainAxisAlignment.END)]
    return [ft.Row([*who, people], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]


@ft.component
@scaled
def DraftLines(
    draft: Draft,
    state: GameState,
    player: int,
    lang: str,
    buttons: list[ft.Control],
    narrow: bool = False,
    width: float = 360,
    key: str | None = None,
) -> ft.Control:
    """Everything a stepper tap changes, in one component: one render, one diff and one
    message per tap. The payment lines and the odds are memoized inside it.

    Laid out to fit a 360×640 phone down to the buttons: the player and the people
    stepper share the first line, the odds come after the buttons. A name too wide to sit
    beside the stepper ("Großmütterchen" on a 320 px phone) puts the stepper under it, and
    a name too wide even for its own line is drawn smaller: Flutter would break it inside."""
    tr = Translator(lang)
    owed = draft.owed
    fewest, most = people_limits(state, player)
    name = state.players[player]
    beside_disc = width - EDITOR_PADDING - 36 - 8  # the card's padding, the disc and the gap
    name_size = fitting_size(name, 18, beside_disc, bold=True)
    own_line = narrow or text_width(name, 18, bold=True) > beside_disc - 8 - STEPPER_WIDTH
    return ft.Column(
        [
            *_player_and_people(
                [
                    player_badge(state, player, 36),
                    ft.Column(
                        [
                            heading(name, name_size),  # the editor's title, for a screen reader too
                            ft.Text(tr("migrate.people"), size=14),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                ],
                stepper(
                    draft.people,
                    (lambda: draft.step_people(-1)) if draft.people > fewest else None,
                    (lambda: draft.step_people(1)) if draft.people < most else None,
                    "people",
                    tr("migrate.fewer"),
                    tr("migrate.more_people"),
                    focus_plus=True,  # the editor opens with the keyboard on its first control
                ),
                own_line,
            ),
            *_people_limit(tr, state, player, draft.people, most),
            ft.Text(tr("migrate.pay_hint", count=draft.people), size=14),
            *[
                PayLineMemo(
                    resource=resource.value,
                    value=draft.pay.get(resource.value, 0),
                    can_add=owed > 0 or resource is not Resource.FOOD,
                    step=draft.step_pay,
                    lang=lang,
                    narrow=narrow,
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
            *buttons,
            OddsMemo(
                state=state,
                dice=dice_counts(state, player, draft.people),
                lang=lang,
                narrow=narrow,
                width=width - EDITOR_PADDING,
                key="odds-lines",
            ),
        ],
        spacing=8,  # the steppers of neighbouring lines 8 px apart
    )


@ft.component
@scaled
def Editor(
    ref: DraftRef,
    state: GameState,
    player: int,
    lang: str,
    narrow: bool,
    save: Callable[[], None],
    cancel: Callable[[], None],
    withdraw: Callable[[int], None],
    width: float = 360,
    key: str | None = None,
) -> ft.Control:
    """The migration editor shell (memoized); the draft-dependent lines render themselves.
    ``width``: the width the editor's card gets, in 100 % text."""
    tr = Translator(lang)
    existing = state.current.migration_of(player) if state.current else None
    # Record alone on its line (a long word such as "Eintragen" never breaks at 320 px);
    # Cancel and Take back share the line below it where both labels fit in half of it, else
    # each has a line (German "Entfernen" with its icon on a 320 px phone).
    second: list[ft.Control] = [secondary(tr("common.cancel"), cancel, "cancel-migration", expand=True)]
    labels = [(tr("common.cancel"), False)]
    if existing:
        second.append(
            secondary(tr("migrate.withdraw"), lambda: withdraw(player), "withdraw", ft.Icons.UNDO, expand=True)
        )
        labels.append((tr("migrate.withdraw"), True))
    buttons: list[ft.Control] = [
        ft.Row([primary(tr("migrate.save"), save, "save-migration", ft.Icons.CHECK)]),
        *button_line(second, labels, width - EDITOR_PADDING),
    ]
    return editor_frame(
        "migration-editor",
        [DraftLines(ref.draft, state, player, lang, buttons, narrow, width, key="draft-lines")],
        spacing=GAP - 4,
    )


EditorMemo = memo(Editor)


def _people_limit(tr: Translator, state: GameState, player: int, people: int, most: int) -> list[ft.Control]:
    """Why "+" stops, once the people are at the most this player may move: the area's
    places, and how many of them the other players fill."""
    if people < most:
        return []
    others = others_on_tile(state, player)
    text = (
        tr("migrate.people_max", count=most, others=others, total=AREA_CAPACITY)
        if others
        else tr("migrate.people_max_area", count=most)
    )
    return [tid("people-limit", ft.Text(text, size=14, italic=True))]
