"""The app's observable model: which screen, the game, and UI drafts.

The model holds no rules: it builds actions, hands them to
:mod:`companion.rules`, commits the result through the store, and only then
shows it.  A :class:`~companion.rules.RuleError` becomes a message in the
user's language and leaves the game (and what is saved) unchanged.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ..i18n import Translator
from ..names import check_drawable
from ..rules import (
    COLOURS,
    Action,
    Choice,
    Choose,
    DescribeTile,
    EndGame,
    EnterDice,
    Game,
    Migrate,
    Payment,
    Phase,
    Roll,
    RuleError,
    StartRound,
    Withdraw,
    make_setup,
    play,
    redo,
    start_game,
    undo,
)
from ..rules.legal import can_add_seat, can_remove_seat
from ..rules.resources import Resource
from ..store import GameGoneError, StaleGameError, Store, StoreError
from .draft import Draft
from .guard import guard_handlers
from .tile_draft import TileDraft


@dataclass
class Message:
    """A translated banner: ``key`` with ``params``; errors show in red."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    error: bool = True


@ft.observable
@guard_handlers
@dataclass
class AppModel:
    """Everything one browser session or window shows."""

    store: Store
    lang: str = "en"
    theme: str = "system"
    animation: bool = True
    haptics: bool = True
    wakelock: bool = True
    width: float = 412
    screen: str = "start"
    game: Game | None = None
    game_id: int | None = None
    message: Message | None = None
    field_error: tuple[int, Message] | None = None  # setup: seat and message
    # new-game draft
    names: list[str] = field(default_factory=lambda: ["", "", ""])
    colours: list[str] = field(default_factory=lambda: ["red", "blue", "green"])
    start_player: int = 0
    deck: str = "companion"
    # migration draft
    editing: int | None = None
    draft: Draft = field(default_factory=Draft)  # people and payment being edited
    # printed tiles: the herd picker and the tile's bonuses
    picking_herd: bool = False
    describing: bool = False
    tile_draft: TileDraft = field(default_factory=TileDraft)
    # taming
    hand_entry: bool = False
    hand_dice: dict[int, list[int]] = field(default_factory=dict)
    rolling: bool = False
    faces: dict[int, list[int]] = field(default_factory=dict)
    confirm_end: bool = False
    confirm_delete: int | None = None  # start screen: the game whose deletion is being asked
    show_log: bool = False
    history_game: Game | None = None
    history_game_id: int | None = None
    join_urls: tuple[str, ...] = ()  # room mode: one address per network the machine is on
    on_commit: Callable[[int], None] | None = None  # tells other tabs a game changed
    on_feedback: Callable[[], None] | None = None  # a short vibration, where the device has one

    # -- language and messages -------------------------------------------------
    @property
    def tr(self) -> Translator:
        return Translator(self.lang)

    @property
    def wide(self) -> bool:
        """Tablet layout: two panes."""
        return self.width >= 900

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.message = Message(key, params, error)

    def dismiss(self) -> None:
        self.message = None

    def error(self, exc: RuleError) -> None:
        params = dict(exc.params)
        player = params.get("player")
        if self.game is not None and isinstance(player, int) and 0 <= player < len(self.game.state.players):
            params["name"] = self.game.state.players[player]
        self.message = Message(f"error.{exc.code}", params)

    # -- settings ----------------------------------------------------------------
    def set_setting(self, name: str, value: Any) -> None:
        try:
            self.store.set_setting(name, str(value))
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
        setattr(self, name, value)

    # -- navigation ----------------------------------------------------------------
    def go(self, screen: str) -> None:
        self.message = None if self.message is None or self.message.error else self.message
        self.screen = screen
        self.confirm_end = False
        self.confirm_delete = None
        self.show_log = False

    def open_unfinished(self) -> None:
        """Open the most recently played unfinished game, if there is one."""
        game_id = self.store.unfinished()
        if game_id is None:
            self.go("start")
            return
        self.open_game(game_id)

    def open_game(self, game_id: int) -> None:
        """Resume a saved game (any of the unfinished ones on the start screen)."""
        try:
            game = self.store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            self.say("error.store.load")
            return
        self.game, self.game_id = game, game_id
        self.reset_drafts()
        self.go("play")

    def ask_delete(self, game_id: int | None) -> None:
        """Ask before deleting an unfinished game (``None``: the question is withdrawn)."""
        self.confirm_delete = game_id

    def delete_game(self, game_id: int) -> None:
        """Delete an unfinished game after the table confirmed it; finished games stay."""
        self.confirm_delete = None
        try:
            deleted = self.store.delete(game_id)
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        if not deleted:
            self.say("error.game.not_deletable")
            return
        if self.game_id == game_id:
            self.game, self.game_id = None, None
            self.reset_drafts()
        self.say("info.deleted", error=False)
        if self.on_commit is not None:
            self.on_commit(game_id)

    def _game_gone(self) -> None:
        """The game on screen was deleted elsewhere: say so and go home."""
        self.game, self.game_id = None, None
        self.reset_drafts()
        self.go("start")
        self.say("error.game.deleted")

    # -- new game ------------------------------------------------------------------
    def _seat(self, seat: object) -> bool:
        """A seat of the new-game draft that still exists (a stale tap may name a removed one)."""
        return type(seat) is int and 0 <= seat < len(self.names)

    def set_name(self, seat: int, value: str) -> None:
        if not self._seat(seat) or not isinstance(value, str):
            return
        names = list(self.names)
        names[seat] = value
        self.names = names
        self.field_error = None

    def add_player(self) -> None:
        if can_add_seat(len(self.names)):
            free = [c for c in COLOURS if c not in self.colours]
            self.names = [*self.names, ""]
            self.colours = [*self.colours, free[0]]

    def remove_player(self, seat: int) -> None:
        if self._seat(seat) and can_remove_seat(len(self.names)):
            self.names = [n for i, n in enumerate(self.names) if i != seat]
            self.colours = [c for i, c in enumerate(self.colours) if i != seat]
            self.start_player = min(self.start_player, len(self.names) - 1)
            self.field_error = None

    def move_seat(self, seat: int, delta: int) -> None:
        if not self._seat(seat) or delta not in (-1, 1):
            return
        other = seat + delta
        if 0 <= other < len(self.names):
            names, colours = list(self.names), list(self.colours)
            names[seat], names[other] = names[other], names[seat]
            colours[seat], colours[other] = colours[other], colours[seat]
            if self.start_player in (seat, other):
                self.start_player = other if self.start_player == seat else seat
            self.names, self.colours = names, colours

    def cycle_colour(self, seat: int) -> None:
        """Give the seat the next colour nobody else has."""
        if not self._seat(seat):
            return
        taken = {c for i, c in enumerate(self.colours) if i != seat}
        index = COLOURS.index(self.colours[seat])
        for step in range(1, len(COLOURS) + 1):
            candidate = COLOURS[(index + step) % len(COLOURS)]
            if candidate not in taken:
                colours = list(self.colours)
                colours[seat] = candidate
                self.colours = colours
                return

    def create_game(self) -> None:
        try:
            setup = make_setup(
                self.names, self.start_player, self.deck, random.SystemRandom().randrange(2**31), self.colours
            )
            check_drawable(setup.players)  # a name the table could not read on screen
        except RuleError as exc:
            seat = int(exc.params.get("seat", 0)) - 1
            if seat < 0 and "name" in exc.params:
                wanted = str(exc.params["name"]).casefold()
                seats = [i for i, n in enumerate(self.names) if " ".join(n.split()).casefold() == wanted]
                seat = seats[-1] if seats else 0
            self.field_error = (max(seat, 0), Message(f"error.{exc.code}", dict(exc.params)))
            return
        game = start_game(setup)
        try:
            self.game_id = self.store.create(game)
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        self.game = game
        self.field_error = None
        self.reset_drafts()
        self.go("play")
        if not game.state.is_physical:
            self.dispatch(StartRound())

    # -- playing -------------------------------------------------------------------
    def reset_drafts(self) -> None:
        self.editing = None
        self.picking_herd = False
        self.describing = False
        self.hand_entry = False
        self.hand_dice = {}
        self.confirm_end = False
        self.rolling = False

    def _commit(self, game: Game) -> bool:
        """Save first, then show: what the screen shows is always on disk."""
        assert self.game is not None and self.game_id is not None
        try:
            self.store.record(self.game_id, game, expected=len(self.game.log))
        except GameGoneError:
            self._game_gone()
            return False
        except StaleGameError:
            try:
                self.game = self.store.load(self.game_id)
            except KeyError:
                self._game_gone()
                return False
            self.reset_drafts()
            self.say("error.game.moved_on")
            return False
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return False
        self.game = game
        self.message = None
        if self.on_commit is not None:
            self.on_commit(self.game_id)
        if self.haptics and self.on_feedback is not None:
            self.on_feedback()
        return True

    def refresh(self, game_id: int) -> None:
        """Another tab or window changed ``game_id``: show its latest state."""
        if game_id != self.game_id or self.game is None:
            return
        try:
            if not self.store.exists(game_id):
                self._game_gone()
                return
            if self.store.log_length(game_id) == len(self.game.log):
                return
            self.game = self.store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            return
        self.reset_drafts()
        self.say("info.synced", error=False)

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

    def dispatch(self, action: Action) -> bool:
        return self._step(lambda game: play(game, action))

    def undo(self) -> None:
        game = self.game
        undoing = game.done[-1][1] if game is not None and game.done else None
        if self._step(undo):
            self.reset_drafts()
            # Undoing a printed-tiles round start goes back to asking where the herd went.
            if isinstance(undoing, StartRound) and undoing.herd is not None:
                self.picking_herd = True

    def redo(self) -> None:
        if self._step(redo):
            self.reset_drafts()

    def start_round(self, herd: Resource | None = None, after: int | None = None) -> None:
        """Start the next round; ``after`` is the round the tap was made in,
        so a double tap on "Next round" starts one round, never two."""
        if self.game is None or (after is not None and self.game.state.round_number != after):
            return
        if self.game.state.phase not in (Phase.READY, Phase.RESOLVED):
            return
        if self.dispatch(StartRound(herd)):
            self.reset_drafts()
            if self.game.state.tile_unknown:  # printed tiles: offer to enter what it gives
                self.open_tile_editor()

    def next_round(self, after: int) -> None:
        """ "Next round": with printed tiles, first ask where the herd went."""
        if self.game is None or self.game.state.round_number != after:
            return  # a second tap after the round already moved on
        if self.game.state.needs_herd:
            self.editing = None
            self.picking_herd = True
            self.message = None
        else:
            self.start_round(None, after=after)

    def cancel_pick(self) -> None:
        self.picking_herd = False

    # printed tile's bonuses
    def open_tile_editor(self) -> None:
        if self.game is None or self.game.state.current is None:
            return
        tile = self.game.state.current.tile
        self.tile_draft.reset(tile.first, tile.all)
        self.editing = None
        self.hand_entry = False
        self.describing = True

    def skip_tile(self) -> None:
        self.describing = False

    def save_tile(self) -> None:
        if not self.describing:
            return  # a second tap after it was saved
        first, every = self.tile_draft.bonuses()
        if self.dispatch(DescribeTile(first, every)):
            self.describing = False

    # migration editor
    def _player(self, player: object) -> bool:
        """A seat of the game on screen."""
        return self.game is not None and type(player) is int and 0 <= player < len(self.game.state.players)

    def edit(self, player: int) -> None:
        if not self._player(player) or self.game is None or self.game.state.phase is not Phase.MIGRATION:
            return  # a tap that arrived after the round moved on
        current = self.game.state.current
        existing = current.migration_of(player) if current else None
        if existing:
            self.draft.reset(existing.people, {r.value: n for r, n in existing.payment.items()})
        else:
            self.draft.reset(1, {"food": 1})
        self.editing = player
        self.message = None

    def cancel_edit(self) -> None:
        self.editing = None

    def save_migration(self) -> None:
        if self.editing is None:
            return
        payment = Payment(**{k: v for k, v in self.draft.pay.items() if v})
        if self.dispatch(Migrate(self.editing, self.draft.people, payment)):
            self.editing = None

    def withdraw(self, player: int) -> None:
        if self.dispatch(Withdraw(player)):
            self.editing = None

    # taming
    async def roll(self) -> None:
        if self.rolling or self.game is None or self.game.state.phase is not Phase.MIGRATION:
            return  # a double tap rolls once
        self.editing = None
        if not self.dispatch(Roll()):
            return
        await self.animate()

    async def animate(self) -> None:
        import asyncio

        if not self.animation or self.game is None or self.game.state.current is None:
            return
        taming = self.game.state.current.taming
        if taming is None or not taming.dice:
            return
        self.rolling = True
        rng = random.Random()
        for _ in range(6):
            if not self.rolling:
                return
            self.faces = {p: [rng.randint(1, 6) for _ in dice] for p, dice in taming.dice}
            await asyncio.sleep(0.09)
        self.rolling = False

    def skip_animation(self) -> None:
        self.rolling = False

    def open_hand_entry(self) -> None:
        if self.game is None or self.game.state.current is None or self.game.state.phase is not Phase.MIGRATION:
            return
        self.editing = None
        self.hand_entry = True
        self.hand_dice = {m.player: [0] * m.people for m in self.game.state.current.migrations}

    def set_die(self, player: int, index: int, value: int) -> None:
        if player not in self.hand_dice or type(index) is not int or not 0 <= index < len(self.hand_dice[player]):
            return  # the dice being entered changed since the tap
        if type(value) is not int:
            return
        dice = {p: list(v) for p, v in self.hand_dice.items()}
        dice[player][index] = value
        self.hand_dice = dice

    def submit_hand_dice(self) -> None:
        if self.game is None or self.game.state.phase is not Phase.MIGRATION:
            return  # a second tap after the dice were taken
        action = EnterDice(tuple((p, tuple(v)) for p, v in sorted(self.hand_dice.items())))
        if self.dispatch(action):
            self.hand_entry = False

    def choose(self, choice: Choice) -> None:
        self.dispatch(Choose(choice))

    def end_game(self) -> None:
        if self.dispatch(EndGame()):
            self.confirm_end = False

    def reopen(self, game_id: int | None = None) -> None:
        """A game ended by mistake: undo "End game" and play on (the undo is in the log)."""
        if game_id is not None and game_id != self.game_id:
            try:
                self.game, self.game_id = self.store.load(game_id), game_id
            except (RuleError, KeyError, ValueError, sqlite3.Error):
                self.say("error.store.load")
                return
        game = self.game
        if game is None or game.state.phase is not Phase.FINISHED or not game.done:
            return
        if not isinstance(game.done[-1][1], EndGame):
            return
        if self._step(undo):
            self.reset_drafts()
            self.history_game = None
            self.history_game_id = None
            self.go("play")
            self.say("info.reopened", error=False)

    def close_finished(self) -> None:
        """Leave a finished game: it is in the history now."""
        self.game = None
        self.game_id = None
        self.reset_drafts()
        self.go("start")

    def open_history_game(self, game_id: int) -> None:
        try:
            self.history_game = self.store.load(game_id)
        except (RuleError, KeyError, ValueError):
            self.say("error.store.load")
            return
        self.history_game_id = game_id
        self.go("history_game")
