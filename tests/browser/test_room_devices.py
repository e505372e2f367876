"""Room mode with several phones: each device keeps its own settings."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.data.store import Store
from companion.ui.root import SYNCED_NOTICE_SECONDS

from .harness import NARROW, App, Server

pytestmark = pytest.mark.browser

TOKEN = "table-7-token"


def looks(app: App) -> tuple[str, float]:
    """The settings' first heading as this phone shows it: its words (the language) and its
    height in pixels (the text size)."""
    if not app.el("language-title").count():
        app.tap("open-settings")
    heading = app.wait("language-title")
    app.settle(quiet_ms=300)
    box = heading.bounding_box()
    assert box is not None
    return app.text("language-title").strip(), box["height"]


def assert_looks(app: App, words: str, height: float) -> None:
    """The settings' heading says ``words`` at ``height`` pixels (within 2)."""
    said, measured = looks(app)
    assert said == words and abs(measured - height) <= 2, (said, measured, words, height)


def test_each_phone_keeps_its_own_settings(browser: Browser, tmp_path: Path) -> None:
    """Two phones in room mode; one chooses 200 % text and German. The other, and a third that
    joins later, keep English at 100 %; the second then chooses Spanish, which the first does
    not get. After a reload each phone shows what it chose, and the saved games' file (the
    defaults for a device that has chosen nothing) is not changed by any of them."""
    data = tmp_path / "data"
    server = Server(data, ["--token", TOKEN]).start_guarded(TOKEN)
    join = f"{server.url}?token={TOKEN}"
    first = App(browser, join, NARROW, touch=True)
    second = App(browser, join, NARROW, touch=True)
    later: App | None = None
    try:
        english, normal = looks(first)
        assert english == "Language"
        first.tap("text-size-200")
        first.tap("lang-de")
        first.wait_text("language-title", "Sprache")
        german, big = looks(first)
        assert big >= 1.8 * normal, (normal, big)

        second.reload()
        assert_looks(second, english, normal)
        later = App(browser, join, NARROW, touch=True)
        assert_looks(later, english, normal)

        second.tap("lang-es")
        second.wait_text("language-title", "Idioma")
        for joined in (first, second, later):
            joined.reload()
        assert_looks(first, german, big)
        assert_looks(second, "Idioma", normal)
        assert_looks(later, english, normal)
        first.shot("room-phone-own-settings-de-200")
        for joined in (first, second, later):
            joined.assert_offline()
    finally:
        for phone in (first, second, later):
            if phone is not None:
                phone.close()
        server.stop()
    store = Store(data / "games.sqlite3")
    assert [store.get_setting(key) for key in ("lang", "text_size", "theme")] == [None, None, None]


def top_of(app: App, identifier: str) -> float:
    box = app.wait(identifier).bounding_box()
    assert box is not None
    return float(box["y"])


#: The buttons and named parts of the page whose drawn part (their box cut to every
#: scrolling box around them) meets the element's box: none, when it covers nothing.
COVERED_JS = """e => {
  const a = e.getBoundingClientRect();
  const drawn = (b) => {
    let {top, bottom, left, right} = b.getBoundingClientRect();
    for (let p = b.parentElement; p; p = p.parentElement) {
      if (['hidden', 'scroll', 'auto', 'clip'].includes(getComputedStyle(p).overflowY)) {
        const c = p.getBoundingClientRect();
        if (c.height > 0) {
          top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
          left = Math.max(left, c.left); right = Math.min(right, c.right);
        }
      }
    }
    return {top, bottom, left, right};
  };
  return Array.from(document.querySelectorAll('[role=button], [flt-semantics-identifier]'))
    .filter(b => !e.contains(b) && !b.contains(e))
    .filter(b => { const r = drawn(b);
                   return r.left < a.right && a.left < r.right && r.top < a.bottom && a.top < r.bottom; })
    .map(b => b.closest('[flt-semantics-identifier]')?.getAttribute('flt-semantics-identifier') || b.textContent);
}"""


def test_another_phone_s_changes_raise_one_notice_and_move_nothing(browser: Browser, server: Server) -> None:
    """Two phones on one game. Three changes in a row on the first raise one notice on the
    second, between its body and its thumb bar: the herd's card at the top and the first
    player's row stay where they were (the rows below change with the game), and the thumb
    bar too once the notice goes; the notice covers nothing and a tap on it does nothing;
    it is one node the whole time (announced once) and goes away by itself once the changes
    stop."""
    first = App(browser, server.url, NARROW, touch=True)
    second = App(browser, server.url, NARROW, touch=True)
    try:
        first.start_round(("Anna", "Bert", "Chen"))
        second.tap("resume-1")
        second.wait("players-card")
        second.settle(quiet_ms=300)
        herd, row = top_of(second, "herd-card"), top_of(second, "player-0")
        first.move(0)
        second.wait("synced")
        notice = second.el("synced").element_handle()
        changed = [time.monotonic()]
        second.settle()
        bar = top_of(second, "thumb-bar")  # Roll came with the change

        def where() -> tuple[float, float, float]:
            return top_of(second, "herd-card"), top_of(second, "player-0"), top_of(second, "thumb-bar")

        box = second.el("synced").bounding_box()
        assert box is not None and box["y"] + box["height"] <= bar
        assert notice.evaluate(COVERED_JS) == []
        before = second.text("players-card")
        second.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        second.settle(quiet_ms=300)
        if notice.evaluate("e => e.isConnected"):  # it was there at the tap (a slow machine: gone)
            assert (second.text("players-card"), second.el("migration-editor").count()) == (before, 0)
        first.move(1, name="Bert")
        changed.append(time.monotonic())
        first.tap("undo")  # the step was Record in Bert's editor: the editor is back as it was
        first.wait_text("message", "Undone: Bert moves 1 person")
        changed.append(time.monotonic())
        first.tap("cancel-migration")
        first.wait_text("player-1", "No people")
        second.wait_text("player-1", "No people")
        second.wait_text("player-0", "Anna moves 1 person")
        assert second.el("synced").count() == 1
        # One notice for changes in a row: a busy machine may leave more than the notice's
        # time between two of them, and then it went away in between, as it should.
        in_a_row = max(b - a for a, b in itertools.pairwise(changed)) < SYNCED_NOTICE_SECONDS - 1
        if in_a_row:
            assert notice.evaluate("e => e.isConnected"), "the notice was drawn anew for a later change"
        assert where() == (herd, row, bar)
        second.shot("phone-synced-notice")
        second.gone("synced", timeout=15_000)
        assert where() == (herd, row, bar)
        second.assert_offline()
    finally:
        first.close()
        second.close()


def test_a_phone_hands_its_settings_over_with_its_connection(browser: Browser, server: Server) -> None:
    """A phone that chose Korean at 200 %: a new tab of its browser (a new session) opens in
    them at once, the host asking it nothing (no question for the stored settings crosses
    the socket: the page handed them over with its connection). A browser that keeps no
    cookies is asked, as before, and its new tab opens in them too."""
    phone = App(browser, server.url, NARROW, touch=True)
    try:
        _english, normal = looks(phone)
        phone.tap("text-size-200")
        phone.tap("lang-ko")
        phone.wait_text("language-title", "언어")
        korean, big = looks(phone)
        assert big >= 1.8 * normal, (normal, big)
        # The choices reach the browser's storage a moment after the screen shows them (a
        # busy machine's moment can be long): the new tab is opened once they are there.
        phone.page.wait_for_function(
            "() => { const c = mammothPrefs.chosen(); return c.lang === 'ko' && JSON.stringify(c).includes('200'); }",
            timeout=15_000,
        )
        sockets: list[str] = []
        asked: list[str] = []

        def watch(socket: Any) -> None:
            sockets.append(socket.url)

            def frame(payload: str | bytes) -> None:
                if b"mammoth_herd.settings" in (payload if isinstance(payload, bytes) else payload.encode()):
                    asked.append(socket.url)

            socket.on("framereceived", frame)

        phone.context.on("page", lambda page: page.on("websocket", watch))
        tab = App(browser, server.url, NARROW, touch=True, context=phone.context)
        assert_looks(tab, korean, big)
        assert sockets and asked == [], f"the host asked the new tab for the settings its page handed over: {asked}"

        # No cookies (a browser set to refuse them): nothing is handed over, the host asks.
        phone.context.clear_cookies()
        phone.context.add_init_script(
            "Object.defineProperty(Document.prototype, 'cookie', {get: () => '', set: () => {}, configurable: true})"
        )
        refused = App(browser, server.url, NARROW, touch=True, context=phone.context)
        assert_looks(refused, korean, big)
        assert asked, "a tab without cookies was not asked for its settings"
        phone.assert_offline()
    finally:
        phone.close()
