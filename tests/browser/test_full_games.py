"""Whole games to the tamed herd and the scoring, in both tile modes, at phone size."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import Store
from companion.rules import Choice, game_to_json, mammoth_scoring

from .harness import PHONE, TABLET, App, Server

pytestmark = pytest.mark.browser

AREAS = ["wood", "brick", "stone", "gold"]


def lone_migration(app: App, player: int, name: str) -> None:
    """``player`` moves one person, paying one food."""
    app.move(player, name=name)


def roll_alone(app: App, name: str) -> None:
    app.click("roll")
    app.wait_text("winner", f"{name} tames the mammoth", timeout=20_000)


def pick_herd(app: App, round_number: int, area: str) -> None:
    app.wait("physical-herd")
    app.wait_text("title", f"Round {round_number}")
    app.click(f"herd-pick-{area}")
    app.wait("tile-editor")
    app.wait_text("title", f"Round {round_number}")


def stored_game(server: Server) -> Store:
    return Store(server.data_dir / "games.sqlite3")


@pytest.mark.slow
def test_printed_tiles_whole_game(browser: Browser, server: Server) -> None:
    """Printed tiles, 3 players, all 16 rounds to the tamed herd and the scoring: a herd picked
    every round, bonuses entered in some rounds and skipped in others, a bad bonus refused, an
    undone round start that brings the picker back, a round nobody joins, a full tie, a reload."""
    names = ["Anna", "Bert", "Chloé"]
    tiles = dict.fromkeys(names, 0)
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    app.new_game(names, "physical", shows=None)

    # Round 1: the picker comes first; the table enters the tile's bonuses.
    pick_herd(app, 1, "wood")
    app.shot("phone-light-printed-tile-editor")
    app.click("tile-kind-tool")
    app.click("tile-save")  # "all" is still empty: refused in words, nothing recorded
    app.wait_page_text("Both bonuses need at least one good")
    app.click("tile-part-all")
    app.click("tile-kind-food")
    app.click("tile-amount-food-plus")
    app.wait_text("tile-amount-food-value", "2")
    app.click("tile-save")
    app.gone("tile-editor")
    app.wait_text("bonus-first", "1 tool")
    assert "2 food" in app.text("bonus-all")
    assert "forest" in app.text("herd-area")
    app.click("edit-0")
    app.click("people-plus")
    app.click("pay-wood-plus")
    app.click("save-migration")
    app.wait_text("player-0", "Anna moves 2 people")
    lone_migration(app, 1, "Bert")
    app.click("roll")
    winner = next(n for n in names[:2] if n in app.wait_text("winner", "tames the mammoth", timeout=20_000))
    loser = "Bert" if winner == "Anna" else "Anna"
    tiles[winner] += 1
    app.reveal(f"handout-{names.index(loser)}")  # the hand-out list sits below the fold on a phone
    assert "1 tool" in app.text(f"handout-{names.index(winner)}")
    assert "2 food" in app.text(f"handout-{names.index(loser)}")
    app.shot("phone-light-printed-handout")

    # Round 2: the herd is picked, then the round start is undone: the picker is back.
    app.click("next-round")
    pick_herd(app, 2, "brick")
    app.click("undo")
    app.wait("physical-herd")
    app.wait_text("title", "Round 2")
    app.shot("phone-light-printed-picker")
    pick_herd(app, 2, "stone")
    app.click("tile-skip")
    app.wait_text("herd-area", "quarry")
    assert "as printed on the tile" in app.text("bonus-first")
    app.click("roll")  # nobody moved: the tile goes to the box after a second tap
    app.click("box-confirm")
    app.wait_text("explanation", "Nobody moved people to the tile")

    # Round 3: Anna and Chloé tie with dice from the table; the tile goes to the box.
    app.click("next-round")
    pick_herd(app, 3, "gold")
    app.click("tile-skip")
    lone_migration(app, 0, "Anna")
    lone_migration(app, 2, "Chloé")
    app.click("enter-dice")
    app.click("hand-0-0-5")
    app.click("hand-2-0-5")
    app.click("apply-dice")
    app.wait_text("explanation", "No winner")

    # Rounds 4 to 16: one player at a time; bonuses entered in even rounds.
    for number in range(4, 17):
        player = number % 3
        app.click("next-round")
        pick_herd(app, number, AREAS[number % 4])
        if number % 2 == 0:
            app.click("tile-kind-points")
            app.click("tile-amount-points-plus")
            app.click("tile-amount-points-plus")
            app.click("tile-part-all")
            app.click("tile-kind-any_resource")
            app.click("tile-save")
            app.gone("tile-editor")
            app.wait_text("bonus-first", "3 points")
        else:
            app.click("tile-skip")
            app.gone("tile-editor")
        if number == 10:
            app.reload()
            app.wait_text("title", "Round 10")
            app.wait("herd-card")
        lone_migration(app, player, names[player])
        roll_alone(app, names[player])
        tiles[names[player]] += 1
        if number % 2 == 0:
            app.reveal(f"handout-{player}")
            app.wait_text(f"handout-{player}", "3 points")
        assert f"{16 - number} tile" in app.text("tiles-left")

    # No tile left: the next round tames the whole herd, then the scoring.
    app.wait_text("next-round", "pile empty")
    app.click("next-round")
    app.wait("herd-tamed")
    for seat, name in enumerate(names):
        count = tiles[name]
        assert f"{count} mammoth tile" in app.text(f"tally-{seat}")
    app.click("toggle-log")
    log = app.wait_text("round-log", "Round 16")
    assert "1 tool" in log and "3 points" in log
    app.click("end-game-tamed")
    app.click("confirm-end")
    app.wait("scoring-card")
    most = max(tiles.values())
    leaders = [n for n, t in tiles.items() if t == most]
    reason = app.text("scoring-reason")
    assert all(name in reason for name in leaders)
    app.shot("phone-light-printed-scoring")

    store = stored_game(server)
    try:
        game = store.load(1)
        assert game.state.tallies == tuple(tiles[n] for n in names)
        assert [names[p] for p in mammoth_scoring(game.state).scorers] == leaders
        exported = json.loads(game_to_json(game))
        described = [e for e in exported["log"] if e.get("action", {}).get("type") == "describe_tile"]
        assert len(described) == 1 + len(range(4, 17, 2))
        assert described[0]["action"]["first"] == [{"kind": "tool", "amount": 1}]
    finally:
        store.close()
    app.assert_offline()
    app.close()


# Two taps in one go, as a quick thumb sends them: the second leaves before the page has heard
# what the first changed.
TWO_TAPS_JS = """([first, second]) => {
  const node = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const press = id => (node(id).querySelector('[role="button"]') || node(id)).click();
  press(first);
  press(second);
}"""


def test_save_tapped_right_after_a_good_still_saves(browser: Browser, server: Server) -> None:
    """A good added to the tile's "all" part and Save tapped at once: the good's amount line
    comes in above Save, and Save is still the control the second tap was sent to, so the
    bonuses are saved with that good, not lost in the redraw."""
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    app.new_game(["Anna", "Bert"], "physical", shows=None)
    pick_herd(app, 1, "wood")
    app.click("tile-kind-tool")
    app.wait("tile-amount-tool-value")
    app.click("tile-part-all")
    app.wait_text("tile-editor", "“all”")
    app.settle()
    app.page.evaluate(TWO_TAPS_JS, ["tile-kind-food", "tile-save"])
    app.gone("tile-editor")
    app.wait_text("bonus-first", "1 tool")
    assert "1 food" in app.text("bonus-all")


@pytest.mark.slow
def test_companion_deck_whole_game(browser: Browser, server: Server) -> None:
    """Companion deck, 2 players, all 16 rounds to the tamed herd and the scoring, with rounds
    nobody joins; every tile counted on screen matches what the test counted."""
    names = ["Ola", "Pim"]
    tiles = dict.fromkeys(names, 0)
    took_all: list[int] = []
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    app.new_game(names, "companion", shows=None)
    app.wait("herd-card")
    for number in range(1, 17):
        if number > 1:
            app.click("next-round")
        app.wait_text("title", f"Round {number}")
        if number == 16:  # the last tile says the herd is tamed next round
            assert "Last tile: then the herd is tamed" in app.text("herd-card")
            app.shot("phone-light-round-16")
        if number % 5 == 0:
            app.click("roll")  # nobody this round
            app.click("box-confirm")
            app.wait_text("explanation", "Nobody moved")
            continue
        player = number % 2
        lone_migration(app, player, names[player])
        roll_alone(app, names[player])
        if number % 3 == 0:
            app.click("choose-all")
            app.settle()
            took_all.append(number)
        tiles[names[player]] += 1
    app.wait_text("next-round", "pile empty")
    app.click("next-round")
    app.wait("herd-tamed")
    for seat, name in enumerate(names):
        assert f"{tiles[name]} mammoth tile" in app.text(f"tally-{seat}")
    app.click("end-game-tamed")
    app.click("confirm-end")
    app.wait("scoring-card")
    leader = max(names, key=lambda n: tiles[n])
    assert leader in app.text("scoring-reason")
    store = stored_game(server)
    try:
        game = store.load(1)
        assert game.state.tallies == tuple(tiles[n] for n in names)
        chose_all = [r.number for r in game.state.rounds if r.choice is Choice.ALL]
        assert chose_all == took_all
    finally:
        store.close()
    app.assert_offline()
    app.close()


def test_several_unfinished_games_resume_delete_and_reopen(browser: Browser, server: Server) -> None:
    """Two unfinished games are both listed and both resume intact; one is deleted after a
    question; a game ended by mistake reopens from its scoring screen and from the history."""
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    app.new_game(["Ann", "Bob"], "companion", shows=None)
    app.wait("herd-card")
    lone_migration(app, 0, "Ann")
    app.click("nav-back")  # home: the game stays
    app.wait("game-row-1")
    app.click("new-game")
    app.wait_text("setup-other-games", "stays on the start screen")
    app.click("nav-back")
    app.new_game(["Cleo", "Dan", "Eve"], "physical", shows=None)
    pick_herd(app, 1, "gold")
    app.click("tile-skip")
    lone_migration(app, 2, "Eve")
    app.click("nav-back")
    app.wait("game-row-2")
    assert "Ann" in app.text("game-row-1") and "Eve" in app.text("game-row-2")
    app.shot("phone-light-game-list")

    app.click("resume-1")
    app.wait_text("player-0", "Ann moves 1 person")
    app.click("nav-back")
    app.click("resume-2")
    app.wait_text("player-2", "Eve moves 1 person")
    assert "river" in app.text("herd-area")
    app.click("nav-back")

    # A second tab opens on the game played last (game 2) while the first deletes it.
    other = App(browser, server.url, PHONE)
    other.wait_text("player-2", "Eve moves 1 person")
    app.click("delete-2")
    app.wait("delete-question-2")
    app.click("cancel-delete")  # asked first: keeping it changes nothing
    app.wait("resume-2")
    app.click("delete-2")
    app.click("confirm-delete")
    app.gone("game-row-2")
    other.wait_page_text("This game was deleted on another screen")
    other.wait("new-game")
    other.close()

    # Game 1, ended by mistake, comes back from its scoring screen ...
    app.click("resume-1")
    app.click("end-game")
    app.click("confirm-end")
    app.wait("scoring-card")
    app.click("reopen-game")
    app.wait_text("player-0", "Ann moves 1 person")
    # ... and from the history.
    app.click("end-game")
    app.click("confirm-end")
    app.click("done")
    app.click("open-history")
    app.click("history-1")
    app.click("reopen-game")
    app.wait_text("player-0", "Ann moves 1 person")
    app.wait_text("message", "open again")
    # The banner stays with the round; Home and the Rules show without it.
    app.click("nav-back")
    app.wait("open-rules")
    app.gone("message")
    app.click("open-rules")
    app.wait("rules-text")
    app.gone("message")
    app.shot("phone-light-rules-after-reopen")
    store = stored_game(server)
    try:
        assert [g.id for g in store.unfinished_games()] == [1]
        assert store.history() == []
    finally:
        store.close()
    app.assert_offline()
    app.close()


@pytest.mark.parametrize(
    ("size", "scheme", "lang"),
    [("phone", "dark", "en"), ("phone", "light", "ko"), ("tablet", "light", "en"), ("tablet", "dark", "de")],
)
def test_printed_tile_screens_look_right(browser: Browser, tmp_path: Path, size: str, scheme: str, lang: str) -> None:
    """The herd picker, the tile editor and the game list at phone and tablet size, light and
    dark, in Korean and German: saved for looking at, and the picker's four areas all on screen."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    viewport = PHONE if size == "phone" else TABLET
    app = App(browser, server.url, viewport, scheme=scheme, locale=lang)
    try:
        app.wait("new-game")
        app.new_game(["Anna", "김민지", "Ñandú"], "physical", shows="physical-herd")
        for area in AREAS:
            box = app.wait(f"herd-pick-{area}").bounding_box()
            assert box and box["y"] + box["height"] <= viewport["height"] and box["width"] >= 120
        app.shot(f"{size}-{scheme}-{lang}-herd-picker")
        app.click("herd-pick-stone")
        app.wait("tile-editor")
        app.click("tile-kind-civ_card")
        app.click("tile-part-all")
        app.click("tile-kind-stone")
        app.click("tile-amount-stone-plus")
        app.shot(f"{size}-{scheme}-{lang}-tile-editor")
        app.click("tile-save")
        app.gone("tile-editor")
        app.click("nav-back")
        app.wait("game-row-1")
        app.shot(f"{size}-{scheme}-{lang}-game-list")
        app.assert_offline()
    finally:
        app.close()
        server.stop()


def test_a_phone_joins_a_printed_tiles_game_and_plays_a_round_by_touch(browser: Browser, tmp_path: Path) -> None:
    """Served to the room with a token: the table's tablet starts a printed-tiles game, a phone
    (touch, mobile viewport, scale 3) opens the join address and plays round 1 with its finger;
    the tablet shows every step."""
    token = "table-9-token"
    server = Server(tmp_path / "data", ["--token", token]).start_guarded(token)
    tablet = App(browser, f"{server.url}?token={token}", TABLET)
    try:
        tablet.new_game(["Ann", "Bo", "Cy"], "physical", shows=None)
        tablet.wait("physical-herd")
        tablet.click("nav-back")
        tablet.click("open-join")
        join = tablet.wait_text("join-url-0", "token=").split()[0]
        phone = App(browser, join, {"width": 390, "height": 844}, touch=True)
        phone.wait("physical-herd")  # opens on the table's game
        phone.tap("herd-pick-brick")
        phone.tap("tile-skip")
        phone.move(0, name="Ann")
        tablet.click("nav-back")
        tablet.click("resume-1")
        tablet.wait_text("player-0", "Ann moves 1 person")
        assert "clay pit" in tablet.text("herd-area")
        phone.tap("roll")
        phone.wait_text("winner", "Ann tames the mammoth", timeout=20_000)
        tablet.wait_text("winner", "Ann tames the mammoth", timeout=20_000)
        phone.shot("phone-touch-printed-result")
        assert "token" not in phone.page.url
        phone.assert_offline()
        phone.close()
    finally:
        tablet.close()
        server.stop()
