"""One game in or out as a JSON file: the checks every import goes through.

The command line's ``import`` and the app's Import both call :func:`read_game_file`
or :func:`load_game`, then :func:`save_imported`: the rules replay the log, the
players' names get the very checks New game applies (length, duplicates, accents,
the font's glyphs), and a game already on the device is not saved twice.
A file larger than the limit is refused from its size, before it is read.
"""

from __future__ import annotations

from pathlib import Path

from ..rules import Game, ImportFormatError, SetupError, game_from_json
from ..rules.serialize import MAX_IMPORT_BYTES, setup_refused
from .names import check_drawable
from .store import Store


def too_large() -> ImportFormatError:
    return ImportFormatError(
        "import.too_large", f"file is larger than {MAX_IMPORT_BYTES} bytes", limit=MAX_IMPORT_BYTES
    )


def load_game(data: bytes | str) -> Game:
    """A game from the bytes of an exported file, checked like a new game."""
    game = game_from_json(data)
    try:
        check_drawable(game.setup.players)
    except SetupError as exc:
        raise setup_refused(exc) from exc
    return game


def read_game_file(path: Path) -> Game:
    """Read and check a game file; never reads more than the size limit."""
    try:
        if path.stat().st_size > MAX_IMPORT_BYTES:
            raise too_large()
        with path.open("rb") as handle:
            data = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as exc:
        raise ImportFormatError("import.unreadable", f"cannot read {path.name}: {exc}", file=path.name) from exc
    return load_game(check_size(data))  # the file may have grown while it was read


def check_size(data: bytes) -> bytes:
    """The bytes of a file (read or uploaded), refused if larger than the limit."""
    if len(data) > MAX_IMPORT_BYTES:
        raise too_large()
    return data


def save_imported(store: Store, game: Game) -> int:
    """Save an imported game and return its number, unless the same game (same players,
    tiles and seed) is already on this device: then nothing is saved and the error says so."""
    game_id, saved = store.create_unless_same(game)  # one write transaction: two at once store one
    if not saved:
        raise ImportFormatError(
            "import.duplicate", f"game {game_id} is the same game", players=tuple(game.setup.players), game=game_id
        )
    return game_id
