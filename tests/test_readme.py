"""The README's and the docs' Python examples run as written (as python-chess runs its README),
and the README stays a front page whose every link to the docs leads somewhere."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
#: upstream.md quotes Flet's code for Flet's developers: excerpts, not examples to run.
EXAMPLES = [page for page in PAGES if page.name != "upstream.md"]


def python_blocks() -> list[str]:
    return [
        block
        for page in EXAMPLES
        for block in re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    ]


def test_the_readme_is_a_front_page_and_its_links_lead_somewhere() -> None:
    """At most 200 lines; every relative link of the README and the docs names a file that
    exists (and, for a page's heading, a heading that exists)."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 200
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if "://" in target or target.startswith("mailto:"):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), (page.name, target)
            if anchor and linked.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), flags=re.MULTILINE)
                slugs = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}
                assert anchor in slugs, (page.name, target)


def test_the_readme_has_code_to_run() -> None:
    """The rules core in a few lines is there (a rename of the fence would skip it)."""
    assert any("start_game" in block for block in python_blocks())


def test_every_python_example_in_the_readme_runs() -> None:
    """Each ```python block runs without an error; the rules example ends with a winner."""
    for block in python_blocks():
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, "docs", "exec"), {})
        if "Choose(Choice.ALL)" in block:
            assert "winner=" in printed.getvalue() and "(1, 0, 0)" in printed.getvalue(), printed.getvalue()
