"""The table's order of play, as data: what a phone keeps of a table beside its game, and
:func:`settle`, the one code path that decides whether a phone's step counts.

A step made on exactly the host's log (the digests of :mod:`.table_messages` agree)
replays exactly, dice included; a step made on a log the table has since moved past is
applied again by the rules if it draws nothing (a move, a choice), and otherwise not kept.
The first step not kept ends the run of a phone's steps.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import Game, RuleError
from ..rules.game import replay, step
from ..rules.serialize import entry_from_dict, entry_to_dict, setup_to_dict, too_deep
from . import table_messages as tm
from .store import Store
from .table_messages import Entry, Origin, OwnStep

#: Store settings: this phone's id; the table a game is shared as, and back; what a phone
#: keeps of a table beside its game; the round after which the herd's question is asked.
PHONE = "phone-id"
TABLE_OF = "table-of:{game_id}"
GAME_OF = "table:{table}"
INFO = "table-info:{table}"
ASKING = "asking:{game_id}"
#: Actions that draw from the game's seed (a tile, the dice): a step of these replays only
#: on the very log it was made on, or the phone would see another draw than it showed.
DRAWS = frozenset({"roll", "start_round"})


#: Why a step was not kept when another phone recorded the same player's move first.
CHANGED_MEANWHILE = "together.changed_meanwhile"


@dataclass(frozen=True)
class Lost:
    """This phone's steps the table did not keep (their numbers here), and why (a catalog
    key); ``player``: whose move another phone recorded first, when that is why."""

    steps: tuple[int, ...]
    why: str
    player: int | None = None

    @property
    def count(self) -> int:
        return len(self.steps)


def lost_of(numbers: Iterable[int], why: str, player: int | None = None) -> Lost | None:
    """The :class:`Lost` naming ``numbers`` (None for none); ``player`` only where another
    phone recording that player's move first is why."""
    steps = tuple(numbers)
    return Lost(steps, why, player if why == CHANGED_MEANWHILE else None) if steps else None


def new_table_id() -> str:
    return secrets.token_hex(6)


def phone_id(store: Store) -> str:
    """This phone's id among the table's phones (made once, kept in its store)."""
    phone = store.get_setting(PHONE)
    if phone is None:
        phone = secrets.token_hex(4)
        store.set_setting(PHONE, phone)
    return phone


def table_of(store: Store, game_id: int) -> str:
    """The table ``game_id`` is shared as: the one it joined or was shared as before (a
    guest who becomes the host keeps the table's id, so the others' copies stay theirs)."""
    key = TABLE_OF.format(game_id=game_id)
    table = store.get_setting(key)
    if table is None:
        table = new_table_id()
        store.set_setting(key, table)
        store.set_setting(GAME_OF.format(table=table), str(game_id))
    return table


def asking_of(store: Store, game_id: int) -> int:
    value = store.get_setting(ASKING.format(game_id=game_id))
    return int(value) if value is not None and value.isdigit() else 0


def set_asking(store: Store, game_id: int, asking: int) -> None:
    if asking:
        store.set_setting(ASKING.format(game_id=game_id), str(asking))
    else:
        store.clear_setting(ASKING.format(game_id=game_id))


@dataclass
class TableInfo:
    """What a phone keeps of a table beside its game (a store setting, so a reload or a
    flat battery keeps it): the host and epoch it follows, the origin of each entry of the
    host's log it holds (``confirmed`` of them), its own steps not yet decided (on top of
    its copy), those it sent that no longer fit on its copy (the host decides them: its log
    holds them, or it names them as not kept), the next number for one, and (on the host)
    each guest's highest step number decided."""

    host: str = ""
    epoch: int = 0
    by: list[Origin] = field(default_factory=list)
    confirmed: int = 0
    pending: list[OwnStep] = field(default_factory=list)
    next_n: int = 1
    decided: dict[str, int] = field(default_factory=dict)
    waiting: list[OwnStep] = field(default_factory=list)
    prints: dict[str, str] = field(default_factory=dict)  # each phone's certificate, as first heard

    @classmethod
    def load(cls, store: Store, table: str) -> TableInfo:
        text = store.get_setting(INFO.format(table=table))
        if not text or too_deep(text):
            return cls()
        try:
            data = json.loads(text)
            return cls(
                str(data["host"]), int(data["epoch"]), [tuple(o) if o else None for o in data["by"]],
                int(data["confirmed"]), [_pending(p) for p in data["pending"]],
                int(data["next"]), {str(k): int(v) for k, v in data["decided"].items()},
                [_pending(p) for p in data.get("waiting", [])],
                {str(k): str(v) for k, v in data.get("prints", {}).items()},
            )  # fmt: skip
        except (ValueError, KeyError, TypeError):
            return cls()  # a damaged record: the next table message starts it again

    def vouched(self, phone: str, print_: str) -> bool:
        """Whether ``phone`` may speak on a channel whose other end proved it holds the
        certificate ``print_``: a phone speaks at this table from the certificate it first
        spoke from, so no other phone can send steps (or a host's game) in its name. The
        first one is kept here; ``""`` (a browser that names none) is not checked."""
        if not print_:
            return True
        return self.prints.setdefault(phone, print_) == print_

    def learn(self, prints: Iterable[tuple[str, str]]) -> None:
        """The certificates the host's record holds, kept beside this phone's own: a phone
        that takes the table over refuses a step in another phone's name from a channel
        with another certificate, even if that phone never spoke to it. A certificate this
        record already holds for a phone stays (the first heard, as :meth:`vouched`)."""
        for phone, print_ in prints:
            self.prints.setdefault(phone, print_)

    def save(self, store: Store, table: str) -> None:
        data = {
            "host": self.host, "epoch": self.epoch, "by": self.by, "confirmed": self.confirmed,
            "pending": [_pending_data(s) for s in self.pending], "next": self.next_n, "decided": self.decided,
            "waiting": [_pending_data(s) for s in self.waiting], "prints": self.prints,
        }  # fmt: skip
        store.set_setting(INFO.format(table=table), json.dumps(data, separators=(",", ":")))


def _pending(item: list[Any]) -> OwnStep:
    """One kept step not yet decided: ``[n, on, entry, at, by]`` (a record of an older
    release has only the first three)."""
    at = str(item[3]) if len(item) > 3 else ""
    by = (str(item[4][0]), int(item[4][1])) if len(item) > 4 and item[4] else None
    return OwnStep(int(item[0]), str(item[1]), item[2], at, by)


def _pending_data(step: OwnStep) -> list[Any]:
    return [step.n, step.on, step.entry, step.at, list(step.by) if step.by else None]


def entries_after(game: Game, base: int) -> list[Entry]:
    return [entry_to_dict(entry) for entry in game.log[base:]]


def extend(game: Game, entries: Iterable[Any]) -> Game:
    """``game`` with ``entries`` (log entries as dicts) replayed by the rules; each must
    come out exactly as sent (the same dice, the same round), else :class:`RuleError`."""
    for data in entries:
        kind, action = entry_from_dict(data)
        game = step(game, kind, action)
        if entry_to_dict(game.log[-1]) != data:
            raise RuleError("table.entry_differs", "a log entry does not replay as sent")
    return game


def head(game: Game, upto: int | None = None) -> str:
    """The digest of ``game``'s log (its first ``upto`` entries)."""
    digest = tm.start_digest(setup_to_dict(game.setup))
    for entry in game.log[:upto]:
        digest = tm.chain(digest, entry_to_dict(entry))
    return digest


def where(game: Game) -> str:
    """Where ``game`` stands, as a step made on it records it: the round and the phase."""
    return f"{game.state.round_number}:{game.state.phase.value}"


def _redrawn(entry: Entry) -> bool:
    action = entry.get("action")
    return entry.get("kind") != "play" or not isinstance(action, dict) or action.get("type") in DRAWS


def target(entry: Entry) -> tuple[Any, ...] | None:
    """What a step records for one player, as two phones could both record it: a player's
    move (recorded, corrected or taken back) or one count of a player's final sheet; None
    for any other step."""
    action = entry.get("action")
    if entry.get("kind") != "play" or not isinstance(action, dict):
        return None
    kind, player = action.get("type"), action.get("player")
    if kind in ("migrate", "withdraw") and type(player) is int:
        return ("move", player)
    if kind == "score" and type(player) is int:
        return ("score", player, action.get("part"))
    return None


def player_of(entry: Entry) -> int | None:
    """The player a step of :func:`target` records for (None for any other step)."""
    found = target(entry)
    return int(found[1]) if found is not None else None


@dataclass(frozen=True)
class Settled:
    """What :func:`settle` made of a phone's steps: the game with those kept, the kept ones
    as they now stand in its log, the numbers of those not kept and why, and the ids of
    the log's entries that one of them would have replaced (another phone recorded the
    same player's move meanwhile: both phones are told)."""

    game: Game
    kept: tuple[OwnStep, ...]
    lost: tuple[int, ...]
    why: str
    clashed: tuple[Origin, ...] = ()
    player: int | None = None  # whose move the first step not kept recorded, where it clashed


def _since(game: Game, on: str, upto: int) -> range | None:
    """The indexes of ``game``'s first ``upto`` log entries made after the log whose digest
    is ``on`` (None where ``game``'s log never had that digest: a step carried from
    another host's log, which is not compared)."""
    digest = head(game, 0)
    for i in range(upto + 1):
        if digest == on:
            return range(i, upto)
        if i < upto:
            digest = tm.chain(digest, entry_to_dict(game.log[i]))
    return None


def _clash(game: Game, own: OwnStep, upto: int, by: Sequence[Origin]) -> Origin | bool:
    """The id of the entry another phone made, after the log ``own`` was made on, for the
    same player's move or count as ``own`` (True where that entry has no id); False if none."""
    aim = target(own.entry)
    since = _since(game, own.on, upto) if aim is not None else None
    for i in since or ():
        if target(entry_to_dict(game.log[i])) == aim:
            return (by[i] if i < len(by) else None) or True
    return False


def settle(game: Game, steps: Iterable[OwnStep], by: Sequence[Origin] = ()) -> Settled:
    """Apply a phone's steps to ``game`` in order: each made on exactly this log replays
    exactly; one made on a log the table has moved past is applied again by the rules
    unless it draws (dice, a tile) or is an Undo or Redo (which would take back or bring
    back another step), unless the game now stands in another round or phase than the
    step was made in, or unless another phone recorded the same player's move (or count)
    since (``by``: the ids of ``game``'s entries; that entry stands, and both are named).
    The first step not kept ends the run: the later ones were made on top of it, so none
    of them is kept either."""
    digest, why, upto = head(game), "", len(game.log)
    kept: list[OwnStep] = []
    lost: list[int] = []
    clashed: list[Origin] = []
    player: int | None = None
    for own in steps:
        if lost:
            lost.append(own.n)
            continue
        try:
            if own.on == digest:
                after = extend(game, [own.entry])
            elif _redrawn(own.entry):
                raise RuleError("together.moved_on", "made on a log the table moved past")
            elif own.at and own.at != where(game):
                # Made in another round or phase than the table's now: a move of round 1
                # would land in round 2, a choice on another result.
                raise RuleError("together.moved_on", "made where the table no longer stands")
            elif other := _clash(game, own, upto, by):
                # Two phones recorded one player's move at once: the one the table has
                # stands, and neither is overwritten without a word.
                clashed.append(other if isinstance(other, tuple) else None)
                player = player_of(own.entry)
                raise RuleError(CHANGED_MEANWHILE, "another phone recorded this since")
            else:
                kind, action = entry_from_dict(own.entry)
                after = step(game, kind, action)
        except (RuleError, KeyError, TypeError, ValueError) as exc:
            code = exc.code if isinstance(exc, RuleError) else "together.message_bad"
            why = code if code.startswith("together.") else f"error.{code}"
            lost.append(own.n)
            continue
        entry = entry_to_dict(after.log[-1])
        kept.append(OwnStep(own.n, digest, entry, where(game), own.by))
        digest, game = tm.chain(digest, entry), after
    return Settled(game, tuple(kept), tuple(lost), why, tuple(clashed), player)


def prefix(game: Game, length: int) -> Game:
    """The game as it was with its first ``length`` log entries (replayed)."""
    if length == len(game.log):
        return game
    return replay(game.setup, [entry_from_dict(entry_to_dict(e)) for e in game.log[:length]])
