"""The owner's printed tiles: entered once, then turned one by one.

No source this project can reach lists the printed tiles, so the app cannot ship them; an
owner enters each tile's back (the herd's area) and face (its "1." and "all" bonuses) once,
as a :class:`PrintedSet`. A new game with printed tiles may carry a copy of a set in its
setup (:attr:`~.state.Setup.printed`); each round the table taps the tile it turned
(``StartRound(tile=n)``), which sets the herd's area and the bonuses at once. The copy is
the game's own: editing or deleting the set afterwards changes no game.

A set travels as a deck file (the format of ``assets/decks``), read by :func:`parse_set`
with the deck file's checks and the table's bonus checks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from .deck import TILES_PER_DECK, Bonus, Tile, bonus_to_list, check_bonus, parse_tile
from .errors import DeckError, RuleError
from .resources import HERD_AREAS, Resource

#: Tile ids in a game's copy of a set: ``printed-01`` to ``printed-16``.
PRINTED_PREFIX = "printed"
#: The printed set has this many tiles of each area's back.
PER_AREA = TILES_PER_DECK // len(HERD_AREAS)
MAX_SET_NAME = 40
#: A set file is small: 16 tiles of a few goods each.
MAX_SET_BYTES = 100_000


@dataclass(frozen=True, slots=True)
class PrintedSet:
    """An owner's tiles. ``as_printed``: the owner says it is the set as printed, so it
    is checked as one (16 tiles, 4 of each back); otherwise any counts, with warnings."""

    name: str
    tiles: tuple[Tile, ...] = ()
    as_printed: bool = True


def numbered(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The tiles with ids by their place: ``printed-01`` for the first."""
    return tuple(replace(tile, id=f"{PRINTED_PREFIX}-{n:02d}") for n, tile in enumerate(tiles, 1))


def number_of(tile: Tile) -> int | None:
    """A set tile's number (1-based), or ``None`` for a tile not from a set."""
    prefix, _, number = tile.id.rpartition("-")
    return int(number) if prefix == PRINTED_PREFIX and number.isdigit() else None


def make_tile(herd: object, first: object, every: object) -> Tile:
    """One tile as the owner entered it: a back, and 1 to 3 goods on each part of the face."""
    if herd not in HERD_AREAS:
        raise DeckError("set.herd", f"the tile's back shows no area ({herd!r})", value=str(herd)[:20])
    return Tile("", Resource(str(herd)), check_bonus(first, "first"), check_bonus(every, "all"))


def _face(tile: Tile) -> tuple[Resource | None, Bonus | None, Bonus | None]:
    """What makes two tiles the same: the back and the face, goods in any order."""

    def goods(bonus: Bonus | None) -> Bonus | None:
        return None if bonus is None else tuple(sorted(bonus, key=lambda item: item.kind.value))

    return tile.herd, goods(tile.first), goods(tile.all)


def check_set(tiles: tuple[Tile, ...], as_printed: bool) -> None:
    """Refuse what no pile can be: more than 16 tiles, or (as printed) a fifth tile of a back."""
    if len(tiles) > TILES_PER_DECK:
        raise DeckError(
            "set.too_many",
            f"{len(tiles)} tiles: the pile holds {TILES_PER_DECK}",
            count=len(tiles),
            limit=TILES_PER_DECK,
        )
    if as_printed:
        for area, count in Counter(tile.herd for tile in tiles).items():
            if area is not None and count > PER_AREA:
                raise DeckError(
                    "set.area_full",
                    f"{count} tiles show {area.value}: the printed set has {PER_AREA}",
                    area=area.value,
                    count=count,
                    limit=PER_AREA,
                )


def set_warnings(tiles: tuple[Tile, ...], as_printed: bool) -> tuple[RuleError, ...]:
    """What is allowed but worth a look: tiles still to enter, backs not 4 each (a set not
    as printed), and a tile entered twice."""
    notes: list[RuleError] = []
    if len(tiles) < TILES_PER_DECK:
        notes.append(
            RuleError(
                "set.unfinished",
                f"{len(tiles)} of {TILES_PER_DECK} tiles entered",
                count=len(tiles),
                total=TILES_PER_DECK,
                left=TILES_PER_DECK - len(tiles),
            )
        )
    if not as_printed:
        counts = Counter(tile.herd for tile in tiles)
        for area in HERD_AREAS:
            if counts[area] != PER_AREA and len(tiles) >= TILES_PER_DECK:
                notes.append(
                    RuleError(
                        "set.area_count",
                        f"{counts[area]} tiles show {area.value}, not {PER_AREA}",
                        area=area.value,
                        count=counts[area],
                        limit=PER_AREA,
                    )
                )
    seen: dict[object, int] = {}
    for number, tile in enumerate(tiles, 1):
        face = _face(tile)
        if face in seen:
            notes.append(
                RuleError(
                    "set.duplicate", f"tile {number} is the same as tile {seen[face]}", tile=number, same=seen[face]
                )
            )
        else:
            seen[face] = number
    return tuple(notes)


def put_tile(printed: PrintedSet, tile: Tile, number: int | None = None) -> PrintedSet:
    """The set with ``tile`` as tile ``number`` (1-based), or added at the end (``None``)."""
    tiles = list(printed.tiles)
    if number is None:
        tiles.append(tile)
    elif type(number) is int and 1 <= number <= len(tiles):
        tiles[number - 1] = tile
    else:
        raise DeckError("set.no_tile", f"the set has no tile {number!r}", tile=str(number))
    result = numbered(tuple(tiles))
    check_set(result, printed.as_printed)
    return replace(printed, tiles=result)


def drop_tile(printed: PrintedSet, number: int) -> PrintedSet:
    """The set without tile ``number``; the tiles after it move up."""
    if type(number) is not int or not 1 <= number <= len(printed.tiles):
        raise DeckError("set.no_tile", f"the set has no tile {number!r}", tile=str(number))
    return replace(printed, tiles=numbered(printed.tiles[: number - 1] + printed.tiles[number:]))


def set_as_printed(printed: PrintedSet, as_printed: bool) -> PrintedSet:
    """Say whether the set is the printed one (checked as such from then on)."""
    check_set(printed.tiles, as_printed)
    return replace(printed, as_printed=as_printed)


def clean_set_name(name: object) -> str:
    """A set's name: trimmed, at most 40 characters; an empty one is refused."""
    text = " ".join(str(name).split()) if isinstance(name, str) else ""
    if not text:
        raise DeckError("set.name_empty", "a set needs a name")
    if len(text) > MAX_SET_NAME or any(ord(c) < 32 for c in text):
        raise DeckError("set.name_long", f"a set's name has at most {MAX_SET_NAME} characters", limit=MAX_SET_NAME)
    return text


def set_to_dict(printed: PrintedSet) -> dict[str, Any]:
    """A set as a deck file: ``assets/decks``' format, plus its name and ``as_printed``."""
    return {
        "id": PRINTED_PREFIX,
        "name": printed.name,
        "as_printed": printed.as_printed,
        "tiles": [tile_to_dict(tile) for tile in printed.tiles],
    }


def tile_to_dict(tile: Tile) -> dict[str, Any]:
    """A tile as the deck files write it (its back and both parts of its face)."""
    assert tile.herd is not None and tile.first is not None and tile.all is not None
    return {"herd": tile.herd.value, "first": bonus_to_list(tile.first), "all": bonus_to_list(tile.all)}


def parse_set_tiles(raw_tiles: object, source: str, empty: bool = False) -> tuple[Tile, ...]:
    """The tiles of a set file, with the deck file's checks and the table's bonus checks
    (1 to 3 different goods on each part). Errors name the file and the tile. ``empty``: a
    set just begun (kept on the device, never a file) may have none yet."""
    if not isinstance(raw_tiles, list) or (not raw_tiles and not empty):
        raise DeckError("set.empty", f"{source}: a set needs at least one tile", where=source)
    if len(raw_tiles) > TILES_PER_DECK:
        raise DeckError(
            "set.too_many",
            f"{source}: {len(raw_tiles)} tiles: the pile holds {TILES_PER_DECK}",
            where=source,
            count=len(raw_tiles),
            limit=TILES_PER_DECK,
        )
    tiles = []
    for number, raw in enumerate(raw_tiles, 1):
        tile = parse_tile(raw, source, number, "")
        try:
            tiles.append(make_tile(tile.herd, tile.first, tile.all))
        except RuleError as exc:
            raise DeckError(
                "set.bonus", f"{source}, tile {number}: {exc}", where=source, tile=number, cause=exc.code, **exc.params
            ) from exc
    return numbered(tuple(tiles))


def parse_set(data: Any, source: str, empty: bool = False) -> PrintedSet:
    """A set from a decoded deck file; ``source`` (the file's name) names it in errors and
    is its name when the file gives none. ``empty``: see :func:`parse_set_tiles`."""
    if not isinstance(data, dict):
        raise DeckError("deck.format", f"{source}: a set file must be a JSON object", where=source)
    tiles = parse_set_tiles(data.get("tiles"), source, empty)
    as_printed = data.get("as_printed", True)
    if not isinstance(as_printed, bool):
        raise DeckError("deck.format", f"{source}: 'as_printed' must be true or false", where=source)
    raw_name = data.get("name")
    try:
        name = clean_set_name(raw_name if isinstance(raw_name, str) and raw_name.strip() else source)
    except DeckError:
        name = source[:MAX_SET_NAME]
    check_set(tiles, as_printed)
    return PrintedSet(name, tiles, as_printed)
