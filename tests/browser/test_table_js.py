"""``table.js`` itself, on fake clocks and without root: two pages of one Chromium, each with
the page script alone and a stand-in for Python that records what the script tells it, join
over a real data channel (loopback, the camera faked so that the codes name addresses). Each
page's clock is Playwright's: a test moves one phone's time on while the other's stands, so
the heartbeat, away and back, and the join's timeouts are decided by the script's own
constants, not by waiting."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from companion.data import codes
from companion.data import table_messages as tm

from .harness import CHROMIUM, CHROMIUM_ARGS, free_port

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "companion" / "site"
PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<script>window.told = []; window.mammothToPython = function (m) { window.told.push(m); };
window.ask = function (a) { window.dispatchEvent(new CustomEvent("mammoth-peer", { detail: a })); };</script>
<script src="table.js"></script></body></html>"""
#: The script's own constants (table.js): the tests move the clocks by these.
BEAT_MS, AWAY_MS, OPEN_MS, REACH_MS = 1000, 4500, 15000, 15000


@pytest.fixture(scope="module")
def faked(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Browser, str]]:
    """A Chromium whose camera is faked and allowed (launched by the run's own Playwright),
    and the page served on loopback."""
    folder = tmp_path_factory.mktemp("table-js")
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "table.js").write_bytes((SITE / "table.js").read_bytes())
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    args = [*CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]
    camera = browser.browser_type.launch(executable_path=CHROMIUM, args=args)
    try:
        yield camera, f"http://127.0.0.1:{port}/index.html"
    finally:
        camera.close()
        server.kill()
        server.wait()


def _phone(faked: tuple[Browser, str]) -> Page:
    browser, url = faked
    page = browser.new_context(permissions=["camera"]).new_page()
    page.clock.install()  # this phone's time moves only when the test moves it
    for _ in range(100):  # the stand-in server may still be starting
        try:
            page.goto(url)
            break
        except Exception:
            time.sleep(0.1)
    page.wait_for_function("() => typeof window.ask === 'function'")
    page.clock.pause_at(int(time.time() * 1000) + 1000)  # installed, it flows; paused, it stands
    return page


def _told(page: Page, op: str) -> list[dict[str, Any]]:
    return [m for m in page.evaluate("window.told") if m["op"] == op]


def _until_told(page: Page, op: str, count: int = 1) -> dict[str, Any]:
    """The ``count``-th ``op`` the script told (WebRTC's own work runs on real time)."""
    deadline = time.monotonic() + 30
    while len(_told(page, op)) < count:
        assert time.monotonic() < deadline, (op, page.evaluate("window.told"))
        page.wait_for_timeout(50)
    return _told(page, op)[count - 1]


def _joined(faked: tuple[Browser, str]) -> tuple[Page, Page]:
    """A host and a guest with an open channel, as two scans make it."""
    host, guest = _phone(faked), _phone(faked)
    host.evaluate("ask({op: 'offer', slot: 'g1', camera: true})")
    offer = _until_told(host, "offer")
    assert offer["camera"] == "granted" and "a=candidate" in offer["sdp"]
    guest.evaluate("a => ask(a)", {"op": "join", "slot": "host", "sdp": offer["sdp"], "seats": []})
    answer = _until_told(guest, "answer")
    host.evaluate("a => ask(a)", {"op": "accept", "slot": "g1", "sdp": answer["sdp"]})
    _until_told(host, "open")
    _until_told(guest, "open")
    return host, guest


def _tick(page: Page, ms: int) -> None:
    """Move ``page``'s clock on by ``ms``, a second at a time (the heartbeat's interval),
    letting the page's real-time work (WebRTC) run between."""
    for _ in range(ms // BEAT_MS):
        page.clock.run_for(BEAT_MS)
        page.wait_for_timeout(20)


def test_a_phone_that_goes_quiet_is_away_within_6_s_and_back_when_heard(faked: tuple[Browser, str]) -> None:
    """Messages go both ways; the guest's clock stands (a stopped browser sends no beat):
    the host does not name it away at 4 s, does by AWAY_MS + BEAT_MS, and names it back as
    soon as its beats come again."""
    host, guest = _joined(faked)
    host.evaluate("ask({op: 'send', slot: 'g1', text: 'to the guest'})")
    guest.evaluate("ask({op: 'send', slot: 'host', text: 'to the host'})")
    assert _until_told(guest, "message")["text"] == "to the guest"
    assert _until_told(host, "message")["text"] == "to the host"
    _tick(host, 4000)
    assert _told(host, "away") == []
    _tick(host, AWAY_MS + BEAT_MS - 4000)
    assert _told(host, "away") == [{"op": "away", "slot": "g1"}]
    _tick(guest, 2 * BEAT_MS)  # the guest's page runs again: its beats arrive
    host.clock.run_for(BEAT_MS)
    assert _until_told(host, "back") == {"op": "back", "slot": "g1"}
    host.context.close()
    guest.context.close()


def test_sending_on_a_channel_that_closed_names_the_phone_away(faked: tuple[Browser, str]) -> None:
    """The guest closes its side; a message the host then sends cannot go: the host names
    that phone away (its Python keeps the step as not yet shared) instead of dropping it
    silently."""
    host, guest = _joined(faked)
    guest.evaluate("ask({op: 'close', slot: 'host'})")
    deadline = time.monotonic() + 30
    while not (_told(host, "away") or _told(host, "closed")):
        assert time.monotonic() < deadline, host.evaluate("window.told")
        host.evaluate("ask({op: 'send', slot: 'g1', text: 'lost?'})")
        host.wait_for_timeout(100)
    host.context.close()
    guest.context.close()


def test_a_host_whose_guest_never_connects_says_so_after_open_ms(faked: tuple[Browser, str]) -> None:
    """The host takes an answer whose phone is gone before the channel opens: nothing is said
    before OPEN_MS, and then that the phones could not reach each other."""
    host, guest = _phone(faked), _phone(faked)
    host.evaluate("ask({op: 'offer', slot: 'g1', camera: true})")
    offer = _until_told(host, "offer")
    guest.evaluate("a => ask(a)", {"op": "join", "slot": "host", "sdp": offer["sdp"], "seats": []})
    answer = _until_told(guest, "answer")
    guest.context.close()  # the guest's phone is gone
    host.evaluate("a => ask(a)", {"op": "accept", "slot": "g1", "sdp": answer["sdp"]})
    _tick(host, OPEN_MS - BEAT_MS)
    assert _told(host, "failed") == [] and _told(host, "open") == []
    _tick(host, 2 * BEAT_MS)
    assert _until_told(host, "failed") == {"op": "failed", "slot": "g1", "why": "unreachable"}
    host.context.close()


def test_a_guest_whose_host_is_gone_says_so_after_reach_ms(faked: tuple[Browser, str]) -> None:
    """The guest answers a code whose host is gone: none of its checks is answered, and it
    says so once REACH_MS has passed on its clock, not before."""
    host, guest = _phone(faked), _phone(faked)
    host.evaluate("ask({op: 'offer', slot: 'g1', camera: true})")
    offer = _until_told(host, "offer")
    host.context.close()  # the host's phone is gone
    guest.evaluate("a => ask(a)", {"op": "join", "slot": "host", "sdp": offer["sdp"], "seats": []})
    _until_told(guest, "answer")
    _tick(guest, REACH_MS - 2 * BEAT_MS)
    assert _told(guest, "failed") == []
    _tick(guest, 4 * BEAT_MS)
    assert _until_told(guest, "failed") == {"op": "failed", "slot": "host", "why": "unreachable"}
    guest.context.close()


KEPT_JS = """() => new Promise(resolve => {
  const opening = indexedDB.open("mammoth-table", 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore("keep");
  opening.onsuccess = () => {
    const asking = opening.result.transaction("keep").objectStore("keep").getAllKeys();
    asking.onsuccess = () => resolve(asking.result.map(String));
  };
})"""


def test_a_seat_is_taken_from_the_host_only(faked: tuple[Browser, str]) -> None:
    """The host gives its guest a seat once it has heard from it (the guest keeps it under the
    host's fingerprint); a seat message a guest sends the host is not heeded: the host's
    keep gains no pairing of a host, and Python never sees the message either."""
    host, guest = _joined(faked)
    guest.evaluate("ask({op: 'send', slot: 'host', text: 'here'})")  # the host hears the guest first
    deadline = time.monotonic() + 30
    while not any(key.startswith("host:") for key in guest.evaluate(KEPT_JS)):
        assert time.monotonic() < deadline, guest.evaluate(KEPT_JS)
        guest.wait_for_timeout(50)
    forged = "\u2661" + '{"seat": 7, "secret": "AAAA"}'
    guest.evaluate("t => ask({op: 'send', slot: 'host', text: t})", forged)
    guest.evaluate("ask({op: 'send', slot: 'host', text: 'after it'})")
    assert _until_told(host, "message", 2)["text"] == "after it"  # the forged one came first, unheeded
    assert not any(key.startswith("host:") for key in host.evaluate(KEPT_JS)), host.evaluate(KEPT_JS)
    assert [m["text"] for m in _told(host, "message")] == ["here", "after it"]
    host.context.close()
    guest.context.close()


def _fingerprint(sdp: str) -> str:
    line = next(line for line in sdp.splitlines() if line.startswith("a=fingerprint:sha-256 "))
    return line.split(" ", 1)[1].replace(":", "").upper()


def test_each_end_is_told_the_certificate_the_other_end_proved(faked: tuple[Browser, str]) -> None:
    """As a channel opens, each phone's app hears the other phone's certificate (the one
    DTLS checked, as its description names it): the app binds the phone that speaks on
    that channel to it. Each phone keeps one certificate, so its fingerprint stays."""
    host, guest = _joined(faked)
    offer, answer = _told(host, "offer")[0], _told(guest, "answer")[0]
    assert _told(host, "open")[0]["print"] == _fingerprint(answer["sdp"])
    assert _told(guest, "open")[0]["print"] == _fingerprint(offer["sdp"])
    assert _fingerprint(answer["sdp"]) != _fingerprint(offer["sdp"])
    assert tm.PRINT.fullmatch(_told(host, "open")[0]["print"])  # the form the table's messages carry
    host.evaluate("ask({op: 'offer', slot: 'g2', camera: false})")
    assert _fingerprint(_until_told(host, "offer", 2)["sdp"]) == _fingerprint(offer["sdp"])


def _ticking_until(pages: tuple[Page, ...], page: Page, op: str, count: int = 1) -> dict[str, Any]:
    """Move every page's clock on, a quarter second at a time, until ``page`` told its
    ``count``-th ``op`` (the seat's work waits on the script's own timers)."""
    deadline = time.monotonic() + 60
    while len(_told(page, op)) < count:
        assert time.monotonic() < deadline, (op, page.evaluate("window.told"))
        for each in pages:
            each.clock.run_for(250)
        page.wait_for_timeout(30)
    return _told(page, op)[count - 1]


def test_a_phone_that_left_rejoins_its_seat_with_one_scan(faked: tuple[Browser, str]) -> None:
    """The host pairs its guest over their first channel; the guest's channel closes; the
    host keeps a connection waiting for that seat and tells its port on each of its
    addresses; the guest scans the host's next code, which names the seat (built by the
    app's own ``codes``), and its channel opens with no answer scanned back: the waiting
    connection's description is the app's template filled in, the guest's is derived from
    the secret both kept."""
    host, guest = _phone(faked), _phone(faked)
    template = codes.answer_template()
    host.evaluate("a => ask(a)", {"op": "offer", "slot": "g1", "camera": True, "answer": template})
    offer = _until_told(host, "offer")
    guest.evaluate("a => ask(a)", {"op": "join", "slot": "host", "sdp": offer["sdp"], "seats": []})
    host.evaluate("a => ask(a)", {"op": "accept", "slot": "g1", "sdp": _until_told(guest, "answer")["sdp"]})
    _until_told(host, "open")
    _until_told(guest, "open")
    guest.evaluate("ask({op: 'send', slot: 'host', text: 'here'})")  # the host pairs the guest once it hears it
    deadline = time.monotonic() + 30
    while not any(key.startswith("host:") for key in guest.evaluate(KEPT_JS)):
        assert time.monotonic() < deadline, guest.evaluate(KEPT_JS)
        guest.wait_for_timeout(50)

    guest.evaluate("ask({op: 'close', slot: 'host'})")
    waiting = _ticking_until((host, guest), host, "waiting")
    assert waiting["slot"] == "g1" and 1 <= waiting["seat"] <= 255 and waiting["ports"], waiting
    assert all(len(pair) == 2 and 0 < pair[1] < 65536 for pair in waiting["ports"])
    held = codes.Held(waiting["seat"], waiting["nonce"], tuple((a, p) for a, p in waiting["ports"]))

    host.evaluate("a => ask(a)", {"op": "offer", "slot": "g2", "camera": True, "answer": template})
    fresh = codes.from_sdp(_until_told(host, "offer", 2)["sdp"], codes.Kind.OFFER, 2)
    seat = held.seat(fresh.candidates)
    scanned = codes.decode(codes.encode(dataclasses.replace(fresh, seats=(seat,))))
    ask = {
        "op": "join",
        "slot": "host",
        "sdp": codes.to_sdp(scanned),
        "seats": [[seat.number, seat.nonce, list(seat.ports)]],
    }
    guest.evaluate("a => ask(a)", ask)
    _ticking_until((host, guest), guest, "open", 2)
    _ticking_until((host, guest), host, "open", 2)
    assert _told(host, "open")[1]["slot"] == "g1"  # the seat kept waiting, not the new code's
    assert len(_told(guest, "rejoining")) == 1 and len(_told(guest, "answer")) == 1  # no second answer
    host.evaluate("ask({op: 'send', slot: 'g1', text: 'welcome back'})")
    assert _until_told(guest, "message")["text"] == "welcome back"
    host.context.close()
    guest.context.close()
