"""Which characters the shipped font can draw (from assets/fonts/coverage.json)."""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import cache
from pathlib import Path

COVERAGE = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "coverage.json"


@cache
def _ranges() -> tuple[tuple[int, ...], tuple[int, ...]]:
    data = json.loads(COVERAGE.read_text(encoding="utf-8"))
    starts = tuple(int(lo) for lo, _ in data["ranges"])
    ends = tuple(int(hi) for _, hi in data["ranges"])
    return starts, ends


def drawable(char: str) -> bool:
    if char.isspace():
        return True
    starts, ends = _ranges()
    index = bisect_right(starts, ord(char)) - 1
    return index >= 0 and ord(char) <= ends[index]


def undrawable(text: str) -> str:
    """The characters of ``text`` the font cannot show (each once, in order)."""
    seen: list[str] = []
    for char in text:
        if not drawable(char) and char not in seen:
            seen.append(char)
    return "".join(seen)
