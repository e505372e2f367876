"""Giving memory back after sessions are released.

Python frees a released session's objects, but the C allocator keeps the
pages for reuse, so the server's size would stay at its peak after a crowd
of tabs came and went.  After sessions close, one collection and (on glibc)
``malloc_trim`` hand the freed pages back, at most once every few seconds.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
from functools import cache

log = logging.getLogger("companion.server.memory")
#: Wait this long after a session closes, so a crowd leaving is trimmed once.
TRIM_DELAY_SECONDS = 3.0
_pending = False


@cache
def _malloc_trim() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        return ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


def release_now() -> None:
    """Collect garbage and return free pages to the system where the C library allows."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def release_soon() -> None:
    """Schedule one :func:`release_now` a little later on the running loop (coalesced)."""
    global _pending
    if _pending:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        release_now()
        return
    _pending = True

    def run() -> None:
        global _pending
        _pending = False
        release_now()
        log.info("memory returned after sessions closed")

    loop.call_later(TRIM_DELAY_SECONDS, run)
