"""The reported walk on a phone (Korean): after Change and Take back the hand-out names the
right player for the tile, and the winner's choice, Next round and Home stay. Walked headless
(:mod:`tests.headless`); the browser walks look at the result card on a phone
(``tests/browser/test_texts_fit.py``)."""

from __future__ import annotations

from companion.i18n import translate

from .browser.harness import without_joiners
from .headless import Table
from .moves import Moves

NAMES = ("서연", "지우", "민준")


def ko(key: str, **params: object) -> str:
    return without_joiners(translate("ko", key, **params))


KEEPS = ko("handout.keeps_tile")
AS_PRINTED = ko("bonus.physical")


def table_dice(app: Moves, faces: dict[int, list[int]]) -> None:
    """Dice rolled at the table: each player's faces, in order."""
    app.press("enter-dice")
    app.wait("hand-card")
    for player, values in faces.items():
        for index, face in enumerate(values):
            app.press(f"hand-{player}-{index}-{face}")
    app.press("apply-dice")
    app.wait("result-card")


def hand_out(app: Moves) -> dict[int, str]:
    """Each hand-out row's text, by seat."""
    app.wait("handouts")
    return {seat: app.text(f"handout-{seat}") for seat in range(len(NAMES)) if app.count(f"handout-{seat}")}


def assert_round_settled(app: Moves, winner: int, players: set[int]) -> None:
    """The hand-out lists exactly ``players``; only ``winner`` keeps the tile, under their
    bonus line; the winner's choice and Next round are on the screen."""
    rows = hand_out(app)
    assert set(rows) == players, rows
    for seat, text in rows.items():
        assert NAMES[seat] in text, (seat, text)
        if seat == winner:
            assert KEEPS in text and text.index(AS_PRINTED) < text.index(KEEPS), (seat, text)
        else:
            assert KEEPS not in text, (seat, text)
    for identifier in ("choose-first", "choose-all", "next-round"):
        app.wait(identifier)


def printed_round(app: Moves, area: str) -> None:
    """The herd goes to ``area``; the tile's bonuses are skipped (the table reads them off)."""
    app.press(f"herd-pick-{area}")
    app.press("tile-skip")


def test_change_and_take_back_hand_out_the_tile_to_the_winner(table: Table) -> None:
    """Rounds A, B and C of the report; after each, the hand-out and the thumb bar; then Home."""
    app = table.open(language="ko")
    app.new_game(NAMES, "physical", shows="physical-herd")
    printed_round(app, "wood")
    # Round A: 서연 1, 지우 2; 서연 wins at the table.
    app.move(0, 1)
    app.move(1, 2)
    table_dice(app, {0: [6], 1: [1, 1]})
    assert_round_settled(app, winner=0, players={0, 1})
    # Round B: 지우 2, 민준 1; Change 지우 to 3; Take back 민준; 서연 1; 지우 wins.
    app.press("next-round")
    printed_round(app, "stone")
    app.move(1, 2)
    app.move(2, 1)
    app.move(1, 3)
    app.press("edit-2")
    app.press("withdraw")
    app.gone("migration-editor")
    app.move(0, 1)
    table_dice(app, {1: [6, 6, 6], 0: [1]})
    assert_round_settled(app, winner=1, players={0, 1})
    # Round C: 민준 and 지우 move, 서연 sits out; 민준 wins.
    app.press("next-round")
    printed_round(app, "gold")
    app.move(2, 1)
    app.move(1, 1)
    table_dice(app, {2: [6], 1: [1]})
    assert_round_settled(app, winner=2, players={1, 2})
    app.press("choose-all")
    assert_round_settled(app, winner=2, players={1, 2})
    app.press("nav-back")  # Home: the start screen, with this game to continue
    app.wait("new-game")
    app.wait_page_text(NAMES[0])
    app.close()
