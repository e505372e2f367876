"""The game on screen: loaded, played through the rules, saved, and shared with other tabs.

Every step (an action, undo, redo) goes to :mod:`companion.rules`, is saved
by the store, and only then shown; a :class:`~companion.rules.RuleError`
becomes a message in the user's language and changes nothing.  Drafts (new
game, migration, dice, printed tile) live in :mod:`.drafts`; :mod:`.model` wires their
``reset`` (and the round's) to :attr:`GameController.on_reset`, so that undo, redo and
another tab's change clear them. The round screen's own state (its questions, panels,
the tumble, kept panes) is :class:`~.round_view.RoundView`'s.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ..data.store import GameGoneError, StaleGameError, StoreError
from ..data.text import step_text
from ..rules import (
    Action,
    Choice,
    Choose,
    Game,
    GameState,
    Phase,
    RuleError,
    StartRound,
    end_again,
    play,
    redo,
    reopen,
    undo,
)
from ..rules.resources import Resource
from .guard import guard_handlers, query
from .routes import parse, route_of
from .screen_table import SCREENS
from .session import Message, Screen, Session


@ft.observable
@guard_handlers
@dataclass
class GameController:
    session: Session
    game: Game | None = None
    game_id: int | None = None
    confirm_delete: int | None = None  # start screen: the game whose deletion is being asked
    history_game: Game | None = None
    history_game_id: int | None = None
    on_commit: Callable[[int], None] | None = None  # tells other tabs a game changed
    on_feedback: Callable[[], None] | None = None  # a short vibration, where the device has one
    on_reset: list[Callable[[], None]] = field(default_factory=list)  # the drafts' and the round's resets
    on_leave: Callable[[], None] | None = None  # another screen: the round closes its question and panels
    on_round_started: Callable[[], None] | None = None  # printed tiles: offer the tile's bonuses
    # The round's view state as data (:mod:`.step`): taken before each step, put back by Undo
    # (``None``: a step this tab has no view of, the drafts reset), merged with another
    # screen's change (the game before and after it).
    on_snapshot: Callable[[], object] | None = None
    on_restore: Callable[[object | None, Action], None] | None = None
    on_merge: Callable[[Game, Game], None] | None = None
    on_follow: Callable[[], None] | None = None  # the table's shared question (asked()) changed
    # This tab's view around each step of the game on screen, by the step's place in
    # ``game.done``: (the state before the step, its action, the view). ``views_before`` is
    # what Undo puts back, ``views_after`` what Redo does.
    views_before: dict[int, tuple[GameState, Action, object]] = field(default_factory=dict, repr=False)
    views_after: dict[int, tuple[GameState, Action, object]] = field(default_factory=dict, repr=False)
    views_of: int | None = field(default=None, repr=False)  # the game they are of

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.session.say(key, error, **params)

    def error(self, exc: RuleError) -> None:
        params = dict(exc.params)
        player = params.get("player")
        if self.game is not None and isinstance(player, int) and 0 <= player < len(self.game.state.players):
            params["name"] = self.game.state.players[player]
        self.session.message = Message(f"error.{exc.code}", params)

    # -- which game ---------------------------------------------------------------------
    def go(self, screen: Screen) -> None:
        self.confirm_delete = None
        if self.on_leave is not None:
            self.on_leave()
        self.session.go(screen)

    @query
    def back_target(self) -> Screen:
        """Where the back button of a side screen (Settings, Rules, Join) leads."""
        target = self.session.back_to
        return Screen.START if target is Screen.PLAY and self.game is None else target

    def back(self) -> None:
        self.go(self.back_target())

    # -- routes: the browser's Back and Forward, Android's back ---------------------------
    @property
    def route(self) -> str:
        """The address of what this tab shows (see :mod:`.routes`)."""
        return route_of(self.session.screen, self.game_id, self.history_game_id)

    def follow(self, route: str) -> None:
        """The browser moved to ``route`` (Back, Forward, or an address typed or reloaded)."""
        if route == self.route:
            return
        screen, number = parse(route)
        if screen is Screen.PLAY and number is not None:
            if number == self.game_id and self.game is not None:
                self.go(Screen.PLAY)
            elif self.session.store.exists(number):
                self.open_game(number)
                if self.game is not None and self.game.state.phase is Phase.FINISHED:
                    self.close_finished()  # Back onto a game since finished: it is in the history
            else:
                self.go(Screen.START)
        elif screen is Screen.HISTORY_GAME and number is not None:
            self.open_history_game(number)
        elif screen is not Screen.HISTORY_GAME:
            self.go(screen)

    def step_back(self) -> None:
        """One screen back, as the back gesture means it: a question closes first; a round
        goes to the start screen (the game stays); the start screen stays."""
        screen = self.session.screen
        back = SCREENS[screen].back
        if back is None:
            self.back()
        elif back is not screen:
            self.go(back)

    def open_unfinished(self) -> None:
        """Open the most recently played unfinished game, if there is one."""
        game_id = self.session.store.unfinished()
        if game_id is None:
            self.go(Screen.START)
            return
        self.open_game(game_id)

    def open_game(self, game_id: int) -> None:
        """Resume a saved game (any of the unfinished ones on the start screen)."""
        try:
            game = self.session.store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            self.say("error.store.load")
            return
        self.game, self.game_id = game, game_id
        self.reset_drafts()
        self._follow()
        self.go(Screen.PLAY)

    def start(self, game: Game, game_id: int) -> None:
        """A game just created by the new-game draft."""
        self.game, self.game_id = game, game_id
        self.reset_drafts()
        self.go(Screen.PLAY)
        if not game.state.is_physical:
            self.dispatch(StartRound())

    def ask_delete(self, game_id: int | None) -> None:
        """Ask before deleting an unfinished game (``None``: the question is withdrawn)."""
        self.confirm_delete = game_id

    def delete_game(self, game_id: int) -> None:
        """Delete an unfinished game after the table confirmed it; finished games stay."""
        self.confirm_delete = None
        try:
            deleted = self.session.store.delete(game_id)
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        if not deleted:
            self.say("error.game.not_deletable")
            return
        if self.game_id == game_id:
            self.game, self.game_id = None, None
            self.reset_drafts()
        self.session.load()
        self.say("info.deleted", error=False)
        if self.on_commit is not None:
            self.on_commit(game_id)

    def _game_gone(self) -> None:
        """The game on screen was deleted elsewhere: say so and go home."""
        self.game, self.game_id = None, None
        self.reset_drafts()
        self.go(Screen.START)
        self.say("error.game.deleted")

    # -- playing -----------------------------------------------------------------------
    def reset_drafts(self) -> None:
        """Every draft and question closes (another game, a step this tab has no view of)."""
        for reset in self.on_reset:
            reset()

    def _merge(self, before: Game | None) -> None:
        """The game changed under this tab's open entries (another screen): they keep what was
        typed, or, without a merge wired, close."""
        if before is not None and self.game is not None and self.on_merge is not None:
            self.on_merge(before, self.game)
        else:
            self.reset_drafts()

    def _commit(self, game: Game) -> bool:
        """Save first, then show: what the screen shows is always on disk."""
        assert self.game is not None and self.game_id is not None
        try:
            self.session.store.record(self.game_id, game, expected=len(self.game.log))
        except GameGoneError:
            self._game_gone()
            return False
        except StaleGameError:
            before = self.game
            try:
                self.game = self.session.store.load(self.game_id)
            except KeyError:
                self._game_gone()
                return False
            self._merge(before)
            self.say("error.game.moved_on")
            return False
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return False
        self.game = game
        self.session.message = None
        if self.on_commit is not None:
            self.on_commit(self.game_id)
        if self.session.haptics and self.on_feedback is not None:
            self.on_feedback()
        return True

    def refresh(self, game_id: int, rewritten: bool = False) -> None:
        """Another tab or window changed ``game_id``: show its latest state. ``rewritten``:
        the stored log was replaced, not only grown (a guest's copy that took the host's
        log instead of its own last step), so the same length is no proof of the same game."""
        if self.session.screen in (Screen.START, Screen.SETUP, Screen.HISTORY, Screen.STATS):
            self.session.load()  # the lists: a game ended, deleted or scored elsewhere
        if self.session.screen is Screen.HISTORY_GAME and game_id == self.history_game_id:
            self._refresh_history_game(game_id)
        if game_id != self.game_id or self.game is None:
            return
        try:
            if not self.session.store.exists(game_id):
                self._game_gone()
                return
            if not rewritten and self.session.store.log_length(game_id) == len(self.game.log):
                self._follow()  # the game is the same; the table's question may not be
                return
            before, self.game = self.game, self.session.store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            return
        self._merge(before)
        self._follow()
        self.session.note_synced()

    # -- the table's question, shared by every screen on the game ------------------------
    def _asking_key(self) -> str:
        return f"asking:{self.game_id}"

    def share_asking(self, asking: bool) -> None:
        """Printed tiles: "Next round" asks the table where the herd went (``True``), or the
        question was taken back: every screen on this game asks, or stops asking, with it.
        The question lives beside the game, not in it (it is no action)."""
        if self.game is None or self.game_id is None:
            return
        try:
            if asking:
                self.session.store.set_setting(self._asking_key(), str(self.game.state.round_number))
            else:
                self.session.store.clear_setting(self._asking_key())
        except (sqlite3.Error, StoreError):
            return  # each screen still asks on its own
        if self.on_commit is not None:
            self.on_commit(self.game_id)

    @query
    def asked(self) -> bool:
        """The table was asked where the herd went after this game's round, on some screen."""
        game = self.game
        if game is None or self.game_id is None or not game.state.herd_asked_after_round:
            return False
        try:
            return self.session.store.get_setting(self._asking_key()) == str(game.state.round_number)
        except sqlite3.Error:
            return False

    def _follow(self) -> None:
        if self.on_follow is not None:
            self.on_follow()

    def entry_closed(self) -> None:
        """An entry of this screen closed (saved, applied, skipped or cancelled): the screen
        follows the table's shared question again, which it did not while the entry was open
        (another screen may have asked where the herd went meanwhile)."""
        self._follow()

    def _step(self, step: Callable[[Game], Game]) -> bool:
        """Run one rules step (an action, undo or redo) and commit it; a rule
        break becomes a message and changes nothing."""
        if self.game is None:
            return False
        try:
            game = step(self.game)
        except RuleError as exc:
            self.error(exc)
            return False
        return self._commit(game)

    @query
    def view_now(self) -> object | None:
        """This tab's view now; the views kept of another game are let go."""
        if self.views_of != self.game_id:
            self.views_before, self.views_after, self.views_of = {}, {}, self.game_id
        return self.on_snapshot() if self.on_snapshot is not None else None

    def dispatch(self, action: Action, view: object | None = None) -> bool:
        """One table step: the view before it (``view``, if the tap already changed it) is
        kept for Undo; a new step clears Redo's."""
        game, view = self.game, view if view is not None else self.view_now()
        if game is None or not self._step(lambda game: play(game, action)):
            return False
        index = len(game.done)
        self.views_before[index] = (game.state, action, view)
        self.views_after = {}
        return True

    def undo(self) -> bool:
        """Take back the game's last step: the game, and this tab's view as it was before
        the step (an editor with its values, the herd's question); said in a line."""
        game = self.game
        if game is None or not game.done:
            return self._step(undo)  # says "nothing to undo"
        index, action = len(game.done) - 1, game.done[-1][1]
        view = self.view_now()
        if not self._step(undo):
            return False
        self.views_after[index] = (game.state, action, view)
        self._put_back(self.views_before.get(index), action)
        self.say("info.undone", error=False, what=step_text(self.session.tr, game.state, action))
        return True

    def end_again(self) -> bool:
        """A reopened game ended again by Redo: End game and the sheet's counts made after
        it, in one step (one save, one line)."""
        game = self.game
        if not self._step(end_again):
            return False
        assert game is not None and self.game is not None
        self.say("info.redone", error=False, what=step_text(self.session.tr, game.state, game.undone[-1][1]))
        return True

    def redo(self) -> bool:
        """Do the last undone step again, with this tab's view as it was after it."""
        game = self.game
        if game is None or not game.undone:
            return self._step(redo)  # says "nothing to redo"
        index, action = len(game.done), game.undone[-1][1]
        view = self.view_now()
        if not self._step(redo):
            return False
        self.views_before[index] = (game.state, action, view)
        self._put_back(self.views_after.get(index), action)
        assert self.game is not None
        self.say("info.redone", error=False, what=step_text(self.session.tr, self.game.state, action))
        return True

    def _put_back(self, kept: tuple[GameState, Action, object] | None, action: Action) -> None:
        """After Undo or Redo: this tab's view of the step, if it kept one of this very step
        (the same action from the same state: not one another screen put in its place)."""
        self.reset_drafts()
        state = self.game.state if self.game is not None else None
        shot = kept[2] if kept is not None and kept[1] == action and kept[0] == state else None
        if self.on_restore is not None:
            self.on_restore(shot, action)

    def start_round(self, herd: Resource | None = None, after: int | None = None, tile: int | None = None) -> None:
        """Start the next round; ``after`` is the round the tap was made in,
        so a double tap on "Next round" starts one round, never two. ``tile``: with the
        owner's set, the number of the tile the table turned."""
        if self.game is None or (after is not None and self.game.state.round_number != after):
            return
        if self.game.state.phase not in (Phase.READY, Phase.RESOLVED):
            return
        if self.dispatch(StartRound(herd, tile)):
            self.reset_drafts()
            if self.game.state.tile_unknown and self.on_round_started is not None:
                self.on_round_started()  # printed tiles: offer to enter what it gives

    def choose(self, choice: Choice) -> None:
        self.dispatch(Choose(choice))

    def reopen(self, game_id: int | None = None) -> None:
        """A game ended by mistake: undo "End game" and play on (the undo is in the log)."""
        if game_id is not None and game_id != self.game_id:
            try:
                self.game, self.game_id = self.session.store.load(game_id), game_id
            except (RuleError, KeyError, ValueError, sqlite3.Error):
                self.say("error.store.load")
                return
        game = self.game
        if game is None or game.state.phase is not Phase.FINISHED or not game.done:
            return
        # The score sheet's counts were made on the ended game: rules.reopen undoes them with
        # it, and Redo of End game (end_again) brings them back.
        if self._step(reopen):
            self.reset_drafts()
            self.history_game, self.history_game_id = None, None
            self.go(Screen.PLAY)
            self.say("info.reopened", error=False)

    def close_finished(self) -> None:
        """Leave a finished game: it is in the history now."""
        self.game, self.game_id = None, None
        self.reset_drafts()
        self.go(Screen.START)

    def _refresh_history_game(self, game_id: int) -> None:
        """The finished game on show changed in another tab (its sheet filled in there, say):
        show it as stored, so its results and BG Stats' link are the latest; deleted there,
        back to the history."""
        try:
            if not self.session.store.exists(game_id):
                self.history_game, self.history_game_id = None, None
                self.go(Screen.HISTORY)
                return
            self.history_game = self.session.store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            return  # the copy on show stays; the next change tries again

    def open_history_game(self, game_id: int) -> None:
        try:
            self.history_game = self.session.store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            self.say("error.store.load")
            return
        self.history_game_id = game_id
        self.go(Screen.HISTORY_GAME)
