"""Command line: ``python -m companion`` (or ``mammoth-herd``).

Settings come from ``flet.toml``; flags override them (``--help``).
``python -m companion games|export ID FILE|import FILE`` moves single games
in and out as JSON files.
"""

from __future__ import annotations

import sys

from .cli import COMMANDS, run
from .server.config import resolve


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in COMMANDS:  # export / import / games
        raise SystemExit(run(args))
    config = resolve(args)
    from .server.app import serve  # flet is imported only when the app really starts

    serve(config)


if __name__ == "__main__":
    main()
