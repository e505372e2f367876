"""One browser tab's (or window's) own state: which screen, its settings, its message.

The game on screen is :mod:`.controller`'s, not this; settings are changed by named
methods and kept at once on this device (:mod:`.device`); screens are a :class:`Screen`. Lists a screen shows (the
unfinished games, the finished ones, and for the statistics every finished game, replayed
from the store) are loaded when the screen is entered, not on every redraw.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ..data.store import GameSummary, SavedSet, Store
from ..i18n import LANGUAGES, Translator
from ..rules import GameState, RuleError
from .device import DeviceSettings
from .guard import guard_handlers
from .screen_table import SIDE_SCREENS
from .screen_table import Screen as Screen  # where every screen module has it from
from .textsize import TEXT_SIZES, factor_of
from .theme import MARGIN, MAX_PHONE_WIDTH, MAX_READING_WIDTH, TOUCH, WIDE_MARGIN

#: From this width on, the round screen shows two panes.
WIDE_FROM = 900
#: Below this width (in 100 % text) pictures and steppers stop sharing a line with text.
NARROW_BELOW = 240
#: From this height (in 100 % text) a phone's thumb bar holds the winner's choice too.
TALL_FROM = 480
#: The height of a 16 px line of text, with the space around it, at 100 % text.
BAR_LINE = 24
THEMES = ("system", "light", "dark")


@dataclass
class Message:
    """A translated banner: ``key`` with ``params``; errors show in red."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    error: bool = True


@ft.observable
@guard_handlers
@dataclass
class Session:
    store: Store
    lang: str = "en"
    theme: str = "system"
    animation: bool = True
    haptics: bool = True
    wakelock: bool = True
    text_size: int = 100  # per cent, one of textsize.TEXT_SIZES
    width: float = 412
    height: float = 800
    screen: Screen = Screen.START
    back_to: Screen = Screen.START  # where Settings, Rules and Join return to
    message: Message | None = None
    unkept: str = ""  # the static site keeps nothing (why: "unavailable", "refused"); "" when kept
    unkept_open: bool = False  # the one-line "nothing is kept" warning shows why, under it
    update_ready: bool = False  # the static site: a new version waits for a Reload (a line under the bar)
    on_update: Callable[[], None] | None = None  # the static site: take the new version (the page reloads)
    synced: int = 0  # changes from another device the notice stands for now (0: no notice)
    join_urls: tuple[str, ...] = ()  # room mode: one address per network the machine is on
    join_codes: tuple[str, ...] = ()  # their QR codes (base64 PNG), drawn by the server
    unfinished: list[GameSummary] = field(default_factory=list)  # loaded on entering the start screen
    sets: list[SavedSet] = field(default_factory=list)  # the sets of printed tiles, for New game
    finished: list[GameSummary] = field(default_factory=list)  # loaded on entering the history
    finished_states: list[GameState] = field(default_factory=list)  # loaded on entering the statistics
    device: DeviceSettings = field(default_factory=DeviceSettings)  # where this device's choices are kept

    # -- language and messages ------------------------------------------------------
    @property
    def tr(self) -> Translator:
        return Translator(self.lang)

    @property
    def room(self) -> float:
        """The window's width counted in 100 % text: at 200 % text a 360 px phone lays out
        as a 180 px one would (what sits beside what, how long a title may be)."""
        return self.width / factor_of(self.text_size)

    @property
    def narrow(self) -> bool:
        """A window under 240 px in 100 % text (a phone zoomed to 200 %, or at 200 % text):
        what sits beside a picture or a stepper goes under it."""
        return self.room < NARROW_BELOW

    @property
    def thumb_choice(self) -> bool:
        """A phone with the height for the winner's whole choice (question and two buttons) in
        the thumb bar, above Next round; a short phone window, or big text, has it on one line
        there (result_card.choice_column's ``compact``); a tablet shows it in the result."""
        return not self.wide and self.height / factor_of(self.text_size) >= TALL_FROM

    def bar_fits(self, buttons: int, lines: int = 0) -> bool:
        """Whether a thumb bar of ``buttons`` rows of buttons and ``lines`` lines of 16 px
        text takes at most a third of the window's height (a tablet has no thumb bar: True).
        Big text grows each row with its label (a row is TOUCH + 8 px at 100 %): at 200 % on
        a 640 px phone Roll and Enter table dice took 40 % of the screen, and the winner's
        choice above Next round 46 %."""
        if self.wide:
            return True
        factor = factor_of(self.text_size)
        height = (buttons * (TOUCH + 8) + lines * BAR_LINE) * factor + 8 * (buttons - 1) + 12
        return height <= self.height / 3

    @property
    def choice_in_bar(self) -> bool:
        """A phone whose thumb bar has room for the winner's choice (its question and two
        short buttons) above Next round; otherwise the choice is in the result, and the
        phone brings it into view once the dice settle (a tablet: always in the result)."""
        return not self.wide and self.bar_fits(2, lines=1)

    @property
    def column_room(self) -> float:
        """The width of the screen's column, less the page's margins, in 100 % text: what a
        card on it gets (a game's screen on a tablet has the whole window, in two panes)."""
        whole = self.wide and self.screen is Screen.PLAY
        width = self.width if whole else min(self.width, MAX_READING_WIDTH if self.wide else MAX_PHONE_WIDTH)
        return width / factor_of(self.text_size) - 2 * (WIDE_MARGIN if self.wide else MARGIN)

    @property
    def wide(self) -> bool:
        """Tablet layout: two panes."""
        return self.room >= WIDE_FROM

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.message = Message(key, params, error)

    def toggle_unkept(self) -> None:
        self.unkept_open = not self.unkept_open

    def hide_update(self) -> None:
        self.update_ready = False

    def take_update(self) -> None:
        if self.on_update is not None:
            self.on_update()

    def dismiss(self) -> None:
        self.message = None

    def note_synced(self) -> None:
        """Another device changed the game on screen: a line under the body says so (nothing
        on the screen moves) and stays while changes keep coming; it is announced once, not
        for each change in a row (:func:`~.root.synced_notice`)."""
        self.synced += 1

    def dismiss_synced(self, shown: int) -> None:
        """Take the notice down, unless a change came since the ``shown``-th (its own timer)."""
        if shown == self.synced:
            self.synced = 0

    def resize(self, width: object, height: object = None) -> None:
        if isinstance(width, int | float) and 0 < width < 100_000:
            self.width = float(width)
        if isinstance(height, int | float) and 0 < height < 100_000:
            self.height = float(height)

    # -- settings, each kept at once on this device ----------------------------------
    def device_refused(self) -> None:
        """The device did not keep a setting (a private window, full storage): it applies
        until the app is closed, and the player is told so."""
        self.say("error.settings.device")

    def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.device.save("lang", lang)
            self.lang = lang

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.device.save("theme", theme)
            self.theme = theme

    def set_animation(self, on: bool) -> None:
        self.device.save("animation", str(bool(on)))
        self.animation = bool(on)

    def set_haptics(self, on: bool) -> None:
        self.device.save("haptics", str(bool(on)))
        self.haptics = bool(on)

    def set_text_size(self, percent: int) -> None:
        if percent in TEXT_SIZES:
            self.device.save("text_size", str(percent))
            self.text_size = percent

    def set_wakelock(self, on: bool) -> None:
        self.device.save("wakelock", str(bool(on)))
        self.wakelock = bool(on)

    # -- navigation ----------------------------------------------------------------------
    def go(self, screen: Screen) -> None:
        """Show ``screen``; no banner follows to the next screen (one said on arrival is said
        after the move: a game deleted elsewhere, a game reopened)."""
        self.message = None
        self.synced = 0
        if screen in SIDE_SCREENS and self.screen not in SIDE_SCREENS:
            self.back_to = self.screen
        self.load(screen)
        self.screen = screen

    def load(self, screen: Screen | None = None) -> None:
        """Read the lists ``screen`` shows (once, on entering it, or after a change)."""
        screen = screen or self.screen
        try:
            if screen in (Screen.START, Screen.SETUP):
                self.unfinished = self.store.unfinished_games()
            if screen in (Screen.SETUP, Screen.SETS):  # New game offers them; the start screen does not
                self.sets = self.store.sets()
            elif screen is Screen.HISTORY:
                self.finished = self.store.history()
            elif screen is Screen.STATS:
                summaries = self.store.history(limit=100_000)  # newest first
                self.finished_states = [self.store.load(s.id).state for s in reversed(summaries)]
        except (sqlite3.Error, RuleError, KeyError, ValueError):
            self.say("error.store.load")
