"""Command line: ``python -m companion`` (or ``mammoth-herd``).

Settings come from ``flet.toml``; flags override them (``--help``).
``python -m companion games|export ID FILE|import FILE`` moves single games
in and out as JSON files.
"""

from __future__ import annotations

import os
import sys

from .config import resolve
from .transfer import COMMANDS, run


def _with_system_allocator(args: list[str]) -> None:
    """Serve with the C library's allocator (``PYTHONMALLOC=malloc``), restarting this process once.

    A crowd of tabs that came and went leaves Python's own small-object arenas
    fragmented, and they are never given back; with the C allocator the memory
    returns once the sessions are released (bench row 4c: +26 MB kept with the
    default, +5 MB with this).  Linux only, where ``malloc_trim`` exists.
    """
    if os.environ.get("PYTHONMALLOC") or not sys.platform.startswith("linux") or getattr(sys, "frozen", False):
        return
    os.execve(
        sys.executable,
        [sys.executable, "-m", "companion", *args],
        {**os.environ, "PYTHONMALLOC": "malloc"},
    )


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in COMMANDS:  # export / import / games
        raise SystemExit(run(args))
    config = resolve(args)
    if config.view == "web" and argv is None:
        _with_system_allocator(args)
    from .app import serve  # flet is imported only when the app really starts

    serve(config)


if __name__ == "__main__":
    main()
