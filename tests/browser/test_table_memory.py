"""Games that travel (export, import, copy) and the summary and statistics as they look, in the
real web app. Every number on those screens is checked headless (tests/test_summaries_shown.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import Store
from companion.rules.serialize import MAX_IMPORT_BYTES, game_to_json

from .harness import PHONE, TABLET, App, Server, cli_import

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def changed_setup(exported: Path, **fields: object) -> bytes:
    """The exported game with parts of its setup changed: other player names (two that
    clash, say), or the bonus tiles of a newer app."""
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["setup"].update(fields)
    return json.dumps(data).encode()


# --- driving the app ---------------------------------------------------------------------


def roll_and_end(app: App) -> None:
    """Roll the app's dice, wait for the winner, and end the game."""
    app.click("roll")
    app.wait("winner", timeout=20_000)
    app.click("end-game")
    app.click("confirm-end")


def test_export_import_and_copy_in_the_browser(browser: Browser, server: Server, tmp_path: Path) -> None:
    """Export downloads the command line's file; the command line accepts it; the app imports
    it on another device as the same game, and refuses it on this one (already here); hostile
    files get the command line's words and change nothing; Copy summary fills the clipboard."""
    app = App(browser, server.url, PHONE)
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.new_game(["Anna", "Bert", "Chloé"])
    app.move(0, 1)
    roll_and_end(app)
    app.wait("scoring-card")
    exported = app.export(tmp_path / "exported.json")
    store = Store(server.data_dir / "games.sqlite3")
    game_id = store.history()[0].id
    assert exported.read_text(encoding="utf-8") == game_to_json(store.load(game_id))  # the CLI's very file
    app.reveal("copy-summary")
    app.click("copy-summary")
    app.wait_page_text("The summary is on the clipboard.")
    copied = app.page.evaluate("navigator.clipboard.readText()")
    assert "Anna: 1 tile, tamings won 1" in copied and "10 points: Anna" in copied

    # The command line takes the file (into another folder).
    cli = cli_import(exported, tmp_path / "cli", "--language", "en")
    assert cli.returncode == 0 and "Imported as game 1 (finished)" in cli.stdout, cli.stderr

    # This device has it already: the app says so and saves no second copy.
    app.click("done")
    before = len(store.history()) + len(store.unfinished_games())
    with app.page.expect_file_chooser() as chooser:
        app.click("import-game")
    chooser.value.set_files(str(exported))
    app.wait_page_text("is already on this device")
    assert len(store.history()) + len(store.unfinished_games()) == before

    # Hostile and damaged files: the command line's messages, nothing changes.
    snapshot = (server.data_dir / "games.sqlite3").read_bytes()
    hostile = {
        "not-json.json": (b"\x00\xffnot json", "not readable JSON"),
        "huge.json": (b" " * (MAX_IMPORT_BYTES + 10), "too large"),
        "bad-names.json": (changed_setup(exported, players=["Anna", "anna", "Chloé"]), "players are not accepted"),
        "not-a-game.json": (b'{"hello": 1}', "not a Mammoth Herd Companion game"),
        "other-tiles.json": (
            changed_setup(exported, deck="tiles2030"),
            "bonus tiles this app does not have (tiles2030)",
        ),
    }
    for name, (data, words) in hostile.items():
        path = tmp_path / name
        path.write_bytes(data)
        with app.page.expect_file_chooser() as chooser:
            app.click("import-game")
        chooser.value.set_files(str(path))
        app.wait_page_text(words)
        cli = subprocess.run(
            [sys.executable, "-m", "companion", "import", str(path), "--data-dir", str(tmp_path / "cli2")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert cli.returncode == 1 and words in cli.stderr, (name, cli.stderr)
        app.click("message-close")
        app.gone("message")
    assert (server.data_dir / "games.sqlite3").read_bytes() == snapshot
    app.shot("phone-light-import-refused")
    app.close()

    # Another device: the app imports it as the same game.
    other = Server(tmp_path / "other").start()
    try:
        app = App(browser, other.url, PHONE)
        app.wait("new-game")
        with app.page.expect_file_chooser() as chooser:
            app.click("import-game")
        chooser.value.set_files(str(exported))
        app.wait_page_text("Imported: Anna, Bert, and Chloé.")
        imported = Store(tmp_path / "other" / "games.sqlite3")
        assert game_to_json(imported.load(imported.history()[0].id)) == exported.read_text(encoding="utf-8")
        app.click("open-history")
        app.wait("history-1")
        app.assert_offline()
        app.close()
    finally:
        other.stop()


@pytest.mark.parametrize(
    ("viewport", "scheme", "lang"),
    [(PHONE, "light", "en"), (PHONE, "dark", "ko"), (TABLET, "light", "de"), (TABLET, "dark", "en")],
    ids=["phone-light-en", "phone-dark-ko", "tablet-light-de", "tablet-dark-en"],
)
def test_summary_and_statistics_screenshots(
    browser: Browser, tmp_path: Path, viewport: dict[str, int], scheme: str, lang: str
) -> None:
    """The summary and the statistics at phone and tablet size, light and dark, Korean included."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    app = App(browser, server.url, viewport, scheme, locale=lang)
    size = "phone" if viewport is PHONE else "tablet"
    try:
        app.click("new-game")
        for seat, name in enumerate(["민지", "Bert", "Chloé"]):
            app.fill_name(seat, name)
        app.click("start-game")
        app.wait("herd-card")
        app.move(0, 2)
        app.move(1, 1)
        roll_and_end(app)
        app.wait("player-summary")
        app.reveal("summary-2")
        app.shot(f"{size}-{scheme}-{lang}-summary")
        assert "민지" in app.text("summary-0") and app.spilled() == []
        app.click("done")
        app.click("open-stats")
        app.wait("stats-screen")
        app.shot(f"{size}-{scheme}-{lang}-stats")
        assert "민지" in app.text("stats-screen") and app.spilled() == []
        app.assert_offline()
    finally:
        app.close()
        server.stop()
