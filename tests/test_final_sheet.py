"""The final score sheet walked headless (:mod:`tests.headless`) through the real session:
after the mammoth scoring a table fills in every player's row, sees each part's points and
the total follow the taps, the winner by the rule, Undo and a reopened game keeping the
sheet, and BG Stats' link decoded field by field."""

from __future__ import annotations

from .headless import HeadlessApp, Table


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
