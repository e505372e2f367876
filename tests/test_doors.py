"""The doors of the served app, checked without a browser: origins, cookies, addresses,
two processes on a new folder, stale events, and imports held to New game's checks."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from companion.data.game_files import read_game_file
from companion.i18n import describe
from companion.rules import ImportFormatError, StartRound, game_to_json, make_setup, play, start_game
from companion.server.app import join_urls, room_token
from companion.server.config import Config
from companion.server.gates import COOKIE, OriginGate, TokenGate, cookie_values
from companion.server.network import allowed_hosts, lan_addresses, served_addresses
from companion.ui.model import AppModel

from .helpers import run_async

PORT = 8550
TOKEN = "table-7-fixed-token"


def scope(kind: str = "websocket", host: str = f"127.0.0.1:{PORT}", **headers: str) -> dict[str, Any]:
    raw = [(b"host", host.encode())] + [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]
    return {"type": kind, "path": "/ws" if kind == "websocket" else "/", "query_string": b"", "headers": raw}


def answer(gate: Any, request: dict[str, Any]) -> tuple[bool, list[dict[str, Any]]]:
    """Run a gate on one request: (did the app behind it get the request, what the gate sent)."""
    reached: list[bool] = []
    sent: list[dict[str, Any]] = []

    async def app(_scope: Any, _receive: Any, _send: Any) -> None:
        reached.append(True)

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: Any) -> None:
        sent.append(dict(message))

    gate.app = app
    run_async(gate(request, receive, send))
    return bool(reached), sent


LOCAL = OriginGate(None, allowed_hosts("127.0.0.1", []), PORT)  # type: ignore[arg-type]
ROOM = OriginGate(None, allowed_hosts("0.0.0.0", ["192.168.1.20"]), PORT)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "request_",
    [
        scope(origin="http://evil.example"),  # another web page opening the WebSocket
        scope(host=f"evil.example:{PORT}", origin=f"http://evil.example:{PORT}"),  # DNS rebinding
        scope(host=f"evil.example:{PORT}"),
        scope(origin="null"),  # a sandboxed frame or a file page
        scope(origin=f"http://127.0.0.1:{PORT + 1}"),  # another app on this machine
        scope("http", origin="http://evil.example"),
        scope("http", host=f"evil.example:{PORT}"),
        scope(host="127.0.0.1:notaport"),
        scope(origin="http://[::1"),
    ],
)
def test_other_origins_and_host_names_are_refused(request_: dict[str, Any]) -> None:
    """Cross-site WebSocket hijacking and DNS rebinding get 403; nothing reaches the app."""
    for gate in (LOCAL, ROOM):
        reached, sent = answer(gate, request_)
        assert not reached
        assert sent[0]["type"] in ("websocket.close", "http.response.start")
        assert sent[0].get("status", 403) == 403


@pytest.mark.parametrize(
    ("gate", "request_"),
    [
        (LOCAL, scope(origin=f"http://127.0.0.1:{PORT}")),
        (LOCAL, scope(host=f"localhost:{PORT}", origin=f"http://localhost:{PORT}")),
        (LOCAL, scope("http")),
        (LOCAL, scope(host=f"[::1]:{PORT}", origin=f"http://[::1]:{PORT}")),
        (ROOM, scope(host=f"192.168.1.20:{PORT}", origin=f"http://192.168.1.20:{PORT}")),
        (ROOM, scope(origin=f"http://127.0.0.1:{PORT}")),
    ],
)
def test_the_app_s_own_addresses_are_let_in(gate: OriginGate, request_: dict[str, Any]) -> None:
    reached, _ = answer(gate, request_)
    assert reached


def test_room_mode_does_not_answer_a_lan_address_it_does_not_serve() -> None:
    reached, _ = answer(ROOM, scope(host=f"192.168.1.99:{PORT}", origin=f"http://192.168.1.99:{PORT}"))
    assert not reached


@pytest.mark.parametrize(
    "others",
    [
        'prefs={"theme":"dark"}',  # JSON: SimpleCookie gave up on the whole header
        'note="two words"; x=a b c',
        "user@app=1",  # SimpleCookie raised: a 500 with a traceback
        "(weird)=1; <tag>=2; =empty; novalue",
    ],
)
def test_other_cookies_on_the_host_never_lock_the_table_out(others: str) -> None:
    """With the token: let in, whatever else the header holds. Without: 403, never an error."""
    gate = TokenGate(None, TOKEN)  # type: ignore[arg-type]
    for header in (f"{others}; {COOKIE}={TOKEN}", f"{COOKIE}={TOKEN}; {others}"):
        reached, _ = answer(gate, scope(cookie=header))
        assert reached, header
    reached, sent = answer(gate, scope("http", cookie=others))
    assert not reached and sent[0]["status"] == 403


def test_cookie_values_reads_only_its_own_cookie() -> None:
    assert cookie_values(f'a="x y"; {COOKIE}="{TOKEN}"; b={{"c":1}}', COOKIE) == [TOKEN]
    assert cookie_values("user@app=1", COOKIE) == []


def test_token_in_the_address_is_stored_in_a_strict_cookie_and_leaves_the_address_bar() -> None:
    """?token=… answers 303 to the same address without it, with an HttpOnly, SameSite=Strict
    cookie that expires."""
    gate = TokenGate(None, TOKEN)  # type: ignore[arg-type]
    request_ = scope("http") | {"method": "GET", "path": "/", "query_string": f"token={TOKEN}&x=1".encode()}
    reached, sent = answer(gate, request_)
    assert not reached
    start = sent[0]
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    assert start["status"] == 303 and headers["location"] == "/?x=1"
    cookie = headers["set-cookie"]
    assert f"{COOKIE}={TOKEN}" in cookie
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Max-Age=" in cookie


FAKE_INTERFACES = {
    "lo": ["127.0.0.1", "::1"],
    "eth0": ["192.168.1.20", "fe80::1c2b:3ff:fe4d:5e6f%eth0"],
    "wlan0": ["10.0.0.5"],
    "usb0": ["169.254.10.2"],
}


def test_lan_addresses_come_from_the_interfaces_without_loopback_or_link_local() -> None:
    """Debian maps the host name to 127.0.1.1: the addresses come from the interfaces instead."""
    assert lan_addresses(FAKE_INTERFACES) == ["10.0.0.5", "192.168.1.20"]
    assert served_addresses("0.0.0.0", FAKE_INTERFACES) == ["10.0.0.5", "192.168.1.20"]
    assert lan_addresses({"lo": ["127.0.0.1", "127.0.1.1"]}) == []


def test_an_ipv4_server_offers_no_ipv6_join_address() -> None:
    """Found by the room-mode test: on a machine with a global IPv6 address, a
    server on 0.0.0.0 (IPv4 only) offered a join code for that address, which refused every
    phone; "::" listens on both and offers both."""
    interfaces = {**FAKE_INTERFACES, "eth1": ["fd00::2"]}
    assert served_addresses("0.0.0.0", interfaces) == ["10.0.0.5", "192.168.1.20"]
    assert served_addresses("::", interfaces) == ["10.0.0.5", "192.168.1.20", "fd00::2"]


def test_every_candidate_gets_a_join_address_and_none_is_loopback() -> None:
    urls = join_urls(Config(host="0.0.0.0"), "tok", served_addresses("0.0.0.0", FAKE_INTERFACES))
    assert urls == ("http://10.0.0.5:8550/?token=tok", "http://192.168.1.20:8550/?token=tok")
    assert not any("127." in url for url in urls)


def test_stale_events_for_seats_that_are_gone_change_nothing_and_raise_nothing(model: AppModel) -> None:
    """Taps that arrive after their seat was removed (or with odd data) are ignored safely."""
    m = model
    m.setup.remove_player(2)
    before = (list(m.setup.names), list(m.setup.colours), m.setup.start_player)
    for seat in (2, 5, -1, "1", None):
        m.setup.set_name(seat, "Zed")  # type: ignore[arg-type]
        m.setup.move_seat(seat, 1)  # type: ignore[arg-type]
        m.setup.cycle_colour(seat)  # type: ignore[arg-type]
        m.setup.remove_player(seat)  # type: ignore[arg-type]
        m.setup.choose_start_player(seat)  # type: ignore[arg-type]
    assert (m.setup.names, m.setup.colours, m.setup.start_player) == before
    m.migration.edit(3)  # no game on screen
    m.dice.set_die(0, 9, 4)
    m.tile.open()
    assert m.session.message is None


def test_an_unexpected_error_in_a_handler_is_a_message_and_a_log_line(
    model: AppModel, caplog: pytest.LogCaptureFixture
) -> None:
    """The safety net: the player reads one sentence in their language, the server logs the rest."""
    m = model
    m.session.lang = "de"

    def broken(_game_id: int) -> None:
        raise RuntimeError("disk on fire")

    m.session.store.load = broken  # type: ignore[method-assign,assignment]
    m.session.store.unfinished = lambda: 1  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="companion.ui"):
        m.play.open_unfinished()
    message = m.session.message
    assert message is not None and message.key == "error.unexpected"
    assert "disk on fire" in caplog.text
    assert "nichts wurde geändert" in m.session.tr(message.key)


def test_the_browser_never_receives_a_traceback() -> None:
    """Flet's "session crashed" message carries a notice, not the traceback with file paths."""
    import msgpack
    from flet.messaging.protocol import Message, MessageAction, SessionCrashedBody
    from flet_web.fastapi.flet_app import FletApp

    from companion.server import webfix

    assert webfix.install()

    class Fake:
        _FletApp__send_queue = type("Q", (), {"items": [], "put_nowait": lambda self, b: self.items.append(b)})()

    fake = Fake()
    FletApp.send_message(fake, Message(MessageAction.SESSION_CRASHED, SessionCrashedBody("Traceback: /work/x.py")))
    _action, body = msgpack.unpackb(fake._FletApp__send_queue.items[0][1:])
    assert "Traceback" not in str(body) and "/work" not in str(body)


def game_file(tmp_path: Path, names: list[str]) -> Path:
    game = play(start_game(make_setup(["A", "B"], 0, "companion", seed=4)), StartRound())
    data = json.loads(game_to_json(game))
    data["setup"]["players"] = names
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("names", "cause", "words"),
    [
        (["Ann", "Bö 😀"], "setup.name_glyphs", "cannot show"),
        (["Ann", "שלום"], "setup.name_glyphs", "cannot show"),
        (["Ann", "B" + "\u0301" * 19], "setup.name_marks", "accents"),
        (["Ann", "Ａｎｎ"], "setup.name_duplicate", "already taken"),
        (["Ann", "x" * 21], "setup.name_too_long", "too long"),
    ],
)
def test_import_applies_new_game_s_name_checks_and_names_the_problem(
    tmp_path: Path, names: list[str], cause: str, words: str
) -> None:
    with pytest.raises(ImportFormatError) as err:
        read_game_file(game_file(tmp_path, names))
    assert err.value.code == "import.setup" and err.value.params["cause"] == cause
    message = describe("en", err.value)
    assert words in message and "rules do not allow" not in message


def test_an_oversized_file_is_refused_from_its_size_without_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(3_000_000_000)  # sparse: takes no disk
    opened: list[Path] = []
    real_open = Path.open

    def watching_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(self)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", watching_open)
    with pytest.raises(ImportFormatError) as err:
        read_game_file(huge)
    assert err.value.code == "import.too_large" and huge not in opened


def from_client(request_: dict[str, Any], address: str) -> dict[str, Any]:
    return request_ | {"client": (address, 50123)}


def test_the_host_s_own_screen_needs_no_token_in_room_mode() -> None:
    """In room mode this machine, on its loopback address, gets in without the
    token (after a restart the host reloads 127.0.0.1 and plays on); a phone does not, nor
    this machine through a LAN name, nor anyone when the app serves loopback only."""
    room = TokenGate(None, TOKEN, PORT, host_free=True)  # type: ignore[arg-type]
    for kind in ("http", "websocket"):
        assert answer(room, from_client(scope(kind), "127.0.0.1"))[0], kind
        assert answer(room, from_client(scope(kind, host=f"[::1]:{PORT}"), "::1"))[0], kind
        assert answer(room, from_client(scope(kind, host=f"localhost:{PORT}"), "127.0.0.1"))[0], kind
        assert not answer(room, from_client(scope(kind, host=f"192.168.1.20:{PORT}"), "127.0.0.1"))[0], kind
        assert not answer(room, from_client(scope(kind, host=f"192.168.1.20:{PORT}"), "192.168.1.31"))[0], kind
        assert not answer(room, from_client(scope(kind), "192.168.1.31"))[0], kind  # a forged Host
        assert not answer(room, scope(kind))[0], kind  # no client address at all
    local = TokenGate(None, TOKEN, PORT)  # type: ignore[arg-type]
    assert not answer(local, from_client(scope("http"), "127.0.0.1"))[0]


@pytest.mark.parametrize(
    ("accept", "words"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "Dieser Tisch braucht seinen Code"),
        ("ko-KR,ko;q=0.9", "이 테이블의 코드가 필요합니다"),
        ("es-419,es;q=0.9", "Esta mesa necesita su código"),
        ("fr-FR,fr;q=0.9", "This table needs its code"),
        ("", "This table needs its code"),
    ],
)
def test_a_browser_without_the_token_is_told_what_to_do_in_its_language(accept: str, words: str) -> None:
    """The refusal is a page in the browser's language naming the host's own address; a
    refused WebSocket is closed before it opens, as before."""
    room = TokenGate(None, TOKEN, PORT, host_free=True)  # type: ignore[arg-type]
    headers = {"accept_language": accept} if accept else {}
    request_ = from_client(scope("http", host=f"192.168.1.20:{PORT}", **headers), "192.168.1.31")
    reached, sent = answer(room, request_)
    assert not reached and sent[0]["status"] == 403
    assert dict(sent[0]["headers"])[b"content-type"] == b"text/html; charset=utf-8"
    page = sent[1]["body"].decode()
    assert words in page and f"http://127.0.0.1:{PORT}/" in page and "<script" not in page
    _, closed = answer(room, from_client(scope("websocket", host=f"192.168.1.20:{PORT}"), "192.168.1.31"))
    assert closed == [{"type": "websocket.close", "code": 1008}]


def test_room_mode_keeps_its_token_across_restarts(tmp_path: Path) -> None:
    """A token made for room mode is kept with the saved games: the next start uses it, so
    the phones' cookies still open the game; --token wins; loopback only needs none."""
    room = Config(host="0.0.0.0", data_dir=str(tmp_path))
    first = room_token(room)
    assert len(first) >= 12 and room_token(room) == first
    assert room_token(Config(host="0.0.0.0", data_dir=str(tmp_path), token="given")) == "given"
    assert room_token(Config(data_dir=str(tmp_path))) == ""
    assert room_token(Config(host="0.0.0.0", data_dir=str(tmp_path / "other"))) != first
