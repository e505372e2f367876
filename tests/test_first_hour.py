"""A newcomer's first hour at the table, walked headless (:mod:`tests.headless`) through the
real session: a fresh phone starts a game with the names its labels show, the Start button
says which tiles it starts with (the choice is kept from the last game), and a printed-tiles
game before its first herd is listed as round 1, never round 0."""

from __future__ import annotations

from .headless import Table


def test_a_fresh_phone_starts_with_the_names_its_labels_show(table: Table) -> None:
    """Nothing typed: Start plays as "Player 1" and "Player 2" (before, it refused until each
    was typed, though the fields were labelled so), in the phone's language."""
    app = table.open(language="ko")
    app.press("new-game")
    app.wait("name-1")
    app.press("start-game")
    app.wait("herd-card")
    assert "플레이어 1" in app.text("player-0") and "플레이어 2" in app.text("player-1")
    app.close()


def test_the_start_button_names_the_tiles_it_starts_with(table: Table) -> None:
    """The deck chosen last time is kept; the line over Start says which one, and follows a
    change of the choice."""
    app = table.open()
    app.new_game(["Ann", "Bo"], deck="physical", shows=None)
    app.wait("physical-herd")
    app.press("nav-back")  # the start screen
    app.press("new-game")
    app.wait("name-1")
    assert app.text("start-deck") == "Bonus tiles: Printed tiles on the table"
    app.press("deck-companion")
    app.wait_text("start-deck", "Companion deck")
    app.close()


def test_a_printed_game_before_its_first_herd_is_round_1(table: Table) -> None:
    """Left before the herd was first placed, the game is listed on the start screen as
    round 1 (it said "Round 0")."""
    app = table.open()
    app.new_game(["Ann", "Bo"], deck="physical", shows=None)
    app.wait("physical-herd")
    app.press("nav-back")  # the start screen lists it
    app.wait_page_text("Round 1")
    assert "Round 0" not in app.page_text()
    app.close()


def test_the_people_plus_says_why_it_stops(table: Table) -> None:
    """At the most people a player may move, "+" is off and a line says why: the area's 7
    places, and how many the other players already fill."""
    app = table.open()
    app.start_round(("Anna", "Bert", "Chen", "Dora"))
    app.move(0, 3, name="Anna")
    app.open_entry(1)
    assert not app.count("people-limit")
    for _ in range(3):
        app.press("people-plus")
    app.wait_text("people-value", "4")
    assert not app.enabled("people-plus")
    assert app.wait_text("people-limit", "At most 4 people") == (
        "At most 4 people: the other players already fill 3 of the area's 7 places."
    )
    app.press("people-minus")
    app.gone("people-limit")
    app.close()


def test_enter_table_dice_marks_the_die_left_empty(table: Table) -> None:
    """Use these dice with one die not picked: nothing is applied, the die is marked on the
    entry ("Die 2: no value yet") and the message names whose die it is; picking it clears
    the mark."""
    app = table.open()
    app.start_round(("Anna", "Bert"))
    app.move(0, 2, name="Anna")
    app.press("enter-dice")
    app.wait("hand-card")
    app.press("hand-0-0-5")
    app.press("apply-dice")
    assert app.wait_text("die-unpicked", "Die 2") == "Die 2: no value yet"
    app.wait_page_text("Anna's die 2 has no value yet")
    assert app.count("hand-card")  # still open: nothing was applied
    app.press("hand-0-1-3")
    app.gone("die-unpicked")
    app.press("apply-dice")
    app.gone("hand-card")
    app.close()


def test_the_final_screen_says_mammoth_scoring_once_and_tiles_as_tiles(table: Table) -> None:
    """End game: the top bar says the game is over, the card under it is the mammoth
    scoring (its heading no longer said twice), and the finished games list each player's
    count as mammoth tiles, not a bare number."""
    app = table.open()
    app.start_round(("Anna", "Bert"))
    app.press("end-game")
    app.press("confirm-end")
    app.wait("scoring-card")
    assert app.text("title") == "Game over"
    assert app.page_text().count("Mammoth scoring") == 1
    app.press("done")
    app.press("open-history")
    assert "Anna (0 mammoth tiles), Bert (0 mammoth tiles)" in app.text("history-1")
    app.close()


def test_the_dice_and_the_hand_out_list_the_players_in_one_order(table: Table) -> None:
    """Round 2 of three players starts with Bert: Anna and Chen move, the dice are rolled,
    and both the dice and the hand-out list Chen before Anna (turn order); the dice were
    listed in seat order before."""
    app = table.open()
    app.start_round(("Anna", "Bert", "Chen"))
    app.tap("roll")  # nobody on the tile in round 1: boxed, then round 2
    app.tap("box-confirm")
    app.wait("next-round", timeout=20_000)
    app.tap("next-round")
    app.wait_text("title", "Round 2")
    app.move(0, 1, name="Anna")
    app.move(2, 1, name="Chen")
    app.tap("roll")
    app.wait("handouts", timeout=20_000)
    shown = [i for i in app.tab.identifiers() if i in ("dice-0", "dice-2", "handout-0", "handout-2")]
    assert shown == ["dice-2", "dice-0", "handout-2", "handout-0"], shown
    app.close()


def test_end_game_is_named_in_words_where_the_top_bar_has_room(table: Table) -> None:
    """The top bar's flag alone does not read as End game at arm's length: on a tablet, and on
    a small phone where the actions have a line of their own, it is a button with its name
    written beside the flag; a 390 px phone, whose title shares the line, keeps the flag."""
    shown: dict[tuple[int, int], str] = {}
    for size in ((1024, 768), (320, 640), (390, 844)):
        app = table.open(size=size)
        if app.count("new-game"):
            app.start_round(("Anna", "Bert"))
        shown[size] = str(app.wait("end-game")["content"]["_c"])
        assert "End game" in app.text("end-game")
        app.close()
    assert shown == {(1024, 768): "OutlinedButton", (320, 640): "OutlinedButton", (390, 844): "IconButton"}


def test_table_dice_taken_back_are_not_called_an_undone_roll(table: Table) -> None:
    """Dice entered from the table, then Undo: the game log says the table's dice were taken
    back ("Undone roll" is for the app's own roll)."""
    app = table.open()
    app.start_round(("Anna", "Bert"))
    app.move(0, 1, name="Anna")
    app.press("enter-dice")
    app.wait("hand-card")
    app.press("hand-0-0-4")
    app.press("apply-dice")
    app.wait("next-round")
    app.press("undo")  # the table's dice are open again, as they were entered
    app.wait("hand-card")
    app.press("cancel-dice")
    app.wait("roll")
    app.press("toggle-log")
    assert "Dice from the table taken back: Anna 4" in app.wait_text("round-log", "taken back")
    assert "Undone roll" not in app.text("round-log")
    app.close()
