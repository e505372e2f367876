"""Phones together with no computer: two Chromium processes on the published site, joined by
WebRTC in a network namespace this test makes (:mod:`.table_net`; root only, as CI runs).
The host's browser has a fake camera (allowed once the test says so); the guest's has none.
The codes cross as text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data import codes
from companion.data.codes import Code, Kind
from companion.i18n import translate

from .harness import without_joiners
from .table_net import (
    answer_with,
    can_make,
    join_with,
    namespace,
    open_app,
    paste,
    phone,
    qr_video,
    read_code,
    saved_game_state,
    served_site,
)
from .test_static_site import isolated_again

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, isolated_site: Path) -> Iterator[tuple[Path, str]]:
    """A Chromium that runs in the room's network, and the site's address there (the site as
    ``publish --isolate`` writes it: the walks that reload once play isolated)."""
    if not can_make():
        pytest.skip("needs root and iproute2 to make a network namespace (CI runs as root)")
    with (
        namespace(tmp_path_factory.mktemp("netns")) as (name, chromium),
        served_site(name, isolated_site) as url,
    ):
        yield chromium, url


def test_two_phones_play_one_game_peer_to_peer(browser: Browser, room: tuple[Path, str], tmp_path: Path) -> None:
    """No camera on either phone: the join fails with a line that says why. The host allows
    its camera and makes a new code: the codes cross as text, the guest shows the game, a
    round is played from both phones, and both saved games replay to one state. The host
    leaves: the guest's table state says so and it keeps its copy. Nothing leaves the site.
    Both pages are cross-origin isolated (served by the site's worker), as from a phone's
    second visit on."""
    chromium, site_url = room
    host_context = phone(browser, chromium, tmp_path / "host", camera=True, locale="en-US", scheme="light")
    guest_context = phone(browser, chromium, tmp_path / "guest", camera=False, locale="ko-KR", scheme="dark")
    host = open_app(browser, site_url, host_context)
    guest = open_app(browser, site_url, guest_context)
    try:
        for app in (host, guest):  # both pages cross-origin isolated, as on a phone's second visit
            isolated_again(app)
        host.new_game(["Anna", "Bert", "Chen"], "companion")
        host.reveal("share-table")
        host.tap("share-table")
        code = read_code(host, "share-code")
        assert "names no address" in host.text("share-no-camera")  # the camera was not allowed
        host.shot("together-phone-light-share-no-camera")

        # Neither phone may tell its address: a clear line on the guest, no hang.
        guest.tap("join-table")
        paste(guest, "join-code", "nonsense!")
        guest.tap("join-submit")
        assert "코드" in guest.wait_text("join-code-problem", "")  # not a code of this app, in Korean
        join_with(guest, code)
        assert "Wi-Fi" in guest.wait_text("join-code-problem", "")  # the phones could not reach each other
        guest.shot("together-phone-dark-ko-unreachable")

        # The host allows its camera and makes a new code; the guest pastes it.
        host_context.grant_permissions(["camera"], origin=site_url.rstrip("/"))
        host.tap("share-renew")
        host.gone("share-no-camera")
        code = read_code(host, "share-code")
        assert len(code) <= 120
        host.shot("together-phone-light-share")
        paste(guest, "join-code", f"  {code} ")  # spaces around it, as a message app may add
        guest.wait("join-code").locator("input, textarea").first.press("Enter")  # Enter submits
        answer = read_code(guest, "join-answer")
        assert len(answer) <= 120
        guest.shot("together-phone-dark-ko-answer")
        paste(host, "share-answer", code)  # its own code back: not an answer
        host.tap("share-answer-submit")
        assert "not an answer" in host.wait_text("share-answer-problem", "")
        answer_with(host, answer)
        host.wait_text("share-status", "1 other phone is connected to this game")
        guest.wait("herd-card", timeout=30_000)
        assert "Anna" in guest.text("players-card")
        host.tap("share-done", shows="herd-card")
        host.wait("herd-card")

        # A round from both phones: each records a move, the guest rolls, the host chooses.
        guest.tap("edit-0")
        guest.wait("migration-editor")
        guest.tap("people-plus")
        guest.tap("save-migration")
        guest.gone("migration-editor")
        host.wait_text("player-0", "Anna moves 2 people")
        host.move(1, name="Bert")
        guest.wait_text("player-1", "Bert")
        guest.tap("roll")
        host.wait("winner", timeout=30_000)
        if host.el("choose-first").count():
            host.tap("choose-first")
        host.tap("next-round")
        host.wait_text("title", "Round 2")
        guest.wait_text("title", "2")
        guest.shot("together-phone-dark-ko-round")
        host.assert_offline()
        guest.assert_offline()

        # The host leaves: the guest's table state says so at once, and it keeps the game.
        host_state = saved_game_state(host, tmp_path, "host")
        assert "호스트와의 연결이 끊겼습니다" in guest.wait_text("table-status", "끊겼")
        guest.wait("share-table")  # it may show its own code now: the others rejoin it
        guest.shot("together-phone-dark-ko-host-left")

        # A move made with the host gone: the line counts it as not reached the host yet.
        guest.tap("edit-0")
        guest.tap("save-migration")
        guest.gone("migration-editor")
        guest.wait_text("table-status", "단계 1개")  # the guest speaks Korean

        # The same line at 100 % and 200 % text in Korean, German and Spanish: whole words,
        # nothing cut off, each looked at.
        for lang, percent in (("ko", 100), ("ko", 200), ("de", 100), ("de", 200), ("es", 100), ("es", 200)):
            guest.tap("nav-back")  # the start screen, its game kept
            guest.tap("open-settings")
            guest.tap(f"lang-{lang}")
            guest.tap(f"text-size-{percent}")
            guest.wait_text(f"text-size-{percent}", str(percent))
            guest.tap("nav-back")
            row = guest.page.locator('[flt-semantics-identifier^="resume-"]').first
            row.wait_for(state="attached", timeout=15_000)
            guest.tap(str(row.get_attribute("flt-semantics-identifier")))  # back to the game
            line = translate(lang, "together.away_unshared", count=1)
            first = without_joiners(line).split(".")[0]  # its first sentence
            said = guest.wait_text("table-status", first)
            guest.reveal("table-status")
            guest.tap_point("table-status")  # swiped into view, to be looked at
            assert guest.broken_words(scale=percent / 100) == [] and guest.spilled() == [], (lang, said)
            guest.shot(f"together-phone-dark-{lang}-{percent}-host-left")

        # The guest kept the host's game, with its own move on top of it.
        guest_state = saved_game_state(guest, tmp_path, "guest")
        assert guest_state.round_number == host_state.round_number and guest_state.tallies == host_state.tallies
        assert host_state.current is not None and guest_state.current is not None
        assert len(guest_state.current.migrations) == len(host_state.current.migrations) + 1

    finally:
        host.close()
        guest.close()


def test_a_phone_scans_the_hosts_code(browser: Browser, room: tuple[Path, str], tmp_path: Path) -> None:
    """The camera path: a phone whose camera sees a host's QR code (drawn by the site's own
    generator) joins with it, and shows its answer to that code (the same token). The
    scanner is the one the site ships, loaded from the site, as a table without internet has it,
    in a page the site's service worker made cross-origin isolated."""
    chromium, site_url = room
    offer = Code(Kind.OFFER, 4242, "abcd", "p" * 22, bytes(range(32)), (("10.77.0.1", 9),))
    video = qr_video(browser, codes.encode(offer), tmp_path / "host-phone.y4m")
    context = phone(browser, chromium, tmp_path / "guest", camera=True, locale="de-DE", scheme="light", video=video)
    context.grant_permissions(["camera"], origin=site_url.rstrip("/"))
    guest = open_app(browser, site_url, context)
    try:
        isolated_again(guest)  # the camera and the scanner's worker in an isolated page
        guest.tap("join-table")
        guest.tap("join-scan")
        answer = codes.decode(read_code(guest, "join-answer"))
        assert (answer.kind, answer.token) == (Kind.ANSWER, offer.token)
        guest.shot("together-phone-light-de-scanned")
        guest.assert_offline()
    finally:
        guest.close()


def test_phones_together_fits_a_360_px_phone_at_200_percent(
    browser: Browser, room: tuple[Path, str], tmp_path: Path
) -> None:
    """Playing together's screens in German, Spanish and Korean at 200 % on a 360 px phone:
    the host's code with its hint and its answer field, Join a table, and the answer a guest
    shows; no word broken inside itself and nothing cut off at an edge; saved to be looked
    at. (One phone plays both parts: its own code, pasted on Join a table, makes an answer.)"""
    chromium, site_url = room
    context = phone(browser, chromium, tmp_path / "phone", camera=True, locale="de-DE", scheme="light")
    context.grant_permissions(["camera"], origin=site_url.rstrip("/"))  # its code names its address
    app = open_app(browser, site_url, context)
    try:
        for lang in ("de", "es", "ko"):
            app.tap("open-settings")
            app.tap(f"lang-{lang}")
            app.tap("text-size-200")
            app.wait_text("text-size-200", "200")
            app.tap("nav-back")
            app.new_game(["Anna", "Bert", "Chen"], "companion")
            app.reveal("share-table")
            app.tap("share-table")
            code = read_code(app, "share-code")
            for shown in ("share-code", "share-answer"):
                app.reveal(shown)
            assert app.broken_words(scale=2.0) == [] and app.spilled() == [], lang
            app.shot(f"together-phone-light-{lang}-200-share")
            app.tap("nav-back")  # the game
            app.tap("nav-back")  # the start screen
            app.tap("join-table")
            app.wait("join-code")
            assert app.broken_words(scale=2.0) == [] and app.spilled() == [], lang
            app.shot(f"together-phone-light-{lang}-200-join")
            join_with(app, code)
            read_code(app, "join-answer")
            assert app.broken_words(scale=2.0) == [] and app.spilled() == [], lang
            app.shot(f"together-phone-light-{lang}-200-answer")
            app.tap("nav-back")
            app.wait("new-game")
    finally:
        context.close()
