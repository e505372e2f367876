"""Dates and times read as each language writes them, on the start screen and in the history
: "30.11.2026, 17:40" in German, "today, 5:40 PM" in English, never ISO."""

from __future__ import annotations

import sqlite3
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from companion.data.store import Store
from companion.i18n import WORD_JOINER
from companion.rules import EndGame, play
from companion.ui.widgets import local_time

from .helpers import new_game, run_async
from .live_client import Tab

STAMP = "2026-11-30T17:40:00+00:00"
#: The stamp as each language writes it on a later day, and on the same day and the next.
LATER = {
    "en": "Nov 30, 2026, 5:40\u00a0PM",
    "de": "30.11.2026, 17:40",
    "es": "30 nov 2026, 17:40",
    "ko": "2026. 11. 30. 오후 5:40",
}
SAME_DAY = {"en": "today, 5:40\u00a0PM", "de": "heute, 17:40", "es": "hoy, 17:40", "ko": "오늘 오후 5:40"}
NEXT_DAY = {"en": "yesterday, 5:40\u00a0PM", "de": "gestern, 17:40", "es": "ayer, 17:40", "ko": "어제 오후 5:40"}


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine's clock in UTC, so that a stored stamp has one local time."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _plain(text: str) -> str:
    return text.replace(WORD_JOINER, "")


@pytest.mark.parametrize("lang", ["en", "de", "es", "ko"])
def test_a_stamp_reads_as_the_language_writes_it(lang: str, utc: None) -> None:
    """A stored stamp on the same day, the next day and a week later, at a fixed time."""
    at = datetime.fromisoformat(STAMP)
    assert _plain(local_time(lang, STAMP, at.replace(hour=23))) == SAME_DAY[lang]
    assert _plain(local_time(lang, STAMP, at.replace(day=1, month=12, hour=8))) == NEXT_DAY[lang]
    assert _plain(local_time(lang, STAMP, datetime(2026, 12, 7, tzinfo=UTC))) == LATER[lang]
    alone = _plain(local_time(lang, STAMP, at.replace(hour=23), alone=True))  # a line of its own
    assert alone == SAME_DAY[lang][:1].upper() + SAME_DAY[lang][1:]


def test_a_damaged_stamp_is_shown_as_it_is() -> None:
    """A stamp the store did not write (a hand-edited file) is shown, not a traceback."""
    assert local_time("de", "gestern") == "gestern"
    assert local_time("de", None) == ""


@pytest.mark.parametrize("lang", ["en", "de", "es", "ko"])
def test_start_screen_and_history_show_dates_in_the_language(lang: str, utc: None) -> None:
    """An unfinished and a finished game stamped 2026-11-30 17:40 UTC: the start screen's
    "last played" and the history's entry give the date as ``lang`` writes it."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        store = Store(data / "games.sqlite3")
        store.create(new_game(3))
        done = store.create(new_game(2))
        store.record(done, play(new_game(2), EndGame()))
        store.close()
        with sqlite3.connect(data / "games.sqlite3") as db:
            stamp_all = "UPDATE games SET updated=?, finished=CASE WHEN finished IS NULL THEN NULL ELSE ? END"
            db.execute(stamp_all, (STAMP, STAMP))

        async def walk() -> tuple[list[str], list[str]]:
            hub = PubSubHub()
            start = await Tab.open(data, hub, 360, 640, route="/start", language=lang)
            history = await Tab.open(data, hub, 360, 640, route="/history", language=lang)
            shown = start.shown(), history.shown()
            await start.close()
            await history.close()
            return shown

        on_start, in_history = run_async(walk())
    expected = LATER[lang]
    assert any(expected in _plain(text) for text in on_start), on_start
    assert f"value={expected}" in [_plain(text) for text in in_history], in_history
    assert not any("2026-11-30" in text for text in on_start + in_history)
