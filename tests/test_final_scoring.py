"""The final score sheet's arithmetic and checks (:mod:`companion.rules.final`): the note's
examples, the culture sets against a brute force over every split of small hands, the
winner at each level of the tie-break, and the counts a game cannot hold refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules import (
    ActionError,
    Decided,
    EndGame,
    Game,
    Phase,
    Score,
    end_again,
    make_setup,
    play,
    reopen,
    sheet_ranking,
    start_game,
    undo,
)
from companion.rules.final import CULTURE_SYMBOLS, culture_points, final_ranking, final_score, sheet_row


def _splits(cards: tuple[str, ...]) -> Iterator[list[set[str]]]:
    """Every way to deal ``cards`` into sets of different symbols (a brute force)."""
    if not cards:
        yield []
        return
    first, rest = cards[0], cards[1:]
    for split in _splits(rest):
        for index, group in enumerate(split):
            if first not in group:
                yield [*split[:index], group | {first}, *split[index + 1 :]]
        yield [*split, {first}]


def _best_by_brute_force(counts: tuple[int, ...]) -> int:
    cards = tuple(symbol for symbol, count in zip(CULTURE_SYMBOLS, counts, strict=True) for _ in range(count))
    return max(sum(len(group) ** 2 for group in split) for split in _splits(cards))


@given(st.lists(st.integers(0, 2), min_size=8, max_size=8).filter(lambda c: sum(c) <= 7))
def test_the_culture_layering_is_the_best_of_every_split(counts: list[int]) -> None:
    """Set k holds each symbol held at least k times: no split of the hand scores more."""
    assert culture_points(tuple(counts)) == _best_by_brute_force(tuple(counts))


def test_the_notes_examples() -> None:
    """The note's numbers. Three symbols, one twice: 3 × 3 + 1 × 1; two full sets: 2 × 64; figures times their
    quantity; a point per resource left, food nothing."""
    assert culture_points((1, 2, 1, 0, 0, 0, 0, 0)) == 10
    assert culture_points((2,) * 8) == 128
    row = sheet_row(track=80, agriculture=5, tools=7, buildings=4, people=9)
    figures = sheet_row(
        agriculture=5, tools=7, buildings=4, people=9, farmers=2, **{"tool-makers": 3, "hut-builders": 4}, shamans=1
    )
    assert final_score(figures, 0).figures == 2 * 5 + 3 * 7 + 4 * 4 + 1 * 9
    assert final_score(sheet_row(wood=3, brick=2, stone=1, gold=4), 0).resources == 10
    assert final_score(row, 10).total == 90


@pytest.mark.parametrize(
    ("rows", "winners", "decided", "ranks"),
    [
        ([{"track": 90}, {"track": 80}], (0,), Decided.POINTS, (1, 2)),
        ([{"track": 90, "agriculture": 1}, {"track": 91}], (1,), Decided.POINTS, (2, 1)),
        # level on points: agriculture + tools + people decides (buildings do not count)
        ([{"track": 90, "people": 5}, {"track": 90, "tools": 6, "buildings": 9}], (1,), Decided.TIE_BREAK, (2, 1)),
        (
            [{"track": 90, "people": 5}, {"track": 90, "buildings": 5}, {"track": 10}],
            (0,),
            Decided.TIE_BREAK,
            (1, 2, 3),
        ),
        # still level: a shared win, and the next place is third
        ([{"track": 95, "people": 5}, {"track": 95, "people": 5}, {"track": 3}], (0, 1), Decided.SHARED, (1, 1, 3)),
    ],
)
def test_the_winner_by_each_level_of_the_rule(
    rows: list[dict[str, int]], winners: tuple[int, ...], decided: Decided, ranks: tuple[int, ...]
) -> None:
    """The highest total; level, agriculture + tools + people; still level, a shared win."""
    ranking = final_ranking(tuple(final_score(sheet_row(**row), 0) for row in rows))
    assert (ranking.winners, ranking.decided, ranking.ranks) == (winners, decided, ranks)


def _ended(players: int = 2) -> Game:
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    return play(start_game(make_setup(names, start_player=0, deck_id="companion", seed=3)), EndGame())


@pytest.mark.parametrize(
    ("steps", "code"),
    [
        ([Score(0, "track", -1)], "score.range"),
        ([Score(0, "track", 1000)], "score.range"),
        ([Score(0, "culture-art", 3)], "score.range"),
        ([Score(0, "bananas", 1)], "score.part"),
        ([Score(2, "track", 1)], "action.player"),
        ([Score(0, "culture-art", 2), Score(1, "culture-art", 1)], "score.symbol_taken"),
        ([Score(0, "gold", 6), Score(1, "gold", 5)], "score.supply"),
        # 20 sand cards hold at most 60 hut builders, 40 of another kind: 21 cards are too many
        ([Score(0, "shamans", 40), Score(1, "farmers", 1)], "score.sand_cards"),
    ],
)
def test_a_count_no_game_holds_is_refused_and_changes_nothing(steps: list[Score], code: str) -> None:
    """Negative, past a part's most, a part that is not on the sheet, more of a symbol or a
    resource than the box holds over the table, more sand cards than the game has."""
    game = _ended()
    for action in steps[:-1]:
        game = play(game, action)
    with pytest.raises(ActionError) as refused:
        play(game, steps[-1])
    assert refused.value.code == code


def test_the_sheet_is_only_for_an_ended_game_and_undo_takes_a_count_back() -> None:
    """No count before End game; each count is a step Undo takes back, the last one the sheet."""
    game = start_game(make_setup(["Ann", "Bo"], start_player=0, deck_id="companion", seed=3))
    with pytest.raises(ActionError) as early:
        play(game, Score(0, "track", 5))
    assert early.value.code == "action.phase"
    game = play(play(_ended(), Score(0, "track", 50)), Score(1, "track", 70))
    assert sheet_ranking(game.state).winners == (1,)
    assert sheet_ranking(undo(game).state).winners == (0,)
    assert not undo(undo(game)).state.sheet


def test_reopen_takes_the_counts_back_with_the_end_and_ending_again_brings_them_back() -> None:
    """Reopen undoes every count made after End game and End game itself; end_again redoes
    them all, in their order; each refuses a game whose top step is something else."""
    ended = _ended()
    counted = play(play(ended, Score(0, "track", 50)), Score(1, "wood", 3))
    opened = reopen(counted)
    assert opened.state.phase is not Phase.FINISHED and not opened.state.sheet
    assert opened.state == undo(ended).state
    again = end_again(opened)
    assert again.state == counted.state
    assert [type(action) for _, action in again.done[-3:]] == [EndGame, Score, Score]
    with pytest.raises(ActionError) as not_ended:
        reopen(opened)
    assert not_ended.value.code == "reopen.not_ended"
    with pytest.raises(ActionError) as not_end:
        end_again(undo(counted))
    assert not_end.value.code == "redo.not_end"


def test_the_mammoth_points_come_from_the_mammoth_scoring() -> None:
    """Nobody holds a tile in a game ended at once: nobody's row has the 10 points."""
    game = play(_ended(3), Score(2, "track", 1))
    assert [score.mammoth for score in sheet_ranking(game.state).scores] == [0, 0, 0]


def test_a_row_has_every_part_once_and_refuses_a_part_it_lacks() -> None:
    """21 counts: the track, four quantities, four kinds of figures, four resources, eight symbols."""
    assert len(sheet_row()) == 21 and set(sheet_row()) == {0}
    with pytest.raises(KeyError):
        sheet_row(bananas=1)
