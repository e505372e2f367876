"""The phone at the table: the round at a glance, the thumb on the next step, Back stays in the app.

Run as a phone: touch, a mobile viewport, device scale 3, and taps by touch events.
Boxes are checked without any scrolling: what the table needs is on screen.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .harness import UNCOVERED_JS, App, Server

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
MEDIUM = {"width": 390, "height": 844}
HEADER = ("title", "start-player", "herd-area", "tiles-left", "bonus-first", "bonus-all")
NAMES = {"en": ("Anna", "Bert", "Chloé"), "ko": ("민지", "서준", "하은")}
LABELS = {
    "en": {"record": "Record", "next": "Next round", "choose": "which bonus do you take?"},
    "ko": {"record": "저장", "next": "다음 라운드", "choose": "어떤 보너스를 받을까요?"},
}


def in_view(app: App, identifier: str) -> None:
    """The control is wholly inside the window as it stands (no scrolling done), and no
    other control covers it. The page is let settle first: a screen just opened may still
    be laying out its nodes."""
    app.settle()
    size = app.page.viewport_size
    box = None
    for _ in range(30):
        box = app.wait(identifier).bounding_box()
        if box is not None and box["width"] > 0:
            break
        time.sleep(0.1)
    assert box is not None and size is not None, identifier
    assert box["x"] >= -1 and box["x"] + box["width"] <= size["width"] + 1, (identifier, box)
    assert box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1, (identifier, box)
    assert app.wait(identifier).evaluate(UNCOVERED_JS), f"{identifier} is under another control"


def record(app: App) -> None:
    """Tap Record and wait for the editor to close."""
    app.tap("save-migration")
    app.gone("migration-editor")


def lone_move(app: App, player: int) -> None:
    """``player`` moves one person (paid with the food the editor starts with)."""
    app.tap(f"edit-{player}")
    app.wait("migration-editor")
    record(app)


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [
        pytest.param("ko", SMALL, id="360x640-ko"),
        pytest.param("en", MEDIUM, id="390x844-en"),
        # The same walk at the other width in each language: in the matrix.
        pytest.param("en", SMALL, id="360x640-en", marks=pytest.mark.matrix),
        pytest.param("ko", MEDIUM, id="390x844-ko", marks=pytest.mark.matrix),
    ],
)
def test_round_choice_and_editor_are_on_screen(
    browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    """Round header, the editor's Record, and the winner's choice above Next round: all in view."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    app = App(browser, server.url, viewport, locale=lang, touch=True)
    size = f"{viewport['width']}"
    try:
        app.new_game(NAMES[lang])
        for identifier in HEADER:
            in_view(app, identifier)
        app.shot(f"phone{size}-{lang}-round")

        app.tap("edit-0")
        app.wait("migration-editor")
        for identifier in ("people-plus", "pay-food-plus", "pay-gold-plus", "owed", "save-migration"):
            in_view(app, identifier)
        assert LABELS[lang]["record"] in app.text("save-migration")
        app.tap("people-plus")
        app.tap("pay-stone-plus")
        in_view(app, "save-migration")
        app.shot(f"phone{size}-{lang}-editor")
        record(app)
        lone_move(app, 1)

        app.tap("roll")
        app.wait("winner", timeout=20_000)  # 2 dice against 1: never a full tie
        app.wait("choose-first", timeout=20_000)
        for identifier in ("choose-first", "choose-all", "next-round", "winner"):
            in_view(app, identifier)
        choice = app.wait("choose-all").bounding_box()
        thumb = app.wait("next-round").bounding_box()
        assert choice and thumb and choice["y"] + choice["height"] <= thumb["y"]  # the choice sits above
        app.wait_page_text(LABELS[lang]["choose"])
        app.shot(f"phone{size}-{lang}-result")
        app.tap("choose-all")
        app.tap("next-round")
        app.wait_text("title", "2")
        for identifier in HEADER:  # the new round opens at its top
            in_view(app, identifier)
        app.assert_offline()
    finally:
        app.close()
        server.stop()


def scrolled_off(app: App, identifier: str) -> bool:
    """The control is above the window (scrolled past) or left out of the tree as off-screen."""
    found = app.el(identifier)
    if not found.count():
        return True
    box = found.first.bounding_box()
    return box is None or box["y"] + box["height"] <= 0


def scroll_past(app: App, identifier: str) -> bool:
    """Swipe up until the control is scrolled off. This only sets the scene for the test.
    On a busy machine the tree can trail the swipe, so the test waits for the tree to show
    the scroll; a swipe that did not take is done again, at most three times."""
    for _ in range(3):
        app.swipe(500)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if scrolled_off(app, identifier):
                return True
            time.sleep(0.1)
    app.on_screen(f"three swipes left {identifier!r} in view")  # the screenshot, for the failure
    return False


def test_each_step_opens_at_its_top(browser: Browser, tmp_path: Path) -> None:
    """The screen's body is kept from step to step (patched, not built again), yet a new step
    opens where it is even after scrolling down: the result at the result (its
    verdict in view, not the herd card), the next round and the editor at their top."""
    server = Server(tmp_path / "data", ["--language", "en"]).start()
    app = App(browser, server.url, SMALL, locale="en", touch=True)
    try:
        app.new_game(NAMES["en"])
        lone_move(app, 0)
        assert scroll_past(app, "start-player")
        app.tap("roll")
        app.wait("winner", timeout=20_000)
        app.settle()
        in_view(app, "title")
        in_view(app, "winner")
        in_view(app, "explanation")
        assert scroll_past(app, "start-player")
        app.tap("next-round")
        app.wait_text("title", "2")
        for identifier in HEADER:
            in_view(app, identifier)
        assert scroll_past(app, "start-player")
        app.tap("edit-2")  # the editor replaces the round: its first line shows, not the old offset
        app.wait("migration-editor")
        in_view(app, "people-plus")
    finally:
        app.close()
        server.stop()


def back(app: App) -> None:
    """The browser's Back button (an Android phone's back gesture in a browser)."""
    app.page.go_back()
    app.settle()


def on_start_screen(app: App, server: Server) -> None:
    """The start screen is shown and its address is in the browser's history.

    The app pushes the address as the screen appears (in the same frame, as timed in
    bench/PROFILE.md); a Back before the address is there would leave the site, as on any
    page, so each Back in these tests waits for it rather than racing a loaded machine."""
    app.wait("new-game")
    assert app.page.url.startswith(server.url.rstrip("/")), app.page.url
    app.page.wait_for_url("**/start")


def test_back_goes_to_the_previous_screen_and_never_leaves(browser: Browser, server: Server) -> None:
    """Back from every screen lands on the app's previous screen; from the start screen it stays."""
    app = App(browser, server.url, MEDIUM, touch=True)
    on_start_screen(app, server)
    back(app)  # Back on the very first screen: still the app
    on_start_screen(app, server)
    for opener, shown, route in (
        ("open-settings", "lang-en", "/settings"),
        ("open-rules", "rules-text", "/rules"),
        ("new-game", "name-0", "/start"),
    ):
        app.tap(opener)
        app.wait(shown)
        app.page.wait_for_url(f"**{route}")  # the screen's address is in the browser's history
        back(app)
        on_start_screen(app, server)
    app.new_game(NAMES["en"])
    app.page.wait_for_url("**/game/1")  # the round has its own address
    app.move(0, name="Anna")
    app.page.wait_for_url("**/game/1")
    back(app)  # from a round: the start screen, the game kept
    app.wait("game-row-1")
    back(app)
    on_start_screen(app, server)
    app.tap("resume-1")
    app.wait_text("player-0", "Anna moves 1 person")
    app.tap("nav-back")  # the in-app button is a step of the same history
    app.wait("game-row-1")
    app.tap("resume-1")
    app.wait("herd-card")
    # Settings from a round: Back returns to the round
    app.tap("end-game")
    app.wait("confirm-card")
    app.tap("confirm-end")
    app.wait("scoring-card")
    app.tap("done")
    app.tap("open-history")
    app.wait("history-1")
    app.tap("history-1")
    app.wait("round-log")
    app.page.wait_for_url("**/history/1")
    back(app)
    app.wait("history-1")
    back(app)
    on_start_screen(app, server)
    back(app)  # Back on the start screen, twice: still the app
    on_start_screen(app, server)
    back(app)
    on_start_screen(app, server)
    app.reload()  # an address of the app reloads into the app
    on_start_screen(app, server)
    assert app.page.url.endswith("/start") and app.el("new-game").count()
    app.assert_offline()
    app.close()


def test_a_reloaded_address_opens_its_screen(browser: Browser, server: Server) -> None:
    """Reloading /rules shows the rules; /game/N the game; an unknown address the start screen."""
    app = App(browser, server.url, MEDIUM, touch=True)
    app.new_game(NAMES["en"])
    app.page.wait_for_url("**/game/1")  # the round's address has reached the browser
    game_url = app.page.url
    app.page.goto(server.url.rstrip("/") + "/rules")
    app.open_here()
    app.wait("rules-text")
    assert app.page.url.endswith("/rules") and not app.el("herd-card").count()
    app.page.goto(game_url)
    app.open_here()
    app.wait("herd-card", timeout=30_000)
    assert "Anna" in app.text("player-0") and app.page.url == game_url
    app.page.goto(server.url.rstrip("/") + "/game/99")
    app.open_here()
    on_start_screen(app, server)
    assert not app.el("herd-card").count()  # no game 99: the start screen, not an empty round
    app.assert_offline()
    app.close()


def test_setup_limits_names_undoes_a_removal_and_keeps_start_in_view(browser: Browser, tmp_path: Path) -> None:
    """A name over 20 characters is flagged while typing, the prompt is not a name, a removed player comes
    back with one tap, and Start game is in view on a phone and on a tablet (two columns)."""
    for viewport, touch in ((SMALL, True), ({"width": 1280, "height": 800}, False)):
        server = Server(tmp_path / f"data-{viewport['width']}").start()
        app = App(browser, server.url, viewport, touch=touch)
        try:
            app.click("new-game")
            app.wait("name-0")
            in_view(app, "start-game")
            field = app.wait("name-0").locator("input, textarea").first
            assert field.input_value() == ""  # the grey prompt is a hint, not a value
            assert "Name" in app.text("name-0")
            app.fill_name(0, "Anna")
            app.fill_name(1, "Bert")
            app.fill_name(2, "Maximiliana-Theodora von X")  # kept whole and flagged
            assert app.wait("name-2").locator("input, textarea").first.input_value() == "Maximiliana-Theodora von X"
            app.wait_text("name-error-2", "is too long: at most 20 characters")
            app.fill_name(2, "Maximiliana-Theodora")
            app.gone("name-error-2")
            app.click("remove-1")
            app.wait_text("removed-player", "Bert was removed.")
            app.shot(f"setup{viewport['width']}-removed")
            app.click("undo-remove")
            app.gone("removed-player")
            assert app.wait("name-1").locator("input, textarea").first.input_value() == "Bert"
            if viewport["width"] > 900:
                players = app.wait("name-0").bounding_box()
                deck = app.wait("deck-companion").bounding_box()
                assert players and deck and deck["x"] > players["x"] + players["width"]  # two columns
            in_view(app, "start-game")
            app.shot(f"setup{viewport['width']}-filled")
            app.click("start-game")
            app.wait("herd-card")
            app.wait_page_text("Maximiliana-Theodora")
        finally:
            app.close()
            server.stop()


TINY = {"width": 320, "height": 568}
TINY_NAMES = ("Großmütterchen", "Ñandú", "김민지")


#: The 320 px walk every run takes: German, in light (the longest words). Korean, English and
#: Spanish walk the same path at 360 px every run (``test_texts_fit.py`` and the 360 px
#: screens of ``test_screens.py``), and dark lays out as light does (its screenshots come from
#: the matrix, and Korean dark from the 360 px walks of ``test_live_round.py``): the other
#: 320 px walks run with ``pytest -m matrix``, to keep the suite short.
TINY_EVERY_RUN = {("de", "light")}


def _tiny_runs() -> list[Any]:
    """The 320 px walk in every language and scheme; the matrix holds those not in
    :data:`TINY_EVERY_RUN`."""
    return [
        pytest.param(
            lang,
            scheme,
            marks=() if (lang, scheme) in TINY_EVERY_RUN else (pytest.mark.matrix,),
            id=f"{lang}-{scheme}",
        )
        for scheme in ("light", "dark")
        for lang in ("en", "de", "es", "ko")
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "scheme"), _tiny_runs())
def test_nothing_spills_at_320_px(browser: Browser, tmp_path: Path, lang: str, scheme: str) -> None:
    """The smallest phone, each language, light and dark: every screen of a printed-tiles game
    and every editor, question and card that opens on it, saved for looking at; no control
    reaching past the window's edges, and (checked in light, which lays out as dark
    does) no word broken inside itself, read from the page's text boxes and drawn buttons."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    app = App(browser, server.url, TINY, scheme, locale=lang, touch=True)
    spilled: dict[str, list[str]] = {}
    broken: dict[str, list[str]] = {}

    def shot(name: str) -> None:
        app.shot(f"tiny-{lang}-{scheme}-{name}")
        if app.spilled():
            spilled[name] = app.spilled()
        if scheme == "light" and (words := app.broken_words()):
            broken[name] = words

    try:
        app.wait("new-game")
        shot("start")
        app.tap("new-game")
        app.wait("name-0")
        for seat in range(3):
            app.fill_name(seat, "Anna")  # one name three times: the later seats refused, in place
        app.tap("start-game")
        app.wait("name-error-1")
        shot("setup-error")
        app.click("deck-physical")
        for seat, name in enumerate(TINY_NAMES):
            app.fill_name(seat, name)
        app.tap("add-player")
        app.wait("remove-3")
        app.tap("remove-3")
        app.wait("undo-remove")
        shot("setup")
        app.tap("start-game")
        app.wait("physical-herd")
        shot("herd-picker")
        app.tap("herd-pick-gold")
        app.wait("tile-editor")
        app.click("tile-kind-food")
        shot("tile-editor")
        app.click("tile-skip")
        app.wait("players-card")
        shot("round")
        app.tap("edit-0")
        app.tap("people-plus")
        shot("editor")
        record(app)
        app.tap("edit-0")  # a recorded move reopened: Take back beside Cancel
        app.wait("withdraw")
        shot("editor-again")
        app.tap("cancel-migration")
        app.gone("migration-editor")
        lone_move(app, 1)
        app.tap("enter-dice")
        app.click("hand-0-0-6")
        app.click("hand-0-1-1")
        app.click("hand-1-0-4")
        shot("dice")
        app.click("apply-dice")
        app.wait("choose-first")
        shot("result")
        app.tap("toggle-log")
        app.wait("round-log")
        app.tap("toggle-summary")
        app.wait("player-summary")
        shot("log-and-summary")
        app.tap("nav-back")  # the start screen, the game kept: its Delete question
        app.tap("delete-1")
        app.wait("confirm-delete")
        shot("delete-question")
        app.tap("cancel-delete")
        app.tap("resume-1")
        app.wait("choose-first")
        app.tap("end-game")
        app.wait("confirm-card")
        shot("confirm-end")
        app.click("confirm-end")
        app.wait("scoring-card")
        shot("scoring")
        app.tap("done")
        later = (("open-history", "history-1"), ("open-stats", "stats-screen"), ("open-settings", "lang-en"))
        for screen, shown in later:
            app.tap(screen)
            app.wait(shown)
            shot(screen.removeprefix("open-"))
            if screen == "open-history":
                app.tap("history-1")
                app.wait("round-log")
                shot("history-game")
                app.tap("nav-back")
                app.wait("history-1")
            app.tap("nav-back")
            app.wait("open-rules")
        app.tap("open-rules")
        app.wait("rules-text")
        shot("rules")
        assert spilled == {}
        assert broken == {}, broken
        app.assert_offline()
    finally:
        app.close()
        server.stop()
