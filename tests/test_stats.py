"""Statistics from game logs: summaries, records per name, dice faces and the fairness read."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.data.stats import (
    FEWEST_DICE_TO_TELL,
    chi_square_5_survival,
    faces,
    fairness,
    player_summaries,
    table_record,
)
from companion.rules import Choice, Choose, EndGame, EnterDice, Game, Migrate, Payment, StartRound, play, win_odds

from .helpers import new_game


def test_chi_square_tail_matches_the_tables() -> None:
    """The closed form agrees with published chi-square critical values for 5 degrees of freedom."""
    assert chi_square_5_survival(11.0705) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_5_survival(15.0863) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_5_survival(4.3515) == pytest.approx(0.50, abs=1e-4)
    assert chi_square_5_survival(0) == 1.0


def test_fairness_needs_enough_dice_and_sees_a_loaded_die() -> None:
    """Below 30 dice nothing is said; 60 sixes out of 60 are uneven; an even spread is fair."""
    assert not fairness((4, 4, 4, 4, 4, 4)).enough
    assert fairness((5, 5, 5, 5, 5, 5)).enough and not fairness((5, 5, 5, 5, 5, 5)).uneven
    assert fairness((0, 0, 0, 0, 0, 60)).uneven
    assert fairness((1,) * 5 + (FEWEST_DICE_TO_TELL - 5,)).dice == FEWEST_DICE_TO_TELL


def played() -> Game:
    """Round 1: P1 two people (food + wood), P2 one; table dice 6,1 against 6: P1 wins, takes "all"."""
    game = new_game(3, seed=3)
    game = play(game, StartRound())
    game = play(game, Migrate(0, 2, Payment(food=1, wood=1)))
    game = play(game, Migrate(1, 1, Payment(food=1)))
    game = play(game, EnterDice(((0, (6, 1)), (1, (6,)))))
    game = play(game, Choose(Choice.ALL))
    return play(game, EndGame())


def test_a_round_summed_up_player_by_player() -> None:
    """People, payments, tamings won beside the exact expected, tiles and bonuses."""
    game = played()
    summaries = player_summaries(game.state)
    anna, bert, chloe = summaries
    odds = win_odds({0: 2, 1: 1})
    assert (anna.people, anna.paid, anna.joined, anna.won, anna.tiles) == (2, {"food": 1, "wood": 1}, 1, 1, 1)
    assert anna.expected == odds.win[0] and bert.expected == odds.win[1]
    assert (anna.first, anna.all, bert.first, bert.all) == (0, 1, 0, 1)
    assert (chloe.people, chloe.joined, chloe.expected, chloe.paid) == (0, 0, Fraction(0), {})
    tile = game.state.rounds[0].tile
    assert tile.all is not None and anna.goods == {item.kind.value: item.amount for item in tile.all}
    assert faces([game.state]).table == (1, 0, 0, 0, 0, 2) and not any(faces([game.state]).app)


def test_names_are_one_player_across_games() -> None:
    """ "P1" in two games is one record with two games; the 10 points count as scorings."""
    game = played()
    record = {r.name.casefold(): r for r in table_record([game.state, game.state])}
    assert record["p1"].games == 2 and record["p1"].scorings == 2 and record["p1"].tiles_per_game == 1
    assert record["p2"].expected == 2 * win_odds({0: 2, 1: 1}).win[1]
    assert table_record([]) == ()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 3), min_size=2, max_size=2), st.data())
def test_expected_tamings_add_up_to_the_chance_of_a_winner(people: list[int], data: st.DataObject) -> None:
    """Over the players of one round, the expected tamings sum to 1 minus the chance of a full tie."""
    game = play(new_game(3, seed=1), StartRound())
    for player, count in enumerate(people):
        game = play(game, Migrate(player, count, Payment(food=count)))
    dice = tuple(
        (p, tuple(data.draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)))) for p, n in enumerate(people)
    )
    game = play(game, EnterDice(dice))
    total = sum((s.expected for s in player_summaries(game.state)), Fraction(0))
    assert total == 1 - win_odds(dict(enumerate(people))).no_winner
