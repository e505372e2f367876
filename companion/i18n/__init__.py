"""Every user-facing string, in English, Deutsch, Español and 한국어.

Catalogs are JSON files beside this module (``en.json`` …), flat maps from
key to text.  A text may hold ``{placeholders}``; a plural text is an object
of CLDR-style forms (``one``/``other``; Korean has only ``other``) chosen by
the ``count`` parameter, or by the parameter its ``by`` member names::

    >>> translate("en", "round.tiles_left", count=3)
    '3 tiles left'
    >>> translate("de", "error.migrate.area_full", room=1, people=3)
    'Das Gebiet fasst 7 Personen: Nur noch 1 Person kann umgesetzt werden, nicht 3.'

Imports nothing of the app (every layer may use it); :mod:`.cldr` holds the plural rules,
list patterns and number formats.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from .cldr import decimal as decimal
from .cldr import join_names as _join_list
from .cldr import percent as percent
from .cldr import plural_form as plural_form
from .cldr import whole_percent as whole_percent

LANGUAGES: tuple[str, ...] = ("en", "de", "es", "ko")
DEFAULT = "en"
_DIR = Path(__file__).resolve().parent

Entry = str | dict[str, str]
SELECTOR = "by"
"""The member of a plural text naming the number that picks its form (default ``count``)."""


@cache
def catalog(lang: str) -> dict[str, Entry]:
    """The catalog for ``lang`` (one of :data:`LANGUAGES`)."""
    data: dict[str, Entry] = json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def translate(lang: str, key: str, **params: Any) -> str:
    """The text for ``key`` in ``lang`` (English if missing), formatted."""
    entry = catalog(lang).get(key)
    if entry is None:
        entry = catalog(DEFAULT).get(key, key)
    if isinstance(entry, dict):
        count = params.get(entry.get(SELECTOR, "count"), 0)
        entry = entry.get(plural_form(lang, int(count)), entry.get("other", key))
    try:
        return entry.format(**params)
    except (KeyError, IndexError, ValueError):
        return entry


def join_names(lang: str, names: Iterable[str]) -> str:
    """Players' names as one list in ``lang``: each name as the catalog's ``names.each`` puts
    it (Korean adds 님 to every name, so a particle after the list always follows 님), then
    joined with the language's list pattern ("Anna and Chen", "Anna 님, Chen 님")::

        >>> join_names("ko", ["Anna", "Chen"])
        'Anna 님, Chen 님'
    """
    entry = catalog(lang).get("names.each", "{name}")
    each = entry if isinstance(entry, str) else "{name}"
    return _join_list(lang, (each.format(name=name) for name in names))


def forms(entry: Entry) -> list[str]:
    """The texts of an entry: the text itself, or each plural form."""
    if isinstance(entry, dict):
        return [text for form, text in entry.items() if form != SELECTOR]
    return [entry]


def placeholders(entry: Entry) -> set[str]:
    """Names of the ``{placeholders}`` an entry uses (all forms together)."""
    texts: Iterable[str] = forms(entry)
    return {field for text in texts for _, field, _, _ in string.Formatter().parse(text) if field}


def detect(locales: Iterable[str | None]) -> str:
    """The first of the browser/device locales that we speak, else English."""
    for locale in locales:
        if not locale:
            continue
        code = locale.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


WORD_JOINER = "\u2060"
_HANGUL_RUN = re.compile(r"[\uac00-\ud7a3]{2,}")
#: A number and the Hangul counter or particle right after it ("1개", "2라운드", "3명").
_NUMBER_THEN_HANGUL = re.compile(r"(?<=[0-9])(?=[\uac00-\ud7a3])")


def keep_words(text: str) -> str:
    """Korean words held together for line breaking (CSS ``word-break: keep-all``).

    Korean puts spaces between words and breaks lines only there, but Flutter
    breaks between any two Hangul syllables ("라운" / "드").  A word joiner
    between the syllables of each word leaves only the spaces as break points;
    it has no width and screen readers skip it. A number stays with the counter after
    it too ("1개" never breaks as "1" / "개").
    """
    return _NUMBER_THEN_HANGUL.sub(WORD_JOINER, _HANGUL_RUN.sub(lambda run: WORD_JOINER.join(run.group(0)), text))


class Translator:
    """``tr("key", **params)`` bound to one language, ready for the screen.

    Korean texts come with their words kept whole (:func:`keep_words`).
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT

    def __call__(self, key: str, **params: Any) -> str:
        text = translate(self.lang, key, **params)
        return keep_words(text) if self.lang == "ko" else text


#: The areas a tile's back can show (the rules' ``HERD_AREAS``), as error parameters carry them.
_AREAS = frozenset({"wood", "brick", "stone", "gold"})


def message_params(lang: str, error: Any) -> tuple[str, dict[str, Any]]:
    """The catalog key and ready parameters for a rule error (``code`` and ``params``).

    An error that carries a ``cause`` (an import refused because of its players,
    say) names that cause in its own words inside the message; a list of names
    (the players of a game) is joined as the language joins lists.
    """
    params = dict(getattr(error, "params", {}))
    for name, value in params.items():
        if isinstance(value, tuple | list) and all(isinstance(v, str) for v in value):
            params[name] = join_names(lang, value)
    if isinstance(params.get("tile"), int) and "where" in params:  # a deck file's tile, named in lang
        params["where"] = translate(lang, "deck.where_tile", source=params["where"], tile=params["tile"])
    if params.get("area") in _AREAS:  # a tile's back, named as the language names the area
        params["area"] = translate(lang, f"area_name.{params['area']}")
    cause = params.pop("cause", None)
    if cause is not None:
        params["reason"] = translate(lang, f"error.{cause}", **params)
    return f"error.{error.code}", params


def describe(lang: str, error: Any) -> str:
    """A rule error as a sentence in ``lang`` (see :func:`message_params`)."""
    key, params = message_params(lang, error)
    return translate(lang, key, **params)
