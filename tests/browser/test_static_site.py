"""The static site (``python -m companion publish``): as the Pages workflow builds it, once for
the run (:mod:`.pages`), served by ``python -m http.server``, and driven as a phone (touch,
360×640, scale 3) in Chromium with its storage on disk. Each boot of Python in the browser
takes seconds, so each test is one deep walk."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, BrowserContext

from companion.i18n import translate
from companion.site.publish import MARK, SNAPSHOT_KEY, publish

from .harness import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    KEPT_JS,
    NARROW,
    ROOT,
    App,
    StaticHost,
    cli_import,
    free_port,
    without_joiners,
)
from .pages import WORKFLOW, build_job

pytestmark = pytest.mark.browser

NAMES = ("Anna", "Bert", "Chen")


def test_the_pages_workflow_publishes_a_complete_site(site: Path) -> None:
    """The workflow builds on each push to main with the README's publish command and deploys
    with GitHub's Pages actions; the folder its steps wrote holds every file the service
    worker keeps, and names the version it was published as."""
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert on["push"]["branches"] == ["main"]
    steps = build_job()["steps"]
    assert any(step.get("run", "").startswith("python -m companion publish") for step in steps)
    assert "python -m companion publish" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert any(step.get("uses", "").startswith("actions/deploy-pages@") for step in workflow["jobs"]["deploy"]["steps"])
    facts = json.loads((site / MARK).read_text(encoding="utf-8"))
    worker = (site / "sw.js").read_text(encoding="utf-8")
    listed = re.search(r"var FILES = (\[.*?\]);", worker, re.S)
    assert listed is not None, "the service worker lists no files"
    files = json.loads(listed.group(1))
    assert len(files) + 1 == facts["files"] and "index.html" in files and "app.zip" in files
    missing = [name for name in files if not (site / name).is_file()]
    assert not missing, missing
    assert facts["version"] in (site / "index.html").read_text(encoding="utf-8")


def phone(
    browser: Browser,
    user_dir: Path,
    scheme: str = "light",
    locale: str = "en-US",
    chromium: str = CHROMIUM,
    args: tuple[str, ...] = (),
) -> BrowserContext:
    """A phone's browser with its storage (service worker, OPFS, local storage) in ``user_dir``;
    ``chromium`` and ``args``: another way to start it, and flags beside the usual ones."""
    return browser.browser_type.launch_persistent_context(
        str(user_dir),
        executable_path=chromium,
        args=[*CHROMIUM_ARGS, *args],
        viewport=NARROW,  # type: ignore[arg-type]
        is_mobile=True,
        has_touch=True,
        device_scale_factor=3,
        color_scheme=scheme,  # type: ignore[arg-type]
        locale=locale,
    )


def open_site(browser: Browser, url: str, context: BrowserContext, loading: str | None = None) -> App:
    """The site on a phone; the first boot of Python may take long on a busy machine.
    ``loading``: the site's loading screen is looked at on the way, saved under that name
    (what it said: ``app.loading_said``), and is gone once the app is up."""
    seen: list[str] = []

    def looked(app: App) -> None:
        seen.append(look(app, loading or ""))

    app = App(browser, url, NARROW, touch=True, context=context, while_loading=looked if loading else None)
    up_when_any(app, "new-game", "herd-card")
    if loading:
        app.page.locator("#mammoth-loading").wait_for(state="detached", timeout=30_000)
        app.loading_said = seen[0]  # type: ignore[attr-defined]
    return app


def look(app: App, name: str) -> str:
    """The site's own loading screen as it shows, saved as ``name``; on a first visit, once
    it counts the bytes that have come. Returns its words."""
    said = app.page.wait_for_function(
        "() => { const c = document.getElementById('mammoth-loading');"
        " if (!c || (c.dataset.first && !c.amount.textContent)) return null; return c.innerText; }",
        timeout=60_000,
    ).json_value()
    app.shot(name)
    return without_joiners(said)


def up_when_any(app: App, *identifiers: str, timeout: float = 90_000) -> None:
    """Wait for the first of ``identifiers``: the start screen, or the game played last."""
    either = ", ".join(f'[flt-semantics-identifier="{name}"]' for name in identifiers)
    try:
        app.page.locator(either).first.wait_for(state="attached", timeout=timeout)
    except Exception as exc:
        raise AssertionError(app.on_screen(f"waited for any of {identifiers}")) from exc


def kept_files(app: App) -> list[str]:
    """Every file the service worker's caches hold, relative to the site."""
    base = app.url
    return sorted(url[len(base) :] for url in app.page.evaluate(KEPT_JS))


def offline_ready(app: App, timeout: float = 90) -> None:
    """Wait until the service worker controls the page and keeps every file this browser
    needs: the version's files, with this browser's Flutter build (WebAssembly and skwasm
    in Chromium) and not the others."""
    deadline = time.monotonic() + timeout
    while True:
        controlled = app.page.evaluate("navigator.serviceWorker && !!navigator.serviceWorker.controller")
        kept = kept_files(app) if controlled else []
        if {"main.dart.wasm", "canvaskit/skwasm.wasm", "index.html", "app.zip"} <= set(kept):
            break
        assert time.monotonic() < deadline, f"the service worker never kept the site: {kept}"
        time.sleep(0.5)
    assert not {"main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm"} & set(kept)


def isolated_again(app: App) -> None:
    """Once the service worker keeps the site, the page again, now served by the worker:
    cross-origin isolated (as every visit after a phone's first one is)."""
    offline_ready(app)
    app.reload()
    up_when_any(app, "new-game", "herd-card")
    assert app.page.evaluate("window.crossOriginIsolated === true")


def listen(context: BrowserContext) -> list[str]:
    """Everything the pages and workers of ``context`` write to the console from now on
    (the Python worker says there whether it restored its snapshot)."""
    said: list[str] = []
    context.on("console", lambda message: said.append(message.text))
    return said


RESTORED = "python: restored from the snapshot"
NOT_RESTORED = "python: the snapshot did not restore"

CUT_SNAPSHOT_JS = """async (key) => {
  // A copy cut short, as a write interrupted by a dead battery would leave it.
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const url = new URL(key, location.href).href;
    const found = await cache.match(url);
    if (!found) continue;
    const bytes = new Uint8Array(await found.arrayBuffer());
    await cache.put(url, new Response(bytes.slice(0, bytes.length >> 1), { headers: found.headers }));
    return bytes.length;
  }
  return 0;
}"""


def snapshot_kept(app: App, timeout: float = 90) -> None:
    """Wait until the app's Python has kept its snapshot in the version's cache."""
    deadline = time.monotonic() + timeout
    while SNAPSHOT_KEY not in kept_files(app):
        assert time.monotonic() < deadline, f"no snapshot kept: {kept_files(app)}"
        time.sleep(0.5)


def caches(app: App) -> list[str]:
    return list(app.page.evaluate("caches.keys()"))


@pytest.fixture
def host(site: Path) -> Iterator[StaticHost]:
    served = StaticHost(site).start()
    yield served
    served.stop()


@pytest.mark.slow
def test_static_site_plays_keeps_games_and_works_offline(browser: Browser, host: StaticHost, tmp_path: Path) -> None:
    """Both tile modes played by touch; a reload, a closed and reopened browser and a stopped
    host lose nothing; offline the app starts from its service worker and plays on; an
    exported game is one the command line accepts."""
    user_dir = tmp_path / "phone"
    context = phone(browser, user_dir)
    said = listen(context)
    app = open_site(browser, host.url, context, loading="static-phone-light-loading-first")
    said_first = app.loading_said  # type: ignore[attr-defined]
    assert "Mammoth Herd" in said_first and "MB downloaded" in said_first and "first visit" in said_first
    assert RESTORED not in said  # a first visit starts Python and keeps a snapshot of it
    app.new_game(NAMES, "physical", shows=None)
    app.wait("physical-herd", timeout=30_000)
    app.tap("herd-pick-wood")
    app.wait("tile-editor")
    app.describe_tool_and_food()
    app.move(0, name="Anna")
    app.tap("roll")
    app.wait_text("winner", "Anna tames the mammoth", timeout=30)
    app.shot("static-phone-light-printed-round")
    # A first visit and a round: nothing asked of another site, no file missing (the app's
    # font covers the word joiner it puts between Hangul syllables, and its kin: Flutter
    # looked for Noto Sans Symbols on every start while it did not).
    app.assert_offline()
    assert app.missing == [], app.missing

    app.tap("nav-back")
    app.new_game(NAMES, "companion")
    app.move(1, name="Bert")
    app.tap("roll")
    app.wait_text("winner", "Bert tames the mammoth", timeout=30)

    # A reload: the game played last comes back, and both games are listed. Python is
    # restored from the snapshot the first visit kept; the games come from the storage.
    offline_ready(app)
    snapshot_kept(app)
    app.reload()
    app.wait_text("winner", "Bert tames the mammoth", timeout=90)
    assert RESTORED in said
    app.tap("nav-back")
    app.wait("resume-1")
    app.wait("resume-2")

    # The browser closed (its storage stays on disk) and opened again.
    app.close()
    context = phone(browser, user_dir)
    said = listen(context)
    app = open_site(browser, host.url, context, loading="static-phone-light-loading-repeat")
    said_again = app.loading_said  # type: ignore[attr-defined]
    assert "Starting the app" in said_again and "MB" not in said_again  # its own copy: no download
    app.wait_text("winner", "Bert tames the mammoth")  # the game played last, as served
    assert RESTORED in said
    app.tap("nav-back")
    app.tap("resume-1")
    app.wait_text("winner", "Anna tames the mammoth")

    # The host stops: the phone starts the app from its service worker and plays on. Its
    # snapshot was cut short: Python starts afresh, then keeps a whole one again.
    assert app.page.evaluate(CUT_SNAPSHOT_JS, SNAPSHOT_KEY) > 0
    said.clear()
    host.stop()
    app.context.set_offline(True)
    app.reload()
    app.wait_text("winner", "Anna tames the mammoth", timeout=90)
    assert NOT_RESTORED in " ".join(said) and RESTORED not in said
    app.tap("next-round")
    app.wait("physical-herd")
    app.tap("herd-pick-stone")
    app.wait("tile-editor")
    app.tap("tile-skip")
    app.move(2, name="Chen")
    snapshot_kept(app)
    said.clear()
    app.reload()
    app.wait_text("player-2", "Chen moves 1 person", timeout=90)
    assert "Round 2" in app.text("title")
    assert RESTORED in said

    # Export downloads the game's file; the command line accepts it.
    app.tap("nav-back")
    app.tap("resume-2")
    app.tap("end-game")
    app.tap("confirm-end")
    app.wait("scoring-card")
    # The final sheet, offline: a count is a step kept in the file; BG Stats' QR code is
    # drawn by the site's own Python (the qrcode package in its bundle).
    app.tap("final-sheet")
    app.tap("fs-0-culture-art-plus")
    app.wait_text("final-total-0", "1 point")
    app.sheet_done_with_qr()
    exported = app.export(tmp_path / "exported.json")
    done = cli_import(exported, tmp_path / "cli", "--language", "en")
    assert done.returncode == 0 and "Imported as game 1 (finished)" in done.stdout, done.stderr
    assert "Bert" in json.loads(exported.read_text(encoding="utf-8"))["setup"]["players"][1]
    assert '"type": "score"' in exported.read_text(encoding="utf-8").replace('"type":"score"', '"type": "score"')

    # Still offline: the copied summary, Import (a damaged file and one already here are
    # refused in words), the history, the statistics, Settings and the rules.
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.reveal("copy-summary")
    app.tap("copy-summary")
    app.wait_page_text("The summary is on the clipboard.")
    assert "Bert: 1 tile" in app.page.evaluate("navigator.clipboard.readText()")
    app.tap("done")
    # Hostile files: 5,000 nested brackets (10 KB) overflowed the worker's stack inside
    # json.loads, and every later tap was dead; they are refused before parsing.
    damaged, nested = tmp_path / "damaged.json", tmp_path / "nested.json"
    damaged.write_bytes(b"\x00\xffnot json")
    nested.write_bytes(b"[" * 5_000 + b"]" * 5_000)
    for path, words in (
        (damaged, "not readable JSON"),
        (nested, "not readable JSON"),
        (exported, "is already on this device"),
    ):
        with app.page.expect_file_chooser() as chooser:
            app.tap("import-game")
        chooser.value.set_files(str(path))
        app.wait_page_text(words)
    app.tap("open-sets")
    deep_set = tmp_path / "deep-set.json"  # 10 KB: deep, and not too large to be read
    deep_set.write_bytes(b'{"tiles": ' + b"[" * 5_000 + b"]" * 5_000 + b"}")
    with app.page.expect_file_chooser() as chooser:
        app.tap("import-set")
    chooser.value.set_files(str(deep_set))
    app.wait_page_text("deep-set.json cannot be read")
    assert not app.el("set-row-1").count()
    app.tap("nav-back")
    app.tap("open-history")
    app.tap("history-2")
    app.wait("round-log")
    app.page.go_back()  # the browser's Back, through the address's hash
    app.wait("history-2")
    app.tap("nav-back")
    app.tap("open-stats")
    app.wait_page_text("Bert")
    app.tap("nav-back")
    app.tap("open-settings")
    app.tap("theme-dark")
    app.tap("text-size-130")
    app.tap("lang-ko")
    app.wait_text("language-title", "언어")
    app.shot("static-phone-dark-ko-settings")
    app.reload()  # the choices are this phone's: kept
    app.wait_text("language-title", "언어", timeout=90)
    app.tap("lang-en")
    app.tap("theme-light")
    app.tap("text-size-100")
    app.tap("nav-back")
    app.tap("open-rules")
    app.wait("rules-text")
    app.assert_offline()
    app.close()


@pytest.mark.slow
def test_a_new_version_is_offered_and_taken_with_the_game_intact(browser: Browser, tmp_path: Path) -> None:
    """In Korean and dark: version A is open with a game; a second tab of the same browser
    refuses to open the games and says why, leaves them to the first tab while it is
    reloaded, takes them over on a tap (the first tab says
    where they went) and, once it closes, the first tab opens them again with the second
    tab's move; B is published into the same folder: the page
    offers it in a banner, takes it only on Reload, and after the reload the game is intact
    and only B's files are kept."""
    folder = tmp_path / "site"
    first = publish(folder, label="A")
    host = StaticHost(folder).start()
    try:
        app = open_site(
            browser, host.url, phone(browser, tmp_path / "phone", "dark", "ko-KR"), "static-phone-dark-ko-loading"
        )
        assert "앱을 내려받는 중" in app.loading_said or "앱을 여는 중" in app.loading_said  # type: ignore[attr-defined]
        app.shot("static-phone-dark-ko-start")
        app.new_game(NAMES, "companion")
        app.move(0)
        moved = app.text("player-0")
        app.shot("static-phone-dark-ko-round")
        offline_ready(app)
        assert caches(app) == [f"mammoth-herd-{first['version']}"]

        busy = without_joiners(translate("ko", "site.busy_title"))
        other = App(browser, host.url, NARROW, touch=True, context=app.context)
        other.wait_page_text(busy, timeout=60)
        other.shot("static-phone-dark-ko-second-tab")
        # The first tab is reloaded while the second waits out of sight: the games stay in
        # the tab being reloaded, and the second tab still waits.
        app.reload()
        app.wait("player-0", timeout=90_000)
        assert words(app.text("player-0")) == words(moved)
        other.wait_page_text(busy, timeout=10)
        # "Use the app here": the game moves to the second tab; the first reloads and says so.
        other.tap("site-take-over")
        other.wait("player-0", timeout=90_000)
        # The same row, laid out for a narrower screen: the same words, maybe in another order.
        assert words(other.text("player-0")) == words(moved)
        other.move(1)
        moved_there = other.text("player-1")
        app.open_here()
        app.wait_page_text(busy, timeout=90)
        app.shot("static-phone-dark-ko-gave-away")
        # The second tab closes: the first opens the games by itself, the second tab's move in.
        other.page.close()
        app.wait("player-1", timeout=90_000)
        assert words(app.text("player-0")) == words(moved)
        assert words(app.text("player-1")) == words(moved_there)

        second = publish(folder, label="B")
        assert second["version"] != first["version"]
        app.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        app.wait("update", timeout=120_000)
        assert translate("ko", "site.update") in without_joiners(app.text("update"))
        assert words(app.text("player-0")) == words(moved)  # nothing taken yet
        # A line of the layout, under the top bar: it covers none of the bar's controls.
        bar, line = app.wait("undo").bounding_box(), app.wait("update").bounding_box()
        assert bar is not None and line is not None and bar["y"] + bar["height"] <= line["y"] + 1
        app.shot("static-phone-dark-ko-update-banner")
        with app.page.expect_navigation(timeout=60_000):
            app.tap("update-reload")
        app.open_here()
        app.wait("player-0", timeout=90_000)
        assert words(app.text("player-0")) == words(moved)
        assert app.page.evaluate("window.mammothHerd.version") == second["version"]
        deadline = time.monotonic() + 30
        while caches(app) != [f"mammoth-herd-{second['version']}"]:
            assert time.monotonic() < deadline, caches(app)
            time.sleep(0.5)
        offline_ready(app)  # B's files, this browser's Flutter build among them
        app.assert_offline()
        app.close()
    finally:
        host.stop()


def words(row: str) -> list[str]:
    """A row's words in any order: a page that loaded again may lay the row out (its button
    beside or under its lines) before it knows its width, and its screen-reader text follows."""
    return sorted(row.split())


class LanApp(App):
    """The app opened at this machine's network address (allowed besides 127.0.0.1)."""

    lan = ""

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(self.lan):
            route.continue_()
        else:
            super()._route(route)


def lan_address() -> str | None:
    """This machine's first non-loopback IPv4 address, if it has one."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_a_browser_that_keeps_nothing_says_so_and_plays_on(browser: Browser, site: Path) -> None:
    """Over plain HTTP from another address (no secure context: no storage, no offline
    copy), the app still plays, and says in one line on every screen that nothing will be
    kept, with why a tap away."""
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address besides loopback")
    port = free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "0.0.0.0", "-d", str(site)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://{address}:{port}/"
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(url + MARK, timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, f"{url} never answered"
                time.sleep(0.2)
        LanApp.lan = url
        app = LanApp(browser, url, NARROW, touch=True)
        app.wait("new-game", timeout=90_000)
        # One line on every screen (the whole text took five), with why a tap away.
        assert "Nothing is kept on this browser" in app.text("unkept")
        assert not app.el("unkept-details").count()
        box = app.el("unkept").bounding_box()
        assert box is not None and box["height"] <= 60, box
        app.tap("unkept-why")
        assert "without https" in app.wait_text("unkept-details", "private window")
        app.shot("static-phone-light-unkept-why")
        app.tap("unkept-why")
        app.gone("unkept-details")
        app.new_game(NAMES, "companion")
        app.wait("unkept")
        app.move(0, name="Anna")
        app.shot("static-phone-light-unkept")
        assert app.page.evaluate("!navigator.serviceWorker || !navigator.serviceWorker.controller")
        app.close()
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("ko-KR", "앱 화면을 불러오지"),
        ("de-DE", "Die Oberfläche der App"),
        ("es-ES", "La interfaz de la app no ha arrancado"),
    ],
)
def test_a_start_that_stops_says_which_part_and_offers_reload(
    browser: Browser, host: StaticHost, tmp_path: Path, locale: str, said: str
) -> None:
    """The screen's client never comes (its files refused, as a browser that cannot run
    them): once nothing has moved for the page's wait (shortened here with ``?stall=``),
    the loading screen says, in the phone's language, that the app's display did not load,
    and keeps saying so whatever Python's worker reports late; its Reload button loads the
    page again."""
    context = phone(browser, tmp_path / "phone", "light", locale)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.route(re.compile(r".*/main\.dart\.(js|mjs|wasm)$"), lambda route: route.abort())
        page.goto(host.url + "?stall=3000")
        reload = page.locator("#mammoth-loading-reload")
        reload.wait_for(state="visible", timeout=90_000)
        assert said in page.locator("#mammoth-loading").inner_text()
        # Python's worker may still report after the wait ran out (a busy machine): that
        # late word leaves the stopped start's line in place.
        page.evaluate(
            "window.dispatchEvent(new CustomEvent('mammoth-loading', {detail: {state: 'starting', bytes: 1}}))"
        )
        assert said in page.locator("#mammoth-loading").inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"static-phone-light-{locale[:2]}-stalled.png"))
        with page.expect_navigation(timeout=30_000):
            reload.click()
    finally:
        context.close()


#: A phone's screen wake lock, as the browser gives it, counted: each request returns a
#: lock the test releases when it "hides" the page, as a browser does on another app.
WAKE_LOCK_JS = """(() => {
  window.wakeRequests = 0;
  window.wakeLocks = [];
  let shown = "visible";
  Object.defineProperty(Document.prototype, "visibilityState", {configurable: true, get: () => shown});
  Object.defineProperty(Document.prototype, "hidden", {configurable: true, get: () => shown !== "visible"});
  const lock = {
    request: () => {
      window.wakeRequests += 1;
      const listeners = [];
      const sentinel = {released: false, type: "screen",
        addEventListener: (name, listener) => { if (name === "release") listeners.push(listener); },
        release: async () => { sentinel.released = true; listeners.forEach((l) => l()); }};
      window.wakeLocks.push(sentinel);
      return Promise.resolve(sentinel);
    },
  };
  Object.defineProperty(Navigator.prototype, "wakeLock", {configurable: true, get: () => lock});
  window.showPage = (state) => {
    if (state === "hidden") window.wakeLocks.forEach((s) => s.released || s.release());  // the browser lets go
    shown = state;
    document.dispatchEvent(new Event("visibilitychange"));
  };
})()"""


def test_the_screen_stays_awake_after_the_phone_comes_back_from_another_app(
    browser: Browser, host: StaticHost, tmp_path: Path
) -> None:
    """On a game the app keeps the screen awake; the phone switches to another app (the
    browser releases the lock, as every browser does when a page is hidden) and back: the
    page asks for the lock again, once. On the start screen it does not."""
    context = phone(browser, tmp_path / "phone")
    context.add_init_script(WAKE_LOCK_JS)
    app = open_site(browser, host.url, context)
    try:
        app.new_game(NAMES, "companion")
        deadline = time.monotonic() + 30
        while app.page.evaluate("window.wakeRequests") < 1:
            assert time.monotonic() < deadline, "the game never asked to keep the screen awake"
            time.sleep(0.1)
        asked = app.page.evaluate("window.wakeRequests")
        app.page.evaluate("showPage('hidden')")
        app.page.evaluate("showPage('visible')")
        deadline = time.monotonic() + 10
        while app.page.evaluate("window.wakeRequests") == asked:
            assert time.monotonic() < deadline, "back in view, the page did not ask for the wake lock again"
            time.sleep(0.1)
        assert app.page.evaluate("window.wakeRequests") == asked + 1
        assert app.page.evaluate("window.wakeLocks.at(-1).released") is False
        app.tap("nav-back")
        app.wait("new-game")
        app.settle()
        asked = app.page.evaluate("window.wakeRequests")
        app.page.evaluate("showPage('hidden')")
        app.page.evaluate("showPage('visible')")
        app.settle()
        assert app.page.evaluate("window.wakeRequests") == asked  # the start screen lets the phone sleep
    finally:
        app.close()


#: Whether the page is cross-origin isolated, and what that gives it.
ISOLATION_JS = """() => ({isolated: window.crossOriginIsolated === true,
  shared: typeof SharedArrayBuffer === "function"})"""


def test_the_site_is_cross_origin_isolated_once_its_service_worker_serves_it(
    browser: Browser, isolated_site: Path, site: Path, tmp_path: Path
) -> None:
    """Published with ``--isolate``: a static host sends no isolation headers, and the site's
    service worker adds them to every file it serves. The first visit (served by the host)
    is not isolated and plays; the next one, served by the worker, is: SharedArrayBuffer is
    there, Flutter's renderer runs on a thread of its own (a second worker beside Python's),
    and a game plays, offline too. Published as by default, the worker adds nothing."""
    assert "var ISOLATE = false;" in (site / "sw.js").read_text(encoding="utf-8")
    host = StaticHost(isolated_site).start()
    context = phone(browser, tmp_path / "phone")
    app = open_site(browser, host.url, context)
    try:
        assert app.page.evaluate(ISOLATION_JS) == {"isolated": False, "shared": False}
        assert not any(worker.url.startswith("blob:") for worker in app.page.workers)  # one thread draws
        isolated_again(app)
        assert app.page.evaluate(ISOLATION_JS) == {"isolated": True, "shared": True}
        workers = [worker.url for worker in app.page.workers]
        assert any(url.endswith("python-worker.js") for url in workers), workers
        assert any(url.startswith("blob:") for url in workers), workers  # skwasm's render thread
        host.stop()
        app.new_game(NAMES, "companion")
        app.move(0, name="Anna")
        app.shot("static-phone-light-isolated")
        app.assert_offline()
    finally:
        app.close()
        host.stop()
