"""The fixes for Flet 1.0.5 (companion.server.webfix): the same bytes without the debug repr, the
diff that keeps a moved line in its row, and the private names they rely on."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft
import pytest
from flet.controls.object_patch import DiffBuilder
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp

from companion.server import webfix

#: Flet's own pairing key, taken before any test installs the fix.
_FLET_INDEX_KEY = DiffBuilder._index_key if not getattr(DiffBuilder._index_key, "_mammoth_fix", False) else None


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
    """The fixed method puts exactly what flet's own method puts on the wire (Flet's own is
    kept on the fix, so this runs whether or not another test installed it first)."""
    installed = FletApp.send_message
    original = getattr(installed, "_flet_original", installed)
    message = _message()
    before = _send(original, message)
    assert webfix.install()
    try:
        fixed = FletApp.send_message
        assert getattr(fixed, "_mammoth_fix", False)
        assert _send(fixed, message) == before
    finally:
        FletApp.send_message = installed


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


def test_every_private_name_the_fixes_use_is_still_there() -> None:
    """Fails on a Flet upgrade that renames what webfix relies on, or on another Flet version
    (then check each fix again and move CHECKED_FLET)."""
    assert webfix.missing_private_names() == []


def test_a_renamed_private_name_or_another_version_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulated upgrade: a private name gone, a field renamed, the version moved."""
    import flet.version
    from flet_web.fastapi import flet_app

    monkeypatch.delattr(DiffBuilder, "_index_key")
    monkeypatch.setattr(webfix, "PRIVATE_FIELDS", (*webfix.PRIVATE_FIELDS, "_FletApp__renamed"))
    monkeypatch.setattr(flet.version, "flet_version", "1.0.6")
    missing = webfix.missing_private_names()
    assert "flet.controls.object_patch.DiffBuilder._index_key" in missing
    assert "FletApp._FletApp__renamed" in missing
    assert any("flet 1.0.6" in line for line in missing)
    assert flet_app.FletApp is FletApp
    monkeypatch.undo()
    assert webfix.missing_private_names() == []


def test_the_server_logs_what_flet_lost_once_it_is_up(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The check runs on the warm-up thread after the first answer (off the cold start), and
    what it finds is logged as an error; a Flet as checked logs nothing."""
    from companion.server import app

    app._warm_up()
    assert not [r for r in caplog.records if "Flet changed" in r.getMessage()]
    monkeypatch.setattr(webfix, "missing_private_names", lambda: ["flet_web.patch_index.patch_index_html"])
    app._warm_up()
    assert any(
        r.levelname == "ERROR" and "flet_web.patch_index.patch_index_html" in r.getMessage() for r in caplog.records
    )


def _keyed_rows(rows: list[tuple[str, list[str]]]) -> ft.Column:
    """A keyed list of rows (the hand-out's shape): each row a key and its lines."""
    column = ft.Column([ft.Column([ft.Text(line) for line in lines], key=key) for key, lines in rows])
    object.__setattr__(column, "_frozen", True)  # as a component's drawing is
    return column


def _client_rows(before: ft.Column, after: ft.Column) -> list[list[str]]:
    """The rows a client shows after receiving the diff from ``before`` to ``after``."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.protocol import configure_encode_object_for_msgpack, decode_ext_from_msgpack

    from .live_client import ClientTree

    encode = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]

    def wire(value: Any) -> Any:
        return msgpack.unpackb(
            msgpack.packb(value, default=encode), ext_hook=decode_ext_from_msgpack, strict_map_key=False
        )

    tree = ClientTree()
    tree.receive([MessageAction.REGISTER_CLIENT.value, {"page_patch": wire(before)}])
    assert tree.root is not None
    patch, _, _ = ObjectPatch.from_diff(before, after, control_cls=BaseControl, frozen=True)
    tree.receive([MessageAction.PATCH_CONTROL.value, {"id": tree.root["_i"], "patch": wire(patch.to_message())}])
    return [[line["value"] for line in row["controls"]] for row in tree.root["controls"]]


def test_the_diff_fix_keeps_a_moved_line_in_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """The misplaced row in six controls: the rows swap places and "keeps" goes from one row to the
    other. Flet 1.0.5 pairs the two "keeps" into a move and the client puts it in the wrong
    row; with the fix each row shows its own lines."""
    from flet.controls import object_patch

    def rows() -> tuple[ft.Column, ft.Column]:
        return _keyed_rows([("h0", ["a", "keeps"]), ("h1", ["b"])]), _keyed_rows(
            [("h1", ["b", "keeps"]), ("h0", ["a"])]
        )

    flet_own = getattr(object_patch.DiffBuilder._index_key, "_flet_original", object_patch.DiffBuilder._index_key)
    monkeypatch.setattr(object_patch.DiffBuilder, "_index_key", flet_own)
    assert _client_rows(*rows()) == [["b"], ["keeps", "a"]]  # Flet's own diff: the wrong row
    assert webfix.install_diff_fix()
    assert _client_rows(*rows()) == [["b", "keeps"], ["a"]]
    assert webfix.install_diff_fix()  # once is enough: a second call changes nothing


def test_the_page_carries_the_connection_notice_in_every_language() -> None:
    """Flet's patched index.html gets connection.js first in its head, with each language's
    title and body from the catalogs; a text cannot close the script tag early."""
    from companion.server.app import connection_texts
    from companion.server.webfix import add_script, connection_script

    texts = connection_texts()
    assert set(texts) == {"en", "de", "es", "ko"}
    script = connection_script(texts)
    assert "/*TEXTS*/" not in script and "Der Host läuft nicht mehr" in script and "호스트가 멈췄습니다" in script
    page = add_script("<html><head><title>Flet</title><script>var flet = {}</script></head></html>", script)
    assert page.index(script) < page.index("var flet")
    assert add_script("<p>no head</p>", script) == "<p>no head</p>"
    # The character set stays first, within the 1,024 bytes a browser looks in, and once.
    flet = '<html><head>\n<base href="/">\n<meta charset="UTF-8">\n<title>Flet</title></head></html>'
    page = add_script(flet, script)
    assert page.index('<meta charset="UTF-8">') < 40 and page.count("charset") == 1 and '<base href="/">' in page
    assert "</script>" not in connection_script({"en": {"title": "</script><b>", "body": ""}})


def test_the_page_script_carries_the_screen_reader_marks() -> None:
    """The page's inline script is the connection notice and then ``a11y.js``, which marks
    the language names and refused name fields by their semantics identifiers, and
    ``wakelock.js``, which asks for the wake lock again when the page is back in view (the
    static site's walk shows it work); nothing in it can close the script tag early."""
    from companion.server.app import connection_texts
    from companion.server.webfix import connection_script, page_script, wakelock_script

    script = page_script(connection_texts())
    assert script.startswith(connection_script(connection_texts()))
    assert "lang-(en|de|es|ko)" in script and "aria-invalid" in script and "name-error-" in script
    assert wakelock_script() in script and "visibilitychange" in wakelock_script()
    assert "</script>" not in script


def test_the_connection_s_request_is_read_inside_the_fence() -> None:
    """The served page hands this device's settings over in a cookie of the WebSocket's
    request, which flet_web keeps private: its headers are read here, and a page with no
    such connection (gone, a desktop window) gives None. The session finds the hand-over
    among other cookies (the room's token, another site's odd one) and decodes it."""
    from types import SimpleNamespace
    from urllib.parse import quote

    from starlette.datastructures import Headers

    from companion.server.sessions import page_facts
    from companion.ui.device import HandedOver, handed_over

    facts = quote('{"settings": "{\\"lang\\": \\"de\\", \\"text_size\\": \\"200\\"}", "languages": ["de-AT"]}')
    cookie = f'mammoth_token=abc; odd={{"x": 1}}; mammoth_device={facts}; <tag>=1'
    app: Any = object.__new__(FletApp)
    app._FletApp__websocket = SimpleNamespace(headers=Headers({"cookie": cookie, "user-agent": "phone"}))
    page: Any = SimpleNamespace(session=SimpleNamespace(connection=app))
    assert webfix.connection_header(page, "cookie") == cookie
    assert webfix.connection_header(page, "origin") is None
    assert handed_over(page_facts(page)) == HandedOver(settings={"lang": "de", "text_size": "200"}, languages=["de-AT"])
    app._FletApp__websocket = SimpleNamespace(headers=Headers({"cookie": "mammoth_token=abc"}))
    assert handed_over(page_facts(page)) == HandedOver()
    page.session.connection = None
    assert webfix.connection_header(page, "cookie") is None and handed_over(page_facts(page)) == HandedOver()
