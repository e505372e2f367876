"""The speed fix for flet_web's outgoing messages sends the very same bytes, without the debug repr."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp

from companion import webfix


class _Queue:
    def __init__(self) -> None:
        self.items: list[bytes] = []

    def put_nowait(self, item: bytes) -> None:
        self.items.append(item)


class _Loud:
    """Counts how often the message is turned into text."""

    def __init__(self) -> None:
        self.count = 0

    def __repr__(self) -> str:
        self.count += 1
        return "loud"


def _message() -> Message:
    column = ft.Column([ft.Text("Anna moves 2 people", size=17), ft.Text("1 food, 1 wood")])
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(id=7, patch=[[0, {"controls": [1]}], column]))


def _tagged_repr(original: Any) -> Any:
    def tagged(self: Any) -> str:
        return f"{original(self)} {self.debug_tag!r}"

    return tagged


def _send(method: Any, message: Message) -> bytes:
    app: Any = object.__new__(FletApp)
    queue = _Queue()
    app._FletApp__send_queue = queue
    method(app, message)
    assert len(queue.items) == 1
    return queue.items[0]


def test_same_bytes_as_flet() -> None:
    """The fixed method puts exactly what flet's own method puts on the wire."""
    original = FletApp.send_message
    if getattr(original, "_mammoth_fix", False):
        pytest.skip("fix already installed in this process")
    message = _message()
    before = _send(original, message)
    assert webfix.install()
    try:
        assert _send(FletApp.send_message, message) == before
    finally:
        FletApp.send_message = original


def test_no_repr_unless_debug_logging(caplog: pytest.LogCaptureFixture) -> None:
    """The message is only formatted when the transport log is really at debug level."""
    original = FletApp.send_message
    assert webfix.install()
    try:
        loud = _Loud()
        message: Any = Message(MessageAction.PATCH_CONTROL, PatchControlBody(id=1, patch=[]))
        message.debug_tag = loud
        original_repr = Message.__repr__
        Message.__repr__ = _tagged_repr(original_repr)  # type: ignore[method-assign]
        try:
            _send(FletApp.send_message, message)
            assert loud.count == 0
            with caplog.at_level(logging.DEBUG, logger="flet_transport"):
                _send(FletApp.send_message, message)
            assert loud.count >= 1
        finally:
            Message.__repr__ = original_repr  # type: ignore[method-assign]
    finally:
        FletApp.send_message = original


def test_every_private_hook_the_fixes_use_is_still_there() -> None:
    """Fails on a flet_web upgrade that renames what webfix relies on (then re-check the fixes)."""
    import inspect

    source = inspect.getsource(FletApp)
    for name in webfix.PRIVATE_HOOKS:
        if name.startswith("_FletApp__"):
            assert f"self.{name.removeprefix('_FletApp')}" in source, name
        else:
            assert callable(getattr(FletApp, name, None)), name
