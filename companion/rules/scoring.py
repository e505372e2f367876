"""Who receives what after a taming, and the 10-point mammoth scoring."""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Bonus
from .final import EMPTY_ROW, FinalRanking, Row, final_ranking, final_score
from .state import Choice, GameState, Outcome, Round

MAMMOTH_POINTS = 10


@dataclass(frozen=True, slots=True)
class Handout:
    """``player`` takes the ``choice`` bonus (its items, or None when the
    tile is a physical one and the table reads it)."""

    player: int
    choice: Choice
    bonus: Bonus | None
    wins_tile: bool


def handouts(round_: Round) -> tuple[Handout, ...]:
    """What each participant receives in a settled round, in turn order.

    The winner takes "1." (or "all" if chosen) and the tile; everyone else
    on the tile takes "all"; with no winner everyone takes "all"; with
    nobody on the tile nobody gets anything.
    """
    taming = round_.taming
    if taming is None or taming.outcome is Outcome.NOBODY:
        return ()
    result = []
    for migration in round_.migrations:
        wins = taming.winner == migration.player
        choice = round_.winner_choice if wins else Choice.ALL
        bonus = round_.tile.first if choice is Choice.FIRST else round_.tile.all
        result.append(Handout(migration.player, choice, bonus, wins))
    return tuple(result)


@dataclass(frozen=True, slots=True)
class MammothScoring:
    """Players scoring the 10 points (all tied leaders), and the top tally."""

    scorers: tuple[int, ...]
    most_tiles: int
    points: int = MAMMOTH_POINTS


def mammoth_scoring(state: GameState) -> MammothScoring:
    """Most tiles scores 10; all tied leaders score; nobody scores with 0."""
    tallies = state.tallies
    most = max(tallies, default=0)
    if most == 0:
        return MammothScoring((), 0)
    return MammothScoring(tuple(p for p, t in enumerate(tallies) if t == most), most)


def sheet_ranking(state: GameState, rows: tuple[Row, ...] | None = None) -> FinalRanking:
    """The final score sheet's points and winner, the mammoth points filled in from the
    mammoth scoring (an empty sheet ranks nobody). ``rows``: the sheet as a screen shows it
    (a track being typed), in place of the state's."""
    rows = state.sheet if rows is None else rows
    if not rows:
        return final_ranking(())
    scorers = mammoth_scoring(state).scorers
    if len(rows) != len(state.players):
        rows = tuple(EMPTY_ROW for _ in state.players)
    return final_ranking(tuple(final_score(row, MAMMOTH_POINTS if p in scorers else 0) for p, row in enumerate(rows)))
