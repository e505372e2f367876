"""How wide a text is drawn in the app font, before Flutter lays it out.

Flutter breaks a word that is wider than its line in the middle of the word. A player's name
is one word, so a screen that sets a name beside other controls asks here whether it fits,
and gives it a line of its own (or a smaller size) when it does not.  The widths are the
font's advance widths (``assets/fonts/widths.json``, from ``scripts/make_widths.py``);
kerning is left out, and bold (drawn by emboldening the regular font) gets a margin.
"""

from __future__ import annotations

import bisect
import json
from functools import cache

from ..assets_path import asset

#: Characters drawn with no width (the word joiner that keeps Korean words whole, and its kin).
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")

#: Extra width for emboldened text and kerning's rounding: a little too wide is safe.
BOLD_MARGIN = 1.06


@cache
def _table() -> tuple[list[int], list[tuple[int, int]], int, int]:
    data = json.loads(asset("fonts", "widths.json").read_text(encoding="utf-8"))
    runs = data["runs"]
    starts = [run[0] for run in runs]
    ends = [(run[1], run[2]) for run in runs]
    widest = max(run[2] for run in runs)
    return starts, ends, widest, int(data["units_per_em"])


def text_width(text: str, size: float, bold: bool = False) -> float:
    """``text`` on one line at ``size`` px, in px (a character the font lacks counts as
    the font's widest)."""
    starts, ends, widest, units = _table()
    total = 0
    for char in text:
        if char in ZERO_WIDTH:
            continue
        code = ord(char)
        at = bisect.bisect_right(starts, code) - 1
        end, advance = ends[at] if at >= 0 else (-1, widest)
        total += advance if code <= end else widest
    return total * size / units * (BOLD_MARGIN if bold else 1.0)


def fitting_size(text: str, size: float, room: float, smallest: float = 12, bold: bool = False) -> float:
    """The largest size up to ``size`` (and at least ``smallest``) at which ``text`` fits
    in ``room`` px on one line."""
    wide = text_width(text, size, bold)
    if wide <= room:
        return size
    return max(smallest, size * room / wide)


#: A labelled button's padding (Material: 24 px each side), and an icon with its gap.
BUTTON_PADDING = 48
BUTTON_ICON = 26


def labels_share_a_line(labels: list[tuple[str, bool]], room: float, size: float = 16, gap: float = 8) -> bool:
    """Whether buttons with these labels (each with an icon or not) fit side by side in
    ``room`` px, each in an equal share, every label on one line."""
    share = (room - gap * (len(labels) - 1)) / len(labels)
    needs = [text_width(label, size) + BUTTON_PADDING + (BUTTON_ICON if icon else 0) for label, icon in labels]
    return max(needs) <= share


def widest_word(texts: list[tuple[str, float, bool]], factor: float = 1.0) -> float:
    """The widest single word among ``texts`` (each: text, size, bold) at ``factor`` times
    their size, in px: the least width a box must have to show them with no word broken
    inside itself."""
    return max(
        (text_width(word, size * factor, bold) for text, size, bold in texts for word in text.split()),
        default=0.0,
    )


def row_layout(
    room: float,
    texts: list[tuple[str, float, bool]],
    lead: float,
    label: str,
    icon: bool = True,
    factor: float = 1.0,
    gap: float = 10,
) -> int:
    """How a row fits ``room`` px with no word broken: a lead (a player's disc, ``lead`` px,
    drawn to a fixed size), a column of ``texts`` and a labelled button, every text at
    ``factor`` times its size. 0: all on one line; 1: the button on a line of its own under
    the texts; 2: the disc above the texts too (big text on a narrow phone)."""
    needs = widest_word(texts, factor)
    button = text_width(label, 16 * factor) + BUTTON_PADDING + (BUTTON_ICON if icon else 0)
    if needs <= room - lead - 2 * gap - button:
        return 0
    return 1 if needs <= room - lead - gap else 2
