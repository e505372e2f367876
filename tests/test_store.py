"""Saved games in a real SQLite file."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion.data.store import SCHEMA_VERSION, Store
from companion.rules import (
    Action,
    Choice,
    Choose,
    EndGame,
    ImportFormatError,
    Migrate,
    Payment,
    Roll,
    StartRound,
    game_from_json,
    game_to_json,
    play,
    undo,
)

from .helpers import new_game


def played(players: int = 3, rounds: int = 3):  # type: ignore[no-untyped-def]
    """A game a few rounds in, with an undone roll."""
    game = new_game(players, seed=11)
    for r in range(rounds):
        game = play(game, StartRound())
        game = play(game, Migrate(r % players, 2, Payment(food=1, stone=1)))
        game = play(game, Roll())
        if r == 0:
            game = play(undo(game), Roll())
        game = play(game, Choose(Choice.ALL))
    return game


def test_store_round_trip_every_state(tmp_path: Path) -> None:
    """After each action the stored game loads back equal to the one in memory."""
    store = Store(tmp_path / "games.sqlite3")
    game = new_game(4, seed=5)
    gid = store.create(game)
    actions: list[Action] = [
        StartRound(),
        Migrate(0, 2, Payment(food=2)),
        Migrate(1, 1, Payment(gold=1)),
        Roll(),
        Choose(Choice.ALL),
        StartRound(),
        Roll(),
        StartRound(),
        EndGame(),
    ]
    reader = Store(tmp_path / "games.sqlite3")  # replays what the first one wrote
    for action in actions:
        game = play(game, action)
        store.record(gid, game)
        assert store.load(gid) == game
        assert reader.load(gid) == game
    game = undo(game)
    store.record(gid, game)
    assert store.load(gid) == game
    assert reader.load(gid) == game
    store.close()
    assert Store(tmp_path / "games.sqlite3").load(gid) == game


def test_tabs_on_one_game_share_one_copy_while_it_is_what_is_stored(tmp_path: Path) -> None:
    """Every load of an unchanged game, and the load after a write, hand out one object (the
    tabs of a table share it instead of each replaying the log). A change made through
    another connection (another process) is replayed, even a game deleted and made again
    under the same number, with the same setup and as many entries, within one second."""
    from companion.data.store import KEPT_GAMES

    path = tmp_path / "games.sqlite3"
    store, other = Store(path), Store(path)
    game = play(new_game(3, seed=7), StartRound())
    gid = store.create(game)
    assert store.load(gid) is store.load(gid)
    moved = play(game, Migrate(0, 2, Payment(food=2)))
    store.record(gid, moved, expected=len(game.log))
    assert store.load(gid) is moved

    elsewhere = play(other.load(gid), Migrate(1, 1, Payment(wood=1)))
    other.record(gid, elsewhere, expected=len(moved.log))
    assert store.load(gid) == elsewhere and store.load(gid) is not moved

    assert other.delete(gid) is True
    again = play(play(new_game(3, seed=7), StartRound()), Migrate(0, 1, Payment(food=1)))
    again = play(again, Migrate(1, 2, Payment(food=1, wood=1)))
    assert other.create(again) == gid and len(again.log) == len(elsewhere.log) and again != elsewhere
    assert store.load(gid) == again

    kept = store.load(gid)
    for seed in range(KEPT_GAMES):  # as many other games loaded: the first is no longer kept
        store.load(store.create(new_game(2, seed=100 + seed)))
    assert store.load(gid) == kept and store.load(gid) is not kept
    with pytest.raises(KeyError):
        other.delete(gid)
        store.load(gid)


def test_store_resumes_unfinished_and_keeps_history(tmp_path: Path) -> None:
    """The unfinished game is found on open; finished games are history with their log."""
    store = Store(tmp_path / "g.sqlite3")
    finished = play(played(), EndGame())
    fid = store.create(finished)
    open_game = played(4, rounds=1)
    oid = store.create(open_game)
    assert store.unfinished() == oid
    history = store.history()
    assert [h.id for h in history] == [fid] and history[0].finished
    assert store.load(fid).log == finished.log
    assert any(e.kind.value == "undo" and e.taming for e in store.load(fid).log)


def test_store_uses_platformdirs_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a path the database goes to the user data directory."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = Store()
    assert store.path == tmp_path / "mammoth-herd-companion" / "games.sqlite3"
    assert store.path.exists()


def test_store_settings(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.get_setting("language") is None
    store.set_setting("language", "ko")
    assert Store(tmp_path / "s.sqlite3").get_setting("language") == "ko"


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_corrupt_database_moved_aside(tmp_path: Path, damage: str) -> None:
    """An unreadable file is moved aside (bytes intact), the user is told, a clean store starts."""
    path = tmp_path / "games.sqlite3"
    if damage == "garbage":
        path.write_bytes(b"this is not a database" * 300)
    else:
        store = Store(path)
        store.create(played())
        store.close()
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    original = path.read_bytes()
    store = Store(path)
    assert store.recovered is not None and store.recovered.reason == "corrupt"
    assert store.recovered.moved_to.read_bytes() == original
    assert store.unfinished() is None
    assert store.create(new_game()) == 1


def test_newer_schema_is_kept_aside(tmp_path: Path) -> None:
    """A database from a newer app version is not touched: it is moved aside whole."""
    path = tmp_path / "games.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.execute("CREATE TABLE future(x)")
    db.commit()
    db.close()
    store = Store(path)
    assert store.recovered is not None and store.recovered.reason == "newer"
    kept = sqlite3.connect(store.recovered.moved_to)
    assert kept.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_schema_version_recorded(tmp_path: Path) -> None:
    store = Store(tmp_path / "v.sqlite3")
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


CHILD = textwrap.dedent(
    """
    import sys
    from companion.data.store import Store
    from companion.rules import *
    store = Store(sys.argv[1])
    game = start_game(make_setup(["A", "B", "C", "D"], 0, "companion", 3))
    gid = store.create(game)
    n = 0
    while True:
        for action in (StartRound(), Migrate(n % 4, 1, Payment(food=1)), Roll(), Choose(Choice.ALL)):
            try:
                game = play(game, action)
            except RuleError:
                game = play(game, EndGame())
                store.record(gid, game)
                game = start_game(make_setup(["A", "B", "C", "D"], 0, "companion", n))
                gid = store.create(game)
                continue
            store.record(gid, game)
            print(gid, len(game.log), flush=True)
        n += 1
    """
)


def test_kill_mid_game_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """A child process killed with SIGKILL loses no action it had acknowledged."""
    path = tmp_path / "kill.sqlite3"
    for attempt in range(5):
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        acked: list[tuple[int, int]] = []
        deadline = time.monotonic() + 0.3 + attempt * 0.17
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.endswith("\n"):
                gid, n = line.split()
                acked.append((int(gid), int(n)))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        # Acknowledged just before the kill; a line cut off by the kill was never acknowledged.
        for line in proc.stdout.read().splitlines(keepends=True):
            if line.endswith("\n"):
                gid, n = line.split()
                acked.append((int(gid), int(n)))
        assert acked, "the child acknowledged nothing"
        store = Store(path)
        assert store.recovered is None
        last_id, count = acked[-1]
        assert len(store.load(last_id).log) >= count
        store.close()
        path.unlink()


def test_export_import_round_trip(tmp_path: Path) -> None:
    """A game exported as JSON imports back identical, log and undone rolls included."""
    game = played()
    text = game_to_json(game)
    assert json.loads(text)["format"] == "mammoth-herd-companion/game"
    assert game_from_json(text) == game


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{nope", "import.not_json"),
        ("[]", "import.not_a_game"),
        ('{"format": "mammoth-herd-companion/game", "version": 99}', "import.version"),
        ('{"format": "mammoth-herd-companion/game", "version": 1, "setup": {}, "log": []}', "import.malformed"),
        (
            '{"format": "mammoth-herd-companion/game", "version": 1, "log": [], "setup": '
            '{"players": ["A", "A"], "start_player": 0, "deck": "companion", "seed": 1}}',
            "import.setup",
        ),
        (
            '{"format": "mammoth-herd-companion/game", "version": 1, '
            '"log": [{"kind": "play", "action": {"type": "roll"}}],'
            ' "setup": {"players": ["A", "B"], "start_player": 0, "deck": "companion", "seed": 1}}',
            "import.illegal",
        ),
        (  # found by test_fuzz_import: a deck this app does not ship crashed the import
            '{"format": "mammoth-herd-companion/game", "version": 1, "log": [], "setup": '
            '{"players": ["A", "B"], "start_player": 0, "deck": "A", "seed": 1}}',
            "import.deck",
        ),
        ("[" * 100000, "import.not_json"),
        ('"' + "x" * 3_000_000 + '"', "import.too_large"),
    ],
)
def test_import_malformed_gives_clear_error(text: str, code: str) -> None:
    """Malformed, illegal or oversized files raise ImportFormatError with a code."""
    with pytest.raises(ImportFormatError) as err:
        game_from_json(text)
    assert err.value.code == code and str(err.value)


def test_stale_tab_cannot_write_over_newer_game(tmp_path: Path) -> None:
    """A second tab that missed an action is refused, and nothing is stored twice."""
    from companion.data.store import StaleGameError

    store = Store(tmp_path / "tabs.sqlite3")
    game = new_game()
    gid = store.create(game)
    tab_a = play(game, StartRound())
    store.record(gid, tab_a, expected=0)
    tab_b = play(game, StartRound())  # built on the old game
    with pytest.raises(StaleGameError):
        store.record(gid, tab_b, expected=0)
    assert len(store.load(gid).log) == 1


def test_every_unfinished_game_is_listed_and_only_unfinished_ones_are_deleted(tmp_path: Path) -> None:
    """Sixteen imported games in progress are all listed; deleting one leaves the rest, and a
    finished game is never deleted without being asked for by name."""
    from companion.data.store import GameGoneError
    from companion.rules import make_setup, start_game

    store = Store(tmp_path / "games.sqlite3")
    ids = [
        store.create(play(start_game(make_setup(["A", "B"], 0, "companion", seed=i)), StartRound())) for i in range(16)
    ]
    listed = store.unfinished_games()
    assert sorted(g.id for g in listed) == sorted(ids)
    assert all(g.round == 1 and g.updated for g in listed)
    finished = store.create(play(start_game(make_setup(["C", "D"], 0, "companion", seed=99)), EndGame()))
    assert store.delete(finished) is False and store.exists(finished)
    assert store.delete(ids[3]) is True
    assert ids[3] not in [g.id for g in store.unfinished_games()]
    with pytest.raises(GameGoneError):
        store.record(ids[3], play(start_game(make_setup(["A", "B"], 0, "companion", seed=3)), StartRound()))
    assert len(store.unfinished_games()) == 15


def test_the_same_game_is_found_by_its_setup(tmp_path: Path) -> None:
    """A game with the same players, tiles and seed is the same game; another seed is not."""
    from companion.data.game_files import save_imported
    from companion.rules import ImportFormatError

    from .helpers import new_game

    store = Store(tmp_path / "games.sqlite3")
    first = store.create(new_game(3, seed=5))
    assert store.same_game(new_game(3, seed=5)) == first
    assert store.same_game(new_game(3, seed=6)) is None
    with pytest.raises(ImportFormatError) as refused:
        save_imported(store, new_game(3, seed=5))
    assert refused.value.code == "import.duplicate" and refused.value.params["game"] == first
    assert save_imported(store, new_game(3, seed=6)) == first + 1


NEW_FOLDER_SCRIPT = r"""
import sys, time
from companion.rules import make_setup, start_game
from companion.data.store import Store
start = float(sys.argv[2])
while time.time() < start:
    pass
store = Store(sys.argv[1] + "/games.sqlite3")
store.create(start_game(make_setup(["A", "B"], 0, "companion", 1)))
print("recovered" if store.recovered else "ok")
"""


def test_three_processes_on_a_new_folder_never_fail(tmp_path: Path) -> None:
    """20 rounds of 3 processes opening one new data folder at the same moment: 0 errors,
    nothing moved aside, every game saved."""
    errors = []
    for round_ in range(20):
        folder = tmp_path / f"round-{round_}"
        folder.mkdir()
        start = time.time() + 0.6
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", NEW_FOLDER_SCRIPT, str(folder), str(start)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        for proc in procs:
            out, err = proc.communicate(timeout=60)
            if proc.returncode != 0 or out.strip() != "ok":
                errors.append(err[-400:] or out)
        store = Store(folder / "games.sqlite3")
        assert len(store.unfinished_games()) == 3
        store.close()
    assert errors == []
