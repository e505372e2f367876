"""Access token for serving the app to the room.

On 127.0.0.1 the app needs no token.  Served to other devices (``--host
0.0.0.0`` or a LAN address) every request, pages, assets and the websocket
alike, must carry the table's token: as ``?token=…`` on the first visit (the
app then sets a cookie) or as that cookie afterwards.  Anything else gets 403.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

COOKIE = "mammoth_token"
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


class TokenGate:
    """ASGI middleware: 403 for any HTTP or websocket request without the token."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    def _from_request(self, scope: Scope) -> tuple[bool, bool]:
        """(allowed, came with the query token)."""
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if any(_matches(value, self.token) for value in query.get("token", [])):
            return True, True
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                jar: SimpleCookie = SimpleCookie()
                jar.load(value.decode("latin-1"))
                if COOKIE in jar and _matches(jar[COOKIE].value, self.token):
                    return True, False
        return False, False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        allowed, by_query = self._from_request(scope)
        if not allowed:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})  # before accept: the handshake gets 403
                return
            body = b"403 Forbidden: this table needs its access token. Scan the code shown at the table.\n"
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        if scope["type"] == "http" and by_query:
            cookie = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()

            async def send_with_cookie(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message = dict(message)
                    message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
                await send(message)

            await self.app(scope, receive, send_with_cookie)
            return
        await self.app(scope, receive, send)


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters for the terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
