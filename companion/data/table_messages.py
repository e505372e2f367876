"""What phones playing together say to each other: typed records, read by one parser.

Every message is a JSON object with its kind (``t``), the protocol's version (``v``) and the
rules' version (``r``). :func:`parse` is the only way in: it refuses a text that is too long,
too deep, not JSON, of an unknown kind, or whose fields are not what the kind needs
(:class:`ProtocolError`), and a message of another release (:class:`VersionError`, which
says which phone is older). :class:`Version` keeps its shape across releases, so two
releases can always tell each other which one should update.

A log entry travels as the rules' JSON form (``serialize.entry_to_dict``); an entry's
origin (``by``), its id for good, is the phone that made it and that phone's own number for
the step, the host's own steps included (None only in a log an older release kept).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from ..rules import serialize

#: The protocol's version: a phone reads only its own version's messages.
PROTOCOL = 4
#: The rules' version (of the saved log's form): phones of two rules versions do not mix.
RULES_VERSION: int = serialize.VERSION
#: The longest message read (a whole game of 16 rounds is about 20,000 characters).
MAX_MESSAGE = 200_000
#: The most log entries one message carries.
MAX_ENTRIES = 5_000
#: A phone's id and a table's id: short hex strings.
MAX_ID = 32

Origin = tuple[str, int] | None
Entry = dict[str, Any]
#: The certificate each phone of the table speaks from, as the host's record holds them
#: (``(phone, fingerprint)``, sorted): every copy keeps them, so a phone that takes the
#: table over knows which certificate may speak for which phone. A release that sent none
#: leaves them out: read as none.
Prints = tuple[tuple[str, str], ...]
#: The most certificates a message names, and the form of one: DTLS's SHA-256 as the page
#: (``table.js``) reports a channel's certificate, 64 hexadecimal digits in capitals and no
#: colons, so one certificate has one spelling and two are compared as strings.
MAX_PRINTS = 32
PRINT = re.compile(r"[0-9A-F]{64}")


class ProtocolError(ValueError):
    """A message that is not one of this protocol's (another app, a damaged channel)."""

    key = "together.message_bad"


class VersionError(ProtocolError):
    """A message of another release: ``older`` when the other phone runs the older one."""

    def __init__(self, theirs: int, older: bool) -> None:
        super().__init__(f"protocol {theirs}, this phone {PROTOCOL}")
        self.theirs = theirs
        self.older = older
        self.key = "together.other_older" if older else "together.this_older"


@dataclass(frozen=True, slots=True)
class OwnStep:
    """A guest's step not yet decided by the host: its number on that phone, the digest of
    the log it was made on (:func:`chain`), the entry, and where the game stood when it was
    made (``"round:phase"``, see ``table_order.where``; empty from a release that did not
    say), so that a step decided on a moved log counts only where it means the same.
    ``by``: the step's own id where this phone carries another phone's step (a step the last
    host had confirmed that the new one lacks); None for this phone's own.

    Every step keeps the id it was given when it was made, wherever it is carried: the host
    holds each id once."""

    n: int
    on: str
    entry: Entry
    at: str = ""
    by: Origin = None

    def origin(self, phone: str) -> tuple[str, int]:
        """The step's id, as the host's log holds it, sent by ``phone``."""
        return self.by if self.by is not None else (phone, self.n)


@dataclass(frozen=True, slots=True)
class Table:
    """The whole game, from the host: what a phone joining (or lost) starts from."""

    table: str
    host: str
    epoch: int
    setup: dict[str, Any]
    log: tuple[Entry, ...]
    by: tuple[Origin, ...]
    asking: int
    prints: Prints = ()


@dataclass(frozen=True, slots=True)
class Log:
    """The host's log grew: the entries past ``base``, with their origins; from ``host`` at
    ``epoch`` (a phone takes it only from the host it follows, at that host's epoch)."""

    host: str
    epoch: int
    base: int
    entries: tuple[Entry, ...]
    by: tuple[Origin, ...]
    asking: int
    prints: Prints = ()  # only when the host's record learnt a phone's certificate since


@dataclass(frozen=True, slots=True)
class Steps:
    """A guest's own steps the host has not decided yet, in the order its copy holds them
    (sent again, whole, with every new one: the host skips those it holds)."""

    phone: str
    steps: tuple[OwnStep, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """The host did not keep the guest's steps numbered ``lost``; ``key`` says why, and
    ``player`` whose move another phone recorded first, when that is why."""

    key: str
    lost: tuple[int, ...]
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Hello:
    """A guest asks for the whole game again (it could not follow a message)."""

    phone: str


@dataclass(frozen=True, slots=True)
class Facts:
    """What the table shares beside the log: the round after which the herd's question is
    asked (printed tiles), 0 when none is."""

    asking: int


@dataclass(frozen=True, slots=True)
class Moved:
    """A guest to a host it will not follow: this table has a newer host (``host`` at
    ``epoch``), so the host lets its phones go and its player joins that one."""

    table: str
    host: str
    epoch: int


@dataclass(frozen=True, slots=True)
class Clash:
    """Another phone recorded ``player``'s move (or count) at the same time as ``phone``,
    whose entry stands: ``phone`` is told, so that both check it. A host sends it to that
    phone. (A guest of the release before decided its steps at a join itself and sent the
    clashes it found there to the host, which still passes them on.)"""

    phone: str
    player: int


@dataclass(frozen=True, slots=True)
class Version:
    """This phone cannot read the other's messages: its own versions, so both can tell
    which one should update. Never answered."""

    v: int
    r: int


Message = Table | Log | Steps | Refused | Hello | Facts | Moved | Clash | Version
KINDS: dict[str, type[Message]] = {
    "table": Table,
    "log": Log,
    "steps": Steps,
    "refused": Refused,
    "hello": Hello,
    "facts": Facts,
    "moved": Moved,
    "clash": Clash,
    "version": Version,
}
NAMES = {cls: name for name, cls in KINDS.items()}


def dump(message: Message) -> str:
    """The message as the text a channel carries."""
    data: dict[str, Any] = {"t": NAMES[type(message)], "v": PROTOCOL, "r": RULES_VERSION}
    for f in fields(message):
        value = getattr(message, f.name)
        if f.name == "steps":
            value = [_step_data(s) for s in value]
        elif f.name == "prints":
            value = dict(value)
        data[f.name] = value
    if isinstance(message, Version):
        data["v"], data["r"] = message.v, message.r
    return json.dumps(data, separators=(",", ":"))


def _step_data(step: OwnStep) -> dict[str, Any]:
    data: dict[str, Any] = {"n": step.n, "on": step.on, "entry": step.entry, "at": step.at}
    if step.by is not None:
        data["by"] = list(step.by)
    return data


def parse(text: str) -> Message:
    """The message in ``text``, or :class:`ProtocolError` (:class:`VersionError`)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        raise ProtocolError("too long")
    if serialize.too_deep(text):  # before json.loads, which a deep enough text crashes under Pyodide
        raise ProtocolError("too deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"not JSON: {type(exc).__name__}") from exc
    if not isinstance(data, dict) or data.get("t") not in KINDS:
        raise ProtocolError("a message is an object of a known kind")
    if data["t"] == "version":
        return Version(_int(data, "v"), _int(data, "r"))
    version = data.get("v", 1)  # the first release sent no version
    if version != PROTOCOL or data.get("r") != RULES_VERSION:
        theirs = version if isinstance(version, int) and not isinstance(version, bool) else 1
        rules = data.get("r", RULES_VERSION)
        older = theirs < PROTOCOL or (theirs == PROTOCOL and isinstance(rules, int) and rules < RULES_VERSION)
        raise VersionError(theirs, older)
    return _READERS[data["t"]](data)


def _int(data: dict[str, Any], name: str, low: int = 0) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value < 2**31:
        raise ProtocolError(f"{name}: a whole number")
    return value


def _is_id(value: Any) -> bool:
    """A phone's or a table's id: a short alphanumeric string."""
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isalnum()


def _id(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not _is_id(value):
        raise ProtocolError(f"{name}: an id")
    return str(value)


def _entries(data: dict[str, Any], name: str) -> tuple[Entry, ...]:
    value = data.get(name)
    if not isinstance(value, list) or len(value) > MAX_ENTRIES or not all(isinstance(e, dict) for e in value):
        raise ProtocolError(f"{name}: a list of entries")
    return tuple(value)


def _carried_id(value: Any) -> Origin:
    """A carried step's own id: ``[phone, number]``, or None (absent) for the sender's own."""
    if value is None:
        return None
    if (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and 0 < len(value[0]) <= MAX_ID
        and type(value[1]) is int
        and 0 < value[1] < 2**31
    ):
        return (value[0], value[1])
    raise ProtocolError("a carried step's id: [phone, number]")


def _origins(data: dict[str, Any], count: int) -> tuple[Origin, ...]:
    value = data.get("by")
    if not isinstance(value, list) or len(value) != count:
        raise ProtocolError("by: an origin for each entry")
    out: list[Origin] = []
    for item in value:
        if item is None:
            out.append(None)
        elif (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and 0 < len(item[0]) <= MAX_ID
            and isinstance(item[1], int)
            and not isinstance(item[1], bool)
        ):
            out.append((item[0], item[1]))
        else:
            raise ProtocolError("by: [phone, number] or null")
    return tuple(out)


def _prints(data: dict[str, Any]) -> Prints:
    value = data.get("prints", {})
    if not isinstance(value, dict) or len(value) > MAX_PRINTS:
        raise ProtocolError("prints: phone to certificate")
    for phone, print_ in value.items():
        if not (_is_id(phone) and isinstance(print_, str) and PRINT.fullmatch(print_)):
            raise ProtocolError("prints: phone to certificate")
    return tuple(sorted(value.items()))


def _table(data: dict[str, Any]) -> Table:
    log = _entries(data, "log")
    if not isinstance(data.get("setup"), dict):
        raise ProtocolError("setup: an object")
    return Table(
        _id(data, "table"), _id(data, "host"), _int(data, "epoch"), data["setup"], log, _origins(data, len(log)),
        _int(data, "asking"), _prints(data),
    )  # fmt: skip


def _log(data: dict[str, Any]) -> Log:
    entries = _entries(data, "entries")
    return Log(
        _id(data, "host"), _int(data, "epoch"), _int(data, "base"), entries, _origins(data, len(entries)),
        _int(data, "asking"), _prints(data),
    )  # fmt: skip


def _steps(data: dict[str, Any]) -> Steps:
    raw = data.get("steps")
    if not isinstance(raw, list) or len(raw) > MAX_ENTRIES:
        raise ProtocolError("steps: a list")
    steps = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("entry"), dict) or not isinstance(item.get("on"), str):
            raise ProtocolError("a step: number, digest and entry")
        at = item.get("at", "")
        if not isinstance(at, str) or len(at) > MAX_ID:
            raise ProtocolError("a step's place: round and phase")
        steps.append(OwnStep(_int(item, "n", 1), item["on"][:64], item["entry"], at, _carried_id(item.get("by"))))
    if len({s.n for s in steps}) != len(steps):
        raise ProtocolError("steps: each its own number")
    return Steps(_id(data, "phone"), tuple(steps))


def _refused(data: dict[str, Any]) -> Refused:
    key, lost = data.get("key"), data.get("lost")
    if not isinstance(key, str) or not key.startswith(("error.", "together.")) or len(key) > 80:
        raise ProtocolError("key: a catalog key")
    if not isinstance(lost, list) or len(lost) > MAX_ENTRIES or not all(type(n) is int for n in lost):
        raise ProtocolError("lost: step numbers")
    player = None if data.get("player") is None else _int(data, "player")
    return Refused(key, tuple(lost), player)


def _hello(data: dict[str, Any]) -> Hello:
    return Hello(_id(data, "phone"))


def _facts(data: dict[str, Any]) -> Facts:
    return Facts(_int(data, "asking"))


def _moved(data: dict[str, Any]) -> Moved:
    return Moved(_id(data, "table"), _id(data, "host"), _int(data, "epoch"))


def _clash(data: dict[str, Any]) -> Clash:
    player = _int(data, "player")
    if player >= 8:
        raise ProtocolError("player: a seat")
    return Clash(_id(data, "phone"), player)


_READERS: dict[str, Callable[[dict[str, Any]], Message]] = {
    "table": _table,
    "log": _log,
    "steps": _steps,
    "refused": _refused,
    "hello": _hello,
    "facts": _facts,
    "moved": _moved,
    "clash": _clash,
}


def newer(epoch: int, host: str, than_epoch: int, than_host: str) -> bool:
    """Whether the host ``host`` at ``epoch`` is the table's over ``than_host`` at
    ``than_epoch``: the higher epoch, and at one epoch (two phones took over at once) the
    lower phone id, so that every phone settles two hosts the same way."""
    return (epoch, than_host) > (than_epoch, host) if epoch == than_epoch else epoch > than_epoch


def chain(before: str, entry: Entry) -> str:
    """The digest of a log one entry longer than the log whose digest is ``before``: two
    phones whose digests agree hold the same log, so a step made on it replays exactly."""
    text = before + json.dumps(entry, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def start_digest(setup: dict[str, Any]) -> str:
    """The digest of a game's empty log (its setup)."""
    return chain("", setup)
