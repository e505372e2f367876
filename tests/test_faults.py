"""Damaged, newer, full and read-only storage, two tabs on one game, and hostile input, walked
headless (:mod:`tests.headless`) through the real session start and Flet's real patches, on
real SQLite files. The browser keeps the kills of the server process, double taps and the
page that waits for a stopped host (``tests/browser/test_reliability.py``)."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.data.store import SCHEMA_VERSION, Store
from companion.rules import Migrate, Payment, Roll, StartRound, make_setup, play, start_game

from .headless import HeadlessApp, Table
from .moves import Moves

#: The players of most games here.
TABLE = ("Anna", "Bert", "Chloé")


def report(name: str, **figures: object) -> None:
    """Show the figures of a run (inputs tried, actions refused) in the test output (``-s``)."""
    print(f"figures {name}: {json.dumps(figures)}")


def snapshot(app: Moves) -> dict[str, str]:
    """What the app shows of the game right now."""
    shown = {}
    for ident in ("title", "tiles-left", "player-0", "player-1", "player-2", "explanation"):
        if app.count(ident):
            shown[ident] = " ".join(sorted(app.text(ident).split()))  # word order of a page may vary
    return shown


def kept_aside(data: Path, mark: str) -> list[Path]:
    """The files the store moved aside with ``mark`` in their name (not SQLite's own -wal, -shm)."""
    return [p for p in data.iterdir() if mark in p.name and not p.name.endswith(("-wal", "-shm"))]


@contextlib.contextmanager
def told_and_kept(tmp_path: Path, language: str, said: str, mark: str, original: bytes) -> Iterator[HeadlessApp]:
    """The app opened on a saved-games file it cannot use: it says ``said`` in ``language``,
    and the file is kept aside whole (``mark`` in its new name); the app, for what follows."""
    table = Table(tmp_path / "data")
    try:
        app = table.open(language=language)
        app.wait_page_text(said)
        kept = kept_aside(tmp_path / "data", mark)
        assert len(kept) == 1 and kept[0].read_bytes() == original
        yield app
    finally:
        table.close()


def test_corrupt_database_is_kept_aside_and_explained(tmp_path: Path) -> None:
    """A damaged file: the app starts, says so in the user's language, and keeps the file."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "games.sqlite3").write_bytes(b"\x00garbage, not SQLite" * 500)
    original = (data / "games.sqlite3").read_bytes()
    with told_and_kept(tmp_path, "de", "war beschädigt", ".corrupt-", original) as app:
        app.new_game(TABLE)  # and the fresh file works


def test_truncated_database_with_games(tmp_path: Path) -> None:
    """A file cut short (dead battery mid-copy) is moved aside whole, never overwritten."""
    data = tmp_path / "data"
    data.mkdir()
    store = Store(data / "games.sqlite3")
    for seed in range(30):
        game = start_game(make_setup(["A", "B", "C"], 0, "companion", seed))
        for action in (StartRound(), Migrate(0, 2, Payment(food=2)), Roll(), StartRound(), Roll()):
            game = play(game, action)
        store.create(game)
    store.close()
    db = data / "games.sqlite3"
    blob = db.read_bytes()
    db.write_bytes(blob[: len(blob) // 2])
    cut = db.read_bytes()
    with told_and_kept(tmp_path, "en", "was damaged", ".corrupt-", cut):
        pass


def test_newer_schema_is_not_touched(tmp_path: Path) -> None:
    """A database from a newer app version is kept aside unchanged; the user is told."""
    data = tmp_path / "data"
    data.mkdir()
    db = sqlite3.connect(data / "games.sqlite3")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 3}")
    db.execute("CREATE TABLE games_v4(x)")
    db.commit()
    db.close()
    original = (data / "games.sqlite3").read_bytes()
    with told_and_kept(tmp_path, "es", "versión más nueva", ".newer-", original):
        pass


@contextlib.contextmanager
def small_disk(path: Path, size: str) -> Iterator[Path]:
    """A tiny tmpfs at ``path`` (root only, as in CI)."""
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], check=True)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tiny or read-only disk needs root (CI is root)")


@needs_root
def test_full_disk_refuses_the_action_and_keeps_the_game(tmp_path: Path) -> None:
    """When the disk fills up the tap is refused with a message; nothing saved is lost, and
    the app started again shows the game as it was."""
    with small_disk(tmp_path / "disk", "600k") as disk:
        table = Table(disk / "data")
        try:
            app = table.open()
            app.new_game(TABLE)
            app.move(0, name="Anna")
            shown = snapshot(app)
            filler = disk / "filler"
            with contextlib.suppress(OSError), filler.open("wb") as out:
                while True:
                    out.write(b"\0" * 4096)
                    out.flush()
            tried = 0
            for ident in ("edit-2", "roll"):
                app.click(ident)
                if ident == "edit-2":
                    app.click("save-migration")  # refused: the editor stays open
                tried += 1
                app.wait_page_text("could not be saved")
                app.click("message-close")
                if ident == "edit-2":
                    app.click("cancel-migration")
            assert "Chloé" in app.text("player-2") and "moves" not in app.text("player-2")
            filler.unlink()
        finally:
            table.close()
        table = Table(disk / "data")  # the app started again on the same folder
        try:
            again = table.open()
            again.wait("title")
            assert snapshot(again) == shown
            report("full_disk", refused_actions=tried, data_lost=0)
        finally:
            table.close()


@needs_root
def test_read_only_data_dir_explains_and_changes_nothing(tmp_path: Path) -> None:
    """A read-only folder with saved games: the app explains, and the file stays byte for byte."""
    with small_disk(tmp_path / "disk", "4m") as disk:
        data = disk / "data"
        data.mkdir()
        store = Store(data / "games.sqlite3")
        store.create(start_game(make_setup(list(TABLE), 0, "companion", 7)))
        store.close()
        before = {p.name: p.read_bytes() for p in data.iterdir()}
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        table = Table(data)
        try:
            app = table.open(language="ko")
            app.wait_page_text("게임을 저장할 수 없습니다")
            assert {p.name: p.read_bytes() for p in data.iterdir()} == before
        finally:
            table.close()


def test_two_tabs_stay_consistent(table: Table) -> None:
    """A second tab sees the first tab's actions; no action is applied twice."""
    first = table.open()
    first.new_game(TABLE)
    second = table.open()
    second.wait("herd-card")
    first.move(0)
    second.wait_text("player-0", "Anna moves 1 person")
    second.move(1)
    first.wait_text("player-1", "Bert moves 1 person")
    first.click("roll")
    second.wait("next-round", timeout=20_000)
    first.wait("next-round")
    assert first.text("explanation") == second.text("explanation")
    second.click("toggle-log")
    assert "4 entries" in second.wait_text("round-log", "entries")  # start, 2 migrations, 1 roll


BAD_NAMES = [  # (a seat left empty plays as its label: tests/test_first_hour.py)
    ("Anna", "already taken"),
    ("שלום", "cannot show"),
    ("Grog 🦣", "cannot show"),
    ("Zero\u200bwidth", "invisible"),
]


def test_bad_names_and_payments_get_clear_messages(table: Table) -> None:
    """Hostile names and payments that do not add up are refused in words; nothing changes.
    (A long name pasted in a browser's field is kept whole and flagged: tests/browser/
    test_setup_names.py.)"""
    app = table.open()
    app.click("new-game")
    app.fill_name(0, "Anna")
    app.fill_name(2, "Chloé")
    tried = 0
    for name, needle in BAD_NAMES:
        app.fill_name(1, name)
        app.click("start-game")
        app.wait_page_text(needle)
        tried += 1
    app.fill_name(1, "A very long name indeed, too long")
    app.wait_text("name-error-1", "is too long: at most 20 characters")
    app.fill_name(1, "Bert")
    app.click("start-game")
    app.wait("herd-card")
    app.click("edit-0")
    app.click("people-plus")
    app.click("people-plus")
    app.click("pay-food-minus")
    app.wait_text("owed", "Still owed: 1")
    app.click("save-migration")
    app.wait_page_text("Moving 3 people costs exactly 3 food or resources; entered: 2.")
    tried += 1
    app.click("cancel-migration")
    assert "No people on the tile" in app.text("player-0")
    report("bad_input", names_tried=len(BAD_NAMES), payments_tried=1, total=tried)
