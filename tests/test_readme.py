"""The README's and the docs' Python examples run as written (as python-chess runs its README),
and the README stays a front page whose every link to the docs leads somewhere."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

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


def _quick_start() -> str:
    """The README's first shell block under "Quick start": what a newcomer types."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Quick start") :]
    found = re.search(r"```sh\n(.*?)```", section, flags=re.DOTALL)
    assert found is not None
    return found.group(1)


@pytest.mark.slow
def test_the_quick_start_runs_as_written_from_the_system_python(tmp_path: Path) -> None:
    """The quick start's commands, exactly as the README prints them, in a copy of the tree
    with the system's ``python3`` and no virtual environment active: they make one, install
    the app into it and start it; the page answers at the address the README gives, and
    Ctrl+C stops it with no traceback."""
    import os
    import shutil
    import signal
    import subprocess
    import urllib.request

    tree = tmp_path / "clone"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in tracked.splitlines():
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, tree / name)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env["HOME"] = str(tmp_path / "home")  # the games go to this user data folder, not the machine's
    if os.environ.get("VIRTUAL_ENV"):  # the test run's own venv is not the newcomer's
        bin_dir = str(Path(os.environ["VIRTUAL_ENV"]) / "bin")
        env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != bin_dir)
    process = subprocess.Popen(
        ["bash", "-e", "-c", _quick_start()],
        cwd=tree,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        said = ""
        for line in process.stdout:  # pip's lines, then the app's address
            said = line
            if "http://127.0.0.1:8550/" in line:
                break
        assert "Mammoth Herd Companion: http://127.0.0.1:8550/" in said, process.communicate(timeout=30)
        with urllib.request.urlopen("http://127.0.0.1:8550/", timeout=60) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
        os.killpg(process.pid, signal.SIGINT)  # Ctrl+C in the terminal reaches the whole group
        _, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert "Traceback" not in errors, errors[-3000:]
    assert (tree / ".venv" / "bin" / "python").exists()
