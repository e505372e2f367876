"""Resources, herd areas and the bonus kinds a tile can show."""

from __future__ import annotations

from enum import StrEnum


class Resource(StrEnum):
    """The five Stone Age goods that can pay for a migration."""

    FOOD = "food"
    WOOD = "wood"
    BRICK = "brick"
    STONE = "stone"
    GOLD = "gold"


#: Resource areas the herd can stand on (tile backs show one of these).
HERD_AREAS: tuple[Resource, ...] = (
    Resource.WOOD,
    Resource.BRICK,
    Resource.STONE,
    Resource.GOLD,
)


class BonusKind(StrEnum):
    """Everything a bonus can hand out."""

    FOOD = "food"
    WOOD = "wood"
    BRICK = "brick"
    STONE = "stone"
    GOLD = "gold"
    TOOL = "tool"
    AGRICULTURE = "agriculture"
    POINTS = "points"
    CIV_CARD = "civ_card"
    ANY_RESOURCE = "any_resource"


#: A resource area holds at most this many people in all.
AREA_CAPACITY = 7
#: Fewest and most people one player may move to the tile.
MIN_PEOPLE = 1
MAX_PEOPLE = 7


def max_players_per_area(player_count: int) -> int:
    """How many different players may use one resource area.

    With 2 players only 1 may, with 3 players at most 2, with 4 all of them.
    """
    if player_count == 2:
        return 1
    if player_count == 3:
        return 2
    return player_count
