"""Pytest configuration shared by all tests: the one tab's state most unit tests start from."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.data.store import DB_NAME, Store
from companion.ui.model import AppModel


@pytest.fixture
def model(tmp_path: Path) -> AppModel:
    """A tab's state on a fresh SQLite file, the dice's animation off."""
    return AppModel.create(Store(tmp_path / DB_NAME), animation=False)
