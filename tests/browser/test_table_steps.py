"""The step the table sees, on a touch phone: Undo on the tile list takes back Next round
alone and says so; the list stays true to the pile after Another tile; a second phone's
change leaves an open editor with what was entered, and says when it clashes."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import Store
from companion.rules import get_deck
from companion.rules.printed import PrintedSet, numbered

from .harness import NARROW, App, Server

pytestmark = pytest.mark.browser


def test_undo_on_the_tile_list_keeps_the_winner_s_choice(browser: Browser, tmp_path: Path) -> None:
    """Korean, dark, a 360 px touch phone, the owner's full set. Round 1: a tile, two moves,
    the table's dice (Anna wins), Anna takes "all", Next round; Undo on the tile list shows
    the result with "all" still chosen and says what it took back; Redo asks for the tile
    again. Then Another tile (a river tile): the list shows three river tiles, not four."""
    data = tmp_path / "data"
    store = Store(data / "games.sqlite3")
    store.create_set(PrintedSet("Anna", numbered(get_deck("companion").tiles)))
    store.close()
    server = Server(data, ["--language", "ko"]).start()
    app = App(browser, server.url, NARROW, scheme="dark", locale="ko", touch=True)
    try:
        app.wait("new-game")
        app.new_game(["Anna", "김민지", "Ñandú"], "physical", shows="set-picker")
        app.tap("set-tile-1")
        app.wait("herd-card")
        for seat in (0, 1):
            app.move(seat)
            app.wait(f"player-{seat}")
        app.tap("enter-dice")
        for die in ("hand-0-0-6", "hand-1-0-1"):
            app.tap(die)
        app.tap("apply-dice")
        app.wait("choose-all")
        app.tap("choose-all")
        app.wait_checked("choose-all")
        app.tap("next-round")
        app.wait("set-picker")

        app.tap("undo")
        app.wait_text("message", "실행 취소함")
        app.wait("choose-all")
        assert app.checked("choose-all") and not app.checked("choose-first")
        app.settle(quiet_ms=300)
        app.shot("phone-dark-ko-undone-next-round")
        stored = Store(data / "games.sqlite3")
        try:
            game = stored.load(1)
            assert game.state.current is not None and game.state.current.choice is not None
            assert game.state.current.choice.value == "all"  # the saved game kept the choice
        finally:
            stored.close()
        app.tap("redo")
        app.wait_text("message", "다시 실행함")
        app.wait("set-picker")

        # Another tile, with a river back: one of the set's four river tiles is not in the pile.
        app.tap("set-tile-other")
        app.tap("herd-pick-gold")
        app.wait("tile-editor")
        app.tap("tile-skip")
        app.tap("roll")
        app.tap("box-confirm")
        app.tap("next-round")
        app.wait("set-picker")
        app.reveal("set-tile-15")
        assert app.el("set-tile-14").count() and not app.el("set-tile-16").count()
        app.assert_offline()
    finally:
        app.close()
        server.stop()


def test_a_second_phone_never_wipes_an_open_editor(browser: Browser, server: Server) -> None:
    """Two phones on one game. The first has Bert's editor open with 2 people when the second
    records Anna: the first still has Bert's 2 and records them. Then both take Chen: the
    first's editor says the second recorded Chen, and Record puts the first's entry in."""
    first = App(browser, server.url, NARROW, touch=True)
    second = App(browser, server.url, NARROW, touch=True)
    try:
        first.start_round(("Anna", "Bert", "Chen", "Dana"))
        second.tap("resume-1")
        second.wait("players-card")
        first.tap("edit-1")
        first.tap("people-plus")
        second.move(0, name="Anna")
        first.wait("synced")
        first.tap("save-migration")  # the editor stayed open with its 2 people
        first.wait_text("player-1", "Bert moves 2 people")
        first.wait_text("player-0", "Anna moves 1 person")

        first.tap("edit-2")
        first.tap("people-plus")
        first.tap("people-plus")
        second.move(2)
        first.wait_text("entry-conflict", "Another screen recorded Chen's move")
        first.settle(quiet_ms=300)
        first.shot("phone-light-entry-conflict")
        first.tap("save-migration")
        first.wait_text("player-2", "Chen moves 3 people")
        second.wait_text("player-2", "Chen moves 3 people")
        for phone in (first, second):  # both entries of the first phone are what both show
            assert "Bert moves 2 people" in phone.text("player-1") and "Anna moves 1 person" in phone.text("player-0")
        for phone in (first, second):
            phone.assert_offline()
    finally:
        first.close()
        second.close()
