"""A round's texts fit a 360 px touch phone, in four languages at 100 % and 200 % text: no word
broken inside itself, the texts a row merges into one screen-reader node included (a player's
row) and the lines Undo and Redo show; the table's dice pad in view as it opens; what the winner's "1." and "all" give
readable in view when the choice is made, for a lone participant and for two; and a thumb
bar (Roll, Enter table dice, the choice and Next round) that takes at most a third of the
screen. The 320 px walk covers every other screen (``test_phone_layout.py``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.data.store import DB_NAME, Store
from companion.i18n import Translator

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


def _choice_readable(app: App, gives: str | None = None) -> list[str]:
    """What is wrong with the winner's choice as it shows: both buttons wholly in view, and
    what each gives beside them: a line with the buttons (in the thumb bar where it has room,
    else in the result, scrolled to), or on each button where the bar holds one line (a short
    window: pictures, named in words). ``gives``: what "1." gives must be said as (None: the
    last word of the herd card's "1." line, the goods' name)."""
    gives = without_joiners(app.text("bonus-first")).split()[-1] if gives is None else without_joiners(gives)
    wrong = [name for name in ("choose-first", "choose-all") if not in_view(app, name)]
    if app.el("choice-gives").count():
        wrong += [] if in_view(app, "choice-gives") else ["choice-gives"]
        said = without_joiners(app.text("choice-gives"))
    else:
        said = without_joiners(app.text("choose-first"))
    if not wrong and gives not in said:
        wrong.append(f"the choice says {said!r}, not {gives!r}")
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


class FitWalk:
    """A 360 px touch phone at a text size in a language, and what its looks found: words
    broken inside themselves, a choice or a pad not readable in view, a crowded thumb bar."""

    def __init__(self, browser: Browser, tmp_path: Path, lang: str, percent: int) -> None:
        data = tmp_path / "data"
        data.mkdir()
        Store(data / DB_NAME).set_setting("text_size", str(percent))
        self.lang, self.percent = lang, percent
        self.server = Server(data, ["--language", lang]).start()
        self.app = App(browser, self.server.url, NARROW, locale=lang, touch=True)
        self.broken: dict[str, list[str]] = {}
        self.unreadable: dict[str, list[str]] = {}
        self.crowded: dict[str, float] = {}

    def look(self, name: str) -> None:
        """A screenshot, the broken-word check and the thumb bar's share of the screen."""
        app = self.app
        app.shot(f"fit-360-{self.lang}-{self.percent}-{name}")
        if words := app.broken_words(scale=self.percent / 100):
            self.broken[name] = words
        bar = app.el("thumb-bar").bounding_box() if app.el("thumb-bar").count() else None
        if bar is not None and bar["height"] > NARROW["height"] / 3:
            self.crowded[name] = round(bar["height"] / NARROW["height"], 2)

    def undo_and_redo(self) -> None:
        """Undo and Redo on the last step: each says what it took back or made again in a line
        over the round, looked at; the step is back afterwards."""
        app, tr = self.app, Translator(self.lang)
        for button, key in (("undo", "info.undone"), ("redo", "info.redone")):
            app.tap(button)
            app.wait_text("message", without_joiners(tr(key, what="")).strip().rstrip(":"))
            app.settle(quiet_ms=300)
            self.look(button)
            app.tap("message-close")
            app.gone("message")

    def roll_by_hand(self, name: str, *dice: str, gives: str | None = None) -> None:
        """The table's dice typed in (the pad brought into view as it opens); the winner's
        choice then checked (``gives``: see :func:`_choice_readable`) and looked at."""
        app = self.app
        app.tap("enter-dice")
        first_row = dice[0].rsplit("-", 1)[0]  # the first die's row of faces
        app.wait(first_row)
        if not _comes_into_view(app, first_row):
            self.unreadable[f"pad-{name}"] = [f"{first_row} is not in view once the pad opened"]
        for die in dice:
            app.tap(die)
        app.tap("apply-dice")
        app.wait("choose-all")
        if wrong := _choice_readable(app, gives):
            self.unreadable[name] = wrong
        self.look(f"result-{name}")

    def close(self) -> None:
        self.app.close()
        self.server.stop()

    def found(self) -> dict[str, dict[str, Any]]:
        """What the looks found wrong, by kind ("crowded": the thumb bar took more than a
        third of the screen); empty when every screen was right."""
        kinds: dict[str, dict[str, Any]] = {
            "broken": dict(self.broken),
            "unreadable": dict(self.unreadable),
            "crowded": dict(self.crowded),
        }
        return {kind: found for kind, found in kinds.items() if found}


@pytest.mark.slow
@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("lang", ["en", "de", "es", "ko"])
def test_a_round_s_texts_fit_a_360_px_phone(browser: Browser, tmp_path: Path, lang: str, percent: int) -> None:
    """Round 1: the players' rows, a player moved paying two goods, that move undone and
    redone (the line that says so), a lone participant's typed roll and the choice; round 2:
    two participants and the choice. Every screen on the way is saved for looking at."""
    walk = FitWalk(browser, tmp_path, lang, percent)
    app = walk.app
    try:
        app.start_round(NAMES[lang])
        walk.look("round")
        app.move(0, 2, pay="wood")
        walk.look("moved")
        walk.undo_and_redo()
        walk.roll_by_hand("lone", "hand-0-0-6", "hand-0-1-5")  # two people: two dice
        app.tap("next-round")
        app.wait("players-card")
        app.move(1)
        app.move(2)
        walk.look("round-2")
        walk.roll_by_hand("two", "hand-1-0-6", "hand-2-0-1")
    finally:
        walk.close()
    assert walk.found() == {}


@pytest.mark.slow
@pytest.mark.parametrize(
    "lang",
    [pytest.param(lang, marks=() if lang == "de" else (pytest.mark.matrix,)) for lang in ("en", "de", "es", "ko")],
)
def test_printed_tiles_choice_fits_at_200_percent(browser: Browser, tmp_path: Path, lang: str) -> None:
    """Printed tiles at 200 % text (German every run, the longest words; the rest in the
    matrix): round 1's tile entered (the choice names its goods), round 2's skipped (the
    choice says each option gives what the tile shows), a lone participant and two."""
    walk = FitWalk(browser, tmp_path, lang, 200)
    app = walk.app
    try:
        app.new_game(NAMES[lang], "physical", shows="physical-herd")
        app.tap("herd-pick-gold")
        for identifier in ("tile-kind-tool", "tile-part-all", "tile-kind-food", "tile-save"):
            app.tap(identifier)
        app.gone("tile-editor")
        walk.look("printed-round")
        app.move(0, 2, pay="wood")
        walk.roll_by_hand("printed-lone", "hand-0-0-6", "hand-0-1-5")
        app.tap("next-round")
        app.tap("herd-pick-brick")
        app.tap("tile-skip")
        app.wait("players-card")
        app.move(1)
        app.move(2)
        walk.look("printed-unknown")
        walk.roll_by_hand("printed-two", "hand-1-0-6", "hand-2-0-1", gives=Translator(lang)("result.as_printed"))
    finally:
        walk.close()
    assert walk.found() == {}
