"""Deck files: the shipped companion deck and clear errors on bad files."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.rules import BonusItem, DeckError, builtin_decks, get_deck, load_deck
from companion.rules.resources import Resource


def test_companion_deck_is_four_per_resource() -> None:
    """The companion deck has 16 tiles, 4 for each of wood, brick, stone, gold."""
    deck = get_deck("companion")
    assert len(deck.tiles) == 16
    assert Counter(t.herd for t in deck.tiles) == {
        r: 4 for r in (Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD)
    }
    assert "companion" in builtin_decks()


def test_companion_deck_matches_design() -> None:
    """A few rows of the designed table, read back from the data file."""
    tiles = get_deck("companion").tiles

    def goods(items: tuple[BonusItem, ...] | None) -> list[tuple[str, int]]:
        assert items is not None, "the companion deck names every bonus"
        return [(item.kind.value, item.amount) for item in items]

    assert goods(tiles[7].first) == [("gold", 1), ("wood", 1)]
    assert goods(tiles[15].first) == [("any_resource", 2)]
    assert goods(tiles[11].all) == [("points", 2)]


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    return path


def good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(__file__).parents[1] / "assets/decks/companion.json").read_text())
    return data


@pytest.mark.parametrize(
    ("mutate", "code", "where"),
    [
        (lambda d: d["tiles"].pop(), "deck.count", "mine.json"),
        (lambda d: d["tiles"][4].update(herd="meat"), "deck.herd", "tile 5"),
        (lambda d: d["tiles"][2]["first"][0].update(kind="dragon"), "deck.kind", "tile 3"),
        (lambda d: d["tiles"][9]["all"][0].update(amount=0), "deck.amount", "tile 10"),
        (lambda d: d["tiles"][0].update(all=[]), "deck.bonus", "tile 1"),
        (lambda d: d.update(id=""), "deck.format", "mine.json"),
    ],
)
def test_bad_deck_names_file_and_tile(tmp_path: Path, mutate, code: str, where: str) -> None:  # type: ignore[no-untyped-def]
    """Anything wrong names the file and the tile."""
    data = good()
    mutate(data)
    with pytest.raises(DeckError) as err:
        load_deck(write(tmp_path, data))
    assert err.value.code == code and where in str(err.value) and "mine.json" in str(err.value)


def test_unreadable_deck(tmp_path: Path) -> None:
    """A file that is not JSON is a DeckError, not a crash."""
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(DeckError) as err:
        load_deck(path)
    assert err.value.code == "deck.unreadable" and "broken.json" in str(err.value)


def test_unknown_deck() -> None:
    with pytest.raises(DeckError):
        get_deck("nope")
