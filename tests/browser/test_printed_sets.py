"""The owner's printed tiles in a browser, by touch on a phone: the set's file exported and used
on a second device, and the set's screens as they look. Entering a set and a whole game with it
are walked headless (tests/test_printed_sets.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import Store
from companion.rules import get_deck
from companion.rules.printed import PrintedSet, numbered

from ..test_printed_sets import full_set
from .harness import NARROW, TABLET, App, Server

pytestmark = pytest.mark.browser

AREAS = ["wood", "brick", "stone", "gold"]
#: The "1." good of the n-th tile of each back (the "all" good is food): no two tiles alike.
FIRSTS = ["tool", "points", "civ_card", "stone"]


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


def test_a_set_travels_to_a_second_device_by_its_file(browser: Browser, tmp_path: Path) -> None:
    """A phone's set of 16 tiles is exported (the browser's download), a damaged file is
    refused in words on a second device, the exported one imported there, and a game played
    with it takes its tiles. (Entering a set and playing a whole game with it is walked
    headless: tests/test_printed_sets.py.)"""
    data = tmp_path / "data"
    store = Store(data / "games.sqlite3")
    store.create_set(full_set())
    store.close()
    server = Server(data).start()
    app = App(browser, server.url, NARROW, touch=True)
    other: Server | None = None
    phone: App | None = None
    try:
        app.wait("new-game")
        app.tap("open-sets")
        app.tap("open-set-1")
        app.wait_text("set-progress", "16 of 16")
        app.shot("phone-set-editor")
        exported = tmp_path / "set.json"
        app.reveal("set-export")
        with app.page.expect_download() as download:
            app.tap("set-export")
        download.value.save_as(exported)
        assert len(json.loads(exported.read_text(encoding="utf-8"))["tiles"]) == 16

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
        phone.shot("phone-set-picker")
        pick(phone, 16)
        assert "river" in phone.text("herd-area") and "2 resources of your choice" in phone.text("bonus-first")
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
