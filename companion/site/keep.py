"""Saved games kept in the browser: the SQLite file copied into the origin's private file
system (OPFS) after every commit, before the screen shows what was committed.

In the static site Python runs in a web worker over an in-memory file system. After each
commit, with synchronous OPFS access handles (a worker may hold them), only the pages of
the file that the commit changed are appended to a page journal, as one record (header,
the pages, CRC-32). Once the journal would outgrow the file, the whole file is written
instead into the slot that does not hold the newest whole copy (a slot is a header: magic,
generation, length, CRC-32; and the file), and the journal is emptied. On start the newest
whole slot becomes the database again, and the journal's records after it are applied in
order up to the first torn one. A browser killed in the middle of any write leaves the
state one commit older whole, and that commit had not reached the screen yet. A tap costs
a few pages instead of the whole file (``python -m bench.storage_writes``, over a whole game:
21 KiB a tap against 35 KiB with one game kept, 24 KiB against 413 KiB with fifty).

An access handle locks its file for one tab: a second tab of the app cannot open the slots
and says so instead of overwriting the first tab's games (``busy``). Where the browser
keeps nothing (no OPFS, a refused or full quota) the app plays on in memory and says that
nothing will be kept (``kept`` is False).

The slot format is plain Python (:func:`pack`, :func:`newest`), tested without a browser;
only :func:`open_storage_slots` and :class:`StorageSlots`'s handles touch the browser.
"""

from __future__ import annotations

import asyncio
import logging
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("companion")

MAGIC = b"MHC2"
#: The first format's slots (their CRC-32 covers only the data) are still read.
FIRST_MAGIC = b"MHC1"
HEADER = struct.Struct("<4sQII")  # magic, generation, length, crc32 of the generation, length and data
SLOTS = ("games-a.slot", "games-b.slot")
JOURNAL = "games.pages"
RECORD_MAGIC = b"MHP1"
RECORD = struct.Struct("<4sQII")  # magic, generation, the file's length after it, body length
PAGE = struct.Struct("<II")  # a page's number and its length (the file's last page may be short)
CRC = struct.Struct("<I")  # of the record's header and body, after them
#: The unit a record carries: SQLite's default page size (any size is correct; this one is cheapest).
PAGE_SIZE = 4096
#: A reloaded tab's old worker lets go of the slots a moment after the new one asks.
BUSY_PATIENCE_SECONDS = 4.0


def _checksum(generation: int, data: bytes) -> int:
    # The header's numbers are in the sum: a write torn a few bytes into the header must not
    # give the slot's older data a newer generation.
    return zlib.crc32(data, zlib.crc32(struct.pack("<QI", generation, len(data))))


def pack(generation: int, data: bytes) -> bytes:
    """One slot's bytes: the header, then ``data``."""
    return HEADER.pack(MAGIC, generation, len(data), _checksum(generation, data)) + data


def unpack(raw: bytes) -> tuple[int, bytes] | None:
    """A slot's generation and data, or None for an empty, torn or foreign slot."""
    if len(raw) < HEADER.size:
        return None
    magic, generation, length, crc = HEADER.unpack_from(raw)
    data = raw[HEADER.size : HEADER.size + length]
    if len(data) != length:
        return None
    if magic == MAGIC and _checksum(generation, data) == crc:
        return generation, data
    if magic == FIRST_MAGIC and zlib.crc32(data) == crc:
        return generation, data
    return None


def fingerprint(data: bytes) -> tuple[int, int]:
    """The length and CRC-32 of ``data``: enough to tell a file from the one kept."""
    return len(data), zlib.crc32(data)


def newest(slots: list[bytes]) -> tuple[int, int, bytes] | None:
    """(slot index, generation, data) of the newest whole slot, or None when none is."""
    best: tuple[int, int, bytes] | None = None
    for index, raw in enumerate(slots):
        found = unpack(raw)
        if found is not None and (best is None or found[0] > best[1]):
            best = (index, found[0], found[1])
    return best


def record(generation: int, before: bytes, after: bytes) -> bytes:
    """A journal record that turns ``before`` into ``after``: the pages that differ."""
    body = bytearray()
    for start in range(0, len(after), PAGE_SIZE):
        page = after[start : start + PAGE_SIZE]
        if page != before[start : start + PAGE_SIZE]:
            body += PAGE.pack(start // PAGE_SIZE, len(page)) + page
    head = RECORD.pack(RECORD_MAGIC, generation, len(after), len(body)) + body
    return head + CRC.pack(zlib.crc32(head))


def replay(generation: int, data: bytes, journal: bytes) -> tuple[int, bytes, int]:
    """``data`` (the newest whole slot, at ``generation``) with the journal's records after it
    applied in order; returns the generation, the data and where the whole records end. A
    record at or before ``generation`` is one the slot already holds (a whole write that
    ended before the journal was emptied); a torn or foreign record, or a gap, ends it."""
    at = 0
    while at + RECORD.size <= len(journal):
        magic, number, length, size = RECORD.unpack_from(journal, at)
        end = at + RECORD.size + size + CRC.size
        if magic != RECORD_MAGIC or end > len(journal) or number > generation + 1:
            break
        (crc,) = CRC.unpack_from(journal, end - CRC.size)
        if zlib.crc32(journal[at : end - CRC.size]) != crc:
            break
        if number == generation + 1:
            file = bytearray(data[:length].ljust(length, b"\0"))
            place = at + RECORD.size
            while place < end - CRC.size:
                index, count = PAGE.unpack_from(journal, place)
                place += PAGE.size
                file[index * PAGE_SIZE : index * PAGE_SIZE + count] = journal[place : place + count]
                place += count
            generation, data = number, bytes(file)
        at = end
    return generation, data, at


@dataclass
class StorageSlots:
    """Where the database file goes after each commit.

    ``kept``: commits reach the browser's storage. ``busy``: another tab holds the games.
    ``on_lost`` is told once when a write is refused (a full quota): from then on the game
    plays on in memory only."""

    path: Path
    handles: list[Any] = field(default_factory=list)
    generation: int = 0
    busy: bool = False
    reason: str = ""
    on_lost: Callable[[], None] | None = None
    #: The length and CRC-32 of what the newest slot held at start (None: nothing).
    loaded: tuple[int, int] | None = None
    write: Callable[[Any, bytes], None] = field(default=lambda handle, raw: _write(handle, raw))
    #: The page journal's handle (None: every save writes the whole file), and its length.
    journal: Any = None
    journal_size: int = 0
    #: Which slot holds the newest whole copy (-1: none), and the file as kept so far.
    newest_slot: int = -1
    kept_data: bytes = b""
    append: Callable[[Any, int, bytes], None] = field(default=lambda handle, at, raw: _append(handle, at, raw))

    @property
    def kept(self) -> bool:
        return bool(self.handles)

    def save(self) -> None:
        """Keep the commit, synchronously (when this returns, it is in the browser's storage):
        the pages it changed appended to the journal, or, when there is no whole copy yet or
        the journal would outgrow the file, the whole file into the slot that does not hold
        the newest copy, and the journal emptied."""
        if not self.handles:
            return
        data = self.path.read_bytes()
        self.generation += 1
        try:
            paged = self.journal is not None and self.newest_slot >= 0
            change = record(self.generation, self.kept_data, data) if paged else b""
            if change and self.journal_size + len(change) <= len(data):
                self.append(self.journal, self.journal_size, change)
                self.journal_size += len(change)
            else:
                self.newest_slot = (self.newest_slot + 1) % len(self.handles)
                self.write(self.handles[self.newest_slot], pack(self.generation, data))
                if self.journal is not None and self.journal_size:
                    self.write(self.journal, b"")  # its records are in the slot now
                    self.journal_size = 0
            self.kept_data = data
        except Exception as exc:  # a full or revoked quota
            log.warning("the browser refused to keep the games: %s", exc)
            self.reason = "refused"
            self.release()
            if self.on_lost is not None:
                self.on_lost()

    def save_if_changed(self) -> None:
        """Write the database file unless the newest slot already holds these very bytes (a
        start that created or upgraded nothing writes nothing)."""
        if self.handles and fingerprint(self.path.read_bytes()) != self.loaded:
            self.save()

    def release(self) -> None:
        """Let go of the slots (another tab may take them)."""
        for handle in [*self.handles, *([self.journal] if self.journal is not None else [])]:
            try:
                handle.close()
            except Exception as exc:  # already closed by the browser
                log.debug("closing a slot: %s", exc)
        self.handles = []
        self.journal = None


def _options(**values: Any) -> Any:
    from js import Object
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=Object.fromEntries)


def _write(handle: Any, raw: bytes) -> None:
    _append(handle, 0, raw)


def _append(handle: Any, at: int, raw: bytes) -> None:
    """``raw`` at ``at``, and the file cut there (a torn record's tail from before a restart
    goes too), flushed."""
    from pyodide.ffi import to_js

    handle.write(to_js(raw), _options(at=at))
    handle.truncate(at + len(raw))
    handle.flush()


def _read(handle: Any) -> bytes:
    from js import Uint8Array

    size = int(handle.getSize())
    if size == 0:
        return b""
    buffer = Uint8Array.new(size)
    handle.read(buffer, _options(at=0))
    return bytes(buffer.to_bytes())


async def _handles() -> list[Any]:
    from js import navigator

    root = await navigator.storage.getDirectory()
    handles: list[Any] = []
    try:
        for name in (*SLOTS, JOURNAL):
            file = await root.getFileHandle(name, _options(create=True))
            handles.append(await file.createSyncAccessHandle())
    except BaseException:
        for handle in handles:
            handle.close()
        raise
    return handles


async def open_storage_slots(path: Path, patience: float = BUSY_PATIENCE_SECONDS) -> StorageSlots:
    """Take the slots, put the newest saved database at ``path`` and return the keeper.

    A second tab finds the slots locked (``busy``, after ``patience`` seconds of trying); a
    browser without OPFS, or one that refuses it, gives a keeper that keeps nothing
    (``kept`` False, ``reason`` says why)."""
    keeper = StorageSlots(path)
    deadline = asyncio.get_running_loop().time() + patience
    while True:
        try:
            keeper.handles = await _handles()
            break
        except Exception as exc:
            name = str(getattr(exc, "name", "") or type(exc).__name__)
            if "NoModificationAllowed" in name or "NoModificationAllowed" in str(exc):
                if asyncio.get_running_loop().time() < deadline:
                    await asyncio.sleep(0.25)  # a reload: the old worker is still going
                    continue
                keeper.busy = True
                return keeper
            log.warning("the browser keeps no files here: %s", exc)
            keeper.reason = "unavailable"
            return keeper
    *keeper.handles, keeper.journal = keeper.handles
    path.parent.mkdir(parents=True, exist_ok=True)
    restore(keeper, [_read(handle) for handle in keeper.handles], _read(keeper.journal))
    return keeper


def restore(keeper: StorageSlots, slots: list[bytes], journal: bytes) -> None:
    """Put the newest kept database at the keeper's path: the newest whole slot, and the
    journal's records after it."""
    best = newest(slots)
    if best is None:
        return
    keeper.newest_slot, generation, data = best
    keeper.generation, data, keeper.journal_size = replay(generation, data, journal)
    keeper.path.write_bytes(data)
    keeper.kept_data = data
    keeper.loaded = fingerprint(data)
