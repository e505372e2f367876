"""Text widths in the app font (``companion/ui/textfit.py``) agree with the font itself."""

from __future__ import annotations

import json
import runpy
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from hypothesis import given
from hypothesis import strategies as st

from companion.i18n import Translator
from companion.ui.screens.setup import prompt_fits_beside_buttons
from companion.ui.textfit import fitting_size, labels_share_a_line, text_width

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "assets" / "fonts" / "MammothSans-Regular.otf"


@cache
def _font() -> tuple[dict[int, str], Any]:
    font = TTFont(str(FONT))
    return font.getBestCmap(), font["hmtx"]


def test_the_shipped_widths_are_what_the_script_writes() -> None:
    """``widths.json`` is exactly what ``scripts/make_widths.py`` makes from the shipped font."""
    made = runpy.run_path(str(ROOT / "scripts" / "make_widths.py"), run_name="x")["widths"](FONT)
    assert json.loads((FONT.with_name("widths.json")).read_text(encoding="utf-8")) == made


@given(text=st.text(alphabet="AaBbÄäÖößÑñÁáÉé -:.,0123456789김민지서연가힣ㄱ\u2060", max_size=30))
def test_a_width_is_the_sum_of_the_fonts_advances(text: str) -> None:
    """Any text in the font's characters: the sum of its glyphs' advances at the size (the
    word joiner draws nothing)."""
    cmap, metrics = _font()
    units = sum(metrics[cmap[ord(c)]][0] for c in text if c != "\u2060")
    assert text_width(text, 18) == pytest.approx(units * 18 / 1000)


def test_a_name_that_does_not_fit_gets_a_smaller_size_never_below_the_floor() -> None:
    """Fitting: the size as asked when it fits, smaller in proportion when not, 12 at least."""
    assert fitting_size("Anna", 18, 200) == 18
    wide = text_width("Großmütterchen", 18, bold=True)
    assert fitting_size("Großmütterchen", 18, wide / 1.2, bold=True) == pytest.approx(15)
    assert text_width("Großmütterchen", fitting_size("Großmütterchen", 18, 100, bold=True), bold=True) <= 100.01
    assert fitting_size("W" * 20, 18, 10) == 12


def test_two_buttons_share_a_line_only_where_both_labels_fit() -> None:
    """The start screen's delete question in German: "Behalten" and "Löschen" (with its icon)
    share the card's line on a 360 px phone, and each gets a line at 320 px, where "Löschen"
    would break inside the word; a short pair fits at 320 px."""
    german = [("Behalten", False), ("Löschen", True)]
    assert labels_share_a_line(german, 360 - 24 - 32)
    assert not labels_share_a_line(german, 320 - 24 - 32)
    assert labels_share_a_line([("Keep", False), ("Delete", True)], 320 - 24 - 32)


def _row_texts(lang: str) -> tuple[list[tuple[str, float, bool]], str]:
    """A player's row at its widest in ``lang``: moved, paid in two goods, tiles held (the
    row's sizes from the component), and the wider of its two button labels."""
    from companion.i18n import Translator
    from companion.ui.components.player_row import TEXT_SIZES

    tr = Translator(lang)
    lines = (
        tr("migrate.moves", name="Anna", count=2),
        tr("migrate.paid", payment=f"1 {tr('res.food')}, 1 {tr('res.wood')}"),
        tr("tally.tiles", count=2),
    )
    texts: list[tuple[str, float, bool]] = [
        (text, size, bold) for text, (size, bold) in zip(lines, TEXT_SIZES, strict=True)
    ]
    texts.append((tr("migrate.stays"), 14, False))
    return texts, max(tr("migrate.move"), tr("migrate.change"), key=lambda label: text_width(label, 16))


@pytest.mark.parametrize("lang", ["en", "de", "es", "ko"])
@pytest.mark.parametrize("window", [320, 360, 390])
@pytest.mark.parametrize("percent", [100, 130, 160, 200])
def test_a_player_s_row_leaves_every_word_room(lang: str, window: int, percent: int) -> None:
    """The layout a row takes (disc, texts and button on a line; the button under; the disc
    above too) leaves its texts room for their widest word on a phone, at every text size."""
    from companion.ui.textfit import row_layout, widest_word

    texts, label = _row_texts(lang)
    factor = percent / 100
    room = window - 24 - 32  # the page's margins, the card's padding
    layout = row_layout(room, texts, 44, label, factor=factor)
    button = text_width(label, 16 * factor) + 48 + 26
    column = {0: room - 44 - 20 - button, 1: room - 44 - 10, 2: room}[layout]
    assert widest_word(texts, factor) <= column


def test_the_german_row_puts_its_button_under_the_texts_on_a_360_px_phone() -> None:
    """Reported: "Mammutplät|tchen" broken in the tally line beside the Change button."""
    from companion.ui.textfit import row_layout

    texts, label = _row_texts("de")
    assert row_layout(360 - 56, texts, 44, label) == 1
    texts, label = _row_texts("en")
    assert row_layout(360 - 56, texts, 44, label) == 0


@pytest.mark.parametrize("lang", ["en", "de", "es", "ko"])
def test_the_name_prompt_keeps_the_seat_buttons_beside_it_on_a_360_px_phone(lang: str) -> None:
    """At 360 px (336 px of column) each language's name prompt fits on one line beside the
    seat's two buttons; the old Spanish prompt did not (it was cut after two lines), and a
    prompt that does not fit sends the buttons below the field."""
    assert prompt_fits_beside_buttons(336, Translator(lang)("setup.name_hint"))
    assert not prompt_fits_beside_buttons(336, "Escribid un nombre")
