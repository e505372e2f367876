"""Fixtures for the browser tests: a fresh server per test, one Chromium, the static site built
once for the whole run, and the check that no page a test opened asked another machine for
anything."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from . import harness, pages
from .harness import CHROMIUM, CHROMIUM_ARGS, Server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Chromium is missing: apt-get install chromium (see README)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The static site as the Pages workflow builds it (tests/browser/pages.py): one build
    for every worker of the run. The walks serve it as it is; a walk that changes a site
    changes a copy."""
    base = tmp_path_factory.getbasetemp()
    return pages.shared_site(base if worker_id == "master" else base.parent)


@pytest.fixture(scope="session")
def isolated_site(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the site as ``publish --isolate`` writes it: its service worker serves every
    page cross-origin isolated (the one line of ``sw.js`` that the option sets)."""
    copy = tmp_path_factory.mktemp("isolated") / "site"
    shutil.copytree(site, copy)
    worker = copy / "sw.js"
    text = worker.read_text(encoding="utf-8")
    assert text.count("var ISOLATE = false;") == 1, "sw.js no longer names ISOLATE as publish writes it"
    worker.write_text(text.replace("var ISOLATE = false;", "var ISOLATE = true;"), encoding="utf-8")
    return copy


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data").start()
    yield srv
    srv.stop()


@pytest.fixture(autouse=True)
def offline() -> Iterator[None]:
    """Every page a test opened asked nothing of another machine: not a font, not a script
    of a CDN, not the animation runtime (the app works with no network; the harness refuses
    such requests and keeps them). Checked after every browser test, by the harness."""
    harness.OPENED.clear()
    yield
    left = harness.left_the_machine(harness.OPENED)
    harness.OPENED.clear()
    assert left == [], f"pages of this test asked another machine for {left[:5]}"
