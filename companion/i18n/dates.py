"""Dates and times written as each language writes them ("30.11.2026", "today, 6:40 PM").

The patterns come from ``cldr.json`` (CLDR's medium date, short time and the pattern that
puts the two together, with the abbreviated month names, AM/PM and the words for today and
yesterday), written from Babel by ``scripts/make_cldr.py``.  Only the pattern letters those
four languages use are understood; another letter raises ``ValueError`` so that a new CLDR
pattern fails ``tests/test_cldr.py`` instead of printing a wrong date.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from .cldr import _data

#: CLDR puts a narrow no-break space before AM/PM ("6:40 PM"); the app's font has no glyph
#: for it, so the ordinary no-break space stands in (the same unbroken line, a little wider).
_NARROW_NO_BREAK, _NO_BREAK = "\u202f", "\u00a0"

#: A pattern's parts: a quoted literal ('' is a quote), a run of one letter, or any other sign.
_PART = re.compile(r"'(?:[^']|'')*'|([A-Za-z])\1*|[^A-Za-z']+")


def _entry(lang: str) -> dict[str, object]:
    data = _data()
    entry: dict[str, object] = data.get(lang, data["en"])
    return entry


def _field(lang: str, letters: str, moment: datetime) -> str:
    """One pattern field (``MMM``, ``d``, ``HH``, ``a`` …) of ``moment`` in ``lang``."""
    letter, width = letters[0], len(letters)
    if letter == "y":
        return f"{moment.year % 100:02d}" if width == 2 else str(moment.year)
    if letter == "M" and width == 3:
        months = _entry(lang)["months"]
        assert isinstance(months, list)
        return str(months[moment.month - 1])
    if letter == "a":
        periods = _entry(lang)["periods"]
        assert isinstance(periods, dict)
        return str(periods["am" if moment.hour < 12 else "pm"])
    numbers = {"M": moment.month, "d": moment.day, "H": moment.hour, "h": moment.hour % 12 or 12, "m": moment.minute}
    if letter not in numbers or width > 2:
        raise ValueError(f"date pattern field {letters!r} is not supported")
    return str(numbers[letter]).zfill(width)


def _format(lang: str, pattern: str, moment: datetime) -> str:
    parts = []
    for match in _PART.finditer(pattern):
        part = match.group(0)
        if match.group(1):
            parts.append(_field(lang, part, moment))
        elif part.startswith("'"):
            parts.append(part[1:-1].replace("''", "'") or "'")
        else:
            parts.append(part)
    return "".join(parts).replace(_NARROW_NO_BREAK, _NO_BREAK)


def format_date(lang: str, day: date) -> str:
    """A day as ``lang`` writes it: "Nov 30, 2026", "30.11.2026", "30 nov 2026", "2026. 11. 30."."""
    moment = datetime(day.year, day.month, day.day)
    return _format(lang, str(_entry(lang)["date"]), moment)


def format_time(lang: str, moment: datetime) -> str:
    """A time of day as ``lang`` writes it: "6:40 PM", "18:40", "오후 6:40"."""
    return _format(lang, str(_entry(lang)["time"]), moment)


def format_when(lang: str, moment: datetime, today: date) -> str:
    """A past moment with its time: "today, 18:40" and "yesterday, 9:05" for the last two days
    (``today`` is the reader's date), else its date: "30.11.2026, 18:40"."""
    days = _entry(lang)["days"]
    assert isinstance(days, dict)
    if moment.date() == today:
        day = str(days["0"])
    elif moment.date() == today - timedelta(days=1):
        day = str(days["-1"])
    else:
        day = format_date(lang, moment.date())
    return str(_entry(lang)["date_time"]).replace("{1}", day).replace("{0}", format_time(lang, moment))
