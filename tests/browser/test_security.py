"""Serving to the room: the access token guards pages, assets and the websocket."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websockets
from playwright.sync_api import Browser

from .harness import OPENED, PHONE, App, Server, left_the_machine

pytestmark = pytest.mark.browser
TOKEN = "table-7-fixed-token"


def status(url: str, cookie: str | None = None) -> int:
    """The final status, following the token's redirect with the cookie it sets, as a browser does."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    try:
        with opener.open(request, timeout=10) as response:
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
        assert status(server.url) == 200  # the host's own screen, on 127.0.0.1: no token
        joined = [row.strip() for row in log.splitlines() if "?token=" in row]
        for url in joined:  # the phones' addresses: the token, or a page that says what to do
            lan = url.split("?token=")[0]
            assert status(lan) == 403 and status(url) == 200, lan
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
        seated.wait_text("join-url-0", f"?token={TOKEN}")
        assert "token" not in seated.page.url  # stored in the cookie, gone from the address bar
        seated.shot("phone-light-join")
        seated.close()
        stranger = browser.new_context(viewport={"width": PHONE["width"], "height": PHONE["height"]})
        page = stranger.new_page()
        response = page.goto(server.url)
        assert response is not None and response.status == 403
        page.wait_for_load_state("load")
        assert "Anna" not in page.content() and "This table needs its code" in page.content()
        stranger.close()
    finally:
        server.stop()


EVIL_PAGE = """<!doctype html><title>waiting</title><script>
const ws = new WebSocket("ws://127.0.0.1:%d/ws");
ws.binaryType = "arraybuffer";
ws.onopen = () => { document.title = "open"; };
ws.onerror = () => { document.title = "refused"; };
</script>"""


def test_another_web_page_cannot_open_the_app_s_websocket(browser: Browser, tmp_path: Path) -> None:
    """A page served from another port, and a page with an opaque origin, try to open the
    app's WebSocket in a real Chromium: refused, and nothing is written to the saved games."""
    import http.server
    import threading

    server = Server(tmp_path / "data").start()
    db = tmp_path / "data" / "games.sqlite3"
    before = db.read_bytes() if db.exists() else b""
    html = (EVIL_PAGE % server.port).encode()

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *_args: object) -> None:
            pass

    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        for url in (f"http://127.0.0.1:{evil.server_address[1]}/", "data:text/html," + html.decode()):
            page.goto(url)
            page.wait_for_function("document.title !== 'waiting'", timeout=15_000)
            assert page.title() == "refused", url
        log = next(tmp_path.glob(f"server-{server.port}.log")).read_text()
        assert "refused a websocket request" in log
        assert (db.read_bytes() if db.exists() else b"") == before
    finally:
        context.close()
        evil.shutdown()
        server.stop()


def test_closed_sessions_are_released_and_the_cap_holds(browser: Browser, tmp_path: Path) -> None:
    """With room for 2 screens, a third sees a clear page; once the two tabs close, their
    sessions are released within seconds (not an hour) and a new screen gets in."""
    server = Server(tmp_path / "data", ["--max-sessions", "2"]).start()
    log_file = next(tmp_path.glob(f"server-{server.port}.log"))
    first, second = App(browser, server.url, PHONE), App(browser, server.url, PHONE)
    try:
        first.wait("new-game")
        second.wait("new-game")
        third = App(browser, server.url, PHONE)
        third.wait_page_text("Too many screens are open")
        third.close()
        first.close()
        second.close()
        deadline = time.monotonic() + 60
        while "session released; 0 open" not in log_file.read_text():
            assert time.monotonic() < deadline, log_file.read_text()[-2000:]
            time.sleep(0.5)
        fourth = App(browser, server.url, PHONE)
        fourth.wait("new-game")
        fourth.close()
    finally:
        server.stop()


def test_a_request_off_the_machine_is_refused_and_fails_the_test(browser: Browser, server: Server) -> None:
    """The check after every browser test bites: a page that asks a CDN for a font is refused
    it, and the address is what the check names (here taken back, so this test passes)."""
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    asked = "https://fonts.gstatic.com/s/roboto/v32/a.woff2"
    app.page.evaluate("url => fetch(url).catch(() => null)", asked)
    deadline = time.monotonic() + 10
    while not app.foreign and time.monotonic() < deadline:
        app.page.wait_for_timeout(50)
    assert app in OPENED
    assert left_the_machine(OPENED) == [asked]
    app.foreign.clear()
    app.close()


def test_a_trap_of_flutter_s_client_is_reloaded_once_and_said(browser: Browser, server: Server) -> None:
    """The harness's one workaround for Flutter's client: a page error that names a trap of
    its WebAssembly code makes a waiting walk reload the page once (the game is the
    server's); no trap, no reload."""
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    assert not app._recovered_from_a_trap()
    app.page.evaluate("setTimeout(() => { throw new Error('null function'); })")
    deadline = time.monotonic() + 10
    while not any("null function" in line for line in app.console) and time.monotonic() < deadline:
        app.page.wait_for_timeout(50)
    assert app._recovered_from_a_trap()
    app.wait("new-game")
    assert not app._recovered_from_a_trap()  # each trap is reloaded once
    app.close()
