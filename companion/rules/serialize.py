"""Plain-JSON forms of setups, actions and whole games (export and import).

An exported game is its setup and its log; importing replays the log, so a
file can never smuggle in a state the rules would not reach.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    Choose,
    DescribeTile,
    EndGame,
    EnterDice,
    Migrate,
    Roll,
    Score,
    StartRound,
    Withdraw,
    unknown_action,
)
from .deck import Bonus, BonusItem, Tile, bonus_to_list
from .errors import DeckError, ImportFormatError, RuleError, SetupError
from .game import EntryKind, Game, LogEntry, start_game, step
from .printed import parse_set_tiles, tile_to_dict
from .resources import BonusKind, Resource
from .setup import make_setup
from .state import Choice, Payment, Setup

FORMAT = "mammoth-herd-companion/game"
VERSION = 1
MAX_IMPORT_BYTES = 2_000_000
MAX_LOG_ENTRIES = 5_000


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready dict for an action (each member of :data:`Action` has its case)."""
    match action:
        case StartRound():
            herd = {"type": "start_round", "herd": action.herd.value if action.herd else None}
            return herd if action.tile is None else {**herd, "tile": action.tile}
        case Migrate():
            payment = {r.value: n for r, n in action.payment.items()}
            return {"type": "migrate", "player": action.player, "people": action.people, "payment": payment}
        case DescribeTile():
            return {"type": "describe_tile", "first": bonus_to_list(action.first), "all": bonus_to_list(action.all)}
        case Withdraw():
            return {"type": "withdraw", "player": action.player}
        case Roll():
            return {"type": "roll"}
        case EnterDice():
            return {"type": "enter_dice", "dice": [[p, list(v)] for p, v in action.dice]}
        case Choose():
            return {"type": "choose", "choice": action.choice.value}
        case EndGame():
            return {"type": "end_game"}
        case Score():
            return {"type": "score", "player": action.player, "part": action.part, "value": action.value}
        case _:
            unknown_action(action)


def _bonus_from_list(data: Any, part: str) -> Bonus:
    if not isinstance(data, list) or len(data) > 10:
        raise _bad("bonus", f"bad '{part}' bonus {str(data)[:60]!r}")
    items = []
    for item in data:
        if not isinstance(item, dict) or item.get("kind") not in {k.value for k in BonusKind}:
            raise _bad("good", f"bad good {str(item)[:60]!r} in the '{part}' bonus")
        items.append(BonusItem(BonusKind(item["kind"]), _int(item.get("amount"), "bonus amount")))
    return tuple(items)


def _bad(part: str, message: str, **params: Any) -> ImportFormatError:
    """A damaged file: ``message`` for the log, ``part`` (``error.import.bad_<part>``) for the
    player, in their language, as the reason the file is refused."""
    return ImportFormatError("import.malformed", message, cause=f"import.bad_{part}", **params)


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise _bad("number", f"{what} must be a whole number, not {str(value)[:40]!r}")
    return value


def action_from_dict(data: Any) -> Action:
    """Parse an action dict; raises :class:`ImportFormatError` on bad shape."""
    if not isinstance(data, dict):
        raise _bad("action", f"an action must be an object, not {type(data).__name__}")
    kind = data.get("type")
    parse = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parse is None:
        raise _bad("action_type", f"unknown action type {str(kind)[:40]!r}")
    return parse(data)


def _start_round(data: dict[str, Any]) -> StartRound:
    herd = data.get("herd")
    if herd is not None and herd not in {r.value for r in Resource}:
        raise _bad("herd", f"unknown herd resource {str(herd)[:40]!r}")
    tile = data.get("tile")
    return StartRound(Resource(herd) if herd else None, None if tile is None else _int(tile, "tile"))


def _migrate(data: dict[str, Any]) -> Migrate:
    payment = data.get("payment")
    if not isinstance(payment, dict) or not set(payment) <= {r.value for r in Resource}:
        raise _bad("payment", f"bad payment {str(payment)[:60]!r}")
    counts = {k: _int(v, f"payment {k}") for k, v in payment.items()}
    return Migrate(_int(data.get("player"), "player"), _int(data.get("people"), "people"), Payment(**counts))


def _enter_dice(data: dict[str, Any]) -> EnterDice:
    dice = data.get("dice")
    if not isinstance(dice, list) or len(dice) > 4:
        raise _bad("dice", f"bad dice {str(dice)[:60]!r}")
    parsed = []
    for entry in dice:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list) and len(entry[1]) <= 7):
            raise _bad("dice", f"bad dice entry {str(entry)[:60]!r}")
        parsed.append((_int(entry[0], "player"), tuple(_int(v, "die") for v in entry[1])))
    return EnterDice(tuple(parsed))


def _choose(data: dict[str, Any]) -> Choose:
    choice = data.get("choice")
    if choice not in {c.value for c in Choice}:
        raise _bad("choice", f"unknown choice {str(choice)[:40]!r}")
    return Choose(Choice(choice))


def _score(data: dict[str, Any]) -> Score:
    part = data.get("part")
    if not isinstance(part, str) or len(part) > 40:
        raise _bad("part", f"bad sheet part {str(part)[:40]!r}")
    return Score(_int(data.get("player"), "player"), part, _int(data.get("value"), "count"))


#: Each action's ``type`` in a saved or exported log, and how it is read back. A test checks
#: that every member of :data:`Action` is here and reads back what :func:`action_to_dict` wrote.
_PARSERS: dict[str, Callable[[dict[str, Any]], Action]] = {
    "start_round": _start_round,
    "migrate": _migrate,
    "describe_tile": lambda data: DescribeTile(
        _bonus_from_list(data.get("first"), "first"), _bonus_from_list(data.get("all"), "all")
    ),
    "withdraw": lambda data: Withdraw(_int(data.get("player"), "player")),
    "roll": lambda _data: Roll(),
    "enter_dice": _enter_dice,
    "choose": _choose,
    "end_game": lambda _data: EndGame(),
    "score": _score,
}
#: The ``type`` names, for the tests.
ACTION_NAMES = frozenset(_PARSERS)


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """A setup as saved and exported; the owner's set only when the game has one (so a
    game without stays the very JSON it always was)."""
    data: dict[str, Any] = {
        "players": list(setup.players),
        "start_player": setup.start_player,
        "deck": setup.deck_id,
        "seed": setup.seed,
        "colours": list(setup.colours),
    }
    if setup.printed:
        data["printed"] = [tile_to_dict(tile) for tile in setup.printed]
    return data


def setup_from_dict(data: Any) -> Setup:
    """Parse and check a setup dict (names and all)."""
    if not isinstance(data, dict):
        raise _bad("setup", "setup must be an object")
    players = data.get("players")
    if not isinstance(players, list):
        raise _bad("setup", "setup.players must be a list")
    deck = data.get("deck")
    if not isinstance(deck, str) or not deck.isidentifier():
        raise _bad("deck", f"bad deck id {str(deck)[:40]!r}")
    colours = data.get("colours", [])
    if not isinstance(colours, list):
        raise _bad("setup", "setup.colours must be a list")
    printed: tuple[Tile, ...] = ()
    if data.get("printed") is not None:
        try:
            printed = parse_set_tiles(data["printed"], "setup")
        except DeckError as exc:
            raise _bad("printed", f"the game's set of printed tiles: {exc}") from exc
    return make_setup(players, data.get("start_player"), deck, _int(data.get("seed"), "seed"), colours, printed)


def entry_to_dict(entry: LogEntry) -> dict[str, Any]:
    """One log entry as a JSON-ready dict (the action only for a play)."""
    item: dict[str, Any] = {"kind": entry.kind.value}
    if entry.kind is EntryKind.PLAY:
        item["action"] = action_to_dict(entry.action)
    return item


def entries_of(game: Game) -> list[dict[str, Any]]:
    """The game's log as JSON-ready dicts."""
    return [entry_to_dict(entry) for entry in game.log]


def entry_from_dict(data: Any) -> tuple[EntryKind, Action | None]:
    if not isinstance(data, dict) or data.get("kind") not in {k.value for k in EntryKind}:
        raise _bad("entry", f"bad log entry {str(data)[:60]!r}")
    kind = EntryKind(data["kind"])
    return kind, action_from_dict(data.get("action")) if kind is EntryKind.PLAY else None


def game_to_dict(game: Game) -> dict[str, Any]:
    """The export form: format tag, version, setup and log."""
    return {"format": FORMAT, "version": VERSION, "setup": setup_to_dict(game.setup), "log": entries_of(game)}


def game_from_dict(data: Any) -> Game:
    """Rebuild a game from its export form by replaying the log."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportFormatError("import.not_a_game", "this is not a Mammoth Herd Companion game file")
    if data.get("version") != VERSION:
        raise ImportFormatError(
            "import.version",
            f"unsupported file version {str(data.get('version'))[:20]}",
            value=str(data.get("version"))[:20],
        )
    log = data.get("log")
    if not isinstance(log, list) or len(log) > MAX_LOG_ENTRIES:
        raise _bad("log", f"log must be a list of at most {MAX_LOG_ENTRIES} entries", limit=MAX_LOG_ENTRIES)
    try:
        setup = setup_from_dict(data.get("setup"))
    except SetupError as exc:
        raise setup_refused(exc) from exc
    try:
        game = start_game(setup)
    except DeckError as exc:  # a deck this app does not ship (a newer app's, say)
        if exc.code != "deck.unknown":
            raise
        raise ImportFormatError("import.deck", str(exc), deck=setup.deck_id[:40]) from exc
    for number, item in enumerate(log, 1):
        try:
            game = step(game, *entry_from_dict(item))
        except ImportFormatError:
            raise
        except RuleError as exc:
            raise log_refused(game, number, exc) from exc
    return game


def log_refused(game: Game, number: int, exc: RuleError) -> ImportFormatError:
    """A file whose entry ``number`` the rules refused: which entry, in which round, and the
    rule's own error as its ``cause`` (a seat is named as the player's name)."""
    params = dict(exc.params)
    player = params.get("player")
    if type(player) is int and 0 <= player < len(game.setup.players):
        params["name"] = game.setup.players[player]
    where = max(game.state.round_number, 1)
    return ImportFormatError(
        "import.illegal",
        f"entry {number} (round {where}) of the file's log breaks a rule: {exc}",
        entry=number,
        round=where,
        cause=exc.code,
        **params,
    )


def setup_refused(exc: SetupError) -> ImportFormatError:
    """An import whose players New game would refuse, naming the real problem (``cause``)."""
    return ImportFormatError(
        "import.setup", f"the file's players are not accepted: {exc}", cause=exc.code, **exc.params
    )


#: The deepest nesting a file is parsed with: a game file nests 6 deep, a set file 5. JSON
#: nested thousands deep overflows the stack of Python in a browser (Pyodide) inside
#: ``json.loads``, before Python can raise RecursionError, and kills the app.
MAX_JSON_DEPTH = 32
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(rb"[\[\]{}]")


def too_deep(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects deeper than ``limit`` (strings not counted),
    found without parsing it, so that ``json.loads`` never sees such a file.

        >>> too_deep(b"[" * 40 + b"]" * 40), too_deep('{"a": ["[[[[", 1]}', limit=2)
        (True, False)
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b"", data)):
        depth += 1 if bracket.group() in (b"[", b"{") else -1
        if depth > limit:
            return True
    return False


def game_from_json(text: str | bytes) -> Game:
    """Import a game from JSON text; any problem is an :class:`ImportFormatError`."""
    if len(text) > MAX_IMPORT_BYTES:
        raise ImportFormatError(
            "import.too_large", f"file is larger than {MAX_IMPORT_BYTES} bytes", limit=MAX_IMPORT_BYTES
        )
    if too_deep(text):
        raise ImportFormatError("import.not_json", f"nested deeper than {MAX_JSON_DEPTH}", detail="depth")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ImportFormatError("import.not_json", f"not valid JSON: {str(exc)[:80]}", detail=str(exc)[:80]) from exc
    return game_from_dict(data)


def game_to_json(game: Game) -> str:
    return json.dumps(game_to_dict(game), ensure_ascii=False, indent=1)
