"""Command line: ``python -m companion`` (or ``mammoth-herd``).

Settings come from ``flet.toml``; flags override them (``--help``).
"""

from __future__ import annotations

import sys

from .config import resolve


def main(argv: list[str] | None = None) -> None:
    config = resolve(sys.argv[1:] if argv is None else argv)
    from .app import serve  # flet is imported only when the app really starts

    serve(config)


if __name__ == "__main__":
    main()
