"""The README's Python examples run as written (as python-chess runs its README)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_readme_has_code_to_run() -> None:
    """The rules core in a few lines is there (a rename of the fence would skip it)."""
    assert any("start_game" in block for block in python_blocks())


def test_every_python_example_in_the_readme_runs() -> None:
    """Each ```python block runs without an error; the rules example ends with a winner."""
    for block in python_blocks():
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, str(README), "exec"), {})
        if "Choose(Choice.ALL)" in block:
            assert "winner=" in printed.getvalue() and "(1, 0, 0)" in printed.getvalue(), printed.getvalue()
