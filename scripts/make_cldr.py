"""Write the few CLDR facts the app uses to ``companion/i18n/cldr.json``, from Babel.

Loading a language's whole CLDR data from Babel at run time made the server about
6 MB larger (the memory row against bare Flet); the app needs only each language's
plural rules, how it joins a list of names, its decimal and group signs, its
percent pattern, and how it writes a date and a time.  ``tests/test_i18n.py`` checks this file against Babel, so a new
Babel with changed data fails a test until the file is written again.

Rerun with:  python scripts/make_cldr.py
"""

from __future__ import annotations

import json
from pathlib import Path

from babel import Locale

TARGET = Path(__file__).resolve().parents[1] / "companion" / "i18n" / "cldr.json"
LANGUAGES = ("en", "de", "es", "ko")


#: Where the app departs from CLDR's standard list, and why. Korean CLDR joins the last two
#: names with "및", the conjunction of forms and notices; at a table names are listed with
#: commas ("Anna, Chen"), as the language review asked (l10n review 2, U-K3).
LIST_OVERRIDES: dict[str, dict[str, str]] = {"ko": {"2": "{0}, {1}", "end": "{0}, {1}"}}


def facts(lang: str) -> dict[str, object]:
    locale = Locale.parse(lang)
    symbols = locale.number_symbols["latn"]
    return {
        "plural": dict(locale.plural_form.rules),
        "list": {**dict(locale.list_patterns["standard"]), **LIST_OVERRIDES.get(lang, {})},
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "minus": symbols["minusSign"],
        "percent_sign": symbols["percentSign"],
        "percent": locale.percent_formats[None].pattern,
        # Dates and times (companion/i18n/dates.py): the medium date, the short time, how the
        # two are put together, the abbreviated month names, AM/PM and "today"/"yesterday".
        "date": locale.date_formats["medium"].pattern,
        "time": locale.time_formats["short"].pattern,
        "date_time": str(locale.datetime_formats["medium"]),
        "months": [locale.months["format"]["abbreviated"][month] for month in range(1, 13)],
        "periods": {p: locale.day_periods["format"]["abbreviated"][p] for p in ("am", "pm")},
        "days": {str(d): locale._data["date_fields"]["day"]["relative"][d] for d in (-1, 0)},
    }


def main() -> None:
    data = {lang: facts(lang) for lang in LANGUAGES}
    TARGET.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{TARGET.name}: {', '.join(LANGUAGES)}")


if __name__ == "__main__":
    main()
