"""The package as pip installs it: every module, and the assets inside it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

from companion.assets_path import asset, assets_dir

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_for_the_wheel() -> None:
    """The wheel's package list is what setuptools discovers under companion/, plus the assets."""
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    discovered = find_packages(str(ROOT), include=["companion", "companion.*"])
    assert sorted(listed) == sorted([*discovered, "companion.assets"])


def test_assets_are_found_from_this_checkout() -> None:
    """In a source checkout (and a default editable install) the top-level assets/ is used."""
    assert (assets_dir() / "decks" / "companion.json").is_file()
    assert asset("fonts", "MammothSans-Regular.otf").is_file()
    assert asset("pictures", "mammoth.svg").is_file()
