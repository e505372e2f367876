"""Serve the real app in web mode and drive it with Debian's Chromium.

Each test gets its own server process and data directory.  Every request the
page makes is checked: anything not to 127.0.0.1 is blocked and recorded, and
the test fails on it (the Rive runtime request that Flutter's web build makes
on its own is the one known exception; it is blocked too).
"""

from __future__ import annotations

import base64
import itertools
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from companion.ui.screens.setup import PASTE_LIMIT

from ..moves import Moves

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def without_joiners(text: object) -> str:
    """Page text without the word joiners that keep Korean words whole on screen."""
    return str(text).replace("\u2060", "")


PHONE = {"width": 412, "height": 915}
NARROW = {"width": 360, "height": 640}
TABLET = {"width": 1280, "height": 800}


# When the page last sent the host an event (a tap, a typed letter), and when the host last
# sent a message back (the served app only: the static site has no socket). The host answers
# an event with the screen's changes; until they arrive, the page still shows controls the
# host may have replaced already. Frames are Flet's [action, body] in MessagePack: 0x92 and
# then the action, 3 for an event; the page's other messages (its size, a field's text) have
# no answer.
WIRE_JS = """(() => {
  if (window.__mhWire) return;
  const wire = window.__mhWire = {sent: 0, received: 0};
  const Native = window.WebSocket;
  const send = Native.prototype.send;
  Native.prototype.send = function (data) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
    if (bytes && bytes[0] === 0x92 && bytes[1] === 3) wire.sent = performance.now();
    return send.call(this, data);
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { wire.received = performance.now(); });
    }
  };
})()"""

# Settled: the host has answered the page's last message (or `answer` ms went by: not every
# message has an answer), then the accessibility tree has not changed for `quiet` ms.
SETTLE_JS = """([quiet, limit, answer]) => new Promise(resolve => {
  const started = performance.now();
  const wire = window.__mhWire;
  const answered = () => !wire || wire.received >= wire.sent || performance.now() - wire.sent > answer;
  const quietly = () => {
    const host = document.querySelector('flt-semantics-host') || document.body;
    const begun = performance.now();
    let timer = null;
    const done = () => { observer.disconnect(); resolve(performance.now() - started); };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(done, Math.max(0, Math.min(quiet, limit - (performance.now() - begun))));
    };
    const observer = new MutationObserver(arm);
    observer.observe(host, {subtree: true, childList: true, attributes: true, characterData: true});
    arm();
  };
  const poll = () => answered() ? quietly() : setTimeout(poll, 20);
  poll();
})"""


BROKEN_WORDS_JS = """async ([sizes, lineHeight, png, smallest]) => {
  if (!window.__mhMeasureFont) {
    const face = new FontFace('MammothMeasure', 'url(/fonts/MammothSans-Regular.otf)');
    await face.load();
    document.fonts.add(face);
    window.__mhMeasureFont = face;
  }
  const ctx = document.createElement('canvas').getContext('2d');
  const width = (text, size) => { ctx.font = `${size}px MammothMeasure`; return ctx.measureText(text).width; };
  // Wholly inside the window and every scrolling box around it: not scrolled past, not
  // under the thumb bar.
  const inView = (e, r) => {
    if (r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) return false;
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (['hidden', 'scroll', 'auto', 'clip'].includes(getComputedStyle(a).overflowY)) {
        const c = a.getBoundingClientRect();
        if (c.height > 0 && (r.top < c.top - 1 || r.bottom > c.bottom + 1)) return false;
      }
    }
    return true;
  };
  // The screen as drawn (only when a button needs looking at): a button's label is painted,
  // its node only says what it is called.
  let paint = null, shot = null, scale = 1;
  if (png) {
    const img = new Image();
    img.src = 'data:image/png;base64,' + png;
    await img.decode();
    shot = document.createElement('canvas');
    shot.width = img.width; shot.height = img.height;
    paint = shot.getContext('2d', {willReadFrequently: true});
    paint.drawImage(img, 0, 0);
    scale = img.width / window.innerWidth;
  }
  // The height (CSS px) of what is drawn inside a box, less a 4 px edge (an outline, a focus
  // ring) and, left and right, the round ends of a pill-shaped button.
  const inkHeight = (r) => {
    const side = r.height / 2 + 2;
    const x = Math.round((r.left + side) * scale), y = Math.round((r.top + 4) * scale);
    const w = Math.round((r.width - 2 * side) * scale), h = Math.round((r.height - 8) * scale);
    if (w <= 0 || h <= 0 || x < 0 || y < 0 || x + w > shot.width || y + h > shot.height) return null;
    const data = paint.getImageData(x, y, w, h).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    const ground = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    const [br, bg, bb] = [ground >> 16, (ground >> 8) & 255, ground & 255];
    const inked = [];
    for (let row = 0; row < h; row++) {
      let ink = false;
      for (let col = 0; col < w && !ink; col++) {
        const i = (row * w + col) * 4;
        ink = Math.abs(data[i] - br) + Math.abs(data[i + 1] - bg) + Math.abs(data[i + 2] - bb) > 150;
      }
      inked.push(ink);
    }
    // Runs of inked rows; a run under 3 px is a line drawn by the box (its outline), not text.
    const runs = [];
    for (let row = 0; row < h; row++) {
      if (inked[row] && (row === 0 || !inked[row - 1])) runs.push([row, row]);
      if (inked[row]) runs[runs.length - 1][1] = row;
    }
    const drawn = runs.filter(([a, b]) => (b - a + 1) / scale >= 3);
    return drawn.length ? (drawn[drawn.length - 1][1] - drawn[0][0] + 1) / scale : 0;
  };
  // The app's text size (1 at 100 %): the smallest size a text is drawn at is 12 px at 100 %.
  const factor = smallest / 12;
  let looks = 0;
  const found = [], pending = [];
  for (const e of document.querySelectorAll('flt-semantics, h1, h2, h3, h4, h5, h6')) {
    let text = '';
    for (const c of e.childNodes) {
      if (c.nodeType === Node.TEXT_NODE || c.tagName === 'SPAN') text += c.textContent;
    }
    // A node that merges several texts names them in its label, one per line.
    const label = e.getAttribute('aria-label') || '';
    if (!text && label.includes('\\n') && !e.hasAttribute('flt-tappable')) text = label;
    text = text.replace(/\\u2060/g, '').trim();
    const r = e.getBoundingClientRect();
    // Under 64 px wide: an icon's button or a badge, whose label is heard, not shown.
    if (!text || r.width < 64 || r.height <= 0) continue;
    const words = text.split(/\\s+/);
    const widest = words.reduce((a, w) => (width(w, 16) > width(a, 16) ? w : a), '');
    if (e.hasAttribute('flt-tappable')) {
      // A labelled button: its label is 16 or 18 px (16, the smaller, is the safer guess)
      // with Material's 24 px each side (less room with an icon: safer again). Its node's
      // name may be longer than its label ("Move: Anna" on a "Move" button), so a break is
      // reported only where the label is drawn on two lines or more.
      if (words.length > 4) continue;  // a card as a button: its name is several texts
      // Only a label that could be reported is looked at: one word too wide for one line at
      // the largest size a label has (18 px, bold counted 10 % wider, beside an icon), or a
      // word too wide for the box at 16 px.
      const room = r.width - 48;
      const could = words.length === 1
        ? width(widest, 18 * 1.1 * factor) + 24 * factor + 8 > room
        : width(widest, 16) > room + 1;
      if (!could) continue;
      if (!inView(e, r)) {  // measured once scrolled to
        pending.push(r.top);
        continue;
      }
      if (!paint) {  // the screen's pixels are needed: the caller comes back with them
        looks++;
        continue;
      }
      const ink = inkHeight(r);
      if (ink === null) continue;
      if (ink < 1.9 * 16) continue;  // one line (an icon beside it included)
      if (words.length === 1 || width(widest, 16) > r.width - 48 + 1) {
        found.push(`${widest} on two lines in the button "${text}" (${Math.round(r.width)} px wide)`);
      }
      continue;
    }
    // Several texts read as one (a row's lines merged into one node, "\\n" between them):
    // each is at most as wide as the node, at the smallest size a text is drawn at. A word
    // wider than the node even then is broken, whatever its size really is.
    const parts = text.split('\\n').map(p => p.trim()).filter(p => p);
    if (parts.length > 1) {
      for (const part of parts) {
        const word = part.split(/\\s+/).reduce((a, w) => (width(w, smallest) > width(a, smallest) ? w : a), '');
        if (width(word, smallest) > r.width + 1) {
          const wide = Math.round(width(word, smallest));
          found.push(`${word} (${wide} px at ${smallest} px or more) in a ${Math.round(r.width)} px box: "${part}"`);
        }
      }
      continue;
    }
    // A text's box is as tall as its lines: the sizes whose line height divides the height and
    // whose lines can hold the text are the sizes it may have.
    const fits = sizes.filter(s => {
      const lines = r.height / (s * lineHeight);
      const near = Math.round(lines);
      return near >= 1 && Math.abs(lines - near) < 0.06 && width(text, s) <= near * (r.width + 2);
    });
    if (fits.length && fits.every(s => width(widest, s) > r.width + 1)) {
      const s = fits[0], wide = Math.round(width(widest, s));
      found.push(`${widest} (${wide} px at ${s} px) in a ${Math.round(r.width)} px box: "${text}"`);
    }
  }
  return [found, pending, looks];
}"""

#: Every text size the app's screens use (companion/ui), and the font's line height per px of
#: size (MammothSans: ascender 1160 + descender 288 per 1000 units, no line gap).
TEXT_SIZES = (12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 26)
LINE_HEIGHT = 1.448


#: Whether a finger at the element's middle would touch it: the middle is inside every
#: scrolling box around it (not scrolled past, not clipped under the thumb bar) and not under
#: another control drawn over it.
UNCOVERED_JS = """e => {
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  for (let a = e.parentElement; a; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (['hidden', 'scroll', 'auto', 'clip'].includes(style.overflowY)) {
      const c = a.getBoundingClientRect();
      if (c.height > 0 && (y < c.top || y > c.bottom || x < c.left || x > c.right)) return false;
    }
  }
  const hit = document.elementFromPoint(x, y);
  if (!hit || e.contains(hit) || hit.contains(e)) return true;
  const owner = hit.closest('[flt-semantics-identifier]');
  return !owner || owner.contains(e);
}"""


#: Each test worker (pytest-xdist's ``gw0``, ``gw1``, ...) takes ports from a range of its
#: own, below the ephemeral range Linux hands out for ``bind(0)``: a port found free cannot be
#: taken by another worker's server before this worker's server binds it.
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
_PORTS = itertools.cycle(range(20_000 + 1_000 * (_WORKER % 12), 21_000 + 1_000 * (_WORKER % 12)))


def free_port() -> int:
    """A port on 127.0.0.1 that nothing holds now, from this worker's range."""
    for _ in range(1_000):
        port = next(_PORTS)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in this test worker's range")


def app_command(port: int, data_dir: Path, *extra: str) -> list[str]:
    """The command line that serves the real app on 127.0.0.1 (tests and benchmark alike)."""
    return [
        sys.executable,
        "-m",
        "companion",
        "--web",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        *extra,
    ]


def cli_import(path: Path, data_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``python -m companion import PATH`` into ``data_dir``, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "companion", "import", str(path), "--data-dir", str(data_dir), *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def bare_tab(url: str, first_screen: str | None = None) -> list[bytes]:
    """One WebSocket session registered like a browser tab (the server runs the app for it),
    closed at once: after the registration's answer and one message more, or, given
    ``first_screen``, once a message holding that identifier has come (at most ten).
    Returns what came after the registration's answer."""
    import msgpack
    from websockets.sync.client import connect
    from websockets.typing import Origin

    register = b"\x00" + msgpack.packb(
        [1, {"session_id": "", "page_name": "", "page": {"route": "/", "width": 412, "height": 915, "web": True}}]
    )
    messages: list[bytes] = []
    with connect(
        url.replace("http://", "ws://") + "ws", origin=Origin(url.rstrip("/")), open_timeout=30, max_size=None
    ) as ws:
        ws.send(register)
        ws.recv(timeout=30)  # the registration's answer
        wanted = None if first_screen is None else first_screen.encode()
        while not messages or (wanted is not None and wanted not in messages[-1] and len(messages) < 10):
            message = ws.recv(timeout=30)
            messages.append(message if isinstance(message, bytes) else message.encode())
    return messages


@dataclass
class Server:
    """One app server on 127.0.0.1 with its own data directory."""

    data_dir: Path
    extra_args: list[str] = field(default_factory=list)
    port: int = field(default_factory=free_port)
    log_dir: Path | None = None
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 60, token: str | None = None, guarded: bool = False) -> Server:
        """Start the app and wait until it answers (a guarded one may answer 403)."""
        log = open((self.log_dir or self.data_dir.parent) / f"server-{self.port}.log", "ab")  # noqa: SIM115 - held by the server process until stop()
        self.proc = subprocess.Popen(
            app_command(self.port, self.data_dir, *self.extra_args),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "FLET_WEB_NO_CDN": "1"},
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            try:
                urllib.request.urlopen(self.url + (f"?token={token}" if token else ""), timeout=2).close()
                return self
            except urllib.error.HTTPError:
                if guarded:
                    return self  # it answered: 403 without a token
                raise
            except OSError:
                time.sleep(0.2)
        raise TimeoutError("server did not answer")

    def start_guarded(self, token: str | None, timeout: float = 60) -> Server:
        """Start a server that needs a token."""
        return self.start(timeout, token, guarded=True)

    def stop(self, kill: bool = False) -> None:
        if self.proc and self.proc.poll() is None:
            if kill:
                self.proc.kill()
            else:
                self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@dataclass
class StaticHost:
    """``python -m http.server`` serving one folder on 127.0.0.1 (any static host would do)."""

    folder: Path
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    #: Where the host writes its access log (the status of every request), if anywhere.
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> StaticHost:
        command = [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "-d", str(self.folder)]
        if self.log is None:
            self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        else:
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=out)
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=2).close()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None

    def failed(self) -> list[str]:
        """The log's requests answered with an error (a 404): a host started with ``log``."""
        assert self.log is not None
        return [line for line in self.log.read_text(errors="replace").splitlines() if re.search(r'" [45]\d\d ', line)]


#: Every file the service worker's caches hold (full URLs), read in the page.
KEPT_JS = """async () => {
  const names = await caches.keys();
  const kept = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) kept.push(request.url);
  }
  return kept;
}"""


#: What a trap inside Flutter's WebAssembly client says on the page (V8's message).
CLIENT_TRAPS = ("page error: null function",)

#: The pages opened in the current test: the offline check after each (conftest.py) reads them.
OPENED: list[App] = []


def left_the_machine(apps: Sequence[App]) -> list[str]:
    """The addresses off this machine that ``apps``' pages asked for (each refused)."""
    return sorted({url for app in apps for url in app.foreign})


class App(Moves):
    """A browser page on the app, addressed by semantics identifiers."""

    def __init__(
        self,
        browser: Browser,
        url: str,
        viewport: dict[str, int] = PHONE,
        scheme: str = "light",
        locale: str = "en-US",
        touch: bool = False,
        reduced_motion: bool = False,
        context: BrowserContext | None = None,
        while_loading: Callable[[App], None] | None = None,
    ) -> None:
        """A new context, or ``context`` (a persistent one: the browser's storage on disk);
        ``while_loading`` is called once the address is loaded, before the app is up."""
        self.while_loading = while_loading
        phone = {"is_mobile": True, "has_touch": True, "device_scale_factor": 3} if touch else {}
        self.touch = touch
        self.context = context or browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            color_scheme=scheme,  # type: ignore[arg-type]
            reduced_motion="reduce" if reduced_motion else "no-preference",
            locale=locale,
            **phone,  # type: ignore[arg-type]
        )
        self.context.add_init_script(WIRE_JS)
        self.page: Page = self.context.new_page()
        # The browser's own errors, named in a failure's message (a client that stopped
        # applying the server's changes says why there, not on the screen).
        self.console: list[str] = []
        self.traps_seen = 0  # the console's lines looked at for a trap of Flutter's client
        self.page.on(
            "console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}") if m.type == "error" else None
        )
        self.page.on("pageerror", lambda e: self.console.append(f"page error: {str(e)[:300]}"))
        self.url = url
        # Requests that left 127.0.0.1 (refused), and answers of 400 or more from it.
        self.foreign: list[str] = []
        self.missing: list[str] = []
        OPENED.append(self)
        self.page.route("**/*", self._route)
        self.context.on("response", self._answered)
        self.open()

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            route.continue_()
            return
        self.foreign.append(url)
        route.abort()

    def _answered(self, response: Any) -> None:
        if response.status >= 400:
            self.missing.append(f"{response.status} {response.url}")

    def open(self) -> None:
        self.page.goto(self.url)
        if self.while_loading is not None:
            self.while_loading(self)
        self.open_here()

    def open_here(self) -> None:
        """Wait for the app on the page as loaded (after a goto to one of its addresses)."""
        placeholder = self.page.locator("flt-semantics-placeholder")
        try:
            placeholder.wait_for(state="attached", timeout=60_000)
            placeholder.evaluate("e => e.click()")
            self.page.locator("flt-semantics-host").wait_for(state="attached", timeout=30_000)
        except Exception as exc:
            raise AssertionError(self.on_screen("waited for the app to start on the page")) from exc

    def reload(self) -> None:
        """The browser's reload: the same address (the screen's own route) loads again.

        After a server restart the page may be loading again by itself at that moment (the
        stopped host's notice reloads it once the host answers): a reload interrupted by
        that navigation is tried again. The console's list marks the reload, so a failure's
        message tells the errors before it from those after."""
        self.console.append("(the walk reloaded the page)")
        for attempt in range(3):
            try:
                self.page.reload()
                break
            except PlaywrightError as exc:
                if attempt == 2:
                    raise AssertionError(self.on_screen(f"reloaded three times ({exc})")) from exc
        self.open_here()

    def el(self, identifier: str) -> Any:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def wait(self, identifier: str, timeout: float = 15_000) -> Any:
        element = self.el(identifier)
        try:
            element.wait_for(state="attached", timeout=timeout)
        except Exception as exc:
            if self._recovered_from_a_trap():
                return self.wait(identifier, timeout)
            raise AssertionError(self.on_screen(f"waited {timeout / 1000:g} s for {identifier!r}")) from exc
        return element

    def _recovered_from_a_trap(self) -> bool:
        """Flutter's WebAssembly client trapped since the last look (``null function``, seen
        twice in CI runs right after a reload on a busy machine; upstream, see
        docs/upstream.md): its page stops drawing and taking taps, and a person reloads it.
        So does the walk, once per trap, saying so on stderr; the game is the server's."""
        traps = [line for line in self.console[self.traps_seen :] if any(t in line for t in CLIENT_TRAPS)]
        self.traps_seen = len(self.console)
        if not traps:
            return False
        print(f"Flutter's client trapped ({traps[0]}); the page is reloaded", file=sys.stderr)
        self.page.reload()
        self.open_here()
        return True

    def on_screen(self, what: str) -> str:
        """``what`` was not seen: a screenshot, and what the page showed instead (its
        identifiers and the start of its text), so a failure reads without a re-run."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / f"failure-{re.sub(r'[^a-z0-9]+', '-', what.lower())[:60]}.png"
        try:
            self.page.screenshot(path=str(shot))
            shown = self.page.evaluate(
                "() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'),"
                " e => e.getAttribute('flt-semantics-identifier'))"
            )
            text = self.page_text()[:300] if self.page.locator("flt-semantics-host").count() else "(no app on the page)"
        except Exception as exc:  # the page itself is gone or hung
            return f"{what}; the page could not be read ({exc}); the browser's last errors {self.console[-4:]}"
        errors = f"; the browser's last errors {self.console[-4:]}" if self.console else ""
        return f"{what}; on screen instead: identifiers {shown[:40]}, text {text!r}; screenshot {shot}{errors}"

    def gone(self, identifier: str, timeout: float = 15_000) -> None:
        self.el(identifier).wait_for(state="detached", timeout=timeout)

    def click(self, identifier: str, shows: str | None = None) -> None:
        """Tap the control the way assistive technology does: a DOM click on its semantics
        node. A mouse click at the node's position can miss while Flutter's page is still
        settling after a scroll or an animation. ``shows``: what the click opens; a click
        on a node Flutter replaced in that moment is lost, so it is clicked again (at most
        twice more) while that has not appeared."""

        def once() -> None:
            self.wait(identifier)
            self.settle()
            self.wait(identifier).evaluate("e => (e.querySelector('[role=\"button\"]') || e).click()")

        self._until_shown(once, identifier, shows)

    def _until_shown(self, act: Callable[[], None], identifier: str, shows: str | None) -> None:
        """``act`` on ``identifier`` once; with ``shows`` (what it opens), again while that has
        not appeared and the control is still there, at most twice more, each wait longer."""
        for attempt in range(3):
            act()
            if shows is None:
                return
            try:
                self.wait(shows, timeout=5_000 * (attempt + 1))
                return
            except AssertionError:
                if attempt == 2 or not self.el(identifier).count():
                    raise

    def tap(self, identifier: str, shows: str | None = None) -> None:
        """A finger's tap (touch events) in the middle of the control, as a phone sends it.

        Out of view or under another control (the thumb bar), the control is swiped to the
        middle first. Only a control that has stopped moving and is still uncovered at that
        moment is tapped: a screen still laying out (a font arriving, the thumb bar coming
        in after Record) moves or covers buttons between a look and a tap. ``shows``: what
        the tap opens. On a busy machine a tap right after a swipe can still land beside
        the control, so while that has not appeared and the control is still there, the
        walk taps again (at most twice more), as a person would."""
        self._until_shown(lambda: self.page.touchscreen.tap(*self.tap_point(identifier)), identifier, shows)

    def tap_point(self, identifier: str) -> tuple[float, float]:
        """Where a finger would tap ``identifier``: its middle, once it is in view, uncovered
        and still (swiped to the middle of the screen first if need be)."""
        self.wait(identifier)
        height = self.page.viewport_size["height"] if self.page.viewport_size else 800
        box = self._settled_box(identifier)
        for _ in range(10):
            if box["y"] >= 0 and box["y"] + box["height"] <= height and self.wait(identifier).evaluate(UNCOVERED_JS):
                break
            middle = box["y"] + box["height"] / 2
            # The swipe runs down the control's own column: it is inside the scroller that
            # holds the control (a tablet's page margin, 20 px in, is outside every scroller,
            # and a swipe there moved nothing, so the tap landed below the fold).
            x = box["x"] + box["width"] / 2
            swipe = {"x": x, "y": height / 2, "yDistance": height / 2 - middle, "gestureSourceType": "touch"}
            self.context.new_cdp_session(self.page).send("Input.synthesizeScrollGesture", swipe)
            box = self._settled_box(identifier)
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def _settled_box(self, identifier: str) -> dict[str, float]:
        """The control's box once the screen has settled and the box stayed put across the
        settle (at least its 120 ms quiet: the same proof of stillness as :meth:`_still_box`,
        without a wait of its own); a box that moved meanwhile is watched until it stops."""
        before = self._drawn_box(identifier)
        self.settle()
        after = self._drawn_box(identifier)
        return after if after == before else self._still_box(identifier)

    def _still_box(self, identifier: str) -> dict[str, float]:
        """The control's box once it has stayed put for 100 ms (at most 2 s of waiting)."""
        box = self._drawn_box(identifier)
        for _ in range(20):
            time.sleep(0.1)
            again = self._drawn_box(identifier)
            if again == box:
                break
            box = again
        return dict(box)

    def _drawn_box(self, identifier: str, limit_s: float = 5.0) -> dict[str, float]:
        """The control's box; a node Flutter is replacing has none for a moment, so ask again
        (a fresh-clone run once found edit-3 on the page with no box, right after a Record)."""
        began = time.monotonic()
        while True:
            box = self.wait(identifier).bounding_box()
            if box is not None:
                return dict(box)
            if time.monotonic() - began > limit_s:
                raise AssertionError(self.on_screen(f"{identifier} was on the page but not drawn for {limit_s:g} s"))
            time.sleep(0.1)

    def swipe(self, distance: float) -> None:
        """A finger's swipe that scrolls the page by ``distance`` pixels (up for positive)."""
        height = self.page.viewport_size["height"] if self.page.viewport_size else 800
        gesture = {"x": 20, "y": height / 2, "yDistance": -distance, "gestureSourceType": "touch"}
        self.context.new_cdp_session(self.page).send("Input.synthesizeScrollGesture", gesture)
        self.settle(quiet_ms=250)

    def sheet_done_with_qr(self) -> None:
        """Done on the final sheet, then BG Stats' QR code under the results, in view."""
        self.reveal("final-done")
        self.tap("final-done")
        self.wait("final-results")
        self.reveal("bgstats-qr")
        self.tap("bgstats-qr")
        self.reveal("bgstats-qr-code")

    def reveal(self, identifier: str, steps: int = 8) -> Any:
        """Scroll down until ``identifier`` is in the page's accessibility tree: Flutter leaves
        out controls far below the fold (a long result card on a phone)."""
        size = self.page.viewport_size or {"width": 400, "height": 800}
        for _ in range(steps):
            if self.el(identifier).count():
                break
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            self.page.mouse.wheel(0, size["height"] / 2)
            self.settle()
        return self.wait(identifier)

    def settle(self, quiet_ms: int = 120, limit_ms: int = 3000, answer_ms: int = 10_000) -> None:
        """Wait until the host has answered the page's last message (at most ``answer_ms``),
        then until the accessibility tree has not changed for ``quiet_ms``. Right after a
        screen change (the end of the roll animation, say) Flutter may still replace the
        node that was just found, and a click on the replaced node reaches nobody."""
        self.page.evaluate(SETTLE_JS, [quiet_ms, limit_ms, answer_ms])

    def fill(self, identifier: str, text: str) -> None:
        box = self.wait(identifier).locator("input, textarea").first
        box.focus()
        box.fill(text)
        if box.input_value() != text:  # Flutter's editor can drop a fill; type it instead
            box.press("Control+a")
            box.press("Delete")
            box.type(text)
        self.settle()

    def export(self, path: Path) -> Path:
        """Export (on the scoring screen or a finished game): the browser's download, saved
        at ``path``."""
        self.reveal("export-game")
        with self.page.expect_download() as download:
            (self.tap if self.touch else self.click)("export-game")
        download.value.save_as(path)
        return path

    def press(self, identifier: str) -> None:
        """A phone's tap, or elsewhere a click."""
        (self.tap if self.touch else self.click)(identifier)

    def checked(self, identifier: str) -> bool:
        return bool(
            self.wait(identifier).evaluate(
                "e => [e, ...e.querySelectorAll('*')].some(n => n.getAttribute('aria-checked') === 'true')"
            )
        )

    def count(self, identifier: str) -> int:
        return int(self.el(identifier).count())

    def open_entry(self, player: int) -> None:
        if self.touch:
            self.tap(f"edit-{player}")
        else:  # a click lost while a reconnected page redraws is clicked again (opening is idempotent)
            self.click(f"edit-{player}", shows="migration-editor")
        self.wait("migration-editor")

    def fill_name(self, seat: int, name: str) -> None:
        """Type a player name and wait until the app has it (the start-player
        button shows it), so a quick tap on Start cannot overtake the typing."""
        shown = " ".join(name[:PASTE_LIMIT].split()) or f"Player {seat + 1}"
        typed = name[:PASTE_LIMIT]
        box = self.wait(f"name-{seat}").locator("input, textarea").first
        for attempt in range(4):
            if attempt == 0:
                box.focus()
                box.fill(name)
            else:
                # The app does not have the name (a busy machine: Flutter's editor dropped
                # the fill, or the field holds it and the change never went out): leave the
                # field and tap it again as a finger would, so that Flutter attaches its
                # editor to it afresh, then fill it again from empty. Typed key by key only
                # if a fill did not even reach the field (key presses of Hangul do not).
                box.blur()
                # At the field's top: a two-line error under the field lies over the input
                # element's middle (the element spans the field and its error).
                box.click(position={"x": 24, "y": 24})
                self.settle()
                box.fill("")
                box.fill(name)
                if box.input_value() != typed:
                    box.press("Control+a")
                    box.press("Delete")
                    box.press_sequentially(name, delay=50)
            try:
                # Whole: a name that is the start of the one before ("Bartholomew Fitzgera"
                # after the 38-character paste) must not pass while the old name still shows.
                self.wait_text(f"start-player-{seat}", shown, timeout=6, whole=True)
                return
            except AssertionError:
                continue
        raise AssertionError(self.on_screen(f"typed {name!r} for seat {seat}; the app never showed {shown!r}"))

    def text(self, identifier: str) -> str:
        """All text under an element (visible text and accessible labels), without the
        word joiners that keep Korean words whole."""
        return without_joiners(
            self.wait(identifier).evaluate(
                "e => [e.innerText || '', "
                "...Array.from(e.querySelectorAll('[aria-label]'), n => n.getAttribute('aria-label')), "
                "e.getAttribute('aria-label') || ''].join(' ')"
            )
        )

    def wait_text(self, identifier: str, needle: str, timeout: float = 15.0, *, whole: bool = False) -> str:
        """Wait until ``needle`` is in the element's text; with ``whole``, only as whole
        words (no other character than a space or an end on either side). ``timeout`` is in
        seconds (``wait`` takes milliseconds): one of many thousands is refused."""
        if timeout > 600:
            raise ValueError(f"wait_text's timeout is in seconds, not {timeout:g}")
        deadline = time.monotonic() + timeout
        self.wait(identifier, timeout=timeout * 1000)  # the element may come late: the same wait
        seen = ""
        pattern = re.compile(rf"(?<!\S){re.escape(needle)}(?!\S)")
        while time.monotonic() < deadline:
            seen = self.text(identifier)
            if pattern.search(seen) if whole else needle in seen:
                return seen
            time.sleep(0.1)
        raise AssertionError(
            self.on_screen(f"waited {timeout:g} s for {needle!r} in {identifier}, which read {seen!r}")
        )

    def page_text(self) -> str:
        return without_joiners(
            self.page.locator("flt-semantics-host").evaluate(
                "e => [e.innerText, "
                "...Array.from(e.querySelectorAll('[aria-label]'), n => n.getAttribute('aria-label'))].join(' ')"
            )
        )

    def wait_page_text(self, needle: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.page_text():
                return
            time.sleep(0.1)
        raise AssertionError(self.on_screen(f"waited {timeout:g} s for {needle!r} on the page"))

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.settle(quiet_ms=300)  # the last change has been drawn
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path

    def spilled(self) -> list[str]:
        """Identified controls reaching past the left or right edge of the window (cut off)."""
        return list(
            self.page.evaluate(
                "() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))"
                ".map(e => [e.getAttribute('flt-semantics-identifier'), e.getBoundingClientRect()])"
                ".filter(([, r]) => r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1))"
                ".map(([id, r]) => `${id} ${Math.round(r.left)}..${Math.round(r.right)}`)"
            )
        )

    def still_screenshot(self, limit_s: float = 3.0) -> str:
        """The window as drawn once it stopped moving (two shots alike, 250 ms apart; a text
        field's blinking cursor may keep it moving: then the last shot), base64."""
        shot = self.page.screenshot(scale="css")  # one pixel per CSS px: enough to count lines
        began = time.monotonic()
        while time.monotonic() - began < limit_s:
            time.sleep(0.25)
            again = self.page.screenshot(scale="css")
            if again == shot:
                break
            shot = again
        return base64.b64encode(shot).decode()

    def broken_words(self, steps: int = 8, scale: float = 1.0) -> list[str]:
        """Words broken inside themselves: a word wider than the box its text got, so that
        Flutter had to split it ("Zurückneh | men"). A text's size is read from its box's
        height (the sizes whose line height divides it); a button's label is taken at 16 px
        with Material's padding, the smallest it can be, and counted as broken only where it
        is drawn on two lines, so only a certain break is reported. A button is measured
        where it is drawn, and only a label that could be broken (one word too wide for a line at
        the largest label size, or a word too wide for the box at 16 px): the screen scrolls to
        each such button below the window (at most ``steps`` times), and back to the top.
        Texts merged into one node (a row's lines) are each measured against the node's width
        at the smallest size. ``scale``: the app's text size (2.0 at 200 %)."""
        found: dict[str, None] = {}
        size = self.page.viewport_size or {"width": 360, "height": 640}
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        scrolled, last = False, None
        sizes = [px * scale for px in TEXT_SIZES]
        for _ in range(steps):
            self.settle(quiet_ms=300)
            words, pending, looks = self.page.evaluate(BROKEN_WORDS_JS, [sizes, LINE_HEIGHT, None, sizes[0]])
            if looks:  # a button in view whose label may be broken: measured as drawn
                shot = self.still_screenshot()
                words, pending, _ = self.page.evaluate(BROKEN_WORDS_JS, [sizes, LINE_HEIGHT, shot, sizes[0]])
            found.update(dict.fromkeys(words))
            below = [top for top in pending if top > 0]
            if not below or (last is not None and abs(min(below) - last) < 2):  # none left, or the end
                break
            last = min(below)
            self.page.mouse.wheel(0, last - 80)
            scrolled = True
        if scrolled:
            self.page.mouse.wheel(0, -100_000)
            self.settle(quiet_ms=300)
        return list(found)

    def close(self) -> None:
        self.context.close()

    def assert_offline(self) -> None:
        """Nothing left 127.0.0.1 so far (not even the animation runtime Flet's client asks a
        CDN for: the page keeps scripts of other origins off). Every page is checked so after
        its test too (conftest.py); a walk calls this to check at a point of its own."""
        assert self.foreign == [], self.foreign
