"""The four catalogs are complete, consistent, and render with the shipped font."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion.i18n import (
    LANGUAGES,
    catalog,
    detect,
    forms,
    join_names,
    percent,
    placeholders,
    plural_form,
    translate,
)

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "assets" / "fonts" / "MammothSans-Regular.otf"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_has_every_english_key_and_no_extras(lang: str) -> None:
    """Every catalog holds exactly the English keys."""
    assert set(catalog(lang)) == set(catalog("en"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_english(lang: str) -> None:
    """Every text uses the same {placeholders} as the English one."""
    english = catalog("en")
    for key, entry in catalog(lang).items():
        assert placeholders(entry) == placeholders(english[key]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_the_forms_the_language_needs(lang: str) -> None:
    """Plural texts carry 'other', and 'one' where the language has it."""
    for key, entry in catalog(lang).items():
        if isinstance(entry, dict):
            assert "other" in entry, (lang, key)
            if lang != "ko" and isinstance(catalog("en")[key], dict):
                assert "one" in entry, (lang, key)


def test_plurals_and_parameters() -> None:
    """Parameterised and plural strings come out right."""
    assert translate("en", "round.tiles_left", count=1) == "1 tile left"
    assert translate("en", "round.tiles_left", count=3) == "3 tiles left"
    assert translate("en", "migrate.moves", name="Anna", count=2) == "Anna moves 2 people"
    assert translate("de", "migrate.moves", name="Anna", count=1) == "Anna setzt 1 Person um"
    assert translate("es", "round.tiles_left", count=3) == "quedan 3 losetas"
    assert translate("ko", "round.tiles_left", count=3) == "남은 타일 3개"
    assert plural_form("ko", 1) == "other"


def test_language_detection() -> None:
    """The first browser or device language we speak wins; English otherwise."""
    assert detect(["ko-KR", "en-US"]) == "ko"
    assert detect(["fr-FR", "de_AT"]) == "de"
    assert detect(["fr", None]) == "en"
    assert detect([]) == "en"


def _rule_error_codes() -> set[str]:
    """Every code a RuleError is raised with in companion/rules."""
    codes = set()
    sources = [*(ROOT / "companion" / "rules").glob("*.py"), ROOT / "companion" / "data" / "game_files.py"]
    sources.append(ROOT / "companion" / "data" / "names.py")
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name.endswith("Error") and isinstance(node.args[0].value, str) and "." in node.args[0].value:
                    codes.add(node.args[0].value)
                if name == "_bad" and isinstance(node.args[0].value, str):  # a damaged file's reason
                    codes.add(f"import.bad_{node.args[0].value}")
    codes |= {"import.malformed"}  # raised through the _bad helper
    return codes


def test_every_rule_error_has_a_translated_message() -> None:
    """Each RuleError code found in the core has an error.<code> text."""
    codes = _rule_error_codes()
    assert {"migrate.area_full", "tile.amount", "import.setup", "import.unreadable"} <= codes
    missing = sorted(code for code in codes if f"error.{code}" not in catalog("en"))
    assert not missing


def _ui_literals(folder: Path = ROOT / "companion" / "ui") -> list[tuple[str, int, str]]:
    """String literals in companion/ui that would reach the screen untranslated."""
    found = []
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in ("Text", "TextField", "Tooltip", "SnackBar"):
                for arg in node.args[:1]:
                    if (
                        isinstance(arg, ast.Constant)
                        and isinstance(arg.value, str)
                        and any(c.isalpha() for c in arg.value)
                    ):
                        found.append((path.name, node.lineno, arg.value))
                for kw in node.keywords:
                    if (
                        kw.arg in ("value", "label", "tooltip", "hint_text", "semantics_label", "text")
                        and isinstance(kw.value, ast.Constant)
                        and isinstance(kw.value.value, str)
                        and any(c.isalpha() for c in kw.value.value)
                    ):
                        found.append((path.name, node.lineno, kw.value.value))
            if name in ("primary", "secondary", "tonal", "icon_button", "heading"):
                for arg in node.args[:2]:
                    if (
                        isinstance(arg, ast.Constant)
                        and isinstance(arg.value, str)
                        and any(c.isalpha() for c in arg.value)
                    ):
                        if name == "icon_button" and arg is node.args[0]:
                            continue
                        found.append((path.name, node.lineno, arg.value))
    return found


def test_no_user_facing_literals_in_ui() -> None:
    """Screens take their words from the catalogs (labels like '1.' carry no letters)."""
    assert _ui_literals() == []


def test_literal_finder_catches_a_literal(tmp_path: Path) -> None:
    """The finder itself works: literal texts, labels and button captions are reported."""
    (tmp_path / "screen.py").write_text(
        "import flet as ft\nft.Text('Hello')\nft.TextField(label='Name')\nprimary('Go', None, 'go')\nft.Text('1.')\n"
    )
    assert [hit[2] for hit in _ui_literals(tmp_path)] == ["Hello", "Name", "Go"]


def test_font_has_a_glyph_for_every_catalog_character() -> None:
    """Every character of every catalog (and Hangul names) renders with the shipped font."""
    cmap = TTFont(FONT).getBestCmap()
    text = ""
    for lang in LANGUAGES:
        for entry in catalog(lang).values():
            text += "".join(forms(entry))
    missing = sorted({c for c in text if ord(c) not in cmap and not c.isspace()})
    assert missing == []
    for code in (0xAC00, 0xD7A3, 0x1100, 0x3131):  # first and last syllable, jamo
        assert code in cmap


def test_font_is_small_and_licensed() -> None:
    """The font stays a reasonable size and ships with its license."""
    assert FONT.stat().st_size < 2_000_000
    assert "SIL OPEN FONT LICENSE" in (FONT.parent / "OFL.txt").read_text()


@pytest.mark.parametrize(
    ("lang", "two", "three", "share"),
    [
        ("en", "Anna and Chen", "Anna, Chen, and Bo", "12.5%"),
        ("de", "Anna und Chen", "Anna, Chen und Bo", "12,5\u00a0%"),
        ("es", "Anna y Chen", "Anna, Chen y Bo", "12,5\u00a0%"),
        ("ko", "Anna 님, Chen 님", "Anna 님, Chen 님, Bo 님", "12.5%"),
    ],
)
def test_lists_and_percentages_follow_each_language(lang: str, two: str, three: str, share: str) -> None:
    """Names are joined and shares written the way CLDR says each language does it (Korean:
    commas, and 님 after every name, as a table says it)."""
    assert join_names(lang, ["Anna", "Chen"]) == two
    assert join_names(lang, ["Anna", "Chen", "Bo"]) == three
    assert percent(lang, 0.125) == share


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_categories_come_from_cldr(lang: str) -> None:
    """0, 1, 2 and 5 pick the CLDR category of each language (Korean has only "other")."""
    expected = ["other"] * 4 if lang == "ko" else ["other", "one", "other", "other"]
    assert [plural_form(lang, n) for n in (0, 1, 2, 5)] == expected
    assert translate(lang, "round.tiles_left", count=1) != translate(lang, "round.tiles_left", count=5)


NUMBERS = {"count", "n", "room", "people", "limit", "players", "needed", "got", "paid", "points", "undos"}
NUMBERS |= {"low", "high", "seat", "die", "other_die", "left", "total"}


def _numbered_keys() -> list[str]:
    return sorted(key for key, entry in catalog("en").items() if placeholders(entry) & NUMBERS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", [0, 1, 2, 5])
def test_every_message_with_a_number_renders_for_0_1_2_and_5(lang: str, number: int) -> None:
    """Each text that takes a number comes out whole: no placeholder left, no crash, no stray braces."""
    for key in _numbered_keys():
        params = {name: number if name in NUMBERS else "Anna" for name in placeholders(catalog("en")[key])}
        text = translate(lang, key, **params)
        assert "{" not in text and "}" not in text, (lang, key, text)
        entry = catalog(lang)[key]
        # A plural form with no number in it says the number in words ("the change made here").
        form = entry.get(plural_form(lang, number), "{count}") if isinstance(entry, dict) else ""
        spelled_out = isinstance(entry, dict) and not any(f"{{{name}}}" in form for name in NUMBERS)
        assert spelled_out or str(number) in text, (lang, key, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_selectors_name_a_number_the_text_takes(lang: str) -> None:
    """A plural text chosen by another number than ``count`` names one of its own placeholders."""
    for key, entry in catalog(lang).items():
        if isinstance(entry, dict):
            selector = entry.get("by", "count")
            assert selector in placeholders(entry) and selector in NUMBERS, (lang, key, selector)
            english = catalog("en")[key]
            assert not isinstance(english, dict) or entry.get("by") == english.get("by"), (lang, key)


AGREEMENT = [
    # The verb agrees with what is left, not with what was entered (the language review).
    ("de", "error.set.unfinished", {"count": 15, "total": 16, "left": 1}, "1 fehlt noch"),
    ("de", "error.set.unfinished", {"count": 1, "total": 16, "left": 15}, "15 fehlen noch"),
    ("es", "error.set.unfinished", {"count": 15, "total": 16, "left": 1}, "falta 1."),
    ("es", "error.set.unfinished", {"count": 1, "total": 16, "left": 15}, "faltan 15."),
    ("en", "error.set.area_count", {"count": 1, "area": "Forest", "limit": 4}, "1 tile has the Forest back"),
    ("de", "error.set.area_count", {"count": 1, "area": "Wald", "limit": 4}, "1 Plättchen hat die Rückseite"),
    ("es", "error.set.area_count", {"count": 5, "area": "Bosque", "limit": 4}, "5 losetas llevan «Bosque»"),
    ("en", "error.dice.count", {"name": "Anna", "needed": 1, "got": 2}, "needs 1 die,"),
    ("en", "error.dice.count", {"name": "Anna", "needed": 5, "got": 2}, "needs 5 dice,"),
    ("en", "round.tiles_left", {"count": 0}, "0 tiles left"),
    ("de", "error.migrate.area_full", {"room": 1, "people": 3}, "Nur noch 1 Person kann"),
    ("de", "error.migrate.area_full", {"room": 2, "people": 3}, "Nur noch 2 Personen können"),
    ("de", "error.migrate.area_full", {"room": 0, "people": 3}, "Nur noch 0 Personen können"),
    ("de", "error.migrate.too_many_players", {"players": 2, "limit": 1}, "darf nur 1 Spieler"),
    ("de", "error.migrate.payment_mismatch", {"people": 1, "paid": 2}, "Für 1 umgesetzte Person zahlt"),
    ("de", "migrate.moves", {"name": "Anna", "count": 5}, "5 Personen"),
    ("de", "sessions.full_body", {"count": 1}, "ist schon 1 Bildschirm offen"),
    ("es", "error.dice.count", {"name": "Anna", "needed": 1, "got": 2}, "necesita 1 dado,"),
    ("es", "error.dice.count", {"name": "Anna", "needed": 2, "got": 1}, "necesita 2 dados,"),
    ("es", "error.migrate.area_full", {"room": 1, "people": 3}, "solo cabe 1 más"),
    ("es", "error.migrate.area_full", {"room": 5, "people": 6}, "solo caben 5 más"),
    ("es", "error.migrate.too_many_players", {"players": 2, "limit": 1}, "solo 1 jugador puede"),
    ("es", "error.migrate.payment_mismatch", {"people": 1, "paid": 0}, "Mover 1 persona cuesta"),
    ("es", "round.tiles_left", {"count": 1}, "queda 1 loseta"),
    ("es", "round.tiles_left", {"count": 2}, "quedan 2 losetas"),
    ("es", "odds.line", {"name": "Anna", "count": 1}, "(1 dado)"),
    ("ko", "history.rounds", {"count": 5}, "총 5라운드"),
    ("ko", "migrate.limit", {"count": 1}, "플레이어 1명만"),
    ("ko", "error.migrate.too_many_players", {"players": 3, "limit": 2}, "플레이어 2명만"),
]


@pytest.mark.parametrize(("lang", "key", "params", "expected"), AGREEMENT)
def test_words_agree_with_their_numbers(lang: str, key: str, params: dict[str, object], expected: str) -> None:
    """A sample of messages picks the form CLDR gives for its number, whichever number that is."""
    assert expected in translate(lang, key, **params)


AREA_PHRASES = {
    "de": {"wood": "im Wald", "brick": "in der Lehmgrube", "stone": "im Steinbruch", "gold": "am Fluss"},
    "es": {"wood": "en el bosque", "brick": "en el pozo de arcilla", "stone": "en la cantera", "gold": "en el río"},
}


@pytest.mark.parametrize("lang", sorted(AREA_PHRASES))
def test_each_herd_area_has_its_own_phrase(lang: str) -> None:
    """German prepositions and Spanish articles differ per area, so each area has a whole phrase."""
    for area, phrase in AREA_PHRASES[lang].items():
        assert translate(lang, f"area_in.{area}") == phrase
        assert translate(lang, "round.herd_at", where=phrase).endswith(phrase)
        assert not translate(lang, f"area_name.{area}").lower().startswith(("el ", "la ", "der ", "die ", "das "))
    assert (
        translate("de", "round.herd_at", where=translate("de", "area_in.brick")) == "Die Herde steht in der Lehmgrube"
    )


TERMS_TO_AVOID = {
    # Brick is the German edition's "Lehm" (its area is the Lehmgrube); the seed's "Ziegel" is a
    # word-for-word "brick", and players match the goods by the edition's word and the picture.
    "de": ["Leute", "füttern", "Füttern", "gefüttert", "Box", "Begleitdeck", "Ziegel"],
    "es": ["alimento", "gente"],
    "ko": ["사람", "음식", "스톤 에이지", "덱"],
    "en": [],
}
TERMS_TO_USE = {
    "de": {"res.food": "Nahrung", "migrate.people": "Personen", "handout.boxed": "Schachtel", "res.brick": "Lehm"},
    "es": {"res.food": "Comida", "migrate.people": "Personas", "handout.boxed": "caja"},
    "ko": {"res.food": "식량", "migrate.people": "일꾼", "tamed.body": "석기시대", "handout.boxed": "상자"},
    "en": {"res.food": "Food"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_uses_its_editions_terms(lang: str) -> None:
    """The words of each published edition, never the ones the review struck out."""
    for key, entry in catalog(lang).items():
        for text in forms(entry):
            for word in TERMS_TO_AVOID[lang]:
                # Korean: a particle or an ending may follow the word ("사람이"); in Python's
                # regex a Hangul syllable is a word character, so no boundary after it.
                after = "" if lang == "ko" else r"(?!\w)"
                assert re.search(rf"(?<!\w){re.escape(word)}{after}", text) is None, (lang, key, word, text)
    for key, word in TERMS_TO_USE[lang].items():
        assert word in translate(lang, key), (lang, key, word)


# One register per language: German "ihr", Spanish "vosotros", Korean polite endings.
# A text addressing one named player may say "du"/"tú"; those keys are listed.
ONE_PLAYER = {"result.choose"}
FORBIDDEN_REGISTER = {
    "de": r"(?<![-\w])(du|dein\w*|dich|dir)(?!\w)|(?:^|[.:;!?]\s)(Tippe|Wähle|Gib|Trage|Zahle|Setze)\b",
    "es": r"(?<!\w)(tú|tu|tus|te|ti|usted|ustedes)(?!\w)"
    r"|(?:^|[.:;!?¿¡]\s?)(Toca|Elige|Introduce|Mueve|Paga|Escribe|Pulsa|Mira)\b",
    "ko": r"(?<!니)다[.!]|(?<!니)다$|니까\?|해라|하라(?!\w)",
    "en": r"$^",
}
REGISTER_SAMPLE = {
    "de": {"hand.hint": "Tippt", "error.dice.missing": "Gebt"},
    "es": {"hand.hint": "Tocad", "error.dice.missing": "Introducid", "error.game.moved_on": "veis"},
    "ko": {"hand.hint": "누르세요", "end.confirm_title": "까요?"},
    "en": {},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_register_per_language(lang: str) -> None:
    """The table is addressed one way throughout; only a named player is spoken to alone."""
    for key, entry in catalog(lang).items():
        if key in ONE_PLAYER:
            continue
        for text in forms(entry):
            match = re.search(FORBIDDEN_REGISTER[lang], text, flags=re.IGNORECASE if lang != "de" else 0)
            assert match is None, (lang, key, match.group(0) if match else "", text)
    for key, word in REGISTER_SAMPLE[lang].items():
        assert word in translate(lang, key), (lang, key)


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_register_check_catches_the_other_register(lang: str) -> None:
    """The register pattern is not blind: the old singular texts would have failed it."""
    old = {"de": "Wenn du deine Leute auswertest", "es": "Toca el valor que muestra cada dado."}[lang]
    assert re.search(FORBIDDEN_REGISTER[lang], old, flags=re.IGNORECASE if lang != "de" else 0)


#: What each language's rules text calls the "all" bonus, copied from the read-only seeds
#: (the tests read nothing outside the repository).
RULES_TERMS = json.loads((Path(__file__).parent / "data" / "rules_terms.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_all_bonus_is_named_as_each_rules_text_names_it(lang: str) -> None:
    """The "all" bonus carries the name the expansion's rules text in that language gives it
    (the Korean text keeps the English "all" printed on the tiles)."""
    term = RULES_TERMS[lang]["quoted"]
    assert translate(lang, "round.all") == term
    assert term in translate(lang, "result.take_all")


def test_korean_words_and_counted_numbers_stay_whole() -> None:
    """A Korean line breaks only between words, and a number stays with the
    counter after it ("1개" had broken as "1" / "개" in the summary)."""
    from companion.i18n import WORD_JOINER, keep_words

    assert keep_words("식량 1개") == f"식{WORD_JOINER}량 1{WORD_JOINER}개"
    assert keep_words("라운드") == WORD_JOINER.join("라운드")
    assert keep_words("14개 남음") == f"14{WORD_JOINER}개 남{WORD_JOINER}음"
    assert keep_words("Anna 12") == "Anna 12"  # nothing else changes


@pytest.mark.parametrize(
    ("lang", "most"),
    [("en", "for the most tiles"), ("de", "die meisten"), ("es", "el primer puesto"), ("ko", "가장 많은 타일")],
)
def test_a_shared_mammoth_score_says_the_players_have_the_most(lang: str, most: str) -> None:
    """Tied players score the 10 points because they hold the most tiles, not because their
    counts are equal (the second language review: German left "the most" out, and Korean
    said they scored because the counts were the same)."""
    for count in (1, 2):
        text = translate(lang, "end.tied", names="Anna, Chen", count=count, points=10)
        assert most in text, text
    assert "같아" not in translate("ko", "end.tied", names="Anna", count=2, points=10)


def test_the_german_later_die_line_says_the_first_dice_were_level() -> None:
    """ "Gleich beim ersten Würfel" read as "right at the first die", the opposite of what it
    meant; the line now says the first dice were level, then which die decided."""
    for count in (1, 3):
        text = translate("de", "result.later_die", count=count, name="Anna", die=5, other="Chen", other_die=3)
        assert "gleichauf" in text and "Gleich beim" not in text, text


def test_the_korean_catalog_speaks_one_way_of_the_printed_tiles_and_the_log() -> None:
    """The second language review's Korean points: the printed tiles are "실물 타일" (not
    "인쇄된 타일", which reads as print-outs); the two settings hints are in 합니다체 like the
    catalog's other statements; a round's log line has a verb."""
    texts = {key: " ".join(forms(entry)) for key, entry in catalog("ko").items()}
    assert not [key for key, text in texts.items() if "인쇄된 타일" in text or "실제 타일" in text]
    assert "실물 타일" in texts["deck.physical"]
    for key in ("settings.text_size_hint", "settings.animation_hint"):
        assert texts[key].endswith("니다."), texts[key]
        assert "요." not in texts[key], texts[key]
    assert translate("ko", "log.round", n=1, where="숲에").endswith("숲에 있음")


@pytest.mark.parametrize(
    ("kind", "one", "five"),
    [
        ("food", "1 de comida", "5 de comida"),
        ("wood", "1 de madera", "5 de madera"),
        ("gold", "1 de oro", "5 de oro"),
        ("brick", "1 ladrillo", "5 ladrillos"),
        ("stone", "1 piedra", "5 piedras"),
    ],
)
def test_spanish_goods_agree_with_their_numbers(kind: str, one: str, five: str) -> None:
    """Food, wood and gold are counted as the Spanish edition counts them ("de comida"), never
    a bare singular after 5 ("5 comida"); brick and stone take their plural."""
    assert translate("es", f"bonus.{kind}", count=1) == one
    assert translate("es", f"bonus.{kind}", count=5) == five
