"""The CLDR facts shipped in ``companion/i18n/cldr.json`` agree with Babel's CLDR data.

The app reads those few facts instead of loading Babel's whole locale data (about
6 MB of server memory); these tests compare every function with Babel itself, so a
Babel with other data fails here until ``python scripts/make_cldr.py`` is run again.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from babel import Locale
from babel.dates import format_date as babel_date
from babel.dates import format_time as babel_time
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from hypothesis import given
from hypothesis import strategies as st

from companion.i18n import LANGUAGES, decimal, percent, plural_form, whole_percent
from companion.i18n.cldr import join_names as join_list
from companion.i18n.dates import format_date, format_time, format_when

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Anna", "Bert", "Chloé", "Dae-jung", "Eun"]


def _one_decimal_percent(lang: str) -> str:
    return str(Locale.parse(lang).percent_formats[None].pattern).replace("#,##0", "#,##0.0", 1)


@pytest.mark.parametrize("lang", LANGUAGES)
@given(count=st.integers(min_value=-3_000_000, max_value=3_000_000))
def test_plural_category_is_babels(lang: str, count: int) -> None:
    """Every whole number gets Babel's plural category (Spanish "many" for millions included)."""
    assert plural_form(lang, count) == Locale.parse(lang).plural_form(abs(count))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", range(6))
def test_names_are_joined_as_babel_joins_them(lang: str, size: int) -> None:
    """Zero to five names, joined as Babel's list patterns say; Korean with commas only, the
    one departure ``scripts/make_cldr.py`` declares (CLDR's "및" reads like a form)."""
    names = NAMES[:size]
    expected = format_list(names, locale=lang) if names else ""
    if lang == "ko":
        expected = ", ".join(names)
    assert join_list(lang, names) == expected


MOMENTS = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2099, 12, 31))


def _babel(text: str) -> str:
    return text.replace("\u202f", "\u00a0")  # the one glyph the app's font lacks (dates.py)


@pytest.mark.parametrize("lang", LANGUAGES)
@given(moment=MOMENTS)
def test_dates_and_times_are_written_as_babel_writes_them(lang: str, moment: datetime) -> None:
    """Any day and time of day: Babel's medium date and short time, put together by the
    language's own pattern; "today" and "yesterday" are CLDR's words."""
    assert format_date(lang, moment.date()) == _babel(babel_date(moment, "medium", locale=lang))
    assert format_time(lang, moment) == _babel(babel_time(moment, "short", locale=lang))
    locale = Locale.parse(lang)
    glue = str(locale.datetime_formats["medium"])
    later = format_when(lang, moment, moment.date() + timedelta(days=2))
    assert later == glue.replace("{1}", format_date(lang, moment.date())).replace("{0}", format_time(lang, moment))
    words = locale._data["date_fields"]["day"]["relative"]
    assert words[0] in format_when(lang, moment, moment.date())
    assert words[-1] in format_when(lang, moment, moment.date() + timedelta(days=1))


@pytest.mark.parametrize("lang", LANGUAGES)
@given(value=st.floats(min_value=-1e7, max_value=1e7, allow_nan=False), digits=st.integers(0, 3))
def test_decimals_are_written_as_babel_writes_them(lang: str, value: float, digits: int) -> None:
    """Any number, 0 to 3 decimals: same digits, rounding, group and decimal signs as Babel."""
    assert decimal(lang, value, digits) == format_decimal(value, format="#,##0." + "0" * digits, locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@given(value=st.floats(min_value=0, max_value=1, allow_nan=False) | st.fractions(0, 1).map(float))
def test_percentages_are_written_as_babel_writes_them(lang: str, value: float) -> None:
    """A share as a percentage with one decimal, in the language's pattern (its space and sign)."""
    assert percent(lang, value) == format_percent(value, format=_one_decimal_percent(lang), locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", [0, 1, 50, 85, 100, 115, 130, 150, 200, 1250])
def test_whole_percentages_are_written_as_babel_writes_them(lang: str, value: int) -> None:
    """The text sizes' whole percentages ("130 %", "130%")."""
    assert whole_percent(lang, value) == format_percent(value / 100, locale=lang)


def test_shipped_file_is_what_the_script_writes(tmp_path: Path) -> None:
    """``cldr.json`` is exactly what ``scripts/make_cldr.py`` makes from the installed Babel."""
    shipped = json.loads((ROOT / "companion" / "i18n" / "cldr.json").read_text(encoding="utf-8"))
    code = (
        "import json, runpy, sys; ns = runpy.run_path(sys.argv[1], run_name='x');"
        "print(json.dumps({l: ns['facts'](l) for l in ns['LANGUAGES']}))"
    )
    made = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "scripts" / "make_cldr.py")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(made.stdout) == shipped


def test_the_app_loads_no_locale_data() -> None:
    """Translating, joining and writing numbers and dates in all four languages loads none of
    Babel's locale data."""
    code = (
        "import babel.localedata as d, datetime\n"
        "from companion.i18n import LANGUAGES, translate, join_names, percent, decimal, whole_percent\n"
        "from companion.i18n.dates import format_when\n"
        "for lang in LANGUAGES:\n"
        "    translate(lang, 'round.tiles_left', count=3); join_names(lang, ['a', 'b', 'c'])\n"
        "    percent(lang, 0.5); decimal(lang, 1.5); whole_percent(lang, 130)\n"
        "    format_when(lang, datetime.datetime(2026, 1, 2, 3, 4), datetime.date(2026, 1, 2))\n"
        "print(len(d._cache))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "0"


@pytest.mark.parametrize(
    ("names", "joined"),
    [
        (["Chen", "Isabel"], "Chen e Isabel"),
        (["Ana", "Bo", "Hilda"], "Ana, Bo e Hilda"),
        (["Ana", "Íñigo"], "Ana e Íñigo"),
        (["Ana", "Hierro"], "Ana y Hierro"),  # a diphthong: the sound is not i
        (["Ana", "Yago"], "Ana y Yago"),
    ],
)
def test_spanish_writes_e_for_y_before_the_sound_i(names: list[str], joined: str) -> None:
    """The language review: "Chen y Isabel" is written "Chen e Isabel"."""
    assert join_list("es", names) == joined
