"""The static site in the other engines a table's phones run: Firefox (Debian's
``firefox-esr``, through :mod:`.engines`). Firefox takes Flutter's JavaScript build, not
the WebAssembly one Chromium takes. Each walk fails on any request that fails (a 404) or
leaves the site."""

from __future__ import annotations

import http.server
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import ClassVar

import pytest

from companion.site import flet_client
from companion.ui.theme import FONT, FONTS

from .engines import EngineError, FirefoxPhone, WebKitPhone, firefox_ready, webkit_ready
from .harness import StaticHost, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def host(site: Path) -> Iterator[StaticHost]:
    served = StaticHost(site).start()
    yield served
    served.stop()


def _no_moves(phone: FirefoxPhone, player: int) -> None:
    deadline = time.monotonic() + 20
    while "setzt" in phone.text(f"player-{player}"):
        if time.monotonic() > deadline:
            raise EngineError("the move stayed on the row")
        time.sleep(0.2)


def test_firefox_plays_a_round_keeps_it_and_opens_offline(host: StaticHost, tmp_path: Path) -> None:
    """A German Firefox phone: the start screen, a game with a move, Undo and Redo, the roll
    and the winner's choice; a reload opens into the round with its move, and so does a
    reload with the site's host stopped (the service worker's copy); then the final sheet
    and BG Stats' QR code, still with no host, and the rules page. No request fails or
    leaves the site on the way."""
    why = firefox_ready()
    if why:
        pytest.skip(why)
    phone = FirefoxPhone(tmp_path / "firefox", "de-DE")
    try:
        phone.open(host.url)
        assert "Neue Partie" in phone.text("new-game", timeout=120)
        phone.tap("new-game")
        phone.wait("name-0")
        for seat, name in enumerate(["Anna", "Bert", "Chen"]):
            if not phone.exists(f"name-{seat}"):
                phone.tap("add-player")
            phone.paste(f"name-{seat}", name)  # one input event: keys can overtake the field's update
            phone.wait_text(f"start-player-{seat}", name)
        phone.tap("deck-companion")
        phone.tap("start-game")
        phone.wait("herd-card", 30)
        assert "Runde 1" in phone.text("title")

        phone.tap("edit-0")
        phone.wait("migration-editor")
        phone.tap("people-plus")
        phone.tap("save-migration")
        phone.gone("migration-editor")
        phone.wait_text("player-0", "Anna setzt 2 Personen um")
        phone.tap("undo")
        phone.wait("migration-editor")  # Undo of a move opens it again, to fix it
        phone.tap("cancel-migration")
        phone.gone("migration-editor")
        _no_moves(phone, 0)
        phone.tap("redo")
        phone.wait_text("player-0", "Anna setzt 2 Personen um")
        phone.shot("firefox-de-round")

        phone.tap("edit-1")
        phone.wait("migration-editor")
        phone.tap("save-migration")
        phone.gone("migration-editor")
        phone.wait_text("player-1", "Bert setzt 1 Person um")
        phone.tap("roll")
        phone.wait("winner", 30)
        if phone.exists("choose-first"):
            phone.tap("choose-first")
        phone.wait("next-round", 30)
        phone.shot("firefox-de-result")
        assert phone.failures() == []

        phone.ask("reload")
        phone.ask("semantics")
        phone.wait("next-round", 120)  # straight back into the round, its result kept
        host.stop()
        phone.ask("reload")
        phone.ask("semantics")
        phone.wait("next-round", 120)  # no host: the phone's own copy of the site
        phone.tap("next-round")
        phone.wait_text("title", "Runde 2")
        # The final sheet with no host: a count, the results, BG Stats' QR code drawn by
        # the phone's own Python from its kept copy of the site.
        phone.tap_for("end-game", "confirm-end")
        phone.tap_for("confirm-end", "final-sheet")
        phone.tap_for("final-sheet", "fs-0-culture-art-plus")
        phone.tap("fs-0-culture-art-plus")
        phone.wait_text("final-total-0", "1 Punkt")
        phone.tap("final-done")
        phone.wait("final-results")
        phone.tap("bgstats-qr")
        phone.wait("bgstats-qr-code", 30)
        phone.shot("firefox-de-final-results")
        phone.tap("nav-back")
        phone.tap("open-rules")
        phone.wait("rules-text")
        assert "Mammut" in phone.text("rules-text")
        phone.shot("firefox-de-rules")
        assert phone.failures() == []
    finally:
        phone.close()


@pytest.fixture
def logged(site: Path, tmp_path: Path) -> Iterator[StaticHost]:
    """The site's host, its access log kept: the status of every request an engine made."""
    served = StaticHost(site, log=tmp_path / "access.log").start()
    yield served
    served.stop()


def test_webkit_starts_in_a_c_locale_plays_a_round_and_speaks_german(logged: StaticHost) -> None:
    """WebKit (Safari's engine) on a system whose locale is C.UTF-8 (its browser language
    "C" is no tag): the start screen in English; a round with a move, Undo and Redo, the
    roll, the winner's choice and the next round; the final sheet and its results; the
    rules page. Then German, picked in
    Settings: the start screen and the rules. No request fails, none leaves the site."""
    why = webkit_ready()
    if why:
        pytest.skip(why)
    phone = WebKitPhone(display=90 + os.getpid() % 9, locale="C.UTF-8")
    try:
        phone.open(logged.url)
        assert "New game" in phone.text("new-game")
        phone.tap("new-game")
        phone.wait("name-0")
        for seat, name in enumerate(["Anna", "Bert"]):
            _type_name(phone, seat, name)
        while phone.exists("name-2"):
            phone.tap("remove-2")
            phone.gone("name-2")
        phone.tap("deck-companion")
        phone.tap("start-game")
        phone.wait("herd-card", 30)
        phone.tap("edit-0")
        phone.wait("migration-editor")
        phone.tap("save-migration")
        phone.gone("migration-editor")
        phone.wait_text("player-0", "Anna moves 1 person")
        phone.tap("undo")
        phone.wait("migration-editor")
        phone.tap("cancel-migration")
        phone.gone("migration-editor")
        assert "moves" not in phone.text("player-0")
        phone.tap("redo")
        phone.wait_text("player-0", "Anna moves 1 person")
        phone.shot("webkit-c-locale-round")
        phone.tap("roll")
        phone.wait("winner", 30)
        phone.shot("webkit-c-locale-result")
        if phone.exists("choose-first"):
            phone.tap("choose-first")
        phone.tap("next-round")
        phone.wait_text("title", "Round 2")
        # The final sheet: a count and its total, the results. (BG Stats' QR code, below the
        # thumb bar here, is not reached: this driver's wheel turn did not scroll the results
        # in WebKit; Chromium's and Firefox's walks show the code.)
        phone.tap_for("end-game", "confirm-end")
        phone.tap_for("confirm-end", "final-sheet")
        phone.tap_for("final-sheet", "fs-0-culture-art-plus")
        phone.tap("fs-0-culture-art-plus")
        phone.wait_text("final-total-0", "1 point")
        phone.tap("final-done")
        phone.wait_text("final-winner", "Anna wins")
        phone.shot("webkit-c-locale-final-results")
        phone.tap("nav-back")
        phone.tap("open-rules")
        phone.wait_text("rules-text", "mammoth")
        phone.tap("nav-back")
        phone.tap("open-settings")  # a second language, as a player picks it
        phone.tap("lang-de")
        phone.wait_text("language-title", "Sprache")
        phone.tap("nav-back")
        assert "Neue Partie" in phone.wait_text("new-game", "Neue Partie")
        phone.tap("open-rules")
        phone.wait_text("rules-text", "Mammut")
        phone.shot("webkit-de-rules")
        assert phone.other_origins() == []
    finally:
        phone.close()
    assert logged.failed() == []


def test_a_site_without_the_javascript_builds_font_fails_the_firefox_walk(site: Path, tmp_path: Path) -> None:
    """The check the walks make, shown to bite: a copy of the site without Roboto at the
    JavaScript build's path (a flet-web upgrade that moved it, say) gives Firefox a 404 at
    its first start, and the walk's request check names it."""
    why = firefox_ready()
    if why:
        pytest.skip(why)
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    (copy / flet_client.ROBOTO[2]).unlink()
    served = StaticHost(copy).start()
    phone = FirefoxPhone(tmp_path / "firefox", "en-US")
    try:
        phone.open(served.url)
        phone.wait("new-game", 120)
        deadline = time.monotonic() + 30
        failed: list[str] = []
        while not any("roboto" in f for f in failed):
            assert time.monotonic() < deadline, failed
            failed += phone.failures()
            time.sleep(0.5)
        assert any(f.startswith("404 ") and flet_client.ROBOTO[2] in f for f in failed), failed
    finally:
        phone.close()
        served.stop()


class _SlowFontHost(http.server.SimpleHTTPRequestHandler):
    """A static host whose line is slow for the app's font alone: each answer for it waits
    :data:`FONT_LATE` seconds, and the host notes when it has answered."""

    answered: ClassVar[threading.Event]

    def log_message(self, format: str, *args: object) -> None:
        del format, args  # quiet: the walk reads the browser's own list of failed requests

    def do_GET(self) -> None:
        late = self.path.endswith(Path(FONTS[FONT]).name)
        if late:
            time.sleep(FONT_LATE)
        super().do_GET()
        if late:
            self.answered.set()


#: Longer than a first visit takes from Flutter's start to the app's first screen here.
FONT_LATE = 4.0


def test_firefox_draws_nothing_before_the_app_s_font_so_asks_for_no_fallback_font(site: Path, tmp_path: Path) -> None:
    """A Spanish Firefox phone's first visit on a line where the app's font comes late: the
    site's font list names it, so Flutter's JavaScript build has it before it draws anything,
    and no letter of the start screen ("Estadísticas") counts as missing. With the font loaded
    by the app's theme alone, the screen was drawn before it came, and Flutter asked the site
    for Noto Sans Symbols: a 404 (which Firefox met, now and then, after a reload)."""
    why = firefox_ready()
    if why:
        pytest.skip(why)
    answered = threading.Event()

    class Handler(_SlowFontHost):
        pass

    Handler.answered = answered
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    phone = FirefoxPhone(tmp_path / "firefox", "es-ES")
    try:
        phone.open(f"http://127.0.0.1:{server.server_address[1]}/")
        assert "Estadísticas" in phone.text("open-stats", timeout=120)
        assert answered.wait(60)  # the screen above was drawn after the font came
        assert phone.failures() == []
    finally:
        phone.close()
        server.shutdown()
        server.server_close()


def _type_name(phone: WebKitPhone, seat: int, name: str) -> None:
    """Type a player's name until the app has it (its start-player chip shows it): on a busy
    machine WebKit can lose the input event of the last key while the field shows it whole,
    and a person who sees the chip short of a letter types the name again (said on stderr)."""
    for attempt in range(3):
        phone.type(f"name-{seat}", name)
        try:
            phone.wait_text(f"start-player-{seat}", name, 10)
            return
        except EngineError:
            if attempt == 2:
                raise
            print(f"WebKit: the app missed a key of {name!r}; typed again", file=sys.stderr)
