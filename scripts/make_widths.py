"""Write each character's advance width in the app font to ``assets/fonts/widths.json``.

The screens use it to tell, before Flutter lays a line out, whether a word fits beside a
stepper or must get a line of its own (``companion/ui/textfit.py``): a player's name is one
word, and Flutter breaks a word that does not fit in the middle ("Großmütt | erchen").
Consecutive characters of the same width share one entry (all 11,172 Hangul syllables
are one).  ``tests/test_textfit.py`` checks the file against the font.

Rerun with:  python scripts/make_widths.py   (needs fonttools, a test dependency)
"""

from __future__ import annotations

import json
from pathlib import Path

from fontTools.ttLib import TTFont

FONT = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "MammothSans-Regular.otf"
TARGET = FONT.with_name("widths.json")


def widths(font_path: Path = FONT) -> dict[str, object]:
    font = TTFont(str(font_path))
    metrics = font["hmtx"]
    runs: list[list[int]] = []
    for code, glyph in sorted(font.getBestCmap().items()):
        advance = metrics[glyph][0]
        if runs and code == runs[-1][1] + 1 and advance == runs[-1][2]:
            runs[-1][1] = code
        else:
            runs.append([code, code, advance])
    return {"font": font_path.name, "units_per_em": font["head"].unitsPerEm, "runs": runs}


def main() -> None:
    TARGET.write_text(json.dumps(widths(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{TARGET.name}: {len(widths()['runs'])} runs")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
