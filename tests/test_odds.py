"""Exact odds against brute force and simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import win_odds
from companion.rules.taming import settle


def brute_force(counts: dict[int, int]) -> tuple[dict[int, Fraction], Fraction]:
    """Enumerate every roll and settle it with the real rules."""
    players = sorted(counts)
    wins = dict.fromkeys(players, 0)
    ties = 0
    total = 0
    for faces in product(range(1, 7), repeat=sum(counts.values())):
        dice, i = {}, 0
        for p in players:
            dice[p] = faces[i : i + counts[p]]
            i += counts[p]
        taming = settle(dice)
        total += 1
        if taming.winner is None:
            ties += 1
        else:
            wins[taming.winner] += 1
    return {p: Fraction(w, total) for p, w in wins.items()}, Fraction(ties, total)


@pytest.mark.parametrize(
    "counts",
    [
        {0: 1},
        {0: 1, 1: 1},
        {0: 2, 1: 1},
        {0: 2, 1: 2},
        {0: 1, 1: 1, 2: 1},
        {0: 3, 1: 2},
        {0: 1, 1: 2, 2: 1, 3: 1},
        {0: 2, 1: 2, 2: 2},
    ],
)
def test_odds_match_brute_force(counts: dict[int, int]) -> None:
    """Small cases: the exact odds equal a full enumeration of all rolls."""
    wins, no_winner = brute_force(counts)
    odds = win_odds(counts)
    assert odds.win == wins and odds.no_winner == no_winner


def test_odds_one_die_each() -> None:
    """Two players with one die each: a tie one time in six."""
    odds = win_odds({0: 1, 1: 1})
    assert odds.no_winner == Fraction(1, 6) and odds.win[0] == Fraction(5, 12)


def test_odds_sum_to_one_and_lone_player_certain() -> None:
    """Chances add up to 1; a lone participant always wins; nobody means no winner."""
    assert win_odds({2: 5}).win == {2: Fraction(1)}
    assert win_odds({}).no_winner == 1
    odds = win_odds({0: 4, 1: 1, 2: 1, 3: 1})
    assert sum(odds.win.values()) + odds.no_winner == 1


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=4).filter(lambda c: sum(c) <= 7))
def test_odds_match_simulation(counts: list[int]) -> None:
    """Larger cases: the exact odds agree with 20,000 simulated rolls (within 5 sigma)."""
    dice_counts = dict(enumerate(counts))
    odds = win_odds(dice_counts)
    rng = random.Random(sum(counts) * 31 + len(counts))
    n = 20_000
    wins = dict.fromkeys(dice_counts, 0)
    for _ in range(n):
        taming = settle({p: [rng.randint(1, 6) for _ in range(c)] for p, c in dice_counts.items()})
        if taming.winner is not None:
            wins[taming.winner] += 1
    for p, w in wins.items():
        expected = float(odds.win[p])
        sigma = (expected * (1 - expected) / n) ** 0.5
        assert abs(w / n - expected) <= 5 * sigma + 1e-9


def test_more_people_buy_better_odds() -> None:
    """Another person on the tile raises a player's chance."""
    assert win_odds({0: 2, 1: 2}).win[0] < win_odds({0: 3, 1: 2}).win[0]
