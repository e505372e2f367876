"""Phones together with no computer: two Chromium processes on the published site, joined by
WebRTC in a network namespace this test makes (root only, as CI runs).

The namespace has a veth pair whose two addresses exist only inside it, and no default
route: nothing can reach any address outside it, and a loopback alone would give WebRTC no
candidates. The site is served on 127.0.0.1 inside it. The host's browser has a fake camera
(allowed once the test says so); the guest's has none. The codes cross as text."""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext

from companion.data.store import Store
from companion.rules import GameState
from companion.site import keep
from companion.site.publish import publish

from .harness import CHROMIUM, NARROW, App, free_port
from .test_static_site import phone as static_phone

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMESPACE = f"mh-table-{os.getpid()}"
#: The guest's phone is Korean: its lines are read in its own language.
OPFS_JS = """async () => {
  // The saved games' slots and page journal (site/keep.py), as base64, from this origin's
  // private file system; read from a page that is not the app (which holds them locked).
  const root = await navigator.storage.getDirectory();
  const out = {};
  for await (const [name, handle] of root.entries()) {
    if (handle.kind !== "file") continue;
    const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode(...bytes.subarray(i, i + 32768));
    out[name] = btoa(text);
  }
  return out;
}"""


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture(scope="module")
def namespace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The namespace, and a Chromium that runs in it (the path of a wrapper script)."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("needs root and iproute2 to make a network namespace (CI runs as root)")
    _ip("netns", "add", NAMESPACE)
    try:
        _ip("-n", NAMESPACE, "link", "set", "lo", "up")
        _ip("-n", NAMESPACE, "link", "add", "mh0", "type", "veth", "peer", "name", "mh1")
        for device, address in (("mh0", "10.77.0.1/24"), ("mh1", "10.77.0.2/24")):
            _ip("-n", NAMESPACE, "addr", "add", address, "dev", device)
            _ip("-n", NAMESPACE, "link", "set", device, "up")
        routes = subprocess.run(["ip", "-n", NAMESPACE, "route"], capture_output=True, text=True, check=True).stdout
        assert "default" not in routes, routes
        wrapper = tmp_path_factory.mktemp("netns") / "chromium"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {NAMESPACE} {CHROMIUM} "$@"\n', encoding="utf-8")
        wrapper.chmod(0o755)
        yield wrapper
    finally:
        subprocess.run(["ip", "netns", "del", NAMESPACE], capture_output=True)


@pytest.fixture(scope="module")
def site_url(namespace: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The published site, served on 127.0.0.1 inside the namespace."""
    folder = tmp_path_factory.mktemp("site")
    publish(folder)
    port = free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(folder)]
    server = subprocess.Popen(
        ["ip", "netns", "exec", NAMESPACE, *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}/"
    probe = f"import urllib.request; urllib.request.urlopen({url!r}, timeout=2).close()"
    deadline = time.monotonic() + 20
    while subprocess.run(
        ["ip", "netns", "exec", NAMESPACE, sys.executable, "-c", probe], capture_output=True
    ).returncode:
        assert time.monotonic() < deadline, "the site's host did not start in the namespace"
        time.sleep(0.2)
    yield url
    server.terminate()
    server.wait(10)


def phone(browser: Browser, chromium: Path, user_dir: Path, camera: bool, locale: str, scheme: str) -> BrowserContext:
    """A phone's browser in the namespace; ``camera``: a fake one (allowed later by the test)."""
    fake_camera = ("--use-fake-device-for-media-stream",) if camera else ()
    return static_phone(browser, user_dir, scheme, locale, chromium=str(chromium), args=fake_camera)


def open_app(browser: Browser, url: str, context: BrowserContext) -> App:
    app = App(browser, url, NARROW, touch=True, context=context)
    app.page.locator('[flt-semantics-identifier="new-game"]').first.wait_for(state="attached", timeout=120_000)
    return app


def paste(app: App, identifier: str, text: str) -> None:
    """Paste ``text`` into a code field. Where the field shows a problem, the app has the
    new text once the problem is gone (a change clears it); Flutter's editor can drop a
    fill on a busy machine, so the field is then tapped afresh and filled again."""
    box = app.wait(identifier).locator("input, textarea").first
    had_problem = app.el(f"{identifier}-problem").count() > 0
    for attempt in range(4):
        if attempt:
            box.blur()
            box.click(position={"x": 24, "y": 24})
            app.settle()
            box.fill("")
        else:
            box.focus()
        box.fill(text)
        app.settle()
        if not had_problem:
            return
        try:
            app.gone(f"{identifier}-problem", timeout=4_000)
            return
        except Exception:
            continue
    raise AssertionError(app.on_screen(f"pasted into {identifier}; the app never took it"))


def read_code(app: App, identifier: str, timeout: float = 30.0) -> str:
    """The code a phone shows as text, as a finger that selects it to copy finds it: the field
    focused (the text may come a moment after its place on the screen)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        field = app.el(identifier).locator("input, textarea")
        if field.count():
            field.first.focus()  # Flutter fills a field's text into the page once it has focus
        found = re.findall(r"[A-Za-z0-9_-]{60,}", field.first.input_value() if field.count() else "")
        if found:
            return str(found[0])
        time.sleep(0.1)
    raise AssertionError(app.on_screen(f"no code in {identifier} after {timeout:g} s"))


def saved_game_state(app: App, tmp_path: Path, name: str) -> GameState:
    """The phone's saved game, as its storage holds it: the app's page is left for a plain
    page of the same site (the app lets go of its files), the files are read and rebuilt
    into the SQLite file (site/keep.py), and the game is replayed from its log."""
    app.page.goto(app.url + "manifest.json")
    files = {key: base64.b64decode(value) for key, value in app.page.evaluate(OPFS_JS).items()}
    found = keep.newest([files.get(slot, b"") for slot in keep.SLOTS])
    assert found is not None, sorted(files)
    _, generation, data = found
    _, data, _ = keep.replay(generation, data, files.get(keep.JOURNAL, b""))
    path = tmp_path / f"{name}.sqlite3"
    path.write_bytes(data)
    store = Store(path)
    try:
        (game_id,) = [summary.id for summary in store.unfinished_games()]
        return store.load(game_id).state
    finally:
        store.close()


def test_two_phones_play_one_game_peer_to_peer(
    browser: Browser, namespace: Path, site_url: str, tmp_path: Path
) -> None:
    """No camera on either phone: the join fails with a line that says why. The host allows
    its camera and makes a new code: the codes cross as text, the guest shows the game, a
    round is played from both phones, and both saved games replay to one state. The host
    leaves: the guest says so and keeps its copy. Nothing leaves the site."""
    host_context = phone(browser, namespace, tmp_path / "host", camera=True, locale="en-US", scheme="light")
    guest_context = phone(browser, namespace, tmp_path / "guest", camera=False, locale="ko-KR", scheme="dark")
    host = open_app(browser, site_url, host_context)
    guest = open_app(browser, site_url, guest_context)
    try:
        host.new_game(["Anna", "Bert", "Chen"], "companion")
        host.reveal("share-table")
        host.tap("share-table")
        code = read_code(host, "share-code")
        assert "names no address" in host.text("share-no-camera")  # the camera was not allowed
        host.shot("together-phone-light-share-no-camera")

        # Neither phone may tell its address: a clear line on the guest, no hang.
        guest.tap("join-table")
        paste(guest, "join-code", "nonsense!")
        guest.tap("join-code-submit")
        assert "코드" in guest.wait_text("join-code-problem", "")  # not a code of this app, in Korean
        paste(guest, "join-code", code)
        guest.tap("join-code-submit")
        assert "Wi-Fi" in guest.wait_text("join-code-problem", "")  # the phones could not reach each other
        guest.shot("together-phone-dark-ko-unreachable")

        # The host allows its camera and makes a new code; the guest pastes it.
        host_context.grant_permissions(["camera"], origin=site_url.rstrip("/"))
        host.tap("share-renew")
        host.gone("share-no-camera")
        code = read_code(host, "share-code")
        assert len(code) <= 120
        host.shot("together-phone-light-share")
        paste(guest, "join-code", f"  {code} ")  # spaces around it, as a message app may add
        guest.wait("join-code").locator("input, textarea").first.press("Enter")  # Enter submits
        answer = read_code(guest, "join-answer")
        assert len(answer) <= 120
        guest.shot("together-phone-dark-ko-answer")
        paste(host, "share-answer", code)  # its own code back: not an answer
        host.tap("share-answer-submit")
        assert "not an answer" in host.wait_text("share-answer-problem", "")
        paste(host, "share-answer", answer)
        host.tap("share-answer-submit")
        host.wait_text("share-status", "1 other phone follows this game")
        guest.wait("herd-card", timeout=30_000)
        assert "Anna" in guest.text("players-card")
        host.tap("share-done")
        host.wait("herd-card")

        # A round from both phones: each records a move, the guest rolls, the host chooses.
        guest.tap("edit-0")
        guest.wait("migration-editor")
        guest.tap("people-plus")
        guest.tap("save-migration")
        guest.gone("migration-editor")
        host.wait_text("player-0", "Anna moves 2 people")
        host.move(1, name="Bert")
        guest.wait_text("player-1", "Bert")
        guest.tap("roll")
        host.wait("winner", timeout=30_000)
        if host.el("choose-first").count():
            host.tap("choose-first")
        host.tap("next-round")
        host.wait_text("title", "Round 2")
        guest.wait_text("title", "2")
        guest.shot("together-phone-dark-ko-round")
        host.assert_offline()
        guest.assert_offline()

        # The host leaves: the guest says so, and keeps the game.
        host_state = saved_game_state(host, tmp_path, "host")
        assert "호스트" in guest.wait_text("message", "")
        guest.wait("share-table")  # it may show its own code now: the others rejoin it
        guest.shot("together-phone-dark-ko-host-left")
        guest_state = saved_game_state(guest, tmp_path, "guest")
        assert guest_state == host_state, (guest_state.round_number, host_state.round_number)
    finally:
        host.close()
        guest.close()
