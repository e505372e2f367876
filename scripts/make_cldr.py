"""Write the few CLDR facts the app uses to ``companion/i18n/cldr.json``, from Babel.

Loading a language's whole CLDR data from Babel at run time made the server about
6 MB larger (issue 14, memory against bare Flet); the app needs only each language's
plural rules, how it joins a list of names, its decimal and group signs and its
percent pattern.  ``tests/test_i18n.py`` checks this file against Babel, so a new
Babel with changed data fails a test until the file is written again.

Rerun with:  python scripts/make_cldr.py
"""

from __future__ import annotations

import json
from pathlib import Path

from babel import Locale

TARGET = Path(__file__).resolve().parents[1] / "companion" / "i18n" / "cldr.json"
LANGUAGES = ("en", "de", "es", "ko")


def facts(lang: str) -> dict[str, object]:
    locale = Locale.parse(lang)
    symbols = locale.number_symbols["latn"]
    return {
        "plural": dict(locale.plural_form.rules),
        "list": dict(locale.list_patterns["standard"]),
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "minus": symbols["minusSign"],
        "percent_sign": symbols["percentSign"],
        "percent": locale.percent_formats[None].pattern,
    }


def main() -> None:
    data = {lang: facts(lang) for lang in LANGUAGES}
    TARGET.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{TARGET.name}: {', '.join(LANGUAGES)}")


if __name__ == "__main__":
    main()
