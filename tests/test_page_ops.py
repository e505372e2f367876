"""The app and ``table.js`` speak one schema (``companion/ui/page_ops.py``): every op the page
handles is one the app may ask, with the fields the app sends; every op the page tells is one
the app handles, with no field the schema does not name. A rename on either side fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.data import codes
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


def test_every_session_description_comes_from_one_template() -> None:
    """``table.js`` writes no description of its own: the answer it builds for a waiting
    seat is ``codes.answer_template`` filled in, which is what ``codes.to_sdp`` writes for
    that guest's answer (its credentials, its certificate, the DTLS client's role)."""
    source = TABLE_JS.read_text(encoding="utf-8")
    assert "v=0" not in source and "m=application" not in source and "a=sctp-port" not in source
    print_ = bytes(range(32))
    colons = ":".join(f"{b:02X}" for b in print_)
    filled = codes.answer_template().replace("{ufrag}", "AbCd").replace("{pwd}", "x" * 24).replace("{print}", colons)
    assert filled == codes.to_sdp(codes.Code(codes.Kind.ANSWER, 1, "AbCd", "x" * 24, print_, ()))
    assert all(mark in codes.answer_template() for mark in codes.TEMPLATE_MARKS)
