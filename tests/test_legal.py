"""The UI's questions (:mod:`companion.rules.legal`) bound to the rules: what they allow is
exactly what :func:`companion.rules.apply` accepts."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import (
    PHYSICAL_DECK_ID,
    GameState,
    Migrate,
    Payment,
    RuleError,
    StartRound,
    Withdraw,
    apply,
    make_setup,
    start_game,
)
from companion.rules.legal import can_migrate, people_limits, room_left
from companion.rules.resources import MAX_PEOPLE, MIN_PEOPLE, Resource

from .test_properties import EXAMPLES, action_st, step


def accepts(state: GameState, player: int, people: int) -> bool:
    """Whether the rules take ``player`` moving ``people`` (paid in food) now."""
    try:
        apply(state, Migrate(player, people, Payment(food=people)))
    except RuleError:
        return False
    return True


@settings(max_examples=max(100, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    deck=st.sampled_from(["companion", "physical"]),
    seed=st.integers(0, 2**16),
    actions=st.lists(
        st.one_of(
            action_st,
            # mostly legal migrations, so the tile fills and the area closes to more players
            st.builds(lambda p, n: Migrate(p, n, Payment(food=n)), st.integers(0, 3), st.integers(1, 4)),
            st.builds(Withdraw, st.integers(0, 3)),
        ),
        max_size=40,
    ),
)
def test_what_legal_allows_is_what_apply_accepts(players: int, deck: str, seed: int, actions: list[Any]) -> None:
    """After any sequence: ``can_migrate`` holds exactly when some number of people is
    accepted; then ``people_limits``' fewest and most are accepted and one more than the most
    is refused; and ``room_left`` is the most that fits on the tile."""
    game = start_game(make_setup([f"P{i}" for i in range(players)], start_player=0, deck_id=deck, seed=seed))
    for action in [StartRound(Resource.WOOD if deck == PHYSICAL_DECK_ID else None), *actions]:
        game, _ = step(game, action)
        state = game.state
        for player in range(-1, players + 1):
            accepted = [people for people in range(MIN_PEOPLE, MAX_PEOPLE + 1) if accepts(state, player, people)]
            assert can_migrate(state, player) == bool(accepted), (player, accepted)
            if not accepted:
                continue
            low, high = people_limits(state, player)
            assert (low, high) == (min(accepted), max(accepted))
            assert accepted == list(range(low, high + 1))
            assert not accepts(state, player, high + 1)
            assert high == min(MAX_PEOPLE, room_left(state, player))
