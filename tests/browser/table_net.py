"""A room's network for phones that play together, made by the test or the benchmark that
needs it: a network namespace with a veth pair whose two addresses exist only inside it
and no default route (nothing can reach any address outside it; a loopback alone would
give WebRTC no candidates), the published site served on 127.0.0.1 inside it, and phones
(Chromium processes) that run in it. Needs root, as CI has.

Also what a test does with such phones: paste a code, read the one on show, and read the
saved game from a phone's storage."""

from __future__ import annotations

import base64
import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext

from companion.data.store import Store
from companion.i18n import LANGUAGES, WORD_JOINER, translate
from companion.rules import GameState
from companion.site import keep
from companion.site.publish import HERE as SITE_SOURCE

from .harness import CHROMIUM, NARROW, App, free_port
from .test_static_site import phone as static_phone


def can_make() -> bool:
    """Whether this machine lets the caller make a network namespace."""
    return os.geteuid() == 0 and shutil.which("ip") is not None


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@contextlib.contextmanager
def namespace(folder: Path) -> Iterator[tuple[str, Path]]:
    """The namespace's name, and a Chromium that runs in it (a wrapper script in ``folder``)."""
    name = f"mh-table-{os.getpid()}"
    _ip("netns", "add", name)
    try:
        _ip("-n", name, "link", "set", "lo", "up")
        _ip("-n", name, "link", "add", "mh0", "type", "veth", "peer", "name", "mh1")
        for device, address in (("mh0", "10.77.0.1/24"), ("mh1", "10.77.0.2/24")):
            _ip("-n", name, "addr", "add", address, "dev", device)
            _ip("-n", name, "link", "set", device, "up")
        routes = subprocess.run(["ip", "-n", name, "route"], capture_output=True, text=True, check=True).stdout
        assert "default" not in routes, routes
        wrapper = folder / "chromium"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {name} {CHROMIUM} "$@"\n', encoding="utf-8")
        wrapper.chmod(0o755)
        yield name, wrapper
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


@contextlib.contextmanager
def served_site(name: str, folder: Path) -> Iterator[str]:
    """The published site in ``folder``, served on 127.0.0.1 inside namespace ``name``."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(folder)]
    server = subprocess.Popen(
        ["ip", "netns", "exec", name, *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_served(name, url)
        yield url
    finally:
        server.terminate()
        server.wait(10)


def wait_served(name: str, url: str) -> None:
    """Until ``url`` answers inside namespace ``name`` (at most 20 s)."""
    probe = f"import urllib.request; urllib.request.urlopen({url!r}, timeout=2).close()"
    deadline = time.monotonic() + 20
    while subprocess.run(["ip", "netns", "exec", name, sys.executable, "-c", probe], capture_output=True).returncode:
        assert time.monotonic() < deadline, "the site's host did not start in the namespace"
        time.sleep(0.2)


def phone(
    browser: Browser, chromium: Path, user_dir: Path, camera: bool, locale: str, scheme: str, video: Path | None = None
) -> BrowserContext:
    """A phone's browser in the namespace; ``camera``: a fake one (allowed later by the test),
    which shows Chromium's own test pattern, or ``video`` (a Y4M file: :func:`qr_video`)."""
    fake_camera: tuple[str, ...] = ("--use-fake-device-for-media-stream",) if camera else ()
    if camera and video is not None:
        fake_camera += (f"--use-file-for-fake-video-capture={video}",)
    return static_phone(browser, user_dir, scheme, locale, chromium=str(chromium), args=fake_camera)


#: Drawn as the app draws it (``site/table.js``): error correction M, a four-module quiet zone.
QR_MODULES_JS = """(text) => {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({length: n}, (_, r) => Array.from({length: n}, (_, c) => qr.isDark(r, c)));
}"""


def qr_video(browser: Browser, text: str, path: Path, width: int = 640, height: int = 480) -> Path:
    """A camera's view of a phone that shows ``text`` as a QR code: a Y4M file (grey, 4:2:0)
    for Chromium's fake camera, the code about half the frame's height in its middle (the
    scanner looks at the middle two thirds). Made by the QR generator the site ships."""
    page = browser.new_page()
    try:
        page.add_script_tag(path=str(SITE_SOURCE / "vendor" / "qrcode.js"))
        modules: list[list[bool]] = page.evaluate(QR_MODULES_JS, text)
    finally:
        page.close()
    scale = height // 2 // (len(modules) + 8)
    left = (width - len(modules) * scale) // 2
    top = (height - len(modules) * scale) // 2
    luma = bytearray([235]) * (width * height)  # white paper, black modules (video levels)
    for row, line in enumerate(modules):
        for col, dark in enumerate(line):
            if dark:
                for y in range(top + row * scale, top + (row + 1) * scale):
                    start = y * width + left + col * scale
                    luma[start : start + scale] = bytes([16]) * scale
    frame = b"FRAME\n" + bytes(luma) + bytes([128]) * (width * height // 2)
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 10)
    return path


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


#: In one look at the page: a code field's text (null when the field is gone), its problem
#: line's text (null when there is none), and whether any of the given controls is on show.
LOOK_JS = """([field, others]) => {
  const node = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const text = n => [n.innerText || '', ...Array.from(n.querySelectorAll('[aria-label]'),
    m => m.getAttribute('aria-label')), n.getAttribute('aria-label') || ''].join(' ');
  // Gone: the field's own node is off the screen (its input element says nothing of that).
  const problem = node(field + '-problem');
  return {gone: node(field) === null, problem: problem ? text(problem) : null,
          taken: others.some(id => node(id) !== null)};
}"""


def submit_code(app: App, field: str, submit: str, code: str, taken: tuple[str, ...] = ()) -> None:
    """Paste ``code`` into ``field`` and tap ``submit``, until the app has taken it: the
    field is gone, one of the ``taken`` controls shows, or the field shows a problem other
    than an empty field. On a busy machine Flutter's editor can drop a fill that looked
    done; the app then says to paste a code first, and the code is pasted again."""
    empty = {translate(lang, "together.code_empty") for lang in LANGUAGES}
    for _ in range(3):
        paste(app, field, code)
        app.tap(submit)
        deadline = time.monotonic() + 15
        while True:
            seen = app.page.evaluate(LOOK_JS, [field, list(taken)])
            if seen["gone"] or seen["taken"]:
                return
            if seen["problem"] is not None:
                # Korean lines are shown with word joiners between syllables; the catalog has none.
                if not any(line in seen["problem"].replace(WORD_JOINER, "") for line in empty):
                    return  # the app read the code and said something of it: the caller checks
                break
            if time.monotonic() > deadline:
                return  # no word from the app: the caller's next wait says why
            time.sleep(0.1)
    raise AssertionError(app.on_screen(f"the app never took the code pasted into {field}"))


def join_with(app: App, code: str) -> None:
    """Paste the host's ``code`` on Join a table and tap Join."""
    submit_code(app, "join-code", "join-submit", code)


def answer_with(app: App, answer: str) -> None:
    """The host pastes a guest's ``answer`` and taps its button."""
    submit_code(app, "share-answer", "share-answer-submit", answer, taken=("share-connecting",))


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
