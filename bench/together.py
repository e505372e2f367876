"""Phones together on the static site, on the Wi-Fi-like rig (``tests/browser/table_rig.py``):
each phone in its own namespace, their packets crossing two links and the access point's
bridge, which drops 1 % of the frames it forwards; the host with a fake camera.

- 7a. the time from the host's tap on Connect (the guest's answer pasted) to the guest's
  first screen of the game (a first join: two scans);
- 7d. a phone that was at the table rejoins after its page reloaded: the time from its tap
  on Join (the host's code pasted: one scan, nothing goes back) to its game on screen;
- 7b. a guest's tap (Undo and Redo of a recorded move, in turn) until every phone shows it,
  each phone's save included: Redo enabled or disabled on the guest's own screen and the
  host's, read in each page by a MutationObserver, on the machine's one clock
  (``Date.now()`` in both browsers);
- 7c. the same taps until the guest's own screen shows them: what no message, network or
  second phone adds, so the floor under 7b on this machine (its frames drawn in software).

Needs root (``python -m bench.run --only together`` as root); skipped otherwise.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import Row, p
from companion.site.publish import publish
from tests.browser.table_net import can_make, join_with, open_app, paste, phone, read_code
from tests.browser.table_rig import wifi

#: In a page: resolve with Date.now() once the button ``id`` is disabled (or enabled):
#: Redo, which every phone's top bar shows, and which a guest's Undo enables everywhere.
SEEN_JS = """([id, disabled]) => new Promise((resolve) => {
  const state = () => {
    const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    if (!e) return null;
    return e.querySelector('[aria-disabled="true"], [disabled]') !== null || e.getAttribute('aria-disabled') === 'true';
  };
  if (state() === disabled) return resolve(Date.now());
  const obs = new MutationObserver(() => { if (state() === disabled) { obs.disconnect(); resolve(Date.now()); } });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { obs.disconnect(); resolve(0); }, 10000);
})"""


def _until_game(tapping: Any, identifier: str, guest: Any) -> float:
    """Seconds from ``tapping``'s touch on ``identifier`` until the guest's game is on screen."""
    x, y = tapping.tap_point(identifier)
    began = time.perf_counter()
    tapping.page.touchscreen.tap(x, y)
    guest.page.locator('[flt-semantics-identifier="herd-card"]').first.wait_for(state="attached", timeout=30_000)
    return time.perf_counter() - began


def _join(host: Any, guest: Any) -> float:
    """The guest pastes the host's code, the host its answer; seconds from Connect to the
    guest's game on screen."""
    guest.tap("join-table")
    join_with(guest, read_code(host, "share-code"))
    paste(host, "share-answer", read_code(guest, "join-answer"))
    return _until_game(host, "share-answer-submit", guest)


def _tap(guest: Any, host: Any, identifier: str) -> tuple[float, float]:
    """Seconds from the guest's tap on Undo or Redo until both phones show it (Redo enabled
    after an Undo, disabled after a Redo), and until the guest's own screen shows it."""
    pages = (guest.page, host.page)
    for page in pages:  # the watch starts here and is awaited after the tap (a promise kept in the page)
        page.evaluate(f"(args) => {{ window.__mhSeen = ({SEEN_JS})(args); }}", ["redo", identifier == "redo"])
    x, y = guest.tap_point(identifier)
    began = guest.page.evaluate("Date.now()")
    guest.page.touchscreen.tap(x, y)
    seen = [page.evaluate("() => window.__mhSeen") for page in pages]
    if not all(seen):
        raise RuntimeError(f"a phone did not show the guest's {identifier} within 10 s (guest, host: {seen})")
    return float(max(seen) - began) / 1000, float(seen[0] - began) / 1000


def _rejoin(host: Any, guest: Any) -> float:
    """The guest's page reloads; it pastes the host's code (which names its seat) and taps
    Join: seconds from that tap to its game on screen, no answer scanned back."""
    guest.reload()
    guest.page.locator('[flt-semantics-identifier="herd-card"]').first.wait_for(timeout=120_000)
    host.wait_text("share-seats", "can rejoin", timeout=40)
    guest.tap("nav-back")
    guest.tap("join-table")
    paste(guest, "join-code", read_code(host, "share-code"))
    return _until_game(guest, "join-submit", guest)


def together(browser: Any, taps: int) -> list[Row]:
    if not can_make():
        return [Row("7. phones together", [], None, "ms", "–", True, "skipped: needs root for network namespaces")]
    joins: list[float] = []
    rejoins: list[float] = []
    latencies: list[float] = []
    own: list[float] = []
    with tempfile.TemporaryDirectory(prefix="mh-bench-table-") as work:
        folder = Path(work)
        publish(folder / "site")
        with wifi(folder, ("host", "guest")) as rig:
            url = rig.serve(folder / "site")
            rig.lose(1)
            host_context = phone(
                browser, rig.wrappers["host"], folder / "host", camera=True, locale="en-US", scheme="light"
            )
            host_context.grant_permissions(["camera"], origin=url.rstrip("/"))
            guest_context = phone(
                browser, rig.wrappers["guest"], folder / "guest", camera=False, locale="en-US", scheme="light"
            )
            host, guest = open_app(browser, url, host_context), open_app(browser, url, guest_context)
            try:
                host.new_game(["Anna", "Bert", "Chen"], "companion")
                host.reveal("share-table")
                host.tap("share-table")
                joins.append(_join(host, guest))
                for _ in range(2):
                    rejoins.append(_rejoin(host, guest))
                host.tap("share-done")  # back to the game: its top bar has Redo
                host.wait("herd-card")
                guest.move(0)
                for n in range(taps):
                    every, guest_only = _tap(guest, host, "undo" if n % 2 == 0 else "redo")
                    latencies.append(every)
                    own.append(guest_only)
            finally:
                host.close()
                guest.close()
    ok_taps = p(latencies, 0.95) < 0.150
    return [
        Row(
            "7a. phones together: the host's Connect to the guest's game on screen",
            joins,
            None,
            "ms",
            "–",
            True,
            f"{len(joins)} first join on the rig (two links and a bridge, 1 % of frames lost)",
        ),
        Row(
            "7d. phones together: a phone that was at the table rejoins, its Join to its game on screen (one scan)",
            rejoins,
            None,
            "ms",
            "–",
            True,
            f"{len(rejoins)} rejoins after the guest's page reloaded; nothing scanned back",
        ),
        Row(
            "7b. phones together: a guest's tap until every phone shows it (p95, saves included)",
            latencies,
            None,
            "ms",
            "p95 < 150 ms",
            ok_taps,
            f"p95 {p(latencies, 0.95) * 1000:.0f} ms over {len(latencies)} taps (Undo and Redo in turn), 1 % loss",
        ),
        Row(
            "7c. phones together: the same taps until the guest's own screen shows them (p95; 7b's floor)",
            own,
            None,
            "ms",
            "–",
            True,
            f"p95 {p(own, 0.95) * 1000:.0f} ms: the tapping phone alone, no message on its way",
        ),
    ]
