"""Exact odds of a taming, as fractions.

For each participant's number of dice, every sorted outcome and how many of
the ``6**n`` rolls produce it is enumerated once (at most 792 outcomes for 7
dice).  A player wins with outcome ``t`` when every other player's outcome is
below ``t``; those counts come from sorted prefix sums, so the whole
calculation is in integers and only the final division makes fractions.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations_with_replacement
from math import factorial, prod


@dataclass(frozen=True, slots=True)
class Odds:
    """Each participant's chance to win, and the chance of no winner."""

    win: dict[int, Fraction]
    no_winner: Fraction


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """For ``n`` dice: sorted outcomes (ascending in tuple order), the number
    of rolls giving each, and the running total of those numbers."""
    found: list[tuple[tuple[int, ...], int]] = []
    for combo in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n) // prod(factorial(combo.count(v)) for v in set(combo))
        found.append((combo, ways))
    found.sort()
    keys = tuple(t for t, _ in found)
    counts = tuple(w for _, w in found)
    return keys, counts, tuple(accumulate(counts))


def _below(n: int, target: tuple[int, ...]) -> int:
    """How many rolls of ``n`` dice sort strictly below ``target``."""
    keys, _, running = outcomes(n)
    index = bisect_left(keys, target)
    return running[index - 1] if index else 0


def win_odds(dice_per_player: Mapping[int, int]) -> Odds:
    """Exact odds for players (key) rolling the given numbers of dice.

    >>> win_odds({0: 1, 1: 1}).no_winner
    Fraction(1, 6)
    """
    players = {p: n for p, n in dice_per_player.items() if n > 0}
    if not players:
        return Odds({}, Fraction(1))
    total = 6 ** sum(players.values())
    win: dict[int, Fraction] = {}
    for player, n in players.items():
        others = [m for p, m in players.items() if p != player]
        keys, ways, _ = outcomes(n)
        count = 0
        for key, w in zip(keys, ways, strict=True):
            count += w * prod(_below(m, key) for m in others)
        win[player] = Fraction(count, total)
    return Odds(win, 1 - sum(win.values(), Fraction(0)))
