"""A three-player game at phone size in headless Chromium, end to end."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser

from .harness import PHONE, App, Server

pytestmark = pytest.mark.browser


def setup_three(app: App) -> None:
    app.click("new-game")
    app.wait("name-0")
    app.shot("phone-light-setup-empty")
    app.click("start-game")  # empty names: the message shows in place
    app.wait_page_text("Player 1 needs a name.")
    app.fill_name(0, "Anna")
    app.fill_name(1, "Bert")
    app.fill_name(2, "Chloé")
    app.shot("phone-light-setup")
    app.click("start-game")
    app.wait("herd-card")


def test_phone_full_game(browser: Browser, server: Server) -> None:
    """Setup, mixed payment, a clear winner choosing "all", an empty round, a hand-entered tie,
    undo/redo, a reload mid-round, and the end-game scoring with its 10 points."""
    app = App(browser, server.url, PHONE)
    app.wait("new-game")
    app.shot("phone-light-start")
    setup_three(app)
    assert "Round 1" in app.text("title")
    assert "Anna" in app.text("start-player")
    assert "15 tiles left" in app.text("tiles-left")
    app.shot("phone-light-round")

    # Round 1: Anna moves 2 people paying 1 food + 1 wood; Bert moves 1 for 1 food.
    app.click("edit-0")
    app.click("people-plus")
    app.click("pay-wood-plus")
    app.wait_text("owed", "Paid in full")
    app.shot("phone-light-migration")
    app.click("save-migration")
    app.wait_text("player-0", "Anna moves 2 people")
    assert "1 food, 1 wood" in app.text("player-0")
    app.move(1, name="Bert")
    odds = app.text("odds-0")
    assert "%" in odds and "/" in odds  # exact fraction shown
    assert not app.el("odds-none").count()  # 2 dice against 1 can never fully tie: no such line
    # Chloé cannot join: with 3 players only 2 may use the area
    assert app.wait("edit-2").evaluate(
        "e => e.querySelector('[aria-disabled=\"true\"], [disabled]') !== null || e.outerHTML.includes('aria-disabled')"
    )
    app.click("roll")
    app.wait("winner", timeout=20_000)  # 2 dice against 1 can never fully tie
    winner_text = app.text("winner")
    winner = "Anna" if "Anna" in winner_text else "Bert"
    assert winner in app.text("explanation")
    app.click("choose-all")
    app.reveal(f"handout-{0 if winner == 'Anna' else 1}")  # below the fold on a phone
    app.wait_text(f"handout-{0 if winner == 'Anna' else 1}", "takes “all”")
    app.shot("phone-light-result")

    # Round 2: nobody migrates; the tile goes to the box.
    app.click("next-round")
    app.wait_text("title", "Round 2")
    assert "Bert" in app.text("start-player")  # start player passed clockwise
    app.click("roll")
    app.wait("box-question")  # boxing is a deliberate step: a question, then the tap
    app.shot("phone-light-box-question")
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
    app.click("apply-dice")  # no dice chosen yet: a clear message, nothing changes
    app.wait_page_text("Every die shows 1 to 6")
    app.click("hand-0-0-4")
    app.click("hand-2-0-4")
    app.shot("phone-light-hand-dice")
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
    app.shot("phone-light-log")

    # End the game: the round-1 winner holds the only tile and scores 10.
    app.click("end-game")
    app.click("confirm-end")
    app.wait("scoring-card")
    reason = app.text("scoring-reason")
    assert winner in reason and "10 points" in reason
    assert "+10" in app.text(f"score-{0 if winner == 'Anna' else 1}")
    app.shot("phone-light-end")
    app.click("done")
    app.click("open-history")
    app.wait_page_text("10 points: " + winner)
    app.shot("phone-light-history")
    app.assert_offline()
    app.close()


def test_phone_editor_opened_again(browser: Browser, server: Server) -> None:
    """On a phone the migration editor stays mounted, hidden, once opened: opened
    again it shows the player and the values it is opened for, never what was last on it, and
    while the round shows, it is out of the page's accessibility tree."""
    app = App(browser, server.url, PHONE, touch=True)
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


def faces(app: App, seat: int) -> list[str]:
    """The faces a player's dice line shows."""
    return re.findall(r"\b[1-6]\b", app.text(f"dice-{seat}"))


def test_phone_result_card_kept(browser: Browser, server: Server) -> None:
    """The players' list and the result card stay mounted while the other shows:
    whatever they last showed, a roll, an Undo, a Redo and the next round show this
    round's players, dice and hand-out, and the hidden one is out of the accessibility tree."""
    app = App(browser, server.url, PHONE, touch=True)
    app.start_round(("Anna", "Bert", "Chloé"))
    for seat in (0, 1):
        app.move(seat)
        app.wait_text(f"player-{seat}", "moves 1 person")
    app.tap("roll")
    app.wait("next-round", timeout=20_000)  # the dice have settled
    assert len(faces(app, 0)) == 1 and len(faces(app, 1)) == 1
    assert not app.el("players-card").count()  # hidden: not heard

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


def checked(app: App, identifier: str) -> bool:
    """Whether a choice (a good on the tile) is heard as checked."""
    return bool(
        app.wait(identifier).evaluate(
            "e => [e, ...e.querySelectorAll('*')].some(n => n.getAttribute('aria-checked') === 'true')"
        )
    )


def wait_checked(app: App, identifier: str) -> None:
    """Wait until a choice just tapped is heard as checked."""
    deadline = time.monotonic() + 10
    while not checked(app, identifier):
        assert time.monotonic() < deadline, f"{identifier} never checked"
        time.sleep(0.1)


def test_phone_printed_picker_and_tile_kept(browser: Browser, server: Server) -> None:
    """Printed tiles on a phone: the herd picker and the tile's bonuses stay mounted once shown
    . Shown again they ask for this round, with this round's tiles left and an empty
     tile, never what they showed last; Back from the picker returns to the settled round."""
    app = App(browser, server.url, PHONE, touch=True)
    app.new_game(("Anna", "Bert", "Chloé"), "physical", shows=None)
    app.wait_text("physical-herd", "16 tiles left")
    app.tap("herd-pick-wood")
    app.wait("tile-editor")
    app.describe_tool_and_food()
    app.tap("tile-describe")  # the kept (memoized) editor opens again with what was saved
    app.wait("tile-editor")
    wait_checked(app, "tile-kind-tool")
    assert not checked(app, "tile-kind-food")  # the "1." part is shown: food is on "all"
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
    assert not checked(app, "tile-kind-tool") and not checked(app, "tile-kind-food")
    app.tap("tile-skip")
    app.gone("tile-editor")
    app.wait_text("herd-area", "clay pit")

    app.tap("undo")  # the round start undone: the picker asks for round 2 again
    app.wait_text("physical-herd", "Round 2")
    assert "15 tiles left" in app.text("physical-herd")
    app.tap("herd-pick-gold")
    app.wait("tile-editor")
    app.tap("tile-kind-points")
    wait_checked(app, "tile-kind-points")
    assert not checked(app, "tile-kind-tool")
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
