"""Saved games and exported files of the last release open unchanged (``tests/data/
release-4f1191d``: a games database and two exports written by that release's code)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.data.store import Store
from companion.rules import Game, game_from_json, game_to_json

RELEASE = Path(__file__).parent / "data" / "release-4f1191d"
FACTS = json.loads((RELEASE / "facts.json").read_text(encoding="utf-8"))


def facts(game: Game) -> dict[str, object]:
    state = game.state
    return {
        "phase": state.phase.value,
        "round": state.round_number,
        "tallies": list(state.tallies),
        "log": len(game.log),
        "done": len(game.done),
        "undone": len(game.undone),
    }


def test_the_release_s_database_opens_with_both_games_as_they_were(tmp_path: Path) -> None:
    """The database (copied: the file in the repository is never written) opens without a
    recovery, the unfinished game resumes where it was, the finished one is in the history."""
    shutil.copy(RELEASE / "games.sqlite3", tmp_path / "games.sqlite3")
    store = Store(tmp_path / "games.sqlite3")
    try:
        assert store.recovered is None
        assert facts(store.load(1)) == FACTS["companion-game"]
        assert facts(store.load(2)) == FACTS["printed-game"]
        assert [game.id for game in store.unfinished_games()] == [1]
    finally:
        store.close()


@pytest.mark.parametrize("name", ["companion-game", "printed-game"])
def test_the_release_s_exports_import_and_export_again_byte_for_byte(name: str) -> None:
    """An exported file of the release imports to the same game and exports to the same text."""
    text = (RELEASE / f"{name}.json").read_text(encoding="utf-8")
    game = game_from_json(text)
    assert facts(game) == FACTS[name]
    assert game_to_json(game) == text
