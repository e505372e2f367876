"""Mistakes the language reviews found more than once, stopped as classes, not instances:
curly quotes in Korean, a German genitive -s on a raw name, German "Tipp" for a tap, a
Korean count with its noun after the number ("{count}단계": "step 1"), a message that
names in quotes a button the screen does not have, and an Undo or Redo line that says a
word or a colon twice. (Terms to avoid followed by a Korean particle: ``test_i18n``.)"""

from __future__ import annotations

import itertools
import re

import pytest

from companion.data.text import change_text, step_text
from companion.i18n import LANGUAGES, Translator, catalog, forms
from companion.rules import (
    Action,
    Choice,
    Choose,
    EndGame,
    EnterDice,
    EntryKind,
    GameState,
    LogEntry,
    Migrate,
    Payment,
    Roll,
    StartRound,
    Withdraw,
    play,
)
from companion.rules.actions import DescribeTile

from .helpers import new_game

#: How each language quotes a button's label inside a sentence.
QUOTED = {"en": r"“([^”]+)”", "de": r"„([^“]+)“", "es": r"«([^»]+)»", "ko": r"\"([^\"]+)\""}
#: Quotes that are no button: a placeholder, and the bonus labels as the tiles print them.
NOT_BUTTONS = re.compile(r"\{\w+\}|1\.|all|alle|todos")
#: Keys whose quote names a switch by a phrase of its longer label ("switch off “as
#: printed”" for the switch "This is the set as printed: …").
SWITCH_PHRASES = {"error.set.area_full"}


def test_korean_uses_straight_quotes() -> None:
    """The catalog's Korean quotes are "…": curly ones came back three times."""
    for key, entry in catalog("ko").items():
        for text in forms(entry):
            assert not re.search("[“”‘’]", text), (key, text)


def test_no_german_genitive_on_a_placeholder() -> None:
    """ "{name}s Umsetzen" breaks on Jonas, Max, Felix: the catalog writes "von {name}"."""
    for key, entry in catalog("de").items():
        for text in forms(entry):
            assert not re.search(r"\{\w+\}'?s(?!\w)", text), (key, text)


def test_no_german_tipp_for_a_tap() -> None:
    """ "Tipp" is a tip or a bet, never a tap: the catalog says "Eingabe" or "antippen" (the
    noun came back twice, in a key the review before had not named)."""
    for key, entry in catalog("de").items():
        for text in forms(entry):
            assert not re.search(r"\bTipps?\b", text), (key, text)


#: Placeholders that stand for a number in the Korean catalog.
KO_NUMBERS = frozenset(
    {
        *("count", "n", "total", "limit", "points", "high", "people", "paid", "got", "needed", "left"),
        *("others", "room", "players", "value", "figures", "quantity", "undos", "id", "port", "entry"),
        *("files", "chars"),
    }
)
#: What may follow a number in Korean: the counters the catalog uses, then the particles and
#: the copula a bare number takes. A noun right after a number reads as an ordinal ("1단계" is
#: "step 1", "2단계" "stage 2"); a count of a noun is the noun, then the number and a counter
#: ("단계 2개").
KO_AFTER_A_NUMBER = re.compile(
    "(개|명|점|장|대|번째|번|칸|판|라운드|자|가지|인|이|가|을|를|은|는|에|의|과|와|로|으로|까지|만|도|입니|이다)"
)


def test_a_korean_count_has_a_counter_after_its_number() -> None:
    """After a number comes a counter (개, 명, 대, 장, ...) or a particle, never a noun."""
    for key, entry in catalog("ko").items():
        for text in forms(entry):
            for found in re.finditer(r"\{(\w+)\}([가-힣]+)", text):
                if found.group(1) in KO_NUMBERS:
                    assert KO_AFTER_A_NUMBER.match(found.group(2)), (key, found.group(0), text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_button_named_in_quotes_is_a_label_of_the_same_language(lang: str) -> None:
    """Every quoted name in a message is a label the app shows in that language (the whole
    label, or its start before a parenthesis): «Registrar» fails where the button says
    «Anotar»."""
    texts = {text.strip() for entry in catalog(lang).values() for text in forms(entry)}
    for key, entry in catalog(lang).items():
        if key in SWITCH_PHRASES:
            continue
        for text in forms(entry):
            for quoted in re.findall(QUOTED[lang], text):
                if NOT_BUTTONS.fullmatch(quoted):
                    continue
                starts = (f"{quoted} (", f"{quoted}(")  # Korean writes no space before it
                assert quoted in texts or any(t.startswith(starts) for t in texts), (lang, key, quoted)


def _steps() -> list[tuple[GameState, Action | None]]:
    """A state with names and a winner, and one action of every kind step_text names."""
    game = new_game(3, seed=11)
    for action in (StartRound(), Migrate(0, 1, Payment(food=1)), Migrate(1, 2, Payment(food=2)), Roll()):
        game = play(game, action)
    state = game.state
    actions: list[Action | None] = [
        None,
        StartRound(),
        DescribeTile((), ()),
        Migrate(0, 2, Payment(food=2)),
        Withdraw(1),
        Roll(),
        EnterDice(((0, (3,)), (1, (4, 5)))),
        Choose(Choice.ALL),
        EndGame(),
    ]
    return [(state, action) for action in actions]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_undo_and_redo_lines_say_each_word_and_colon_once(lang: str) -> None:
    """Every step kind, undone and redone, in every language: one colon at most, and no
    word said twice in a row ("실행 취소함: Eva: 이동 취소" had two colons)."""
    tr = Translator(lang)
    for state, action in _steps():
        what = step_text(tr, state, action)
        assert what, (lang, action)
        for kind in (EntryKind.UNDO, EntryKind.REDO):
            entry = LogEntry(1, kind, action, 1)  # type: ignore[arg-type]
            line = change_text(tr, state, entry)
            assert line.count(":") + line.count("：") <= 1, (lang, line)
            words = re.findall(r"\w+", line)
            assert all(a != b for a, b in itertools.pairwise(words)), (lang, line)
