"""The owner's set of printed tiles: its checks, its file, its storage, and games played with it."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.data.set_files import read_set
from companion.data.stats import player_summaries
from companion.data.store import StaleSetError, Store
from companion.i18n import LANGUAGES, describe
from companion.rules import (
    HERD_AREAS,
    ActionError,
    BonusItem,
    BonusKind,
    DeckError,
    DescribeTile,
    Game,
    Migrate,
    Payment,
    Resource,
    Roll,
    RuleError,
    SetupError,
    StartRound,
    Tile,
    game_from_json,
    game_to_json,
    get_deck,
    make_setup,
    play,
    start_game,
    undo,
)
from companion.rules.errors import ImportFormatError
from companion.rules.printed import (
    PER_AREA,
    PrintedSet,
    drop_tile,
    make_tile,
    numbered,
    parse_set,
    put_tile,
    set_as_printed,
    set_to_dict,
    set_warnings,
)
from companion.ui.model import AppModel, Screen

from .headless import Table
from .helpers import tamed
from .moves import Moves

TOOL = (BonusItem(BonusKind.TOOL, 1),)
FOOD = (BonusItem(BonusKind.FOOD, 2),)


def full_set() -> PrintedSet:
    """Sixteen tiles, four of each back (the companion deck's, standing in for a printed box)."""
    return PrintedSet("Anna's box", numbered(get_deck("companion").tiles))


def printed_game(tiles: tuple[Tile, ...] | None = None, seed: int = 3) -> Game:
    printed = full_set().tiles if tiles is None else tiles
    return start_game(make_setup(["Ann", "Bo", "Cy"], 0, "physical", seed, printed=printed))


def codes(notes: tuple[RuleError, ...]) -> list[str]:
    return [note.code for note in notes]


# -- the set's checks ------------------------------------------------------------------------
def test_a_set_as_printed_takes_four_tiles_of_each_back_and_no_more() -> None:
    """A fifth tile of one back is refused while the set is "as printed"; off, it is a warning."""
    printed = PrintedSet("Box")
    tile = make_tile(Resource.WOOD, TOOL, FOOD)
    for _ in range(4):
        printed = put_tile(printed, replace(tile, first=(BonusItem(BonusKind.TOOL, len(printed.tiles) + 1),)))
    with pytest.raises(DeckError) as refused:
        put_tile(printed, tile)
    assert refused.value.code == "set.area_full" and refused.value.params["area"] == "wood"
    loose = set_as_printed(printed, False)
    assert len(put_tile(loose, tile).tiles) == 5
    with pytest.raises(DeckError):
        set_as_printed(put_tile(loose, tile), True)  # five of a back cannot be called as printed


def test_a_seventeenth_tile_is_refused_and_fifteen_say_what_is_missing() -> None:
    """The pile holds 16: a 17th is refused in any set; 15 tiles are an unfinished set."""
    printed = set_as_printed(full_set(), False)
    with pytest.raises(DeckError) as refused:
        put_tile(printed, make_tile(Resource.GOLD, TOOL, FOOD))
    assert refused.value.code == "set.too_many"
    fifteen = drop_tile(full_set(), 16)
    assert codes(set_warnings(fifteen.tiles, True)) == ["set.unfinished"]
    assert set_warnings(fifteen.tiles, True)[0].params["left"] == 1
    assert [t.id for t in fifteen.tiles][-1] == "printed-15"  # numbered by place again


def test_a_tile_without_a_bonus_or_a_back_is_refused() -> None:
    """Both parts need a good; the back needs an area."""
    with pytest.raises(ActionError) as empty:
        make_tile(Resource.WOOD, (), FOOD)
    assert empty.value.code == "tile.empty"
    with pytest.raises(DeckError) as no_back:
        make_tile(None, TOOL, FOOD)
    assert no_back.value.code == "set.herd"


def test_a_duplicate_tile_and_odd_counts_are_warned_about() -> None:
    """Allowed (the printed set is not known to the app), but each named with its tile."""
    tiles = full_set().tiles
    twice = numbered((*tiles[:15], tiles[0]))
    assert "set.duplicate" in codes(set_warnings(twice, True))
    notes = set_warnings(twice, False)
    assert {n.params.get("area") for n in notes if n.code == "set.area_count"} == {"wood", "gold"}
    for lang in LANGUAGES:  # every warning reads as a sentence in every language
        for note in notes:
            assert "{" not in describe(lang, note)


# -- set files ---------------------------------------------------------------------------------
def test_a_set_travels_as_a_deck_file(tmp_path: Path) -> None:
    """Exported in the deck files' format; read back the same; a full set loads as a deck too."""
    printed = full_set()
    data = set_to_dict(printed)
    assert parse_set(json.loads(json.dumps(data)), "x.json") == printed
    path = tmp_path / "box.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_set(None, str(path), "box.json") == printed
    from companion.rules import load_deck

    assert len(load_deck(path).tiles) == 16


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"not json", "deck.unreadable"),
        (b"[]", "deck.format"),
        (b'{"tiles": []}', "set.empty"),
        (json.dumps({"tiles": [{"herd": "wood"}]}).encode(), "deck.bonus"),
        (json.dumps({"tiles": [{"herd": "sky", "first": [], "all": []}]}).encode(), "deck.herd"),
        (b"[" * 100_000 + b"]" * 100_000, "set.too_large"),
        (b"[" * 5000 + b"]" * 5000, "deck.unreadable"),
    ],
)
def test_a_damaged_or_hostile_set_file_is_refused_in_words(content: bytes, code: str) -> None:
    """Each refusal has its code, names the file, and reads in four languages."""
    with pytest.raises(DeckError) as refused:
        read_set(content, None, "mine.json")
    assert refused.value.code == code
    for lang in LANGUAGES:
        assert "{" not in describe(lang, refused.value)


def test_repeated_goods_and_an_overfull_set_file_are_refused() -> None:
    """The table's bonus checks (a good once, at most 3) and the 16-tile limit apply to files."""
    good = set_to_dict(full_set())
    twice = json.loads(json.dumps(good))
    twice["tiles"][2]["first"] = [{"kind": "food", "amount": 1}, {"kind": "food", "amount": 2}]
    with pytest.raises(DeckError) as refused:
        parse_set(twice, "twice.json")
    assert refused.value.code == "set.bonus" and refused.value.params["tile"] == 3
    assert "twice.json" in describe("de", refused.value)
    seventeen = {**good, "tiles": [*good["tiles"], good["tiles"][0]]}
    with pytest.raises(DeckError) as too_many:
        parse_set(seventeen, "big.json")
    assert too_many.value.code == "set.too_many"
    five_wood = {**good, "tiles": [*good["tiles"][:15], good["tiles"][0]]}
    with pytest.raises(DeckError) as fifth:
        parse_set(five_wood, "five.json")
    assert fifth.value.code == "set.area_full"
    assert len(parse_set({**five_wood, "as_printed": False}, "five.json").tiles) == 16


# -- playing with a set ------------------------------------------------------------------------
def test_one_tap_sets_the_herd_and_the_bonuses_and_each_tile_turns_once() -> None:
    """The tile turned is the round's tile, back and face; a second pick of it is refused."""
    game = printed_game()
    tile = game.setup.printed[6]
    game = play(game, StartRound(tile=7))
    current = game.state.current
    assert current is not None and current.tile == tile and game.state.herd is tile.herd
    assert not game.state.tile_unknown and tile not in game.state.printed_left
    game = play(game, Roll())
    with pytest.raises(ActionError) as twice:
        play(game, StartRound(tile=7))
    assert twice.value.code == "start.tile_turned"
    for bad in (0, 17, "3"):
        with pytest.raises(ActionError) as unknown:
            play(game, StartRound(tile=bad))  # type: ignore[arg-type]
        assert unknown.value.code == "start.tile_unknown"
    with pytest.raises(ActionError):
        play(game, StartRound(herd=Resource.WOOD, tile=8))


def test_undo_of_a_round_start_puts_the_tile_back_in_the_list() -> None:
    """Undo gives the list its tile again; the same pick gives the same round."""
    game = printed_game()
    before = game.state.printed_left
    picked = play(game, StartRound(tile=2))
    back = undo(picked)
    assert back.state.printed_left == before
    assert play(back, StartRound(tile=2)).state.current == picked.state.current


def test_another_tile_falls_back_to_the_area_and_the_bonus_editor() -> None:
    """A tile not in the set: the herd's area, then its bonuses; the set's list is unchanged."""
    game = printed_game(full_set().tiles[:9])
    game = play(game, StartRound(herd=Resource.GOLD))
    assert game.state.tile_unknown and len(game.state.printed_left) == 9
    game = play(game, DescribeTile(TOOL, FOOD))
    assert game.state.current is not None and game.state.current.tile.first == TOOL


def test_a_companion_deck_game_has_no_set() -> None:
    """A set belongs to printed tiles only; a companion game refuses a tile number."""
    with pytest.raises(SetupError):
        make_setup(["Ann", "Bo"], 0, "companion", 1, printed=full_set().tiles)
    game = start_game(make_setup(["Ann", "Bo"], 0, "companion", 1))
    with pytest.raises(ActionError) as refused:
        play(game, StartRound(tile=1))
    assert refused.value.code == "start.tile_unexpected"


def test_a_game_with_a_set_exports_with_its_copy_and_every_tiles_goods() -> None:
    """The export holds the set and replays to the same state; the goods reach each player."""
    game = printed_game()
    game = play(game, StartRound(tile=1))
    game = play(game, Migrate(0, 2, Payment(food=2)))
    game = play(game, Roll())
    again = game_from_json(game_to_json(game))
    assert again.state == game.state and again.setup.printed == game.setup.printed
    summaries = player_summaries(game.state)
    assert all(s.unknown == 0 for s in summaries)  # no bonus "read off the tile": every one named
    winner = tamed(game.state).winner
    if winner is not None:
        assert summaries[winner].goods


def test_an_import_with_a_damaged_set_is_refused() -> None:
    """A game file whose set breaks a tile check is refused as malformed; nothing is made."""
    data = json.loads(game_to_json(printed_game()))
    data["setup"]["printed"][0]["first"] = [{"kind": "dragon", "amount": 1}]
    with pytest.raises(ImportFormatError) as refused:
        game_from_json(json.dumps(data))
    assert refused.value.code == "import.malformed"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.integers(1, 16), st.none()), max_size=40))
def test_picks_and_undos_keep_every_tile_in_the_list_or_in_a_round(picks: list[int | None]) -> None:
    """Whatever is picked and undone, each set tile is in the list or in exactly one round."""
    game = printed_game()
    for pick in picks:
        try:
            if pick is None:
                game = undo(game)
            elif game.state.needs_herd:
                game = play(game, StartRound(tile=pick))
            else:
                game = play(game, Roll())
        except RuleError:
            continue
        turned = [r.tile for r in game.state.rounds]
        assert sorted(t.id for t in (*turned, *game.state.printed_left)) == sorted(t.id for t in game.setup.printed)


@settings(max_examples=80, deadline=None)
@given(
    st.tuples(
        st.one_of(st.just(16), st.integers(1, 16)),  # a full set half the time
        st.lists(st.one_of(st.integers(1, 16), st.sampled_from(HERD_AREAS), st.none()), max_size=40),
    )
)
def test_the_list_never_holds_more_tiles_than_the_pile(case: tuple[int, list[int | Resource | None]]) -> None:
    """With tiles not in the list turned too ("Another tile"), the list holds each set tile
    at most once, only tiles not turned, and never more than the tiles left in the pile; a
    full set lists exactly as many tiles as the pile holds, as many of each back as it can."""
    size, picks = case
    game = printed_game(full_set().tiles[:size])
    for pick in picks:
        try:
            if pick is None:
                game = undo(game)
            elif not game.state.needs_herd:
                game = play(game, Roll())
            elif isinstance(pick, int):
                game = play(game, StartRound(tile=pick))
            else:
                game = play(game, StartRound(herd=pick))
        except RuleError:
            continue
        state = game.state
        left = state.printed_left
        turned = {r.tile.id for r in state.rounds}
        assert len({t.id for t in left}) == len(left) and not turned & {t.id for t in left}
        assert len(left) <= len(state.pile)
        if size == 16:
            assert len(left) == len(state.pile)
            for area in HERD_AREAS:  # four of each back in all: never more listed than can be left
                shown = sum(t.herd is area for t in left)
                assert shown <= max(0, PER_AREA - sum(r.tile.herd is area for r in state.rounds))


def test_another_tile_on_a_full_set_takes_the_place_of_one_with_its_back() -> None:
    """Reported: after a river tile not in the list, the list still showed four river tiles
    beside fifteen tiles left. Now it shows three, and the last round lists one tile."""
    game = printed_game()
    river = full_set().tiles[0].herd
    assert river is not None
    game = play(game, StartRound(herd=river))
    left = game.state.printed_left
    assert len(left) == 15 == len(game.state.pile)
    assert sum(t.herd is river for t in left) == 3
    for _ in range(14):
        game = play(game, Roll())
        game = play(game, StartRound(tile=int(game.state.printed_left[0].id.rpartition("-")[2])))
    assert len(game.state.pile) == 1 and len(game.state.printed_left) == 1


# -- storage -----------------------------------------------------------------------------------
def test_sets_are_kept_and_two_screens_never_overwrite_each_other(tmp_path: Path) -> None:
    """A save made from a stale read is refused and changes nothing; a delete leaves games alone."""
    store = Store(tmp_path / "games.sqlite3")
    saved = store.create_set(full_set())
    mine = store.load_set(saved.id)
    theirs = store.load_set(saved.id)
    assert mine is not None and theirs is not None
    changed = store.save_set(mine, replace(mine.printed, name="Renamed"))
    with pytest.raises(StaleSetError):
        store.save_set(theirs, drop_tile(theirs.printed, 1))
    kept = store.load_set(saved.id)
    assert kept is not None and kept.printed.name == "Renamed" and len(kept.printed.tiles) == 16
    assert kept.version == changed.version
    game = printed_game(kept.printed.tiles)
    game_id = store.create(play(game, StartRound(tile=5)))
    store.save_set(kept, drop_tile(kept.printed, 5))
    assert store.delete_set(saved.id)
    assert store.load_set(saved.id) is None
    assert store.load(game_id).setup.printed == game.setup.printed  # the game's own copy


def test_a_version_1_file_gains_the_sets_table_and_keeps_its_games(tmp_path: Path) -> None:
    """A file from before sets existed is upgraded in place; its games load as before."""
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    game_id = store.create(play(printed_game(()), StartRound(herd=Resource.WOOD)))
    store.db.execute("DROP TABLE printed_sets")
    store.db.execute("PRAGMA user_version=1")
    store.close()
    upgraded = Store(path)
    assert upgraded.recovered is None and upgraded.sets() == []
    assert upgraded.load(game_id).state.round_number == 1
    assert int(upgraded.db.execute("PRAGMA user_version").fetchone()[0]) == 2
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM printed_sets").fetchone() == (0,)


# -- the screens' state (no browser) -----------------------------------------------------------
def enter(model: AppModel, herd: str, first: str, every: str) -> None:
    model.sets.start_tile(0)
    model.sets.pick_herd(herd)
    model.sets.draft.toggle(first)
    model.sets.draft.show(model.sets.draft.part.__class__("all"))
    model.sets.draft.toggle(every)
    model.sets.save_tile()


def test_the_editor_saves_each_tile_as_entered_and_says_what_it_refuses(model: AppModel) -> None:
    """New set, tiles saved one by one; a tile with no back or a fifth wood tile is refused
    in words and nothing stored changes."""
    model.sets.open_list()
    model.sets.new_set()
    assert model.session.screen is Screen.SET and model.sets.editing == 0
    model.sets.cancel_tile()
    for n in range(4):
        enter(model, "wood", ["tool", "food", "wood", "gold"][n], "food")
    assert model.sets.current is not None and len(model.sets.current.printed.tiles) == 4
    enter(model, "wood", "stone", "food")
    assert model.session.message is not None and model.session.message.key == "error.set.area_full"
    assert model.session.message.params["area"] == "Forest"
    model.sets.cancel_tile()
    model.sets.start_tile(0)
    model.sets.draft.toggle("food")
    model.sets.save_tile()
    assert model.session.message.key == "error.set.herd"
    stored = model.session.store.load_set(model.sets.current.id)
    assert stored is not None and len(stored.printed.tiles) == 4


def test_two_editors_of_one_set_refuse_the_stale_save(tmp_path: Path) -> None:
    """The second screen is told the set changed and shows it as stored; nothing is lost."""
    store = Store(tmp_path / "games.sqlite3")
    one = AppModel.create(store, animation=False)
    two = AppModel.create(store, animation=False)
    saved = store.create_set(PrintedSet("Box"))
    one.sets.open_set(saved.id)
    two.sets.open_set(saved.id)
    enter(one, "gold", "tool", "food")
    enter(two, "stone", "tool", "food")
    assert two.session.message is not None and two.session.message.key == "error.set.changed"
    assert two.sets.current is not None and len(two.sets.current.printed.tiles) == 1
    assert two.sets.current.printed.tiles[0].herd is Resource.GOLD


def test_a_new_game_uses_the_chosen_set_and_a_set_deleted_meanwhile_stops_it(model: AppModel) -> None:
    """Printed tiles pick the saved set; if it was deleted before Start, nothing starts."""
    saved = model.session.store.create_set(full_set())
    model.play.go(Screen.SETUP)
    for seat, name in enumerate(["Ann", "Bo", "Cy"]):
        model.setup.set_name(seat, name)
    model.setup.use_printed_tiles()
    assert model.setup.printed_set == saved.id
    model.session.store.delete_set(saved.id)
    model.setup.create_game()
    assert model.session.screen is Screen.SETUP and model.session.message is not None
    assert model.session.message.key == "error.set.gone" and model.setup.printed_set is None
    again = model.session.store.create_set(full_set())
    model.session.load()
    model.setup.choose_set(again.id)
    model.setup.create_game()
    game = model.play.game
    assert game is not None and len(game.setup.printed) == 16
    model.round.next_round(0)
    model.play.start_round(None, after=0, tile=4)
    model.play.start_round(None, after=0, tile=4)  # the double tap
    assert model.play.game is not None and model.play.game.state.round_number == 1
    assert len(model.play.game.state.printed_left) == 15


AREAS = ["wood", "brick", "stone", "gold"]
#: The "1." good of the n-th tile of each back (the "all" good is food): no two tiles alike.
FIRSTS = ["tool", "points", "civ_card", "stone"]


def enter_set(app: Moves) -> None:
    """New set from the start screen; 16 tiles, four of each back, each saved as entered.
    A tile saved with an empty "all" is refused in words first."""
    app.press("open-sets")
    app.press("new-set")
    app.wait("set-tile-back-card")
    app.press("set-herd-wood")
    app.press("tile-kind-tool")
    app.press("set-tile-save")  # "all" is empty: refused, nothing saved
    app.wait_page_text("Both bonuses need at least one good")
    app.press("tile-part-all")
    app.press("tile-kind-food")
    app.press("set-tile-save")
    app.wait_text("set-progress", "1 of 16")
    for number in range(1, 16):
        area, first = AREAS[number // 4], FIRSTS[number % 4]
        app.press(f"set-add-{area}")
        app.wait("set-tile-back-card")
        app.press(f"tile-kind-{first}")
        app.press("tile-part-all")
        app.press("tile-kind-food")
        app.press("set-tile-save")
        app.wait_text("set-progress", f"{number + 1} of 16")
    assert not app.count("set-add-wood")  # four of each back: nothing more to add


def pick(app: Moves, number: int) -> None:
    """One tap on tile ``number`` of the list; the round shows its herd and its bonuses."""
    app.wait("set-picker")
    app.press(f"set-tile-{number}")
    app.wait("herd-card")


def test_a_set_entered_once_plays_a_whole_game_in_one_tap_a_round(table: Table) -> None:
    """A phone enters a set of 16 tiles and plays a printed-tiles game with it to the tamed
    herd (one tap per round for the tile, "Another tile" in one round, which takes the place
    of a set tile with its back, and an undone round start that brings its tile back); the
    game's save and export hold every tile's goods. (The set's file, exported and imported
    on a second device, is walked in a browser: tests/browser/test_printed_sets.py.)"""
    app = table.open()
    app.wait("new-game")
    enter_set(app)
    app.press("nav-back")
    app.wait("set-row-1")
    app.press("nav-back")

    app.new_game(["Anna", "Bert", "Chen"], "physical", shows="set-picker")
    assert "Round 1" in app.text("title")
    pick(app, 5)  # a brick tile: 1. tool, all food
    assert "clay pit" in app.text("herd-area") and "1 tool" in app.text("bonus-first")
    app.move(0, name="Anna")
    app.press("roll")
    app.wait_text("winner", "Anna tames the mammoth", timeout=20)

    # Round 2: a tile picked, the round start undone: the list has that tile again.
    app.press("next-round")
    pick(app, 9)
    app.press("undo")
    app.wait("set-tile-9")
    assert not app.el("set-tile-5").count()  # turned in round 1: not in the pile
    pick(app, 10)
    assert "quarry" in app.text("herd-area") and "1 point" in app.text("bonus-first")
    app.press("roll")
    app.press("box-confirm")
    app.wait("explanation")

    # Round 3: a tile that is not in the list: the area, then its bonuses; the offer.
    app.press("next-round")
    app.wait("set-picker")
    app.press("set-tile-other")
    app.press("herd-pick-gold")
    app.wait("tile-editor")
    app.describe_tool_and_food()
    app.press("set-offer")  # the set is full: it asks which tile the turned one replaces
    app.wait("set-pending")
    assert "The set is full" in app.text("set-pending")
    app.press("set-replace-16")  # a gold tile, listed first (the same back)
    app.wait("set-tile-back-card")
    app.press("set-tile-cancel")  # Cancel keeps the turned tile offered
    app.wait("set-pending")
    app.press("set-replace-16")
    app.press("set-tile-save")
    app.wait_text("set-progress", "16 of 16")
    app.gone("set-pending")
    assert "1 tool" in app.text("set-edit-16")
    app.press("nav-back")  # one Back: the game
    app.wait("herd-card")
    app.press("roll")
    app.press("box-confirm")
    app.wait("explanation")

    # Rounds 4 to 16: one tap for the tile; Bert wins every third round, the rest is boxed.
    left = [n for n in range(1, 17) if n not in (5, 10)]
    for number in range(4, 17):
        app.press("next-round")
        pick(app, left.pop(0))
        if number % 3 == 0:
            app.move(1, name="Bert")
            app.press("roll")
            app.wait_text("winner", "Bert tames the mammoth", timeout=20)
        else:
            app.press("roll")
            app.press("box-confirm")
            app.wait("explanation")
    assert left == [16]  # one set tile never turned: round 3's tile stood in for it
    app.wait_text("next-round", "pile empty")
    app.press("next-round")
    app.wait("herd-tamed")

    store = Store(table.data / "games.sqlite3")
    try:
        game = store.load(1)
        assert all(r.tile.first is not None and r.tile.all is not None for r in game.state.rounds)
        assert all(s.unknown == 0 for s in player_summaries(game.state))
        data = json.loads(game_to_json(game))
        assert len(data["setup"]["printed"]) == 16
        assert sum(1 for e in data["log"] if e.get("action", {}).get("tile")) == 16  # 15 taps and 1 undone
    finally:
        store.close()
