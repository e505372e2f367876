"""Colours, font and sizes shared by every screen."""

from __future__ import annotations

import flet as ft

FONT = "MammothSans"
FONTS = {FONT: "fonts/MammothSans-Regular.otf"}
SEED = "#8d5a2b"  # warm earth brown, Material 3 derives the rest

#: Player colours (fill, text on it) for the four Stone Age colours.
PLAYER_COLOURS: dict[str, tuple[str, str]] = {
    "red": ("#c62828", "#ffffff"),
    "blue": ("#1565c0", "#ffffff"),
    "green": ("#2e7d32", "#ffffff"),
    "yellow": ("#f9c80e", "#2b2100"),
}

#: A shape per colour, so two players never differ by colour alone (red and green are one
#: olive to a deuteranope; blue and green close to a tritanope): see tests/test_colours.py.
PLAYER_SHAPES: dict[str, str] = {"red": "circle", "blue": "square", "green": "diamond", "yellow": "leaf"}

TOUCH = 52  # minimum height of anything tappable, in logical pixels
GAP = 12


def themes() -> tuple[ft.Theme, ft.Theme]:
    """Light and dark Material 3 themes with the shipped font everywhere."""
    light = ft.Theme(color_scheme_seed=SEED, font_family=FONT, use_material3=True)
    dark = ft.Theme(color_scheme_seed=SEED, font_family=FONT, use_material3=True)
    return light, dark


def theme_mode(name: str) -> ft.ThemeMode:
    return {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(name, ft.ThemeMode.SYSTEM)
