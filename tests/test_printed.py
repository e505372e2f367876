"""Printed tiles: the herd every round, and the bonuses the table may enter."""

from __future__ import annotations

import pytest

from companion.rules import (
    ActionError,
    BonusItem,
    BonusKind,
    DescribeTile,
    EndGame,
    Migrate,
    Payment,
    Phase,
    Resource,
    Roll,
    StartRound,
    game_from_json,
    game_to_json,
    handouts,
    make_setup,
    play,
    start_game,
    undo,
)

TOOL = (BonusItem(BonusKind.TOOL, 1),)
FOOD = (BonusItem(BonusKind.FOOD, 2),)


def printed(players: int = 3):  # type: ignore[no-untyped-def]
    return start_game(make_setup([f"P{i}" for i in range(players)], 0, "physical", seed=5))


def test_every_round_needs_the_herd_until_the_pile_is_empty() -> None:
    """All 16 rounds ask where the herd went; the round after the last tile tames the herd."""
    game = printed()
    assert not game.state.herd_asked_after_round  # before the first round: no round to follow
    for number in range(1, 17):
        assert game.state.needs_herd
        assert game.state.herd_asked_after_round is (number > 1)  # each settled round's question
        with pytest.raises(ActionError) as err:
            play(game, StartRound())
        assert err.value.code == "start.herd_required"
        game = play(game, StartRound(Resource.STONE))
        assert game.state.round_number == number and game.state.herd is Resource.STONE
        game = play(game, Migrate(number % 3, 1, Payment(food=1)))
        game = play(game, Roll())
    assert not game.state.needs_herd
    game = play(game, StartRound())
    assert game.state.phase is Phase.TAMED
    assert sum(game.state.tallies) == 16


def test_undo_of_a_round_start_asks_again() -> None:
    game = play(printed(), StartRound(Resource.WOOD))
    assert not game.state.needs_herd
    assert undo(game).state.needs_herd


def test_entered_bonuses_reach_the_handouts_the_tile_held_and_the_export() -> None:
    """Bonuses entered before or after the roll name the goods; the held tile carries them."""
    game = play(printed(), StartRound(Resource.GOLD))
    assert game.state.tile_unknown
    game = play(game, Migrate(0, 1, Payment(food=1)))
    game = play(game, Roll())
    assert game.state.current is not None
    assert handouts(game.state.current)[0].bonus is None  # skipped: "as printed on the tile"
    game = play(game, DescribeTile(TOOL, FOOD))
    assert not game.state.tile_unknown
    assert game.state.current is not None
    assert handouts(game.state.current)[0].bonus == TOOL
    assert game.state.held[0][0].first == TOOL
    again = game_from_json(game_to_json(game))
    assert again == game


@pytest.mark.parametrize(
    ("first", "every", "code"),
    [
        ((), FOOD, "tile.empty"),
        (TOOL, (BonusItem(BonusKind.FOOD, 0),), "tile.amount"),
        (TOOL, (BonusItem(BonusKind.FOOD, 10),), "tile.amount"),
        (TOOL + TOOL, FOOD, "tile.kind"),
        (tuple(BonusItem(k, 1) for k in list(BonusKind)[:4]), FOOD, "tile.too_many"),
    ],
)
def test_bad_bonuses_are_refused_and_change_nothing(first: tuple, every: tuple, code: str) -> None:  # type: ignore[type-arg]
    game = play(printed(), StartRound(Resource.WOOD))
    with pytest.raises(ActionError) as err:
        play(game, DescribeTile(first, every))
    assert err.value.code == code


def test_bonuses_only_for_printed_tiles_and_only_with_a_tile_up() -> None:
    deck = start_game(make_setup(["A", "B"], 0, "companion", seed=1))
    with pytest.raises(ActionError) as err:
        play(play(deck, StartRound()), DescribeTile(TOOL, FOOD))
    assert err.value.code == "tile.not_physical"
    with pytest.raises(ActionError) as err:
        play(printed(), DescribeTile(TOOL, FOOD))
    assert err.value.code == "action.phase"


def test_a_herd_outside_the_four_areas_is_refused() -> None:
    with pytest.raises(ActionError) as err:
        play(printed(), StartRound(Resource.FOOD))
    assert err.value.code == "start.herd_required"


def test_end_game_can_be_undone() -> None:
    """A game ended by mistake reopens where it was."""
    game = play(printed(), StartRound(Resource.WOOD))
    ended = play(game, EndGame())
    assert ended.state.phase is Phase.FINISHED
    assert undo(ended).state == game.state
