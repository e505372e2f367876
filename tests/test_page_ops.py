"""The app and ``table.js`` speak one schema (``companion/ui/page_ops.py``): every op the page
handles is one the app may ask, with the fields the app sends; every op the page tells is one
the app handles, with no field the schema does not name. A rename on either side fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.ui import page_ops
from companion.ui.together import Together

TABLE_JS = Path(__file__).resolve().parents[1] / "companion" / "site" / "table.js"


def _ops_block(source: str) -> str:
    start = source.index("var ops = {")
    end = source.index("\n  };", start)
    return source[start:end]


def test_the_page_handles_exactly_the_asks_and_reads_only_their_fields() -> None:
    """``table.js``'s ``ops`` are the schema's asks, and each reads only its fields."""
    block = _ops_block(TABLE_JS.read_text(encoding="utf-8"))
    bodies = re.split(r"\n    ([a-z][a-z-]*): (?:async )?function", block)[1:]
    handled = dict(zip(bodies[::2], bodies[1::2], strict=True))
    assert set(handled) == set(page_ops.ASKS)
    for op, body in handled.items():
        read = set(re.findall(r"\bask\.([a-z]+)", body))
        assert read <= page_ops.ASKS[op], (op, read - page_ops.ASKS[op])


def test_everything_the_page_tells_is_in_the_schema_and_handled_by_the_app() -> None:
    """Each ``tell({op: ...})`` (and the camera's ``end({op: ...})``) names a known op with
    known fields; the app has a handler for every op of the schema."""
    source = TABLE_JS.read_text(encoding="utf-8")
    told = re.findall(r"\b(?:tell|end)\(\{ op: \"([a-z-]+)\"((?:, [a-z]+:[^,}]*)*)", source)
    assert told, "no tell() found: the pattern no longer matches table.js"
    for op, rest in told:
        assert op in page_ops.NEWS, op
        fields = set(re.findall(r", ([a-z]+):", rest))
        assert fields <= page_ops.NEWS[op], (op, fields - page_ops.NEWS[op])
    assert {op for op, _ in told} == set(page_ops.NEWS)
    assert set(Together._HANDLERS) == set(page_ops.NEWS)


@pytest.mark.parametrize(
    ("op", "fields"),
    [("acept", {"slot": "g1", "sdp": ""}), ("accept", {"slot": "g1"}), ("close", {"slot": "g1", "why": "x"})],
)
def test_an_ask_the_page_would_not_read_is_refused(op: str, fields: dict[str, str]) -> None:
    """A misspelt op, a missing field, a field the page does not read: refused at once."""
    with pytest.raises(ValueError):
        page_ops.ask(op, **fields)
