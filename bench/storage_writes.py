"""What the static site writes into the browser's storage per tap: the whole database file
against only the pages a commit changed (what :mod:`companion.site.keep` appends).

The site's database runs in SQLite's DELETE journal mode in Python's in-memory file
system. Here the same store, on a real file, plays whole games tap by
tap, and each commit's file is compared with the one before: the journal record the keeper
appends (the changed pages, :func:`companion.site.keep.record`) beside the whole file in a
slot. With 1 and with 50 games kept (49 finished ones before the game played).

Run: ``python -m bench.storage_writes`` (a few seconds, no browser).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench.common import Row
from companion.data.store import Store
from companion.rules import (
    Action,
    Choice,
    Choose,
    EndGame,
    Game,
    Migrate,
    Payment,
    Roll,
    StartRound,
    make_setup,
    play,
    start_game,
)
from companion.site import keep


def full_game(seed: int, each: Callable[[Game], object] | None = None) -> Game:
    """Four players, all 16 rounds and the end: each round a start, two migrations, a roll
    and the winner's choice when there is a winner; ``each`` is told every game on the way,
    the new one first."""
    game = start_game(make_setup(["Anna", "Bert", "Chloé", "Dan"], seed % 4, "companion", seed))
    if each is not None:
        each(game)
    for r in range(16):
        actions: list[Action] = [
            StartRound(),
            Migrate(r % 4, 2, Payment(food=1, wood=1)),
            Migrate((r + 1) % 4, 1, Payment(food=1)),
            Roll(),
        ]
        for action in actions:
            game = play(game, action)
            if each is not None:
                each(game)
        taming = game.state.current.taming if game.state.current else None
        if taming is not None and taming.winner is not None:
            game = play(game, Choose(Choice.ALL))
            if each is not None:
                each(game)
    for action in (StartRound(), EndGame()):
        game = play(game, action)
        if each is not None:
            each(game)
    return game


class Counted:
    """A storage file that only counts the bytes written into it."""

    def __init__(self) -> None:
        self.written = 0

    def close(self) -> None:
        pass


def written_per_tap(kept_before: int, journal: bool) -> tuple[int, float]:
    """Play one whole game with ``kept_before`` finished games already kept, through the
    site's keeper (with its page journal, or writing the whole file every time): the number
    of commits and the mean bytes written per commit."""
    folder = Path(tempfile.mkdtemp(prefix="mh-writes-"))
    path = folder / "games.sqlite3"
    store = Store(path, journal="DELETE")
    for seed in range(kept_before):
        store.create(full_game(seed))
    store.close()
    files = [Counted(), Counted(), Counted()]

    def write(handle: Counted, raw: bytes) -> None:
        handle.written += len(raw)

    def append(handle: Counted, _at: int, raw: bytes) -> None:
        handle.written += len(raw)

    pages = files[2] if journal else None
    keeper = keep.StorageSlots(path, handles=files[:2], journal=pages, write=write, append=append)
    keeper.save()  # the file as it stands before the game (the start of a session)
    start = sum(f.written for f in files)
    commits = [0]

    def after_commit() -> None:
        commits[0] += 1
        keeper.save()

    store = Store(path, journal="DELETE", after_commit=after_commit)
    ids: list[int] = []

    def stored(game: Game) -> None:
        if ids:
            store.record(ids[0], game)
        else:
            ids.append(store.create(game))

    full_game(kept_before + 1, stored)
    store.close()
    return commits[0], (sum(f.written for f in files) - start) / commits[0]


def storage_rows() -> list[Row]:
    """Bench rows 5d and 5e: what a tap writes into a phone's storage, 1 and 50 games kept."""
    rows = []
    for code, kept in (("5d", 1), ("5e", 50)):
        commits, whole = written_per_tap(kept - 1, journal=False)
        _, paged = written_per_tap(kept - 1, journal=True)
        rows.append(
            Row(
                f"{code}. static site: bytes written per tap, {kept} game{'s' if kept > 1 else ''} kept (KiB)",
                [paged / 1024],
                None,
                "KiB",
                "less than the whole file every tap",
                paged < whole,
                f"the whole file every tap: {whole / 1024:.1f} KiB; mean over {commits} commits of a whole game",
            )
        )
    return rows


def main() -> None:
    print("| games kept | file (mean) | commits | whole file every tap | page journal (compacted at the file's size) |")
    print("|---:|---:|---:|---:|---:|")
    for kept in (1, 50):
        commits, whole = written_per_tap(kept - 1, journal=False)
        _, paged = written_per_tap(kept - 1, journal=True)
        size = (whole - keep.HEADER.size) / 1024
        print(f"| {kept} | {size:.0f} KiB | {commits} | {whole / 1024:.1f} KiB a tap | {paged / 1024:.1f} KiB a tap |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
