"""Game files in and out: a refusal that says which entry broke which rule, and one file
imported by several processes at once stored exactly once."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.data.game_files import save_imported
from companion.data.store import Store
from companion.i18n import LANGUAGES, describe
from companion.rules import (
    Choice,
    Choose,
    ImportFormatError,
    Migrate,
    Payment,
    Roll,
    StartRound,
    game_from_json,
    game_to_json,
    play,
)

from .helpers import new_game

ROOT = Path(__file__).resolve().parents[1]


def two_rounds() -> str:
    """The export of a game two rounds in: seats 0 and 1 move in round 1, seat 2 in round 2."""
    game = new_game(3, seed=5)
    one, two = Migrate(0, 1, Payment(food=1)), Migrate(1, 2, Payment(food=2))  # 1 die and 2: a winner
    for action in (StartRound(), one, two, Roll(), Choose(Choice.ALL), StartRound(), Migrate(2, 1, Payment(food=1))):
        game = play(game, action)
    return game_to_json(game)


def tampered(entry: int, action: dict[str, object]) -> str:
    """``two_rounds`` with log entry ``entry`` (counted from 1) replaced by ``action``."""
    data = json.loads(two_rounds())
    data["log"][entry - 1] = {"kind": "play", "action": action}
    return json.dumps(data)


REASONS = {
    "en": ("Entry 2", "round 1", "P1 has no people on the tile"),
    "de": ("Eintrag 2", "Runde 1", "P1"),
    "es": ("La entrada 2", "ronda 1", "P1"),
    "ko": ("2번째 항목", "1라운드", "P1"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tampered_file_names_the_entry_the_round_and_the_rule(lang: str) -> None:
    """A log whose second entry takes back people nobody moved is refused with its
    entry's number, its round and the rule's own sentence (the player named), in each language."""
    text = tampered(2, {"type": "withdraw", "player": 0})
    with pytest.raises(ImportFormatError) as err:
        game_from_json(text)
    assert err.value.code == "import.illegal"
    message = describe(lang, err.value)
    rule = describe(lang, type("E", (), {"code": "withdraw.none", "params": {"name": "P1"}})())
    for part in (*REASONS[lang], rule):
        assert part in message, (lang, part, message)
    assert "{" not in message


def test_a_refusal_in_a_later_round_names_that_round() -> None:
    """The entry counts from the file's first entry, the round is the one it was played in."""
    data = json.loads(two_rounds())
    number = len(data["log"])  # round 2's migration by seat 2, now a Choose with no roll
    data["log"][number - 1] = {"kind": "play", "action": {"type": "choose", "choice": "all"}}
    with pytest.raises(ImportFormatError) as err:
        game_from_json(json.dumps(data))
    message = describe("en", err.value)
    assert f"Entry {number} " in message and "(round 2)" in message, message


IMPORT_AT_ONCE = """
import sys, time
from pathlib import Path
from companion.data.game_files import read_game_file, save_imported
from companion.data.store import Store
from companion.rules import ImportFormatError
game = read_game_file(Path(sys.argv[2]))
store = Store(Path(sys.argv[1]) / "games.sqlite3")
start = float(sys.argv[3])
while time.time() < start:
    pass
try:
    print("imported", save_imported(store, game))
except ImportFormatError as exc:
    print(exc.code, exc.params["game"])
"""


def test_four_processes_importing_one_file_at_once_store_one_copy(tmp_path: Path) -> None:
    """Ten times, four processes import one file at the same instant: exactly one
    copy is stored each time, one process reports it imported and the three others that it is
    already there, as that same game."""
    source = tmp_path / "game.json"
    source.write_text(two_rounds(), encoding="utf-8")
    for trial in range(10):
        folder = tmp_path / f"trial-{trial}"
        folder.mkdir()
        Store(folder / "games.sqlite3").close()  # the file exists: the race is the import's
        start = time.time() + 1.5
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", IMPORT_AT_ONCE, str(folder), str(source), str(start)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=ROOT,
            )
            for _ in range(4)
        ]
        outputs = []
        for proc in procs:
            out, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err[-600:]
            outputs.append(out.strip())
        store = Store(folder / "games.sqlite3")
        stored = store.unfinished_games()
        store.close()
        assert len(stored) == 1, (trial, outputs)
        assert sorted(outputs) == [f"import.duplicate {stored[0].id}"] * 3 + [f"imported {stored[0].id}"], outputs


def test_four_import_commands_at_once_say_imported_once(tmp_path: Path) -> None:
    """The command line itself, four ``import`` commands started together: one says
    "imported", three say the game is already on this device; one copy is stored."""
    source = tmp_path / "game.json"
    source.write_text(two_rounds(), encoding="utf-8")
    command = [sys.executable, "-m", "companion", "import", str(source), "--data-dir", str(tmp_path)]
    procs = [
        subprocess.Popen(
            [*command, "--language", "en"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
        )
        for _ in range(4)
    ]
    results = [(proc.returncode, out, err) for proc in procs for out, err in [proc.communicate(timeout=60)]]
    assert sorted(code for code, _, _ in results) == [0, 1, 1, 1], results
    assert sum("already on this device" in err for _, _, err in results) == 3
    store = Store(tmp_path / "games.sqlite3")
    assert len(store.unfinished_games()) == 1
    store.close()


def test_an_import_of_a_game_already_there_changes_nothing(tmp_path: Path) -> None:
    """The duplicate refusal leaves the stored game as it was, log and all."""
    store = Store(tmp_path / "games.sqlite3")
    game = game_from_json(two_rounds())
    first = save_imported(store, game)
    with pytest.raises(ImportFormatError) as err:
        save_imported(store, game)
    assert err.value.params["game"] == first
    assert store.load(first) == game and len(store.unfinished_games()) == 1
    store.close()
