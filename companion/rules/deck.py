"""Bonus tiles and decks, loaded from JSON data files in ``assets/decks/``.

A deck file looks like::

    {"id": "companion", "tiles": [
        {"herd": "wood", "first": [{"kind": "tool", "amount": 1}],
                         "all":   [{"kind": "food", "amount": 1}]},
        ...]}

It must hold exactly 16 tiles.  Anything wrong raises :class:`DeckError`
naming the file and the tile (1-based).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ActionError, DeckError
from .resources import HERD_AREAS, BonusKind, Resource

TILES_PER_DECK = 16
MAX_BONUS_AMOUNT = 9
#: The most goods of different kinds one bonus of a printed tile lists.
MAX_BONUS_ITEMS = 3
PHYSICAL_DECK_ID = "physical"


@dataclass(frozen=True, slots=True)
class BonusItem:
    """``amount`` of one ``kind``, e.g. 2 brick."""

    kind: BonusKind
    amount: int


Bonus = tuple[BonusItem, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    """One bonus tile.  In physical-pile mode ``first``/``all`` are ``None``
    (the table reads them off the real tile) and ``herd`` is only known once
    the players tell the app."""

    id: str
    herd: Resource | None
    first: Bonus | None
    all: Bonus | None


@dataclass(frozen=True, slots=True)
class Deck:
    """A named set of 16 tiles."""

    id: str
    tiles: tuple[Tile, ...]

    @property
    def is_physical(self) -> bool:
        return self.id == PHYSICAL_DECK_ID


def check_bonus(bonus: object, part: str) -> Bonus:
    """One bonus as the table entered it: 1 to 3 different kinds, each 1 to 9."""
    if not isinstance(bonus, tuple) or not bonus:
        raise ActionError("tile.empty", f"the '{part}' bonus needs at least one good", part=part)
    if len(bonus) > MAX_BONUS_ITEMS:
        raise ActionError(
            "tile.too_many", f"the '{part}' bonus lists {len(bonus)} goods", part=part, limit=MAX_BONUS_ITEMS
        )
    kinds: set[BonusKind] = set()
    for item in bonus:
        if not isinstance(item, BonusItem) or not isinstance(item.kind, BonusKind) or item.kind in kinds:
            raise ActionError("tile.kind", f"bad or repeated good {item!r} in '{part}'", part=part, value=str(item))
        if type(item.amount) is not int or not 1 <= item.amount <= MAX_BONUS_AMOUNT:
            raise ActionError(
                "tile.amount",
                f"no tile gives {item.amount!r} of one good: 1 to {MAX_BONUS_AMOUNT}",
                part=part,
                value=str(item.amount),
                high=MAX_BONUS_AMOUNT,
            )
        kinds.add(item.kind)
    return bonus


def bonus_to_list(bonus: Bonus) -> list[dict[str, Any]]:
    """A bonus as the deck files write it: ``[{"kind": ..., "amount": ...}]``."""
    return [{"kind": item.kind.value, "amount": item.amount} for item in bonus]


def physical_deck() -> Deck:
    """Sixteen blank tiles: the real ones are on the table."""
    return Deck(
        PHYSICAL_DECK_ID,
        tuple(Tile(f"physical-{i:02d}", None, None, None) for i in range(1, TILES_PER_DECK + 1)),
    )


def _bonus(raw: Any, source: str, number: int, name: str) -> Bonus:
    """Tile ``number``'s bonus ``name`` ("first" or "all"). Errors carry the file as ``where``
    and the tile's number as ``tile``, so that each language names the tile in its own words."""
    where = f"{source}, tile {number}"  # the developer's message; the user's comes from the catalog
    place = {"where": source, "tile": number}
    if not isinstance(raw, list) or not raw:
        raise DeckError("deck.bonus", f"{where}: '{name}' must be a non-empty list", **place)
    items = []
    for item in raw:
        if not isinstance(item, dict):
            raise DeckError("deck.bonus", f"{where}: '{name}' has an entry that is not an object", **place)
        kind = item.get("kind")
        amount = item.get("amount")
        if kind not in {k.value for k in BonusKind}:
            raise DeckError("deck.kind", f"{where}: unknown bonus kind {kind!r}", kind=str(kind), **place)
        if type(amount) is not int or not 1 <= amount <= MAX_BONUS_AMOUNT:
            raise DeckError("deck.amount", f"{where}: amount {amount!r} must be 1 to {MAX_BONUS_AMOUNT}", **place)
        items.append(BonusItem(BonusKind(kind), amount))
    return tuple(items)


def parse_deck(data: Any, source: str) -> Deck:
    """Validate decoded JSON ``data``; ``source`` names it in errors."""
    if not isinstance(data, dict):
        raise DeckError("deck.format", f"{source}: a deck must be a JSON object", where=source)
    deck_id = data.get("id")
    if not isinstance(deck_id, str) or not deck_id or deck_id == PHYSICAL_DECK_ID:
        raise DeckError("deck.format", f"{source}: missing or reserved deck id {deck_id!r}", where=source)
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list) or len(raw_tiles) != TILES_PER_DECK:
        count = len(raw_tiles) if isinstance(raw_tiles, list) else 0
        raise DeckError(
            "deck.count",
            f"{source}: a deck needs exactly {TILES_PER_DECK} tiles, found {count}",
            where=source,
            count=count,
        )
    return Deck(deck_id, parse_tiles(raw_tiles, source, deck_id))


def parse_tiles(raw_tiles: list[Any], source: str, prefix: str) -> tuple[Tile, ...]:
    """The tiles of a deck file (or of an owner's printed set), checked one by one; tile
    ``n``'s id is ``{prefix}-{n:02d}``."""
    return tuple(parse_tile(raw, source, number, f"{prefix}-{number:02d}") for number, raw in enumerate(raw_tiles, 1))


def parse_tile(raw: Any, source: str, number: int, tile_id: str) -> Tile:
    """One tile of a file: its back (``herd``) and its face (``first`` and ``all``)."""
    where = f"{source}, tile {number}"
    if not isinstance(raw, dict):
        raise DeckError("deck.format", f"{where}: a tile must be an object", where=source, tile=number)
    herd = raw.get("herd")
    if herd not in {r.value for r in HERD_AREAS}:
        raise DeckError(
            "deck.herd", f"{where}: unknown herd resource {herd!r}", where=source, tile=number, herd=str(herd)[:20]
        )
    return Tile(
        tile_id,
        Resource(herd),
        _bonus(raw.get("first"), source, number, "first"),
        _bonus(raw.get("all"), source, number, "all"),
    )


def load_deck(path: Path) -> Deck:
    """Read and validate one deck file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DeckError("deck.unreadable", f"{path.name}: cannot read deck ({exc})", where=path.name) from exc
    return parse_deck(data, path.name)


def decks_dir() -> Path:
    """The shipped decks folder (``assets/decks``)."""
    from ..assets_path import asset  # the one module that knows where the assets are

    return asset("decks")


def builtin_decks() -> dict[str, Deck]:
    """Every deck in ``assets/decks`` by id."""
    decks: dict[str, Deck] = {}
    for path in sorted(decks_dir().glob("*.json")):
        deck = load_deck(path)
        decks[deck.id] = deck
    return decks


def get_deck(deck_id: str) -> Deck:
    """A deck by id; ``"physical"`` is the physical-pile mode."""
    if deck_id == PHYSICAL_DECK_ID:
        return physical_deck()
    path = decks_dir() / f"{deck_id}.json"
    if not path.is_file():
        raise DeckError("deck.unknown", f"no deck named {deck_id!r}", where=deck_id)
    return load_deck(path)
