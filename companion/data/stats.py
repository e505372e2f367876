"""What each player got, and how lucky the dice were: numbers from the game logs.

Pure Python over :class:`~companion.rules.GameState` (no flet, no storage):

- :func:`player_summaries` one game, player by player: people moved and what
  they paid, tamings joined and won against the exact chances before each roll,
  tiles held, the "1." and "all" bonuses received and their goods where known;
- :func:`table_record` all finished games of a device, per player name (names
  compared as setup compares them);
- :func:`faces` and :func:`fairness` the faces the dice showed, app and table
  dice apart, and a chi-square read of whether the table's dice look fair.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..rules import Choice, FinalRanking, GameState, Outcome, Round, handouts, mammoth_scoring, sheet_ranking, win_odds
from ..rules.resources import Resource
from ..rules.setup import name_key

#: Below this many dice a fairness test says nothing (each face needs 5 expected rolls).
FEWEST_DICE_TO_TELL = 30
#: p-values below this read as "uneven" (the usual 5 % level).
UNEVEN_BELOW = 0.05


@dataclass(frozen=True)
class PlayerSummary:
    """One player's game so far."""

    player: int
    name: str
    people: int = 0  # moved to the tile, all rounds
    paid: dict[str, int] = field(default_factory=dict)  # resource -> amount
    joined: int = 0  # tamings with people on the tile (a roll was made)
    won: int = 0
    expected: Fraction = Fraction(0)  # sum of the exact chances before each of those rolls
    tiles: int = 0
    first: int = 0  # "1." bonuses taken
    all: int = 0  # "all" bonuses taken
    goods: dict[str, int] = field(default_factory=dict)  # kind -> amount, where the tile was known
    unknown: int = 0  # bonuses taken from printed tiles whose goods were not entered


def _count_bonuses(
    rnd: Round, first: list[int], every: list[int], unknown: list[int], goods: list[Counter[str]]
) -> None:
    """Add a settled round's bonuses to each player's counts: "1." or "all", and the goods
    (or one more bonus whose goods were not entered)."""
    for handout in handouts(rnd):
        if handout.choice is Choice.FIRST:
            first[handout.player] += 1
        else:
            every[handout.player] += 1
        if handout.bonus is None:
            unknown[handout.player] += 1
        else:
            for item in handout.bonus:
                goods[handout.player][item.kind.value] += item.amount


def player_summaries(state: GameState) -> tuple[PlayerSummary, ...]:
    """Every player's summary of ``state``, in seat order."""
    names = state.players
    people = [0] * len(names)
    paid: list[Counter[str]] = [Counter() for _ in names]
    joined, won, first, every, unknown = ([0] * len(names) for _ in range(5))
    expected = [Fraction(0)] * len(names)
    goods: list[Counter[str]] = [Counter() for _ in names]
    for rnd in state.rounds:
        for migration in rnd.migrations:
            people[migration.player] += migration.people
            for resource in Resource:
                paid[migration.player][resource.value] += getattr(migration.payment, resource.value)
        taming = rnd.taming
        if taming is None or taming.outcome is Outcome.NOBODY:
            continue
        chances = win_odds(rnd.dice_counts).win
        for migration in rnd.migrations:
            joined[migration.player] += 1
            expected[migration.player] += chances[migration.player]
        if taming.winner is not None:
            won[taming.winner] += 1
        _count_bonuses(rnd, first, every, unknown, goods)
    tallies = state.tallies
    return tuple(
        PlayerSummary(
            player=p,
            name=names[p],
            people=people[p],
            paid={k: v for k, v in paid[p].items() if v},
            joined=joined[p],
            won=won[p],
            expected=expected[p],
            tiles=tallies[p],
            first=first[p],
            all=every[p],
            goods=dict(goods[p]),
            unknown=unknown[p],
        )
        for p in range(len(names))
    )


@dataclass(frozen=True)
class NameRecord:
    """One player name across the finished games of a device."""

    name: str  # as written in the most recent of those games
    games: int
    scorings: int  # mammoth scorings won (10 points, ties included)
    tiles: int
    won: int
    expected: Fraction
    finals: int = 0  # games scored to the end on the final score sheet
    final_wins: int = 0  # of those, won (a shared win counts)
    best: int | None = None  # the highest total on a final score sheet

    @property
    def tiles_per_game(self) -> Fraction:
        return Fraction(self.tiles, self.games)


def table_record(states: Iterable[GameState]) -> tuple[NameRecord, ...]:
    """Per player name, over ``states`` (finished games, oldest first): most games first."""
    records: dict[str, NameRecord] = {}
    for state in states:
        scorers = set(mammoth_scoring(state).scorers)
        final = sheet_ranking(state)
        for summary in player_summaries(state):
            key = name_key(summary.name)
            before = records.get(key, NameRecord(summary.name, 0, 0, 0, 0, Fraction(0)))
            records[key] = NameRecord(
                name=summary.name,  # the latest spelling
                games=before.games + 1,
                scorings=before.scorings + (summary.player in scorers),
                tiles=before.tiles + summary.tiles,
                won=before.won + summary.won,
                expected=before.expected + summary.expected,
                **_final(before, final, summary.player),
            )
    return tuple(sorted(records.values(), key=lambda r: (-r.games, name_key(r.name))))


def _final(before: NameRecord, final: FinalRanking, player: int) -> dict[str, Any]:
    """A record's final-sheet counts with one more game (unchanged where it had no sheet)."""
    if not final.scores:
        return {"finals": before.finals, "final_wins": before.final_wins, "best": before.best}
    total = final.scores[player].total
    return {
        "finals": before.finals + 1,
        "final_wins": before.final_wins + (player in final.winners),
        "best": total if before.best is None else max(before.best, total),
    }


@dataclass(frozen=True)
class Faces:
    """How often each face came up: the app's dice and the table's dice, apart."""

    app: tuple[int, ...]  # count of 1s .. 6s
    table: tuple[int, ...]


def faces(states: Iterable[GameState]) -> Faces:
    """The faces of every taming roll in ``states`` (undone rolls are not in a state)."""
    app: Counter[int] = Counter()
    table: Counter[int] = Counter()
    for state in states:
        for rnd in state.rounds:
            if rnd.taming is None:
                continue
            into = table if rnd.taming.by_hand else app
            for _player, dice in rnd.taming.dice:
                into.update(dice)
    return Faces(tuple(app[f] for f in range(1, 7)), tuple(table[f] for f in range(1, 7)))


@dataclass(frozen=True)
class Fairness:
    """A chi-square goodness-of-fit read of face counts against a fair die."""

    dice: int
    statistic: float | None  # None: too few dice to tell
    p_value: float | None

    @property
    def enough(self) -> bool:
        return self.statistic is not None

    @property
    def uneven(self) -> bool:
        return self.p_value is not None and self.p_value < UNEVEN_BELOW


def fairness(counts: tuple[int, ...]) -> Fairness:
    """Chi-square with 5 degrees of freedom; below :data:`FEWEST_DICE_TO_TELL` it says nothing.

    >>> fairness((5, 5, 5, 5, 5, 5)).p_value
    1.0
    >>> fairness((1, 1, 1, 1, 1, 1)).enough
    False
    """
    total = sum(counts)
    if total < FEWEST_DICE_TO_TELL:
        return Fairness(total, None, None)
    expected = total / 6
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return Fairness(total, statistic, chi_square_5_survival(statistic))


def chi_square_5_survival(x: float) -> float:
    """P(X >= x) for chi-square with 5 degrees of freedom (closed form for odd degrees)."""
    if x <= 0:
        return 1.0
    tail = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)
    return min(1.0, max(0.0, tail))
