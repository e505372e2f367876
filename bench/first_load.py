"""The phone's first load: bytes over the wire and time to the first screen under
Chromium's emulation of a mid-range phone on the table's Wi-Fi.

Chromium is slowed through the DevTools protocol: the CPU 4 × (``Emulation.
setCPUThrottlingRate``) and the network to 20 ms latency, 50 Mbit/s down and 20 Mbit/s up
(``Network.emulateNetworkConditions``).  Bytes are what the network layer reports per
response (``encodedDataLength``: headers and the body as sent, compressed or not).
"""

from __future__ import annotations

import time
from typing import Any

from tests.browser.harness import PHONE

MBIT = 1_000_000 / 8  # bytes per second
WIFI = {"offline": False, "latency": 20, "downloadThroughput": 50 * MBIT, "uploadThroughput": 20 * MBIT}
CPU_SLOWDOWN = 4


class Visit:
    """One browser context (one phone) that can load the page again, counting bytes."""

    def __init__(self, browser: Any, throttled: bool) -> None:
        self.context = browser.new_context(viewport=PHONE)
        # No request routing here: Playwright's routing turns the browser's HTTP cache off,
        # and a repeat visit is all about that cache. Nothing leaves 127.0.0.1 but the one
        # optional runtime request Flet's client makes, which fails offline.
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        if throttled:
            self.cdp.send("Network.emulateNetworkConditions", WIFI)
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        self.received: dict[str, float] = {}
        self.pending: set[str] = set()
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", lambda e: self.pending.discard(e["requestId"]))

    def _sent(self, event: dict[str, Any]) -> None:
        if event["request"]["url"].startswith("http"):  # a blob: or data: read never "finishes"
            self.pending.add(event["requestId"])

    def _finished(self, event: dict[str, Any]) -> None:
        self.received[event["requestId"]] = float(event["encodedDataLength"])
        self.pending.discard(event["requestId"])

    def _quiet(self, limit_s: float = 30.0) -> None:
        """Until no request has been in flight for half a second (at most ``limit_s``)."""
        deadline = time.monotonic() + limit_s
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(100)  # lets Playwright deliver the protocol's events
            if self.pending:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= 0.5:
                return

    def load(self, url: str, identifier: str) -> tuple[float, float]:
        """Load ``url`` until ``identifier`` is on screen: (seconds, bytes over the wire)."""
        self.received.clear()
        self.pending.clear()
        start = time.perf_counter()
        self.page.goto(url)
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=120_000)
        placeholder.evaluate("e => e.click()")
        self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first.wait_for(
            state="attached", timeout=120_000
        )
        elapsed = time.perf_counter() - start
        # Late requests (the app's font, pictures) are counted too: on the emulated phone the
        # first screen is up before the 1.3 MB font has arrived (a fixed 1.5 s wait missed it,
        # and the repeat visit then fetched what the first had not finished).
        self._quiet()
        return elapsed, sum(self.received.values())

    def close(self) -> None:
        self.context.close()
