"""The CLDR facts the app uses: plural categories, joining names, writing numbers.

They come from ``cldr.json`` beside this module, written from Babel's CLDR data by
``scripts/make_cldr.py``: each language's plural rules, list patterns, decimal and
group signs and percent pattern.  Loading a language's whole CLDR data through Babel
made the server about 6 MB larger; these few facts are all the screens need.
Numbers are rounded half to even, as Babel rounds them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from functools import cache
from pathlib import Path
from typing import Any

from babel.plural import PluralRule

_FILE = Path(__file__).resolve().parent / "cldr.json"


@dataclass(frozen=True)
class Facts:
    """One language's plural rule, list patterns and number signs."""

    plural: PluralRule
    lists: dict[str, str]
    decimal: str
    group: str
    minus: str
    percent_prefix: str
    percent_suffix: str


@cache
def _data() -> dict[str, dict[str, Any]]:
    loaded: dict[str, dict[str, Any]] = json.loads(_FILE.read_text(encoding="utf-8"))
    return loaded


@cache
def facts(lang: str) -> Facts:
    """The facts for ``lang`` (a key of ``cldr.json``; English for any other)."""
    data = _data()
    entry = data.get(lang, data["en"])
    pattern: str = entry["percent"]
    prefix, _, rest = pattern.partition("#")
    suffix = rest[rest.rindex("0") + 1 :]
    sign = entry["percent_sign"]
    return Facts(
        plural=PluralRule(entry["plural"]),
        lists=entry["list"],
        decimal=entry["decimal"],
        group=entry["group"],
        minus=entry["minus"],
        percent_prefix=prefix.replace("%", sign),
        percent_suffix=suffix.replace("%", sign),
    )


def plural_form(lang: str, count: int) -> str:
    """The CLDR plural category of a whole number ("one", "other", …)."""
    return str(facts(lang).plural(abs(count)))


def join_names(lang: str, names: Iterable[str]) -> str:
    """Names joined as ``lang`` joins a list: "Anna and Chen", "Anna, Chen und Bo"."""
    items: Sequence[str] = list(names)
    patterns = facts(lang).lists
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2:
        return _before(lang, patterns["2"], items[-1]).format(*items)
    text = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        text = patterns["middle"].format(text, item)
    return _before(lang, patterns["end"], items[-1]).format(text, items[-1])


def _before(lang: str, pattern: str, last: str) -> str:
    """Spanish writes "e" for "y" before a word that begins with the sound i ("Chen e
    Isabel", "Ana e Hilda"), but not before a diphthong ("Ana y Hierro")."""
    if lang != "es" or " y " not in pattern:
        return pattern
    word = last.strip().lower()
    sounds_i = word.startswith(("i", "í")) or (word.startswith(("hi", "hí")) and word[2:3] not in ("a", "e", "o", "u"))
    return pattern.replace(" y ", " e ") if sounds_i else pattern


def _number(lang: str, value: Decimal, digits: int) -> str:
    """``value`` with ``digits`` decimals and grouped thousands, in ``lang``'s signs."""
    signs = facts(lang)
    rounded = value.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)
    whole, _, fraction = f"{abs(rounded):f}".partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    text = signs.group.join([whole, *groups])
    if digits:
        text += signs.decimal + fraction
    return (signs.minus if value.is_signed() else "") + text  # as Babel: the sign of the value given


def decimal(lang: str, value: float, digits: int = 2) -> str:
    """A number with ``digits`` decimals, written as ``lang`` writes it ("1,33")."""
    return _number(lang, Decimal(str(value)), digits)


def percent(lang: str, value: float, digits: int = 1) -> str:
    """A share (0.125) as a percentage with ``digits`` decimals in ``lang``'s pattern ("12,5 %")."""
    signs = facts(lang)
    return signs.percent_prefix + _number(lang, Decimal(str(value)).scaleb(2), digits) + signs.percent_suffix


def whole_percent(lang: str, percent_value: int) -> str:
    """A whole percentage, written as ``lang`` writes it ("130 %", "130%")."""
    return percent(lang, percent_value / 100, 0)
