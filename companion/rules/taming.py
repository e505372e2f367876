"""Settling a taming: who has the best dice, and which die decided it.

Each player's dice are sorted high to low and compared one by one; when all
compared dice are level, a player who still has a die beats one who has none
(``[6, 2]`` beats ``[6]``).  This is exactly Python's tuple order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .state import Decision, Outcome, Taming


def sort_dice(dice: Sequence[int]) -> tuple[int, ...]:
    """A player's dice, highest first."""
    return tuple(sorted(dice, reverse=True))


def settle(dice: Mapping[int, Sequence[int]], *, by_hand: bool = False) -> Taming:
    """Decide the taming for ``dice`` (player -> the dice they rolled)."""
    ranked = {player: sort_dice(values) for player, values in sorted(dice.items())}
    rolled = tuple(ranked.items())
    if not ranked:
        return Taming(rolled, by_hand, Outcome.NOBODY, None, (), None)
    best = max(ranked.values())
    leaders = tuple(p for p, values in ranked.items() if values == best)
    if len(leaders) > 1:
        return Taming(rolled, by_hand, Outcome.TIE, None, leaders, None)
    winner = leaders[0]
    others = {p: v for p, v in ranked.items() if p != winner}
    decision = None
    if others:
        runner_up = max(others, key=lambda p: (others[p], -p))
        theirs = others[runner_up]
        position = next(i for i, die in enumerate(best) if i >= len(theirs) or die != theirs[i])
        decision = Decision(position, best[position], runner_up, theirs[position] if position < len(theirs) else None)
    return Taming(rolled, by_hand, Outcome.WINNER, winner, (), decision)
