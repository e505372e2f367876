"""Lint and type checks run as part of the test suite."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_lint_clean() -> None:
    """ruff finds nothing to complain about."""
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_clean() -> None:
    """The code is ruff-formatted."""
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_clean() -> None:
    """mypy passes, strict, over companion/, tests/, bench/ and scripts/ (pyproject.toml's
    overrides say where and why a check is off)."""
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_app_function_is_excused_from_the_complexity_limit() -> None:
    """ruff's mccabe rule holds every function in companion/ at a complexity of 10: none
    carries a ``noqa`` for it, and the limit is not raised."""
    excused = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"noqa:[^#]*\bC9", line)
    ]
    assert excused == []
    assert re.search(r"(?m)^max-complexity = 10$", (ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_browser_walk_asserts_what_it_walks_for() -> None:
    """Each test under tests/browser states its expectation in an ``assert`` of its own, not
    only through the harness's waits (a wait that passes proves that something appeared,
    not that the walk saw what it is for)."""
    import ast

    silent = []
    for path in sorted((ROOT / "tests" / "browser").glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            walk = isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
            if walk and not any(isinstance(inner, ast.Assert) for inner in ast.walk(node)):
                silent.append(f"{path.name}::{getattr(node, 'name', '')}")
    assert silent == []


def test_rules_core_imports_no_flet() -> None:
    """The rules core stays pure: no flet import anywhere under companion/rules."""
    for path in (ROOT / "companion" / "rules").glob("*.py"):
        assert "import flet" not in path.read_text() and "from flet" not in path.read_text(), path


def test_no_tracker_issue_numbers_in_code_or_docs() -> None:
    """The tracker is not in the repository: code and docs say what and why, never a number from the tracker."""
    import re

    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    cited = re.compile(r"\b[Ii]ssues? #?\d+\b")
    found = []
    for name in tracked.split():
        path = ROOT / name
        if path.suffix in (".py", ".md", ".js", ".toml", ".json", ".yml", ".yaml") and path.is_file():
            for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                if cited.search(line):
                    found.append(f"{name}:{number}: {line.strip()[:80]}")
    assert found == []


def test_the_developers_layout_names_every_module_and_only_real_ones() -> None:
    """``docs/development.md``'s layout names each module of ``companion/`` (each file
    directly in a package, and each sub-package by its folder) and no file that is gone."""
    block = (ROOT / "docs" / "development.md").read_text(encoding="utf-8").split("```")[1]
    named = set(re.findall(r"[\w-]+\.(?:py|js)\b", block))
    missing = []
    for package in [ROOT / "companion", *(p for p in (ROOT / "companion").iterdir() if p.is_dir())]:
        if package.name in ("__pycache__", "vendor"):
            continue
        for item in sorted(package.iterdir()):
            if item.suffix in (".py", ".js") and item.name != "__init__.py" and item.name not in named:
                missing.append(str(item.relative_to(ROOT)))
            elif item.is_dir() and item.name not in ("__pycache__", "vendor") and f"{item.name}/" not in block:
                missing.append(f"{item.relative_to(ROOT)}/")
    assert missing == [], f"not in docs/development.md's layout: {missing}"
    everywhere = {p.name for folder in ("companion", "tests", "bench", "scripts") for p in (ROOT / folder).rglob("*.*")}
    assert sorted(n for n in named if n not in everywhere) == []
