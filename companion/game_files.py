"""One game in or out as a JSON file: the checks every import goes through.

The command line's ``import`` and the app's Import both call :func:`read_game_file`
or :func:`load_game`: the rules replay the log, and the players' names get the
very checks New game applies (length, duplicates, accents, the font's glyphs).
A file larger than the limit is refused from its size, before it is read.
"""

from __future__ import annotations

from pathlib import Path

from .names import check_drawable
from .rules import Game, ImportFormatError, SetupError, game_from_json
from .rules.serialize import MAX_IMPORT_BYTES, setup_refused


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
    if len(data) > MAX_IMPORT_BYTES:  # the file grew while it was read
        raise too_large()
    return load_game(data)
