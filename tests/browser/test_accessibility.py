"""Every player can use it: names, headings, chosen states, announcements and finger-sized
targets, read from Chromium's own accessibility tree (CDP ``Accessibility.getFullAXTree``)
on the real app at 360×640 with touch."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .harness import App, Server

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
ACTIONABLE = {"button", "checkbox", "radio", "switch", "link", "menuitem", "tab", "togglebutton"}
#: Buttons of a single choice (identifiers matching these): each must say whether it is the chosen one.
CHOICES = (
    "^start-player-",
    "^deck-",
    "^choose-",
    "^lang-",
    "^theme-",
    "^text-size-",
    "^tile-part-",
    "^tile-kind-",
    r"^hand-\d+-\d+-\d$",  # a die's faces entered from the table
)


def ax_nodes(app: App) -> list[dict[str, Any]]:
    cdp = app.context.new_cdp_session(app.page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    result = []
    for node in nodes:
        if node.get("ignored"):
            continue
        props = {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}
        result.append(
            {"role": node.get("role", {}).get("value"), "name": node.get("name", {}).get("value", ""), **props}
        )
    return result


def check_screen(app: App, screen: str, problems: list[str]) -> None:
    """No unnamed control, at least one heading, every choice with its chosen state."""
    app.settle(quiet_ms=300)
    nodes = ax_nodes(app)
    for node in nodes:
        if node["role"] in ACTIONABLE and not str(node["name"]).strip():
            problems.append(f"{screen}: a {node['role']} without a name")
    if not any(node["role"] == "heading" for node in nodes):
        problems.append(f"{screen}: no heading")
    choices = app.page.evaluate(
        """patterns => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))
            .filter(e => patterns.some(p => new RegExp(p).test(e.getAttribute('flt-semantics-identifier'))))
            .map(e => [e.getAttribute('flt-semantics-identifier'), e.getAttribute('aria-checked')])""",
        list(CHOICES),
    )
    for identifier, checked in choices:
        if checked not in ("true", "false"):
            problems.append(f"{screen}: choice {identifier} has no chosen state")


def walk(app: App, visit: Callable[[str], None]) -> None:
    """Every screen of the app, each handed to ``visit`` by name. Each control is scrolled
    to first: on a small or zoomed window Flutter leaves controls far below out of the tree."""

    def press(identifier: str, touch: bool = False) -> None:
        app.reveal(identifier, steps=30)
        (app.tap if touch else app.click)(identifier)

    app.wait("new-game")
    visit("start")
    press("new-game", touch=True)
    app.wait("name-0")
    visit("setup")
    for seat, name in enumerate(["Anna", "Abel", "Chen"]):
        app.fill_name(seat, name)
    press("deck-physical")
    press("start-game", touch=True)
    app.wait("physical-herd")
    visit("herd picker")
    press("herd-pick-wood", touch=True)
    app.wait("tile-editor")
    visit("tile editor")
    press("tile-skip")
    app.wait("players-card")
    visit("round")
    press("edit-0", touch=True)
    app.wait("migration-editor")
    visit("migration editor")
    press("people-plus", touch=True)
    press("save-migration", touch=True)
    app.gone("migration-editor")
    press("edit-1", touch=True)
    press("save-migration", touch=True)
    app.gone("migration-editor")
    press("enter-dice", touch=True)
    app.wait("apply-dice")
    visit("dice from the table")
    press("hand-0-0-6")
    press("hand-0-1-2")
    press("hand-1-0-5")
    press("apply-dice")
    app.wait("choose-first")
    visit("result")
    press("toggle-log")
    app.wait("round-log")
    press("toggle-summary")
    app.wait("player-summary")
    visit("log and summary")
    press("end-game")
    app.wait("confirm-card")
    visit("end game question")
    press("confirm-end")
    app.wait("scoring-card")
    visit("scoring")
    press("done")
    press("open-history")
    app.wait("history-1")
    visit("finished games")
    press("history-1")
    app.wait("round-log")
    visit("finished game")
    press("nav-back")
    press("nav-back")
    press("open-stats")
    app.wait("stats-screen")
    visit("statistics")
    press("nav-back")
    press("open-settings")
    app.wait("lang-en")
    visit("settings")
    press("nav-back")
    press("open-rules")
    app.wait("rules-text")
    visit("rules")


def test_every_screen_names_its_controls_and_shows_its_choices(browser: Browser, server: Server) -> None:
    """On every screen: each button has a name on its focusable node, the screen has a
    heading, and each option of a choice is exposed as chosen or not."""
    app = App(browser, server.url, SMALL, touch=True)
    problems: list[str] = []
    walk(app, lambda screen: check_screen(app, screen, problems))
    assert problems == [], "\n".join(problems)
    app.assert_offline()
    app.close()


def gaps(boxes: list[tuple[str, dict[str, float]]]) -> list[str]:
    """Pairs of targets nearer than 8 px (sharing no area), and targets under 48×48."""
    found = []
    for name, box in boxes:
        if box["width"] < 47.5 or box["height"] < 47.5:
            found.append(f"{name} is {box['width']:.0f}×{box['height']:.0f}")
    for i, (first, a) in enumerate(boxes):
        for second, b in boxes[i + 1 :]:
            dx = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]), 0)
            dy = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]), 0)
            overlap = dx == 0 and dy == 0
            if not overlap and max(dx, dy) < 7.5:
                found.append(f"{first} and {second} are {max(dx, dy):.0f} px apart")
    return found


TARGETS_JS = """() => Array.from(document.querySelectorAll(
    'flt-semantics[role=button], flt-semantics[role=checkbox], flt-semantics[role=switch]'))
  .map(e => [e.getAttribute('flt-semantics-identifier') || e.getAttribute('aria-label')
               || e.textContent.trim().slice(0, 30),
             e.getBoundingClientRect().toJSON()])
  .filter(([, r]) => r.width > 0 && r.height > 0 && r.top > 0 && r.bottom < innerHeight - 1
                     && r.right > 0 && r.left < innerWidth)"""
#: Only targets wholly inside the window count: one cut by the window's edge is measured
#: once scrolled into view, on another screen of the walk.


def test_targets_are_finger_sized_and_apart(browser: Browser, server: Server) -> None:
    """At 360×640 every tappable control is at least 48×48 and 8 px from its neighbours."""
    app = App(browser, server.url, SMALL, touch=True)
    problems: list[str] = []

    def measure(screen: str) -> None:
        app.settle(quiet_ms=300)
        boxes = [(str(name), box) for name, box in app.page.evaluate(TARGETS_JS)]
        found = gaps(boxes)
        # A target cut by the edge of a scrolling area shows only its visible part: scroll it
        # to the middle and measure it again before calling it small.
        for name, box in boxes:
            if box["height"] >= 47.5 and box["width"] >= 47.5:
                continue
            size = app.page.viewport_size or SMALL
            distance = box["y"] - size["height"] / 2
            app.swipe(distance)
            again = dict((str(n), b) for n, b in app.page.evaluate(TARGETS_JS)).get(name)
            if again and again["height"] >= 47.5 and again["width"] >= 47.5:
                found = [f for f in found if not f.startswith(f"{name} is ")]
            app.swipe(-distance)
        problems.extend(f"{screen}: {p}" for p in found)

    walk(app, measure)
    assert problems == [], "\n".join(problems)
    app.close()


LISTEN_JS = """() => {
  window.__announced = window.__announced || [];
  const seen = window.__announced;
  const record = () => document.querySelectorAll('[aria-live]').forEach(e => {
    const text = (e.textContent || '').trim();
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  });
  new MutationObserver(record).observe(document.body, {subtree: true, childList: true, characterData: true});
  record();
}"""


def live_texts(app: App) -> str:
    """Everything the page's announcement regions have said since :data:`LISTEN_JS` ran."""
    return " | ".join(app.page.evaluate("() => window.__announced || []"))


def test_results_and_messages_are_announced(browser: Browser, tmp_path: Path) -> None:
    """A roll's result, a refused payment and a refused name sit in live regions, which a
    screen reader announces as they appear."""
    server = Server(tmp_path / "data").start()
    app = App(browser, server.url, SMALL, touch=True)
    try:
        app.page.evaluate(LISTEN_JS)  # a screen reader's ear: every text the live regions say
        app.tap("new-game")
        app.fill_name(0, "Anna")
        app.fill_name(1, "Anna")
        app.tap("start-game")  # a name taken twice: refused at the second seat
        app.wait_page_text("“Anna” is already taken: every name must be different.")
        assert "“Anna” is already taken: every name must be different." in live_texts(app)
        # The field is named for its seat, and its message belongs to the field itself.
        assert app.wait("name-1").get_attribute("aria-label") == "Player 2"
        assert app.wait("name-1").locator('[flt-semantics-identifier="name-error-1"]').count() == 1
        for seat, name in enumerate(["Anna", "Bert", "Chen"]):
            app.fill_name(seat, name)
        app.tap("start-game")
        app.wait("players-card")
        app.tap("edit-0")
        app.tap("people-plus")
        app.tap("pay-food-minus")
        app.tap("save-migration")  # one food short: refused
        app.wait_page_text("costs exactly 2 food")
        assert "costs exactly 2 food" in live_texts(app)
        app.tap("cancel-migration")
        app.move(0)
        app.tap("roll")
        app.wait("winner", timeout=20_000)
        app.settle()
        assert "tames the mammoth" in live_texts(app)
        app.assert_offline()
    finally:
        app.close()
        server.stop()


FOCUSED_JS = """() => {
    const node = document.activeElement && document.activeElement.closest('[flt-semantics-identifier]');
    return node ? node.getAttribute('flt-semantics-identifier') : null;
}"""


def focus_on(app: App, identifier: str, timeout: float = 10.0) -> None:
    """The keyboard's focus reaches ``identifier`` (Flutter moves it as the screen redraws)."""
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        seen = app.page.evaluate(FOCUSED_JS)
        if seen == identifier:
            return
        time.sleep(0.1)
    raise AssertionError(f"focus is on {seen!r}, not {identifier!r}")


def test_the_keyboard_follows_each_step(browser: Browser, server: Server) -> None:
    """The editor takes the focus when it opens (its first button), Record and Escape hand
    it back to the player's row, Enter opens the editor again, and after a roll the focus
    lands on the next step beside the announced result, never on the page root."""
    app = App(browser, server.url, SMALL, touch=True)
    try:
        app.page.evaluate(LISTEN_JS)
        app.start_round()
        app.tap("edit-0")
        app.wait("migration-editor")
        focus_on(app, "people-plus")
        app.page.keyboard.press("Enter")  # one person more, from the keyboard
        app.wait_text("people-value", "2")
        app.tap("save-migration")
        app.gone("migration-editor")
        focus_on(app, "edit-0")
        app.page.keyboard.press("Enter")
        app.wait("migration-editor")
        focus_on(app, "people-plus")
        app.page.keyboard.press("Escape")  # the keyboard's Cancel
        app.gone("migration-editor")
        focus_on(app, "edit-0")
        app.tap("roll")
        app.wait("winner", timeout=20_000)
        focus_on(app, "next-round", timeout=20)
        assert "tames the mammoth" in live_texts(app)
    finally:
        app.close()


def test_reduced_motion_starts_with_the_roll_animation_off(browser: Browser, tmp_path: Path) -> None:
    """A device that asks for reduced motion gets no rolling dice: the switch in Settings
    starts off and a roll shows its result at once. Without the request it starts on."""
    server = Server(tmp_path / "data").start()
    calm = App(browser, server.url, SMALL, touch=True, reduced_motion=True)
    lively = App(browser, server.url, SMALL, touch=True)
    try:
        for app, expected in ((calm, "false"), (lively, "true")):
            app.click("open-settings")
            state = (
                app.wait("switch-animation")
                .locator("[role=switch], input")
                .first.evaluate("e => e.getAttribute('aria-checked') ?? String(e.checked)")
            )
            assert state == expected, (expected, state)
            app.click("nav-back")
        calm.page.evaluate(LISTEN_JS)
        calm.start_round()
        calm.move(0)
        calm.tap("roll")
        calm.wait("winner", timeout=20_000)
        assert calm.el("skip-animation").count() == 0
        assert "tames the mammoth" in live_texts(calm)
    finally:
        calm.close()
        lively.close()
        server.stop()


def test_big_text_on_every_screen(browser: Browser, server: Server) -> None:
    """At 200 % text size on a 360×640 phone: buttons grow with their labels, every screen
    keeps its names, headings and chosen states, nothing reaches past the window's edge,
    and a reload keeps the size."""
    app = App(browser, server.url, SMALL, touch=True)
    try:
        app.click("open-settings")
        before = app.wait("language-title").bounding_box()  # a heading near the top
        app.click("text-size-200")
        app.wait_text("text-size-200", "200")
        app.settle(quiet_ms=300)
        after = app.wait("language-title").bounding_box()
        assert before is not None and after is not None
        assert after["height"] >= 1.8 * before["height"], (before, after)
        app.click("nav-back")
        problems: list[str] = []

        def visit(screen: str) -> None:
            check_screen(app, screen, problems)
            problems.extend(f"{screen}: {spill}" for spill in app.spilled())

        walk(app, visit)
        assert problems == []
        app.reload()
        app.wait("rules-text")
        app.click("nav-back")
        app.click("open-settings")
        again = app.wait("language-title").bounding_box()
        assert again is not None and abs(again["height"] - after["height"]) < 2, (after, again)
    finally:
        app.close()


def test_200_percent_zoom_on_every_screen(browser: Browser, server: Server) -> None:
    """A 360×640 phone zoomed to 200 % is a 180×320 window: every screen still has its
    names, headings and chosen states, and nothing reaches past the window's edge (the
    setup's seat buttons go under the name, the top bar's actions under the title)."""
    app = App(browser, server.url, {"width": 180, "height": 320}, touch=True)
    try:
        problems: list[str] = []

        def visit(screen: str) -> None:
            check_screen(app, screen, problems)
            problems.extend(f"{screen}: {spill}" for spill in app.spilled())
            if screen == "setup":
                field = app.wait("name-0").bounding_box()
                assert field is not None and field["width"] >= 80, field  # room to type a name

        walk(app, visit)
        assert problems == []
    finally:
        app.close()
