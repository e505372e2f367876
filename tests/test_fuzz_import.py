"""Hostile game files: every rejection is an ImportFormatError, never a crash."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    make_setup,
    play,
    start_game,
)

EXAMPLES = max(200, int(os.environ.get("MAMMOTH_FUZZ_EXAMPLES", "300")) // 5)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6),
    max_leaves=40,
)


def valid_export() -> dict[str, Any]:
    game = start_game(make_setup(["Ann", "Bo", "Cy"], 0, "companion", 5))
    for action in (StartRound(), Migrate(0, 2, Payment(food=1, wood=1)), Roll(), Choose(Choice.ALL), StartRound()):
        game = play(game, action)
    data: dict[str, Any] = json.loads(game_to_json(game))
    return data


def load(text: str) -> None:
    try:
        game_from_json(text)
    except ImportFormatError as err:
        assert err.code.startswith("import.") and str(err)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_random_json_is_refused_cleanly(value: Any) -> None:
    """Any JSON at all either imports or raises ImportFormatError."""
    load(json.dumps(value))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_exports_are_refused_cleanly(data: st.DataObject) -> None:
    """A real export with one part replaced by garbage never crashes the import."""
    export = valid_export()
    where = data.draw(st.sampled_from(["setup", "log", "players", "entry", "action", "version", "seed", "deck"]))
    junk = data.draw(json_values)
    if where in ("setup", "log", "version"):
        export[where] = junk
    elif where in ("players", "seed", "deck"):
        export["setup"][where] = junk
    elif where == "entry":
        export["log"][data.draw(st.integers(0, len(export["log"]) - 1))] = junk
    else:
        entry = export["log"][data.draw(st.integers(0, len(export["log"]) - 1))]
        entry["action"] = junk
    load(json.dumps(export))


@settings(max_examples=EXAMPLES // 4, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_refused_cleanly(blob: bytes) -> None:
    """Arbitrary bytes (not even text) are refused with a clear error."""
    try:
        game_from_json(blob)
    except ImportFormatError as err:
        assert err.code.startswith("import.")


def test_hostile_shapes() -> None:
    """Deep nesting, huge numbers, huge logs and oversized files are refused cleanly."""
    export = valid_export()
    hostile = [
        "[" * 200_000 + "]" * 200_000,
        json.dumps({**export, "log": [{"kind": "redo"}] * 6000}),
        json.dumps({**export, "setup": {**export["setup"], "seed": 10**400}}),
        json.dumps({**export, "setup": {**export["setup"], "players": ["A" * 10_000, "B"]}}),
        json.dumps({**export, "log": [{"kind": "undo"}] * 50}),
        "x" * 3_000_000,
    ]
    for text in hostile:
        load(text)
    assert game_from_json(json.dumps(export)).state.round_number == 2


@pytest.mark.parametrize("depth", [33, 2_800, 5_000, 100_000])
def test_deeply_nested_files_are_refused_before_they_are_parsed(depth: int) -> None:
    """JSON nested thousands deep overflows the stack of Python in a browser inside
    json.loads, before RecursionError, and killed the static site. Game files and set files
    are measured first and refused as not readable, in the player's words; nothing is parsed."""
    from companion.data.set_files import read_set
    from companion.i18n import describe
    from companion.rules import DeckError, ImportFormatError, game_from_json

    nested = b"[" * depth + b"]" * depth
    with pytest.raises(ImportFormatError) as game:
        game_from_json(nested)
    assert game.value.code == "import.not_json"
    with pytest.raises(DeckError) as tiles:
        read_set(b'{"tiles": ' + nested[: 2 * min(depth, 40_000)] + b"}", None, "deep.json")
    assert tiles.value.code == "deck.unreadable"
    assert describe("de", game.value) and "deep.json" in describe("de", tiles.value)
