"""Starting the server: the first answer to a browser does not wait for the game's modules."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from companion.app import _LoadSessionsWhenUp

from .helpers import run_async

CHECK_IMPORTS = """
import sys
import companion.__main__, companion.app
heavy = sorted(m for m in sys.modules if m.startswith(("companion.ui", "companion.rules", "companion.sessions")))
print(",".join(heavy))
"""

CHECK_LOADED_WHEN_UP = """
import asyncio, sys, threading
from companion.app import _LoadSessionsWhenUp

async def inner(scope, receive, send):
    await send({"type": "lifespan.startup.complete"})

sent = []

async def send(message):
    sent.append(message["type"])

async def main():
    await _LoadSessionsWhenUp(inner)({"type": "lifespan"}, None, send)

asyncio.run(main())
for thread in threading.enumerate():
    if thread is not threading.main_thread():
        thread.join(30)
print(sent, "companion.sessions" in sys.modules, "companion.ui.root" in sys.modules)
"""


def _python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_serving_module_leaves_the_game_modules_alone() -> None:
    """Importing the command line and the server imports no rules, screens or session code."""
    assert _python(CHECK_IMPORTS) == ""


def test_game_modules_load_once_the_server_is_up() -> None:
    """The lifespan's startup passes through unchanged and then loads the sessions module."""
    assert _python(CHECK_LOADED_WHEN_UP) == "['lifespan.startup.complete'] True True"


def test_requests_pass_through_untouched() -> None:
    """An HTTP request goes to the wrapped app as it came."""
    seen: list[Any] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope, receive, send))

    async def receive() -> Any:
        return {}

    async def send(_message: Any) -> None:
        return None

    scope = {"type": "http", "path": "/"}
    run_async(_LoadSessionsWhenUp(inner)(scope, receive, send))
    assert seen == [(scope, receive, send)]
