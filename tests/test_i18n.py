"""The four catalogs are complete, consistent, and render with the shipped font."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion.i18n import LANGUAGES, catalog, detect, join_names, percent, placeholders, plural_form, translate

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
    sources = [*(ROOT / "companion" / "rules").glob("*.py"), ROOT / "companion" / "game_files.py"]
    sources.append(ROOT / "companion" / "names.py")
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name.endswith("Error") and isinstance(node.args[0].value, str) and "." in node.args[0].value:
                    codes.add(node.args[0].value)
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
            text += "".join(entry.values()) if isinstance(entry, dict) else entry
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
        ("ko", "Anna 및 Chen", "Anna, Chen 및 Bo", "12.5%"),
    ],
)
def test_lists_and_percentages_follow_each_language(lang: str, two: str, three: str, share: str) -> None:
    """Names are joined and shares written the way CLDR says each language does it."""
    assert join_names(lang, ["Anna", "Chen"]) == two
    assert join_names(lang, ["Anna", "Chen", "Bo"]) == three
    assert percent(lang, 0.125) == share


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_categories_come_from_cldr(lang: str) -> None:
    """0, 1, 2 and 5 pick the CLDR category of each language (Korean has only "other")."""
    expected = ["other"] * 4 if lang == "ko" else ["other", "one", "other", "other"]
    assert [plural_form(lang, n) for n in (0, 1, 2, 5)] == expected
    assert translate(lang, "round.tiles_left", count=1) != translate(lang, "round.tiles_left", count=5)
