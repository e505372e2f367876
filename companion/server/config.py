"""Run settings: ``flet.toml`` first, then command-line flags on top."""

from __future__ import annotations

import argparse
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..assets_path import assets_dir
from ..i18n import LANGUAGES
from .network import LOOPBACK_NAMES

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Config:
    """How the app runs."""

    view: str = "web"  # "web" or "desktop"
    host: str = "127.0.0.1"
    port: int = 8550
    data_dir: str = ""
    token: str = ""
    language: str = ""
    max_sessions: int = 64
    assets_dir: str = field(default_factory=lambda: str(assets_dir()))

    @property
    def is_local_only(self) -> bool:
        return self.host in LOOPBACK_NAMES


def load_toml(path: Path) -> dict[str, Any]:
    """The settings in ``path`` (missing file: none)."""
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    known = {f.name for f in fields(Config)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SystemExit(f"{path}: unknown setting(s): {', '.join(unknown)}")
    return data


def parser(epilog: str = "") -> argparse.ArgumentParser:
    """The server's options; ``epilog`` ends its help (the entry point lists its commands)."""
    p = argparse.ArgumentParser(
        prog="mammoth-herd",
        description="Mammoth Herd Companion for Stone Age: serves the app (the default) or runs a command.",
        epilog=epilog or None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", type=Path, help="settings file (default: ./flet.toml, then the project's)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--web", dest="view", action="store_const", const="web", help="serve to browsers")
    group.add_argument("--desktop", dest="view", action="store_const", const="desktop", help="open a window")
    p.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, help="port to listen on")
    p.add_argument("--data-dir", help="folder for saved games (default: user data directory)")
    p.add_argument("--token", help="access token required when serving to the room")
    p.add_argument("--language", choices=list(LANGUAGES), help="interface language at first start")
    p.add_argument("--max-sessions", type=int, help="screens that may be open at once (default 64)")
    return p


def resolve(argv: list[str] | None = None, epilog: str = "") -> Config:
    """Settings from flet.toml with flags applied over them (``epilog``: see :func:`parser`)."""
    args = parser(epilog).parse_args(argv)
    path = args.config or (Path.cwd() / "flet.toml")
    if not path.is_file() and args.config is None:
        path = ROOT / "flet.toml"
    config = replace(Config(), **load_toml(path))
    overrides = {k: v for k, v in vars(args).items() if k != "config" and v is not None}
    config = replace(config, **overrides)
    if config.max_sessions < 1:
        raise SystemExit(f"max_sessions must be at least 1, not {config.max_sessions}")
    if config.view not in ("web", "desktop"):
        raise SystemExit(f"view must be 'web' or 'desktop', not {config.view!r}")
    return config
