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
from ..textsize import scaled
from ..widgets import card, colour_of, heading, tid
from .odds_lines import OddsMemo
from .player_row import PlayerRowMemo


def dice_counts(state: GameState, editing: int | None = None, people: int = 0) -> tuple[tuple[int, int], ...]:
    """(player, dice) for everybody on the tile, with the migration being edited counted as ``people``."""
    counts = state.current.dice_counts if state.current else {}
    if editing is not None:
        counts[editing] = people
    return tuple(sorted(counts.items()))


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
    key: str | None = None,
) -> ft.Control:
    """Every player in turn order: tiles held and migration, each with the button that opens
    the editor; ``inline``: the editor open in place of seat ``inline_seat``'s row (a tablet)."""
    tr = Translator(lang)
    current = state.current
    assert current is not None
    rows: list[ft.Control] = [
        heading(tr("migrate.title"), 20),
        ft.Text(tr("migrate.hint", where=tr(f"area_in.{current.herd.value if current.herd else ''}")), size=15),
    ]
    for player in state.turn_order():
        name = state.players[player]
        migration = current.migration_of(player)
        if inline is not None and inline_seat == player:
            rows.append(inline)
            continue
        if migration:
            detail = tr("migrate.moves", name=name, count=migration.people)
            paid = payment_text(tr, migration.payment)
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
                colour=colour_of(state, player),
                detail=detail,
                sub=sub,
                tally=tr("tally.tiles", count=state.tallies[player]),
                button=button,
                moved=migration is not None,
                edit=edit if can else None,
                focus=last == player,  # back on the row after Record or Cancel
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
