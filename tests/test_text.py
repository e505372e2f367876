"""The game in plain words (:mod:`companion.data.text`): one place for goods, the winner's
"1." or "all" and the summary, and every bonus kind with its words and its picture."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.assets_path import asset
from companion.data.text import bonus_text, choice_label, expected_text, goods_text, listed_text, payment_text
from companion.i18n import LANGUAGES, Translator, catalog
from companion.rules import BonusItem, BonusKind, Choice, Payment


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bonus_kind_has_its_words_in_every_language_and_its_picture(lang: str) -> None:
    """A bonus kind without ``bonus.<kind>`` (with its plural forms) or ``good.<kind>`` in a
    catalog, or without ``assets/pictures/<kind>.svg``, fails here, not on a player's screen."""
    words = catalog(lang)
    for kind in BonusKind:
        counted = words.get(f"bonus.{kind.value}")
        forms = counted.values() if isinstance(counted, dict) else [counted]
        assert counted and all(isinstance(form, str) and "{count}" in form for form in forms), (lang, kind)
        assert isinstance(words.get(f"good.{kind.value}"), str), (lang, kind)
        assert asset("pictures", f"{kind.value}.svg").is_file(), kind


def test_goods_are_listed_in_bonus_kind_order_and_none_is_left_out() -> None:
    """Whatever order the goods come in, every kind present is named once, in ``BonusKind``
    order (resources first, as on the player board); a kind with none is left out."""
    tr = Translator("en")
    goods = {kind.value: 2 for kind in reversed(BonusKind)}
    text = goods_text(tr, {**goods, "food": 0})
    phrases = [listed_text(tr, [(kind.value, 2)]) for kind in BonusKind if kind is not BonusKind.FOOD]
    assert text == ", ".join(phrases)
    assert "food" not in text


def test_each_phrase_in_english_and_korean() -> None:
    """Payments keep food first, a tile's bonus keeps the tile's order, the choice is the
    tile's "1." or the language's "all", and an expected count shows its fraction."""
    en, ko = Translator("en"), Translator("ko")
    assert payment_text(en, Payment(food=1, wood=2)) == "1 food, 2 wood"
    assert bonus_text(en, (BonusItem(BonusKind.TOOL, 1), BonusItem(BonusKind.FOOD, 2))) == "1 tool, 2 food"
    assert choice_label(en, Choice.FIRST) == "1." == choice_label(ko, Choice.FIRST)
    assert choice_label(en, Choice.ALL) == en("round.all")
    assert choice_label(ko, Choice.ALL) == ko("round.all")
    assert expected_text("en", Fraction(3, 2)) == "1.50 (3/2)"
    assert expected_text("de", Fraction(3, 2)) == "1,50 (3/2)"
    assert expected_text("en", Fraction(2)) == "2"
