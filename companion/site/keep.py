"""Saved games kept in the browser: the SQLite file copied into the origin's private file
system (OPFS) after every commit, before the screen shows what was committed.

In the static site Python runs in a web worker over an in-memory file system. After each
commit the whole database file is written, with synchronous OPFS access handles (a worker
may hold them), into the older of two slots; a slot is a header (magic, generation,
length, CRC-32) and the file. A browser killed in the middle of a write leaves the other
slot whole, one commit older, and that commit had not reached the screen yet. On start the
newest whole slot becomes the database again.

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

MAGIC = b"MHC1"
HEADER = struct.Struct("<4sQII")  # magic, generation, length, crc32 of the data
SLOTS = ("games-a.slot", "games-b.slot")
#: A reloaded tab's old worker lets go of the slots a moment after the new one asks.
BUSY_PATIENCE_SECONDS = 4.0


def pack(generation: int, data: bytes) -> bytes:
    """One slot's bytes: the header, then ``data``."""
    return HEADER.pack(MAGIC, generation, len(data), zlib.crc32(data)) + data


def unpack(raw: bytes) -> tuple[int, bytes] | None:
    """A slot's generation and data, or None for an empty, torn or foreign slot."""
    if len(raw) < HEADER.size:
        return None
    magic, generation, length, crc = HEADER.unpack_from(raw)
    data = raw[HEADER.size : HEADER.size + length]
    if magic != MAGIC or len(data) != length or zlib.crc32(data) != crc:
        return None
    return generation, data


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

    @property
    def kept(self) -> bool:
        return bool(self.handles)

    def save(self) -> None:
        """Write the database file into the older slot (synchronously: when this returns, the
        commit is in the browser's storage)."""
        if not self.handles:
            return
        data = self.path.read_bytes()
        self.generation += 1
        handle = self.handles[self.generation % len(self.handles)]
        try:
            self.write(handle, pack(self.generation, data))
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
        for handle in self.handles:
            try:
                handle.close()
            except Exception as exc:  # already closed by the browser
                log.debug("closing a slot: %s", exc)
        self.handles = []


def _options(**values: Any) -> Any:
    from js import Object
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=Object.fromEntries)


def _write(handle: Any, raw: bytes) -> None:
    from pyodide.ffi import to_js

    handle.write(to_js(raw), _options(at=0))
    handle.truncate(len(raw))
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
        for name in SLOTS:
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
    best = newest([_read(handle) for handle in keeper.handles])
    path.parent.mkdir(parents=True, exist_ok=True)
    if best is not None:
        _index, keeper.generation, data = best
        path.write_bytes(data)
        keeper.loaded = fingerprint(data)
    return keeper
