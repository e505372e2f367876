"""Screens as addresses, so the browser's Back (and Android's back) stay in the app.

Every screen has a route: ``/start``, ``/game/3``, ``/history``,
``/history/5``, ``/stats``, ``/settings``, ``/rules``, ``/join``, ``/tiles`` (the sets of
printed tiles; a set open in the editor shares it, as New game shares the start's).  ``/`` is where a visit
enters; a Back that returns there lands on the start screen, which pushes its
own route again, so Back never leaves the app.

New game shares the start screen's route: it is a step of the start screen, so
Back from it is the start screen, and a game started from it is one step after
the start screen (Back from the round: the start screen, the game kept).
"""

from __future__ import annotations

import re

from .screen_table import SCREENS, Screen

ENTRY = "/"
_PLAIN: dict[Screen, str] = {screen: info.route for screen, info in SCREENS.items()}
#: A plain address leads to the first screen of the table that has it (Setup and a set
#: share the start's and the sets' addresses; a game's carry a number: see route_of).
_BY_PATH: dict[str, Screen] = {}
for _screen, _path in _PLAIN.items():
    if _screen not in (Screen.PLAY, Screen.HISTORY_GAME):
        _BY_PATH.setdefault(_path, _screen)
_NUMBERED = re.compile(r"^/(game|history)/([0-9]{1,9})$")


def route_of(screen: Screen, game_id: int | None = None, history_game_id: int | None = None) -> str:
    """The address of ``screen`` (a game's screens carry the game's number)."""
    if screen is Screen.PLAY:
        return f"{_PLAIN[screen]}/{game_id}" if game_id is not None else _PLAIN[Screen.START]
    if screen is Screen.HISTORY_GAME:
        return f"{_PLAIN[screen]}/{history_game_id}" if history_game_id is not None else _PLAIN[Screen.HISTORY]
    return _PLAIN[screen]


def parse(route: str | None) -> tuple[Screen, int | None]:
    """The screen (and game number) an address names; anything else is the start screen."""
    path = (route or ENTRY).split("?", 1)[0].split("#", 1)[0].rstrip("/") or ENTRY
    numbered = _NUMBERED.match(path)
    if numbered:
        kind, number = numbered.groups()
        return (Screen.PLAY if kind == "game" else Screen.HISTORY_GAME), int(number)
    return _BY_PATH.get(path, Screen.START), None


def is_entry(route: str | None) -> bool:
    """True for the address a visit comes in by (``/``, with or without a query)."""
    return (route or ENTRY).split("?", 1)[0].rstrip("/") == ""
