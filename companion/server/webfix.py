"""Fixes for Flet 1.0.5, fenced here: the server's one module that touches Flet's private
parts (the static site's fence is :mod:`companion.site.flet_client`). Every private name the
fixes touch is in :data:`PRIVATE_NAMES` and :data:`PRIVATE_FIELDS`; the server checks them
against the running Flet once it is up (:func:`missing_private_names`), and so does a test.

First, :func:`install_diff_fix` (every session, whatever hosts it: the web server, a
desktop window, ``flet build``): Flet's diff pairs a control removed from one list with an
equal control added to another into a "move", keyed by the list's path at that moment.
When a keyed list is reordered and its rows change inside (the hand-out's rows in a new
turn order, "and keeps the tile" going from one row to another), two rows compared at the
same live index share that path: the move takes the text out of the wrong row, and a
later patch can even point past a list's end, after which the client stops applying
patches (docs/upstream.md has the report). The fix turns the pairing off: a
control that leaves one place and arrives at another is removed and added, in the order
the diff walks, which the client applies as it comes. Keyed rows still move as before.

The rest is a speed fix for flet_web's outgoing messages (found with a profiler, see bench/PROFILE.md).

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

A tab whose connection drops while its session is still starting (a browser reloading a
tab that had just reconnected to a restarted server) made flet_web's ``send_message``
raise on the closed queue: the session's start stopped half way, and the tab, reloaded
with the same session id, was handed that session's empty page and stayed blank (issue
35). The replacement drops what it cannot send once the connection has closed: the
session starts to its end, and a tab that reconnects gets the whole page.

The page itself gets one script more (:func:`install_connection_notice`): when the server
stops, Flet's client shows an English "Working..." spinner for ever, and a tab whose server
was restarted stays on it. ``connection.js`` (beside this module) watches the client's
connection and, once it has been down a moment, says in the player's language that the
host has stopped and the game is saved, then loads the page again when the host answers.
Flet patches its ``index.html`` once per server with ``patch_index_html``; the wrapper adds
the script, with the catalogs' texts, to that patched file. With it comes ``a11y.js``: two
screen-reader marks Flutter's accessibility layer does not set (a language's name read in
its own language, a refused name field marked invalid), put on the nodes by their
semantics identifiers and kept by a MutationObserver; and ``no_cdn.js``, which keeps off
the page any script of another origin (Flet's client adds Rive's runtime from a public CDN
at start; the app shows no Rive animation, and the request would tell a third party who
opened it).

The page hands this device's settings and languages to the host in a cookie of the
WebSocket's request (``prefs.js``); flet_web keeps that request private, and
:func:`connection_header` reads its headers (the session parses the cookie).

Third, a tab that closes while the server is still sending makes flet_web's
connection handler end with an exception before it marks the session
disconnected, so the session is never released (measured: 200 such tabs stayed,
each still subscribed to every game update).  The replacement ``handle``
marks it disconnected in that case too, so it is released like any other.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

log = logging.getLogger("companion.server.webfix")
#: The Flet release every fix here was checked on; on another one each fix stands aside.
CHECKED_FLET = "1.0.5"
_VERSION_WITH_THE_SLOW_LOG = CHECKED_FLET
#: What the page is told instead of a server traceback.
CRASH_NOTICE = "Something went wrong on the server. Reload the page: your game is saved."


class _Unpaired:
    """A pairing key equal to nothing else: no removed control is ever paired with an added one."""

    __slots__ = ()


def install_diff_fix() -> bool:
    """Turn off Flet's pairing of removed and added controls into moves (see above); returns
    whether the fix is in place. On another Flet version it stands aside, with a warning."""
    try:
        from flet.controls import object_patch
        from flet.version import flet_version
    except ImportError as exc:
        log.warning("flet changed (%s): the diff fix stands aside", exc)
        return False
    builder: Any = getattr(object_patch, "DiffBuilder", None)
    if builder is None or not hasattr(builder, "_index_key"):
        log.warning("flet %s has no DiffBuilder._index_key: the diff fix stands aside", flet_version)
        return False
    if getattr(builder._index_key, "_mammoth_fix", False):
        return True
    if flet_version != _VERSION_WITH_THE_SLOW_LOG:
        log.warning("flet %s is not the version the diff fix was checked on: it stands aside", flet_version)
        return False

    def _index_key(self: Any, item: Any, item_key: Any, path: list[Any]) -> Any:
        return _Unpaired()

    _index_key._mammoth_fix = True  # type: ignore[attr-defined]
    _index_key._flet_original = builder._index_key  # type: ignore[attr-defined]
    builder._index_key = _index_key
    return True


def connection_header(page: Any, name: str) -> str | None:
    """Header ``name`` of the request that opened this page's connection: flet_web keeps its
    WebSocket private (``FletApp.__websocket``). None without one (a connection gone, a
    desktop window, a Flet that keeps it elsewhere)."""
    if not _checked_flet():
        return None  # the session asks the page instead, as without a cookie
    connection = getattr(getattr(page, "session", None), "connection", None)
    websocket = getattr(connection, "_FletApp__websocket", None)
    headers = getattr(websocket, "headers", None)
    value = headers.get(name) if headers is not None else None
    return value if isinstance(value, str) else None


def _checked_flet() -> bool:
    try:
        from flet.version import flet_version
    except ImportError:
        return False
    return bool(flet_version == CHECKED_FLET)


def prefs_script() -> str:
    """``prefs.js``: this device's choices, for the scripts that run before Python does."""
    return Path(__file__).with_name("prefs.js").read_text(encoding="utf-8")


def _with_texts(name: str, texts: dict[str, dict[str, str]]) -> str:
    """The script ``name`` beside this module with ``texts`` (language -> key -> text) in
    place of its ``/*TEXTS*/ {}``."""
    code = (Path(__file__).with_name(name)).read_text(encoding="utf-8")
    filled = json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")  # cannot end the tag
    return code.replace("/*TEXTS*/ {}", filled)


def connection_script(texts: dict[str, dict[str, str]]) -> str:
    """``connection.js`` with ``texts`` (language -> title and body) filled in, after
    ``prefs.js``, which it reads the device's choices with."""
    return prefs_script() + "\n" + _with_texts("connection.js", texts)


#: The page's character set, as Flet's index.html declares it.
CHARSET = re.compile(r"<meta\s+charset=[\"']?[\w-]+[\"']?\s*/?>", re.I)


def add_script(html: str, script: str) -> str:
    """``html`` with ``script`` inline first in its head (before Flet's own scripts open the
    connection), after only the page's character set, which a browser looks for in the
    page's first 1,024 bytes; a page without a head is left as it is."""
    head = html.find("<head>")
    if head < 0:
        return html
    at = head + len("<head>")
    found = CHARSET.search(html, at)
    charset = found.group(0) if found else '<meta charset="UTF-8">'
    rest = html[at : found.start()] + html[found.end() :] if found else html[at:]
    return f"{html[:at]}\n{charset}\n<script>{script}</script>{rest}"


def loading_script(texts: dict[str, dict[str, str]]) -> str:
    """``loading.js`` with ``texts`` filled in: the app's loading screen until Flutter draws
    (it reads the device's choices with ``prefs.js``, which :func:`connection_script` carries)."""
    return _with_texts("loading.js", texts)


def page_script(texts: dict[str, dict[str, str]]) -> str:
    """What the page gets inline: the connection notice (``connection.js``, with ``texts``),
    the loading screen (``loading.js``), the screen-reader marks Flutter does not set
    (``a11y.js``) and the wake lock asked for again when the page is back (``wakelock.js``)."""
    marks = Path(__file__).with_name("a11y.js").read_text(encoding="utf-8")
    own = "\n".join((marks, wakelock_script(), own_origin_script()))
    return connection_script(texts) + "\n" + loading_script(texts) + "\n" + own


def wakelock_script() -> str:
    """``wakelock.js``: the screen wake lock asked for again when the page comes back into
    view (wakelock_plus's own script forgets it once the browser has released it)."""
    return Path(__file__).with_name("wakelock.js").read_text(encoding="utf-8")


def own_origin_script() -> str:
    """``no_cdn.js``: no script of another origin is added to the page (Flet's client asks
    a public CDN for Rive's runtime at start, which the app does not use)."""
    return Path(__file__).with_name("no_cdn.js").read_text(encoding="utf-8")


def install_connection_notice(texts: dict[str, dict[str, str]]) -> bool:
    """Have Flet's patched ``index.html`` carry the connection notice and the screen-reader
    marks (:func:`page_script`); returns whether it does."""
    try:
        from flet_web.fastapi import flet_static_files
    except ImportError as exc:
        log.warning("flet_web changed (%s): a stopped server shows Flet's own spinner", exc)
        return False
    original = getattr(flet_static_files, "patch_index_html", None)
    if original is None:
        log.warning("flet_web changed (no patch_index_html): a stopped server shows Flet's own spinner")
        return False
    if getattr(original, "_mammoth_fix", False):
        return True
    if not _checked_flet():
        log.warning("flet is not %s: a stopped server shows Flet's own spinner", CHECKED_FLET)
        return False
    script = page_script(texts)

    def patch_index_html(index_path: str, *args: Any, **kwargs: Any) -> None:
        original(index_path, *args, **kwargs)
        page = Path(index_path)
        page.write_text(add_script(page.read_text(encoding="utf-8"), script), encoding="utf-8")

    patch_index_html._mammoth_fix = True  # type: ignore[attr-defined]
    flet_static_files.patch_index_html = patch_index_html
    return True


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
        if not hasattr(self, "_FletApp__send_queue"):
            original(self, message)
            return
        queue = self._FletApp__send_queue
        if queue is None:
            return  # the tab's connection has closed; a reconnect is sent the whole page anyway
        if transport_log.isEnabledFor(logging.DEBUG):
            transport_log.debug("send_message: %s", message)
        encode = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]
        body = msgpack.packb([message.action, message.body], default=encode)
        queue.put_nowait(b"\x00" + body)

    send_message._mammoth_fix = True  # type: ignore[attr-defined]
    send_message._flet_original = original  # type: ignore[attr-defined]  # what tests compare with
    send_message.__doc__ = original.__doc__
    cls.send_message = send_message
    _release_sessions_of_abrupt_closes(cls)
    _start_sessions_of_dropped_tabs(cls)
    return True


def _start_sessions_of_dropped_tabs(cls: Any) -> None:
    """flet_web runs the app for a new session, then calls ``after_event`` on the
    connection's session, which the connection forgets when it closes: a tab that dropped
    while its session was starting logged an "Unhandled error" although the app had started.
    The replacement holds on to the session it started (coroutine apps, such as this one)."""
    import inspect

    from flet.controls.context import _context_page, context
    from flet.controls.exceptions import FletPageDisconnectedException
    from flet.messaging.session import Session

    original = cls._FletApp__on_session_created

    async def on_session_created(self: Any) -> None:
        session = self._FletApp__session
        main = self._FletApp__main
        if not isinstance(session, Session) or not inspect.iscoroutinefunction(main):
            await original(self)
            return
        try:
            _context_page.set(session.page)
            context.reset_auto_update()  # type: ignore[no-untyped-call]  # flet leaves it untyped
            await main(session.page)
            await session.after_event(session.page)
        except (FletPageDisconnectedException, BrokenPipeError):
            log.info("a tab went while its session was starting; the session is kept for its return")
        except Exception as exc:
            log.error("unhandled error while starting a session", exc_info=True)
            session.error(str(exc))

    on_session_created.__doc__ = original.__doc__
    cls._FletApp__on_session_created = on_session_created


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


#: Every private name of Flet the fixes here touch, as (module, dotted name): an upgrade that
#: drops or renames one makes :func:`missing_private_names` list it (the server logs it once
#: it is up, tests/test_webfix.py fails on it).
PRIVATE_NAMES = (
    ("flet.controls.object_patch", "DiffBuilder._index_key"),
    ("flet.controls.context", "_context_page"),
    ("flet.controls.context", "context.reset_auto_update"),
    ("flet_web.fastapi.flet_app", "FletApp.send_message"),
    ("flet_web.fastapi.flet_app", "FletApp.handle"),
    ("flet_web.fastapi.flet_app", "FletApp._FletApp__on_session_created"),
    ("flet_web.fastapi.flet_app", "FletApp._FletApp__get_unique_session_id"),
    ("flet_web.fastapi", "app_manager.disconnect_session"),
    ("flet_web.fastapi.flet_static_files", "patch_index_html"),
    ("flet_web.patch_index", "patch_index_html"),
)
#: FletApp's private fields the fixes read: set on each connection in its methods, so looked
#: for in its source rather than on the class.
PRIVATE_FIELDS = (
    "_FletApp__main",
    "_FletApp__send_queue",
    "_FletApp__session",
    "_FletApp__websocket",
    "_FletApp__session_timeout_seconds",
)


def missing_private_names() -> list[str]:
    """The private Flet names above that the installed Flet lacks, and a Flet version other
    than the one checked; empty when every fix here can do its work."""
    import importlib
    import inspect

    missing: list[str] = []
    try:
        from flet.version import flet_version
    except ImportError:
        return ["flet.version"]
    if flet_version != CHECKED_FLET:
        missing.append(f"flet {flet_version} (the fixes were checked on {CHECKED_FLET})")
    for module_name, dotted in PRIVATE_NAMES:
        try:
            owner: Any = importlib.import_module(module_name)
            for part in dotted.split("."):
                owner = getattr(owner, part)
        except (ImportError, AttributeError):
            missing.append(f"{module_name}.{dotted}")
    try:
        from flet_web.fastapi import flet_app

        source = inspect.getsource(flet_app.FletApp)
    except (ImportError, OSError, TypeError):
        return [*missing, "flet_web.fastapi.flet_app.FletApp (source)"]
    missing += [f"FletApp.{name}" for name in PRIVATE_FIELDS if f"self.{name.removeprefix('_FletApp')}" not in source]
    return missing
