"""Command line: ``python -m companion`` (or ``mammoth-herd``).

Settings come from ``flet.toml``; flags override them (``--help``).
``python -m companion games|export ID FILE|import FILE`` lists saved games and
moves single games in and out as JSON files; ``publish [DIR]`` writes the static web site;
``--help`` lists these commands.
"""

from __future__ import annotations

import sys

from .cli import COMMAND_HELP, command_at, command_in, run
from .server.config import resolve


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    at = command_at(args)
    if at is not None and args[at] == "publish":  # the static site (companion.site)
        from .site.publish import main as publish

        raise SystemExit(publish(args[:at] + args[at + 1 :]))
    if command_in(args) is not None:  # export / import / games, options before or after
        raise SystemExit(run(args))
    config = resolve(args, epilog=COMMAND_HELP)
    from .server.app import serve  # flet is imported only when the app really starts

    serve(config)


if __name__ == "__main__":
    main()
