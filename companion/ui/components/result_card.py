"""The taming's result card: the dice, who won and why, the winner's choice, the hand-out (memoized).

Drawn from plain data, so the card a round showed can stay on the page, hidden, while
the round is back in migration (after an Undo of the roll, or in the next round):
rolling again, or Redo, then changes what is on the page instead of sending the card
anew. While the dice tumble, the settled parts are there already,
hidden; the dice settling only shows them. The plain-Flet floor of the benchmark
(``bench/baselines/floor.py``) builds its card from the same pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from ...data.text import bonus_text, choice_label
from ...i18n import Translator, join_names
from ...i18n.cldr import join_names as join_list
from ...rules import Choice, Outcome, Round, Setup, Taming, Tile, handouts
from ...rules.deck import Bonus
from ..memo import memo
from ..round_view import Drawn, Faces
from ..textsize import scaled
from ..theme import GAP
from ..widgets import bonus_view, card, choice_ink, heading, picture, player_badge, scroll_key, secondary, tid, tonal

#: From this width (in 100 % text) the two bonus choices sit side by side.
CHOICES_BESIDE_FROM = 260
#: The winner's choice in the result card: where a phone whose thumb bar has no room for it
#: scrolls once the dice settle.
CHOICE_KEY = "choice-slot"


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
    # Every other player whose dice are the runner-up's is beaten the same way: all are named.
    rolled = dict(taming.dice)
    level = [p for p, dice in taming.dice if p != taming.winner and dice == rolled[decision.runner_up]]
    other = join_list(lang, (names[p] for p in level))  # the catalog's text adds 님 to it in Korean
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
                ],
                key="winner-line",
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
        label = choice_label(tr, h.choice)
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


def choice_gives(tr: Translator, tile: Tile) -> ft.Control:
    """What "1." and "all" give, right where the winner chooses: the goods, or "as printed on
    the tile" where the table did not enter them (printed tiles)."""

    def goods(bonus: Bonus | None) -> str:
        return bonus_text(tr, bonus) if bonus else tr("result.as_printed")

    text = tr("result.gives", first=goods(tile.first), all=goods(tile.all))
    return tid("choice-gives", ft.Text(text, size=15))


def goods_pictures(bonus: Bonus | None, selected: bool) -> list[ft.Control]:
    """What a bonus gives, short enough for a button: each good's picture and its count
    (nothing where the goods are not known: the tile on the table says)."""
    if bonus is None:
        return []
    ink = choice_ink(selected)
    return [
        ft.Row([picture(item.kind.value, 22), ft.Text(str(item.amount), size=16, color=ink)], spacing=2, tight=True)
        for item in bonus
    ]


def choice_column(
    tr: Translator,
    name: str,
    chosen: Choice,
    choose: Callable[[Choice], None],
    beside: bool,
    compact: bool = False,
    tile: Tile | None = None,
) -> ft.Control:
    """The winner's "1." or "all", with what each gives (``tile``); ``beside``: the two side
    by side (one above the other where big text leaves no room for both). ``compact``: a
    short phone window or big text (the choice in the result, not the thumb bar): the
    winner's name and two short buttons, each with its goods in pictures."""
    # Not as a line when compact: at big text on a short window the line took the whole
    # screen (a 200 % zoom left no room for the round); there each button shows its goods in
    # pictures with their counts, and names them in words to a screen reader.
    gives = [choice_gives(tr, tile)] if tile is not None and not compact else []
    if compact:
        options = (
            ("first", Choice.FIRST, tr("result.first_short"), tile.first if tile else None),
            ("all", Choice.ALL, tr("result.all_short"), tile.all if tile else None),
        )
        buttons = [
            tonal(
                label,
                partial(choose, choice),
                f"choose-{option}",
                selected=chosen is choice,
                expand=True,
                after=goods_pictures(bonus, chosen is choice),
                name=f"{label}: {bonus_text(tr, bonus) if bonus else tr('result.as_printed')}",
            )
            for option, choice, label, bonus in options
        ]
        # Goods the table did not enter (printed tiles): one line says the tile on the table
        # tells, where the buttons would show pictures.
        unknown = (
            []
            if any(bonus for *_, bonus in options)
            else [tid("choice-gives", ft.Text(tr("result.each_as_printed", what=tr("result.as_printed")), size=15))]
        )
        # Side by side where the window has room; else one above the other, each the whole
        # width (at 200 % on a 360 px phone a count beside its picture was cut off).
        shown: ft.Control = (
            ft.Row(buttons, spacing=8) if beside else ft.Column([ft.Row([button]) for button in buttons], spacing=8)
        )
        return ft.Column(
            [
                ft.Text(tr("result.choose_short", name=name), size=16, weight=ft.FontWeight.W_600),
                *unknown,
                shown,
            ],
            spacing=4,
            key="choice-compact",
        )
    return ft.Column(
        [
            ft.Text(tr("result.choose", name=name), size=16, weight=ft.FontWeight.W_600),
            *gives,
            (ft.Row if beside else ft.Column)(
                [
                    tonal(
                        tr(f"result.take_{option}"),
                        partial(choose, choice),
                        f"choose-{option}",
                        selected=chosen is choice,
                        expand=beside,
                    )
                    for option, choice in (("first", Choice.FIRST), ("all", Choice.ALL))
                ],
                spacing=8,
            ),
        ],
        spacing=6,
        key="choice",
    )


@ft.component
@scaled
def Verdict(lang: str, setup: Setup, taming: Taming, key: str | None = None) -> ft.Control:
    """Who won and why (memoized: the winner's choice leaves it alone)."""
    return ft.Column(settled_lines(Translator(lang), lang, setup.players, taming), spacing=GAP)


def decided_by(taming: Taming | None, player: int) -> int | None:
    """Which of ``player``'s dice decided the settled ``taming``: the winner's die at the
    position where the dice first differ; None for everybody else, and while they tumble."""
    if taming is None or taming.winner != player or taming.decision is None:
        return None
    return taming.decision.position


@ft.component
@scaled
def DiceLines(setup: Setup, shown: Faces, taming: Taming | None = None, key: str | None = None) -> ft.Control:
    """Each player's dice as ``shown``: tumbling (``taming`` None: no winner yet), then the
    settled roll, the winner's name in bold and their deciding die filled (memoized: a frame
    of the tumble redraws only these)."""
    lines = [
        dice_line(
            player,
            player_badge(setup, player, 36),
            setup.players[player],
            faces,
            taming is not None and taming.winner == player,
            decided_by(taming, player),
        )
        for player, faces in shown
    ]
    return ft.Column(lines, spacing=8)


@ft.component
@scaled
def Shares(
    lang: str,
    setup: Setup,
    current: Round,
    choose: Callable[[Choice], None] | None,
    beside: bool,
    compact: bool = False,
    key: str | None = None,
) -> ft.Control:
    """The winner's choice (where ``choose`` puts it in the card: a tablet, or a phone whose
    thumb bar has no room for it; ``compact`` as in :func:`choice_column`) and what each
    player receives (memoized)."""
    tr = Translator(lang)
    taming = current.taming
    assert taming is not None
    parts: list[ft.Control] = []
    if choose is not None and taming.winner is not None:
        name = setup.players[taming.winner]
        chooser = choice_column(tr, name, current.winner_choice, choose, beside, compact, tile=current.tile)
        parts.append(ft.Container(content=chooser, key=scroll_key(CHOICE_KEY)))
    parts.append(handout_list(tr, setup.players, current, lambda player: player_badge(setup, player, 32)))
    return ft.Column(parts, spacing=GAP)


VerdictMemo = memo(Verdict)
DiceLinesMemo = memo(DiceLines)
SharesMemo = memo(Shares)


@ft.component
@scaled
def ResultCard(
    lang: str,
    setup: Setup,
    dice: Faces,
    taming: Taming | None,
    settled: Drawn | None,
    choose: Callable[[Choice], None] | None,
    beside: bool,
    compact: bool,
    skip: Callable[[], None],
    key: str | None = None,
) -> ft.Control:
    """The result card (memoized). ``taming``: the roll the ``dice`` show, settled; None
    while they tumble. Who won, the choice and the hand-out come from ``settled`` and show
    once the dice have settled.

    While the dice tumble, ``settled`` is the result the card last showed, kept hidden, so
    that settling changes what is there. Each part is memoized: a frame of the tumble
    redraws the dice alone, and a card shown again as it was redraws nothing."""
    tr = Translator(lang)
    shown = taming is not None
    parts: list[ft.Control] = [heading(tr("result.title"), 20)]
    if settled is not None:
        kept = settled[1].taming
        assert kept is not None
        verdict = VerdictMemo(lang=lang, setup=settled[0], taming=kept, key="verdict")
        parts.append(ft.Container(content=verdict, visible=shown, key="verdict-slot"))
    if dice:
        parts.append(DiceLinesMemo(setup=setup, shown=dice, taming=taming, key="dice-lines"))
    parts.append(
        ft.Row(
            [
                ft.Text(tr("tame.rolling"), size=18, expand=True),
                secondary(tr("tame.skip"), skip, "skip-animation"),
            ],
            visible=not shown,
            key="tumbling",
        )
    )
    if settled is not None:
        shares = SharesMemo(
            lang=lang, setup=settled[0], current=settled[1], choose=choose, beside=beside, compact=compact, key="shares"
        )
        parts.append(ft.Container(content=shares, visible=shown, key="shares-slot"))
    return card(ft.Column(parts, spacing=GAP), identifier="result-card")


ResultCardMemo = memo(ResultCard)
