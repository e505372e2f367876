"""The UI state without a browser: session, game controller and drafts, on a real SQLite file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
import pytest

from companion.data.store import Store
from companion.rules import Choice, Phase, Resource
from companion.rules.printed import PrintedSet
from companion.rules.taming import settle
from companion.ui import device
from companion.ui.components.herd_pane import HerdView
from companion.ui.components.player_row import row_key
from companion.ui.components.result_card import decided_by
from companion.ui.device import DeviceSettings, HandedOver, handed_over, parse
from companion.ui.kept import Frame, Kept
from companion.ui.model import AppModel, Screen
from companion.ui.root import back_gesture, close_open, scroll_target
from companion.ui.screens.play import CONFIRM_KEY, end_question
from companion.ui.screens.taming import RESULT_KEY
from companion.ui.step import Entry

from .helpers import phase_of, run_async, screen_of


def new_game(model: AppModel, names: list[str], printed: bool = False) -> None:
    model.play.go(Screen.SETUP)
    while len(model.setup.names) > len(names):
        model.setup.remove_player(len(model.setup.names) - 1)
    while len(model.setup.names) < len(names):
        model.setup.add_player()
    for seat, name in enumerate(names):
        model.setup.set_name(seat, name)
    if printed:
        model.setup.use_printed_tiles()
    model.setup.create_game()


def test_a_companion_round_from_setup_to_the_hand_out(model: AppModel) -> None:
    """Setup starts round 1 at once; a migration, a roll and the winner's choice are saved."""
    new_game(model, ["Ann", "Bo", "Cy"])
    assert model.session.screen is Screen.PLAY
    game = model.play.game
    assert game is not None and game.state.phase is Phase.MIGRATION and game.state.round_number == 1
    model.migration.edit(0)
    model.migration.draft.step_people(1)
    model.migration.draft.step_pay("wood", 1)
    assert model.migration.draft.owed == 0
    model.migration.save()
    assert model.migration.editing is None
    run_async(model.round.roll())
    game = model.play.game
    assert game is not None and model.play.game_id is not None
    assert game.state.phase is Phase.RESOLVED and game.state.current is not None
    model.play.choose(Choice.ALL)
    stored = model.session.store.load(model.play.game_id)
    assert model.play.game is not None and stored.state == model.play.game.state
    assert stored.state.current is not None and stored.state.current.choice is Choice.ALL


def test_setup_errors_sit_at_their_seat_and_nothing_is_saved(model: AppModel) -> None:
    new_game(model, ["Ann", "ann", "Cy"])
    assert {seat: m.key for seat, m in model.setup.problems().items()} == {1: "error.setup.name_duplicate"}
    assert model.setup.first_problem == 1
    assert model.session.store.unfinished_games() == [] and model.session.screen is Screen.SETUP


def test_names_are_checked_while_typing_and_every_problem_shows_at_once(model: AppModel) -> None:
    """A name typed wrong is flagged as it is typed; empty seats only once Start was
    tapped, and then all of them together; a long paste is kept whole and flagged, not cut."""
    model.play.go(Screen.SETUP)
    model.setup.add_player()
    assert model.setup.problems() == {}  # a fresh form: no wall of "needs a name"
    model.setup.set_name(0, "Ann")
    model.setup.set_name(2, "ANN")
    pasted = "Bartholomew Fitzgerald-Montgomery Jr.!"  # 38 characters
    model.setup.set_name(3, pasted)
    keys = {seat: m.key for seat, m in model.setup.problems().items()}
    assert keys == {2: "error.setup.name_duplicate", 3: "error.setup.name_too_long"}
    assert model.setup.names[3] == pasted and model.setup.first_problem is None  # no scroll while typing
    model.setup.create_game()
    keys = {seat: m.key for seat, m in model.setup.problems().items()}
    assert keys == {2: "error.setup.name_duplicate", 3: "error.setup.name_too_long"}  # seat 1 plays as "Player 2"
    assert model.setup.first_problem == 2 and model.session.screen is Screen.SETUP
    model.setup.set_name(1, "Bo")
    assert model.setup.first_problem == 2  # the view stays where Start put it while fixing
    model.setup.set_name(2, "Cy")
    model.setup.set_name(3, pasted[:20])
    assert model.setup.problems() == {}
    model.setup.create_game()
    assert screen_of(model) is Screen.PLAY and model.play.game is not None
    assert model.play.game.setup.players == ("Ann", "Bo", "Cy", "Bartholomew Fitzgera")


def test_printed_tiles_ask_the_herd_each_round_and_undo_brings_the_question_back(model: AppModel) -> None:
    new_game(model, ["Ann", "Bo"], printed=True)
    game = model.play.game
    assert game is not None and game.state.needs_herd
    model.play.start_round(Resource.WOOD, after=0)
    assert model.tile.describing  # the tile's bonuses are offered
    model.tile.skip()
    model.migration.edit(1)
    model.migration.save()
    run_async(model.round.roll())
    model.round.next_round(after=1)
    assert model.round.picking_herd
    model.play.start_round(Resource.GOLD, after=1)
    model.play.start_round(Resource.GOLD, after=1)  # a double tap starts one round
    assert model.play.game is not None and model.play.game.state.round_number == 2
    model.round.undo()
    assert model.round.picking_herd and model.play.game.state.round_number == 1


def test_the_tile_editor_records_the_bonuses(model: AppModel) -> None:
    new_game(model, ["Ann", "Bo"], printed=True)
    model.play.start_round(Resource.STONE, after=0)
    model.tile.draft.toggle("tool")
    model.tile.save()  # "all" is empty: a message, the editor stays open
    assert model.tile.describing and model.session.message is not None
    assert model.session.message.key == "error.tile.empty"
    model.tile.draft.show(Choice.ALL)
    model.tile.draft.toggle("food")
    model.tile.draft.step("food", 1)
    model.tile.save()
    assert not model.tile.describing
    tile = model.play.game.state.current.tile
    assert [(i.kind.value, i.amount) for i in tile.all or ()] == [("food", 2)]


def test_games_list_delete_asks_and_finished_games_reopen(model: AppModel) -> None:
    new_game(model, ["Ann", "Bo"])
    first = model.play.game_id
    model.play.go(Screen.START)
    new_game(model, ["Cy", "Di"])
    second = model.play.game_id
    model.play.go(Screen.START)
    assert [g.id for g in model.session.unfinished] == [second, first]
    model.play.ask_delete(second)
    assert model.play.confirm_delete == second
    model.play.delete_game(second)  # type: ignore[arg-type]
    assert [g.id for g in model.session.unfinished] == [first]
    model.play.open_game(first)  # type: ignore[arg-type]
    model.round.ask_end()
    model.round.end_game()
    assert model.play.game is not None and model.play.game.state.phase is Phase.FINISHED
    model.play.reopen()
    assert phase_of(model) is Phase.MIGRATION
    assert model.session.message is not None and model.session.message.key == "info.reopened"
    model.play.go(Screen.RULES)  # the banner stays with the round, not over the Rules
    assert model.session.message is None


def test_settings_are_kept_on_the_device_and_settings_return_where_they_were_opened(
    model: AppModel, tmp_path: Path
) -> None:
    """Each choice goes to this device's storage at once (one JSON text with every choice);
    the saved games' file, the defaults of a device that has chosen nothing, is not touched."""
    written: list[str] = []
    model.session.device.write = written.append
    model.play.go(Screen.SETTINGS)
    model.session.set_language("ko")
    model.session.set_theme("dark")
    model.session.set_language("xx")  # not a language: ignored
    model.play.back()
    assert model.session.screen is Screen.START
    assert [parse(text) for text in written] == [{"lang": "ko"}, {"lang": "ko", "theme": "dark"}]
    store = Store(tmp_path / "games.sqlite3")
    assert store.get_setting("lang") is None and store.get_setting("theme") is None
    new_game(model, ["Ann", "Bo"])
    model.play.go(Screen.RULES)
    model.play.back()
    assert screen_of(model) is Screen.PLAY


def test_another_tab_s_change_is_shown_and_an_open_editor_keeps_its_entry(model: AppModel, tmp_path: Path) -> None:
    """Another device's change leaves the open editor and what was entered in it, and raises
    the notice under the body (no banner above it); changes in a row keep the one notice up,
    a count of them; it goes down after a quiet while (not when a change came meanwhile),
    and with the screen."""
    new_game(model, ["Ann", "Bo", "Cy"])
    other = AppModel.create(Store(tmp_path / "games.sqlite3"))
    other.play.open_game(model.play.game_id)  # type: ignore[arg-type]
    model.migration.edit(0)
    model.migration.draft.step_people(1)
    other.migration.edit(1)
    other.migration.save()
    model.play.refresh(model.play.game_id)  # type: ignore[arg-type]
    assert model.migration.editing == 0 and model.migration.draft.people == 2
    assert model.migration.conflict is None  # Bo's move makes Ann's entry no less possible
    assert model.play.game == other.play.game
    assert model.session.message is None and model.session.synced == 1
    assert other.play.undo()
    model.play.refresh(model.play.game_id)  # type: ignore[arg-type]
    model.play.refresh(model.play.game_id)  # type: ignore[arg-type]  # nothing new: no count
    assert model.session.synced == 2
    model.session.dismiss_synced(1)  # the first change's timer: a later change keeps it up
    assert model.session.synced == 2
    model.session.dismiss_synced(2)
    assert model.session.synced == 0
    assert other.play.redo()
    model.play.refresh(model.play.game_id)  # type: ignore[arg-type]
    assert model.session.synced == 1
    model.session.dismiss_synced(1)
    assert model.session.synced == 0
    assert other.play.undo()
    model.play.refresh(model.play.game_id)  # type: ignore[arg-type]
    assert model.session.synced == 1
    model.play.go(Screen.RULES)
    assert model.session.synced == 0


def test_a_removed_player_comes_back_with_name_colour_and_seat(model: AppModel) -> None:
    """Removing a player is undoable: the seat, the name and the colour return."""
    model.play.go(Screen.SETUP)
    model.setup.add_player()
    for seat, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        model.setup.set_name(seat, name)
    model.setup.choose_start_player(2)
    colours = list(model.setup.colours)
    model.setup.remove_player(1)
    assert model.setup.names == ["Ann", "Cy", "Di"] and model.setup.removed == (1, "Bo", colours[1])
    model.setup.undo_remove()
    assert model.setup.names == ["Ann", "Bo", "Cy", "Di"] and model.setup.colours == colours
    assert model.setup.start_player == 2 and model.setup.removed is None
    model.setup.undo_remove()  # nothing left to undo: nothing changes
    assert model.setup.names == ["Ann", "Bo", "Cy", "Di"]


def test_routes_name_every_screen_and_back_steps_within_the_app(model: AppModel) -> None:
    """Each screen has an address; following one shows its screen; Back from a round is the start."""
    from companion.ui.routes import parse

    new_game(model, ["Ann", "Bo", "Cy"])
    game_id = model.play.game_id
    assert model.play.route == f"/game/{game_id}" and parse(model.play.route) == (Screen.PLAY, game_id)
    model.play.follow("/rules")
    assert model.session.screen is Screen.RULES and model.play.route == "/rules"
    model.play.step_back()
    assert screen_of(model) is Screen.PLAY  # the rules return where they were opened
    model.play.step_back()
    assert screen_of(model) is Screen.START and model.play.game is not None  # the game is kept
    model.play.step_back()
    assert screen_of(model) is Screen.START  # the start screen is as far as Back goes
    model.play.follow(f"/game/{game_id}")
    assert screen_of(model) is Screen.PLAY and model.play.game_id == game_id
    model.play.follow("/game/999")  # no such game: the start screen
    assert screen_of(model) is Screen.START
    for odd in ("/../etc", "/game/abc", "/history/-1", "", None):
        assert parse(odd) == (Screen.START, None)


def test_every_screen_has_an_address_a_builder_that_draws_and_a_back(tmp_path: Path) -> None:
    """The screen table holds every screen: each has an address that leads back to it (or to
    the screen it is a step of), a builder that draws it on a live tab (its title on show,
    no error), and a Back that stays in the app."""
    import asyncio

    from flet.pubsub.pubsub_hub import PubSubHub

    from companion.ui.routes import parse, route_of
    from companion.ui.screen_table import SCREENS
    from companion.ui.screens import BUILDERS

    from .live_client import Tab

    assert set(SCREENS) == set(Screen)
    assert set(BUILDERS) == set(Screen) - {Screen.PLAY}  # the round: play_body, from its step

    async def walk() -> None:
        tab = await Tab.open(tmp_path, PubSubHub(asyncio.get_running_loop(), None), 360, 640, language="en")
        model = tab.model
        try:
            new_game(model, ["Ann", "Bo", "Cy"])
            game_id = model.play.game_id
            assert game_id is not None
            model.sets.open_set(model.session.store.create_set(PrintedSet("Box")).id)
            for screen, info in SCREENS.items():
                route = route_of(screen, game_id, game_id)
                shown, number = parse(route)
                assert route_of(shown, game_id, game_id) == route, screen  # the address leads back
                assert number == (game_id if screen in (Screen.PLAY, Screen.HISTORY_GAME) else None)
                model.play.open_game(game_id)
                if screen is Screen.HISTORY_GAME:
                    model.play.open_history_game(game_id)
                else:
                    model.play.go(screen)
                await tab.drain()
                assert model.session.message is None, (screen, model.session.message)
                title = model.session.tr(info.title) if info.title else None
                words = " ".join(tab.shown())
                assert ((title or "") in words and "nav-back" in words) or screen is Screen.START, (screen, words[:200])
                model.play.step_back()
                expected = info.back if info.back is not None else Screen.PLAY  # opened from the game
                assert model.session.screen is expected, screen
        finally:
            await tab.close()

    run_async(walk())


def test_the_herd_pane_view_stays_the_same_through_a_roll_and_its_undo(model: AppModel) -> None:
    """The memoized herd pane is skipped on a roll, its undo and redo (its view stays equal),
    and drawn again when the next round brings a new tile."""
    new_game(model, ["Ann", "Bo", "Cy"])
    model.migration.edit(0)
    model.migration.save()
    assert model.play.game is not None
    before = HerdView.of(model.play.game.state)
    run_async(model.round.roll())
    assert model.play.game.state.phase is Phase.RESOLVED
    assert HerdView.of(model.play.game.state) == before
    model.round.undo()
    assert HerdView.of(model.play.game.state) == before
    model.play.redo()
    assert HerdView.of(model.play.game.state) == before
    model.round.next_round(model.play.game.state.round_number)
    assert HerdView.of(model.play.game.state) != before


def test_the_dice_tumble_from_the_tap_and_the_roll_is_saved_before_they_settle(tmp_path: Path) -> None:
    """With the animation on, Roll shows tumbling dice at once, before the roll exists; the
    roll is made and saved while they tumble, and its result shows once they settle."""
    model = AppModel.create(Store(tmp_path / "games.sqlite3"), animation=True)
    new_game(model, ["Ann", "Bo", "Cy"])
    model.migration.edit(0)
    model.migration.draft.step_people(1)
    model.migration.draft.step_pay("wood", 1)
    model.migration.save()
    game_id = model.play.game_id
    assert game_id is not None
    before = model.session.store.log_length(game_id)

    async def scenario() -> None:
        rolling = asyncio.ensure_future(model.round.roll())
        await asyncio.sleep(0)  # the tap's first step: the tumble is on screen
        assert model.round.rolling and model.play.game is not None
        assert model.play.game.state.phase is Phase.MIGRATION  # no roll yet, nothing saved
        assert model.session.store.log_length(game_id) == before
        assert sorted(model.round.faces) == [0] and len(model.round.faces[0]) == 2  # Ann's two dice
        await rolling

    run_async(scenario())
    assert not model.round.rolling
    game = model.play.game
    assert game is not None and game.state.phase is Phase.RESOLVED
    assert model.session.store.load(game_id).state == game.state  # the roll is on disk


def test_undo_while_the_dice_start_to_tumble_rolls_nothing(tmp_path: Path) -> None:
    """A tap on Undo in the moment between Roll and the roll being made stops the tumble:
    the migration is undone and no roll is made or saved."""
    model = AppModel.create(Store(tmp_path / "games.sqlite3"), animation=True)
    new_game(model, ["Ann", "Bo", "Cy"])
    model.migration.edit(1)
    model.migration.save()
    game_id = model.play.game_id
    assert game_id is not None

    async def scenario() -> None:
        rolling = asyncio.ensure_future(model.round.roll())
        await asyncio.sleep(0)
        assert model.round.rolling
        model.round.undo()
        await rolling

    run_async(scenario())
    game = model.play.game
    assert game is not None and not model.round.rolling
    assert game.state.phase is Phase.MIGRATION and game.state.current is not None
    assert game.state.current.migrations == () and game.state.rolls == 0
    assert model.session.store.load(game_id).state == game.state


@pytest.mark.parametrize("third", [False, True], ids=["skip", "skip-and-roll"])
@pytest.mark.parametrize("moment", ["first-frame", "as-made", "tumbling", "settled"])
def test_taps_on_roll_and_skip_during_the_tumble_roll_once(tmp_path: Path, moment: str, third: bool) -> None:
    """More taps on Roll, and a tap on Skip (where a second tap may land), at any
    moment of the tumble (the tap's first frame, before the roll is made; the roll just made;
    the dice tumbling after it; the dice settled), each reached by waiting for that state,
    not for a time: exactly one roll is made and saved, and the result shows. Skip in the
    first frame had called the roll off."""
    model = AppModel.create(Store(tmp_path / "games.sqlite3"), animation=True)
    new_game(model, ["Ann", "Bo", "Cy"])
    model.migration.edit(0)
    model.migration.save()
    game_id = model.play.game_id
    assert game_id is not None
    before = model.session.store.log_length(game_id)

    def rolled() -> bool:
        game = model.play.game
        return game is not None and game.state.phase is Phase.RESOLVED

    async def scenario() -> None:
        first = asyncio.ensure_future(model.round.roll())
        await asyncio.sleep(0)  # the tap's first step: the dice tumble, the roll not made yet
        assert model.round.pending

        def reached() -> bool:
            view = model.round
            return {
                "first-frame": True,
                "as-made": not view.pending,
                "tumbling": not view.pending and view.rolling and rolled(),
                "settled": not view.rolling,
            }[moment]

        deadline = asyncio.get_running_loop().time() + 30
        while not reached():
            assert asyncio.get_running_loop().time() < deadline, f"the tumble never reached {moment}"
            await asyncio.sleep(0.005)  # a poll, not a moment: the state decides
        assert moment != "tumbling" or model.round.rolling  # still tumbling when Skip lands
        model.round.skip_animation()  # the second tap, on Skip
        await asyncio.sleep(0)
        if third:
            await model.round.roll()  # a third tap, on Roll if it were back
        await first

    run_async(scenario())
    game = model.play.game
    assert game is not None and not model.round.rolling
    assert game.state.phase is Phase.RESOLVED and game.state.rolls == 1
    assert model.session.store.log_length(game_id) == before + 1
    assert model.session.store.load(game_id).state == game.state


def test_only_the_winners_deciding_die_is_filled() -> None:
    """The result card fills the winner's die that decided the taming, never the same
    position on another player's dice, and none while the dice tumble or after a tie."""
    taming = settle({0: [5, 3], 1: [5, 2]})
    assert taming.winner == 0 and taming.decision is not None and taming.decision.position == 1
    assert decided_by(taming, 0) == 1
    assert decided_by(taming, 1) is None
    assert decided_by(None, 0) is None  # tumbling
    tie = settle({0: [4], 1: [4]})
    assert decided_by(tie, 0) is None and decided_by(tie, 1) is None


@pytest.mark.parametrize("printed", [True, False], ids=["printed", "deck"])
def test_the_last_tile_says_the_herd_is_tamed_next_round(model: AppModel, printed: bool) -> None:
    """In round 16 the herd card says the whole herd is tamed next round, with
    the printed tiles too (it had said "next round: see the pile" with none left)."""
    from companion.i18n import Translator
    from companion.ui.components.herd_pane import _pile

    new_game(model, ["Ann", "Bo"], printed=printed)
    game = model.play.game
    assert game is not None
    for round_number in range(16):
        if printed:
            model.play.start_round(Resource.WOOD, after=round_number)
            model.tile.skip()
        elif round_number:
            model.play.start_round(None, after=round_number)
        run_async(model.round.roll())  # nobody on the tile: the tile is boxed
    assert model.play.game is not None and model.play.game.state.round_number == 16
    view = HerdView.of(model.play.game.state)
    assert view.pile_left == 0
    texts = [
        c.content.value
        for c in _walk(_pile(view, Translator("en")))
        if isinstance(c, ft.Semantics) and c.identifier == "next-herd" and isinstance(c.content, ft.Text)
    ]
    assert texts == ["Last tile: then the herd is tamed"]


def _walk(control: object) -> list[object]:
    found = [control]
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child] if child is not None else []:
            found.extend(_walk(item))
    return found


def test_boxing_the_tile_takes_a_second_tap(model: AppModel) -> None:
    """With nobody on the tile, "Box the tile" asks first; Cancel or a migration
    after the question boxes nothing; the second tap boxes the tile."""
    new_game(model, ["Ann", "Bo"])
    model.round.ask_box()
    assert model.round.confirm_box
    model.round.cancel_box()
    assert not model.round.confirm_box and model.play.game is not None
    assert model.play.game.state.phase is Phase.MIGRATION
    model.round.ask_box()
    model.migration.edit(0)
    model.migration.save()  # somebody moved after all: the question goes with the undo
    model.round.undo()
    assert not model.round.confirm_box
    model.round.ask_box()
    run_async(model.round.roll())  # "Yes, box the tile"
    game = model.play.game
    assert game is not None and game.state.phase is Phase.RESOLVED and not model.round.confirm_box
    assert game.state.current is not None and game.state.current.taming is not None
    assert game.state.current.taming.outcome.value == "nobody"


def test_the_table_dice_card_lists_the_players_in_turn_order(model: AppModel) -> None:
    """The dice entered from the table are asked for in turn order from the
    round's start player, as the hand-out lists the players (they had come in seat order)."""
    from companion.ui.screens.taming import hand_entry_pane

    new_game(model, ["Ann", "Bo", "Cy", "Di"])
    model.migration.edit(0)
    model.migration.save()
    run_async(model.round.roll())
    model.round.next_round(1)  # round 2: Bo starts
    for seat in (0, 2, 3):
        model.migration.edit(seat)
        model.migration.save()
    model.dice.open_hand_entry()
    game = model.play.game
    assert game is not None and game.state.current is not None and game.state.current.start_player == 1
    order = [
        c.identifier
        for c in _walk(hand_entry_pane(model))
        if isinstance(c, ft.Semantics)
        and isinstance(c.identifier, str)
        and c.identifier.endswith("-0")
        and c.identifier.count("-") == 2
    ]
    assert order == ["hand-2-0", "hand-3-0", "hand-0-0"]


def test_a_phone_scrolls_to_each_step_and_to_the_end_game_question(model: AppModel) -> None:
    """The phone's body scrolls to the row just recorded (or stays at the top, the herd's card
    in view, where that row shows whole under it), to the result after the roll, and to the
    question End game asks (it sits above the result, so scrolling to the result would leave
    the question out of view); Cancel goes back to the result."""
    new_game(model, ["Ann", "Bo"])
    model.session.resize(360, 560)  # a short phone: the second row is under the fold
    assert scroll_target(model, model.step()) is None
    model.migration.edit(1)
    assert scroll_target(model, model.step()) is None  # the editor opens at its top
    model.migration.draft.step_people(1)
    model.migration.save()
    assert scroll_target(model, model.step()) == row_key(1)
    model.session.resize(390, 844)  # a tall one: both rows show under the herd's card
    assert scroll_target(model, model.step()) is None
    model.round.ask_end()
    assert scroll_target(model, model.step()) == CONFIRM_KEY
    model.round.cancel_end()
    run_async(model.round.roll())
    assert scroll_target(model, model.step()) == RESULT_KEY
    model.round.ask_end()
    assert scroll_target(model, model.step()) == CONFIRM_KEY
    model.round.cancel_end()
    assert scroll_target(model, model.step()) == RESULT_KEY


def test_redo_of_an_end_game_asks_first_as_the_flag_does(model: AppModel) -> None:
    """After "Reopen the game", Redo beside Undo does not end the game at once: it
    asks End game's question; Cancel leaves the game open with its Redo, Yes redoes the end."""
    new_game(model, ["Ann", "Bo"])
    model.round.ask_end()
    model.round.end_game()
    model.play.reopen()
    game = model.play.game
    assert game is not None and game.state.phase is Phase.MIGRATION and game.can_redo
    model.round.redo()
    assert model.round.confirm_end and model.play.game is game  # asked, nothing done
    model.round.cancel_end()
    assert model.play.game is game and game.can_redo
    model.round.redo()
    model.round.end_game()
    ended = model.play.game
    assert ended is not None and ended.state.phase is Phase.FINISHED and not model.round.confirm_end
    assert ended.log[-1].kind.value == "redo"  # the end redone, not a second End game
    assert model.session.store.load(model.play.game_id).state.phase is Phase.FINISHED


def test_end_games_question_names_a_round_not_rolled(model: AppModel) -> None:
    """Ending mid-round with people on the tile and no roll says so in the question,
    naming the round and who moved; with nobody on the tile, or once rolled, it says nothing."""

    def question() -> list[str]:
        return [c.value for c in _walk(end_question(model)) if isinstance(c, ft.Text) and isinstance(c.value, str)]

    new_game(model, ["Ann", "Bo", "Cy"])
    assert not any("not been rolled" in t for t in question())
    for seat in (0, 2):
        model.migration.edit(seat)
        model.migration.save()
    assert "round 1 has not been rolled yet (Ann and Cy moved people to the tile)" in " ".join(question())
    run_async(model.round.roll())
    assert not any("not been rolled" in t for t in question())


def test_a_device_setting_falls_back_to_the_saved_games_defaults(tmp_path: Path) -> None:
    """A device that has chosen nothing gets the store's setting (written by an earlier
    release); its own choice wins over it; what the device returns that is not a choice of
    ours (damaged text, other keys, other types) reads as no choice."""
    store = Store(tmp_path / "games.sqlite3")
    store.set_setting("text_size", "160")
    device = DeviceSettings(defaults=store.get_setting)
    assert device.get("text_size") == "160" and device.get("theme") is None
    device.own = parse('{"text_size": "200", "theme": 3, "token": "x"}')
    assert device.own == {"text_size": "200"} and device.get("text_size") == "200"
    for junk in (None, 5, "", "not json", "[1, 2]", '"text"'):
        assert parse(junk) == {}


def test_what_a_page_hands_over_is_read_as_its_own_or_not_at_all() -> None:
    """The page's settings and languages (``prefs.js``) as the session reads them, from JSON
    text or an object; a hand-over that is damaged, foreign or too long tells nothing, so the
    session asks the device instead, and unknown keys or values are left out."""
    told = handed_over('{"settings": "{\\"lang\\": \\"ko\\", \\"token\\": \\"x\\"}", "languages": ["ko-KR", 5, "en"]}')
    assert told == HandedOver(settings={"lang": "ko"}, languages=["ko-KR", "en"])
    assert handed_over({"settings": "{}", "languages": []}) == HandedOver(settings={}, languages=[])
    for nothing in (None, 5, "", "not json", "[1]", '{"settings": 3}', "{" + " " * 5000 + "}"):
        assert handed_over(nothing).settings is None, nothing
    assert handed_over({"settings": "not json"}).settings == {}  # said, but no choice of ours
    many = handed_over({"languages": ["x" * 100] * 50}).languages
    assert many is not None and len(many) == 20 and {len(code) for code in many} == {35}


class _Prefs:
    """A page's storage as the session asks it: answers after ``delay`` seconds (never, if
    None), or fails; counts the questions."""

    def __init__(self, delay: float | None, stored: str | None = '{"theme": "dark"}', fails: bool = False) -> None:
        self.delay, self.stored, self.fails, self.asked = delay, stored, fails, 0

    async def get(self, key: str) -> str | None:
        self.asked += 1
        if self.delay is None:
            await asyncio.Event().wait()
        await asyncio.sleep(self.delay or 0)
        if self.fails:
            raise RuntimeError("the tab closed")
        return self.stored


def test_the_device_s_choices_are_read_once_asked_again_after_a_reload_and_given_up_on_in_time() -> None:
    """A page's answer is its choices (none readable: {} or None); a page that never answers
    is given up on; one that went away is waited for, and asked again when it comes back (a
    reload); one that went away for good is not waited for beyond the timeout."""

    async def walk() -> None:
        assert await device.read(_Prefs(0), timeout=1) == {"theme": "dark"}  # type: ignore[arg-type]
        assert await device.read(_Prefs(0, stored=None), timeout=1) == {}  # type: ignore[arg-type]
        assert await device.read(_Prefs(0, fails=True), timeout=1) is None  # type: ignore[arg-type]
        silent = _Prefs(None)
        assert await device.read(silent, timeout=0.05) is None  # type: ignore[arg-type]
        assert silent.asked == 1

        # Asked while the tab reloads: the reconnection asks the new page.
        slow = _Prefs(0.3)
        reconnected = asyncio.Event()
        asyncio.get_running_loop().call_later(0.05, reconnected.set)
        assert await device.read(slow, reconnected, timeout=1) == {"theme": "dark"}  # type: ignore[arg-type]
        assert slow.asked == 2

        # Gone before asking: waited for, then asked once it is back; gone for good: None.
        gone, back = asyncio.Event(), asyncio.Event()
        gone.set()
        returning = _Prefs(0)

        def reloaded() -> None:
            gone.clear()
            back.set()

        asyncio.get_running_loop().call_later(0.05, reloaded)
        assert await device.read(returning, back, gone, timeout=1) == {"theme": "dark"}  # type: ignore[arg-type]
        assert returning.asked == 1
        gone.set()
        assert await device.read(_Prefs(0), asyncio.Event(), gone, timeout=0.05) is None  # type: ignore[arg-type]
        assert await device.read(_Prefs(0), None, gone, timeout=1) is None  # type: ignore[arg-type]

    run_async(walk())


def test_a_setting_the_device_refused_is_said(model: AppModel) -> None:
    """A private window or a full storage refuses the write: the setting applies for now, and
    the player is told that this device could not keep it."""
    model.session.device.write = lambda _text: model.session.device_refused()
    model.session.set_theme("dark")
    assert model.session.theme == "dark"
    assert model.session.message is not None and model.session.message.key == "error.settings.device"


@pytest.mark.parametrize("entry", ["tile", "migration", "dice", "end"])
@pytest.mark.parametrize("key", ["escape", "back"])
def test_escape_and_back_close_each_open_entry_and_stay_in_the_game(model: AppModel, entry: str, key: str) -> None:
    """Each entry of the round (the printed tile's bonuses, a player's move, the dice from
    the table, the End game question) closes with Escape, and with Back, which then leaves
    the player on the round, not on the screen before it with the entry open behind."""
    new_game(model, ["Ann", "Bo"], printed=True)
    model.play.start_round(Resource.WOOD, after=0)
    assert model.tile.describing  # the printed tile's bonuses are offered first
    if entry != "tile":
        model.tile.skip()
        if entry == "migration":
            model.migration.edit(0)
        elif entry == "dice":
            model.migration.edit(0)
            model.migration.save()
            model.dice.open_hand_entry()
        else:
            model.round.ask_end()

    def still_open() -> bool:
        return {
            "tile": model.tile.describing,
            "migration": model.migration.editing is not None,
            "dice": model.dice.hand_entry,
            "end": model.round.confirm_end,
        }[entry]

    assert still_open() and model.session.screen is Screen.PLAY
    if key == "escape":
        assert close_open(model)
    else:
        back_gesture(model)
    assert not still_open() and model.session.screen is Screen.PLAY
    assert not close_open(model)  # nothing left open: Escape does nothing more


def test_the_step_lists_what_is_open_top_first_and_escape_closes_it_in_that_order(model: AppModel) -> None:
    """What is open over the round is one value of the step, top first: End game's question
    over a player's move over the printed tile's bonuses (a phone keeps them open under the
    move). Escape closes them in that order, each closing changes the step's key (a new step
    opens at the top), and the seat is there only while the move is open."""
    new_game(model, ["Ann", "Bo"], printed=True)
    model.play.start_round(Resource.WOOD, after=0)
    model.migration.edit(1)
    model.round.ask_end()
    seen: list[str] = []
    expected = [
        (Entry.END, Entry.MIGRATION, Entry.TILE),
        (Entry.MIGRATION, Entry.TILE),
        (Entry.TILE,),
        (),
    ]
    for entries in expected:
        step = model.step()
        assert step is not None and step.open == entries
        assert step.entry is (entries[0] if entries else Entry.NONE)
        assert step.seat == (1 if Entry.MIGRATION in entries else None)
        assert step.entry_open == bool(set(entries) - {Entry.END})
        seen.append(step.key())
        assert close_open(model) == bool(entries)
    assert len(set(seen)) == len(expected)


def test_a_draw_reads_the_kept_panes_and_remembers_them_only_once_it_is_done() -> None:
    """A kept pane's memory changes after a draw, not in it: a frame answers what a pane
    shows (now, or hidden: what it last showed in this game) and writes it down only when the
    draw is done; another game's memory is not this game's."""
    listed: Kept[str] = Kept()
    frame = Frame()
    assert frame.pick(listed, 1, "round 1") == "round 1"
    assert listed.last(1) is None  # drawn, not yet remembered
    frame.remember()
    assert listed.last(1) == "round 1" and listed.last(2) is None
    hidden = Frame()
    assert hidden.pick(listed, 1, None) == "round 1"  # hidden: drawn as it last showed
    assert hidden.pick(listed, 2, None) is None  # another game: left off the page
    hidden.remember()
    assert listed.last(1) == "round 1"


def test_escape_closes_what_is_on_top_and_nothing_hidden_behind_another_screen(model: AppModel) -> None:
    """Escape closes the entry on show, one at a time from the top: the End game question
    over an open move, then the move. On the Rules opened over an open move, Escape closes
    nothing (the move is not on show) and Back returns to the move as it was. A tile of the
    owner's set being entered closes with Escape, and its set stays open."""
    new_game(model, ["Ann", "Bo"])
    model.migration.edit(0)
    model.round.ask_end()
    assert close_open(model) and not model.round.confirm_end and model.migration.editing == 0
    model.play.go(Screen.RULES)
    assert not close_open(model) and model.migration.editing == 0
    back_gesture(model)
    assert model.session.screen is Screen.PLAY and model.migration.editing == 0
    assert close_open(model) and model.migration.editing is None

    model.sets.new_set()
    assert model.session.screen is Screen.SET and model.sets.editing is not None
    assert close_open(model) and model.sets.editing is None
    assert model.session.screen is Screen.SET and not close_open(model)


def test_a_panel_opened_below_the_round_is_scrolled_to_once(model: AppModel) -> None:
    """Show game log (and what each player got) opens under the fold on a phone: the body
    scrolls to it as it opens, and no more once the game takes its next step."""
    new_game(model, ["Ann", "Bo"])
    model.migration.edit(0)
    model.migration.save()
    run_async(model.round.roll())
    model.round.toggle_log()
    assert scroll_target(model, model.step()) == "log-panel"
    model.round.toggle_summary()
    assert scroll_target(model, model.step()) == "summary-panel"
    model.round.toggle_summary()  # closed again: back to the result
    assert scroll_target(model, model.step()) != "summary-panel"
    model.round.toggle_log()
    model.round.toggle_log()  # opened again, then the game takes a step: no scroll to it any more
    assert scroll_target(model, model.step()) == "log-panel"
    model.play.choose(Choice.ALL)
    assert scroll_target(model, model.step()) != "log-panel"
