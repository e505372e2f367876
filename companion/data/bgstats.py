"""A finished game as a play for BG Stats, the play-logging app: its documented link.

BG Stats takes a play from another app as a link it opens
(``https://app.bgstatsapp.com/createPlay.html?data=`` and the play as URL-encoded JSON) and
shows it for the person to confirm before it is saved. The play carries Stone Age's
BoardGameGeek id, the date and the length of the game, and each player's score (the final
score sheet's total, where the sheet was filled in), place, win and whether they started.
"""

from __future__ import annotations

import json
from datetime import datetime
from urllib.parse import quote

from ..rules import Game, sheet_ranking

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Mammoth Herd Companion"
#: Stone Age on BoardGameGeek.
STONE_AGE_BGG_ID = 34635


def play_date(stamp: str) -> str:
    """A stored UTC time (ISO 8601) as BG Stats reads a play's date: local, to the second."""
    return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def minutes_between(start: str, end: str | None) -> int:
    """Whole minutes from ``start`` to ``end`` (0 without an end, never below 0)."""
    if end is None:
        return 0
    seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    return max(0, round(seconds / 60))


def play_data(game: Game, started: str, ended: str | None) -> dict[str, object]:
    """The play as BG Stats' fields. The play's id is the game's seed, which every phone of
    a table shares, so the same game sent twice is one play."""
    state = game.state
    ranking = sheet_ranking(state)
    scored = bool(ranking.scores)
    players: list[dict[str, object]] = []
    for seat, name in enumerate(state.players):
        player: dict[str, object] = {
            "name": name,
            "sourcePlayerId": f"seat-{seat + 1}",
            "startPlayer": seat == state.setup.start_player,
        }
        if scored:
            player |= {
                "score": ranking.scores[seat].total,
                "winner": seat in ranking.winners,
                "rank": ranking.ranks[seat],
            }
        players.append(player)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"mammoth-herd-{state.setup.seed}",
        "playDate": play_date(started),
        "durationMin": minutes_between(started, ended),
        "game": {
            "name": "Stone Age",
            "bggId": STONE_AGE_BGG_ID,
            "sourceGameId": "stone-age",
            "highestWins": True,
            "noPoints": not scored,
        },
        "players": players,
    }


def play_link(game: Game, started: str, ended: str | None) -> str:
    """The link that opens BG Stats with the play ready to confirm."""
    text = json.dumps(play_data(game, started, ended), ensure_ascii=False, separators=(",", ":"))
    return LINK + quote(text, safe="")
