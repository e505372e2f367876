"""What each screen draws from the model: one builder per screen (start, setup, history,
stats, settings, rules, join, the sets, playing together) and the round's panes (play, herd,
migration, taming, printed, log, scoring, summary; the last three are shared with a finished
game's screen).

:data:`BUILDERS` names each screen's builder beside the screen table (:mod:`..screen_table`);
the round (:attr:`Screen.PLAY`) is drawn by :func:`.play.play_body` from the round's step,
which the root computes once for the draw.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..model import AppModel
from ..screen_table import Screen
from .history import history_game_screen, history_screen
from .join import join_screen
from .rules import rules_screen
from .sets import set_screen, sets_screen
from .settings import settings_screen
from .setup import setup_screen
from .start import start_screen
from .stats import stats_screen
from .together import join_table_screen, share_screen

Builder = Callable[[AppModel], ft.Control]

#: The function that draws each screen but the round.
BUILDERS: dict[Screen, Builder] = {
    Screen.START: start_screen,
    Screen.SETUP: setup_screen,
    Screen.HISTORY: history_screen,
    Screen.HISTORY_GAME: history_game_screen,
    Screen.SETTINGS: settings_screen,
    Screen.RULES: rules_screen,
    Screen.JOIN: join_screen,
    Screen.STATS: stats_screen,
    Screen.SETS: sets_screen,
    Screen.SET: set_screen,
    Screen.SHARE: share_screen,
    Screen.JOIN_TABLE: join_table_screen,
}
