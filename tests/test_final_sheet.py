"""The final score sheet walked headless (:mod:`tests.headless`) through the real session:
after the mammoth scoring a table fills in every player's row, sees each part's points and
the total follow the taps, the winner by the rule, Undo and a reopened game keeping the
sheet, and BG Stats' link decoded field by field."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, unquote

from companion.data.store import DB_NAME, Store
from companion.rules import sheet_ranking
from companion.ui.model import AppModel, Screen
from companion.ui.root import back_gesture, close_open, open_entry
from companion.ui.step import Entry

from .headless import HeadlessApp, Table
from .test_together_ui import Room
from .test_ui_state import new_game


def _ended(app: HeadlessApp, names: tuple[str, ...] = ("Anna", "Bert")) -> None:
    app.start_round(names)
    app.press("end-game")
    app.press("confirm-end")
    app.wait("scoring-card")


def _plus(app: HeadlessApp, seat: int, part: str, times: int = 1) -> None:
    for _ in range(times):
        app.press(f"fs-{seat}-{part}-plus")


def test_a_phone_fills_in_each_row_and_the_totals_follow_the_taps(table: Table) -> None:
    """One row at a time on a phone: the track typed, culture symbols tapped, figures and
    what they multiply, resources; each part's points and the total as they are entered."""
    app = table.open()
    _ended(app)
    app.press("final-sheet")
    app.wait("final-row-0")
    assert app.text("fs-0-mammoth") == "0"  # nobody holds a tile
    app.fill("fs-0-track", "120")
    app.wait_text("final-total-0", "120 points")
    _plus(app, 0, "culture-art", 2)
    _plus(app, 0, "culture-music")
    _plus(app, 0, "culture-time")
    app.wait_text("fs-0-culture-points", "10 points")  # 3 × 3 + 1 × 1
    _plus(app, 0, "agriculture", 6)
    _plus(app, 0, "farmers", 3)
    app.wait_text("fs-0-farmers-points", "= 18")
    _plus(app, 0, "wood", 2)
    app.wait_text("fs-0-resources-points", "2 points")
    app.wait_text("final-total-0", "150 points")
    app.press("final-seat-1")
    app.wait("final-row-1")
    assert not app.count("final-row-0")
    app.fill("fs-1-track", "150")
    app.wait_text("final-total-1", "150 points")
    app.press("fs-1-people-plus")
    assert app.wait_text("final-winner", "level") == (
        "Anna and Bert are level on 150 points; Anna wins on agriculture, tools and people (6)."
    )
    app.press("final-done")
    app.wait("final-results")
    assert app.text("final-result-0").startswith("1. ")
    app.close()


def test_undo_takes_a_count_back_and_escape_closes_the_sheet(table: Table) -> None:
    """A count is a step: Undo takes it back with the sheet still open, Redo brings it back;
    Done closes the sheet and the results stay under the mammoth scoring."""
    app = table.open()
    _ended(app)
    app.press("final-sheet")
    _plus(app, 0, "gold", 2)
    app.wait_text("final-total-0", "2 points")
    app.press("undo")
    app.wait_text("final-total-0", "1 point")
    app.wait("final-row-0")
    app.press("redo")
    app.wait_text("final-total-0", "2 points")
    app.press("final-done")
    app.gone("final-row-0")
    assert app.wait_text("final-result-0", "Anna").endswith("2 points")
    app.close()


def test_a_second_tab_shows_the_sheet_s_counts_in_the_history(table: Table) -> None:
    """A second tab on the device opens the finished game from the history while the first
    fills in the sheet: it shows the results with the counts made so far, and the next
    count too (never a count applied twice)."""
    first = table.open()
    _ended(first)
    first.press("final-sheet")
    _plus(first, 0, "wood")
    second = table.open()
    second.press("open-history")
    second.press("history-1")
    second.wait_text("final-result-0", "1 point")
    _plus(first, 0, "wood")
    second.wait_text("final-result-0", "2 points")
    first.close()
    second.close()
    store = Store(table.data / DB_NAME)
    try:
        assert sheet_ranking(store.load(1).state).scores[0].resources == 2
    finally:
        store.close()


def test_a_track_that_is_no_count_is_named_and_nothing_changes(table: Table) -> None:
    """Letters in the track's field: a line under it says what it takes, the total keeps the
    count entered before, and Done stays on the sheet until the field is right."""
    app = table.open(language="de")
    _ended(app)
    app.press("final-sheet")
    app.fill("fs-0-track", "40")
    app.press("final-done")
    app.gone("final-row-0")
    app.press("final-sheet")
    app.fill("fs-0-track", "4x")
    app.press("final-done")
    assert "ganze Zahl von 0 bis 999" in app.wait_text("fs-0-track-problem", "Zählleiste")
    assert app.text("final-total-0") == "40 Punkte"
    app.fill("fs-0-track", "45")
    app.gone("fs-0-track-problem")
    app.press("final-done")
    app.gone("final-row-0")
    assert app.text("final-result-0").endswith("45 Punkte")
    app.close()


def test_a_symbol_the_table_already_holds_twice_is_refused_in_words(table: Table) -> None:
    """Both art cards are Anna's: Bert's art is refused with the reason, and his row is unchanged."""
    app = table.open()
    _ended(app)
    app.press("final-sheet")
    _plus(app, 0, "culture-art", 2)
    assert not app.enabled("fs-0-culture-art-plus")  # a player holds at most two
    app.press("final-seat-1")
    _plus(app, 1, "culture-art")
    app.wait_page_text("A game has only 2 cards of each symbol")
    assert app.text("final-total-1") == "0 points"
    app.close()


def test_a_reopened_game_keeps_its_sheet_and_the_history_shows_it(table: Table) -> None:
    """The sheet is saved with the game: on the history's page of the game after a reload,
    with its results; Reopen the game takes the counts back with End game, and ending the
    game again with Redo brings them back."""
    app = table.open()
    _ended(app)
    app.press("final-sheet")
    app.fill("fs-0-track", "77")
    app.press("final-done")
    app.wait("final-results")
    app.reload()  # a finished game is in the history
    app.press("open-history")
    app.press("history-1")
    app.wait_text("final-result-0", "77 points")
    app.wait("bgstats")
    app.press("reopen-game")
    app.wait("herd-card")
    app.press("redo")
    app.press("confirm-end")  # End game again: its counts come back with it
    app.wait_text("final-result-0", "77 points")
    app.close()


def _decoded(link: str) -> dict[str, object]:
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    query = parse_qs(link.split("?", 1)[1])
    data: dict[str, object] = json.loads(query["data"][0])
    assert json.loads(unquote(link.split("data=", 1)[1])) == data
    return data


def test_the_bg_stats_link_carries_the_play_field_by_field(table: Table) -> None:
    """Decoded: the app as source, one id per game, the date and length, Stone Age's
    BoardGameGeek id, and each player's score, place, win and start."""
    app = table.open()
    _ended(app, ("Anna", "Bert", "Chen"))
    app.press("final-sheet")
    app.fill("fs-0-track", "61")
    app.press("final-seat-1")
    app.fill("fs-1-track", "88")
    app.press("final-seat-2")
    app.fill("fs-2-track", "61")
    app.press("final-done")
    node = app.wait("bgstats")
    button = next(n for n in _all(node) if n.get("url"))
    url = button["url"]
    data = _decoded(url["url"] if isinstance(url, dict) else str(url))
    assert data["sourceName"] == "Mammoth Herd Companion"
    assert str(data["sourcePlayId"]).startswith("mammoth-herd-")
    assert data["game"] == {
        "name": "Stone Age",
        "bggId": 34635,
        "sourceGameId": "stone-age",
        "highestWins": True,
        "noPoints": False,
    }
    assert len(str(data["playDate"])) == 19 and isinstance(data["durationMin"], int)
    players = data["players"]
    assert isinstance(players, list)
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in players] == [
        ("Anna", 61, 2, False),
        ("Bert", 88, 1, True),
        ("Chen", 61, 2, False),
    ]
    assert [p["startPlayer"] for p in players] == [True, False, False]
    app.press("bgstats-qr")
    app.wait("bgstats-qr-code")
    assert "needs a network" in app.page_text()
    app.close()


def _all(node: dict[str, object]) -> list[dict[str, object]]:
    found = [node]
    for value in node.values():
        children = value if isinstance(value, list) else [value]
        for child in children:
            if isinstance(child, dict):
                found += _all(child)
    return found


def test_printed_tiles_end_with_the_same_sheet(table: Table) -> None:
    """A game with the tiles on the table ends with the sheet too."""
    app = table.open(language="ko")
    app.new_game(["Anna", "Bert"], deck="physical", shows=None)
    app.press("herd-pick-wood")
    app.wait("herd-card")
    app.press("end-game")
    app.press("confirm-end")
    app.press("final-sheet")
    _plus(app, 0, "culture-weaving")
    app.press("final-seat-1")
    _plus(app, 1, "culture-weaving")
    app.wait_text("final-total-1", "1점")
    app.close()


def test_escape_and_back_close_the_sheet_and_send_the_typed_track(model: AppModel) -> None:
    """The sheet is an entry over the finished game: Escape closes it, sending the points typed
    in the track first, and Back does the same before it leaves the game."""
    new_game(model, ["Ann", "Bo"])
    model.round.ask_end()
    model.round.end_game()
    for close in (close_open, back_gesture):
        model.sheet.show()
        assert open_entry(model) is Entry.SHEET
        model.sheet.type_track(1, "31")
        close(model)
        assert not model.sheet.open and model.session.screen is Screen.PLAY
    game = model.play.game
    assert game is not None and game.state.sheet[1][0] == 31


def test_two_phones_of_one_table_fill_in_their_own_rows(tmp_path: Path) -> None:
    """Each player scores their row on their own phone, at the same time: both rows are on
    every phone, and nobody is told of a step not kept."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "guest")
    host.round.ask_end()
    host.round.end_game()
    room.run()
    host.sheet.show()
    guest.sheet.show()
    host.sheet.step(0, "tools", 1)
    guest.sheet.step(1, "people", 1)
    guest.sheet.step(1, "shamans", 1)
    room.run()
    sheets = [m.play.game.state.sheet for m in (host, guest) if m.play.game is not None]
    assert len(sheets) == 2 and sheets[0] == sheets[1]
    ranking = sheet_ranking(host.play.game.state) if host.play.game is not None else None
    assert ranking is not None and [s.total for s in ranking.scores] == [0, 1]
    assert host.session.message is None and guest.session.message is None
