"""A set of printed tiles in or out as a file: the deck files' format (``assets/decks``).

The app's Import of a set reads a picked file through :func:`read_set`: its size first,
then the JSON, then :func:`companion.rules.printed.parse_set`'s checks, each refusal a
:class:`~companion.rules.DeckError` naming the file (and the tile) in the user's words.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..rules.errors import DeckError
from ..rules.printed import MAX_SET_BYTES, PrintedSet, parse_set
from ..rules.serialize import MAX_JSON_DEPTH, too_deep


def read_set(data: bytes | None, path: str | None, name: str) -> PrintedSet:
    """A set from a picked file's bytes (or path), refused in the rules' words."""
    try:
        if data is None and path:
            with Path(path).open("rb") as handle:
                data = handle.read(MAX_SET_BYTES + 1)
    except OSError as exc:
        raise DeckError("deck.unreadable", f"cannot read {name}: {exc}", where=name) from exc
    if data is None:
        raise DeckError("deck.unreadable", f"no data in {name}", where=name)
    if len(data) > MAX_SET_BYTES:
        raise DeckError("set.too_large", f"{name} is larger than {MAX_SET_BYTES} bytes", where=name)
    if too_deep(data):  # before json.loads, which a deep enough file crashes in a browser
        raise DeckError("deck.unreadable", f"{name} nests deeper than {MAX_JSON_DEPTH}", where=name)
    try:
        decoded = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise DeckError("deck.unreadable", f"{name} is not JSON: {exc}", where=name) from exc
    return parse_set(decoded, name)
