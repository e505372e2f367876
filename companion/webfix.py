"""A speed fix for flet_web's outgoing messages (found with a profiler, see bench/PROFILE.md).

flet_web 1.0.5 writes ``transport_log.debug(f"send_message: {message}")`` before
sending each message to the browser. The f-string runs even when debug logging
is off, so every screen change first builds the ``repr`` of every control in
the patch: 3 to 16 ms per tap on a full screen, more than the diff itself.

``install()`` swaps in the same method with the log line formatted only when
that logger is enabled. The wire format is unchanged. If flet_web changes the
method, the fix stands aside and flet's own method stays.

The same method also keeps server tracebacks out of the browser: Flet sends a
handler's full traceback (with file paths) to the page as a "session crashed"
message; the replacement sends a one-line notice instead (the traceback is in
the server log already).

Third, a tab that closes while the server is still sending makes flet_web's
connection handler end with an exception before it marks the session
disconnected, so the session is never released (measured: 200 such tabs stayed,
each still subscribed to every game update).  The replacement ``handle``
marks it disconnected in that case too, so it is released like any other.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("companion.webfix")
_VERSION_WITH_THE_SLOW_LOG = "1.0.5"
#: What the page is told instead of a server traceback.
CRASH_NOTICE = "Something went wrong on the server. Reload the page: your game is saved."


def install() -> bool:
    """Apply the fix once; returns whether it is in place."""
    try:
        import msgpack
        from flet.controls.base_control import BaseControl
        from flet.messaging.protocol import (
            Message,
            MessageAction,
            SessionCrashedBody,
            configure_encode_object_for_msgpack,
        )
        from flet.version import flet_version
        from flet_web.fastapi import flet_app
    except ImportError as exc:
        log.warning("flet_web changed (%s): tracebacks may reach the browser and taps are slower", exc)
        return False
    cls: Any = flet_app.FletApp
    if getattr(cls.send_message, "_mammoth_fix", False):
        return True
    if flet_version != _VERSION_WITH_THE_SLOW_LOG or not hasattr(cls, "send_message"):
        log.warning(
            "flet %s is not the version this fix was checked on (%s): it stands aside; "
            "tracebacks may reach the browser and taps are slower",
            flet_version,
            _VERSION_WITH_THE_SLOW_LOG,
        )
        return False
    transport_log = logging.getLogger("flet_transport")
    original = cls.send_message

    def send_message(self: Any, message: Any) -> None:
        if message.action == MessageAction.SESSION_CRASHED:
            message = Message(MessageAction.SESSION_CRASHED, SessionCrashedBody(CRASH_NOTICE))
        queue = getattr(self, "_FletApp__send_queue", None)
        if queue is None:
            original(self, message)
            return
        if transport_log.isEnabledFor(logging.DEBUG):
            transport_log.debug("send_message: %s", message)
        encode = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]
        body = msgpack.packb([message.action, message.body], default=encode)
        queue.put_nowait(b"\x00" + body)

    send_message._mammoth_fix = True  # type: ignore[attr-defined]
    send_message.__doc__ = original.__doc__
    cls.send_message = send_message
    _release_sessions_of_abrupt_closes(cls)
    return True


def _release_sessions_of_abrupt_closes(cls: Any) -> None:
    from flet_web.fastapi import app_manager

    original_handle = cls.handle

    async def handle(self: Any, websocket: Any) -> None:
        try:
            await original_handle(self, websocket)
        except Exception as exc:
            session = getattr(self, "_FletApp__session", None)
            log.info("a connection closed abruptly (%s); its session is released as usual", type(exc).__name__)
            if session is not None:
                await app_manager.disconnect_session(
                    self._FletApp__get_unique_session_id(session.id), self._FletApp__session_timeout_seconds
                )

    handle.__doc__ = original_handle.__doc__
    cls.handle = handle


#: The private flet_web names the fixes rely on; tests/test_webfix.py fails if an upgrade drops one.
PRIVATE_HOOKS = (
    "send_message",
    "handle",
    "_FletApp__send_queue",
    "_FletApp__session",
    "_FletApp__get_unique_session_id",
    "_FletApp__session_timeout_seconds",
)
