"""Every screen in one table: its address, its title and where Back goes.

A new screen is a line here, and its builder (the function that draws it) a line of
:data:`.screens.BUILDERS`; the root, the routes and Back read these tables, and
``tests/test_ui_state.py`` checks each line: an address that leads back to the screen, a
builder that draws, a Back that stays in the app. The builders sit beside the screens they
draw: this table is what the session, the routes and Back read, below every screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Screen(StrEnum):
    START = "start"
    SETUP = "setup"
    PLAY = "play"
    HISTORY = "history"
    HISTORY_GAME = "history_game"
    SETTINGS = "settings"
    RULES = "rules"
    JOIN = "join"
    STATS = "stats"
    SETS = "sets"  # the owner's sets of printed tiles
    SET = "set"  # one set, its tiles entered
    SHARE = "share"  # play together: this phone hosts the game on screen
    JOIN_TABLE = "join_table"  # play together: this phone joins a host's table


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    route: str  # its address; a game's screens add the game's number (see :mod:`.routes`)
    title: str  # its title's catalog key ("": the screen draws its own title)
    back: Screen | None  # where Back goes; None: back where it was opened from
    side: bool = False  # opened on top of another screen, which Back (or the set's) returns to


SCREENS: dict[Screen, ScreenInfo] = {
    Screen.START: ScreenInfo("/start", "", Screen.START),  # as far as Back goes
    # New game is a step of the start screen: it shares its address (Back from it: the start).
    Screen.SETUP: ScreenInfo("/start", "setup.title", Screen.START),
    Screen.PLAY: ScreenInfo("/game", "", Screen.START),  # the game is kept
    Screen.HISTORY: ScreenInfo("/history", "history.title", Screen.START),
    Screen.HISTORY_GAME: ScreenInfo("/history", "history.game_title", Screen.HISTORY),
    Screen.SETTINGS: ScreenInfo("/settings", "settings.title", None, side=True),
    Screen.RULES: ScreenInfo("/rules", "rules.title", None, side=True),
    Screen.JOIN: ScreenInfo("/join", "join.title", None, side=True),
    Screen.STATS: ScreenInfo("/stats", "stats.title", Screen.START),
    Screen.SETS: ScreenInfo("/tiles", "sets.title", None, side=True),
    # A set open in the editor shares the sets' address; Back: the sets (or, opened from a
    # game's "Correct my set", the game).
    Screen.SET: ScreenInfo("/tiles", "set.title", Screen.SETS, side=True),
    # Playing together (the static site): the host's codes, opened from the game; a guest's
    # side, from the start screen.
    Screen.SHARE: ScreenInfo("/together", "together.share_title", None, side=True),
    Screen.JOIN_TABLE: ScreenInfo("/join-table", "together.join_title", Screen.START),
}

#: Screens that return to wherever they were opened from (a set returns to the list of sets).
SIDE_SCREENS = frozenset(screen for screen, info in SCREENS.items() if info.side)
