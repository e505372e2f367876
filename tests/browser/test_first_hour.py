"""A newcomer's first hour, as only a browser shows it: the served app's loading screen, where
the round scrolls after Record and after a panel opens, how much of a phone the result's
bar takes, and each new line looked at in English at 390 px and in Korean at 360 px (the
behaviour itself is walked headless in tests/test_first_hour.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Route

from .harness import NARROW, App, Server, without_joiners
from .test_live_round import in_view

TALL = {"width": 390, "height": 844}


@pytest.mark.parametrize(
    ("size", "lang", "starting"), [("360", "ko", "앱을 여는 중…"), ("390", "en", "Starting the app…")]
)
def test_the_served_app_shows_its_loading_screen_until_flutter_draws(
    browser: Browser, server: Server, size: str, lang: str, starting: str
) -> None:
    """While the web client loads, the page shows the app's own screen (icon, name, what is
    happening in the device's language), not a white page; it goes once Flutter draws. The
    client's start is held back until the screen was looked at, so no timing decides it."""
    viewport = NARROW if size == "360" else TALL
    locale = "ko-KR" if lang == "ko" else "en-US"
    context = browser.new_context(viewport=viewport, locale=locale, is_mobile=True, has_touch=True)  # type: ignore[arg-type]
    page = context.new_page()
    held: list[Route] = []
    page.route("**/flutter_bootstrap.js", lambda route: held.append(route))
    try:
        page.goto(server.url, wait_until="domcontentloaded")
        cover = page.locator("#mammoth-loading")
        cover.wait_for(state="visible", timeout=30_000)
        assert cover.get_attribute("lang") == lang
        assert page.locator("#mammoth-loading-status").inner_text() == starting
        assert "Mammoth Herd" in cover.inner_text()
        page.screenshot(path=f"test-artifacts/screenshots/served-loading-{size}-{lang}.png")
        page.wait_for_function("() => document.querySelector('#mammoth-loading img').complete")
        assert held, "the client's start was never asked for"
        for route in held:
            route.continue_()
        cover.wait_for(state="detached", timeout=60_000)
        page.locator("flt-semantics-placeholder, flt-glass-pane").first.wait_for(state="attached", timeout=60_000)
    finally:
        context.close()


def _walk(app: App, size: str, lang: str) -> dict[str, Any]:
    """New game, three moves and a roll, the people limit and the dice entry on the way;
    screenshots of each; what the checks need, measured."""
    seen: dict[str, Any] = {}
    app.press("new-game")
    app.wait("start-deck")
    app.settle(quiet_ms=300)
    app.shot(f"first-hour-{size}-{lang}-start")
    app.press("start-game")  # no names typed: the labels' names
    app.wait("players-card")
    app.move(0, 1)
    seen["herd-after-0"] = in_view(app, "herd-card")
    seen["row-after-0"] = in_view(app, "player-0")
    app.shot(f"first-hour-{size}-{lang}-after-record")
    app.open_entry(1)
    for _ in range(5):  # to 6: the area's 7 places, one of them Player 1's
        app.press("people-plus")
    app.wait("people-limit")
    app.shot(f"first-hour-{size}-{lang}-people-limit")
    app.press("save-migration")
    app.gone("migration-editor")
    seen["herd-after-1"] = in_view(app, "herd-card")
    seen["row-after-1"] = in_view(app, "player-1")
    app.press("enter-dice")
    app.wait("hand-card")
    app.press("apply-dice")
    app.wait("die-unpicked")
    seen["die"] = in_view(app, "die-unpicked")
    app.shot(f"first-hour-{size}-{lang}-die-unpicked")
    app.press("cancel-dice")
    app.gone("hand-card")
    app.press("roll")
    app.wait("next-round", timeout=30_000)
    app.settle(quiet_ms=300)
    bar = app.wait("thumb-bar").bounding_box()
    seen["bar"] = bar["height"] if bar else None
    app.shot(f"first-hour-{size}-{lang}-result")
    app.press("toggle-log")
    app.wait("round-log")
    seen["log"] = in_view(app, "round-log") or _top_in_view(app, "round-log")
    app.shot(f"first-hour-{size}-{lang}-log")
    app.press("choose-all") if app.count("choose-all") else None
    app.press("end-game")
    app.press("confirm-end")
    app.wait("scoring-card")
    seen["title"] = app.text("title").strip()
    app.settle(quiet_ms=300)
    app.shot(f"first-hour-{size}-{lang}-game-over")
    app.press("done")
    app.press("open-history")
    app.wait("history-1")
    seen["history"] = app.text("history-1")
    app.shot(f"first-hour-{size}-{lang}-history")
    return seen


def _top_in_view(app: App, identifier: str) -> bool:
    """The control starts on the screen, above the thumb bar (a long log goes on below)."""
    box, bar = app.wait(identifier).bounding_box(), app.wait("thumb-bar").bounding_box()
    return bool(box and bar and 0 <= box["y"] < bar["y"] - 40)


@pytest.mark.parametrize(("size", "lang"), [("390", "en"), ("360", "ko")])
def test_a_first_game_on_a_phone_keeps_the_round_in_view(
    browser: Browser, server: Server, size: str, lang: str
) -> None:
    """A fresh phone: Start with the labels' names; after each Record the row is in view, and
    at 390 × 844 the herd's card too; Use these dice with a die left empty scrolls to that
    die; the result's bar takes at most a quarter of a 390 × 844 phone; Show game log scrolls
    to the log. Each new line is looked at."""
    viewport = TALL if size == "390" else NARROW
    locale = "en-US" if lang == "en" else "ko-KR"
    app = App(browser, server.url, viewport, locale=locale, touch=True)
    try:
        seen = _walk(app, size, lang)
    finally:
        app.close()
    assert seen["row-after-0"] and seen["row-after-1"] and seen["die"], seen
    if size == "390":
        assert seen["herd-after-0"] and seen["herd-after-1"], seen
        assert seen["bar"] is not None and seen["bar"] <= 844 / 4, seen
    assert seen["log"], seen
    assert seen["title"] == ("Game over" if lang == "en" else "게임 종료"), seen
    assert ("(0 mammoth tiles)" if lang == "en" else "(매머드 타일 0개)") in seen["history"], seen


@pytest.mark.parametrize(("size", "lang"), [("390", "en"), ("360", "ko")])
def test_a_printed_game_is_listed_as_round_1_and_end_game_reads_as_such(
    browser: Browser, server: Server, size: str, lang: str
) -> None:
    """A printed-tiles game left before its first herd is listed as round 1 on the start
    screen; End game is a flag with its name where the top bar has room (a 320 px phone puts
    the actions on a line of their own), looked at beside the phone's size."""
    viewport = TALL if size == "390" else NARROW
    locale = "en-US" if lang == "en" else "ko-KR"
    app = App(browser, server.url, viewport, locale=locale, touch=True)
    try:
        app.new_game(("Ann", "Bo"), deck="physical", shows="physical-herd")
        app.press("nav-back")
        app.wait_page_text("Round 1" if lang == "en" else "1라운드")
        assert "Round 0" not in app.page_text() and "0라운드" not in app.page_text()
        app.shot(f"first-hour-{size}-{lang}-printed-listed")
        app.page.set_viewport_size({"width": 320, "height": 640})
        app.press("resume-1")
        app.wait("physical-herd")
        app.settle(quiet_ms=300)
        named = "End game" if lang == "en" else "게임 끝내기"
        shown = without_joiners(app.wait("end-game").inner_text())
        assert named in shown, f"the 320 px top bar has room for End game's name: {shown!r}"
        app.shot(f"first-hour-320-{lang}-end-game-named")
    finally:
        app.close()
