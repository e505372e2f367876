"""The owner's printed tiles, by touch on a phone: entered once, played in one tap per round,
exported, and used on a second device."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.stats import player_summaries
from companion.data.store import Store
from companion.rules import game_to_json, get_deck
from companion.rules.printed import PrintedSet, numbered

from .harness import NARROW, TABLET, App, Server

pytestmark = pytest.mark.browser

AREAS = ["wood", "brick", "stone", "gold"]
#: The "1." good of the n-th tile of each back (the "all" good is food): no two tiles alike.
FIRSTS = ["tool", "points", "civ_card", "stone"]


def enter_set(app: App) -> None:
    """New set from the start screen; 16 tiles, four of each back, each saved as entered.
    A tile saved with an empty "all" is refused in words first."""
    app.tap("open-sets")
    app.tap("new-set")
    app.wait("set-tile-back-card")
    app.tap("set-herd-wood")
    app.tap("tile-kind-tool")
    app.tap("set-tile-save")  # "all" is empty: refused, nothing saved
    app.wait_page_text("Both bonuses need at least one good")
    app.tap("tile-part-all")
    app.tap("tile-kind-food")
    app.tap("set-tile-save")
    app.wait_text("set-progress", "1 of 16")
    for number in range(1, 16):
        area, first = AREAS[number // 4], FIRSTS[number % 4]
        app.reveal(f"set-add-{area}")
        app.tap(f"set-add-{area}")
        app.wait("set-tile-back-card")
        app.tap(f"tile-kind-{first}")
        app.tap("tile-part-all")
        app.tap("tile-kind-food")
        app.tap("set-tile-save")
        app.wait_text("set-progress", f"{number + 1} of 16")
    assert not app.el("set-add-wood").count()  # four of each back: nothing more to add


def pick(app: App, number: int) -> None:
    """One tap on tile ``number`` of the list; the round shows its herd and its bonuses.
    A tile below the fold is tapped as a screen reader taps it (on its semantics node): a
    swipe through this list loses the tiles' test identifiers in Flutter's semantics tree
    (the tiles themselves stay, named and tappable)."""
    app.wait("set-picker")
    app.settle()
    box = app.wait(f"set-tile-{number}").bounding_box()
    height = app.page.viewport_size["height"] if app.page.viewport_size else 640
    if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height:
        app.tap(f"set-tile-{number}")
    else:
        app.click(f"set-tile-{number}")
    app.wait("herd-card")


@pytest.mark.slow
def test_a_set_entered_once_plays_a_whole_game_in_one_tap_a_round(browser: Browser, tmp_path: Path) -> None:
    """A phone enters a set of 16 tiles, plays a printed-tiles game with it to the tamed herd
    (one tap per round for the tile, "Another tile" in one round, an undone round start that
    brings its tile back), the game's save and export hold every tile's goods; the set is
    exported, imported on a second device and played there."""
    server = Server(tmp_path / "data").start()
    app = App(browser, server.url, NARROW, touch=True)
    other: Server | None = None
    phone: App | None = None
    try:
        app.wait("new-game")
        enter_set(app)
        app.shot("phone-set-editor")
        exported = tmp_path / "set.json"
        app.reveal("set-export")
        with app.page.expect_download() as download:
            app.tap("set-export")
        download.value.save_as(exported)
        assert len(json.loads(exported.read_text(encoding="utf-8"))["tiles"]) == 16
        app.tap("nav-back")
        app.wait("set-row-1")
        app.tap("nav-back")

        app.new_game(["Anna", "Bert", "Chen"], "physical", shows="set-picker")
        assert "Round 1" in app.text("title")
        app.shot("phone-set-picker")
        pick(app, 5)  # a brick tile: 1. tool, all food
        assert "clay pit" in app.text("herd-area") and "1 tool" in app.text("bonus-first")
        app.move(0, name="Anna")
        app.tap("roll")
        app.wait_text("winner", "Anna tames the mammoth", timeout=20_000)

        # Round 2: a tile picked, the round start undone: the list has that tile again.
        app.tap("next-round")
        pick(app, 9)
        app.tap("undo")
        app.wait("set-tile-9")
        assert not app.el("set-tile-5").count()  # turned in round 1: not in the pile
        pick(app, 10)
        assert "quarry" in app.text("herd-area") and "1 point" in app.text("bonus-first")
        app.tap("roll")
        app.tap("box-confirm")
        app.wait("explanation")

        # Round 3: a tile that is not in the list: the area, then its bonuses; the offer.
        app.tap("next-round")
        app.wait("set-picker")
        app.tap("set-tile-other")
        app.tap("herd-pick-gold")
        app.wait("tile-editor")
        app.describe_tool_and_food()
        app.reveal("set-offer")
        app.tap("set-offer")  # the set is full: it asks which tile the turned one replaces
        app.wait("set-pending")
        assert "The set is full" in app.text("set-pending")
        app.tap("set-replace-16")  # a gold tile, listed first (the same back)
        app.wait("set-tile-back-card")
        app.tap("set-tile-cancel")  # Cancel keeps the turned tile offered
        app.wait("set-pending")
        app.shot("phone-light-set-replace")
        app.tap("set-replace-16")
        app.tap("set-tile-save")
        app.wait_text("set-progress", "16 of 16")
        app.gone("set-pending")
        assert "1 tool" in app.text("set-edit-16")
        app.tap("nav-back")  # one Back: the game
        app.wait("herd-card")
        app.tap("roll")
        app.tap("box-confirm")
        app.wait("explanation")

        # Rounds 4 to 16: one tap for the tile; Bert wins every third round, the rest is boxed.
        left = [n for n in range(1, 17) if n not in (5, 10)]
        for number in range(4, 17):
            app.tap("next-round")
            pick(app, left.pop(0))
            if number % 3 == 0:
                app.move(1, name="Bert")
                app.tap("roll")
                app.wait_text("winner", "Bert tames the mammoth", timeout=20_000)
            else:
                app.tap("roll")
                app.tap("box-confirm")
                app.wait("explanation")
        assert left == [16]  # one set tile never turned: round 3's tile stood in for it
        app.wait_text("next-round", "pile empty")
        app.tap("next-round")
        app.wait("herd-tamed")

        store = Store(server.data_dir / "games.sqlite3")
        try:
            game = store.load(1)
            assert all(r.tile.first is not None and r.tile.all is not None for r in game.state.rounds)
            assert all(s.unknown == 0 for s in player_summaries(game.state))
            data = json.loads(game_to_json(game))
            assert len(data["setup"]["printed"]) == 16
            assert sum(1 for e in data["log"] if e.get("action", {}).get("tile")) == 16  # 15 taps and 1 undone
        finally:
            store.close()

        # A second device imports the set and plays with it.
        other = Server(tmp_path / "other").start()
        phone = App(browser, other.url, NARROW, touch=True)
        phone.wait("new-game")
        phone.tap("open-sets")
        damaged = tmp_path / "damaged.json"
        damaged.write_text('{"tiles": [{"herd": "sky"}]}', encoding="utf-8")
        for path, words in ((damaged, "Unknown herd resource"), (exported, "Imported the set")):
            with phone.page.expect_file_chooser() as chooser:
                phone.tap("import-set")
            chooser.value.set_files(str(path))
            phone.wait_page_text(words)
        phone.wait("set-row-1")
        assert not phone.el("set-row-2").count()  # the damaged file added nothing
        phone.tap("nav-back")
        phone.new_game(["Dana", "Emil"], "physical", shows="set-picker")
        pick(phone, 16)
        assert "river" in phone.text("herd-area") and "1 stone" in phone.text("bonus-first")
        phone.assert_offline()
        app.assert_offline()
    finally:
        for opened in (app, phone):
            if opened is not None:
                opened.close()
        server.stop()
        if other is not None:
            other.stop()


def look(app: App, name: str) -> None:
    """A screenshot once the screen has stopped changing (its pictures in, too)."""
    app.settle(quiet_ms=300)
    app.still_screenshot(limit_s=6)
    app.shot(name)


@pytest.mark.parametrize(
    ("size", "scheme", "lang"),
    [
        ("phone", "dark", "ko"),
        ("tablet", "light", "ko"),
        # The other two with ``pytest -m matrix``, to keep CI's run under the hour.
        pytest.param("phone", "light", "en", marks=pytest.mark.matrix),
        pytest.param("tablet", "dark", "de", marks=pytest.mark.matrix),
    ],
)
def test_the_set_screens_look_right(browser: Browser, tmp_path: Path, size: str, scheme: str, lang: str) -> None:
    """The set editor, a tile being entered and the round's tile list, at phone and tablet
    size, light and dark, Korean included: saved for looking at; no word broken inside."""
    data = tmp_path / "data"
    store = Store(data / "games.sqlite3")
    store.create_set(PrintedSet("Anna", numbered(get_deck("companion").tiles)[:11]))
    store.close()
    server = Server(data, ["--language", lang]).start()
    app = App(browser, server.url, NARROW if size == "phone" else TABLET, scheme=scheme, locale=lang, touch=True)
    try:
        app.wait("new-game")
        app.tap("open-sets")
        app.tap("open-set-1")
        app.wait("set-progress")
        look(app, f"{size}-{scheme}-{lang}-set-editor")
        assert app.broken_words() == []
        app.reveal("set-edit-2")
        app.tap("set-edit-2")
        app.wait("set-tile-back-card")
        look(app, f"{size}-{scheme}-{lang}-set-tile")
        app.tap("set-tile-cancel")
        app.tap("nav-back")
        app.tap("nav-back")
        app.new_game(["Anna", "김민지", "Ñandú"], "physical", shows="set-picker")
        look(app, f"{size}-{scheme}-{lang}-set-picker")
        assert app.broken_words() == []
        app.assert_offline()
    finally:
        app.close()
        server.stop()
