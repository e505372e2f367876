"""Serving to the room: the access token guards pages, assets and the websocket."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websockets
from playwright.sync_api import Browser

from .harness import PHONE, App, Server

pytestmark = pytest.mark.browser
TOKEN = "table-7-fixed-token"


def status(url: str, cookie: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def websocket_status(url: str, cookie: str | None = None) -> int:
    """101 if the websocket handshake succeeds, else the HTTP status it got."""
    from websockets.sync.client import connect

    try:
        with connect(url, additional_headers={"Cookie": cookie} if cookie else {}, open_timeout=10):
            return 101
    except websockets.exceptions.InvalidStatus as err:
        return int(err.response.status_code)


def test_default_is_loopback_without_token(tmp_path: Path) -> None:
    """Out of the box the app listens on 127.0.0.1 and needs no token there."""
    server = Server(tmp_path / "data").start()
    try:
        assert status(server.url) == 200
        log = next(tmp_path.glob("server-*.log")).read_text()
        assert "http://127.0.0.1:" in log and "token" not in log
    finally:
        server.stop()


def test_token_guards_page_assets_and_websocket(tmp_path: Path) -> None:
    """Without the token: 403 for the page, the assets and the websocket; with it: served."""
    server = Server(tmp_path / "data", ["--token", TOKEN]).start_guarded(TOKEN)
    base = server.url
    ws = base.replace("http://", "ws://") + "ws"
    cookie = f"mammoth_token={TOKEN}"
    try:
        checks = {
            "page": (status(base), status(f"{base}?token={TOKEN}")),
            "asset": (status(f"{base}main.dart.js"), status(f"{base}main.dart.js", cookie)),
            "font": (
                status(f"{base}fonts/MammothSans-Regular.otf"),
                status(f"{base}fonts/MammothSans-Regular.otf", cookie),
            ),
            "wrong": (status(f"{base}?token=guess"), status(f"{base}?token={TOKEN}")),
            "websocket": (websocket_status(ws), websocket_status(ws, cookie)),
        }
        for name, (without, with_token) in checks.items():
            assert without == 403, name
            assert with_token in (200, 101), name
    finally:
        server.stop()


def test_room_mode_generates_a_token_and_a_qr_code(tmp_path: Path) -> None:
    """--host 0.0.0.0 without a configured token makes one, prints it with the URL and a QR code."""
    server = Server(tmp_path / "data", ["--host", "0.0.0.0"])
    server.extra_args = ["--host", "0.0.0.0"]
    server.start_guarded(None)
    try:
        log = next(tmp_path.glob("server-*.log")).read_text()
        line = next(row for row in log.splitlines() if "?token=" in row)
        token = line.split("?token=")[1].strip()
        assert len(token) >= 12
        assert "█" in log  # the terminal QR code
        assert status(server.url) == 403
        assert status(f"{server.url}?token={token}") == 200
    finally:
        server.stop()


def test_browser_without_token_sees_no_game(browser: Browser, tmp_path: Path) -> None:
    """A table's game is visible with the token; a browser without it gets 403 and nothing else."""
    server = Server(tmp_path / "data", ["--token", TOKEN]).start_guarded(TOKEN)
    try:
        seated = App(browser, f"{server.url}?token={TOKEN}", PHONE)
        seated.click("new-game")
        for seat, name in enumerate(["Anna", "Bert"]):
            seated.fill_name(seat, name)
        seated.click("remove-2")
        seated.click("start-game")
        seated.wait("herd-card")
        seated.click("nav-back")
        seated.click("open-join")
        seated.wait_text("join-url", f"?token={TOKEN}")
        seated.shot("phone-light-join")
        seated.close()
        stranger = browser.new_context(viewport=PHONE)
        page = stranger.new_page()
        response = page.goto(server.url)
        assert response is not None and response.status == 403
        time.sleep(0.5)
        assert "Anna" not in page.content() and "403" in page.content()
        stranger.close()
    finally:
        server.stop()
