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


def _focus_ring(rest: ft.BorderSide) -> ft.ButtonStyle:
    """A 3 px ring in the text colour around the focused button (far above 3:1 against
    the page in both themes); ``rest`` is the button's own edge otherwise."""
    return ft.ButtonStyle(
        side={ft.ControlState.FOCUSED: ft.BorderSide(3, ft.Colors.ON_SURFACE), ft.ControlState.DEFAULT: rest}
    )


_PLATFORMS = ("android", "ios", "linux", "macos", "windows")


def _theme() -> ft.Theme:
    none = ft.BorderSide(0, ft.Colors.TRANSPARENT)
    return ft.Theme(
        color_scheme_seed=SEED,
        font_family=FONT,
        use_material3=True,
        filled_button_theme=ft.FilledButtonTheme(style=_focus_ring(none)),
        outlined_button_theme=ft.OutlinedButtonTheme(style=_focus_ring(ft.BorderSide(1, ft.Colors.OUTLINE))),
        text_button_theme=ft.TextButtonTheme(style=_focus_ring(none)),
        icon_button_theme=ft.IconButtonTheme(style=_focus_ring(none)),
        focus_color=ft.Colors.with_opacity(0.28, ft.Colors.ON_SURFACE),  # ink choices: a clear fill
        # A new screen is there at once: no slide or fade on a route change (the first screen of
        # a resumed game waited about 240 ms for one, and it is motion nobody asked for).
        page_transitions=ft.PageTransitionsTheme(**dict.fromkeys(_PLATFORMS, ft.PageTransitionTheme.NONE)),
    )


def themes() -> tuple[ft.Theme, ft.Theme]:
    """Light and dark Material 3 themes with the shipped font everywhere, and a focus ring
    a keyboard user can see."""
    return _theme(), _theme()


def theme_mode(name: str) -> ft.ThemeMode:
    return {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(name, ft.ThemeMode.SYSTEM)


#: The widest a screen's column gets on a phone, and on a tablet for screens other than a
#: game's (a readable column); the page's margin on each side, on a phone and on a tablet.
MAX_PHONE_WIDTH = 640
MAX_READING_WIDTH = 760
MARGIN = 12
WIDE_MARGIN = 24
