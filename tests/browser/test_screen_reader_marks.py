"""The two screen-reader marks Flutter's web accessibility layer leaves out, as
Chromium's accessibility tree has them: each language's name in Settings in its own
language, and a refused name field marked invalid until its name is accepted."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .harness import NARROW, App, Server


def _tree(app: App) -> list[dict[str, Any]]:
    """Chromium's whole accessibility tree for the page (what a screen reader is given)."""
    session = app.page.context.new_cdp_session(app.page)
    try:
        nodes: list[dict[str, Any]] = session.send("Accessibility.getFullAXTree")["nodes"]
        return nodes
    finally:
        session.detach()


def _invalid_textboxes(app: App) -> list[bool]:
    """For each text box in the tree, in page order, whether it is marked invalid."""
    marks = []
    for node in _tree(app):
        if (node.get("role") or {}).get("value") != "textbox":
            continue
        properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        marks.append(properties.get("invalid") not in (None, "false"))
    return marks


def test_language_names_speak_their_language_and_a_refused_name_is_invalid(browser: Browser, server: Server) -> None:
    """Settings: "Deutsch", "Español", "한국어" and "English" each carry their language, also
    after a switch redraws them. Setup: Start game with empty seats marks every field
    invalid; typing a name clears that field's mark only."""
    app = App(browser, server.url, NARROW, touch=True)
    try:
        app.tap("open-settings")
        app.wait("lang-en")
        app.settle(quiet_ms=300)
        for lang in ("en", "de", "es", "ko"):
            assert app.page.locator(f'[flt-semantics-identifier="lang-{lang}"]').first.get_attribute("lang") == lang
        app.tap("lang-de")  # the screen redraws in German: new nodes, marked again
        app.wait_page_text("Sprache")
        app.settle(quiet_ms=300)
        marked = app.page.evaluate(
            "() => ['en', 'de', 'es', 'ko'].map(l => document.querySelector("
            "`[flt-semantics-identifier=\"lang-${l}\"]`).closest('[lang]')?.getAttribute('lang'))"
        )
        assert marked == ["en", "de", "es", "ko"]
        app.tap("lang-en")
        app.wait_page_text("Language")
        app.tap("nav-back")
        app.tap("new-game")
        app.wait("name-0")
        assert _invalid_textboxes(app) == [False, False, False]  # nothing refused yet
        for seat in range(3):
            app.fill_name(seat, "Anna")  # one name three times: the second and third refused
        app.tap("start-game")
        app.wait("name-error-1")
        app.settle(quiet_ms=300)
        assert _invalid_textboxes(app) == [False, True, True]
        app.fill_name(1, "Bert")
        app.gone("name-error-1")
        app.settle(quiet_ms=300)
        assert _invalid_textboxes(app) == [False, False, True]
    finally:
        app.close()
