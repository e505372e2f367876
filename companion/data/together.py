"""Phones that play one game together, with one order of play: the host's.

The host phone holds the table's game; each guest phone keeps a copy in its own store, so
a phone that drops out loses nothing. A guest's step is made on its copy at once (the
screen answers the tap), saved, and sent to the host with the log position it grew from
(``base``). The host checks the step with the same rules, on its own game: at the position
it has now, it appends it, saves it and sends it to every phone; behind it (another phone's
step came first) or against the rules, it refuses it, and the guest's copy goes back to
the host's log (its screen says the game moved on). Undo and Redo are log entries like any
other, so they travel the same way. The dice are in the log entries: every phone shows the
same roll.

The messages are JSON texts (:func:`message`); the transport (WebRTC data channels on the
static site) only carries them. :class:`Host` and :class:`Guest` are plain Python over a
:class:`~.store.Store`, tested without a browser.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..rules import Game, RuleError, start_game
from ..rules.game import replay, step
from ..rules.serialize import entry_from_dict, entry_to_dict, setup_from_dict, setup_to_dict
from .store import GameGoneError, StaleGameError, Store, StoreError

#: The most guests one host takes (one QR code scanned each way for each).
MAX_GUESTS = 5
#: A store setting beside the game: the table a game is shared as (its id), on every phone.
TABLE_OF = "table-of:{game_id}"
#: And back: the game this phone keeps for a table.
GAME_OF = "table:{table}"


class ProtocolError(ValueError):
    """A message that is not one of this protocol's (another app, a damaged channel)."""


def message(kind: str, **fields: Any) -> str:
    return json.dumps({"t": kind, **fields}, separators=(",", ":"))


def read(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ProtocolError(f"not JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("a message is an object with a kind")
    return data


def entries_after(game: Game, base: int) -> list[dict[str, Any]]:
    return [entry_to_dict(entry) for entry in game.log[base:]]


def extend(game: Game, entries: list[Any]) -> Game:
    """``game`` with ``entries`` (log entries as dicts) replayed by the rules; each must
    come out exactly as sent (the same dice, the same round), else :class:`RuleError`."""
    for data in entries:
        kind, action = entry_from_dict(data)
        game = step(game, kind, action)
        if entry_to_dict(game.log[-1]) != data:
            raise RuleError("table.entry_differs", "a log entry does not replay as sent")
    return game


def new_table_id() -> str:
    return secrets.token_hex(6)


def table_of(store: Store, game_id: int) -> str:
    """The table ``game_id`` is shared as: the one it joined or was shared as before (a
    guest who becomes the host keeps the table's id, so the others' copies stay theirs)."""
    key = TABLE_OF.format(game_id=game_id)
    table = store.get_setting(key)
    if table is None:
        table = new_table_id()
        store.set_setting(key, table)
        store.set_setting(GAME_OF.format(table=table), str(game_id))
    return table


@dataclass
class Host:
    """This phone holds the table's game ``game_id``; ``send(peer, text)`` reaches one guest."""

    store: Store
    game_id: int
    send: Callable[[str, str], None]
    on_change: Callable[[], None] = lambda: None  # a guest's step is saved here: show it
    peers: set[str] = field(default_factory=set)  # guests whose channel is open
    sent: int = 0  # how much of the log every open guest has been sent
    table: str = ""

    def __post_init__(self) -> None:
        self.table = table_of(self.store, self.game_id)
        self.sent = self.store.log_length(self.game_id)

    def _game(self) -> Game:
        return self.store.load(self.game_id)

    def _whole(self, game: Game) -> str:
        return message("table", table=self.table, setup=setup_to_dict(game.setup), log=entries_after(game, 0))

    def joined(self, peer: str) -> None:
        """A guest's channel opened: it gets the whole game."""
        self.publish()  # anything the others have not had yet first, so all agree on ``sent``
        self.peers.add(peer)
        self.send(peer, self._whole(self._game()))

    def left(self, peer: str) -> None:
        self.peers.discard(peer)

    def publish(self) -> None:
        """Send every guest what the log gained since the last send (this phone's own steps
        and the guests'): one ``log`` message with its base."""
        game = self._game()
        if len(game.log) == self.sent:
            return
        if len(game.log) < self.sent:  # cannot happen (the log only grows); resend whole
            text = self._whole(game)
        else:
            text = message("log", base=self.sent, entries=entries_after(game, self.sent))
        self.sent = len(game.log)
        for peer in sorted(self.peers):
            self.send(peer, text)

    def heard(self, peer: str, text: str) -> None:
        """A guest's message: a step to check and share, or a request for the whole game."""
        try:
            data = read(text)
        except ProtocolError:
            return  # not ours: nothing of the game changes
        if data["t"] == "hello":
            self.send(peer, self._whole(self._game()))
        elif data["t"] == "step":
            self._step(peer, data)

    def _step(self, peer: str, data: dict[str, Any]) -> None:
        self.publish()  # the host's own newest steps go out before any answer
        base, entries = data.get("base"), data.get("entries")
        try:
            game = self._game()
            if not isinstance(base, int) or not isinstance(entries, list) or base != len(game.log):
                raise StaleGameError("the guest's step is behind the table's log")
            after = extend(game, entries)
            self.store.record(self.game_id, after, expected=base)
        except RuleError as exc:
            self._refuse(peer, f"error.{exc.code}")
            return
        except StaleGameError:
            self._refuse(peer, "error.game.moved_on")
            return
        except (GameGoneError, KeyError):
            self._refuse(peer, "together.host_gone")
            return
        except (ValueError, TypeError, sqlite3.Error, StoreError):
            self._refuse(peer, "error.store.write")
            return
        self.publish()
        self.on_change()

    def _refuse(self, peer: str, key: str) -> None:
        """The guest's step did not count: it says why and gets the table's log again."""
        self.send(peer, message("refused", key=key))
        self.send(peer, self._whole(self._game()))


@dataclass
class Guest:
    """This phone follows a host's table; ``send(text)`` reaches the host.

    ``confirmed`` is how much of this phone's copy the host has confirmed; entries past it
    are this phone's own, sent and not yet answered."""

    store: Store
    send: Callable[[str], None]
    game_id: int | None = None
    table: str = ""
    confirmed: int = 0
    #: The copy changed by the host's log: called with the game's number here, and the
    #: catalog key of why this phone's own step did not count ("" when none was refused).
    on_change: Callable[[int, str], None] = lambda game_id, refused: None
    refused: str = ""

    def hello(self) -> None:
        """Ask the host for the whole game again (a message this copy could not follow)."""
        self.send(message("hello", table=self.table, have=self.confirmed))

    def committed(self) -> None:
        """This phone saved a step on its copy: send what the host has not confirmed yet."""
        if self.game_id is None:
            return
        game = self.store.load(self.game_id)
        if len(game.log) > self.confirmed:
            self.send(message("step", base=self.confirmed, entries=entries_after(game, self.confirmed)))

    def heard(self, text: str) -> None:
        """The host's message: the whole table, the log's growth, or a refusal."""
        try:
            data = read(text)
            if data["t"] == "table":
                self._table(data)
            elif data["t"] == "log":
                self._log(data)
            elif data["t"] == "refused" and isinstance(data.get("key"), str):
                self.refused = data["key"]
        except (ProtocolError, RuleError, KeyError, TypeError, ValueError):
            self.hello()  # a message this copy cannot follow: start again from the whole game

    def _table(self, data: dict[str, Any]) -> None:
        table, setup, log = data["table"], setup_from_dict(data["setup"]), data["log"]
        if not isinstance(table, str) or not isinstance(log, list):
            raise ProtocolError("a table message has an id and a log")
        host_game = extend(start_game(setup), log)
        kept = self.store.get_setting(GAME_OF.format(table=table))
        game_id = int(kept) if kept is not None and self.store.exists(int(kept)) else None
        if game_id is None:
            game_id = self.store.create(host_game)
            self.store.set_setting(GAME_OF.format(table=table), str(game_id))
            self.store.set_setting(TABLE_OF.format(game_id=game_id), table)
        else:
            self.store.replace_log(game_id, host_game)
        self.game_id, self.table, self.confirmed = game_id, table, len(host_game.log)
        refused, self.refused = self.refused, ""
        self.on_change(game_id, refused)

    def _log(self, data: dict[str, Any]) -> None:
        base, entries = data["base"], data["entries"]
        if self.game_id is None or not isinstance(base, int) or not isinstance(entries, list):
            raise ProtocolError("a log message before the table")
        if base != self.confirmed:
            raise ProtocolError("a log message out of order")
        game = self.store.load(self.game_id)
        upto = base + len(entries)
        if entries_after(game, base)[: len(entries)] == entries:
            self.confirmed = upto  # this phone's own steps, accepted (or nothing new)
            if len(game.log) == upto:
                return
        if len(game.log) == base:  # the common case: the host's log grew; this copy only grows
            self.store.record(self.game_id, extend(game, entries), expected=base)
        else:  # this phone's own unconfirmed steps give way to the host's
            self.store.replace_log(self.game_id, extend(_prefix(game, base), entries))
        self.confirmed = upto
        self.on_change(self.game_id, "")


def _prefix(game: Game, length: int) -> Game:
    """The game as it was with its first ``length`` log entries (replayed)."""
    return replay(game.setup, [entry_from_dict(entry_to_dict(e)) for e in game.log[:length]])
