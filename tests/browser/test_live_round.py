"""The round on a phone (360 x 640, touch, Korean, dark) as only a browser shows it: the row
just recorded, the verdict and End game's question in view; the winner's choice in view at
big text; no focus ring after a touch tap on Undo. The walk's screens are saved to be looked
at. The hand-out after Change and Take back is walked headless (tests/test_hand_out.py)."""

from __future__ import annotations

import base64
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from companion.data.store import Store

from ..helpers import now
from .harness import ARTIFACTS, NARROW, UNCOVERED_JS, App, Server

pytestmark = pytest.mark.browser

NAMES = ("서연", "지우", "민준")


def in_view(app: App, identifier: str) -> bool:
    """Whether ``identifier`` is wholly on the screen and not under the thumb bar."""
    app.settle(quiet_ms=300)
    box = app.wait(identifier).bounding_box()
    height = app.page.viewport_size["height"] if app.page.viewport_size else 640
    return bool(
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= height
        and app.el(identifier).evaluate(UNCOVERED_JS)
    )


def test_the_phone_round_stays_where_the_step_is(browser: Browser, server: Server) -> None:
    """The phone's round: after Record the round shows the row just recorded (it
    no longer jumps to the top, so the table does not scroll down again for every player);
    after a roll the verdict is in view above the thumb bar, and End game's question when it
    is asked."""
    app = App(browser, server.url, NARROW, scheme="dark", locale="ko-KR", touch=True)
    app.new_game(("서연", "지우", "민준", "하윤"), shows="players-card")
    for seat in (3, 0, 2):
        app.move(seat, 1)
        app.shot(f"phone-360-ko-dark-after-record-{seat}")
        assert in_view(app, f"player-{seat}"), f"after Record the row of seat {seat} is out of view"
    # End game before the roll says the round is not rolled, and who moved.
    app.tap("end-game")
    app.wait_page_text("1라운드는 아직 주사위를 굴리지 않았습니다")
    app.settle(quiet_ms=600)
    assert in_view(app, "confirm-end"), "End game's question is out of view"
    app.shot("phone-360-ko-dark-end-question-unrolled")
    app.tap("cancel-end")
    app.wait("roll")
    app.tap("roll")
    app.wait("next-round")
    # Three single dice may tie (about one roll in four), so the verdict is the explanation,
    # which every outcome shows, and the winner's line when there is one.
    verdict = ["explanation", *(["winner"] if app.el("winner").count() else [])]
    assert all(in_view(app, part) for part in verdict), "the verdict is out of view after the roll"
    app.shot("phone-360-ko-dark-after-roll")
    # End game asks above the result: the question is brought into view, Cancel goes back.
    app.tap("end-game")
    app.wait("confirm-end")
    app.settle(quiet_ms=600)
    assert in_view(app, "confirm-end") and in_view(app, "cancel-end"), "End game's question is out of view"
    app.shot("phone-360-ko-dark-end-question")
    app.tap("cancel-end")
    app.wait("next-round")
    assert all(in_view(app, part) for part in verdict), "after Cancel the verdict is out of view"
    app.close()


#: 200 % is walked in four languages by ``test_texts_fit.py``; here with ``-m matrix``.
@pytest.mark.parametrize("percent", [160, pytest.param(200, marks=pytest.mark.matrix)])
def test_the_winners_choice_stays_above_next_round_at_big_text(browser: Browser, tmp_path: Path, percent: int) -> None:
    """At 160 % and 200 % text on a 360 x 640 phone the winner's "1." and "all" are in
    view with Next round once the dice settle (in the result, scrolled to, where the thumb
    bar has no room for them), so the default is never taken unseen; the docs promise it at
    every text size."""
    data = tmp_path / "data"
    data.mkdir()
    Store(data / "games.sqlite3").set_setting("text_size", str(percent))
    server = Server(data).start()
    app = App(browser, server.url, NARROW, scheme="dark", locale="ko-KR", touch=True)
    try:
        app.start_round(NAMES)
        app.move(0, 1)
        app.move(1, 2)
        app.tap("roll")
        app.wait("next-round", timeout=20_000)
        for identifier in ("choose-first", "choose-all", "next-round"):
            assert in_view(app, identifier), f"{identifier} is not in view at {percent} % text"
        app.shot(f"phone-360-ko-dark-text-{percent}-choice")
        app.tap("choose-all")
        assert in_view(app, "next-round")
    finally:
        app.close()
        server.stop()


#: The share of pixels that differ (by more than a shade) between two PNG pictures of one size.
CHANGED_PIXELS_JS = """async ([one, two]) => {
  const pixels = async png => {
    const picture = new Image();
    picture.src = 'data:image/png;base64,' + png;
    await picture.decode();
    const canvas = document.createElement('canvas');
    canvas.width = picture.width;
    canvas.height = picture.height;
    const paint = canvas.getContext('2d');
    paint.drawImage(picture, 0, 0);
    return paint.getImageData(0, 0, picture.width, picture.height).data;
  };
  const [a, b] = [await pixels(one), await pixels(two)];
  if (a.length !== b.length) return 1;
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2])) > 12) changed++;
  }
  return changed / (a.length / 4);
}"""


def test_a_touch_tap_on_undo_leaves_no_focus_ring(browser: Browser, server: Server) -> None:
    """The ring seen after a touch tap on Undo is Flutter's focus ring for keyboard
    and screen-reader users. A phone without a screen reader has no semantics tree (the tests
    switch it on to find controls), and there a finger's tap on Undo undoes and leaves the
    button as it was drawn before, with no ring through the next taps."""
    setup = App(browser, server.url, NARROW, touch=True)
    setup.start_round()
    setup.move(0, 1)
    setup.move(1, 1)
    setup.settle(quiet_ms=500)
    box = setup.wait("undo").bounding_box()
    title = setup.wait("title").bounding_box()
    assert box is not None and title is not None
    address = setup.page.url
    setup.close()
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True, device_scale_factor=3)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(address)
    clip = {"x": box["x"] - 4, "y": box["y"] - 4, "width": box["width"] + 8, "height": box["height"] + 8}

    def drawn(on: Page) -> bytes:
        """The button's picture once it is still (the tap's ink faded): two alike in a row."""
        last = on.screenshot(clip=clip)  # type: ignore[arg-type]
        for _ in range(100):
            on.wait_for_timeout(150)  # a poll: the pictures decide, not the time
            shot = on.screenshot(clip=clip)  # type: ignore[arg-type]
            if shot == last:
                return shot
            last = shot
        return last

    def first_drawn(on: Page) -> bytes:
        """The button as a freshly opened page draws it, once its first frames are done."""
        on.wait_for_selector("flt-glass-pane", state="attached", timeout=60_000)
        picture = drawn(on)
        for _ in range(20):
            again = drawn(on)
            if again == picture:
                break
            picture = again
        return picture

    before = first_drawn(page)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    games = Store(server.data_dir / "games.sqlite3")
    deadline = time.monotonic() + 30
    while len(now(games.load(1).state).migrations) != 1:  # the tap undid: the screen is drawn anew
        assert time.monotonic() < deadline, "the tap did not undo"
        page.wait_for_timeout(100)
    games.close()
    # The next tap, on the round's title (a tap that does nothing: one in the middle of the
    # screen could land on a player's Move before or after the undone row moved there).
    page.touchscreen.tap(title["x"] + title["width"] / 2, title["y"] + title["height"] / 2)
    # The tap's ink fades in its own time (slower on a busy machine): wait until the button
    # is drawn as before; a focus ring would stay, and fail the wait.
    after = page.screenshot(clip=clip)  # type: ignore[arg-type]
    for _ in range(100):
        if after == before:
            break
        page.wait_for_timeout(150)
        after = page.screenshot(clip=clip)  # type: ignore[arg-type]
    (ARTIFACTS / "phone-360-undo-after-touch.png").write_bytes(after)
    if after != before:
        # On a busy machine the picture before may have been a still moment of the first
        # frames (a font not in yet): the same game opened afresh draws Undo without a ring.
        # Its icon's edges may be smoothed a shade otherwise; a ring or a focus shade would
        # change over half of the button's pixels (55 % measured with a keyboard's ring), a draw
        # of the same screen a few (4 % seen on a busy machine).
        fresh = context.new_page()
        fresh.goto(address)
        again = first_drawn(fresh)
        (ARTIFACTS / "phone-360-undo-fresh.png").write_bytes(again)
        changed = page.evaluate(CHANGED_PIXELS_JS, [base64.b64encode(after).decode(), base64.b64encode(again).decode()])
        assert changed < 0.15, f"a touch tap on Undo left the button drawn otherwise: {changed:.0%} of its pixels"
    context.close()
