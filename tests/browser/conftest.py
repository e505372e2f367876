"""Fixtures for the browser tests: a fresh server per test, one Chromium."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from .harness import CHROMIUM, CHROMIUM_ARGS, Server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Chromium is missing: apt-get install chromium (see README)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data").start()
    yield srv
    srv.stop()
