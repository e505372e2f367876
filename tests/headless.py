"""The browser harness's app without a browser: behaviour walks on :class:`live_client.Tab`.

:class:`HeadlessApp` has the calls a walk makes of :class:`tests.browser.harness.App`
(``click``, ``wait``, ``wait_text``, ``text``, ``reload`` and the table's moves of
:class:`tests.moves.Moves`), answered from the client's own copy of the page: what the real
session sent through Flet's real patches. A tap is the client's click event; typing is the
field's new value and its change event, as the web client sends them. What only a browser
shows (layout, pixels, focus, the network) stays with the browser walks: ``shot`` and
``reveal`` do nothing here, and a headless tab makes no request that could leave the machine.

The tabs of one table share an event loop and a message hub; the loop runs (in a thread of
its own) while a call waits, so another tab's updates arrive then, as they would between two
taps, and never while the test reads the page.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from flet.controls.context import _context_page
from flet.pubsub.pubsub_hub import PubSubHub

from .browser.harness import without_joiners
from .live_client import WORDS, Node, Tab, _visible_nodes
from .moves import Moves

PHONE = (360, 640)
TABLET = (1280, 800)
#: Real time a call lets the session run between two looks at the page while it waits.
STEP_S = 0.01


class Table:
    """The loop and the hub the tabs on one data directory share."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.loop = asyncio.new_event_loop()
        self.hub = PubSubHub(self.loop, None)
        # The loop runs in a thread of its own: a browser test's Playwright keeps a loop
        # running in the main thread for the whole session (one worker runs both kinds).
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="headless-table")

    def run(self, coroutine: Any) -> Any:
        """Run the loop until ``coroutine`` is done (the tabs' other work runs meanwhile)."""
        return self._thread.submit(self.loop.run_until_complete, coroutine).result()

    def open(self, size: tuple[int, int] = PHONE, language: str = "en") -> HeadlessApp:
        return HeadlessApp(self, size, language)

    def close(self) -> None:
        """End what the tabs left waiting (a haptic call no client answers here), then the loop."""

        async def finish() -> None:
            pending = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

        self.run(finish())
        self._thread.submit(self.loop.close).result()
        self._thread.shutdown()


def _shown(tree: Any) -> Iterator[Node]:
    """The controls on show (none under a hidden one), banners included."""
    return _visible_nodes(tree, banners=True)


def _words(node: Node) -> str:
    return without_joiners(" ".join(str(n[w]) for n in _shown(node) for w in WORDS[1:] if isinstance(n.get(w), str)))


class _Count:
    """What ``el(identifier)`` answers here: only how many there are."""

    def __init__(self, app: HeadlessApp, identifier: str) -> None:
        self.app, self.identifier = app, identifier

    def count(self) -> int:
        return self.app.count(self.identifier)


class HeadlessApp(Moves):
    """One tab of the app, driven as the browser harness drives a page."""

    touch = False

    def __init__(self, table: Table, size: tuple[int, int], language: str, route: str = "/") -> None:
        self.table, self.size, self.language = table, size, language
        self.tab: Tab = table.run(Tab.open(table.data, table.hub, *size, route=route, language=language))

    # -- looking ---------------------------------------------------------------------------
    def _find(self, identifier: str) -> Node | None:
        return next((n for n in _shown(self.tab.tree) if n.get("identifier") == identifier), None)

    def _until(self, found: Any, timeout_s: float, what: str) -> Any:
        deadline = time.monotonic() + timeout_s
        while True:
            self.table.run(self.tab.drain())
            result = found()
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(self.on_screen(what))
            self.table.run(asyncio.sleep(STEP_S))

    def on_screen(self, what: str) -> str:
        return f"{what}; on screen instead: identifiers {self.tab.identifiers()[:40]}, text {self.page_text()[:300]!r}"

    def el(self, identifier: str) -> _Count:
        return _Count(self, identifier)

    def count(self, identifier: str) -> int:
        self.table.run(self.tab.drain())
        return sum(1 for n in _shown(self.tab.tree) if n.get("identifier") == identifier)

    def wait(self, identifier: str, timeout: float = 15_000) -> Node:
        node: Node = self._until(lambda: self._find(identifier), timeout / 1000, f"waited for {identifier!r}")
        return node

    def gone(self, identifier: str, timeout: float = 15_000) -> None:
        self._until(lambda: self._find(identifier) is None, timeout / 1000, f"waited for {identifier!r} to go")

    def enabled(self, identifier: str) -> bool:
        """The control ``identifier`` takes a tap now (a disabled one does not)."""
        return identifier in self.tab.tappable()

    def text(self, identifier: str) -> str:
        return _words(self.wait(identifier))

    def checked(self, identifier: str) -> bool:
        """The choice's checked state, as its semantics node carries it."""
        return bool(self.wait(identifier).get("checked"))

    def wait_text(self, identifier: str, needle: str, timeout: float = 15.0, *, whole: bool = False) -> str:
        """Wait until ``needle`` is in the control's text; with ``whole``, only as whole words."""
        pattern = re.compile(rf"(?<!\S){re.escape(needle)}(?!\S)" if whole else re.escape(needle))

        def has() -> tuple[str] | None:
            node = self._find(identifier)
            seen = _words(node) if node is not None else None
            return (seen,) if seen is not None and pattern.search(seen) else None

        found: tuple[str] = self._until(has, timeout, f"waited for {needle!r} in {identifier}")
        return found[0]

    def page_text(self) -> str:
        return _words(self.tab.tree or {})

    def wait_page_text(self, needle: str, timeout: float = 15.0) -> None:
        self._until(lambda: needle in self.page_text(), timeout, f"waited for {needle!r} on the page")

    # -- touching ----------------------------------------------------------------------------
    def click(self, identifier: str, shows: str | None = None) -> None:
        self.wait(identifier)
        self.table.run(self.tab.tap(identifier, banners=True))
        if shows is not None:
            self.wait(shows)

    def tap(self, identifier: str) -> None:
        self.click(identifier)

    def press(self, identifier: str) -> None:
        self.click(identifier)

    def fill(self, identifier: str, text: str) -> None:
        """Type ``text`` into the field ``identifier``: the client's new value, then its change."""
        node = self.wait(identifier)
        field = next(n for n in _shown(node) if "on_change" in n or n.get("_c") == "TextField")
        field["value"] = text

        async def typed() -> None:
            _context_page.set(self.tab.session.page)
            self.tab.session.apply_patch(field["_i"], {"value": text})
            await self.tab.session.dispatch_event(field["_i"], "change", text)
            await self.tab.drain()

        self.table.run(typed())

    def fill_name(self, seat: int, name: str) -> None:
        self.fill(f"name-{seat}", name)

    def settle(self, *_: Any, **__: Any) -> None:
        self.table.run(self.tab.drain())

    def reveal(self, identifier: str, steps: int = 8) -> Node:
        return self.wait(identifier)

    def shot(self, name: str) -> None:
        """Pictures are the browser walks' part."""

    def assert_offline(self) -> None:
        """A headless tab has no network to leave the machine by."""

    # -- the tab ------------------------------------------------------------------------------
    def reload(self) -> None:
        """The browser's reload: this tab's session ends, and a new one opens on its route."""
        route = str(self.tab.session.page.route or "/")
        self.table.run(self.tab.close())
        self.tab = self.table.run(
            Tab.open(self.table.data, self.table.hub, *self.size, route=route, language=self.language)
        )

    def close(self) -> None:
        self.table.run(self.tab.close())
