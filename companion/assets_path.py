"""Where the app's own files are: decks, font, pictures, icons.

The one place that knows.  They live in ``assets/`` at the top of the project
(``flet build`` looks there) and are installed inside the package as
``companion.assets`` (a setuptools ``package-dir`` mapping), so a wheel and a
strict editable install carry them.  A plain source checkout or a default
editable install has no ``companion.assets`` package; then the folder beside
the package is used.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def assets_dir() -> Path:
    """The assets folder as a real directory (Flet serves it by path)."""
    installed = Path(str(resources.files("companion"))) / "assets"  # wheel, strict editable install
    if (installed / "decks").is_dir():
        return installed
    checkout = Path(__file__).resolve().parents[1] / "assets"
    if (checkout / "decks").is_dir():
        return checkout
    raise FileNotFoundError("the app's assets (decks, font, pictures) are missing from this install")


def asset(*parts: str) -> Path:
    """One file or folder below the assets folder."""
    return assets_dir().joinpath(*parts)
