"""The package's layers, declared as import contracts in ``pyproject.toml`` and checked by
``lint-imports`` (import-linter)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the package found under ``root``, with the contracts in its
    ``pyproject.toml``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
    ]
    return subprocess.run([*command, "--no-cache"], cwd=root, env=env, capture_output=True, text=True, timeout=300)


def broken_contracts(report: str) -> str:
    """The names of the broken contracts in a ``lint-imports`` report, each on one line (the
    report wraps long names)."""
    summary = " ".join(report.split("Contracts:")[0].split())
    names = summary.split("-------------------------------------")[-1]
    return "\n".join(part.split(" KEPT ")[-1].strip() for part in names.split(" BROKEN")[:-1])


def test_the_layers_are_kept() -> None:
    """Every contract holds on the package as it is."""
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("rules/state.py", "from ..ui import widgets", "Layers"),
        ("ui/widgets.py", "from ..server import gates", "Layers"),
        ("data/store.py", "from ..ui import model", "Layers"),
        ("rules/dice.py", "import flet", "The rules are pure Python"),
        ("ui/theme.py", "import flet_web", "The UI runs without the server"),
        ("site/keep.py", "from ..server import sessions", "The static site's browser side"),
        ("server/app.py", "from ..site import main", "Layers"),
    ],
)
def test_a_forbidden_import_breaks_a_contract(tmp_path: Path, module: str, line: str, contract: str) -> None:
    """A copy of the package with one forbidden import added fails ``lint-imports``, and the
    contract it breaks is named."""
    shutil.copytree(ROOT / "companion", tmp_path / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "companion" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    result = lint_imports(tmp_path)
    assert result.returncode != 0, result.stdout
    assert contract in broken_contracts(result.stdout), result.stdout


def test_flet_s_insides_are_touched_only_in_the_fences() -> None:
    """Only the two fences reach into Flet's modules (``from flet.…``, ``import flet.…``,
    ``from flet_web.…`` or ``import flet_web.…``): ``companion/server/webfix.py`` for the
    server, ``companion/site/flet_client.py`` for the static site. The server's app module
    imports ``flet_web.fastapi`` for its one public entry, ``flet_web.fastapi.app``, and
    nothing else of it; everything else uses ``import flet as ft`` and its public names."""
    inside = re.compile(r"^\s*(from flet\.|import flet\.|from flet_web\b|import flet_web\b)", re.MULTILINE)
    touching = sorted(
        str(path.relative_to(ROOT)) for path in (ROOT / "companion").rglob("*.py") if inside.search(path.read_text())
    )
    assert touching == ["companion/server/app.py", "companion/server/webfix.py", "companion/site/flet_client.py"]
    app = (ROOT / "companion" / "server" / "app.py").read_text()
    assert set(re.findall(r"flet_web\.[\w.]+", app)) == {"flet_web.fastapi", "flet_web.fastapi.app"}
