"""The final score sheet as only a browser shows it: a 360 px touch phone, one player at a
time, in Korean (light, 100 % text), German (dark, 200 %) and Spanish (320 px, light,
200 %), and a touch tablet with every
row side by side, in German (light) and Korean (dark); no word broken inside itself, and
each screen looked at (the behaviour is walked headless in tests/test_final_sheet.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import DB_NAME, Store

from .harness import NARROW, TABLET, App, Server

pytestmark = pytest.mark.browser

NAMES = {
    "de": ("Maximilian", "Jörg", "Ümit"),
    "ko": ("김민지", "이서연", "박지우"),
    "es": ("Guadalupe", "Íñigo", "Begoña"),
}
#: The narrowest phone the app is made for.
SMALLEST = {"width": 320, "height": 640}
SIZES = {"320": SMALLEST, "360": NARROW, "tablet": TABLET}


def _type(app: App, identifier: str, text: str) -> None:
    """Tap the field, then type into it key by key, as a person does (a value set on the
    page's input without a tap first was sometimes not seen by Flutter's editor). A busy
    machine can drop a key (a CI run once read "8" for "87"): the field's text is read
    back, and typed again, as a person who sees the wrong number does."""
    for _ in range(3):
        app.tap(identifier)
        app.settle()
        app.page.keyboard.press("Control+a")
        app.page.keyboard.type(text)
        app.settle()
        box = app.el(identifier).locator("input, textarea")
        if not box.count() or box.first.input_value() == text:
            return
    raise AssertionError(app.on_screen(f"typed {text!r} into {identifier} three times; the field never had it"))


@pytest.mark.parametrize(
    ("size", "lang", "scheme", "percent"),
    [
        ("360", "ko", "light", 100),
        ("360", "de", "dark", 200),
        ("320", "es", "light", 200),
        ("tablet", "de", "light", 100),
        ("tablet", "ko", "dark", 100),
    ],
)
def test_the_sheet_reads_on_a_phone_and_a_tablet(
    browser: Browser, tmp_path: Path, size: str, lang: str, scheme: str, percent: int
) -> None:
    """Ended at once, the sheet opened: counts tapped and the track typed for the first player
    (on a tablet, counts in the other rows too, each total on its own), the results and BG
    Stats' QR code after Done. Each screen is looked at; no word is broken inside itself."""
    data = tmp_path / "data"
    data.mkdir()
    Store(data / DB_NAME).set_setting("text_size", str(percent))
    server = Server(data, ["--language", lang]).start()
    app = App(browser, server.url, SIZES[size], scheme=scheme, locale=lang, touch=True)
    broken: dict[str, list[str]] = {}
    name = f"final-sheet-{size}-{lang}-{scheme}-{percent}"
    try:
        app.new_game(NAMES[lang])
        app.tap("end-game")
        app.tap("confirm-end")
        app.tap("final-sheet")
        app.wait("final-row-0")
        if size == "tablet":
            for seat in (1, 2):
                app.wait(f"final-row-{seat}")
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
            if part == "culture-music":
                app.shot(f"{name}-culture")  # the symbols with their counts' badges
                broken["culture"] = app.broken_words(scale=percent / 100)
        if size == "tablet":
            # The other columns count on their own: a farmer and no agriculture is 0, a gold
            # left is 1 point; the first row's total is as it was.
            app.tap("fs-1-farmers-plus")
            app.wait_text("fs-1-farmers-value", "1")
            app.wait_text("final-total-1", "0")
            app.tap("fs-2-gold-plus")
            app.wait_text("final-total-2", "1")
            app.wait_text("final-total-0", "92")
        app.shot(f"{name}-top")
        broken["top"] = app.broken_words(scale=percent / 100)
        app.reveal("fs-0-gold")
        app.shot(f"{name}-resources")
        app.sheet_done_with_qr()
        app.shot(f"{name}-results")
        broken["results"] = app.broken_words(scale=percent / 100)
    finally:
        app.close()
        server.stop()
    assert {step: words for step, words in broken.items() if words} == {}
