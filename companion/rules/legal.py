"""What the rules allow right now: questions the UI asks instead of recomputing.

:func:`.actions.apply` reckons the room on the tile and the area's player limit with
:func:`room_left` and :func:`area_user_limit` from here, and a hypothesis property
(``tests/test_legal.py``) checks that what these answers allow is exactly what ``apply``
accepts, so a button the UI offers is an action the rules accept.
"""

from __future__ import annotations

from .resources import AREA_CAPACITY, MAX_PEOPLE, MIN_PEOPLE, max_players_per_area
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .state import GameState, Phase


def area_user_limit(state: GameState) -> int:
    """How many different players may use the herd's area in this game."""
    return max_players_per_area(len(state.players))


def room_left(state: GameState, player: int | None = None) -> int:
    """People that still fit on the tile: the area holds 7 in all (``player``'s own people
    count as room, since a change replaces them)."""
    current = state.current
    if current is None or state.phase is not Phase.MIGRATION:
        return 0
    others = sum(m.people for m in current.migrations if m.player != player)
    return max(0, AREA_CAPACITY - others)


def others_on_tile(state: GameState, player: int) -> int:
    """How many of the area's places the other players' people fill now."""
    current = state.current
    return 0 if current is None else sum(m.people for m in current.migrations if m.player != player)


def can_migrate(state: GameState, player: int) -> bool:
    """Whether ``player`` may record (or change) a migration now."""
    current = state.current
    if current is None or state.phase is not Phase.MIGRATION or not 0 <= player < len(state.players):
        return False
    if current.migration_of(player) is not None:
        return True
    return len(current.migrations) < area_user_limit(state) and room_left(state, player) >= MIN_PEOPLE


def area_closed_to_more_players(state: GameState) -> bool:
    """The area has as many users as the player count allows (fewer than 4 players)."""
    current = state.current
    return current is not None and len(current.migrations) >= area_user_limit(state) < len(state.players)


def people_limits(state: GameState, player: int) -> tuple[int, int]:
    """The fewest and the most people ``player`` may move now."""
    return MIN_PEOPLE, max(MIN_PEOPLE, min(MAX_PEOPLE, room_left(state, player)))


def can_add_seat(count: int) -> bool:
    return count < MAX_PLAYERS


def can_remove_seat(count: int) -> bool:
    return count > MIN_PLAYERS
