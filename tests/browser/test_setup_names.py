"""New game's names on a phone (360 x 640, touch): a name typed wrong is flagged
as it is typed, Start shows every problem at once and brings the first into view, and a
long paste is kept and flagged rather than cut without a word."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .harness import NARROW, App, Server
from .test_live_round import in_view

pytestmark = pytest.mark.browser

PASTED = "Bartholomew Fitzgerald-Montgomery Jr.!"  # 38 characters


def test_every_name_problem_shows_at_once_and_the_first_in_view(browser: Browser, server: Server) -> None:
    """Four seats: Anna, nothing, "anna", a 38-character paste. The duplicate and the long
    name are flagged while typing; Start scrolls back up to the first of them, and the empty
    seat, which plays as its label, is named so on its start-player chip; fixed names start
    the game."""
    app = App(browser, server.url, NARROW, locale="en", touch=True)
    try:
        app.tap("new-game")
        app.tap("add-player")
        app.fill_name(0, "Anna")
        app.fill_name(2, "anna")
        app.wait_page_text("“anna” is already taken")
        app.fill_name(3, PASTED)
        app.wait_page_text(f"“{PASTED}” is too long: at most 20 characters.")
        assert "Player 2 needs a name." not in app.page_text()  # not before Start
        app.shot("phone-360-en-light-names-typing")
        app.swipe(600)  # the table scrolls down to the choices, then taps Start
        app.tap("start-game")
        app.wait("name-error-2")
        for seat in (2, 3):
            assert app.el(f"name-error-{seat}").count() == 1, f"seat {seat} has no message"
        assert app.el("name-error-1").count() == 0  # an empty seat plays as "Player 2"
        assert in_view(app, "name-2"), "the first problem is out of view after Start"
        app.wait_text("start-player-1", "Player 2")
        app.shot("phone-360-en-light-names-after-start")
        app.fill_name(1, "Bert")
        app.fill_name(2, "Chen")
        app.fill_name(3, PASTED[:20])
        app.gone("name-error-2")
        assert not any(app.el(f"name-error-{seat}").count() for seat in range(4))
        app.tap("start-game")
        app.wait("players-card")
        assert "Bartholomew Fitzgera" in app.page_text()
    finally:
        app.close()
