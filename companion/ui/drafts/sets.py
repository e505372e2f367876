"""The owner's sets of printed tiles: the list, the set open in the editor, the tile being entered.

A tile is saved into its set as soon as it is entered (a set may be left unfinished and
completed later). Every change goes through :mod:`companion.rules.printed`'s checks and is
saved with the version it was read at, so two screens editing one set never overwrite
each other (:class:`~companion.data.store.StaleSetError`). Games keep their own copy.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...data.set_files import read_set
from ...data.store import SavedSet, StaleSetError, Store, StoreError
from ...i18n import message_params
from ...rules import TILES_PER_DECK, RuleError, Tile
from ...rules.printed import (
    PrintedSet,
    clean_set_name,
    drop_tile,
    make_tile,
    put_tile,
    set_as_printed,
    set_to_dict,
)
from ..controller import GameController
from ..files import offer_file, pick_file
from ..guard import guard_handlers
from ..session import Message, Screen
from .tile import TileDraft

#: ``editing`` for a tile not yet in the set.
NEW_TILE = 0


def file_name(printed: PrintedSet) -> str:
    """The file name offered for a set: its name in letters and digits."""
    stem = "".join(c for c in printed.name if c.isalnum()) or "set"
    return f"mammoth-tiles-{stem}.json"


@ft.observable
@guard_handlers
@dataclass
class SetEditor:
    play: GameController
    current: SavedSet | None = None  # the set open in the editor
    editing: int | None = None  # the tile being entered (1-based), NEW_TILE for a new one, None: none
    herd: str | None = None  # that tile's back
    draft: TileDraft = field(default_factory=TileDraft)  # that tile's face
    pending: Tile | None = None  # a tile turned in a game but missing from the set: offered for adding
    from_game: bool = False  # the set was opened from a game's "Correct my set": Back returns there
    confirm_delete: bool = False
    name: str = ""  # the name field as typed

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    @property
    def store(self) -> Store:
        return self.play.session.store

    # -- the list -------------------------------------------------------------------
    def load(self) -> None:
        self.play.session.load(Screen.SETS)

    def open_list(self) -> None:
        self.editing, self.confirm_delete, self.from_game = None, False, False
        self.play.go(Screen.SETS)

    def new_set(self) -> None:
        try:
            saved = self.store.create_set(PrintedSet(self.play.session.tr("sets.default_name")))
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        self._open(saved)
        self.start_tile(NEW_TILE)

    def open_set(self, set_id: int) -> None:
        self.from_game = False
        try:
            saved = self.store.load_set(set_id)
        except sqlite3.Error:
            saved = None
        if saved is None:
            self.load()
            self.say("error.set.gone")
            return
        self._open(saved)
        if self.pending is not None and len(saved.printed.tiles) < TILES_PER_DECK:
            self.start_tile(NEW_TILE, self.pending)  # a tile from a game, to add
        # a full set: the set's screen asks which tile the turned one replaces

    def _open(self, saved: SavedSet) -> None:
        self.current, self.name = saved, saved.printed.name
        self.editing, self.confirm_delete = None, False
        self.play.go(Screen.SET)

    def offer(self, tile: Tile) -> None:
        """A round's tile that was not in the game's set: open the set to add it, or the list
        first when there are several sets."""
        self.pending = tile
        self.load()
        if len(self.play.session.sets) == 1:
            self.open_set(self.play.session.sets[0].id)
            self.from_game = True
        else:
            self.open_list()

    def offer_current(self) -> None:
        """The round's tile, turned but not in the game's set: offered to the owner's set."""
        game = self.play.game
        if game is not None and game.state.current is not None and game.state.current.tile.first is not None:
            self.offer(game.state.current.tile)

    # -- one tile -------------------------------------------------------------------
    def start_tile(self, number: int, like: Tile | None = None) -> None:
        """Enter tile ``number`` again, or a new one (``NEW_TILE``), filled in ``like`` a tile."""
        if self.current is None:
            return
        tiles = self.current.printed.tiles
        if like is None and 1 <= number <= len(tiles):
            like = tiles[number - 1]
        self.editing = number
        self.herd = like.herd.value if like is not None and like.herd is not None else None
        self.draft.reset(like.first if like else None, like.all if like else None)
        self.confirm_delete = False

    def pick_herd(self, area: str) -> None:
        self.herd = area

    def cancel_tile(self) -> None:
        """Leave the tile being entered; a tile from a game stays offered (:meth:`forget_pending`)."""
        self.editing = None

    def replace_with_pending(self, number: int) -> None:
        """A full set: the tile turned in the game takes the place of tile ``number``."""
        if self.pending is not None:
            self.start_tile(number, self.pending)

    def forget_pending(self) -> None:
        self.pending = None

    def back(self) -> None:
        """Back from a set: to the game it was opened from, else to the list of sets."""
        if self.from_game:
            self.editing, self.from_game = None, False
            self.play.back()
        else:
            self.open_list()

    def save_tile(self) -> None:
        if self.current is None or self.editing is None:
            return  # a second tap after it was saved
        first, every = self.draft.bonuses()
        try:
            tile = make_tile(self.herd, first, every)
            changed = put_tile(self.current.printed, tile, None if self.editing == NEW_TILE else self.editing)
        except RuleError as exc:
            self._refused(exc)
            return
        if self._save(changed):
            number = self.editing if self.editing != NEW_TILE else len(changed.tiles)
            self.editing, self.pending = None, None
            self.say("info.set.tile_saved", error=False, tile=number, count=len(changed.tiles))

    def remove_tile(self) -> None:
        if self.current is None or self.editing in (None, NEW_TILE):
            return
        assert self.editing is not None
        number = self.editing
        try:
            changed = drop_tile(self.current.printed, number)
        except RuleError as exc:
            self._refused(exc)
            return
        if self._save(changed):
            self.editing = None
            self.say("info.set.tile_removed", error=False, tile=number)

    # -- the set --------------------------------------------------------------------
    def set_name(self, value: str) -> None:
        self.name = value if isinstance(value, str) else ""

    def save_name(self) -> None:
        if self.current is None or self.name == self.current.printed.name:
            return
        try:
            name = clean_set_name(self.name)
        except RuleError as exc:
            self._refused(exc)
            return
        if self._save(PrintedSet(name, self.current.printed.tiles, self.current.printed.as_printed)):
            self.name = name

    def set_as_printed(self, on: bool) -> None:
        if self.current is None:
            return
        try:
            changed = set_as_printed(self.current.printed, bool(on))
        except RuleError as exc:
            self._refused(exc)
            return
        self._save(changed)

    def ask_delete(self, asking: bool) -> None:
        self.confirm_delete = bool(asking)

    def delete_set(self) -> None:
        if self.current is None:
            return
        try:
            self.store.delete_set(self.current.id)
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        self.current = None
        self.open_list()
        self.say("info.set.deleted", error=False)

    def _save(self, changed: PrintedSet) -> bool:
        """Store the open set as ``changed``; another screen's save first is said, and the set
        is shown as it is now stored."""
        assert self.current is not None
        try:
            self.current = self.store.save_set(self.current, changed)
        except StaleSetError:
            fresh = self.store.load_set(self.current.id)
            if fresh is None:
                self.current, self.editing = None, None
                self.open_list()
                self.say("error.set.gone")
            else:
                self.current, self.name = fresh, fresh.printed.name
                self.say("error.set.changed")
            return False
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return False
        return True

    def _refused(self, exc: RuleError) -> None:
        key, params = message_params(self.play.session.lang, exc)
        self.play.session.message = Message(key, params)

    # -- files ----------------------------------------------------------------------
    async def export_set(self) -> None:
        """Offer the set as a deck file, for another device or another owner."""
        if self.current is None:
            return
        printed = self.current.printed
        text = json.dumps(set_to_dict(printed), ensure_ascii=False, indent=1)
        await offer_file(self.play, file_name(printed), text)

    async def import_set(self) -> None:
        """Pick a set file and add it as a new set, checked as the rules check every set."""
        picked = await pick_file()
        if picked is None:
            return  # the picker was closed
        try:
            printed = read_set(picked.bytes, picked.path, picked.name)
            saved = self.store.create_set(printed)
        except RuleError as exc:
            self._refused(exc)
            return
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        self.load()
        self.say("info.set.imported", error=False, name=saved.printed.name, count=len(saved.printed.tiles))
