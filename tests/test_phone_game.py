"""A game at phone size: what stays on the page, hidden, while another step shows (the editor,
the result card, the printed picker and tile), walked headless (:mod:`tests.headless`) through
the real session and Flet's real patches. A hidden control is out of the page's semantics
tree, as a screen reader has it. The whole three-player game is in tests/test_whole_games.py."""

from __future__ import annotations

import re

from .headless import HeadlessApp, Table


def test_phone_editor_opened_again(table: Table) -> None:
    """On a phone the migration editor stays mounted, hidden, once opened: opened
    again it shows the player and the values it is opened for, never what was last on it, and
    while the round shows, it is out of the page's accessibility tree."""
    app = table.open()
    app.start_round(("Anna", "Bert", "Chloé"))
    app.tap("edit-0")
    app.tap("people-plus")
    app.wait_text("people-value", "2")
    app.tap("cancel-migration")  # Anna's two people are dropped
    app.wait("players-card")
    assert not app.el("migration-editor").count() and not app.el("people-plus").count()  # hidden: not heard

    app.tap("edit-1")  # another player on the same editor
    assert "Bert" in app.wait_text("migration-editor", "Bert")
    assert "Anna" not in app.text("migration-editor")
    assert app.text("people-value").strip() == "1"
    assert not app.el("withdraw").count()  # nothing recorded for Bert yet
    app.tap("pay-wood-plus")  # 1 wood instead of the food
    app.wait_text("owed", "Paid in full")
    app.tap("save-migration")
    app.wait_text("player-1", "Bert moves 1 person")
    assert "1 wood" in app.text("player-1")

    app.tap("edit-0")  # Anna again: the default, not the two people cancelled before
    app.wait_text("migration-editor", "Anna")
    assert app.text("people-value").strip() == "1"
    app.tap("cancel-migration")
    app.wait("players-card")

    app.tap("edit-1")  # Bert again: what he recorded, and the button that takes it back
    app.wait("withdraw")
    assert app.text("people-value").strip() == "1"
    assert app.text("pay-wood-value").strip() == "1" and app.text("pay-food-value").strip() == "0"
    app.tap("withdraw")
    app.wait_text("player-1", "No people on the tile")

    app.tap("roll")  # nobody on the tile: the tile is boxed, then the next round
    app.tap("box-confirm")
    app.wait("next-round", timeout=20_000)
    app.tap("next-round")
    app.wait_text("title", "Round 2")
    app.tap("edit-1")  # a new round: Bert opens first, with the new round's default
    app.wait_text("migration-editor", "Bert")
    assert app.text("people-value").strip() == "1"
    app.tap("save-migration")
    app.wait_text("player-1", "Bert moves 1 person")
    app.close()


def faces(app: HeadlessApp, seat: int) -> list[str]:
    """The faces a player's dice line shows."""
    return re.findall(r"\b[1-6]\b", app.text(f"dice-{seat}"))


def test_phone_result_card_kept(table: Table) -> None:
    """The players' list and the result card stay mounted while the other shows:
    whatever they last showed, a roll, an Undo, a Redo and the next round show this
    round's players, dice and hand-out, and the hidden one is out of the accessibility tree."""
    app = table.open()
    app.start_round(("Anna", "Bert", "Chloé"))
    for seat in (0, 1):
        app.move(seat)
        app.wait_text(f"player-{seat}", "moves 1 person")
    listed = app.tab.model.play.game
    assert listed is not None
    app.tap("roll")
    app.wait("next-round", timeout=20_000)  # the dice have settled
    assert len(faces(app, 0)) == 1 and len(faces(app, 1)) == 1
    assert not app.el("players-card").count()  # hidden: not heard
    # Remembered after the draw that last listed the players: the round before the roll.
    model = app.tab.model
    assert model.round.listed.last(model.play.game_id) == listed.state

    app.tap("undo")
    app.wait("roll")
    assert not app.el("result-card").count() and not app.el("dice-0").count()
    app.wait_text("player-1", "Bert moves 1 person")
    app.tap("edit-0")  # Anna now moves two people: the next roll is not the last one
    app.tap("people-plus")
    app.tap("pay-wood-plus")
    app.wait_text("owed", "Paid in full")
    app.tap("save-migration")
    app.wait_text("player-0", "Anna moves 2 people")
    app.tap("roll")
    app.wait("next-round", timeout=20_000)
    rolled = faces(app, 0)
    assert len(rolled) == 2 and len(faces(app, 1)) == 1
    explanation = app.text("explanation")

    app.tap("undo")
    app.wait_text("player-0", "Anna moves 2 people")
    app.tap("redo")  # the same roll again, as it was
    app.wait("next-round")
    assert faces(app, 0) == rolled and app.text("explanation") == explanation

    app.tap("next-round")
    app.wait_text("title", "Round 2")
    assert "moves" not in app.text("player-0")  # the new round's list, nobody on the tile yet
    for seat in (1, 2):
        app.move(seat)
        app.wait_text(f"player-{seat}", "moves 1 person")
    app.tap("roll")
    app.wait("next-round", timeout=20_000)
    assert not app.el("dice-0").count()  # Anna stayed home this round
    assert len(faces(app, 1)) == 1 and len(faces(app, 2)) == 1
    assert "Anna" not in app.text("explanation")
    if app.el("winner").count():  # round 1's winner line is gone with round 1
        assert "Anna" not in app.text("winner")
    app.reveal("handouts")  # the hand-out is this round's: Anna gets nothing
    assert "Anna" not in app.text("handouts")
    app.close()


def test_phone_printed_picker_and_tile_kept(table: Table) -> None:
    """Printed tiles on a phone: the herd picker and the tile's bonuses stay mounted once shown.
    Shown again they ask for this round, with this round's tiles left and an empty
    tile, never what they showed last; Back from the picker returns to the settled round."""
    app = table.open()
    app.new_game(("Anna", "Bert", "Chloé"), "physical", shows=None)
    app.wait_text("physical-herd", "16 tiles left")
    app.tap("herd-pick-wood")
    app.wait("tile-editor")
    app.describe_tool_and_food()
    app.tap("tile-describe")  # the kept (memoized) editor opens again with what was saved
    app.wait("tile-editor")
    app.wait_checked("tile-kind-tool")
    assert not app.checked("tile-kind-food")  # the "1." part is shown: food is on "all"
    app.tap("tile-skip")
    app.gone("tile-editor")
    app.tap("roll")  # nobody on the tile
    app.tap("box-confirm")
    app.wait_text("explanation", "Nobody moved people to the tile")

    app.tap("next-round")
    app.wait_text("physical-herd", "Round 2")
    assert "15 tiles left" in app.text("physical-herd")
    assert not app.el("players-card").count() and not app.el("herd-card").count()  # hidden: not heard
    app.tap("herd-pick-cancel")  # Next round was early: back to the settled round
    app.wait("next-round")
    assert not app.el("physical-herd").count()
    app.tap("next-round")
    app.tap("herd-pick-brick")
    app.wait("tile-editor")  # the kept editor, empty for this round's tile
    assert not app.checked("tile-kind-tool") and not app.checked("tile-kind-food")
    app.tap("tile-skip")
    app.gone("tile-editor")
    app.wait_text("herd-area", "clay pit")

    app.tap("undo")  # the round start undone: the picker asks for round 2 again
    app.wait_text("physical-herd", "Round 2")
    assert "15 tiles left" in app.text("physical-herd")
    app.tap("herd-pick-gold")
    app.wait("tile-editor")
    app.tap("tile-kind-points")
    app.wait_checked("tile-kind-points")
    assert not app.checked("tile-kind-tool")
    app.tap("tile-part-all")
    app.tap("tile-kind-any_resource")
    app.tap("tile-save")
    app.gone("tile-editor")
    app.wait_text("bonus-first", "1 point")
    assert "river" in app.text("herd-area")
    app.tap("roll")  # nobody on the tile
    app.tap("box-confirm")
    app.wait("next-round")
    app.tap("next-round")  # the kept picker asks for the round after
    app.wait_text("physical-herd", "Round 3")
    assert "14 tiles left" in app.text("physical-herd")
    app.close()
