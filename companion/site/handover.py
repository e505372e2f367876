"""One tab keeps the games: a second tab of the static site waits, and can take them over;
and what Python and the page tell each other (reload, a new version that waits).

The browser keeps the games for the one tab that holds the storage slots (:mod:`.keep`).
A second tab says so and offers "Use the app here". Tabs of one site talk over a
``BroadcastChannel``: the waiting tab asks for the games with its own id; the holding tab
lets go of its slots, answers, and reloads itself, so it comes back as a waiting tab that
says where the games went (it had written every commit before showing it, so nothing is
lost). The waiting tab takes the slots the moment the answer comes, before the other tab's
reload is up, and opens the games. Without a tap, a waiting tab tries the slots every
:data:`POLL_SECONDS`: when the other tab closes, the games open here by themselves.

A tab that is reloaded frees the slots for a moment too, and must find them again when it
is back. So a waiting tab that finds them free without having asked lets go of them at
once and takes them only when they stayed free for :data:`GRACE_SECONDS` with no other tab
starting meanwhile (every tab says ``hello`` on the channel from its page, the moment it
loads: a tab reloading says it long before it looks for the slots). A starting tab it
heard holds them off for :data:`START_SECONDS` at most (a reload that never came back).

The message plumbing is plain Python over a ``post`` function (tested without a browser);
only :func:`browser_channel`, :func:`tell_page` and :func:`when_update_ready` touch the
browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

CHANNEL = "mammoth-herd-games"
#: How often a waiting tab tries the slots (the other tab may have closed).
POLL_SECONDS = 1.0
#: How long the slots stay free, with no tab starting, before a tab that did not ask takes
#: them (the holding tab may be reloading: its page says hello within this time).
GRACE_SECONDS = 5.0
#: How long a tab heard starting keeps a waiting tab that did not ask from the slots.
START_SECONDS = 60.0


@dataclass
class HandOver:
    """This tab's end of the channel. ``post`` sends a text to the site's other tabs;
    :meth:`heard` is called with each text they send."""

    post: Callable[[str], None]
    me: str = field(default_factory=lambda: secrets.token_hex(4))
    #: The holding tab's part: let go of the games (set once this tab holds them).
    on_take: Callable[[], None] | None = None
    #: Set when a holding tab answered this tab's ask: the slots are free now.
    released: asyncio.Event = field(default_factory=asyncio.Event)
    #: The browser's objects the channel needs kept alive (the channel, its listener).
    held: list[Any] = field(default_factory=list)
    #: When (the event loop's clock) another tab of the site last said it is starting.
    started: float | None = None
    asked: bool = False

    def ask(self) -> None:
        """Ask the holding tab for the games."""
        self.released.clear()
        self.asked = True
        self.post(f"take:{self.me}")

    def heard(self, text: str) -> None:
        kind, _, who = text.partition(":")
        if kind == "hello":
            with contextlib.suppress(RuntimeError):  # no loop: nothing waits here
                self.started = asyncio.get_running_loop().time()
        elif kind == "take" and who != self.me and self.on_take is not None:
            give = self.on_take
            self.on_take = None  # once: a second ask finds this tab already letting go
            give()
            self.post(f"released:{who}")
        elif kind == "released" and who == self.me:
            self.released.set()


async def wait_for_slots(
    take: Callable[[], Awaitable[Any]],
    busy: Callable[[Any], bool],
    hand_over: HandOver,
    release: Callable[[Any], None] = lambda got: None,
) -> Any:
    """Try ``take`` until what it gives is not ``busy``: at once when the holding tab
    answers this tab's ask, else every :data:`POLL_SECONDS`. Found free without an ask,
    the slots are given back (``release``) until they stayed free for
    :data:`GRACE_SECONDS` with no tab starting (see the module's words on a reload)."""
    loop = asyncio.get_running_loop()
    free_since: float | None = None
    while True:
        with contextlib.suppress(TimeoutError):  # no answer: try anyway (the tab may have closed)
            await asyncio.wait_for(hand_over.released.wait(), POLL_SECONDS)
        answered = hand_over.released.is_set()
        hand_over.released.clear()
        got = await take()
        if busy(got):
            free_since = None
            continue
        now = loop.time()
        starting = hand_over.started is not None and now - hand_over.started < START_SECONDS
        if answered or hand_over.asked:
            return got
        if free_since is None or starting:
            free_since = now if not starting else None
        elif now - free_since >= GRACE_SECONDS:
            return got
        release(got)  # the holding tab may be reloading: its slots wait for it


def browser_channel() -> HandOver:
    """The channel between this site's tabs (in Python's web worker)."""
    from js import BroadcastChannel
    from pyodide.ffi import create_proxy

    channel = BroadcastChannel.new(CHANNEL)
    hand_over = HandOver(post=lambda text: channel.postMessage(text))

    def on_message(event: Any) -> None:
        if isinstance(event.data, str):
            hand_over.heard(event.data)

    listener = create_proxy(on_message)
    channel.onmessage = listener
    hand_over.held += [channel, listener]
    return hand_over


def tell_page(**what: bool) -> None:
    """Tell the page (``python.js``): ``reload`` loads it again; ``update`` takes the new
    version that waits (the service worker's, through ``page.js``)."""
    from js import Object, postMessage
    from pyodide.ffi import to_js

    postMessage(to_js({"mammoth": True, **what}, dict_converter=Object.fromEntries))


def when_update_ready(call: Callable[[], object]) -> None:
    """Call ``call`` once the page says a new version waits (``python-worker.js`` keeps the
    news in a flag until Python listens)."""
    import js
    from pyodide.ffi import create_proxy

    js.mammothOnUpdate = create_proxy(call)
    if getattr(js, "mammothUpdateReady", False):
        call()
