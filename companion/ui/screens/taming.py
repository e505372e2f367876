"""Taming: dice, the result in words, the winner's choice and the hand-out list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from ...i18n import Translator, join_names
from ...rules import Choice, Outcome, Round, Taming, handouts
from ...rules.dice import DIE_FACES
from ..model import AppModel
from ..theme import GAP
from ..widgets import bonus_view, card, heading, picture, player_badge, primary, secondary, tid, tonal


def die(value: int, highlight: bool = False, size: float = 40, pick: Callable[[], None] | None = None) -> ft.Control:
    """A die showing ``value``; with ``pick`` it is a face to tap that takes its share of
    the row's width (the dice entered from the table), ``size`` tall."""
    return ft.Container(
        width=None if pick else size,
        height=size,
        expand=True if pick else None,
        border_radius=8,
        alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY if highlight else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY if highlight else ft.Colors.OUTLINE),
        content=ft.Text(
            str(value) if value else "–",
            size=size * 0.5,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.ON_PRIMARY if highlight else None,
        ),
        on_click=(lambda _e: pick()) if pick else None,
    )


def face_choice(identifier: str, face: ft.Control, chosen: bool) -> ft.Control:
    """A die face to tap, heard as checked when it is the value entered (not by fill alone)."""
    return ft.Semantics(
        identifier=identifier, key=f"{identifier}:{chosen}", button=True, checked=chosen, expand=True, content=face
    )


def explain_taming(tr: Translator, lang: str, names: Sequence[str], taming: Taming) -> str:
    """The result in words: which die decided it."""
    if taming.outcome is Outcome.NOBODY:
        return tr("result.nobody")
    if taming.outcome is Outcome.TIE:
        return tr("result.tie", names=join_names(lang, (names[p] for p in taming.tied)))
    assert taming.winner is not None
    name = names[taming.winner]
    decision = taming.decision
    if decision is None:
        return tr("result.uncontested", name=name)
    other = names[decision.runner_up]
    if decision.runner_up_die is None:
        return tr("result.extra_die", name=name, other=other, die=decision.winner_die)
    if decision.position == 0:
        return tr("result.first_die", name=name, other=other, die=decision.winner_die, other_die=decision.runner_up_die)
    return tr(
        "result.later_die",
        name=name,
        other=other,
        die=decision.winner_die,
        other_die=decision.runner_up_die,
        count=decision.position,
    )


def dice_line(
    player: int, badge: ft.Control, name: str, shown: Sequence[int], winner: bool, lit: int | None
) -> ft.Control:
    """One player's dice: disc, name (bold for the winner) and the faces; ``lit`` is the
    index of the die that decided the taming, filled once the dice have settled."""
    return tid(
        f"dice-{player}",
        ft.Row(
            [
                badge,
                ft.Column(
                    [
                        ft.Text(name, size=16, weight=ft.FontWeight.BOLD if winner else None),
                        ft.Row([die(v, highlight=i == lit) for i, v in enumerate(shown)], spacing=4, wrap=True),
                    ],
                    spacing=4,
                    expand=True,
                ),
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    )


def dice_rows(model: AppModel, taming: Taming) -> ft.Control:
    assert model.play.game is not None
    names = model.play.game.state.players
    rows: list[ft.Control] = []
    position = taming.decision.position if taming.decision else None
    for player, dice in taming.dice:
        shown = model.dice.faces.get(player, list(dice)) if model.dice.rolling else list(dice)
        winner = taming.winner == player
        lit = position if winner and not model.dice.rolling else None
        rows.append(dice_line(player, player_badge(model.play.game, player, 36), names[player], shown, winner, lit))
    return ft.Column(rows, spacing=8)


def settled_lines(tr: Translator, lang: str, names: Sequence[str], taming: Taming) -> list[ft.Control]:
    """Who won and why, first in the settled result card, so on a phone they show above the
    thumb bar. Both are live: a screen reader announces them the moment the dice settle."""
    parts: list[ft.Control] = []
    if taming.winner is not None:
        parts.append(
            ft.Row(
                [
                    picture("mammoth", 48),
                    tid(
                        "winner",
                        ft.Text(
                            tr("result.winner", name=names[taming.winner]),
                            size=22,
                            weight=ft.FontWeight.BOLD,
                            expand=True,
                        ),
                        live=True,
                    ),
                ]
            )
        )
    parts.append(tid("explanation", ft.Text(explain_taming(tr, lang, names, taming), size=16), live=True))
    return parts


def handout_list(
    tr: Translator, names: Sequence[str], current: Round, badge: Callable[[int], ft.Control]
) -> ft.Control:
    """What each player receives in the settled round; ``badge`` draws a player's disc."""
    assert current.taming is not None
    given = handouts(current)
    lines: list[ft.Control] = [heading(tr("handout.title"), 18)]
    if not given:
        lines.append(ft.Text(tr("handout.none"), size=15))
    for h in given:
        label = "1." if h.choice is Choice.FIRST else tr("round.all")
        lines.append(
            tid(
                f"handout-{h.player}",
                ft.Row(
                    [
                        badge(h.player),
                        ft.Column(
                            [
                                ft.Text(
                                    tr("handout.line", name=names[h.player], bonus=label),
                                    size=16,
                                    weight=ft.FontWeight.W_600,
                                ),
                                bonus_view(h.bonus, tr, 28),
                                *([ft.Text(tr("handout.keeps_tile"), size=14, italic=True)] if h.wins_tile else []),
                            ],
                            spacing=4,
                            expand=True,
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                    spacing=10,
                ),
            )
        )
    if current.taming.outcome is not Outcome.WINNER:
        lines.append(ft.Text(tr("handout.boxed"), size=14, italic=True))
    return tid("handouts", ft.Column(lines, spacing=8))


def result_pane(model: AppModel) -> ft.Control:
    """After the roll: dice, explanation, choice, hand-out."""
    assert model.play.game is not None and model.play.game.state.current is not None
    tr = model.session.tr
    current = model.play.game.state.current
    taming = current.taming
    assert taming is not None
    names = model.play.game.state.players
    parts: list[ft.Control] = [heading(tr("result.title"), 20)]
    if model.dice.rolling:
        if taming.dice:
            parts.append(dice_rows(model, taming))
        parts.append(
            ft.Row(
                [
                    ft.Text(tr("tame.rolling"), size=18, expand=True),
                    secondary(tr("tame.skip"), model.dice.skip_animation, "skip-animation"),
                ]
            )
        )
        return card(ft.Column(parts, spacing=GAP), identifier="result-card")
    parts += settled_lines(tr, model.session.lang, names, taming)
    if taming.dice:
        parts.append(dice_rows(model, taming))
    if not model.session.thumb_choice:  # a phone has the choice in the thumb bar, above Next round
        choice = winner_choice(model)
        if choice is not None:
            parts.append(choice)
    game = model.play.game
    parts.append(handout_list(tr, names, current, lambda player: player_badge(game, player, 32)))
    return card(ft.Column(parts, spacing=GAP), identifier="result-card")


#: From this width (in 100 % text) the two bonus choices sit side by side.
CHOICES_BESIDE_FROM = 260


def winner_choice(model: AppModel) -> ft.Control | None:
    """The winner's "1." or "all", once the dice have settled; None without a winner."""
    assert model.play.game is not None and model.play.game.state.current is not None
    tr = model.session.tr
    current = model.play.game.state.current
    taming = current.taming
    if taming is None or taming.winner is None or model.dice.rolling:
        return None
    chosen = current.winner_choice
    name = model.play.game.state.players[taming.winner]
    return ft.Column(
        [
            ft.Text(tr("result.choose", name=name), size=16, weight=ft.FontWeight.W_600),
            # Side by side; one above the other where big text leaves no room for both.
            (ft.Row if model.session.room >= CHOICES_BESIDE_FROM else ft.Column)(
                [
                    tonal(
                        tr(f"result.take_{option}"),
                        partial(model.play.choose, choice),
                        f"choose-{option}",
                        selected=chosen is choice,
                        expand=model.session.room >= CHOICES_BESIDE_FROM,
                    )
                    for option, choice in (("first", Choice.FIRST), ("all", Choice.ALL))
                ],
                spacing=8,
            ),
        ],
        spacing=6,
    )


def hand_entry_pane(model: AppModel) -> ft.Control:
    """Dice rolled at the table: tap each die's value."""
    assert model.play.game is not None
    tr = model.session.tr
    names = model.play.game.state.players
    parts: list[ft.Control] = [heading(tr("hand.title"), 20), ft.Text(tr("hand.hint"), size=15)]
    for player, dice in sorted(model.dice.hand_dice.items()):
        parts.append(
            ft.Row(
                [
                    player_badge(model.play.game, player, 32),
                    ft.Text(names[player], size=17, weight=ft.FontWeight.BOLD),
                ],
                spacing=8,
            )
        )
        for index, value in enumerate(dice):
            # The label above and six equal faces below: the row fits a 320 px phone unwrapped.
            parts.append(
                tid(
                    f"hand-{player}-{index}",
                    ft.Column(
                        [
                            ft.Text(tr("hand.die", n=index + 1), size=14),
                            ft.Row(
                                [
                                    face_choice(
                                        f"hand-{player}-{index}-{face}",
                                        die(face, face == value, 48, partial(model.dice.set_die, player, index, face)),
                                        face == value,
                                    )
                                    for face in DIE_FACES
                                ],
                                spacing=8,  # six 48 px faces, 8 px apart, fill a 360 px phone
                            ),
                        ],
                        spacing=2,
                    ),
                )
            )
    parts.append(ft.Row([primary(tr("hand.apply"), model.dice.submit, "apply-dice", ft.Icons.CHECK)]))
    parts.append(ft.Row([secondary(tr("common.cancel"), model.dice.cancel_hand_entry, "cancel-dice", expand=True)]))
    return card(
        ft.Column(parts, spacing=8), padding=ft.Padding.symmetric(horizontal=2, vertical=12), identifier="hand-card"
    )
