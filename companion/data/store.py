"""Saved games in SQLite, written on every action.

The database lives in platformdirs' user data directory unless a path is
given (tests, servers).  A game is stored as its setup plus its log, one row
per entry, each committed (WAL, ``synchronous=FULL``) before the caller is
told it is done; loading replays the log.  A summary row per game keeps the
start screen and history fast.

Schema versions are kept in ``PRAGMA user_version`` and upgraded by
:data:`MIGRATIONS`.  A file that cannot be read, or that comes from a newer
version of the app, is moved aside (never deleted or changed) and a fresh
database is started; :attr:`Store.recovered` tells the UI what happened.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from .. import APP_NAME
from ..rules import Game, Phase, RuleError, mammoth_scoring, replay
from ..rules.game import LogEntry
from ..rules.printed import PrintedSet, parse_set, set_to_dict
from ..rules.serialize import entry_from_dict, entry_to_dict, setup_from_dict, setup_to_dict

#: How long opening waits for another process that is creating or upgrading the file.
OPEN_PATIENCE_SECONDS = 15
DB_NAME = "games.sqlite3"


def db_path(data_dir: str | Path | None) -> Path | None:
    """The saved games' file in ``data_dir``; None: the user data directory's (the default)."""
    return Path(data_dir) / DB_NAME if data_dir else None


#: Games kept decoded after a load or a write, so that every tab on one game shares one
#: copy (a game is immutable) instead of each replaying the log into its own.
KEPT_GAMES = 4
#: What a kept game was built from: its stored setup and log entries, as stored.
Identity = tuple[str, tuple[str, ...]]


def _v1(db: sqlite3.Connection) -> None:
    script = """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            finished TEXT,
            setup TEXT NOT NULL,
            summary TEXT NOT NULL
        );
        CREATE TABLE entries (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            entry TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        CREATE INDEX games_finished ON games(finished);
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v2(db: sqlite3.Connection) -> None:
    """The owners' sets of printed tiles (:mod:`companion.rules.printed`); ``version``
    counts the set's saves, so two screens editing one set never overwrite each other."""
    db.execute(
        """CREATE TABLE printed_sets (
            id INTEGER PRIMARY KEY,
            updated TEXT NOT NULL,
            version INTEGER NOT NULL,
            data TEXT NOT NULL
        )"""
    )


#: Migration ``i`` upgrades a database from version ``i`` to ``i + 1``.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """The data directory cannot be written; ``code`` is an i18n key."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class StaleSetError(Exception):
    """Another screen saved this set of printed tiles first (or deleted it)."""


class StaleGameError(Exception):
    """Another window or tab changed this game first; reload it."""


class GameGoneError(Exception):
    """The game was deleted (in another tab or window) and cannot be played on."""


@dataclass(frozen=True)
class Recovery:
    """A damaged or newer database was moved to ``moved_to``."""

    reason: str  # "corrupt" or "newer"
    moved_to: Path


@dataclass(frozen=True)
class SavedSet:
    """A set of printed tiles as stored: its number and how many saves it has had."""

    id: int
    version: int
    printed: PrintedSet


@dataclass(frozen=True)
class GameSummary:
    """What the start screen and history list show of a game."""

    id: int
    created: str
    finished: str | None
    updated: str
    players: list[str]
    round: int
    tallies: list[int]
    scorers: list[int]
    colours: list[str | None]


def default_path() -> Path:
    """``games.sqlite3`` in the user data directory."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / DB_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _now_precise() -> str:
    """Now to the microsecond: the last saved set comes first even within one second."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def summary_of(game: Game) -> dict[str, Any]:
    state = game.state
    return {
        "players": list(state.players),
        "round": state.round_number,
        "tallies": list(state.tallies),
        "scorers": list(mammoth_scoring(state).scorers),
    }


def _entry_json(entry: LogEntry) -> str:
    return json.dumps(entry_to_dict(entry), separators=(",", ":"))


class Store:
    """One SQLite database of games and settings."""

    def __init__(
        self,
        path: Path | str | None = None,
        journal: str = "WAL",
        after_commit: Callable[[], None] | None = None,
    ) -> None:
        """``journal``: SQLite's journal mode (a file system in memory, as in a browser, has
        no shared memory for WAL). ``after_commit`` runs after every committed write, before
        the caller is told it is done (the static site copies the file to lasting storage)."""
        self.path = Path(path) if path else default_path()
        self.recovered: Recovery | None = None
        self.journal = journal
        self.after_commit = after_commit
        self._kept: dict[int, tuple[Identity, Game]] = {}  # see load()
        self._kept_lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError("store.unwritable", f"cannot create {self.path.parent}: {exc}") from exc
        self.db = self._open()

    # -- opening, checking, migrating ---------------------------------------
    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
        db.execute(f"PRAGMA journal_mode={self.journal}")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _open(self) -> sqlite3.Connection:
        version, healthy = self._inspect()
        if version > SCHEMA_VERSION or not healthy:
            return self._move_aside("newer" if version > SCHEMA_VERSION else "corrupt")
        deadline = time.monotonic() + OPEN_PATIENCE_SECONDS
        while True:
            try:
                return self._open_for_writing()
            except sqlite3.OperationalError as exc:
                # Another process is creating or upgrading the same file right now: wait for it.
                if not _passing(exc) or time.monotonic() > deadline:
                    raise StoreError("store.unwritable", f"cannot write {self.path}: {exc}") from exc
                time.sleep(0.05)
            except sqlite3.DatabaseError as exc:
                raise StoreError("store.unwritable", f"cannot write {self.path}: {exc}") from exc

    def _open_for_writing(self) -> sqlite3.Connection:
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")  # proves the file can be written before anyone plays
            db.execute("ROLLBACK")
            if not os.access(self.path.parent, os.W_OK):
                raise StoreError("store.unwritable", f"cannot write to {self.path.parent}")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _inspect(self) -> tuple[int, bool]:
        """Schema version and health, read without writing a byte to the file."""
        if not self.path.exists():
            return 0, True
        try:
            db = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True, timeout=5)
        except sqlite3.OperationalError:
            return 0, True  # busy or being created by another process: the write check decides
        except sqlite3.DatabaseError:
            return 0, False
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                return version, True
            healthy = db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            if healthy and version:
                db.execute("SELECT id, setup, summary, finished FROM games LIMIT 1").fetchall()
                db.execute("SELECT game_id, seq, entry FROM entries LIMIT 1").fetchall()
            return version, healthy
        except sqlite3.OperationalError as exc:
            return 0, _passing(exc)  # another process writing right now is not damage
        except sqlite3.DatabaseError:
            return 0, False
        finally:
            db.close()

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the schema up to date, one version per write transaction.

        The version is read inside the transaction, under the write lock: two
        processes opening a new folder at once cannot both create the tables.
        """
        while True:
            with _transaction(db):
                version = int(db.execute("PRAGMA user_version").fetchone()[0])
                if version >= SCHEMA_VERSION:
                    return
                MIGRATIONS[version](db)
                db.execute(f"PRAGMA user_version={version + 1}")

    def _move_aside(self, reason: str) -> sqlite3.Connection:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.{reason}-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.{reason}-{stamp}-{n}")
            n += 1
        try:
            self.path.rename(target)
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    side.rename(target.with_name(target.name + suffix))
        except OSError as exc:  # read-only folder: leave the file exactly as it is
            raise StoreError("store.unwritable", f"cannot move {self.path} aside: {exc}") from exc
        self.recovered = Recovery(reason, target)
        db = self._connect()
        self._migrate(db)
        return db

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction, committed, then handed to ``after_commit``."""
        with _transaction(self.db):
            yield
        if self.after_commit is not None:
            self.after_commit()

    # -- games --------------------------------------------------------------
    def same_game(self, game: Game) -> int | None:
        """The number of a saved game with the same setup (players, tiles, seed) as ``game``."""
        row = self.db.execute(
            "SELECT id FROM games WHERE setup=? ORDER BY id LIMIT 1", (json.dumps(setup_to_dict(game.setup)),)
        ).fetchone()
        return int(row[0]) if row else None

    def create(self, game: Game) -> int:
        """Save a new game (with any log it has); returns its id."""
        with self._write():
            return self._insert(game)

    def create_unless_same(self, game: Game) -> tuple[int, bool]:
        """Save ``game`` unless the same game (same setup) is stored: ``(its id, True)`` when
        saved now, ``(the stored one's id, False)`` when it was there. The look and the insert
        are one write transaction, so two imports of one file at once store it once."""
        with self._write():
            existing = self.same_game(game)
            if existing is not None:
                return existing, False
            return self._insert(game), True

    def _insert(self, game: Game) -> int:
        """The rows of a new game, inside the caller's transaction; returns its id."""
        setup = json.dumps(setup_to_dict(game.setup))
        cur = self.db.execute(
            "INSERT INTO games(created, updated, setup, summary) VALUES (?, ?, ?, ?)",
            (_now(), _now(), setup, json.dumps(summary_of(game))),
        )
        game_id = int(cur.lastrowid or 0)
        entries = tuple(_entry_json(e) for e in game.log)
        self.db.executemany(
            "INSERT INTO entries(game_id, seq, entry) VALUES (?, ?, ?)",
            [(game_id, e.seq, text) for e, text in zip(game.log, entries, strict=True)],
        )
        self._keep(game_id, (setup, entries), game)
        if game.state.phase is Phase.FINISHED:
            self.db.execute("UPDATE games SET finished=? WHERE id=?", (_now(), game_id))
        return game_id

    def record(self, game_id: int, game: Game, expected: int | None = None) -> None:
        """Commit the log entries ``game`` has beyond what is stored.

        Call after every accepted action; returns once the data is on disk.
        With ``expected`` (the log length the caller started from), raises
        :class:`StaleGameError` if another tab stored entries meanwhile, so
        no action is ever applied twice or on top of a game that moved on.
        """
        with self._write():
            row = self.db.execute("SELECT setup FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise GameGoneError(f"game {game_id} was deleted")
            stored = self.log_length(game_id)
            if expected is not None and stored != expected:
                raise StaleGameError(f"game {game_id} has {stored} entries, expected {expected}")
            new = [(game_id, e.seq, _entry_json(e)) for e in game.log[stored:]]
            self.db.executemany("INSERT INTO entries(game_id, seq, entry) VALUES (?, ?, ?)", new)
            finished = _now() if game.state.phase is Phase.FINISHED else None
            self.db.execute(
                "UPDATE games SET updated=?, summary=?, finished=? WHERE id=?",
                (_now(), json.dumps(summary_of(game)), finished, game_id),
            )
        with self._kept_lock:
            kept = self._kept.get(game_id)
        # The kept copy was what ``game`` grew from: keep ``game`` with its new entries.
        if kept is not None and kept[0][0] == row[0] and len(kept[0][1]) == stored and kept[1].log == game.log[:stored]:
            self._keep(game_id, (row[0], kept[0][1] + tuple(entry for _, _, entry in new)), game)
        else:
            self._forget(game_id)

    def replace_log(self, game_id: int, game: Game) -> None:
        """Make the stored log ``game``'s: the entries past what both share go, ``game``'s
        own are written. Only a shared game's copy on a guest phone is rewritten so, when
        the host's log did not take this phone's last step (see :mod:`.together`)."""
        entries = [_entry_json(e) for e in game.log]
        with self._write():
            if self.db.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone() is None:
                raise GameGoneError(f"game {game_id} was deleted")
            stored = [
                e for (e,) in self.db.execute("SELECT entry FROM entries WHERE game_id=? ORDER BY seq", (game_id,))
            ]
            same = 0
            while same < min(len(stored), len(entries)) and stored[same] == entries[same]:
                same += 1
            self.db.execute("DELETE FROM entries WHERE game_id=? AND seq>?", (game_id, same))
            self.db.executemany(
                "INSERT INTO entries(game_id, seq, entry) VALUES (?, ?, ?)",
                [(game_id, e.seq, text) for e, text in zip(game.log[same:], entries[same:], strict=True)],
            )
            finished = _now() if game.state.phase is Phase.FINISHED else None
            self.db.execute(
                "UPDATE games SET updated=?, summary=?, finished=? WHERE id=?",
                (_now(), json.dumps(summary_of(game)), finished, game_id),
            )
        self._forget(game_id)

    def load(self, game_id: int) -> Game:
        """A stored game, rebuilt by replaying its log.

        The last few games loaded or written (:data:`KEPT_GAMES`) are kept with the setup
        and log entries they were built from, and handed out again while the stored setup
        and entries are exactly those: every tab on one game then shares one copy, and only
        a game changed elsewhere (another process, say) is replayed again."""
        row = self.db.execute("SELECT setup FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            self._forget(game_id)
            raise KeyError(game_id)
        rows = self.db.execute("SELECT entry FROM entries WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
        identity: Identity = (row[0], tuple(entry for (entry,) in rows))
        with self._kept_lock:
            kept = self._kept.get(game_id)
        if kept is not None and kept[0] == identity:
            self._keep(game_id, identity, kept[1])  # the most recent again
            return kept[1]
        game = replay(setup_from_dict(json.loads(row[0])), [entry_from_dict(json.loads(e)) for e in identity[1]])
        self._keep(game_id, identity, game)
        return game

    def _keep(self, game_id: int, identity: Identity, game: Game) -> None:
        """Keep ``game`` as the one built from ``identity`` (the least recent one goes)."""
        with self._kept_lock:
            self._kept.pop(game_id, None)
            self._kept[game_id] = (identity, game)
            while len(self._kept) > KEPT_GAMES:
                del self._kept[next(iter(self._kept))]

    def _forget(self, game_id: int) -> None:
        with self._kept_lock:
            self._kept.pop(game_id, None)

    def played(self, game_id: int) -> tuple[str | None, str | None]:
        """When the game was stored first, and when it was finished (None while it is not)."""
        row = self.db.execute("SELECT created, finished FROM games WHERE id=?", (game_id,)).fetchone()
        return (None, None) if row is None else (row[0], row[1])

    def log_length(self, game_id: int) -> int:
        """How many log entries are stored for a game (cheap freshness check)."""
        row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id=?", (game_id,)).fetchone()
        return int(row[0])

    def unfinished(self) -> int | None:
        """The most recently played unfinished game, if any."""
        row = self.db.execute(
            "SELECT id FROM games WHERE finished IS NULL ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return int(row[0]) if row else None

    def unfinished_games(self) -> list[GameSummary]:
        """Every unfinished game, the most recently played first."""
        rows = self.db.execute(
            "SELECT id, created, finished, summary, updated, setup FROM games WHERE finished IS NULL "
            "ORDER BY updated DESC, id DESC"
        ).fetchall()
        return [_summary(r) for r in rows]

    def history(self, limit: int = 200) -> list[GameSummary]:
        """Finished games, newest first."""
        rows = self.db.execute(
            "SELECT id, created, finished, summary, updated, setup FROM games WHERE finished IS NOT NULL "
            "ORDER BY finished DESC, id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [_summary(r) for r in rows]

    def exists(self, game_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone() is not None

    def delete(self, game_id: int, finished_too: bool = False) -> bool:
        """Delete a game and its log; a finished game only with ``finished_too``
        (finished games are the table's record and never go by accident).
        Returns whether a game was deleted."""
        with self._write():
            guard = "" if finished_too else " AND finished IS NULL"
            cur = self.db.execute(f"DELETE FROM games WHERE id=?{guard}", (game_id,))
        self._forget(game_id)
        return cur.rowcount > 0

    # -- sets of printed tiles ------------------------------------------------
    def sets(self) -> list[SavedSet]:
        """Every stored set, the most recently saved first; a row the rules refuse is left out."""
        rows = self.db.execute("SELECT id, version, data FROM printed_sets ORDER BY updated DESC, id DESC").fetchall()
        return [saved for saved in map(_saved_set, rows) if saved is not None]

    def load_set(self, set_id: int) -> SavedSet | None:
        """One set, or ``None`` once it was deleted."""
        row = self.db.execute("SELECT id, version, data FROM printed_sets WHERE id=?", (set_id,)).fetchone()
        return None if row is None else _saved_set(row)

    def create_set(self, printed: PrintedSet) -> SavedSet:
        with self._write():
            cur = self.db.execute(
                "INSERT INTO printed_sets(updated, version, data) VALUES (?, 1, ?)",
                (_now_precise(), json.dumps(set_to_dict(printed))),
            )
            return SavedSet(int(cur.lastrowid or 0), 1, printed)

    def save_set(self, saved: SavedSet, printed: PrintedSet) -> SavedSet:
        """Replace ``saved`` with ``printed``; :class:`StaleSetError` if another screen saved
        or deleted the set since ``saved`` was read (nothing is changed then)."""
        with self._write():
            cur = self.db.execute(
                "UPDATE printed_sets SET updated=?, version=version + 1, data=? WHERE id=? AND version=?",
                (_now_precise(), json.dumps(set_to_dict(printed)), saved.id, saved.version),
            )
            if cur.rowcount != 1:
                raise StaleSetError(f"set {saved.id} changed since version {saved.version}")
        return SavedSet(saved.id, saved.version + 1, printed)

    def delete_set(self, set_id: int) -> bool:
        """Delete a set; the games that use it keep their own copy."""
        with self._write():
            return self.db.execute("DELETE FROM printed_sets WHERE id=?", (set_id,)).rowcount > 0

    # -- settings -----------------------------------------------------------
    def get_setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return str(row[0]) if row else default

    def set_setting(self, key: str, value: str) -> None:
        with self._write():
            self.db.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, value))

    def clear_setting(self, key: str) -> None:
        with self._write():
            self.db.execute("DELETE FROM settings WHERE key=?", (key,))


def _summary(row: tuple[Any, ...]) -> GameSummary:
    data = json.loads(row[3])
    players = data["players"]
    colours: list[str | None] = list(json.loads(row[5]).get("colours") or [])
    colours += [None] * (len(players) - len(colours))
    return GameSummary(
        int(row[0]), row[1], row[2], row[4], players, data["round"], data["tallies"], data["scorers"], colours
    )


def _saved_set(row: tuple[Any, ...]) -> SavedSet | None:
    """A stored set's row, read through the rules' checks (``None`` if they refuse it)."""
    try:
        return SavedSet(int(row[0]), int(row[1]), parse_set(json.loads(row[2]), "store", empty=True))
    except (ValueError, RuleError):
        return None


def _passing(exc: sqlite3.OperationalError) -> bool:
    """A lock or a file another process is creating: it passes, the file is fine."""
    text = str(exc).lower()
    return any(word in text for word in ("locked", "busy", "unable to open"))


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # a full disk can fail the rollback too
            db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")
