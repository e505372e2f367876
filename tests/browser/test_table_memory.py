"""What each player got, who was lucky, and games that travel, in the real web app.

Every number on the summary and statistics screens is checked against values this
test computes on its own from the saved game logs: the chances by brute force over
every roll of the dice (exact fractions), not with the app's odds code.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.data.store import Store
from companion.rules import Game, Outcome
from companion.rules.serialize import MAX_IMPORT_BYTES, game_to_json

from .harness import PHONE, TABLET, App, Server, cli_import

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


# --- the test's own arithmetic ---------------------------------------------------------
def chance(me: int, others: list[int]) -> Fraction:
    """P(my sorted dice beat every other hand) by enumerating every roll."""
    hands = [me, *others]
    wins = total = 0
    for roll in product(range(1, 7), repeat=sum(hands)):
        total += 1
        cut, sorted_hands = 0, []
        for n in hands:
            sorted_hands.append(tuple(sorted(roll[cut : cut + n], reverse=True)))
            cut += n
        mine = sorted_hands[0]
        if all(mine > other for other in sorted_hands[1:]):
            wins += 1
    return Fraction(wins, total)


def expected_from_log(game: Game) -> dict[str, tuple[int, int, Fraction]]:
    """Per player name: tamings joined, won, and expected, from the saved rounds."""
    result: dict[str, tuple[int, int, Fraction]] = {}
    for rnd in game.state.rounds:
        if rnd.taming is None or rnd.taming.outcome is Outcome.NOBODY:
            continue
        hands = rnd.dice_counts
        for player, n in hands.items():
            joined, won, expected = result.get(game.state.players[player], (0, 0, Fraction(0)))
            others = [m for p, m in hands.items() if p != player]
            result[game.state.players[player]] = (
                joined + 1,
                won + (rnd.taming.winner == player),
                expected + (chance(n, others) if others else Fraction(1)),
            )
    return result


def changed_setup(exported: Path, **fields: object) -> bytes:
    """The exported game with parts of its setup changed: other player names (two that
    clash, say), or the bonus tiles of a newer app."""
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["setup"].update(fields)
    return json.dumps(data).encode()


def fraction_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f} ({value.numerator}/{value.denominator})"


# --- driving the app ---------------------------------------------------------------------


def roll_and_end(app: App) -> None:
    """Roll the app's dice, wait for the winner, and end the game."""
    app.click("roll")
    app.wait("winner", timeout=20_000)
    app.click("end-game")
    app.click("confirm-end")


def play_two_games(app: App) -> None:
    # Game 1: three rounds (app dice, table dice, nobody), then the end.
    app.new_game(["Anna", "Bert", "Chloé"])
    app.move(0, 2, "wood")  # 2 people: 1 food + 1 wood
    app.move(1, 1)
    app.click("roll")
    app.wait("choose-all", timeout=20_000)
    app.click("choose-all")
    app.click("next-round")
    app.wait_text("title", "Round 2")
    app.move(0, 1)
    app.move(2, 1, "stone")  # 1 person, paid with 1 stone
    app.click("enter-dice")
    app.click("hand-0-0-5")
    app.click("hand-2-0-3")
    app.click("apply-dice")
    app.wait_text("winner", "Anna tames the mammoth")
    app.click("next-round")
    app.wait_text("title", "Round 3")
    app.click("roll")  # nobody moved
    app.click("box-confirm")
    app.wait_text("explanation", "Nobody moved")
    app.click("toggle-summary")
    app.wait("player-summary")
    app.shot("phone-light-summary-during")
    app.click("end-game")
    app.click("confirm-end")
    app.wait("scoring-card")
    app.wait("player-summary")
    app.click("done")
    # Game 2: "anna" again (the same player by name), Dora and Emil.
    app.new_game(["anna", "Dora", "Emil"])
    app.move(0, 1)
    app.move(1, 1)
    app.click("enter-dice")
    app.click("hand-0-0-2")
    app.click("hand-1-0-6")
    app.click("apply-dice")
    app.wait_text("winner", "Dora tames the mammoth")
    app.click("end-game")
    app.click("confirm-end")
    app.wait("scoring-card")


def summary_lines(app: App, seat: int) -> str:
    return app.text(f"summary-{seat}")


def test_summary_and_statistics_match_the_logs(browser: Browser, server: Server) -> None:
    """Two finished games; every number on the summary and the statistics screen is the
    test's own count from the saved logs; the table's few dice are too few to judge."""
    app = App(browser, server.url, PHONE)
    app.click("open-stats")
    app.wait_text("stats-none", "No finished games")  # zero games: said, not 0/0
    app.click("nav-back")
    play_two_games(app)
    store = Store(server.data_dir / "games.sqlite3")
    first, second = (store.load(s.id) for s in sorted(store.history(), key=lambda s: s.id))

    # Game 2's scoring screen shows its summary.
    numbers = expected_from_log(second)
    for seat, name in enumerate(second.state.players):
        joined, won, expected = numbers.get(name, (0, 0, Fraction(0)))
        app.reveal(f"summary-{seat}")
        text = summary_lines(app, seat)
        assert f"joined: {joined} · won: {won} · expected: {fraction_text(expected)}" in text, text
    app.shot("phone-light-summary-end")
    app.click("done")

    # Game 1 in the history: people, payments, bonuses and tamings per player.
    app.click("open-history")
    first_id = min(s.id for s in store.history())
    app.click(f"history-{first_id}")
    app.wait("player-summary")
    numbers = expected_from_log(first)
    people = Counter[str]()
    paid: dict[str, Counter[str]] = {n: Counter() for n in first.state.players}
    for rnd in first.state.rounds:
        for m in rnd.migrations:
            name = first.state.players[m.player]
            people[name] += m.people
            for kind in ("food", "wood", "brick", "stone", "gold"):
                paid[name][kind] += getattr(m.payment, kind)
    for seat, name in enumerate(first.state.players):
        app.reveal(f"summary-{seat}")
        text = summary_lines(app, seat)
        joined, won, expected = numbers.get(name, (0, 0, Fraction(0)))
        assert f"Moved {people[name]} pe" in text, text
        assert f"joined: {joined} · won: {won} · expected: {fraction_text(expected)}" in text, text
        assert f"{first.state.tallies[seat]} mammoth tile" in text, text
        for kind, amount in paid[name].items():
            if amount:
                assert f"{amount} {kind}" in text, (kind, text)
    app.shot("phone-light-summary-history")
    app.click("nav-back")
    app.click("nav-back")

    # Statistics: "Anna" and "anna" are one player; the dice are counted apart.
    app.click("open-stats")
    app.wait("stats-screen")
    totals: dict[str, Counter[str]] = {}
    expected_by_name: dict[str, Fraction] = {}
    for game in (first, second):
        most = max(game.state.tallies)
        log_numbers = expected_from_log(game)
        for seat, name in enumerate(game.state.players):
            key = name.casefold()
            _joined, won, expected = log_numbers.get(name, (0, 0, Fraction(0)))
            count = totals.setdefault(key, Counter())
            count["games"] += 1
            count["scorings"] += int(most > 0 and game.state.tallies[seat] == most)
            count["tiles"] += game.state.tallies[seat]
            count["won"] += won
            expected_by_name[key] = expected_by_name.get(key, Fraction(0)) + expected
    page = app.page_text()
    for key, count in totals.items():
        per_game = Fraction(count["tiles"], count["games"])
        shown = str(per_game.numerator) if per_game.denominator == 1 else f"{float(per_game):.2f}"
        line = f"{count['games']} game"
        assert line in page and f"Times scored the 10 points: {count['scorings']}" in page, (key, page)
        assert f"Tiles per game: {shown}" in page, (key, page)
        assert f"Tamings won: {count['won']} · expected: {fraction_text(expected_by_name[key])}" in page, (key, page)
    assert "anna" in app.text("stats-player-0") and "2 games" in app.text("stats-player-0")  # one name, two games
    app_faces = Counter[int]()
    table_faces = Counter[int]()
    for game in (first, second):
        for rnd in game.state.rounds:
            if rnd.taming:
                for _p, dice in rnd.taming.dice:
                    (table_faces if rnd.taming.by_hand else app_faces).update(dice)
    for face in range(1, 7):
        assert f"Face {face}: {app_faces[face]}" in app.text(f"stats-dice-app-{face}")
        assert f"Face {face}: {table_faces[face]}" in app.text(f"stats-dice-table-{face}")
    assert f"{sum(table_faces.values())} so far, at least 30 needed" in app.text("stats-dice-table-fairness")
    app.shot("phone-light-stats")
    app.assert_offline()
    app.close()


def test_export_import_and_copy_in_the_browser(browser: Browser, server: Server, tmp_path: Path) -> None:
    """Export downloads the command line's file; the command line accepts it; the app imports
    it on another device as the same game, and refuses it on this one (already here); hostile
    files get the command line's words and change nothing; Copy summary fills the clipboard."""
    app = App(browser, server.url, PHONE)
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.new_game(["Anna", "Bert", "Chloé"])
    app.move(0, 1)
    roll_and_end(app)
    app.wait("scoring-card")
    exported = app.export(tmp_path / "exported.json")
    store = Store(server.data_dir / "games.sqlite3")
    game_id = store.history()[0].id
    assert exported.read_text(encoding="utf-8") == game_to_json(store.load(game_id))  # the CLI's very file
    app.reveal("copy-summary")
    app.click("copy-summary")
    app.wait_page_text("The summary is on the clipboard.")
    copied = app.page.evaluate("navigator.clipboard.readText()")
    assert "Anna: 1 tile, tamings won 1" in copied and "10 points: Anna" in copied

    # The command line takes the file (into another folder).
    cli = cli_import(exported, tmp_path / "cli", "--language", "en")
    assert cli.returncode == 0 and "Imported as game 1 (finished)" in cli.stdout, cli.stderr

    # This device has it already: the app says so and saves no second copy.
    app.click("done")
    before = len(store.history()) + len(store.unfinished_games())
    with app.page.expect_file_chooser() as chooser:
        app.click("import-game")
    chooser.value.set_files(str(exported))
    app.wait_page_text("is already on this device")
    assert len(store.history()) + len(store.unfinished_games()) == before

    # Hostile and damaged files: the command line's messages, nothing changes.
    snapshot = (server.data_dir / "games.sqlite3").read_bytes()
    hostile = {
        "not-json.json": (b"\x00\xffnot json", "not readable JSON"),
        "huge.json": (b" " * (MAX_IMPORT_BYTES + 10), "too large"),
        "bad-names.json": (changed_setup(exported, players=["Anna", "anna", "Chloé"]), "players are not accepted"),
        "not-a-game.json": (b'{"hello": 1}', "not a Mammoth Herd Companion game"),
        "other-tiles.json": (
            changed_setup(exported, deck="tiles2030"),
            "bonus tiles this app does not have (tiles2030)",
        ),
    }
    for name, (data, words) in hostile.items():
        path = tmp_path / name
        path.write_bytes(data)
        with app.page.expect_file_chooser() as chooser:
            app.click("import-game")
        chooser.value.set_files(str(path))
        app.wait_page_text(words)
        cli = subprocess.run(
            [sys.executable, "-m", "companion", "import", str(path), "--data-dir", str(tmp_path / "cli2")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert cli.returncode == 1 and words in cli.stderr, (name, cli.stderr)
        app.click("message-close")
        app.gone("message")
    assert (server.data_dir / "games.sqlite3").read_bytes() == snapshot
    app.shot("phone-light-import-refused")
    app.close()

    # Another device: the app imports it as the same game.
    other = Server(tmp_path / "other").start()
    try:
        app = App(browser, other.url, PHONE)
        app.wait("new-game")
        with app.page.expect_file_chooser() as chooser:
            app.click("import-game")
        chooser.value.set_files(str(exported))
        app.wait_page_text("Imported: Anna, Bert, and Chloé.")
        imported = Store(tmp_path / "other" / "games.sqlite3")
        assert game_to_json(imported.load(imported.history()[0].id)) == exported.read_text(encoding="utf-8")
        app.click("open-history")
        app.wait("history-1")
        app.assert_offline()
        app.close()
    finally:
        other.stop()


@pytest.mark.parametrize(
    ("viewport", "scheme", "lang"),
    [(PHONE, "light", "en"), (PHONE, "dark", "ko"), (TABLET, "light", "de"), (TABLET, "dark", "en")],
    ids=["phone-light-en", "phone-dark-ko", "tablet-light-de", "tablet-dark-en"],
)
def test_summary_and_statistics_screenshots(
    browser: Browser, tmp_path: Path, viewport: dict[str, int], scheme: str, lang: str
) -> None:
    """The summary and the statistics at phone and tablet size, light and dark, Korean included."""
    server = Server(tmp_path / "data", ["--language", lang]).start()
    app = App(browser, server.url, viewport, scheme, locale=lang)
    size = "phone" if viewport is PHONE else "tablet"
    try:
        app.click("new-game")
        for seat, name in enumerate(["민지", "Bert", "Chloé"]):
            app.fill_name(seat, name)
        app.click("start-game")
        app.wait("herd-card")
        app.move(0, 2)
        app.move(1, 1)
        roll_and_end(app)
        app.wait("player-summary")
        app.reveal("summary-2")
        app.shot(f"{size}-{scheme}-{lang}-summary")
        app.click("done")
        app.click("open-stats")
        app.wait("stats-screen")
        app.shot(f"{size}-{scheme}-{lang}-stats")
        app.assert_offline()
    finally:
        app.close()
        server.stop()
