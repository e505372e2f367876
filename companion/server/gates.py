"""The doors of the served app: its own origin only, and the table's token in room mode.

:class:`OriginGate` (always on) answers only requests addressed to this app:
the ``Host`` header must name one of the addresses it serves (the loopback
names, plus the LAN addresses in room mode) on its port, and an ``Origin``,
where the browser sends one, must be that same place.  Any other web page
(cross-site WebSocket hijacking) or host name (DNS rebinding) gets 403.

:class:`TokenGate` (room mode) wants the table's token on every request,
pages, assets and the WebSocket alike: as ``?token=…`` on the first visit,
which is answered with a cookie and a redirect to the same address without
the token, or as that cookie afterwards.  The Cookie header is read by a
tolerant parser, so another site's odd cookie on the same host can neither
lock the table out nor make the gate fail.

Neither gate can be made to fail by a request: a check that raises is
logged and answered 403, never 500.
"""

from __future__ import annotations

import hmac
import html
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from ..i18n import detect, translate
from .network import LOOPBACK_NAMES

log = logging.getLogger("companion.server.gates")

COOKIE = "mammoth_token"
#: The cookie lasts a long game night, not forever.
COOKIE_MAX_AGE = 24 * 3600
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def new_token() -> str:
    """A fresh, URL-safe token (about 96 bits)."""
    return secrets.token_urlsafe(12)


def _matches(candidate: str | None, token: str) -> bool:
    return candidate is not None and hmac.compare_digest(candidate.encode(), token.encode())


def cookie_values(header: str, name: str) -> list[str]:
    """Every value of cookie ``name`` in a Cookie header, whatever else the header holds.

    Pairs are split at ``;`` and at their first ``=``; a pair that is not
    ``name`` is skipped unread, however it is written (spaces, quotes, JSON,
    ``@`` or ``<`` in the name).
    """
    values = []
    for pair in header.split(";"):
        key, sep, value = pair.partition("=")
        if sep and key.strip() == name:
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            values.append(value)
    return values


def _headers(scope: Scope, name: bytes) -> list[str]:
    return [bytes(v).decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == name]


async def refuse(scope: Scope, send: Send, text: str, page: str | None = None) -> None:
    """403: a WebSocket is closed before it is accepted, a page gets a short text (or
    ``page``, an HTML page that says what to do)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})  # before accept: the handshake gets 403
        return
    body = page.encode() if page else f"403 Forbidden: {text}\n".encode()
    kind = b"text/html; charset=utf-8" if page else b"text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _safely(check: Callable[[Scope], Any], scope: Scope) -> Any:
    """Run a gate's check; one that raises counts as a refusal (logged, never a 500)."""
    try:
        return check(scope)
    except Exception:
        log.exception("could not read a %s request", scope.get("type"))
        return None


def split_host(value: str) -> tuple[str, int | None] | None:
    """``host[:port]`` (IPv6 in brackets) as (lower-case host, port); None if malformed."""
    try:
        parts = urlsplit(f"//{value.strip()}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host:
        return None
    return host.lower(), port


class OriginGate:
    """ASGI middleware: 403 unless ``Host`` (and ``Origin``, if sent) name this app."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], port: int) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.port = port

    def _place_ok(self, host: str, port: int | None, default_port: int) -> bool:
        return host in self.hosts and (port or default_port) == self.port

    def allowed(self, scope: Scope) -> bool:
        hosts = _headers(scope, b"host")
        if not hosts:
            return False
        place = split_host(hosts[0])
        if place is None or not self._place_ok(place[0], place[1], 80):
            return False
        origins = _headers(scope, b"origin")
        if scope["type"] == "http" and not origins:
            return True  # a plain page load; browsers send Origin on anything cross-site that matters
        for origin in origins:
            try:
                parts = urlsplit(origin.strip())
                port = parts.port
            except ValueError:
                return False
            if parts.scheme not in ("http", "https") or not parts.hostname:
                return False  # "null" (sandboxed frames, file pages) and anything odd
            if not self._place_ok(parts.hostname.lower(), port, 443 if parts.scheme == "https" else 80):
                return False
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or _safely(self.allowed, scope):
            await self.app(scope, receive, send)
            return
        log.warning("refused a %s request from another origin or host name", scope["type"])
        await refuse(scope, send, "this app answers only its own address.")


#: The names and addresses of this very machine.
LOOPBACK = LOOPBACK_NAMES


def from_this_device(scope: Scope) -> bool:
    """A request from this machine to its own loopback address: the host's own screen."""
    client = scope.get("client") or ("",)
    hosts = _headers(scope, b"host")
    place = split_host(hosts[0]) if hosts else None
    return str(client[0]) in LOOPBACK and place is not None and place[0].strip("[]") in LOOPBACK


def refusal_page(scope: Scope, port: int) -> str:
    """The page a browser without the token gets, in its own language: what to scan, and
    on the host itself which address lets it in without one."""
    wanted = [
        part.split(";")[0].strip() for header in _headers(scope, b"accept-language") for part in header.split(",")
    ]
    lang = detect(wanted)
    title, text = translate(lang, "gate.title"), translate(lang, "gate.token", address=f"http://127.0.0.1:{port}/")
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head>"
        '<body style="font: 20px/1.5 sans-serif; max-width: 32em; margin: 2em auto; padding: 0 1em">'
        f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body></html>"
    )


class TokenGate:
    """ASGI middleware: 403 for any HTTP or websocket request without the token, except, in
    room mode, from the host's own screen (this machine, on its loopback address)."""

    def __init__(self, app: ASGIApp, token: str, port: int = 8550, host_free: bool = False) -> None:
        self.app = app
        self.token = token
        self.port = port
        # Room mode: the host's own screen needs no token. Served on loopback only, every
        # request is this machine's, so a token given there guards them all.
        self.host_free = host_free

    def _from_request(self, scope: Scope) -> tuple[bool, bool]:
        """(allowed, came with the query token)."""
        if self.host_free and from_this_device(scope):
            return True, False
        query = parse_qsl(bytes(scope.get("query_string", b"")).decode("latin-1"), keep_blank_values=True)
        if any(k == "token" and _matches(v, self.token) for k, v in query):
            return True, True
        for header in _headers(scope, b"cookie"):
            if any(_matches(value, self.token) for value in cookie_values(header, COOKIE)):
                return True, False
        return False, False

    def cookie(self) -> bytes:
        return f"{COOKIE}={self.token}; Path=/; Max-Age={COOKIE_MAX_AGE}; HttpOnly; SameSite=Strict".encode()

    async def _store_and_redirect(self, scope: Scope, send: Send) -> None:
        """The token goes into the cookie and out of the address bar."""
        query = parse_qsl(bytes(scope.get("query_string", b"")).decode("latin-1"), keep_blank_values=True)
        rest = urlencode([(k, v) for k, v in query if k != "token"])
        location = (scope.get("root_path", "") + scope.get("path", "/")) + (f"?{rest}" if rest else "")
        await send(
            {
                "type": "http.response.start",
                "status": 303,
                "headers": [
                    (b"location", location.encode("latin-1", "replace")),
                    (b"set-cookie", self.cookie()),
                    (b"cache-control", b"no-store"),
                    (b"content-length", b"0"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": b""})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        allowed, by_query = _safely(self._from_request, scope) or (False, False)
        if not allowed:
            page = _safely(lambda request: refusal_page(request, self.port), scope)
            await refuse(scope, send, "this table needs its access token.", page)
            return
        if scope["type"] == "http" and by_query and scope.get("method") in ("GET", "HEAD"):
            await self._store_and_redirect(scope, send)
            return
        await self.app(scope, receive, send)
