"""Tablet layout, languages mid-game, and screenshots of every main screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .harness import PHONE, TABLET, App, Server

pytestmark = pytest.mark.browser


def start_game(app: App, names: list[str]) -> None:
    app.click("new-game")
    for seat, name in enumerate(names):
        if seat >= 3:
            app.click("add-player")
        app.fill_name(seat, name)
    app.click("start-game")
    app.wait("herd-card")


def test_tablet_two_panes_and_a_taming(browser: Browser, server: Server) -> None:
    """At tablet size the herd and the players sit side by side, and a taming plays."""
    app = App(browser, server.url, TABLET)
    start_game(app, ["Ana", "Ben", "Cem", "Dia"])
    herd = app.wait("herd-card").bounding_box()
    players = app.wait("players-card").bounding_box()
    assert herd and players
    assert players["x"] >= herd["x"] + herd["width"]  # two panes, side by side
    assert abs(players["y"] - herd["y"]) < 200
    app.click("edit-1")
    app.click("people-plus")
    app.click("people-plus")
    app.click("save-migration")
    app.wait_text("player-1", "Ben moves 3 people")
    app.move(3, name="Dia")
    app.click("roll")
    app.wait("winner", timeout=20_000)
    app.click("choose-first")
    app.wait("handouts")
    app.shot("tablet-light-result")
    app.assert_offline()
    app.close()


def test_language_switch_mid_game(browser: Browser, server: Server) -> None:
    """Korean and German replace every word at once; the game stays where it was."""
    app = App(browser, server.url, PHONE)
    start_game(app, ["김민지", "Großmütterchen", "Ñandú"])
    app.move(0, name="김민지")
    app.click("nav-back")
    app.click("open-settings")
    app.click("lang-ko")
    app.wait_text("title", "설정")
    app.shot("phone-ko-settings")
    app.click("nav-back")  # back to the start screen it was opened from
    app.click("resume-1")
    app.wait_text("player-0", "김민지: 1명 이동")
    assert "1라운드" in app.text("title")
    app.wait_page_text("길들이기 주사위 굴리기")
    app.shot("phone-ko-round")
    app.click("roll")
    app.wait("winner", timeout=20_000)
    assert "매머드를 길들였습니다" in app.text("winner")
    app.shot("phone-ko-result")
    app.click("nav-back")
    app.click("open-settings")
    app.click("lang-de")
    app.wait_text("title", "Einstellungen")
    app.click("nav-back")
    app.click("resume-1")
    app.wait_text("title", "Runde 1")
    app.wait_page_text("Nächste Runde")
    app.click("next-round")
    app.wait_page_text("Wer setzt Personen auf das Plättchen?")
    app.click("edit-1")
    app.wait_page_text("Umgesetzte Personen")
    app.shot("phone-de-migration")
    # the choice is remembered across a reload
    app.reload()
    app.wait_text("title", "Runde 2")
    app.assert_offline()
    app.close()


@pytest.mark.parametrize(
    ("size", "viewport", "scheme"),
    [("phone", PHONE, "light"), ("phone", PHONE, "dark"), ("tablet", TABLET, "light"), ("tablet", TABLET, "dark")],
)
def test_screenshots_of_every_main_screen(
    browser: Browser, server: Server, size: str, viewport: dict[str, int], scheme: str
) -> None:
    """Start, setup, round, migration, taming, log, scoring, history, settings and rules, saved as
    artifacts; on none of them is a control cut off at the window's edge."""
    app = App(browser, server.url, viewport, scheme)
    prefix = f"{size}-{scheme}"
    cut_off: dict[str, list[str]] = {}

    def look(name: str) -> None:
        app.shot(f"{prefix}-{name}")
        if spilled := app.spilled():
            cut_off[name] = spilled

    app.wait("new-game")
    look("start")
    app.click("new-game")
    app.fill_name(0, "Anna")
    app.fill_name(1, "Bert")
    app.fill_name(2, "Chloé")
    look("setup")
    app.click("start-game")
    app.wait("herd-card")
    look("round")
    app.click("edit-0")
    app.click("people-plus")
    app.click("pay-stone-plus")
    look("migration")
    app.click("save-migration")
    app.wait_text("player-0", "Anna moves 2 people")
    app.move(1, name="Bert")
    app.click("roll")
    app.wait("winner", timeout=20_000)
    look("taming")
    app.click("toggle-log")
    app.wait("round-log")
    look("log")
    app.click("end-game")
    app.wait("confirm-card")
    look("confirm-end")
    app.click("confirm-end")
    app.wait("scoring-card")
    look("scoring")
    app.click("done")
    app.click("open-history")
    app.wait("history-1")
    look("history")
    app.click("history-1")
    app.wait("round-log")
    look("history-game")
    app.click("nav-back")
    app.wait("history-1")  # the finished games again: the next Back is theirs, not the game's
    app.click("nav-back")
    app.click("open-settings", shows="lang-en")
    look("settings")
    app.click("nav-back")
    app.click("open-rules")
    app.wait("rules-text")
    look("rules")
    assert cut_off == {}
    app.assert_offline()
    app.close()


def _every_width_language_and_theme() -> list[Any]:
    """German, Spanish and Korean at 360 px, light, run every time; the rest of the matrix
    (320, 360 and 390 px, four languages, light and dark) with ``pytest -m matrix``."""
    combos = []
    for width in (320, 360, 390):
        for lang in ("en", "de", "es", "ko"):
            for scheme in ("light", "dark"):
                always = width == 360 and lang != "en" and scheme == "light"
                marks = () if always else (pytest.mark.matrix,)
                combos.append(pytest.param(width, lang, scheme, marks=marks, id=f"{width}-{lang}-{scheme}"))
    return combos


@pytest.mark.parametrize(("width", "lang", "scheme"), _every_width_language_and_theme())
def test_every_screen_fits(browser: Browser, tmp_path: Path, width: int, lang: str, scheme: str) -> None:
    """Every screen at phone widths, saved for looking at, and no control reaching past the
    window's edges."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    height = {320: 568, 360: 640, 390: 844}[width]
    app = App(browser, server.url, {"width": width, "height": height}, scheme, locale=f"{lang}-{lang.upper()}")
    spilled: dict[str, list[str]] = {}
    prefix = "narrow" if (width, scheme) == (360, "light") else f"w{width}-{scheme}"

    def shot(name: str) -> None:
        app.shot(f"{prefix}-{lang}-{name}")
        if app.spilled():
            spilled[name] = app.spilled()

    try:
        app.wait("new-game")
        shot("start")
        app.click("new-game")
        app.wait("name-0")
        app.fill_name(0, "Anna")
        app.fill_name(1, "Anna")
        app.click("start-game")  # an error message in this language, in place (a name taken twice)
        app.wait("name-error-1")
        shot("setup-error")
        app.click("deck-physical")
        for seat, name in enumerate(["Großmütterchen", "Ñandú", "김민지"]):
            app.fill_name(seat, name)
        shot("setup")
        app.click("start-game")
        app.wait("physical-herd")
        shot("physical-herd")
        app.click("herd-pick-brick")
        app.wait("tile-editor")
        shot("tile-editor")
        app.click("tile-skip")
        app.wait("players-card")
        shot("round")
        app.click("edit-0")
        app.click("people-plus")
        app.click("pay-brick-plus")
        shot("migration")
        app.click("save-migration")
        app.wait("roll")
        app.move(1)
        app.wait("roll")
        shot("odds")
        app.click("enter-dice")
        app.click("hand-0-0-6")
        app.click("hand-0-1-2")
        app.click("hand-1-0-3")
        shot("dice-by-hand")
        app.click("apply-dice")
        app.wait("winner", timeout=20_000)
        shot("taming")
        app.click("toggle-log")
        app.wait("round-log")
        shot("log")
        app.click("end-game")
        app.wait("confirm-card")
        shot("confirm-end")
        app.click("confirm-end")
        app.wait("scoring-card")
        shot("scoring")
        app.click("done")
        app.click("open-history")
        app.wait("history-1")
        shot("history")
        app.click("history-1")
        app.wait("round-log")
        shot("history-game")
        app.click("nav-back")
        app.wait("history-1")  # the finished games again: the next Back is theirs, not the game's
        app.click("nav-back")
        app.wait("open-history")  # the start screen
        app.click("open-settings")
        app.wait("lang-en")
        shot("settings")
        app.click("nav-back")
        app.click("open-rules")
        app.wait("rules-text")
        shot("rules")
        app.assert_offline()
        assert spilled == {}
    finally:
        app.close()
        server.stop()


def test_browser_language_is_picked_up(browser: Browser, server: Server) -> None:
    """With no language chosen yet, the app speaks the browser's language (Spanish here)."""
    app = App(browser, server.url, PHONE, locale="es-ES")
    try:
        assert "Nueva partida" in app.text("new-game")
        app.assert_offline()
    finally:
        app.close()


def test_unknown_browser_language_falls_back_to_english(browser: Browser, server: Server) -> None:
    """A browser language the app does not speak gives English."""
    app = App(browser, server.url, PHONE, locale="fr-FR")
    try:
        assert "New game" in app.text("new-game")
    finally:
        app.close()


def test_settings_and_rules_return_where_they_were_opened(browser: Browser, server: Server) -> None:
    """Settings and Rules opened from the start screen go back to the start screen, even
    with a game in progress (they used to return into the game)."""
    app = App(browser, server.url, PHONE)
    start_game(app, ["Ana", "Ben", "Cem"])
    app.click("nav-back")
    app.click("open-settings")
    app.wait("lang-en")
    app.click("nav-back")
    app.wait("game-row-1")
    app.click("resume-1")
    app.wait("herd-card")
    app.click("nav-back")
    app.click("open-rules")
    app.wait("rules-text")
    app.click("nav-back")
    app.wait("game-row-1")
    assert app.el("new-game").count() and not app.el("herd-card").count(), "Back from the rules left the start screen"
    app.assert_offline()
    app.close()
