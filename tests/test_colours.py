"""Player colours for colour-blind players: where two colours look alike, something else differs.

Colour vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes
(2009, severity 1.0) in linear RGB; differences are CIEDE2000 (Sharma, Wu and Dalal 2005),
checked against a pair from their published test data.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from companion.ui.theme import PLAYER_COLOURS, PLAYER_SHAPES
from companion.ui.widgets import marks

SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}
#: Below this CIEDE2000 difference two discs need a cue besides colour.
CLOSE = 20


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def lab(hex_colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour as seen through ``matrix``."""
    rgb = [_linear(int(hex_colour[i : i + 2], 16) / 255) for i in (1, 3, 5)]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lp, cp = (l1 + l2) / 2, (c1p + c2p) / 2
    hp = h1p + h2p
    if c1p * c2p:
        hp = (
            (h1p + h2p) / 2
            if abs(h1p - h2p) <= 180
            else (h1p + h2p + 360) / 2
            if h1p + h2p < 360
            else (h1p + h2p - 360) / 2
        )
    t = (
        1
        - 0.17 * math.cos(math.radians(hp - 30))
        + 0.24 * math.cos(math.radians(2 * hp))
        + 0.32 * math.cos(math.radians(3 * hp + 6))
        - 0.20 * math.cos(math.radians(4 * hp - 63))
    )
    sl = 1 + 0.015 * (lp - 50) ** 2 / math.sqrt(20 + (lp - 50) ** 2)
    sc, sh = 1 + 0.045 * cp, 1 + 0.015 * cp * t
    rt = -2 * math.sqrt(cp**7 / (cp**7 + 25**7)) * math.sin(math.radians(60 * math.exp(-(((hp - 275) / 25) ** 2))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def test_delta_e2000_matches_published_data() -> None:
    """Pair 1 of Sharma, Wu and Dalal's test data: 2.0425."""
    assert delta_e2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)) == pytest.approx(27.1492, abs=1e-4)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_colours_that_look_alike_differ_in_shape(vision: str) -> None:
    """Every pair of player colours under each simulated vision: where the discs fall below
    a CIEDE2000 of 20, their shapes differ, so the players are still told apart."""
    close = []
    for first, second in combinations(sorted(PLAYER_COLOURS), 2):
        difference = delta_e2000(
            lab(PLAYER_COLOURS[first][0], SIMULATIONS[vision]), lab(PLAYER_COLOURS[second][0], SIMULATIONS[vision])
        )
        if difference < CLOSE:
            close.append((first, second, round(difference, 1)))
            assert PLAYER_SHAPES[first] != PLAYER_SHAPES[second], (vision, first, second, difference)
    if vision == "deuteranopia":  # the audit's finding is reproduced, so the test is not blind
        assert any({a, b} == {"red", "green"} for a, b, _ in close), close


def test_every_colour_has_its_own_shape() -> None:
    assert len(set(PLAYER_SHAPES.values())) == len(PLAYER_COLOURS) and set(PLAYER_SHAPES) == set(PLAYER_COLOURS)


def test_discs_show_two_letters_where_initials_clash() -> None:
    """Anna and Abel get "An" and "Ab"; Anna and Anne "Aa" and "Ae"; a lone initial stays one letter."""
    assert marks(["Anna", "Abel", "Chen"]) == ["An", "Ab", "C"]
    assert marks(["Anna", "Anne"]) == ["Aa", "Ae"]
    assert marks(["김민지", "김서준", "Bo"]) == ["김민", "김서", "B"]
