"""The icon font the web client downloads, cut to the icons the app shows.

Flet's web client ships Material Icons whole: 1.26 MB (470 KB gzip-compressed) for some
2,000 icons in four styles, fetched on every first visit.  The app shows about forty.
``assets/assets/fonts/MaterialIcons-Regular.otf`` holds only those (and the few that
Flutter's own widgets draw); Flet serves a file from the app's assets before its own, so
the browser gets the small one.  Regenerate it after using a new icon::

    python scripts/make_icon_font.py

``tests/test_icon_font.py`` fails when code names an icon the cut font lacks.
"""

from __future__ import annotations

import re
from pathlib import Path

#: Where Flet's web client asks for the icon font, relative to the served root.
SERVED_AS = Path("assets") / "fonts" / "MaterialIcons-Regular.otf"
#: Icons Flutter's own Material widgets draw (back, close, menus, pickers), kept to be safe.
FRAMEWORK = (
    "ARROW_BACK",
    "ARROW_FORWARD",
    "ARROW_DROP_DOWN",
    "ARROW_UPWARD",
    "ARROW_DOWNWARD",
    "CANCEL",
    "CHECK",
    "CHEVRON_LEFT",
    "CHEVRON_RIGHT",
    "CLEAR",
    "CLOSE",
    "ERROR",
    "EXPAND_LESS",
    "EXPAND_MORE",
    "MENU",
    "MORE_HORIZ",
    "MORE_VERT",
    "SEARCH",
    "VISIBILITY",
    "VISIBILITY_OFF",
)
STYLES = ("_OUTLINED", "_ROUNDED", "_SHARP")
#: Flutter's second names for one icon: the font names the glyph by the first name only.
ALIASES = {"copy_baseline": "content_copy_baseline"}
ICON = re.compile(r"ft\.Icons\.([A-Z0-9_]+)")


def glyph_name(icon: str) -> str:
    """The font's glyph for ``ft.Icons.<icon>``: ``HOME_OUTLINED`` is ``home_outlined``,
    ``ADD`` (the filled style) is ``add_baseline``."""
    lower = icon.lower()
    name = lower if icon.endswith(STYLES) else lower + "_baseline"
    return ALIASES.get(name, name)


def used_icons(package: Path) -> set[str]:
    """Every ``ft.Icons.<NAME>`` the package's code names."""
    return {match for path in package.rglob("*.py") for match in ICON.findall(path.read_text(encoding="utf-8"))}


def cut(source: Path, target: Path, icons: set[str]) -> list[str]:
    """Write to ``target`` the part of ``source`` that draws ``icons``; returns the glyphs
    kept.  An icon the source lacks is an error."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source)
    wanted = {glyph_name(icon) for icon in icons}
    by_name: dict[str, list[int]] = {}
    for code, name in font.getBestCmap().items():
        by_name.setdefault(name, []).append(code)
    missing = sorted(wanted - by_name.keys())
    if missing:
        raise KeyError(f"not in {source.name}: {', '.join(missing)}")
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[code for name in wanted for code in by_name[name]])
    cutter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)
    return sorted(wanted)


def main() -> None:
    import flet_web

    repo = Path(__file__).resolve().parents[1]
    source = Path(flet_web.__file__).parent / "web" / SERVED_AS
    target = repo / "assets" / SERVED_AS
    kept = cut(source, target, used_icons(repo / "companion") | set(FRAMEWORK))
    print(f"{target}: {len(kept)} icons, {target.stat().st_size} bytes (from {source.stat().st_size})")


if __name__ == "__main__":
    main()
