"""Player names the table can read: the rules' checks plus the shipped font's coverage.

New game and every import (command line or app) check names here, the same
way: :func:`check_drawable` after :func:`companion.rules.make_setup`.  Which
characters the font can draw comes from ``assets/fonts/coverage.json``.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache

from ..assets_path import asset
from ..rules import SetupError


@cache
def _ranges() -> tuple[tuple[int, ...], tuple[int, ...]]:
    data = json.loads(asset("fonts", "coverage.json").read_text(encoding="utf-8"))
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


def check_drawable(names: Sequence[str]) -> None:
    """Raise :class:`SetupError` ``setup.name_glyphs`` for the first name the font cannot show."""
    problems = glyph_problems(names)
    if problems:
        raise problems[min(problems)]


def glyph_problems(names: Sequence[str]) -> dict[int, SetupError]:
    """Every name the font cannot show (seat from 0 -> its error), for New game's fields."""
    problems: dict[int, SetupError] = {}
    for seat, name in enumerate(names):
        bad = undrawable(name)
        if bad:
            problems[seat] = SetupError(
                "setup.name_glyphs",
                f"name {name!r} uses characters the font lacks: {bad!r}",
                seat=seat + 1,
                name=name,
                chars=bad,
            )
    return problems
