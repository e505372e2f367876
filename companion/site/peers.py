"""The browser's side of playing together: what Python asks the page (``table.js``) and
what the page answers, between Python's web worker and the page.

Python posts ``{"mammoth": True, "peer": {...}}`` (``python.js`` turns it into the page's
``mammoth-peer`` event); the page's answers come back to the worker, which keeps them in
order in ``mammothPeerNews`` and calls ``mammothOnPeer`` (``python-worker.js``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class PageLink:
    """:class:`companion.ui.together.Link` on the static site: asks go to the page."""

    def __init__(self) -> None:
        self.held: list[Any] = []  # the browser's objects the link needs kept alive

    def post(self, ask: dict[str, Any]) -> None:
        from js import Object, postMessage
        from pyodide.ffi import to_js

        postMessage(to_js({"mammoth": True, "peer": ask}, dict_converter=Object.fromEntries))

    def listen(self, hear: Callable[[dict[str, Any]], None]) -> None:
        """Call ``hear`` with each of the page's answers, in the order they came."""
        import js
        from pyodide.ffi import create_proxy

        def drain() -> None:
            news = getattr(js, "mammothPeerNews", None)
            while news is not None and news.length:
                item = news.shift()
                found = item.to_py() if hasattr(item, "to_py") else item
                if isinstance(found, dict):
                    hear(found)

        proxy = create_proxy(drain)
        self.held.append(proxy)
        js.mammothOnPeer = proxy
        drain()  # what came before Python listened
