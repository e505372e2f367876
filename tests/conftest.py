"""Pytest configuration shared by all tests: the one tab's state most unit tests start from, a
table for headless tabs, and the order the two workers take the tests in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.data.store import DB_NAME, Store
from companion.ui.model import AppModel

from .headless import Table


@pytest.fixture
def model(tmp_path: Path) -> AppModel:
    """A tab's state on a fresh SQLite file, the dice's animation off."""
    return AppModel.create(Store(tmp_path / DB_NAME), animation=False)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """One table's games in a fresh data directory, for headless tabs (tests/headless.py)."""
    shared = Table(tmp_path / "data")
    yield shared
    shared.close()


#: The workers of the test command (``-n 2`` in pyproject.toml's addopts).
WORKERS = 2


@pytest.hookimpl(trylast=True)  # after ``-m`` has deselected the matrix
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The walks marked ``slow`` first, every other one at the start of each worker's share.
    pytest-xdist's work stealing hands each worker a contiguous share of the collection and
    lets an idle one take the end of another's: a long walk at the end of a share kept one
    core busy while the other had nothing left. Every process computes the same order."""
    slow = [item for item in items if item.get_closest_marker("slow")]
    if not slow:
        return
    rest = [item for item in items if not item.get_closest_marker("slow")]
    ordered: list[pytest.Item] = []
    for worker in range(WORKERS):
        first = slow[worker::WORKERS]
        share = (worker + 1) * len(items) // WORKERS - worker * len(items) // WORKERS
        taken = max(share - len(first), 0)
        ordered += first + rest[:taken]
        rest = rest[taken:]
    items[:] = ordered + rest
