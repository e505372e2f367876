"""The web client's files, gzip-compressed once and revalidated by their ETag.

Flet serves its 9.6 MB ``main.dart.js`` and the CanvasKit wasm uncompressed, even to a
browser that asks for gzip: that is what a phone on the table's Wi-Fi downloads first.
:class:`CompressStatic` wraps the served app: a static file (a 200 answer with an ETag)
of a compressible type goes out gzip-compressed to a browser that accepts it.  Each file
is compressed once per ETag and kept; later requests get the kept bytes.  The answer
carries a weak form of the file's ETag and ``Cache-Control: no-cache``, so a repeat visit
asks "changed?" and gets a 304 with no body.
"""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

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
    """ASGI middleware: gzip for static files, compressed once per file version."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.kept: dict[tuple[str, bytes], bytes] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET" or not accepts_gzip(scope):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        body = bytearray()
        passing = False  # not a candidate: messages go straight through

        async def capture(message: Message) -> None:
            nonlocal start, passing
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                kind = (_header(headers, b"content-type") or b"").decode("latin-1").lower()
                candidate = (
                    message["status"] == 200
                    and _header(headers, b"etag") is not None
                    and _header(headers, b"content-encoding") is None
                    and kind.startswith(COMPRESSIBLE)
                )
                if not candidate:
                    passing = True
                    await send(message)
                    return
                start = message
                return
            if passing or start is None:
                await send(message)
                return
            body.extend(message.get("body", b""))
            if not message.get("more_body", False):
                await self._finish(scope, start, bytes(body), send)

        await self.app(scope, receive, capture)

    async def _finish(self, scope: Scope, start: Message, body: bytes, send: Send) -> None:
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in (b"content-length", b"etag")]
        etag = _header(list(start.get("headers", [])), b"etag") or b""
        if len(body) < SMALLEST:
            await send({**start, "headers": [*headers, (b"etag", etag), (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        key = (str(scope.get("path", "")), etag)
        packed = self.kept.get(key)
        if packed is None:
            packed = await asyncio.to_thread(gzip.compress, body, LEVEL, mtime=0)
            self.kept[key] = packed
        weak = etag if etag.startswith(b"W/") else b"W/" + etag
        headers += [
            (b"content-encoding", b"gzip"),
            (b"vary", b"Accept-Encoding"),
            (b"etag", weak),
            (b"cache-control", CACHE_CONTROL),
            (b"content-length", str(len(packed)).encode()),
        ]
        await send({**start, "headers": headers})
        await send({"type": "http.response.body", "body": packed})
