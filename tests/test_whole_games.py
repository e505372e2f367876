"""Whole games to the tamed herd and the scoring, in both tile modes, at phone size, and
several unfinished games: walked headless (:mod:`tests.headless`), through the real session
and Flet's real patches. The browser walks keep what only a browser shows."""

from __future__ import annotations

import asyncio
import json

from companion.data.store import Store
from companion.rules import Choice, game_to_json, mammoth_scoring

from .headless import HeadlessApp, Table
from .moves import Moves

AREAS = ["wood", "brick", "stone", "gold"]


#: What each seat counts on its board at the end, as the test plans it: the track's points,
#: then taps (a part and how many), and the total that plan is worth before the mammoth's
#: points, as the test reckons it by hand (culture: a set of n different symbols is n x n).
SHEETS: tuple[tuple[int, tuple[tuple[str, int], ...], int], ...] = (
    # 3 symbols (9), 3 agriculture x 2 farmers (6), 4 wood (4)
    (
        60,
        (
            ("culture-art", 1),
            ("culture-music", 1),
            ("culture-time", 1),
            ("agriculture", 3),
            ("farmers", 2),
            ("wood", 4),
        ),
        79,
    ),
    # 2 symbols (4), 5 tools x 1 tool maker (5), 1 gold (1)
    (70, (("culture-healing", 1), ("culture-weaving", 1), ("tools", 5), ("tool-makers", 1), ("gold", 1)), 80),
    # twice one symbol: two sets of 1 (2), 4 people x 1 shaman (4), 2 buildings and no builder
    (75, (("culture-pottery", 2), ("people", 4), ("shamans", 1), ("buildings", 2)), 81),
)


def fill_sheets(app: HeadlessApp, names: list[str], leaders: list[str]) -> None:
    """From the mammoth scoring: the final sheet filled in for every player, one row at a
    time as on a phone; each total is the test's own sum (the mammoth's 10 points to each
    leader), and the winner is the highest total."""
    app.click("final-sheet")
    totals = []
    for seat, name in enumerate(names):
        track, taps, points = SHEETS[seat]
        app.click(f"final-seat-{seat}")
        app.wait(f"final-row-{seat}")
        app.fill(f"fs-{seat}-track", str(track))
        for part, times in taps:
            for _ in range(times):
                app.click(f"fs-{seat}-{part}-plus")
        total = points + (10 if name in leaders else 0)
        totals.append(total)
        app.wait_text(f"final-total-{seat}", f"{total} points")
    best = max(range(len(names)), key=lambda seat: totals[seat])
    assert totals.count(totals[best]) == 1  # the plans leave no tie to break
    app.wait_text("final-winner", f"{names[best]} wins with {totals[best]} points")
    app.click("final-done")
    app.wait("final-results")
    assert app.text(f"final-result-{best}").startswith("1. ")


def lone_migration(app: Moves, player: int, name: str) -> None:
    """``player`` moves one person, paying one food."""
    app.move(player, name=name)


def roll_alone(app: Moves, name: str) -> None:
    app.press("roll")
    app.wait_text("winner", f"{name} tames the mammoth", timeout=20)


def pick_herd(app: Moves, round_number: int, area: str) -> None:
    app.wait("physical-herd")
    app.wait_text("title", f"Round {round_number}")
    app.press(f"herd-pick-{area}")
    app.wait("tile-editor")
    app.wait_text("title", f"Round {round_number}")


def stored_game(table: Table) -> Store:
    return Store(table.data / "games.sqlite3")


def test_printed_tiles_whole_game(table: Table) -> None:
    """Printed tiles, 3 players, all 16 rounds to the tamed herd and the scoring: a herd picked
    every round, bonuses entered in some rounds and skipped in others, a bad bonus refused, an
    undone round start that brings the picker back, a round nobody joins, a full tie, a reload."""
    names = ["Anna", "Bert", "Chloé"]
    tiles = dict.fromkeys(names, 0)
    app = table.open()
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
    winner = next(n for n in names[:2] if n in app.wait_text("winner", "tames the mammoth", timeout=20))
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
    fill_sheets(app, names, leaders)

    store = stored_game(table)
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


def test_companion_deck_whole_game(table: Table) -> None:
    """Companion deck, 2 players, all 16 rounds to the tamed herd and the scoring, with rounds
    nobody joins; every tile counted on screen matches what the test counted."""
    names = ["Ola", "Pim"]
    tiles = dict.fromkeys(names, 0)
    took_all: list[int] = []
    app = table.open()
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
    fill_sheets(app, names, [n for n in names if tiles[n] == tiles[leader]])
    store = stored_game(table)
    try:
        game = store.load(1)
        assert game.state.tallies == tuple(tiles[n] for n in names)
        chose_all = [r.number for r in game.state.rounds if r.choice is Choice.ALL]
        assert chose_all == took_all
    finally:
        store.close()
    app.assert_offline()
    app.close()


def test_several_unfinished_games_resume_delete_and_reopen(table: Table) -> None:
    """Two unfinished games are both listed and both resume intact; one is deleted after a
    question; a game ended by mistake reopens from its scoring screen and from the history."""
    app = table.open()
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
    other = table.open()
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
    store = stored_game(table)
    try:
        assert [g.id for g in store.unfinished_games()] == [1]
        assert store.history() == []
    finally:
        store.close()
    app.assert_offline()
    app.close()


def setup_three(app: HeadlessApp) -> None:
    app.click("new-game")
    app.wait("name-0")
    app.fill_name(0, "Anna")
    app.fill_name(1, "Anna")
    app.click("start-game")  # a name taken twice: the message shows in place
    app.wait_page_text("“Anna” is already taken")
    app.fill_name(1, "Bert")
    app.fill_name(2, "Chloé")
    app.click("start-game")
    app.wait("herd-card")


def test_phone_full_game(table: Table) -> None:
    """Setup, mixed payment, a clear winner choosing "all", an empty round, a hand-entered tie,
    undo/redo, a reload mid-round, and the end-game scoring with its 10 points."""
    app = table.open()
    app.wait("new-game")
    setup_three(app)
    assert "Round 1" in app.text("title")
    assert "Anna" in app.text("start-player")
    assert "15 tiles left" in app.text("tiles-left")

    # Round 1: Anna moves 2 people paying 1 food + 1 wood; Bert moves 1 for 1 food.
    app.click("edit-0")
    app.click("people-plus")
    app.click("pay-wood-plus")
    app.wait_text("owed", "Paid in full")
    app.click("save-migration")
    app.wait_text("player-0", "Anna moves 2 people")
    assert "1 food, 1 wood" in app.text("player-0")
    app.move(1, name="Bert")
    odds = app.text("odds-0")
    assert "%" in odds and "/" in odds  # exact fraction shown
    assert not app.el("odds-none").count()  # 2 dice against 1 can never fully tie: no such line
    # Chloé cannot join: with 3 players only 2 may use the area
    assert not app.enabled("edit-2")
    app.click("roll")
    app.wait("winner", timeout=20_000)  # 2 dice against 1 can never fully tie
    winner_text = app.text("winner")
    winner = "Anna" if "Anna" in winner_text else "Bert"
    assert winner in app.text("explanation")
    app.click("choose-all")
    app.reveal(f"handout-{0 if winner == 'Anna' else 1}")  # below the fold on a phone
    app.wait_text(f"handout-{0 if winner == 'Anna' else 1}", "takes “all”")

    # Round 2: nobody migrates; the tile goes to the box.
    app.click("next-round")
    app.wait_text("title", "Round 2")
    assert "Bert" in app.text("start-player")  # start player passed clockwise
    app.click("roll")
    app.wait("box-question")  # boxing is a deliberate step: a question, then the tap
    app.click("box-confirm")
    app.wait_text("explanation", "Nobody moved people to the tile")

    # Round 3: Anna and Chloé move one person each; dice entered by hand end in a full tie.
    app.click("next-round")
    app.wait_text("title", "Round 3")
    app.move(0, name="Anna")
    app.click("edit-2")
    app.click("pay-gold-plus")
    app.click("save-migration")
    app.wait_text("player-2", "Chloé moves 1 person")
    assert "1 gold" in app.text("player-2")

    # Reload in the middle of the round: everything is exactly where it was.
    app.reload()
    app.wait_text("title", "Round 3")
    app.wait_text("player-0", "Anna moves 1 person")
    assert "Chloé moves 1 person" in app.text("player-2")
    assert "13 tiles left" in app.text("tiles-left")

    app.click("enter-dice")
    app.wait("hand-card")
    app.click("apply-dice")  # no dice chosen yet: the first die marked, whose it is said, nothing changes
    app.wait_page_text("Chloé's die 1 has no value yet")
    assert app.text("die-unpicked") == "Die 1: no value yet"
    app.click("hand-0-0-4")
    app.click("hand-2-0-4")
    app.click("apply-dice")
    app.wait_text("explanation", "No winner")
    assert "Anna and Chloé" in app.text("explanation")  # names joined as English joins a list

    # Undo brings the dice pad back as it was applied, and says so; redo restores the same tie.
    app.click("undo")
    app.wait_text("message", "Undone: the dice from the table")
    app.wait("apply-dice")
    app.click("cancel-dice")
    app.wait("roll")
    app.wait_text("player-2", "Chloé moves 1 person")
    app.click("redo")
    app.wait_text("explanation", "No winner")

    app.click("toggle-log")
    app.wait_text("round-log", "Round 3")
    log = app.text("round-log")
    assert "Dice from the table" in log and "Round 1" in log

    # End the game: the round-1 winner holds the only tile and scores 10.
    app.click("end-game")
    app.click("confirm-end")
    app.wait("scoring-card")
    reason = app.text("scoring-reason")
    assert winner in reason and "10 points" in reason
    assert "+10" in app.text(f"score-{0 if winner == 'Anna' else 1}")
    app.click("done")
    app.click("open-history")
    app.wait_page_text("10 points: " + winner)
    app.assert_offline()
    app.close()


def test_a_headless_tab_plays_beside_a_loop_running_in_the_main_thread(table: Table) -> None:
    """A worker that ran a browser test keeps Playwright's loop running in the main thread;
    a headless tab still opens and plays there (its loop has a thread of its own)."""

    def walk() -> None:
        app = table.open()
        app.new_game(["Ann", "Bo"], "companion")
        app.move(0, name="Ann")
        app.close()

    async def beside_a_running_loop() -> None:
        walk()

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # none yet in this worker: one is started for the walk
        asyncio.run(beside_a_running_loop())
    else:  # an earlier test's Playwright left its loop running here
        walk()
