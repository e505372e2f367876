"""The final score sheet as only a browser shows it: a 360 px touch phone, one player at a
time, in Korean (light, 100 % text) and German (dark, 200 %); no word broken inside itself,
and each screen looked at (the behaviour is walked headless in tests/test_final_sheet.py).
The tablet's rows side by side are not walked here: a typed track or a tap below the fold
was sometimes not counted there under the harness, which is not yet explained."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import DB_NAME, Store

from .harness import NARROW, App, Server

pytestmark = pytest.mark.browser

NAMES = {"de": ("Maximilian", "Jörg", "Ümit"), "ko": ("김민지", "이서연", "박지우")}


def _type(app: App, identifier: str, text: str) -> None:
    """Type into a field key by key, as a person does (a whole fill at once was sometimes
    dropped by Flutter's editor on the tablet, leaving the field as it was)."""
    box = app.wait(identifier).locator("input, textarea").first
    box.focus()
    box.press("Control+a")
    box.type(text)
    app.settle()


@pytest.mark.parametrize(
    ("size", "lang", "scheme", "percent"),
    [("360", "ko", "light", 100), ("360", "de", "dark", 200)],
)
def test_the_sheet_reads_on_a_phone(
    browser: Browser, tmp_path: Path, size: str, lang: str, scheme: str, percent: int
) -> None:
    """Ended at once, the sheet opened: counts tapped and the track typed for the first player,
    the results and BG Stats' QR code after Done. Each screen is looked at; no word is broken
    inside itself."""
    data = tmp_path / "data"
    data.mkdir()
    Store(data / DB_NAME).set_setting("text_size", str(percent))
    server = Server(data, ["--language", lang]).start()
    app = App(browser, server.url, NARROW, scheme=scheme, locale=lang, touch=True)
    broken: dict[str, list[str]] = {}
    name = f"final-sheet-{size}-{lang}-{scheme}-{percent}"
    try:
        app.new_game(NAMES[lang])
        app.tap("end-game")
        app.tap("confirm-end")
        app.tap("final-sheet")
        app.wait("final-row-0")
        _type(app, "fs-0-track", "87")
        app.wait_text("final-total-0", "87")  # the totals follow the typing
        # Each tap's count is on the screen before the next tap: 87, one symbol (1 × 1), two
        # (2 × 2), a level of agriculture (no farmer yet), a farmer × 1 agriculture.
        for part, total in (("culture-art", "88"), ("culture-music", "91"), ("agriculture", "91"), ("farmers", "92")):
            app.reveal(f"fs-0-{part}-plus")
            app.tap(f"fs-0-{part}-plus")
            if part == "agriculture":
                app.wait_text("fs-0-agriculture-value", "1")
            app.wait_text("final-total-0", total)
        app.shot(f"{name}-top")
        broken["top"] = app.broken_words(scale=percent / 100)
        app.reveal("fs-0-gold")
        app.shot(f"{name}-resources")
        app.reveal("final-done")
        app.tap("final-done")
        app.wait("final-results")
        app.reveal("bgstats-qr")
        app.tap("bgstats-qr")
        app.reveal("bgstats-qr-code")
        app.shot(f"{name}-results")
        broken["results"] = app.broken_words(scale=percent / 100)
    finally:
        app.close()
        server.stop()
    assert {step: words for step, words in broken.items() if words} == {}
