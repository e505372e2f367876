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

from .errors import DeckError
from .resources import HERD_AREAS, BonusKind, Resource

TILES_PER_DECK = 16
MAX_BONUS_AMOUNT = 9
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
    tiles = []
    for number, raw in enumerate(raw_tiles, start=1):
        where = f"{source}, tile {number}"
        if not isinstance(raw, dict):
            raise DeckError("deck.format", f"{where}: a tile must be an object", where=source, tile=number)
        herd = raw.get("herd")
        if herd not in {r.value for r in HERD_AREAS}:
            raise DeckError(
                "deck.herd", f"{where}: unknown herd resource {herd!r}", where=source, tile=number, herd=str(herd)
            )
        tiles.append(
            Tile(
                f"{deck_id}-{number:02d}",
                Resource(herd),
                _bonus(raw.get("first"), source, number, "first"),
                _bonus(raw.get("all"), source, number, "all"),
            )
        )
    return Deck(deck_id, tuple(tiles))


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
