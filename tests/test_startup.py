"""Starting the server: the first answer to a browser does not wait for the game's modules."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from companion.server.app import _LoadSessionsWhenUp

from .helpers import run_async

CHECK_IMPORTS = """
import sys
import companion.__main__, companion.server.app
heavy = sorted(m for m in sys.modules if m.startswith(("companion.ui", "companion.rules", "companion.server.sessions")))
print(",".join(heavy))
"""

CHECK_LOADED_WHEN_UP = """
import asyncio, sys, threading, time
from companion.server.app import LOAD_AFTER_SECONDS, _LoadSessionsWhenUp

async def inner(scope, receive, send):
    await send({"type": "lifespan.startup.complete"})

sent = []

async def send(message):
    sent.append(message["type"])

async def main():
    await _LoadSessionsWhenUp(inner)({"type": "lifespan"}, None, send)
    at_startup = "companion.server.sessions" in sys.modules
    deadline = time.monotonic() + LOAD_AFTER_SECONDS + 30
    while "companion.server.sessions" not in sys.modules and time.monotonic() < deadline:
        await asyncio.sleep(0.05)  # until the background load is done, not a fixed time
    return at_startup

at_startup = asyncio.run(main())
for thread in threading.enumerate():
    if thread is not threading.main_thread():
        thread.join(30)
print(sent, at_startup, "companion.server.sessions" in sys.modules, "companion.ui.root" in sys.modules)
"""

CHECK_LOADED_AFTER_FIRST_ANSWER = """
import asyncio, sys, threading, time
from companion.server.app import _LoadSessionsWhenUp

async def inner(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"<html>", "more_body": True})
    await send({"type": "http.response.body", "body": b"</html>"})

seen = []

async def send(message):
    seen.append((message["type"], "companion.server.sessions" in sys.modules))

wrapper = _LoadSessionsWhenUp(inner)
asyncio.run(wrapper({"type": "http", "path": "/"}, None, send))
for thread in threading.enumerate():
    if thread is not threading.main_thread():
        thread.join(30)
print(seen, wrapper.loading, "companion.server.sessions" in sys.modules)
"""


def _python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_serving_module_leaves_the_game_modules_alone() -> None:
    """Importing the command line and the server imports no rules, screens or session code."""
    assert _python(CHECK_IMPORTS) == ""


def test_game_modules_load_soon_after_the_server_is_up() -> None:
    """The lifespan's startup passes through unchanged; with no browser asking, the sessions
    module loads LOAD_AFTER_SECONDS later, not at once."""
    assert _python(CHECK_LOADED_WHEN_UP) == "['lifespan.startup.complete'] False True True"


def test_game_modules_load_once_the_first_answer_is_out() -> None:
    """A browser's first request is answered whole, message by message, before the game's
    modules start loading; then they load."""
    expected = (
        "[('http.response.start', False), ('http.response.body', False), ('http.response.body', False)] True True"
    )
    assert _python(CHECK_LOADED_AFTER_FIRST_ANSWER) == expected


def test_requests_pass_through_untouched() -> None:
    """Once the modules are loading, an HTTP request reaches the wrapped app as it came and
    its answer reaches the browser as the app sent it."""
    seen: list[Any] = []
    answers: list[Any] = []
    answer = [{"type": "http.response.start", "status": 200}, {"type": "http.response.body", "body": b"x"}]

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope, receive))
        for message in answer:
            await send(message)

    async def receive() -> Any:
        return {}

    async def send(message: Any) -> None:
        answers.append(message)

    wrapper = _LoadSessionsWhenUp(inner)
    wrapper.loading = True  # as if started: this test imports nothing
    scope = {"type": "http", "path": "/"}
    run_async(wrapper(scope, receive, send))
    run_async(wrapper(scope, receive, send))
    assert seen == [(scope, receive)] * 2 and answers == answer * 2
