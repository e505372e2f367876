"""The web client's files, gzip-compressed once and revalidated by their ETag.

Flet serves its 9.6 MB ``main.dart.js`` and the CanvasKit wasm uncompressed, even to a
browser that asks for gzip: that is what a phone on the table's Wi-Fi downloads first.
:class:`CompressStatic` wraps the served app: a static file (a 200 answer with an ETag)
of a compressible type goes out gzip-compressed to a browser that accepts it.  Each file
is compressed once per ETag, as it streams, into a cache file on disk; later requests get
that file, and a new version of a file (a new ETag: an upgraded Flet) replaces the old
one's, so the cache holds one file per path.  The answer
carries a weak form of the file's ETag and ``Cache-Control: no-cache``, so a repeat visit
asks "changed?" and gets a 304 with no body.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import tempfile
import time
import zlib
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, BinaryIO

import platformdirs

from .. import APP_NAME

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("companion.server.compression")

#: Content types worth compressing (images and fonts in compressed formats are not).
COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/wasm",
    "application/manifest+json",
    "image/svg+xml",
    "font/otf",
    "font/ttf",
    "application/font-sfnt",
    "application/x-font-opentype",
    "application/vnd.ms-opentype",
)
#: Smaller files are sent as they are (gzip's header would eat the gain).
SMALLEST = 1024
LEVEL = 6
#: Bytes read and sent at a time from a compressed file.
CHUNK = 256 * 1024
#: The browser keeps the files and asks with the ETag before using them (a 304 while
#: nothing changed), so a new version of the app is never run from a stale client.
CACHE_CONTROL = b"no-cache"


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    for key, value in headers:
        if key.lower() == name:
            return value
    return None


def accepts_gzip(scope: Scope) -> bool:
    for key, value in scope.get("headers", []):
        if key.lower() == b"accept-encoding":
            codings = [part.split(b";")[0].strip().lower() for part in value.split(b",")]
            if b"gzip" in codings:
                return True
    return False


class CompressStatic:
    """ASGI middleware: gzip for static files, compressed once per file version.

    A file is compressed chunk by chunk as the app sends it, straight into a cache file on
    disk (``cache_dir``, by default platformdirs' user cache directory), and later
    requests stream that file: no whole file is ever held in memory (Flet's 9.6 MB client
    held twice, raw and packed, cost the server about 12 MB it never gave back)."""

    def __init__(self, app: ASGIApp, cache_dir: Path | None = None) -> None:
        self.app = app
        self.cache_dir = cache_dir or Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "gzip"
        self.kept: dict[tuple[str, bytes], Path] = {}
        self._prune_unnamed()

    def _cache_file(self, key: tuple[str, bytes]) -> Path:
        """Where the packed file for (path, ETag) lives: ``<path's hash>-<ETag's hash>.gz``, so
        the versions of one path are found by their common start."""
        return self.cache_dir / f"{_digest(key[0].encode())}-{_digest(key[1])}.gz"

    def _prune_unnamed(self) -> None:
        """Remove what no key names: an older release's files (one hash, no dash) and a
        ``.part`` an interrupted server left (an hour old: another server may be writing a
        newer one); a missing or read-only cache is left as it is."""
        hour_ago = time.time() - 3600
        with contextlib.suppress(OSError):
            old_release = [f for f in self.cache_dir.glob("*.gz") if "-" not in f.stem]
            for stale in [*old_release, *self.cache_dir.glob("*.part")]:
                with contextlib.suppress(OSError):
                    if stale.suffix == ".gz" or stale.stat().st_mtime < hour_ago:
                        stale.unlink()

    def _prune_versions(self, key: tuple[str, bytes], final: Path) -> None:
        """Only the current version of a path is kept: its other versions' files go."""
        for other in [k for k in self.kept if k[0] == key[0] and k != key]:
            del self.kept[other]
        with contextlib.suppress(OSError):
            for stale in self.cache_dir.glob(final.name.split("-")[0] + "-*.gz"):
                if stale != final:
                    with contextlib.suppress(OSError):
                        stale.unlink()

    def _cached(self, key: tuple[str, bytes]) -> Path | None:
        path = self.kept.get(key)
        if path is None:
            candidate = self._cache_file(key)
            if candidate.is_file():  # compressed by an earlier run of the server
                path = self.kept[key] = candidate
        return path if path is not None and path.is_file() else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET" or not accepts_gzip(scope):
            await self.app(scope, receive, send)
            return
        answer = _Answer(self, str(scope.get("path", "")), send)
        await self.app(scope, receive, answer.capture)
        if answer.replay:  # nothing was sent, and the compressed file was lost: send it plain
            await self.app(scope, receive, send)


class _Answer:
    """One GET's answer, taken from the app message by message: a candidate (a 200 with an
    ETag, of a compressible type, not encoded yet) goes out gzip-compressed, from the cache
    when it was compressed before; anything else goes through as it came."""

    def __init__(self, owner: CompressStatic, path: str, send: Send) -> None:
        self.owner, self.path, self.send = owner, path, send
        self.start: Message | None = None
        self.passing = False  # not a candidate: messages go straight through
        self.key: tuple[str, bytes] = ("", b"")
        self.kept: Path | None = None  # compressed before: the app's body is not needed
        self.head = bytearray()  # the first bytes, until the file is known not to be small
        self.packer: _Packer | None = None
        self.replay = False  # nothing was sent, and the compressed file was lost

    async def capture(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            await self._started(message)
        elif self.passing or self.start is None:
            await self.send(message)
        else:
            await self._body(message.get("body", b""))
            if not message.get("more_body", False):
                await self._finish(self.start)

    async def _started(self, message: Message) -> None:
        headers = list(message.get("headers", []))
        kind = (_header(headers, b"content-type") or b"").decode("latin-1").lower()
        etag = _header(headers, b"etag")
        candidate = (
            message["status"] == 200
            and etag is not None
            and _header(headers, b"content-encoding") is None
            and kind.startswith(COMPRESSIBLE)
        )
        if not candidate:
            self.passing = True
            await self.send(message)
            return
        self.start = message
        self.key = (self.path, etag or b"")
        self.kept = self.owner._cached(self.key)

    async def _body(self, chunk: bytes) -> None:
        """A chunk of the app's body, packed as it comes (once the file is not small)."""
        if self.kept is not None:
            return
        if self.packer is not None:
            await self.packer.add(chunk)
            return
        self.head.extend(chunk)
        if len(self.head) >= SMALLEST:
            self.packer = _Packer(self.owner.cache_dir)
            await self.packer.add(bytes(self.head))
            self.head.clear()

    async def _finish(self, start: Message) -> None:
        """The body is all there: send it plain (a small file), packed from memory (a cache
        that could not keep it) or from the cache file."""
        if self.kept is None and self.packer is None:
            await _send_plain(start, bytes(self.head), self.send)
            return
        if self.kept is None:
            assert self.packer is not None
            packed = await self.packer.finish(self.owner._cache_file(self.key))
            if packed is None:  # lost on the way: the app sends the file again, as it is
                self.replay = True
                return
            if isinstance(packed, bytes):  # the cache could not keep it: this answer only
                await _send_packed(start, packed, self.send)
                return
            self.kept = self.owner.kept[self.key] = packed
            self.owner._prune_versions(self.key, packed)
        if not await _send_packed(start, self.kept, self.send):  # the kept file vanished: sent as it is
            self.owner.kept.pop(self.key, None)
            self.replay = True


class _Packer:
    """gzip of one file, written to a temporary file beside the cache as the chunks come.

    A cache that cannot be written (a read-only or full disk) is no failure: the packed
    bytes are then kept for this one answer and sent from memory."""

    def __init__(self, cache_dir: Path) -> None:
        self.file: BinaryIO | None = None
        self.path: Path | None = None
        self.spill: list[bytes] = []  # the packed bytes when the cache cannot take them
        self.lost = False  # what the cache file held could not be read back: no whole stream
        try:
            cache_dir.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(dir=cache_dir, suffix=".part")
            # Unbuffered: what write() accepted is in the file, so a full disk loses nothing.
            self.file, self.path = os.fdopen(handle, "wb", buffering=0), Path(name)
        except OSError:
            log.warning("the gzip cache %s cannot be written; compressing in memory", cache_dir)
        self.packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 31)  # 31: a gzip header and trailer

    def _write(self, packed: bytes) -> None:
        if self.lost:
            return
        rest = memoryview(packed)
        if self.file is not None:
            try:
                while rest:  # a disk filling up may take part of a chunk before it refuses
                    rest = rest[self.file.write(rest) :]
                return
            except OSError:
                log.warning("the gzip cache is full; compressing in memory")
                self._drop()
        self.spill.append(bytes(rest))

    def _read_back(self) -> bytes | None:
        """What the cache file holds, the file then removed; None, and ``lost``, if it cannot
        be read."""
        assert self.path is not None
        try:
            return self.path.read_bytes()
        except OSError:
            log.warning("the gzip cache lost a file it was writing; sending that file as it is")
            self.lost = True
            return None
        finally:
            with contextlib.suppress(OSError):
                self.path.unlink()

    def _drop(self) -> None:
        """Give up the cache file, keeping what it held in memory."""
        assert self.file is not None
        with contextlib.suppress(OSError):
            self.file.close()
        held = self._read_back()
        if held is not None:
            self.spill = [held]
        self.file = None

    async def add(self, chunk: bytes) -> None:
        self._write(await asyncio.to_thread(self.packer.compress, chunk))

    async def finish(self, final: Path) -> Path | bytes | None:
        """``final``, the cache file kept for later answers, the packed bytes for this answer,
        or None when part of them was lost (the file is then sent as it is)."""
        self._write(self.packer.flush())
        if self.lost:
            return None
        if self.file is None or self.path is None:
            return b"".join(self.spill)
        try:
            self.file.close()
            os.replace(self.path, final)  # whole or not at all, also for a second server
        except OSError:  # the packed file is whole; only its final name failed
            return self._read_back()
        return final


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


async def _send_plain(start: Message, body: bytes, send: Send) -> None:
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
    await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _send_packed(start: Message, packed: Path | bytes, send: Send) -> bool:
    """Send the compressed answer; False, with nothing sent, if the cache file is gone
    (another server removed it between the look and the read: the blank page after a restart)."""
    handle: BinaryIO | None = None
    body = packed if isinstance(packed, bytes) else None
    if not isinstance(packed, bytes):
        try:
            handle = packed.open("rb")  # open first: a file removed after this still reads whole
        except OSError:
            return False
    with handle or contextlib.nullcontext():
        original = list(start.get("headers", []))
        etag = _header(original, b"etag") or b""
        weak = etag if etag.startswith(b"W/") else b"W/" + etag
        headers = [(k, v) for k, v in original if k.lower() not in (b"content-length", b"etag")]
        size = len(body) if body is not None else os.fstat(handle.fileno()).st_size if handle else 0
        headers += [
            (b"content-encoding", b"gzip"),
            (b"vary", b"Accept-Encoding"),
            (b"etag", weak),
            (b"cache-control", CACHE_CONTROL),
            (b"content-length", str(size).encode()),
        ]
        await send({**start, "headers": headers})
        if body is not None or handle is None:
            await send({"type": "http.response.body", "body": body or b""})
            return True
        while chunk := handle.read(CHUNK):
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b""})
        return True
