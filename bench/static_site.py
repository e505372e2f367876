"""The static site (``python -m companion publish``) against a hello world as ``flet publish``
makes it by default, made to work offline with the least change; ``--only static``.

Both are served by ``python -m http.server`` and opened on Chromium's emulated mid-range
phone (``bench/first_load.py``: CPU 4 × slower, 20 ms, 50 Mbit/s), interleaved: a first
visit in a new browser context, then, once the service worker keeps the site, repeat visits
with the browser offline. The app's repeat visits open the start screen and, after a game
is started, the resumed round; and first visits on the same phone over a slow connection
(8 Mbit/s, 150 ms). The bytes row counts what a compressing host (gzip, as
GitHub Pages sends) sends for everything a first visit keeps. Taps are timed in the static
app, each with its save, on this machine without the phone's slowdown.

The hello world takes what ``flet publish`` 1.0.5 writes by default (the whole web client,
the standard library as source, Flet's own ``python.js``, the packages installed by
micropip from wheels) with the fixes the study needed to run it offline at all
(``../shared/notes/static-build.md``): the wheels come from the site (PyPI's, fetched here
once with ``pip download``), the Pyodide URL is relative, and a service worker keeps every
file it could load (registered once Python runs, as the app's is).
"""

from __future__ import annotations

import gzip
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import Row, median, p, round_taps, start_app_game
from bench.first_load import MBIT, Visit
from companion.site import flet_client
from companion.site.publish import SNAPSHOT_KEY, VARIANTS, publish
from tests.browser.harness import KEPT_JS, StaticHost

ROOT = Path(__file__).resolve().parents[1]
HELLO = """import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Semantics(identifier="hello", content=ft.Button("Hello, table")))


ft.run(main)
"""
WHEELS = ("flet==1.0.5", "repath==0.9.0", "six")
MSGPACK = ("msgpack==1.2.4", "pyemscripten_2026_0_wasm32")
#: Files of flet-web that no browser loads (debug symbols, Pyodide's command line).
NEVER_LOADED = (
    ".symbols",
    ".map",
    "python.exe",
    "python.bat",
    "/python",
    "python_cli_entry.mjs",
    ".d.ts",
    "package.json",
)
#: Registers the service worker once Flet's python.js says Python runs (its console line).
REGISTER = """<script>(function(){var log=console.log;console.log=function(){log.apply(console,arguments);
if(String(arguments[0]).indexOf('Python worker initialized')===0&&navigator.serviceWorker){
navigator.serviceWorker.register('sw.js');}};})();</script>"""


def _wheels(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(folder)]
    subprocess.run([*pip, *WHEELS], check=True, timeout=300)
    subprocess.run(
        [*pip, MSGPACK[0], "--platform", MSGPACK[1], "--python-version", "3.14", "--only-binary=:all:"],
        check=True,
        timeout=300,
    )
    return sorted(p.name for p in folder.glob("*.whl"))


def build_hello(folder: Path) -> None:
    """A hello world as ``flet publish`` writes it, with the study's least changes."""
    from flet_web.patch_index import patch_index_html

    shutil.copytree(flet_client.client_dir(), folder)
    wheels = _wheels(folder / "wheels")
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w:gz") as tar:
        for name, text in (
            ("main.py", HELLO),
            ("requirements.txt", "\n".join(f"/wheels/{w}" for w in wheels) + "\n"),
        ):
            data = text.encode()
            entry = tarfile.TarInfo(name)
            entry.size = len(data)
            tar.addfile(entry, io.BytesIO(data))
    (folder / "app.tar.gz").write_bytes(archive.getvalue())
    index = folder / "index.html"
    patch_index_html(
        str(index),
        base_href="/",
        app_name="Hello",
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version="314.0.7",
        app_package_url="app.tar.gz",
        no_cdn=True,
    )
    html = index.read_text(encoding="utf-8").replace('"pyodide/pyodide.mjs"', '"./pyodide/pyodide.mjs"')
    index.write_text(html.replace("</head>", REGISTER + "</head>"), encoding="utf-8")
    files = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and not any(p.as_posix().endswith(n) or n in p.name for n in NEVER_LOADED)
    )
    worker = (ROOT / "companion" / "site" / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("/*VERSION*/ ''", '"hello"').replace("/*FILES*/ []", json.dumps(files))
    (folder / "sw.js").write_text(worker.replace("/*VARIANTS*/ []", "[]"), encoding="utf-8")


def kept(page: Any, url: str, wanted: int, snapshot: bool = False, limit_s: float = 180) -> list[str]:
    """Wait until the service worker keeps ``wanted`` files (and, with ``snapshot``, the
    app's Python has kept its snapshot, as it has on any phone that opened the app before);
    returns the files (site-relative)."""
    deadline = time.monotonic() + limit_s
    while True:
        controlled = page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        names = sorted(u[len(url) :] for u in page.evaluate(KEPT_JS)) if controlled else []
        files = [name for name in names if name != SNAPSHOT_KEY]  # made on the phone, not sent
        done = len(files) >= wanted and (SNAPSHOT_KEY in names or not snapshot)
        if done or time.monotonic() > deadline:
            return files
        page.wait_for_timeout(500)


def gzip_size(folder: Path, files: list[str]) -> int:
    return sum(len(gzip.compress((folder / name).read_bytes(), 6)) for name in files)


def raw_size(folder: Path, files: list[str]) -> int:
    return sum((folder / name).stat().st_size for name in files)


def visit_again(visit: Visit, url: str, identifier: str) -> float:
    """A repeat visit with the browser offline: a new page of the same browser."""
    visit.page.close()
    visit.page = visit.context.new_page()
    visit.cdp = visit.context.new_cdp_session(visit.page)
    visit.cdp.send("Network.enable")
    visit.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    visit.context.set_offline(True)
    seconds, _sent = visit.load(url, identifier)
    return seconds


#: A slow connection: 8 Mbit/s down, 2 Mbit/s up, 150 ms latency (a crowded café's Wi-Fi, a
#: weak mobile signal).
SLOW = {"offline": False, "latency": 150, "downloadThroughput": 8 * MBIT, "uploadThroughput": 2 * MBIT}

#: When the loading screen first shows how much has come (ms after the tap that opened the
#: address: the page's own clock starts at its navigation).
PROGRESS_JS = """(() => {
  new MutationObserver((_changes, observer) => {
    const amount = document.getElementById('mammoth-loading-amount');
    if (amount && amount.textContent.trim()) {
      window.__mhProgress = performance.now();
      observer.disconnect();
    }
  }).observe(document, {subtree: true, childList: true, characterData: true});
})()"""


def wire_size(request: Any) -> float:
    """A finished request's bytes on the wire: its response's headers and body (http.server
    compresses nothing); 0 for one the browser could not measure."""
    try:
        sizes = request.sizes()
    except Exception:  # a request whose page went away before it was asked
        return 0.0
    return float(max(sizes["responseHeadersSize"], 0) + max(sizes["responseBodySize"], 0))


def slow_first_visits(browser: Any, url: str, runs: int) -> list[Row]:
    """Rows 2i and 2j: a first visit on the emulated phone over :data:`SLOW`: how soon the
    loading screen shows progress, and the time to the start screen against the time the
    bytes it took take at that rate (what the rest costs: latency, Python's start)."""
    progress: list[float] = []
    ratios: list[float] = []
    visits: list[float] = []
    sent: list[float] = []
    for _ in range(runs):
        visit = Visit(browser, throttled=True)
        # The bytes of every request of the page and of its Python worker: the page's own
        # protocol session (``visit.received``) does not see the worker's, which fetches
        # Pyodide, the standard library and the app (about half the visit's bytes). The
        # service worker's copies for offline use are left out: they are not what the visit
        # waits for (in Playwright's context, whose HTTP cache is in memory, the two largest
        # files are asked for again in full).
        finished: list[float] = []
        visit.context.on(
            "requestfinished",
            lambda request, into=finished: None if request.service_worker else into.append(wire_size(request)),
        )
        try:
            visit.cdp.send("Network.emulateNetworkConditions", SLOW)
            visit.page.add_init_script(PROGRESS_JS)
            start = time.perf_counter()
            visit.page.goto(url, timeout=300_000)
            placeholder = visit.page.locator("flt-semantics-placeholder")
            placeholder.wait_for(state="attached", timeout=300_000)
            placeholder.evaluate("e => e.click()")
            visit.page.locator('[flt-semantics-identifier="new-game"]').first.wait_for(
                state="attached", timeout=300_000
            )
            elapsed = time.perf_counter() - start
            taken = sum(finished)  # what had come by the start screen
            shown = visit.page.evaluate("window.__mhProgress || null")
        finally:
            visit.close()
        if shown is not None:
            progress.append(float(shown) / 1000)
        visits.append(elapsed)
        sent.append(taken)
        ratios.append(elapsed / (taken / SLOW["downloadThroughput"]))
    mb = 1_000_000
    return [
        Row(
            "2i. static site, first visit at 8 Mbit/s and 150 ms: progress shown",
            progress,
            None,
            "ms",
            "≤ 1 s",
            len(progress) == runs and median(progress) <= 1.0,
            f"{len(progress)} of {runs} visits showed how much had come",
        ),
        Row(
            "2j. static site, first visit at 8 Mbit/s and 150 ms: to the start screen, × its bytes' time",
            ratios,
            None,
            "×",
            "≤ 1.3 × the time its bytes take at that rate",
            median(ratios) <= 1.3,
            f"{median(visits):.1f} s for {median(sent) / mb:.1f} MB (uncompressed: http.server), "
            f"which take {median(sent) / SLOW['downloadThroughput']:.1f} s at 8 Mbit/s",
        ),
    ]


def static_site(browser: Any, runs: int) -> list[Any]:

    work = Path(tempfile.mkdtemp(prefix="mh-static-"))
    app_dir, hello_dir = work / "app", work / "hello"
    facts = publish(app_dir)
    build_hello(hello_dir)
    app_files = len(json.loads((app_dir / "sw.js").read_text().split("var FILES = ", 1)[1].split(";\n", 1)[0]))
    hello_files = len(json.loads((hello_dir / "sw.js").read_text().split("var FILES = ", 1)[1].split(";\n", 1)[0]))
    times: dict[str, list[float]] = {
        k: [] for k in ("app first", "app repeat", "app resumed", "hello first", "hello repeat")
    }
    first_gzip: list[float] = []
    first_raw: list[float] = []
    taps: list[float] = []
    app_host, hello_host = StaticHost(app_dir).start(), StaticHost(hello_dir).start()
    app_url, hello_url = app_host.url, hello_host.url
    try:
        for i in range(runs):
            order = ["app", "hello"] if i % 2 == 0 else ["hello", "app"]
            for kind in order:
                visit = Visit(browser, throttled=True)
                try:
                    if kind == "app":
                        times["app first"].append(visit.load(app_url, "new-game")[0])
                        files = kept(
                            visit.page, app_url, app_files - len(VARIANTS) + 4, snapshot=True
                        )  # Chromium's build
                        first_gzip.append(gzip_size(app_dir, files))
                        first_raw.append(raw_size(app_dir, files))
                        times["app repeat"].append(visit_again(visit, app_url, "new-game"))
                        visit.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                        start_app_game(visit.page)
                        times["app resumed"].append(visit_again(visit, app_url, "players-card"))
                    else:
                        times["hello first"].append(visit.load(hello_url, "hello")[0])
                        kept(visit.page, hello_url, hello_files)
                        times["hello repeat"].append(visit_again(visit, hello_url, "hello"))
                finally:
                    visit.close()
        slow = slow_first_visits(browser, app_url, max(2, runs // 2))
        # Taps in the static app, each with its save, on this machine (no slowdown).
        plain = Visit(browser, throttled=False)
        try:
            plain.load(app_url, "new-game")
            for printed in (False, False, True):  # the setup keeps the last deck: printed last
                start_app_game(plain.page, printed=printed)
                for values in round_taps(plain.page, printed).values():
                    taps.extend(values)
                plain.page.locator('[flt-semantics-identifier="nav-back"]').first.click()
        finally:
            plain.close()
    finally:
        app_host.stop()
        hello_host.stop()
    shutil.rmtree(work, ignore_errors=True)
    mb = 1_000_000
    first = median(times["app first"]) / median(times["hello first"])
    repeat = median(times["app repeat"]) / median(times["hello repeat"])
    resumed = median(times["app resumed"]) / median(times["hello repeat"])
    sent = median(first_gzip)
    return [
        Row(
            "2e. static site, first visit to the start screen (emulated phone)",
            times["app first"],
            times["hello first"],
            "ms",
            "≤ 0.7 × the default hello world",
            first <= 0.7,
            f"ratio {first:.2f}",
        ),
        Row(
            "2f. static site, repeat visit offline to the start screen",
            times["app repeat"],
            times["hello repeat"],
            "ms",
            "≤ 0.5 × the default hello world",
            repeat <= 0.5,
            f"ratio {repeat:.2f}",
        ),
        Row(
            "2g. static site, repeat visit offline to a resumed round",
            times["app resumed"],
            times["hello repeat"],
            "ms",
            "≤ 0.5 × the default hello world's repeat visit",
            resumed <= 0.5,
            f"ratio {resumed:.2f}",
        ),
        Row(
            "2h. static site, a first visit as a gzip host sends it (MB)",
            [b / mb for b in first_gzip],
            None,
            "MB",
            "≤ 14 MB",
            sent <= 14 * mb,
            f"{median(first_raw) / mb:.1f} MB uncompressed; the whole site {float(str(facts['bytes'])) / mb:.1f} MB",
        ),
        Row(
            "3s. a tap in the static app, its save included (p95, this machine)",
            taps,
            None,
            "ms",
            "p95 < 150 ms",
            p(taps, 0.95) < 0.150,
            f"p95 {p(taps, 0.95) * 1000:.0f} ms over {len(taps)} taps",
        ),
        *slow,
    ]
