"""Immutable game state: players, pile, rounds, tiles held.

Nothing here changes in place; :mod:`companion.rules.actions` builds each
next state with :func:`dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .deck import PHYSICAL_DECK_ID, Tile
from .resources import Resource


class Phase(StrEnum):
    """Where the game stands."""

    READY = "ready"  # waiting for the next round to start
    MIGRATION = "migration"  # tile face up, players may move people to it
    RESOLVED = "resolved"  # taming done, bonuses being handed out
    TAMED = "tamed"  # pile empty: the whole herd is tamed
    FINISHED = "finished"  # mammoth scoring done


class Outcome(StrEnum):
    """How a taming ended."""

    WINNER = "winner"
    TIE = "tie"  # the best players matched on every die: tile to the box
    NOBODY = "nobody"  # nobody migrated: tile to the box


class Choice(StrEnum):
    """The winner's pick."""

    FIRST = "first"
    ALL = "all"


@dataclass(frozen=True, slots=True)
class Payment:
    """What a player paid for moving people: food, or resources for food."""

    food: int = 0
    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0

    @property
    def total(self) -> int:
        return self.food + self.wood + self.brick + self.stone + self.gold

    def items(self) -> tuple[tuple[Resource, int], ...]:
        """The non-zero parts, food first."""
        return tuple((r, getattr(self, r.value)) for r in Resource if getattr(self, r.value))


@dataclass(frozen=True, slots=True)
class Migration:
    """``people`` moved by ``player`` (seat index) and how they paid."""

    player: int
    people: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class Decision:
    """Which comparison decided a taming: the ``position``-th highest dice
    (0 = highest) of the winner and of the best other participant; a
    ``runner_up_die`` of ``None`` means a die beat no die."""

    position: int
    winner_die: int
    runner_up: int
    runner_up_die: int | None


@dataclass(frozen=True, slots=True)
class Taming:
    """The dice (each player's sorted high to low) and what they decided."""

    dice: tuple[tuple[int, tuple[int, ...]], ...]
    by_hand: bool
    outcome: Outcome
    winner: int | None
    tied: tuple[int, ...]
    decision: Decision | None


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the herd."""

    number: int
    start_player: int
    tile: Tile
    migrations: tuple[Migration, ...] = ()
    taming: Taming | None = None
    choice: Choice | None = None

    @property
    def herd(self) -> Resource | None:
        return self.tile.herd

    def migration_of(self, player: int) -> Migration | None:
        for migration in self.migrations:
            if migration.player == player:
                return migration
        return None

    @property
    def people_on_tile(self) -> int:
        return sum(m.people for m in self.migrations)

    @property
    def dice_counts(self) -> dict[int, int]:
        """Taming dice per player: one die for each person moved (player -> dice)."""
        return {m.player: m.people for m in self.migrations}

    @property
    def winner_choice(self) -> Choice:
        """The winner's pick; ``1.`` unless they chose otherwise."""
        return self.choice or Choice.FIRST


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a game starts from."""

    players: tuple[str, ...]
    start_player: int
    deck_id: str
    seed: int
    colours: tuple[str, ...] = ()  # one of COLOURS per seat, or () for none
    printed: tuple[Tile, ...] = ()  # printed tiles: the game's copy of the owner's set (:mod:`.printed`)


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment."""

    setup: Setup
    pile: tuple[Tile, ...]
    box: tuple[Tile, ...] = ()
    held: tuple[tuple[Tile, ...], ...] = ()
    rounds: tuple[Round, ...] = ()
    phase: Phase = Phase.READY
    rolls: int = 0  # how many seeded rolls were made: the dice stream position
    # The final score sheet (:mod:`.final`), a row per seat once its first count is entered
    # after the game ended; () while nothing is entered.
    sheet: tuple[tuple[int, ...], ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def is_physical(self) -> bool:
        return self.setup.deck_id == PHYSICAL_DECK_ID

    @property
    def current(self) -> Round | None:
        """The latest round (in play or just resolved)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def round_number(self) -> int:
        return len(self.rounds)

    def start_player_of(self, round_number: int) -> int:
        """The start player passes clockwise after every round."""
        return (self.setup.start_player + round_number - 1) % len(self.players)

    @property
    def start_player(self) -> int:
        """Start player of the current round, or of the next one when ready."""
        number = self.round_number if self.phase in (Phase.MIGRATION, Phase.RESOLVED) else self.round_number + 1
        return self.start_player_of(max(number, 1))

    def turn_order(self) -> tuple[int, ...]:
        """Seat indices in turn order, from the start player clockwise."""
        n = len(self.players)
        return tuple((self.start_player + i) % n for i in range(n))

    @property
    def herd(self) -> Resource | None:
        """Where the herd stands this round (None before, after, or when tamed)."""
        if self.phase in (Phase.MIGRATION, Phase.RESOLVED) and self.current:
            return self.current.herd
        return None

    @property
    def next_herd(self) -> Resource | None:
        """Where the herd goes next round: the back of the top tile."""
        return self.pile[0].herd if self.pile else None

    @property
    def tile_in_play(self) -> Tile | None:
        """The face-up tile not yet given to anybody or boxed."""
        if self.current and self.current.taming is None and self.phase in (Phase.MIGRATION, Phase.FINISHED):
            return self.current.tile
        return None

    @property
    def needs_herd(self) -> bool:
        """Printed tiles: the next round can start only once the table says
        where the herd went (the back of the top tile of the real pile)."""
        return self.is_physical and bool(self.pile) and self.phase in (Phase.READY, Phase.RESOLVED)

    @property
    def herd_asked_after_round(self) -> bool:
        """Printed tiles, a round settled: the moment the table may be asked where the herd
        went next ("Next round"), the one question a screen keeps open between rounds."""
        return self.needs_herd and self.phase is Phase.RESOLVED

    @property
    def printed_left(self) -> tuple[Tile, ...]:
        """Printed tiles with the owner's set: its tiles not yet turned (in the pile still),
        in the set's order, never more than the tiles left in the pile. An undone round start
        puts its tile back.

        A tile turned that was not in the list ("Another tile") stands for one of the set's
        tiles that the set got wrong: once the list would hold more tiles than the pile, each
        such tile takes the place of the last tile left with its back (else the last tile
        left), so one physical tile is never listed twice."""
        turned = {game_round.tile.id for game_round in self.rounds}
        left = [tile for tile in self.setup.printed if tile.id not in turned]
        if len(left) <= len(self.pile):
            return tuple(left)
        ids = {tile.id for tile in self.setup.printed}
        others = [game_round.tile.herd for game_round in self.rounds if game_round.tile.id not in ids]
        for herd in others:
            if len(left) <= len(self.pile):
                break
            same = [n for n, tile in enumerate(left) if tile.herd is herd]
            left.pop(same[-1] if same else -1)
        return tuple(left[: len(self.pile)])

    @property
    def tile_unknown(self) -> bool:
        """Printed tiles: the face-up tile's bonuses have not been entered."""
        current = self.current
        return (
            self.is_physical
            and current is not None
            and self.phase in (Phase.MIGRATION, Phase.RESOLVED)
            and (current.tile.first is None or current.tile.all is None)
        )

    @property
    def tallies(self) -> tuple[int, ...]:
        """Tiles held by each player, in seat order."""
        return tuple(len(tiles) for tiles in self.held)
