"""The players' list of a round in migration: who moves how many, what they paid, the odds (memoized)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...data.text import payment_text
from ...i18n import Translator
from ...rules import GameState
from ...rules.legal import area_closed_to_more_players, area_user_limit, can_migrate, room_left
from ...rules.resources import AREA_CAPACITY, MIN_PEOPLE
from ..memo import memo
from ..textfit import row_layout, text_width
from ..textsize import TextScale, scaled
from ..widgets import card, colour_of, heading, tid
from .odds_lines import OddsMemo
from .player_row import BADGE, TEXT_SIZES, PlayerRowMemo


def dice_counts(state: GameState, editing: int | None = None, people: int = 0) -> tuple[tuple[int, int], ...]:
    """(player, dice) for everybody on the tile, with the migration being edited counted as ``people``."""
    counts = state.current.dice_counts if state.current else {}
    if editing is not None:
        counts[editing] = people
    return tuple(sorted(counts.items()))


def _line(tr: Translator, state: GameState, player: int) -> tuple[int, str, str, str, str, bool, bool]:
    """What ``player``'s row says: (player, name line, what was paid, tiles held, the
    button's label, whether it may be tapped, whether the player has moved)."""
    current = state.current
    assert current is not None
    name = state.players[player]
    tally = tr("tally.tiles", count=state.tallies[player])
    migration = current.migration_of(player)
    if migration:
        moves = tr("migrate.moves", name=name, count=migration.people)
        paid = tr("migrate.paid", payment=payment_text(tr, migration.payment))
        return player, moves, paid, tally, tr("migrate.change"), True, True
    return player, name, tr("migrate.stays"), tally, tr("migrate.move"), can_migrate(state, player), False


@ft.component
@scaled
def PlayersList(
    lang: str,
    state: GameState,
    edit: Callable[[int], None],
    last: int | None,
    narrow: bool,
    inline: ft.Control | None = None,
    inline_seat: int | None = None,
    width: float = 360,
    drawn: float = 360,
    key: str | None = None,
) -> ft.Control:
    """Every player in turn order: tiles held and migration, each with the button that opens
    the editor; ``inline``: the editor open in place of seat ``inline_seat``'s row (a tablet).
    ``width``: the card's inside in 100 % text; ``drawn``: in px, as drawn."""
    tr = Translator(lang)
    current = state.current
    assert current is not None
    rows: list[ft.Control] = [
        heading(tr("migrate.title"), 20),
        ft.Text(tr("migrate.hint", where=tr(f"area_in.{current.herd.value if current.herd else ''}")), size=15),
    ]
    lines = [_line(tr, state, player) for player in state.turn_order()]
    # One layout for every row (rows that line up), the first with no word broken, in the
    # card's inside as drawn (``drawn`` px; ``width`` counts in 100 % text).
    factor = ft.use_context(TextScale)
    layout = row_layout(
        drawn,
        [(text, size, bold) for line in lines for text, (size, bold) in zip(line[1:4], TEXT_SIZES, strict=True)],
        BADGE,
        max((line[4] for line in lines), key=lambda label: text_width(label, 16)),
        factor=factor,
    )
    for player, detail, sub, tally, button, can, moved in lines:
        if inline is not None and inline_seat == player:
            rows.append(inline)
            continue
        rows.append(
            PlayerRowMemo(
                player=player,
                name=state.players[player],
                colour=colour_of(state, player),
                detail=detail,
                sub=sub,
                tally=tally,
                button=button,
                moved=moved,
                edit=edit if can else None,
                focus=last == player,  # back on the row after Record or Cancel
                layout=layout,
                key=f"player-row-{player}",
            )
        )
    if area_closed_to_more_players(state):
        rows.append(ft.Text(tr("migrate.limit", count=area_user_limit(state)), size=14, italic=True))
    elif room_left(state) < MIN_PEOPLE and any(current.migration_of(p) is None for p in range(len(state.players))):
        # Why a Move is greyed out: the area holds no more people.
        rows.append(tid("tile-full", ft.Text(tr("migrate.full", count=AREA_CAPACITY), size=14, italic=True)))
    if inline is None:  # an editor in place shows the odds with its draft
        odds = OddsMemo(state=state, dice=dice_counts(state), lang=lang, narrow=narrow, width=width, key="odds-lines")
        rows.append(odds)
    return card(ft.Column(rows, spacing=6), identifier="players-card")


PlayersListMemo = memo(PlayersList)
