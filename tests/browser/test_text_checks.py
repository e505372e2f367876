"""The broken-word check itself, on a page made for it: it reports a button whose one word
is drawn on two lines, in view and scrolled to, and a merged row's line whose word is wider
than its box; it leaves alone a button whose word fits, and one whose label wraps between
words. Without this a check that stopped seeing anything would pass every walk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.assets_path import assets_dir

from .harness import App

pytestmark = pytest.mark.browser

SITE = "http://mh.test"

#: Buttons and rows as Flutter's semantics tree has them (``flt-semantics``, tappable ones
#: marked), with their labels drawn by the page: ``break-all`` breaks a word that does not fit.
PAGE = """<!doctype html><html><head><style>
@font-face { font-family: Drawn; src: url(/fonts/MammothSans-Regular.otf); }
body { margin: 0; height: 3000px; font-family: Drawn; }
flt-semantics { position: absolute; left: 20px; display: flex; align-items: center;
  background: #eadfd6; border-radius: 40px; }
flt-semantics span { display: block; width: 100%; padding: 0 24px; text-align: center;
  font-size: 18px; line-height: 24px; word-break: break-all; }
</style></head><body>
<flt-semantics flt-tappable id="broken" style="top: 20px; width: 120px; height: 80px">
  <span>Zurücknehmen</span></flt-semantics>
<flt-semantics flt-tappable id="fits" style="top: 120px; width: 300px; height: 56px">
  <span>Zurücknehmen</span></flt-semantics>
<flt-semantics flt-tappable id="words" style="top: 200px; width: 200px; height: 80px">
  <span>Take back the roll</span></flt-semantics>
<flt-semantics flt-tappable id="below" style="top: 1800px; width: 120px; height: 80px">
  <span>Mammutplättchen</span></flt-semantics>
<flt-semantics id="row" style="top: 320px; width: 90px; height: 60px"
  aria-label="Maximilian&#10;Mammutplättchen: 2"></flt-semantics>
</body></html>"""


def _serve(route: Any) -> None:
    if route.request.url.endswith("/fonts/MammothSans-Regular.otf"):
        route.fulfill(body=(assets_dir() / "fonts" / "MammothSans-Regular.otf").read_bytes(), content_type="font/otf")
    else:
        route.fulfill(body=PAGE, content_type="text/html; charset=utf-8")


def test_the_broken_word_check_sees_breaks_and_only_breaks(browser: Browser, tmp_path: Path) -> None:
    """Two broken buttons (one below the window), a merged row too narrow for its word: three
    reports; the wide button and the one that wraps between its words: none."""
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        page.route(f"{SITE}/**", _serve)
        page.goto(f"{SITE}/")
        page.evaluate("document.fonts.ready")
        checker = object.__new__(App)  # the check alone: a page, no app behind it
        checker.page = page
        found = checker.broken_words()
    finally:
        context.close()
    assert len(found) == 3, found
    assert sum('button "Zurücknehmen"' in line for line in found) == 1, found
    assert sum('button "Mammutplättchen"' in line for line in found) == 1, found
    assert sum('"Mammutplättchen: 2"' in line for line in found) == 1, found
