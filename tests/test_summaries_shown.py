"""What each player got and who was lucky: every number on the summary and statistics
screens, walked headless (:mod:`tests.headless`), against values this test computes on its
own from the saved game logs: the chances by brute force over every roll of the dice (exact
fractions), not with the app's odds code. The screens' looks are the browser's part
(tests/browser/test_table_memory.py)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from companion.data.store import Store
from companion.rules import Game, Outcome

from .headless import Table
from .moves import Moves


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


def fraction_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f} ({value.numerator}/{value.denominator})"


# --- driving the app ---------------------------------------------------------------------


def play_two_games(app: Moves) -> None:
    # Game 1: three rounds (app dice, table dice, nobody), then the end.
    app.new_game(["Anna", "Bert", "Chloé"])
    app.move(0, 2, "wood")  # 2 people: 1 food + 1 wood
    app.move(1, 1)
    app.press("roll")
    app.wait("choose-all", timeout=20_000)
    app.press("choose-all")
    app.press("next-round")
    app.wait_text("title", "Round 2")
    app.move(0, 1)
    app.move(2, 1, "stone")  # 1 person, paid with 1 stone
    app.press("enter-dice")
    app.press("hand-0-0-5")
    app.press("hand-2-0-3")
    app.press("apply-dice")
    app.wait_text("winner", "Anna tames the mammoth")
    app.press("next-round")
    app.wait_text("title", "Round 3")
    app.press("roll")  # nobody moved
    app.press("box-confirm")
    app.wait_text("explanation", "Nobody moved")
    app.press("toggle-summary")
    app.wait("player-summary")
    app.press("end-game")
    app.press("confirm-end")
    app.wait("scoring-card")
    app.wait("player-summary")
    app.press("done")
    # Game 2: "anna" again (the same player by name), Dora and Emil.
    app.new_game(["anna", "Dora", "Emil"])
    app.move(0, 1)
    app.move(1, 1)
    app.press("enter-dice")
    app.press("hand-0-0-2")
    app.press("hand-1-0-6")
    app.press("apply-dice")
    app.wait_text("winner", "Dora tames the mammoth")
    app.press("end-game")
    app.press("confirm-end")
    app.wait("scoring-card")


def test_summary_and_statistics_match_the_logs(table: Table) -> None:
    """Two finished games; every number on the summary and the statistics screen is the
    test's own count from the saved logs; the table's few dice are too few to judge."""
    app = table.open()
    app.click("open-stats")
    app.wait_text("stats-none", "No finished games")  # zero games: said, not 0/0
    app.click("nav-back")
    play_two_games(app)
    store = Store(table.data / "games.sqlite3")
    first, second = (store.load(s.id) for s in sorted(store.history(), key=lambda s: s.id))

    # Game 2's scoring screen shows its summary.
    numbers = expected_from_log(second)
    for seat, name in enumerate(second.state.players):
        joined, won, expected = numbers.get(name, (0, 0, Fraction(0)))
        app.reveal(f"summary-{seat}")
        text = app.text(f"summary-{seat}")
        assert f"joined: {joined} · won: {won} · expected: {fraction_text(expected)}" in text, text
    app.click("done")

    # Game 1 in the history: people, payments, bonuses and tamings per player.
    app.click("open-history")
    first_id = min(s.id for s in store.history())
    listed = next(s for s in store.history() if s.id == first_id)
    for name, tiles in zip(listed.players, listed.tallies, strict=True):  # each count says what it counts
        word = "mammoth tile" if tiles == 1 else "mammoth tiles"
        assert f"{name} ({tiles} {word})" in app.text(f"history-{first_id}"), app.text(f"history-{first_id}")
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
        text = app.text(f"summary-{seat}")
        joined, won, expected = numbers.get(name, (0, 0, Fraction(0)))
        assert f"Moved {people[name]} pe" in text, text
        assert f"joined: {joined} · won: {won} · expected: {fraction_text(expected)}" in text, text
        assert f"{first.state.tallies[seat]} mammoth tile" in text, text
        for kind, amount in paid[name].items():
            if amount:
                assert f"{amount} {kind}" in text, (kind, text)
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
    app.assert_offline()
    app.close()
