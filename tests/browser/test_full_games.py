"""The printed tiles in a browser: a quick second tap, the screens at phone and tablet size, and
a phone that joins by touch. The whole games are walked headless (tests/test_whole_games.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ..test_whole_games import pick_herd
from .harness import PHONE, TABLET, App, Server

pytestmark = pytest.mark.browser

AREAS = ["wood", "brick", "stone", "gold"]


# Two taps in one go, as a quick thumb sends them: the second leaves before the page has heard
# what the first changed.
TWO_TAPS_JS = """([first, second]) => {
  const node = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const press = id => (node(id).querySelector('[role="button"]') || node(id)).click();
  press(first);
  press(second);
}"""


def test_save_tapped_right_after_a_good_still_saves(browser: Browser, server: Server) -> None:
    """A good added to the tile's "all" part and Save tapped at once: the good's amount line
    comes in above Save, and Save is still the control the second tap was sent to, so the
    bonuses are saved with that good, not lost in the redraw."""
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    app.new_game(["Anna", "Bert"], "physical", shows=None)
    pick_herd(app, 1, "wood")
    app.click("tile-kind-tool")
    app.wait("tile-amount-tool-value")
    app.click("tile-part-all")
    app.wait_text("tile-editor", "“all”")
    app.settle()
    app.page.evaluate(TWO_TAPS_JS, ["tile-kind-food", "tile-save"])
    app.gone("tile-editor")
    app.wait_text("bonus-first", "1 tool")
    assert "1 food" in app.text("bonus-all")


@pytest.mark.parametrize(
    ("size", "scheme", "lang"),
    [("phone", "dark", "en"), ("phone", "light", "ko"), ("tablet", "light", "en"), ("tablet", "dark", "de")],
)
def test_printed_tile_screens_look_right(browser: Browser, tmp_path: Path, size: str, scheme: str, lang: str) -> None:
    """The herd picker, the tile editor and the game list at phone and tablet size, light and
    dark, in Korean and German: saved for looking at, and the picker's four areas all on screen."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    viewport = PHONE if size == "phone" else TABLET
    app = App(browser, server.url, viewport, scheme=scheme, locale=lang)
    try:
        app.wait("new-game")
        app.new_game(["Anna", "김민지", "Ñandú"], "physical", shows="physical-herd")
        for area in AREAS:
            box = app.wait(f"herd-pick-{area}").bounding_box()
            assert box and box["y"] + box["height"] <= viewport["height"] and box["width"] >= 120
        app.shot(f"{size}-{scheme}-{lang}-herd-picker")
        app.click("herd-pick-stone")
        app.wait("tile-editor")
        app.click("tile-kind-civ_card")
        app.click("tile-part-all")
        app.click("tile-kind-stone")
        app.click("tile-amount-stone-plus")
        app.shot(f"{size}-{scheme}-{lang}-tile-editor")
        app.click("tile-save")
        app.gone("tile-editor")
        app.click("nav-back")
        app.wait("game-row-1")
        app.shot(f"{size}-{scheme}-{lang}-game-list")
        app.assert_offline()
    finally:
        app.close()
        server.stop()


def test_a_phone_joins_a_printed_tiles_game_and_plays_a_round_by_touch(browser: Browser, tmp_path: Path) -> None:
    """Served to the room with a token: the table's tablet starts a printed-tiles game, a phone
    (touch, mobile viewport, scale 3) opens the join address and plays round 1 with its finger;
    the tablet shows every step."""
    token = "table-9-token"
    server = Server(tmp_path / "data", ["--token", token]).start_guarded(token)
    tablet = App(browser, f"{server.url}?token={token}", TABLET)
    try:
        tablet.new_game(["Ann", "Bo", "Cy"], "physical", shows=None)
        tablet.wait("physical-herd")
        tablet.click("nav-back")
        tablet.click("open-join")
        join = tablet.wait_text("join-url-0", "token=").split()[0]
        phone = App(browser, join, {"width": 390, "height": 844}, touch=True)
        phone.wait("physical-herd")  # opens on the table's game
        phone.tap("herd-pick-brick")
        phone.tap("tile-skip")
        phone.move(0, name="Ann")
        tablet.click("nav-back")
        tablet.click("resume-1")
        tablet.wait_text("player-0", "Ann moves 1 person")
        assert "clay pit" in tablet.text("herd-area")
        phone.tap("roll")
        phone.wait_text("winner", "Ann tames the mammoth", timeout=20)
        tablet.wait_text("winner", "Ann tames the mammoth", timeout=20)
        phone.shot("phone-touch-printed-result")
        assert "token" not in phone.page.url
        phone.assert_offline()
        phone.close()
    finally:
        tablet.close()
        server.stop()
