"""The cut icon font holds every icon the code names (and the ones Flutter's widgets draw)."""

from __future__ import annotations

from pathlib import Path

import flet as ft
from fontTools.ttLib import TTFont

from scripts.make_icon_font import FRAMEWORK, SERVED_AS, glyph_name, used_icons

ROOT = Path(__file__).resolve().parents[1]


def test_every_icon_the_code_names_is_in_the_cut_font() -> None:
    """A new icon in the code without ``python scripts/make_icon_font.py`` fails here: the
    browser would draw an empty box."""
    icons = used_icons(ROOT / "companion")
    assert "UNDO" in icons and all(hasattr(ft.Icons, icon) for icon in icons | set(FRAMEWORK))
    glyphs = set(TTFont(ROOT / "assets" / SERVED_AS).getBestCmap().values())
    missing = sorted(icon for icon in icons | set(FRAMEWORK) if glyph_name(icon) not in glyphs)
    assert missing == []


def test_glyph_names_follow_the_font() -> None:
    assert glyph_name("ADD") == "add_baseline"
    assert glyph_name("HOME_OUTLINED") == "home_outlined"
    assert glyph_name("COPY") == "content_copy_baseline"  # one icon, two names in Flutter
