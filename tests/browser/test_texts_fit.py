"""A round's texts fit a 360 px touch phone, in four languages at 100 % and 200 % text: no word
broken inside itself, the texts a row merges into one screen-reader node included (a player's
row); the table's dice pad in view as it opens; what the winner's "1." and "all" give
readable in view when the choice is made, for a lone participant and for two; and a thumb
bar (Roll, Enter table dice, the choice and Next round) that takes at most a third of the
screen. The 320 px walk covers every other screen (``test_phone_layout.py``)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import DB_NAME, Store

from .harness import NARROW, App, Server, without_joiners
from .test_live_round import in_view

pytestmark = pytest.mark.browser

#: The players: German's long compound words meet a long name; the others, their own scripts.
NAMES = {
    "en": ("Anna", "Bert", "Chen"),
    "de": ("Maximilian", "Jörg", "Ümit"),
    "es": ("Ñandú", "Begoña", "Iñaki"),
    "ko": ("김민지", "이서연", "박지우"),
}


def _choice_readable(app: App) -> list[str]:
    """What is wrong with the winner's choice as it shows: both buttons wholly in view, and
    what each gives beside them: a line with the buttons (in the thumb bar where it has room,
    else in the result, scrolled to), or on each button where the bar holds one line (a short
    window: pictures, named in words)."""
    first = without_joiners(app.text("bonus-first"))  # the herd card's "1." line
    wrong = [name for name in ("choose-first", "choose-all") if not in_view(app, name)]
    if app.el("choice-gives").count():
        wrong += [] if in_view(app, "choice-gives") else ["choice-gives"]
        said = without_joiners(app.text("choice-gives"))
    else:
        said = without_joiners(app.text("choose-first"))
    if not wrong and first.split()[-1] not in said:
        wrong.append(f"the choice says {said!r}; the tile's 1. is {first!r}")
    return wrong


def _comes_into_view(app: App, identifier: str, patience: float = 5.0) -> bool:
    """Whether ``identifier`` is in view within ``patience`` seconds (a phone scrolls to a
    step a moment after drawing it)."""
    deadline = time.monotonic() + patience
    while True:
        if in_view(app, identifier):
            return True
        if time.monotonic() > deadline:
            return False


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("lang", ["en", "de", "es", "ko"])
def test_a_round_s_texts_fit_a_360_px_phone(browser: Browser, tmp_path: Path, lang: str, percent: int) -> None:
    """Round 1: the players' rows, a player moved paying two goods, a lone participant's
    typed roll and the choice; round 2: two participants and the choice. Every screen on the
    way is saved for looking at."""
    data = tmp_path / "data"
    data.mkdir()
    Store(data / DB_NAME).set_setting("text_size", str(percent))
    server = Server(data, ["--language", lang]).start()
    app = App(browser, server.url, NARROW, locale=lang, touch=True)
    broken: dict[str, list[str]] = {}
    unreadable: dict[str, list[str]] = {}
    scale = percent / 100

    crowded: dict[str, float] = {}

    def look(name: str) -> None:
        app.shot(f"fit-360-{lang}-{percent}-{name}")
        if words := app.broken_words(scale=scale):
            broken[name] = words
        bar = app.el("thumb-bar").bounding_box() if app.el("thumb-bar").count() else None
        if bar is not None and bar["height"] > NARROW["height"] / 3:
            crowded[name] = round(bar["height"] / NARROW["height"], 2)

    def roll_by_hand(name: str, *dice: str) -> None:
        """The table's dice typed in (the pad brought into view as it opens); the winner's
        choice then checked and looked at."""
        app.tap("enter-dice")
        first_row = dice[0].rsplit("-", 1)[0]  # the first die's row of faces
        app.wait(first_row)
        if not _comes_into_view(app, first_row):
            unreadable[f"pad-{name}"] = [f"{first_row} is not in view once the pad opened"]
        for die in dice:
            app.tap(die)
        app.tap("apply-dice")
        app.wait("choose-all")
        if wrong := _choice_readable(app):
            unreadable[name] = wrong
        look(f"result-{name}")

    try:
        app.start_round(NAMES[lang])
        look("round")
        app.move(0, 2, pay="wood")
        look("moved")
        roll_by_hand("lone", "hand-0-0-6", "hand-0-1-5")  # two people: two dice
        app.tap("next-round")
        app.wait("players-card")
        app.move(1)
        app.move(2)
        look("round-2")
        roll_by_hand("two", "hand-1-0-6", "hand-2-0-1")
    finally:
        app.close()
        server.stop()
    assert broken == {}
    assert unreadable == {}
    assert crowded == {}, "the thumb bar took more than a third of the screen"
