"""Seeded dice: the same seed and roll number always give the same dice."""

from __future__ import annotations

import random
from collections.abc import Mapping

#: The faces of a taming die.
DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def roll_dice(seed: int, roll_number: int, dice_per_player: Mapping[int, int]) -> dict[int, tuple[int, ...]]:
    """Roll ``dice_per_player[p]`` dice for each player ``p``.

    The stream is keyed by the game's seed and how many rolls came before, so
    undoing a roll and rolling again gives the very same dice.
    """
    rng = random.Random(f"mammoth:{seed}:{roll_number}")
    return {
        player: tuple(rng.choice(DIE_FACES) for _ in range(count)) for player, count in sorted(dice_per_player.items())
    }
