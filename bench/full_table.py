"""Eight phones on one game: one taps, the other seven show the change.

Eight phones have eight processors; this machine has two.  So one real Chromium taps,
one real Chromium watches, and six more sessions are WebSocket clients registered like a
browser tab (the server runs the app for each and sends every patch): the figure is the
server's, not two cores shared by eight renderers.  Times are wall-clock epoch
milliseconds on one machine: the tap's click, the patch's arrival at each WebSocket
client, the watching browser's change on its screen.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import msgpack
from websockets.sync.client import connect
from websockets.typing import Origin

#: Click ``id`` now and wait until ``targetId`` is on screen; returns [click epoch ms, elapsed ms].
CLICK_JS = """
async ([id, targetId]) => {
  const find = (i) => document.querySelector(`[flt-semantics-identifier="${i}"]`);
  const el = find(id);
  const button = el.querySelector('[role="button"]') || el;
  const t0 = performance.now();
  const epoch = performance.timeOrigin + t0;
  return await new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => {
      if (find(targetId)) { obs.disconnect(); resolve([epoch, performance.now() - t0]); }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('no ' + targetId)); }, 10000);
    button.click();
  });
}
"""

#: On the watching page: note the epoch time each time ``roll`` appears or goes.
WATCH_JS = """
() => {
  window.__seen = [];
  let shown = !!document.querySelector('[flt-semantics-identifier="roll"]');
  new MutationObserver(() => {
    const now = !!document.querySelector('[flt-semantics-identifier="roll"]');
    if (now !== shown) { shown = now; window.__seen.push(performance.timeOrigin + performance.now()); }
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}
"""


class Listener(threading.Thread):
    """A session on a WebSocket: registered like a tab, noting when each message arrives."""

    def __init__(self, url: str, route: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.route = route  # the game's own address: the session opens it as a phone that joined
        self.arrivals: list[float] = []
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        ws_url = self.url.replace("http://", "ws://") + "ws"
        register = b"\x00" + msgpack.packb(
            [
                1,
                {
                    "session_id": "",
                    "page_name": "",
                    "page": {"route": self.route, "width": 412, "height": 915, "web": True},
                },
            ]
        )
        try:
            with connect(ws_url, origin=Origin(self.url.rstrip("/")), open_timeout=30, max_size=None) as ws:
                ws.send(register)
                ws.recv(timeout=30)  # the registration answer
                ws.recv(timeout=30)  # the first screen
                self.ready.set()
                while not self.stop.is_set():
                    try:
                        ws.recv(timeout=0.5)
                    except TimeoutError:
                        continue
                    self.arrivals.append(time.time() * 1000)
        except BaseException as error:  # reported by the caller
            self.error = error
            self.ready.set()

    def first_between(self, start: float, end: float) -> float | None:
        """The first message after a tap at ``start`` and before the next tap at ``end``."""
        within = [t for t in self.arrivals if start <= t < end]
        return min(within) - start if within else None


def full_table(
    page: Any, watcher: Any, url: str, listeners: int, taps: int, pause: float = 0.4
) -> dict[str, list[float]]:
    """``page`` has a game with a rolled round on screen (Undo at hand); ``watcher`` shows
    the same game.  Undo and Redo of the roll alternate ``taps`` times; returns the
    tapper's, the watching browser's and the WebSocket sessions' times in ms."""
    route = "/" + page.url.split("/", 3)[3].split("?")[0].split("#")[0]  # /game/N
    clients = [Listener(url, route) for _ in range(listeners)]
    for client in clients:
        client.start()
    for client in clients:
        client.ready.wait(60)
        if client.error is not None:
            raise RuntimeError(f"a listening session failed: {client.error!r}")
    # A session's start asks its client for the device's settings (reduced motion) and waits
    # up to 3 s for an answer that these clients never send: let every one finish starting.
    time.sleep(4)
    watcher.evaluate(WATCH_JS)
    tapper: list[float] = []
    clicks: list[float] = []
    try:
        for i in range(taps):
            time.sleep(pause)
            button, target = ("undo", "roll") if i % 2 == 0 else ("redo", "dice-0")
            epoch, elapsed = page.evaluate(CLICK_JS, [button, target])
            clicks.append(float(epoch))
            tapper.append(float(elapsed))
        time.sleep(1.0)  # the last patches arrive
    finally:
        for client in clients:
            client.stop.set()
        for client in clients:
            client.join(5)
    seen: list[float] = list(watcher.evaluate("() => window.__seen"))
    ends = [*clicks[1:], float("inf")]
    browser_watch = [min(w) - c for c, e in zip(clicks, ends, strict=True) if (w := [t for t in seen if c <= t < e])]
    sockets = [t for client in clients for c, e in zip(clicks, ends, strict=True) if (t := client.first_between(c, e))]
    missing = len(clicks) * (1 + listeners) - len(browser_watch) - len(sockets)
    import os

    if os.environ.get("BENCH_DEBUG"):
        print("clicks", [round(c - clicks[0]) for c in clicks])
        print("watch", [round(t - clicks[0]) for t in seen])
        for client in clients:
            print("client", len(client.arrivals), [round(t - clicks[0]) for t in client.arrivals][:40])
    return {"tapper": tapper, "watching browser": browser_watch, "listening sessions": sockets, "missing": [missing]}
