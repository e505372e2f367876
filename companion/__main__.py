"""Command line: ``python -m companion`` (or ``mammoth-herd``).

Settings come from ``flet.toml``; flags override them (``--help``).
``python -m companion games|export ID FILE|import FILE`` lists saved games and
moves single games in and out as JSON files; ``publish [DIR]`` writes the static web site;
``--help`` lists these commands.
"""

from __future__ import annotations

import os
import sys

from .cli import COMMAND_HELP, command_at, command_in, environment_language, run
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
    sock = None
    if config.view != "desktop":
        from .server.network import PortTaken, listen

        try:
            sock = listen(config.host, config.port)
        except OSError as exc:
            raise SystemExit(_cannot_listen(config.host, config.port, exc, isinstance(exc, PortTaken))) from None
    from .server.app import serve  # flet is imported only when the app really starts

    serve(config, sock)


def _cannot_listen(host: str, port: int, exc: OSError, taken: bool) -> int:
    """Say in one line, in the environment's language, why the app cannot serve there."""
    from .i18n import translate

    lang = environment_language(os.environ) or "en"
    if taken:
        print(translate(lang, "cli.port_taken", port=port, other=port + 1 if port < 65535 else 8551), file=sys.stderr)
    else:
        print(translate(lang, "cli.cannot_listen", host=host, port=port, why=exc.strerror or str(exc)), file=sys.stderr)
    return 2


if __name__ == "__main__":
    main()
