"""Hypothesis: random legal and illegal action sequences keep every invariant."""

from __future__ import annotations

import os
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from companion.rules import (
    PHYSICAL_DECK_ID,
    Action,
    ActionError,
    BonusItem,
    BonusKind,
    Choice,
    Choose,
    DescribeTile,
    EndGame,
    EnterDice,
    Game,
    Migrate,
    Payment,
    Roll,
    RuleError,
    Score,
    StartRound,
    Withdraw,
    apply,
    game_from_json,
    game_to_json,
    make_setup,
    play,
    redo,
    replay,
    start_game,
    undo,
)
from companion.rules.resources import Resource
from companion.rules.serialize import ACTION_NAMES, action_from_dict, action_to_dict, entries_of, entry_from_dict

#: CI runs the fuzz profile (MAMMOTH_FUZZ_EXAMPLES) with thousands of sequences.
EXAMPLES = int(os.environ.get("MAMMOTH_FUZZ_EXAMPLES", "300"))

players_st = st.integers(-1, 4)
payment_st = st.builds(
    Payment,
    food=st.integers(-1, 7),
    wood=st.integers(0, 3),
    brick=st.integers(0, 2),
    stone=st.integers(0, 2),
    gold=st.integers(0, 2),
)


@st.composite
def migration(draw: st.DrawFn) -> Migrate:
    """Mostly legal payments that add up, sometimes not."""
    people = draw(st.integers(-1, 8))
    if draw(st.booleans()):
        wood = draw(st.integers(0, max(people, 0)))
        return Migrate(draw(players_st), people, Payment(food=max(people, 0) - wood, wood=wood))
    return Migrate(draw(players_st), people, draw(payment_st))


bonus_st = st.lists(st.builds(BonusItem, st.sampled_from(list(BonusKind)), st.integers(0, 10)), max_size=4).map(tuple)

action_st = st.one_of(
    st.builds(StartRound, st.one_of(st.none(), st.sampled_from(list(Resource)))),
    st.builds(DescribeTile, bonus_st, bonus_st),
    migration(),
    migration(),
    st.builds(Withdraw, players_st),
    st.just(Roll()),
    st.builds(
        EnterDice,
        st.lists(st.tuples(players_st, st.lists(st.integers(0, 7), max_size=4).map(tuple)), max_size=3).map(tuple),
    ),
    st.builds(Choose, st.sampled_from(list(Choice))),
    st.just(EndGame()),
    st.builds(
        Score, players_st, st.sampled_from(["track", "farmers", "culture-art", "gold", "bananas"]), st.integers(-1, 30)
    ),
    st.just("undo"),
    st.just("redo"),
)


def check_invariants(game: Game) -> None:
    state = game.state
    in_play = 1 if state.tile_in_play else 0
    assert len(state.pile) + in_play + len(state.box) + sum(state.tallies) == 16
    assert state.tallies == tuple(len(t) for t in state.held)
    ids = [t.id for t in state.pile] + [t.id for t in state.box] + [t.id for h in state.held for t in h]
    assert len(ids) == len(set(ids))
    current = state.current
    if current is not None:
        assert current.people_on_tile <= 7
        assert all(m.payment.total == m.people for m in current.migrations)


def step(game: Game, action: Any) -> tuple[Game, bool]:
    """Apply one generated action; illegal ones must leave the game as it was."""
    before = (hash(game.state), len(game.log), len(game.done), len(game.undone))
    try:
        if action == "undo":
            return undo(game), True
        if action == "redo":
            return redo(game), True
        return play(game, action), True
    except RuleError as err:
        assert err.code and isinstance(err.params, dict)
        assert (hash(game.state), len(game.log), len(game.done), len(game.undone)) == before
        return game, False


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    deck=st.sampled_from(["companion", "physical"]),
    seed=st.integers(0, 2**32),
    actions=st.lists(action_st, max_size=60),
)
def test_random_sequences_keep_invariants(players: int, deck: str, seed: int, actions: list[Any]) -> None:
    """Illegal actions change nothing; tiles are conserved; undo-all and replay hold."""
    game = start_game(make_setup([f"P{i}" for i in range(players)], seed % players, deck, seed))
    for action in actions:
        game, _ = step(game, action)
        check_invariants(game)
    # replaying the log gives the very same game
    entries = [entry_from_dict(e) for e in entries_of(game)]
    assert replay(game.setup, entries) == game
    assert game_from_json(game_to_json(game)) == game
    # undoing everything returns the starting state
    undone = game
    while undone.can_undo:
        undone = undo(undone)
    assert undone.state == game.start


@settings(max_examples=100, deadline=None)
@given(action=action_st.filter(lambda a: not isinstance(a, str)))
def test_action_dict_round_trip(action: Any) -> None:
    """Every action survives the JSON form unchanged."""
    assert action_from_dict(action_to_dict(action)) == action


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_full_legal_game_conserves_tiles(seed: int, players: int) -> None:
    """A whole game where the start player always migrates ends with 16 tiles accounted for."""
    game = start_game(make_setup([f"P{i}" for i in range(players)], 0, "companion", seed))
    for _ in range(16):
        game = play(game, StartRound())
        game = play(game, Migrate(game.state.start_player, 1, Payment(food=1)))
        game = play(game, Roll())
        check_invariants(game)
    game = play(play(game, StartRound()), EndGame())
    assert sum(game.state.tallies) == 16 and not game.state.box


#: One instance of every action, by class.
ONE_OF_EACH: dict[type, Action] = {
    StartRound: StartRound(Resource.WOOD),
    DescribeTile: DescribeTile((BonusItem(BonusKind.FOOD, 2),), (BonusItem(BonusKind.POINTS, 3),)),
    Migrate: Migrate(0, 2, Payment(food=1, wood=1)),
    Withdraw: Withdraw(1),
    Roll: Roll(),
    EnterDice: EnterDice(((0, (6, 2)), (1, (5,)))),
    Choose: Choose(Choice.ALL),
    EndGame: EndGame(),
    Score: Score(0, "track", 5),
}


@pytest.mark.parametrize("kind", get_args(Action), ids=lambda kind: kind.__name__)
def test_every_action_is_dispatched_and_saved(kind: type) -> None:
    """Each member of ``Action`` reaches its own branch of ``apply`` (never "unknown action")
    and survives both serializers under a ``type`` of its own; the fuzz strategy makes it."""
    action = ONE_OF_EACH[kind]
    game = start_game(make_setup(["Ann", "Bo"], start_player=0, deck_id=PHYSICAL_DECK_ID, seed=3))
    for before in (game.state, play(game, StartRound(Resource.WOOD)).state):
        try:
            apply(before, action)
        except RuleError as err:
            assert err.code != "action.unknown", err
    as_dict = action_to_dict(action)
    assert as_dict["type"] in ACTION_NAMES
    assert action_from_dict(as_dict) == action
    assert find(action_st, lambda drawn: isinstance(drawn, kind)) is not None


def test_every_saved_type_names_one_action() -> None:
    """The saved ``type`` names and the members of ``Action`` pair one to one."""
    assert set(ONE_OF_EACH) == set(get_args(Action))
    assert {action_to_dict(action)["type"] for action in ONE_OF_EACH.values()} == ACTION_NAMES


def test_something_that_is_not_an_action_is_refused_with_a_code() -> None:
    """A caller outside the type check that hands ``apply`` something else gets a rules error."""
    game = start_game(make_setup(["Ann", "Bo"], start_player=0, deck_id="companion", seed=3))
    with pytest.raises(ActionError) as refused:
        apply(game.state, "roll")  # type: ignore[arg-type]
    assert refused.value.code == "action.unknown"
