"""The rest of Stone Age's final scoring, after the mammoth scoring: one row per player.

A row holds what the table counts off the boards at the end (see :data:`PARTS`): the points
already on the scoring track, the agriculture level, the total value of the tools, the
buildings and the people; the figures on the sand-backed civilization cards by kind; the
resources left; and the green-backed culture cards by symbol. :func:`final_score` turns a
row into points; :func:`final_ranking` names the winner by the rule's tie-break.

>>> row = sheet_row(track=120, agriculture=6, tools=9, people=8, farmers=3, shamans=2,
...                 wood=2, gold=1, **{"culture-art": 2, "culture-music": 1, "culture-time": 1})
>>> score = final_score(row, mammoth=10)
>>> score.culture, score.figures, score.resources, score.total
(10, 34, 3, 177)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

#: The eight symbols of the green-backed cards, in the order the sheet shows them.
CULTURE_SYMBOLS = ("healing", "art", "writing", "pottery", "time", "transport", "music", "weaving")
#: The four kinds of figures on the sand-backed cards, each with the quantity it multiplies.
FIGURES = (("farmers", "agriculture"), ("tool-makers", "tools"), ("hut-builders", "buildings"), ("shamans", "people"))
#: What the board shows that the figures multiply (and that breaks a tie, all but buildings).
QUANTITIES = ("agriculture", "tools", "buildings", "people")
#: The resources left, a point each (food scores nothing).
RESOURCES_LEFT = ("wood", "brick", "stone", "gold")
CULTURE_PARTS = tuple(f"culture-{symbol}" for symbol in CULTURE_SYMBOLS)
#: Every count of a row, in the order a row stores them.
PARTS = ("track", *QUANTITIES, *(kind for kind, _ in FIGURES), *RESOURCES_LEFT, *CULTURE_PARTS)
_INDEX = {part: index for index, part in enumerate(PARTS)}

#: The most a player can have of each part: the scoring track as far as a sheet goes, the
#: agriculture track's 10, three tools of value 4, the game's 28 buildings and 10 people,
#: the game's supply of each resource, two cards of each culture symbol. Figures are held by
#: the sand cards' count below (:data:`SAND_CARDS`).
LIMITS: dict[str, int] = {
    "track": 999,
    "agriculture": 10,
    "tools": 12,
    "buildings": 28,
    "people": 10,
    "farmers": 40,
    "tool-makers": 40,
    "hut-builders": 60,
    "shamans": 40,
    "wood": 28,
    "brick": 18,
    "stone": 12,
    "gold": 10,
    **dict.fromkeys(CULTURE_PARTS, 2),
}
#: The game's 36 civilization cards: 16 green-backed (two of each symbol), 20 sand-backed.
SAND_CARDS, CARDS_PER_SYMBOL = 20, 2
#: The most figures of a kind one sand card shows (hut builders up to three, the rest two).
FIGURES_PER_CARD = {"farmers": 2, "tool-makers": 2, "hut-builders": 3, "shamans": 2}


class Decided(StrEnum):
    """Which rule named the winner."""

    NOBODY = "nobody"  # no sheet filled in
    POINTS = "points"  # the highest total
    TIE_BREAK = "tie_break"  # tied on points: the most agriculture, tools and people
    SHARED = "shared"  # tied on both: they share the win


Row = tuple[int, ...]


def sheet_row(**counts: int) -> Row:
    """A row from counts by part name (``culture-art=2``); a part not named is 0."""
    unknown = set(counts) - set(_INDEX)
    if unknown:
        raise KeyError(sorted(unknown)[0])
    return tuple(counts.get(part, 0) for part in PARTS)


EMPTY_ROW: Row = sheet_row()


def count_of(row: Row, part: str) -> int:
    """The count of ``part`` in ``row``."""
    return row[_INDEX[part]]


def with_count(row: Row, part: str, value: int) -> Row:
    """``row`` with ``part`` set to ``value``."""
    index = _INDEX[part]
    return (*row[:index], value, *row[index + 1 :])


def culture_points(counts: tuple[int, ...]) -> int:
    """Sets of different symbols, each scoring its size squared, split for the most points:
    set k holds every symbol the player has at least k cards of (the best split)."""
    most = max(counts, default=0)
    return sum(sum(1 for count in counts if count >= layer) ** 2 for layer in range(1, most + 1))


def sand_cards_needed(row: Row) -> int:
    """The fewest sand-backed cards that show the row's figures."""
    return sum(-(-count_of(row, kind) // FIGURES_PER_CARD[kind]) for kind, _ in FIGURES)


@dataclass(frozen=True, slots=True)
class FinalScore:
    """One player's points, part by part."""

    track: int
    mammoth: int
    culture: int
    figures: int  # every kind's figures times its quantity
    resources: int
    tie_break: int  # agriculture + tools + people

    @property
    def total(self) -> int:
        return self.track + self.mammoth + self.culture + self.figures + self.resources


def figure_points(row: Row, kind: str) -> int:
    """One kind's figures times the quantity it multiplies."""
    quantity = dict(FIGURES)[kind]
    return count_of(row, kind) * count_of(row, quantity)


def final_score(row: Row, mammoth: int) -> FinalScore:
    """The points of ``row``, with the ``mammoth`` points the mammoth scoring gave."""
    return FinalScore(
        track=count_of(row, "track"),
        mammoth=mammoth,
        culture=culture_points(tuple(count_of(row, part) for part in CULTURE_PARTS)),
        figures=sum(figure_points(row, kind) for kind, _ in FIGURES),
        resources=sum(count_of(row, part) for part in RESOURCES_LEFT),
        tie_break=sum(count_of(row, part) for part in ("agriculture", "tools", "people")),
    )


@dataclass(frozen=True, slots=True)
class FinalRanking:
    """Every player's place (1 is first; the tied share one) and the winners."""

    scores: tuple[FinalScore, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    decided: Decided


def final_ranking(scores: tuple[FinalScore, ...]) -> FinalRanking:
    """The highest total wins; tied, the highest agriculture + tools + people; still level,
    they share the win. Places as in a results list: two tied seconds, then a fourth."""
    if not scores:
        return FinalRanking((), (), (), Decided.NOBODY)

    def key(score: FinalScore) -> tuple[int, int]:
        return (score.total, score.tie_break)

    keys = [key(score) for score in scores]
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    winners = tuple(player for player, rank in enumerate(ranks) if rank == 1)
    top = max(score.total for score in scores)
    level = sum(1 for score in scores if score.total == top)
    if len(winners) > 1:
        return FinalRanking(scores, ranks, winners, Decided.SHARED)
    return FinalRanking(scores, ranks, winners, Decided.TIE_BREAK if level > 1 else Decided.POINTS)
