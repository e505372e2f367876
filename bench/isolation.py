"""The static site with its pages cross-origin isolated by its service worker, and without,
side by side in one run; ``--only isolation``.

Both are published from the same tree (``publish(..., isolate=False)`` for the plain one),
served by ``http.server`` and opened on Chromium's emulated mid-range phone, interleaved:
a first visit (served by the host, so isolated in neither), a repeat visit offline to the
start screen and to a resumed round (served by the worker: isolated only in the first
site, where Flutter's skwasm renderer draws on a thread of its own), and taps with their
saves on a repeat visit without the phone's slowdown. Each row gives the isolated site's
times against the plain one's, and the ratio's 95 % interval; the change is kept only if
no row is worse beyond its spread.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.common import Row, median, p, round_taps, start_app_game
from bench.first_load import Visit
from bench.static_site import kept, visit_again
from companion.site.publish import VARIANTS, publish
from tests.browser.harness import StaticHost

#: Whether the page is isolated, and whether Flutter's renderer has its own thread (a
#: worker made from a blob, beside Python's).
ISOLATED_JS = "() => window.crossOriginIsolated === true"


def _visits(browser: Any, url: str, files: int) -> dict[str, Any]:
    """One phone's visits to the site at ``url``: first, repeat, resumed, and its taps."""
    visit = Visit(browser, throttled=True)
    try:
        first = visit.load(url, "new-game")[0]
        kept(visit.page, url, files - len(VARIANTS) + 4, snapshot=True)
        repeat = visit_again(visit, url, "new-game")
        isolated = bool(visit.page.evaluate(ISOLATED_JS))
        threads = sum(1 for worker in visit.page.workers if worker.url.startswith("blob:"))
        visit.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        start_app_game(visit.page)
        resumed = visit_again(visit, url, "players-card")
        visit.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        taps = [value for values in round_taps(visit.page, False).values() for value in values]
    finally:
        visit.close()
    return {
        "first": first, "repeat": repeat, "resumed": resumed, "taps": taps, "isolated": isolated, "threads": threads,
    }  # fmt: skip


def isolation(browser: Any, runs: int) -> list[Row]:
    from bench.run import ratio_interval

    work = Path(tempfile.mkdtemp(prefix="mh-isolation-"))
    sites = {"isolated": work / "isolated", "plain": work / "plain"}
    publish(sites["isolated"])
    publish(sites["plain"], isolate=False)
    files = len((sites["isolated"] / "sw.js").read_text().split("var FILES = ", 1)[1].split(";\n", 1)[0].split(","))
    hosts = {kind: StaticHost(folder).start() for kind, folder in sites.items()}
    seen: dict[str, list[dict[str, Any]]] = {"isolated": [], "plain": []}
    try:
        for i in range(runs):
            for kind in ("isolated", "plain") if i % 2 == 0 else ("plain", "isolated"):
                seen[kind].append(_visits(browser, hosts[kind].url, files))
    finally:
        for host in hosts.values():
            host.stop()
        shutil.rmtree(work, ignore_errors=True)

    def samples(kind: str, part: str) -> list[float]:
        if part == "taps":
            return [t for visit in seen[kind] for t in visit["taps"]]
        return [visit[part] for visit in seen[kind]]

    isolated_visits = sum(v["isolated"] for v in seen["isolated"])
    plain_visits = sum(v["isolated"] for v in seen["plain"])
    threads = tuple(median([float(v["threads"]) for v in seen[kind]]) for kind in ("isolated", "plain"))
    rows = []
    for code, part, what in (
        ("2e", "first", "first visit to the start screen"),
        ("2f", "repeat", "repeat visit offline to the start screen"),
        ("2g", "resumed", "repeat visit offline to a resumed round"),
        ("3s", "taps", "a tap with its save, on a repeat visit (median)"),
    ):
        mine, base = samples("isolated", part), samples("plain", part)
        ratio = median(mine) / median(base)
        interval = ratio_interval(mine, base)
        high = float(interval.split("–")[1])
        extra = f"; p95 {p(mine, 0.95) * 1000:.0f} against {p(base, 0.95) * 1000:.0f} ms" if part == "taps" else ""
        rows.append(
            Row(
                f"{code}-iso. static site isolated against not: {what} (emulated phone)",
                mine,
                base,
                "ms",
                "not slower beyond the spread (the ratio's 95 % interval reaches 1.05 at most)",
                high <= 1.05,
                f"ratio {ratio:.2f} (95 % interval {interval}){extra}; isolated repeat visits {isolated_visits} of "
                f"{runs} (plain {plain_visits} of {runs}); render threads {threads[0]:g} against {threads[1]:g}",
            )
        )
    return rows
