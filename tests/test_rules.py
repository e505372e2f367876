"""One test per rule of the expansion (and per point the app settles), as the in-app Rules page states them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.rules import (
    ActionError,
    Choice,
    Choose,
    EndGame,
    EnterDice,
    Game,
    Migrate,
    Outcome,
    Payment,
    Phase,
    Roll,
    SetupError,
    StartRound,
    Withdraw,
    get_deck,
    handouts,
    make_setup,
    mammoth_scoring,
    play,
    redo,
    undo,
)
from companion.rules.resources import Resource

from .helpers import decided, food, moved, new_game, now, tamed


def started(players: int = 3, **kw: Any) -> Game:
    return play(new_game(players, **kw), StartRound())


def hand(game: Game, dice: dict[int, list[int]]) -> Game:
    return play(game, EnterDice(tuple((p, tuple(v)) for p, v in dice.items())))


# --- base game ----------------------------------------------------------------
@pytest.mark.parametrize("count", [2, 3, 4])
def test_rule_two_to_four_players(count: int) -> None:
    """Games of 2, 3 and 4 players start."""
    assert len(new_game(count).state.players) == count


@pytest.mark.parametrize("names", [["Solo"], ["A", "B", "C", "D", "E"], []])
def test_rule_two_to_four_players_rejects_other_counts(names: list[str]) -> None:
    """1, 5 or no players are refused with a typed error."""
    with pytest.raises(SetupError) as err:
        make_setup(names, 0, "companion", 1)
    assert err.value.code == "setup.player_count"


def test_rule_names_trimmed_unique_nonempty_short() -> None:
    """Names are trimmed; empty, duplicate (any case) and long names are refused."""
    assert make_setup(["  Ann ", "Bo"], 0, "companion", 1).players == ("Ann", "Bo")
    for names, code in [
        (["Ann", "  "], "setup.name_empty"),
        (["Ann", "ann"], "setup.name_duplicate"),
        (["Ann", "B" * 21], "setup.name_too_long"),
    ]:
        with pytest.raises(SetupError) as err:
            make_setup(names, 0, "companion", 1)
        assert err.value.code == code
    assert make_setup(["Ann", "B" * 20], 0, "companion", 1).players[1] == "B" * 20


def test_rule_start_player_must_be_seated() -> None:
    """The start player is one of the seats."""
    with pytest.raises(SetupError) as err:
        make_setup(["A", "B"], 2, "companion", 1)
    assert err.value.code == "setup.start_player"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_start_player_passes_clockwise(players: int) -> None:
    """Each round the start player is the next seat clockwise."""
    game = new_game(players, start=1)
    seen = []
    for _ in range(players + 1):
        game = play(game, StartRound())
        seen.append(now(game.state).start_player)
        game = play(game, Roll())
    assert seen == [(1 + i) % players for i in range(players + 1)]


def test_rule_turn_order_starts_with_start_player() -> None:
    """Migrations are listed in turn order from the start player."""
    game = started(4, start=2)
    for player in (0, 3, 2):
        game = play(game, Migrate(player, 1, food(1)))
    assert [m.player for m in now(game.state).migrations] == [2, 3, 0]
    assert game.state.turn_order() == (2, 3, 0, 1)


def test_rule_area_holds_at_most_seven_people() -> None:
    """All migrations together never exceed 7 people."""
    game = started(4)
    game = play(game, Migrate(0, 4, food(4)))
    game = play(game, Migrate(1, 3, food(3)))
    with pytest.raises(ActionError) as err:
        play(game, Migrate(2, 1, food(1)))
    assert err.value.code == "migrate.area_full" and err.value.params["room"] == 0


def test_rule_correcting_a_migration_frees_its_people() -> None:
    """A corrected migration replaces the old one, so its people do not count twice."""
    game = started(4)
    game = play(game, Migrate(0, 7, food(7)))
    game = play(game, Migrate(0, 3, food(3)))
    game = play(game, Migrate(1, 4, food(4)))
    assert now(game.state).people_on_tile == 7


def test_rule_three_players_at_most_two_on_an_area() -> None:
    """With 3 players at most 2 players may use the herd's area."""
    game = started(3)
    game = play(game, Migrate(0, 1, food(1)))
    game = play(game, Migrate(1, 1, food(1)))
    with pytest.raises(ActionError) as err:
        play(game, Migrate(2, 1, food(1)))
    assert err.value.code == "migrate.too_many_players"


def test_rule_two_players_only_one_on_an_area() -> None:
    """With 2 players only one may use the herd's area, so a taming has one participant."""
    game = started(2)
    game = play(game, Migrate(0, 2, food(2)))
    with pytest.raises(ActionError) as err:
        play(game, Migrate(1, 1, food(1)))
    assert err.value.code == "migrate.too_many_players"


def test_rule_four_players_may_all_migrate() -> None:
    """With 4 players every player may use the area (within 7 people)."""
    game = started(4)
    for p in range(4):
        game = play(game, Migrate(p, 1, food(1)))
    assert len(now(game.state).migrations) == 4


def test_rule_base_game_end_is_told_by_players() -> None:
    """The game ends only when the table says so, in any phase."""
    for game in (new_game(), started(), play(started(), Roll())):
        assert play(game, EndGame()).state.phase is Phase.FINISHED
    with pytest.raises(ActionError):
        play(play(new_game(), EndGame()), EndGame())


# --- the expansion, step by step -------------------------------------------------
def test_rule_1_setup_shuffles_sixteen_tiles_face_down() -> None:
    """The pile holds all 16 tiles, shuffled by the seed."""
    a, b, c = new_game(seed=1).state, new_game(seed=1).state, new_game(seed=2).state
    assert len(a.pile) == 16 and Counter(t.id for t in a.pile) == Counter(t.id for t in get_deck("companion").tiles)
    assert a.pile == b.pile and a.pile != c.pile


def test_rule_1_tiles_have_back_first_and_all() -> None:
    """Every tile has a herd resource on its back and "1." and "all" bonuses."""
    for tile in get_deck("companion").tiles:
        assert tile.herd in (Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD)
        assert tile.first and tile.all


def test_rule_2_herd_goes_to_back_of_top_tile() -> None:
    """At round start the herd goes where the top tile's back shows; that tile turns face up."""
    game = new_game()
    top = game.state.pile[0]
    game = play(game, StartRound())
    assert game.state.herd == top.herd and now(game.state).tile == top
    assert len(game.state.pile) == 15


def test_rule_2_next_tile_shows_next_herd() -> None:
    """The new top tile's back tells where the herd goes next round."""
    game = play(new_game(), StartRound())
    following = game.state.pile[0]
    assert game.state.next_herd == following.herd
    game = play(play(game, Roll()), StartRound())
    assert game.state.herd == following.herd


def test_rule_3_herd_tamed_when_no_tile_left() -> None:
    """After 16 rounds the next round start finds no tile: the herd is tamed."""
    game = new_game()
    for _ in range(16):
        game = play(play(game, StartRound()), Roll())
    game = play(game, StartRound())
    assert game.state.phase is Phase.TAMED and game.state.herd is None
    with pytest.raises(ActionError):
        play(game, StartRound())
    assert play(game, EndGame()).state.phase is Phase.FINISHED


def test_rule_4_pay_one_food_per_person() -> None:
    """Moving people costs exactly 1 food (or substitute) per person."""
    game = started()
    game = play(game, Migrate(0, 3, food(3)))
    assert moved(game.state, 0).payment.total == 3
    with pytest.raises(ActionError) as err:
        play(game, Migrate(1, 2, food(3)))
    assert err.value.code == "migrate.payment_mismatch"
    assert err.value.params == {"paid": 3, "people": 2}


def test_rule_4_resources_replace_food_one_for_one() -> None:
    """Wood, brick, stone or gold may stand in for food, 1 for 1."""
    game = started()
    payment = Payment(food=1, wood=1, brick=1, stone=1, gold=1)
    game = play(game, Migrate(0, 5, payment))
    assert moved(game.state, 0).payment == payment


def test_rule_4_at_least_one_at_most_seven_people() -> None:
    """A migration moves 1 to 7 people."""
    game = started(4)
    for bad in (0, 8, -1):
        with pytest.raises(ActionError) as err:
            play(game, Migrate(0, bad, food(max(bad, 0))))
        assert err.value.code == "migrate.people_range"


def test_rule_4_negative_payment_refused() -> None:
    """A payment part can not be negative."""
    with pytest.raises(ActionError) as err:
        play(started(), Migrate(0, 1, Payment(food=2, wood=-1)))
    assert err.value.code == "migrate.payment_negative"


def test_rule_4_migration_can_be_withdrawn_until_the_roll() -> None:
    """A migration can be withdrawn before the roll, not after."""
    game = play(started(), Migrate(0, 2, food(2)))
    assert now(play(game, Withdraw(0)).state).migrations == ()
    with pytest.raises(ActionError) as err:
        play(game, Withdraw(1))
    assert err.value.code == "withdraw.none"
    rolled = play(game, Roll())
    with pytest.raises(ActionError) as err:
        play(rolled, Withdraw(0))
    assert err.value.code == "action.phase"
    with pytest.raises(ActionError):
        play(rolled, Migrate(1, 1, food(1)))


def test_rule_5_one_die_per_person_highest_single_die_wins() -> None:
    """Each participant rolls one die per person; the highest single die wins, not the sum."""
    game = play(play(started(4), Migrate(0, 3, food(3))), Migrate(1, 1, food(1)))
    game = hand(game, {0: [5, 5, 5], 1: [6]})
    taming, decision = tamed(game.state), decided(game.state)
    assert taming.winner == 1 and taming.outcome is Outcome.WINNER
    assert decision.position == 0 and decision.winner_die == 6


def test_rule_5_seeded_roll_gives_one_die_per_person() -> None:
    """A seeded roll gives each participant exactly as many dice as people moved."""
    game = play(play(started(4), Migrate(0, 3, food(3))), Migrate(2, 2, food(2)))
    dice = dict(tamed(play(game, Roll()).state).dice)
    assert {p: len(v) for p, v in dice.items()} == {0: 3, 2: 2}
    assert all(1 <= d <= 6 for v in dice.values() for d in v)


def test_rule_5_level_highest_compares_next_die() -> None:
    """On level highest dice the next highest decides, and so on."""
    game = play(play(started(4), Migrate(0, 3, food(3))), Migrate(1, 3, food(3)))
    game = hand(game, {0: [6, 4, 2], 1: [4, 6, 3]})
    taming, decision = tamed(game.state), decided(game.state)
    assert taming.winner == 1 and decision.position == 2
    assert (decision.winner_die, decision.runner_up_die) == (3, 2)


@pytest.mark.parametrize("choice", [Choice.FIRST, Choice.ALL])
def test_rule_6_winner_takes_first_or_all_and_keeps_tile(choice: Choice) -> None:
    """The winner picks "1." or "all" and keeps the tile; others take "all"."""
    game = play(play(started(4), Migrate(0, 1, food(1))), Migrate(1, 1, food(1)))
    game = play(hand(game, {0: [6], 1: [2]}), Choose(choice))
    tile = now(game.state).tile
    assert game.state.current is not None
    out = {h.player: h for h in handouts(game.state.current)}
    assert out[0].choice is choice and out[0].wins_tile
    assert out[0].bonus == (tile.first if choice is Choice.FIRST else tile.all)
    assert out[1].choice is Choice.ALL and out[1].bonus == tile.all and not out[1].wins_tile
    assert game.state.held[0] == (tile,) and game.state.tallies == (1, 0, 0, 0)


def test_rule_7_full_tie_nobody_wins_all_take_all_tile_to_box() -> None:
    """Level after all dice: no winner, everyone takes "all", the tile goes to the box."""
    game = play(play(started(4), Migrate(0, 2, food(2))), Migrate(1, 2, food(2)))
    game = hand(game, {0: [3, 5], 1: [5, 3]})
    state = game.state
    assert tamed(state).outcome is Outcome.TIE and tamed(state).tied == (0, 1)
    assert state.current is not None
    assert [h.choice for h in handouts(state.current)] == [Choice.ALL, Choice.ALL]
    assert state.box == (now(state).tile,) and state.tallies == (0, 0, 0, 0)
    with pytest.raises(ActionError) as err:
        play(game, Choose(Choice.FIRST))
    assert err.value.code == "choose.no_winner"


def test_rule_8_nobody_migrated_no_bonus_tile_to_box() -> None:
    """With nobody on the tile nobody gets a bonus and the tile goes to the box."""
    game = play(started(), Roll())
    state = game.state
    assert tamed(state).outcome is Outcome.NOBODY
    assert state.current is not None
    assert handouts(state.current) == () and state.box == (now(state).tile,)
    assert state.rolls == 0  # no dice were used up


def test_rule_9_most_tiles_scores_ten() -> None:
    """At the end the player with the most tiles scores 10."""
    game = new_game(4)
    for winner in (0, 0, 1):
        game = play(play(game, StartRound()), Migrate(winner, 1, food(1)))
        game = hand(game, {winner: [4]})
    scoring = mammoth_scoring(game.state)
    assert scoring.scorers == (0,) and scoring.points == 10 and scoring.most_tiles == 2


def test_rule_9_tied_leaders_all_score() -> None:
    """All players tied for the most tiles score the 10 points."""
    game = new_game(4)
    for winner in (0, 2):
        game = play(play(game, StartRound()), Migrate(winner, 1, food(1)))
        game = hand(game, {winner: [4]})
    assert mammoth_scoring(game.state).scorers == (0, 2)


# --- settled points ---------------------------------------------------------------
def test_settled_a_die_beats_no_die() -> None:
    """[6, 2] beats [6]: the player who still has a die wins that comparison."""
    game = play(play(started(4), Migrate(0, 1, food(1))), Migrate(1, 2, food(2)))
    state = hand(game, {0: [6], 1: [2, 6]}).state
    assert tamed(state).winner == 1
    assert decided(state).position == 1 and decided(state).runner_up_die is None


def test_settled_full_tie_boxes_tile_despite_weaker_participants() -> None:
    """A full tie among the best sends the tile to the box even with a weaker third."""
    game = started(4)
    for p, n in ((0, 1), (1, 1), (2, 1)):
        game = play(game, Migrate(p, n, food(n)))
    state = hand(game, {0: [5], 1: [5], 2: [2]}).state
    assert tamed(state).outcome is Outcome.TIE and tamed(state).tied == (0, 1)
    assert state.current is not None
    assert [h.choice for h in handouts(state.current)] == [Choice.ALL] * 3
    assert state.box[-1] == now(state).tile


def test_settled_single_participant_wins_and_still_chooses() -> None:
    """A lone participant wins uncontested after a roll and may still pick "all"."""
    game = play(play(started(2), Migrate(1, 2, food(2))), Roll())
    taming = tamed(game.state)
    assert taming.winner == 1 and taming.decision is None and len(dict(taming.dice)[1]) == 2
    assert now(play(game, Choose(Choice.ALL)).state).winner_choice is Choice.ALL


def test_settled_mammoth_scoring_needs_a_tile() -> None:
    """If nobody holds a tile, nobody scores the 10 points."""
    game = play(play(play(new_game(), StartRound()), Roll()), EndGame())
    assert mammoth_scoring(game.state).scorers == ()


def test_settled_winner_without_choice_gets_first() -> None:
    """A winner who does not choose gets "1."."""
    game = hand(play(started(), Migrate(0, 1, food(1))), {0: [3]})
    assert game.state.current is not None
    assert [h.choice for h in handouts(game.state.current)] == [Choice.FIRST]
    game = play(game, StartRound())
    assert [h.choice for h in handouts(game.state.rounds[0])] == [Choice.FIRST]


def test_settled_choice_changes_until_next_round() -> None:
    """The winner chooses after seeing the result; the choice can change until the next round."""
    game = hand(play(started(), Migrate(0, 1, food(1))), {0: [3]})
    game = play(play(game, Choose(Choice.ALL)), Choose(Choice.FIRST))
    assert now(game.state).winner_choice is Choice.FIRST
    with pytest.raises(ActionError):
        play(play(game, StartRound()), Choose(Choice.ALL))


# --- dice entered by hand ------------------------------------------------------------
@pytest.mark.parametrize(
    ("dice", "code"),
    [
        ({0: [7, 1]}, "dice.value"),
        ({0: [0, 1]}, "dice.value"),
        ({0: [3]}, "dice.count"),
        ({0: [3, 3], 1: [2]}, "dice.players"),
        ({}, "dice.missing"),
    ],
)
def test_dice_by_hand_checked(dice: dict[int, list[int]], code: str) -> None:
    """Hand-entered dice are 1 to 6, one per person, only for participants."""
    game = play(started(), Migrate(0, 2, food(2)))
    with pytest.raises(ActionError) as err:
        hand(game, dice)
    assert err.value.code == code


# --- physical pile mode ---------------------------------------------------------------
def test_physical_pile_table_names_the_herd() -> None:
    """In physical-pile mode each round needs the herd's area from the table."""
    game = new_game(3, deck="physical")
    with pytest.raises(ActionError) as err:
        play(game, StartRound())
    assert err.value.code == "start.herd_required"
    game = play(game, StartRound(Resource.STONE))
    assert game.state.herd is Resource.STONE and game.state.next_herd is None
    game = hand(play(game, Migrate(0, 1, food(1))), {0: [4]})
    assert game.state.current is not None
    out = handouts(game.state.current)
    assert out[0].choice is Choice.FIRST and out[0].bonus is None
    assert game.state.tallies == (1, 0, 0)


def test_physical_pile_sixteen_rounds_then_tamed() -> None:
    """The physical pile also runs out after 16 rounds."""
    game = new_game(2, deck="physical")
    for _ in range(16):
        game = play(play(game, StartRound(Resource.GOLD)), Roll())
    assert play(game, StartRound()).state.phase is Phase.TAMED


def test_deck_mode_refuses_a_herd_from_the_table() -> None:
    """With a deck in the app, the deck decides where the herd goes."""
    with pytest.raises(ActionError) as err:
        play(new_game(), StartRound(Resource.WOOD))
    assert err.value.code == "start.herd_unexpected"


# --- undo / redo ------------------------------------------------------------------------
def test_undo_roll_then_roll_again_gives_same_dice() -> None:
    """Dice come from the seed: undoing a roll and rolling again repeats the dice."""
    game = play(play(started(4), Migrate(0, 3, food(3))), Migrate(1, 2, food(2)))
    first = play(game, Roll())
    again = play(undo(first), Roll())
    assert now(first.state).taming == now(again.state).taming


def test_undone_roll_stays_in_log() -> None:
    """An undone roll stays in the log, with its dice."""
    game = play(play(started(), Migrate(0, 2, food(2))), Roll())
    dice = tamed(game.state).dice
    game = undo(game)
    assert now(game.state).taming is None
    last = game.log[-1]
    assert last.kind.value == "undo" and last.taming is not None and last.taming.dice == dice


def test_undo_redo_every_action() -> None:
    """Every action can be undone and redone."""
    game = new_game()
    states = [game.state]
    for action in (StartRound(), Migrate(0, 1, food(1)), Roll(), Choose(Choice.ALL), StartRound(), EndGame()):
        game = play(game, action)
        states.append(game.state)
    for expected in reversed(states[:-1]):
        game = undo(game)
        assert game.state == expected
    with pytest.raises(ActionError) as err:
        undo(game)
    assert err.value.code == "undo.empty"
    for expected in states[1:]:
        game = redo(game)
        assert game.state == expected
    with pytest.raises(ActionError) as err:
        redo(game)
    assert err.value.code == "redo.empty"


def test_new_action_clears_redo() -> None:
    """After an undo, a new action drops what could have been redone."""
    game = undo(play(started(), Migrate(0, 1, food(1))))
    game = play(game, Migrate(1, 1, food(1)))
    assert not game.can_redo


def test_illegal_action_in_wrong_phase() -> None:
    """Actions out of phase raise a typed error naming the action and the phase."""
    with pytest.raises(ActionError) as err:
        play(new_game(), Roll())
    assert err.value.code == "action.phase" and err.value.params == {"action": "Roll", "phase": "ready"}
    with pytest.raises(ActionError) as err:
        play(started(), Migrate(5, 1, food(1)))
    assert err.value.code == "action.player"


def test_colours_distinct_one_per_player() -> None:
    """Players may carry the four Stone Age colours, each once."""
    assert make_setup(["A", "B"], 0, "companion", 1, ["red", "blue"]).colours == ("red", "blue")
    for colours in (["red", "red"], ["red"], ["red", "pink"]):
        with pytest.raises(SetupError) as err:
            make_setup(["A", "B"], 0, "companion", 1, colours)
        assert err.value.code == "setup.colours"
