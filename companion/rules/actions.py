"""Actions, and :func:`apply`: one legal action turns a state into the next.

Every action is a small frozen dataclass.  :func:`apply` never changes its
input; an illegal action raises :class:`ActionError` and the caller keeps the
old state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Never, NoReturn

from . import final
from .deck import MAX_BONUS_ITEMS, Bonus, Tile, check_bonus
from .dice import DIE_FACES, roll_dice
from .errors import ActionError
from .legal import area_user_limit, room_left
from .resources import AREA_CAPACITY, HERD_AREAS, MAX_PEOPLE, MIN_PEOPLE, Resource
from .state import Choice, GameState, Migration, Outcome, Payment, Phase, Round
from .taming import settle

__all__ = ["MAX_BONUS_ITEMS", "check_bonus"]  # the table's bonus checks, with the tiles in .deck


@dataclass(frozen=True, slots=True)
class StartRound:
    """Reveal the herd's area and turn the top tile face up.  In physical-pile
    mode the table says where the herd went (``herd``), or, with the owner's set in the
    game, which of its tiles was turned (``tile``, 1-based): its back and face at once."""

    herd: Resource | None = None
    tile: int | None = None


@dataclass(frozen=True, slots=True)
class DescribeTile:
    """Printed tiles: what the face-up tile gives, read off the real tile by the
    table (optional).  ``first`` is the "1." bonus, ``all`` the "all" bonus."""

    first: Bonus
    all: Bonus


@dataclass(frozen=True, slots=True)
class Migrate:
    """Record (or correct) how many people ``player`` moved and the payment."""

    player: int
    people: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Take back ``player``'s migration before the roll."""

    player: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the taming dice from the game's seed (also settles an empty tile)."""


@dataclass(frozen=True, slots=True)
class EnterDice:
    """Taming dice rolled at the table: player -> one die per person moved."""

    dice: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class Choose:
    """The winner takes the "1." bonus or the "all" bonus."""

    choice: Choice


@dataclass(frozen=True, slots=True)
class EndGame:
    """The base game is over: do the mammoth scoring."""


@dataclass(frozen=True, slots=True)
class Score:
    """The final score sheet: ``player``'s count of ``part`` (one of :data:`.final.PARTS`) is
    ``value``, as counted off the board once the game has ended."""

    player: int
    part: str
    value: int


Action = StartRound | DescribeTile | Migrate | Withdraw | Roll | EnterDice | Choose | EndGame | Score


def _need_phase(state: GameState, action: Action, *phases: Phase) -> None:
    if state.phase not in phases:
        raise ActionError(
            "action.phase",
            f"{type(action).__name__} is not possible now (phase {state.phase.value})",
            action=type(action).__name__,
            phase=state.phase.value,
        )


def _need_player(state: GameState, player: object) -> int:
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ActionError("action.player", f"player {player!r} is not seated", value=str(player))
    return player


def _current(state: GameState) -> Round:
    assert state.current is not None  # guaranteed by the phase checks
    return state.current


def _start_round(state: GameState, action: StartRound) -> GameState:
    _need_phase(state, action, Phase.READY, Phase.RESOLVED)
    if not state.pile:
        if action.herd is not None:
            raise ActionError("start.herd_unexpected", "the herd is tamed: no herd to place", value=str(action.herd))
        return replace(state, phase=Phase.TAMED)
    tile, pile = state.pile[0], state.pile[1:]
    if action.tile is not None:
        tile = _printed_tile(state, action)
    elif state.is_physical:
        if action.herd not in HERD_AREAS:
            raise ActionError(
                "start.herd_required", f"say where the herd went, not {action.herd!r}", value=str(action.herd)
            )
        tile = replace(tile, herd=Resource(action.herd))
    elif action.herd is not None:
        raise ActionError("start.herd_unexpected", "the deck decides where the herd goes", value=str(action.herd))
    number = state.round_number + 1
    new_round = Round(number=number, start_player=state.start_player_of(number), tile=tile)
    return replace(state, pile=pile, rounds=(*state.rounds, new_round), phase=Phase.MIGRATION)


def _printed_tile(state: GameState, action: StartRound) -> Tile:
    """The tile of the game's set the table turned; each is turned once."""
    number = action.tile
    if not state.is_physical or not state.setup.printed:
        raise ActionError("start.tile_unexpected", "this game has no set of printed tiles", value=str(number))
    if action.herd is not None:
        raise ActionError("start.tile_and_herd", "the tile's back says where the herd goes", value=str(action.herd))
    if type(number) is not int or not 1 <= number <= len(state.setup.printed):
        raise ActionError("start.tile_unknown", f"the set has no tile {number!r}", tile=str(number)[:12])
    tile = state.setup.printed[number - 1]
    if tile not in state.printed_left:
        raise ActionError("start.tile_turned", f"tile {number} was turned already", tile=number)
    return tile


def _same_tile(tiles: tuple[Tile, ...], described: Tile) -> tuple[Tile, ...]:
    return tuple(described if tile.id == described.id else tile for tile in tiles)


def _describe_tile(state: GameState, action: DescribeTile) -> GameState:
    _need_phase(state, action, Phase.MIGRATION, Phase.RESOLVED)
    if not state.is_physical:
        raise ActionError("tile.not_physical", "the companion deck already says what each tile gives")
    first = check_bonus(action.first, "first")
    every = check_bonus(action.all, "all")
    current = _current(state)
    tile = replace(current.tile, first=first, all=every)
    return replace(
        state,
        rounds=(*state.rounds[:-1], replace(current, tile=tile)),
        held=tuple(_same_tile(tiles, tile) for tiles in state.held),
        box=_same_tile(state.box, tile),
    )


def check_payment(payment: object, people: int) -> Payment:
    """Food plus any of wood, brick, stone and gold, adding up to ``people``."""
    if not isinstance(payment, Payment):
        raise ActionError("migrate.payment_type", "payment must be a Payment", value=str(payment))
    for resource in Resource:
        value = getattr(payment, resource.value)
        if type(value) is not int or value < 0:
            raise ActionError(
                "migrate.payment_negative",
                f"{resource.value} payment {value!r} is not a count",
                resource=resource.value,
                value=str(value),
            )
    if payment.total != people:
        raise ActionError(
            "migrate.payment_mismatch",
            f"payment adds up to {payment.total}, but {people} people moved",
            paid=payment.total,
            people=people,
        )
    return payment


def _migrate(state: GameState, action: Migrate) -> GameState:
    _need_phase(state, action, Phase.MIGRATION)
    player = _need_player(state, action.player)
    people = action.people
    if type(people) is not int or not MIN_PEOPLE <= people <= MAX_PEOPLE:
        raise ActionError(
            "migrate.people_range",
            f"{people!r} people: move 1 to 7",
            value=str(people),
            low=MIN_PEOPLE,
            high=MAX_PEOPLE,
        )
    check_payment(action.payment, people)
    current = _current(state)
    others = tuple(m for m in current.migrations if m.player != player)
    room = room_left(state, player)  # the one reckoning of room, shared with the UI's questions
    if people > room:
        raise ActionError(
            "migrate.area_full",
            f"only {room} more people fit: the area holds {AREA_CAPACITY}",
            room=room,
            people=people,
        )
    limit = area_user_limit(state)
    if len(others) + 1 > limit:
        raise ActionError(
            "migrate.too_many_players",
            f"with {len(state.players)} players at most {limit} may use one area",
            limit=limit,
            players=len(state.players),
        )
    order = state.turn_order()
    migrations = tuple(
        sorted((*others, Migration(player, people, action.payment)), key=lambda m: order.index(m.player))
    )
    return replace(state, rounds=(*state.rounds[:-1], replace(current, migrations=migrations)))


def _withdraw(state: GameState, action: Withdraw) -> GameState:
    _need_phase(state, action, Phase.MIGRATION)
    player = _need_player(state, action.player)
    current = _current(state)
    if current.migration_of(player) is None:
        raise ActionError("withdraw.none", f"{state.players[player]} has no people on the tile", player=player)
    migrations = tuple(m for m in current.migrations if m.player != player)
    return replace(state, rounds=(*state.rounds[:-1], replace(current, migrations=migrations)))


def _resolve(
    state: GameState, current: Round, dice: dict[int, tuple[int, ...]], by_hand: bool, rolls: int
) -> GameState:
    taming = settle(dice, by_hand=by_hand)
    held, box = state.held, state.box
    if taming.outcome is Outcome.WINNER and taming.winner is not None:
        held = tuple((*tiles, current.tile) if p == taming.winner else tiles for p, tiles in enumerate(held))
    else:
        box = (*box, current.tile)
    resolved = replace(current, taming=taming)
    return replace(state, held=held, box=box, rounds=(*state.rounds[:-1], resolved), phase=Phase.RESOLVED, rolls=rolls)


def _roll(state: GameState, action: Roll) -> GameState:
    _need_phase(state, action, Phase.MIGRATION)
    current = _current(state)
    counts = current.dice_counts
    if not counts:
        return _resolve(state, current, {}, False, state.rolls)
    dice = roll_dice(state.setup.seed, state.rolls, counts)
    return _resolve(state, current, dice, False, state.rolls + 1)


def _enter_dice(state: GameState, action: EnterDice) -> GameState:
    _need_phase(state, action, Phase.MIGRATION)
    current = _current(state)
    expected = current.dice_counts
    if not isinstance(action.dice, tuple):
        raise ActionError("dice.players", "dice must be given per player", value=str(action.dice))
    given: dict[int, tuple[int, ...]] = {}
    for entry in action.dice:
        if not (isinstance(entry, tuple) and len(entry) == 2):
            raise ActionError("dice.players", f"bad dice entry {entry!r}", value=str(entry))
        player, values = entry
        if type(player) is not int or player not in expected or player in given:
            raise ActionError("dice.players", f"player {player!r} has no people on the tile", value=str(player))
        if not isinstance(values, tuple):
            raise ActionError("dice.count", f"dice {values!r} are not a list", value=str(values))
        for value in values:
            if type(value) is not int or value not in DIE_FACES:
                raise ActionError("dice.value", f"die {value!r} is not 1 to 6", value=str(value))
        if len(values) != expected[player]:
            raise ActionError(
                "dice.count",
                f"{state.players[player]} needs {expected[player]} dice, got {len(values)}",
                player=player,
                needed=expected[player],
                got=len(values),
            )
        given[player] = values
    missing = sorted(set(expected) - set(given))
    if missing:
        raise ActionError("dice.missing", f"no dice for {state.players[missing[0]]}", player=missing[0])
    return _resolve(state, current, given, True, state.rolls)


def _choose(state: GameState, action: Choose) -> GameState:
    _need_phase(state, action, Phase.RESOLVED)
    current = _current(state)
    taming = current.taming
    if taming is None or taming.outcome is not Outcome.WINNER:
        raise ActionError("choose.no_winner", "there is no winner to choose a bonus")
    if not isinstance(action.choice, Choice):
        raise ActionError("choose.option", f"choose '1.' or 'all', not {action.choice!r}", value=str(action.choice))
    return replace(state, rounds=(*state.rounds[:-1], replace(current, choice=action.choice)))


def _end_game(state: GameState, action: EndGame) -> GameState:
    _need_phase(state, action, Phase.READY, Phase.MIGRATION, Phase.RESOLVED, Phase.TAMED)
    return replace(state, phase=Phase.FINISHED)


def _score(state: GameState, action: Score) -> GameState:
    _need_phase(state, action, Phase.FINISHED)
    player = _need_player(state, action.player)
    part, value = action.part, action.value
    if not isinstance(part, str) or part not in final.LIMITS:
        raise ActionError("score.part", f"the sheet has no part {part!r}", value=str(part)[:40])
    limit = final.LIMITS[part]
    if type(value) is not int or not 0 <= value <= limit:
        raise ActionError("score.range", f"{part} {value!r}: count 0 to {limit}", value=str(value)[:12], high=limit)
    rows = state.sheet or tuple(final.EMPTY_ROW for _ in state.players)
    rows = tuple(final.with_count(row, part, value) if p == player else row for p, row in enumerate(rows))
    _check_the_table(rows, part)
    return replace(state, sheet=rows)


def _check_the_table(rows: tuple[final.Row, ...], part: str) -> None:
    """What all the players' rows hold together fits in one game's box."""
    table = sum(final.count_of(row, part) for row in rows)
    if part in final.CULTURE_PARTS and table > final.CARDS_PER_SYMBOL:
        raise ActionError("score.symbol_taken", f"{part}: {table} cards at the table", high=final.CARDS_PER_SYMBOL)
    if part in final.RESOURCES_LEFT and table > final.LIMITS[part]:
        raise ActionError("score.supply", f"{part}: {table} left at the table", part=part, high=final.LIMITS[part])
    sand = sum(final.sand_cards_needed(row) for row in rows)
    if sand > final.SAND_CARDS:
        raise ActionError("score.sand_cards", f"the figures need {sand} sand cards", count=sand, high=final.SAND_CARDS)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`ActionError` if it is illegal.

    Each member of :data:`Action` has its case; mypy fails on :func:`unknown_action` when a
    new action lacks one (as in :mod:`.serialize`)."""
    match action:
        case StartRound():
            return _start_round(state, action)
        case Migrate():
            return _migrate(state, action)
        case DescribeTile():
            return _describe_tile(state, action)
        case Withdraw():
            return _withdraw(state, action)
        case Roll():
            return _roll(state, action)
        case EnterDice():
            return _enter_dice(state, action)
        case Choose():
            return _choose(state, action)
        case EndGame():
            return _end_game(state, action)
        case Score():
            return _score(state, action)
        case _:
            unknown_action(action)


def unknown_action(action: Never) -> NoReturn:
    """Refuse what is not an action (a caller outside the type check). Typed as ``Never``, as
    :func:`typing.assert_never` is: a ``match`` that misses a member of :data:`Action` hands
    it here, and mypy fails on the call."""
    raise ActionError("action.unknown", f"unknown action {action!r}", value=str(action))
