"""What the app and the page's part of playing together (``site/table.js``) say to each other:
one schema for both directions, that :class:`~.together.Together` builds its asks with and
that a test checks ``table.js`` against (tests/test_page_ops.py), so that an op renamed on
one side, or a field one side no longer sends, fails a unit test instead of a walk.

- :data:`ASKS`: what the app asks of the page (``{"op": ..., **fields}``), each op with the
  fields it carries.
- :data:`NEWS`: what the page tells the app, each op with the fields it may carry.
"""

from __future__ import annotations

from typing import Any

ASKS: dict[str, frozenset[str]] = {
    # A host's code for the next phone; ``answer``: the description a paired guest's
    # answer takes (codes.answer_template), for the seats the page keeps waiting.
    "offer": frozenset({"slot", "camera", "answer"}),
    "accept": frozenset({"slot", "sdp"}),  # the guest's answer, scanned or pasted
    "join": frozenset({"slot", "sdp", "seats"}),  # a guest's answer to a host's code (its seats first)
    "send": frozenset({"slot", "text"}),  # a table message on one channel
    "close": frozenset({"slot"}),
    "draw": frozenset({"text"}),  # a code's QR picture
    "copy": frozenset({"text"}),
    "scan": frozenset(),  # the camera, over the app
}

NEWS: dict[str, frozenset[str]] = {
    "offer": frozenset({"slot", "sdp", "camera"}),
    "answer": frozenset({"slot", "sdp"}),
    "drawn": frozenset({"text", "svg", "modules"}),
    "copied": frozenset({"ok"}),
    "scanned": frozenset({"text"}),
    "scan-failed": frozenset({"why"}),
    "open": frozenset({"slot", "print"}),  # the other phone's certificate fingerprint (DTLS-checked)
    "message": frozenset({"slot", "text"}),
    "closed": frozenset({"slot"}),
    "failed": frozenset({"slot", "why"}),
    "away": frozenset({"slot"}),
    "back": frozenset({"slot"}),
    "visible": frozenset(),
    "waiting": frozenset({"slot", "seat", "nonce", "ports"}),  # ports: [[address, port], ...]
    "rejoining": frozenset({"slot"}),
}


def ask(op: str, **fields: Any) -> dict[str, Any]:
    """The ask ``op`` with ``fields``, as the page reads it; ValueError for an op the page
    does not have or fields it does not read (a mistake in the app, caught by its tests)."""
    if op not in ASKS:
        raise ValueError(f"the page has no op {op!r}")
    if set(fields) != ASKS[op]:
        raise ValueError(f"{op}: the page reads {sorted(ASKS[op])}, not {sorted(fields)}")
    return {"op": op, **fields}
