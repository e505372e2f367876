"""The static site in the other engines a table's phones run, against the same hello world
as rows 2e and 2f (``bench/static_site.py``) in the same engine; ``--only engines``.

Firefox ESR (Debian's, through ``tests/browser/engines.py``): a first visit in a new profile
to the start screen, then, once the service worker keeps the site, the site's host stopped
and the page reloaded (the repeat visit offline), interleaved app and hello world; the bytes
the first visit keeps (the service worker should keep only the build Firefox runs: the
JavaScript one); and the first visit's stages from the page's own clock: the files come,
Flutter draws its first frame, Python's first screen. WebKitGTK: the first visit only (its
automation profile keeps nothing, so no offline repeat). Neither engine is slowed down as
rows 2e-2f's emulated phone is: the ratios compare like with like on this machine.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from bench.common import Row, median
from bench.static_site import build_hello, gzip_size, raw_size
from companion.site.publish import publish
from tests.browser.engines import FirefoxPhone, WebKitPhone, firefox_ready, webkit_ready
from tests.browser.harness import StaticHost

#: What the service worker keeps, as paths of the site (a promise the driver awaits).
KEPT_JS = """(async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) out.push(new URL(request.url).pathname.slice(1));
  }
  return out;
})()"""
#: The first visit's stages on the page's clock (ms): the last file, the first frame, the screen.
STAGES_JS = """(() => {
  const files = performance.getEntriesByType("resource").map(e => e.responseEnd);
  return [Math.max(0, ...files), window.mammothHerd.drawnAt || 0, window.mammothHerd.screenAt || 0];
})()"""


def _kept(phone: FirefoxPhone, limit_s: float = 120) -> list[str]:
    """The files the service worker keeps, once their number stopped growing for 3 s."""
    seen: list[str] = []
    still_since = time.monotonic()
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        now = sorted(phone.ask("evaluate", script=KEPT_JS) or [])
        if now != seen:
            seen, still_since = now, time.monotonic()
        elif seen and time.monotonic() - still_since > 3:
            break
        time.sleep(0.5)
    return seen


def _visit(host: StaticHost, url: str, identifier: str, profile: Path, app: bool) -> dict[str, object]:
    phone = FirefoxPhone(profile, "en-US")
    try:
        started = time.monotonic()
        phone.open(url)
        phone.wait(identifier, 180)
        found: dict[str, object] = {"first": time.monotonic() - started}
        if app:
            found["stages"] = phone.ask("evaluate", script=STAGES_JS)
        found["kept"] = _kept(phone)
        host.stop()
        try:
            started = time.monotonic()
            phone.ask("reload")
            phone.ask("semantics")
            phone.wait(identifier, 180)
            found["repeat"] = time.monotonic() - started
        finally:
            host.start()
        return found
    finally:
        phone.close()


def engines(runs: int) -> list[Row]:
    rows: list[Row] = []
    work = Path(tempfile.mkdtemp(prefix="mh-engines-"))
    app_dir, hello_dir = work / "app", work / "hello"
    publish(app_dir)
    build_hello(hello_dir)
    app_host, hello_host = StaticHost(app_dir).start(), StaticHost(hello_dir).start()
    try:
        if not firefox_ready():
            times: dict[str, list[float]] = {k: [] for k in ("app first", "app repeat", "hello first", "hello repeat")}
            kept_bytes: list[float] = []
            raw_bytes: list[float] = []
            stages: list[list[float]] = []
            kept_files: list[str] = []
            for i in range(runs):
                for kind in ["app", "hello"] if i % 2 == 0 else ["hello", "app"]:
                    app = kind == "app"
                    host = app_host if app else hello_host
                    found = _visit(host, host.url, "new-game" if app else "hello", work / f"firefox-{kind}-{i}", app)
                    times[f"{kind} first"].append(float(found["first"]))  # type: ignore[arg-type]
                    times[f"{kind} repeat"].append(float(found["repeat"]))  # type: ignore[arg-type]
                    if app:
                        kept_files = list(found["kept"])  # type: ignore[call-overload]
                        kept_bytes.append(gzip_size(app_dir, kept_files) / 1e6)
                        raw_bytes.append(raw_size(app_dir, kept_files) / 1e6)
                        stages.append([float(x) / 1000 for x in found["stages"]])  # type: ignore[attr-defined]
            first = median(times["app first"]) / median(times["hello first"])
            repeat = median(times["app repeat"]) / median(times["hello repeat"])
            files, drawn, screen = (median([s[k] for s in stages]) for k in range(3))
            builds = sorted(f for f in kept_files if f.startswith(("main.dart", "canvaskit")))
            rows += [
                Row(
                    "2e-ff. Firefox, first visit to the start screen (this machine)",
                    times["app first"], times["hello first"], "ms", "≤ 0.7 × the default hello world",
                    first <= 0.7, f"ratio {first:.2f}; stages: files {files:.1f} s, first frame {drawn:.1f} s, "
                    f"Python's screen {screen:.1f} s",
                ),
                Row(
                    "2f-ff. Firefox, repeat visit offline to the start screen",
                    times["app repeat"], times["hello repeat"], "ms", "≤ 0.5 × the default hello world",
                    repeat <= 0.5, f"ratio {repeat:.2f}",
                ),
                Row(
                    "2h-ff. Firefox, what a first visit keeps, as a gzip host sends it (MB)",
                    kept_bytes, None, "MB", "≤ 14 MB", median(kept_bytes) <= 14,
                    f"{median(raw_bytes):.1f} MB uncompressed; builds kept: {', '.join(builds)}",
                ),
            ]  # fmt: skip
        if not webkit_ready():
            first_wk: list[float] = []
            for _ in range(runs):
                phone = WebKitPhone(display=80 + os.getpid() % 9)
                try:
                    started = time.monotonic()
                    phone.open(app_host.url)
                    first_wk.append(time.monotonic() - started)
                finally:
                    phone.close()
            hello_wk: list[float] = []
            for _ in range(runs):
                phone = WebKitPhone(display=80 + os.getpid() % 9)
                try:
                    started = time.monotonic()
                    phone.open(hello_host.url, first="hello")
                    hello_wk.append(time.monotonic() - started)
                finally:
                    phone.close()
            ratio = median(first_wk) / median(hello_wk)
            rows.append(
                Row(
                    "2e-wk. WebKitGTK, first visit to the start screen (this machine)",
                    first_wk,
                    hello_wk,
                    "ms",
                    "≤ 0.7 × the default hello world",
                    ratio <= 0.7,
                    f"ratio {ratio:.2f}; its automation keeps nothing: no repeat visit",
                )
            )
    finally:
        app_host.stop()
        hello_host.stop()
        shutil.rmtree(work, ignore_errors=True)
    return rows


if __name__ == "__main__":
    from bench.run import table

    print(table(engines(int(os.environ.get("RUNS", "3")))))
    print(json.dumps({"done": True}))
