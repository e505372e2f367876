"""Cut the app font down from Noto Sans CJK KR (Debian's fonts-noto-cjk).

Keeps Basic Latin, Latin-1 and Latin Extended-A (German and Spanish), general
punctuation, arrows and a few symbols the app shows, Hangul jamo, compatibility
jamo and all 11,172 Hangul syllables (so any Korean player name renders), and maps the
zero-width characters (the word joiner among them) to an empty glyph.

Rerun with:  python scripts/make_font.py [path/to/NotoSansCJK-Regular.ttc]
(needs `apt-get install fonts-noto-cjk` and `pip install fonttools`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "MammothSans-Regular.otf"
COVERAGE = TARGET.with_name("coverage.json")

RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A
    (0x2010, 0x2027),  # dashes, quotes, ellipsis, bullet
    (0x2030, 0x203A),  # per mille, guillemets
    (0x2190, 0x2193),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x00D7, 0x00D7),  # multiplication sign
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0xAC00, 0xD7A3),  # Hangul Syllables
    (0x3000, 0x3003),  # ideographic space and punctuation
]


#: Characters drawn with no ink that Noto Sans CJK lacks: the word joiner the app puts between
#: Hangul syllables (so Flutter breaks Korean lines between words only), and its kin. A
#: character no shipped font covers sends Flutter's web engine looking for a fallback font it
#: cannot find offline (one 404 for Noto Sans Symbols on every start).
INVISIBLE = (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF)
#: The narrow no-break space some dates and times use: drawn as the no-break space.
NARROW_NBSP = 0x202F


def map_invisible(font: Any) -> None:
    """Map :data:`INVISIBLE` to the font's empty glyph of no width, and the narrow no-break
    space to the no-break space's glyph, in every Unicode cmap subtable."""
    from fontTools.pens.boundsPen import BoundsPen

    glyphs = font.getGlyphSet()

    def empty(name: str) -> bool:
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        return pen.bounds is None

    blank = next(name for name, (width, _) in sorted(font["hmtx"].metrics.items()) if width == 0 and empty(name))
    space = font.getBestCmap()[0x00A0]
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap.update(dict.fromkeys(INVISIBLE, blank))
            table.cmap[NARROW_NBSP] = space


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    collection = TTCollection(str(source))
    font = next(f for f in collection.fonts if "KR" in f["name"].getDebugName(1))
    options = subset.Options()
    options.layout_features = ["kern", "liga", "ccmp", "ljmo", "vjmo", "tjmo", "locl"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[c for lo, hi in RANGES for c in range(lo, hi + 1)])
    subsetter.subset(font)
    map_invisible(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(TARGET))
    # The ranges the font covers, for the app to check player names at run time.
    cmap = sorted(font.getBestCmap())
    spans: list[list[int]] = []
    for code in cmap:
        if spans and code == spans[-1][1] + 1:
            spans[-1][1] = code
        else:
            spans.append([code, code])
    COVERAGE.write_text(json.dumps({"font": TARGET.name, "ranges": spans}, separators=(",", ":")))
    print(f"{TARGET.name}: {TARGET.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
