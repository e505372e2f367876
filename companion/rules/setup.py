"""Starting a game: checking players and shuffling the pile from the seed."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence

from .deck import PHYSICAL_DECK_ID, Deck, Tile
from .errors import RuleError, SetupError
from .printed import check_set, make_tile, numbered
from .state import GameState, Setup

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_NAME_LENGTH = 20
#: Accents stacked on one letter beyond this are noise, not a name.
MAX_MARKS_PER_LETTER = 2
#: The four Stone Age player colours.
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")


def _stacked_marks(name: str) -> int:
    """The most combining marks that follow any one letter."""
    most = run = 0
    for char in name:
        run = run + 1 if unicodedata.combining(char) else 0
        most = max(most, run)
    return most


def name_key(name: str) -> str:
    """How names are compared: the same letters in any width or case are the same name."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_names(names: Sequence[object]) -> tuple[str, ...]:
    """Trim names and check them: 2 to 4, non-empty, unique, at most 20 characters.

    Names are kept in composed form (NFC); two names that differ only in case
    or character width ("Ann" and "Ａｎｎ") count as the same name. The first seat's
    problem is raised (:func:`name_problems` gives every seat's).
    """
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError("setup.player_count", f"2 to 4 players are needed, got {len(names)}", count=len(names))
    problems = name_problems(names)
    if problems:
        raise problems[min(problems)]
    return tuple(clean_name(raw) for raw in names if isinstance(raw, str))


def clean_name(raw: str) -> str:
    """A name as kept: spaces trimmed and runs of them made one, composed (NFC)."""
    return unicodedata.normalize("NFC", " ".join(raw.split()))


def name_problems(names: Sequence[object]) -> dict[int, SetupError]:
    """Every seat's name problem at once (seat from 0 -> its error); a name equal to an
    earlier seat's is the later seat's problem. New game shows them all while typing."""
    problems: dict[int, SetupError] = {}
    kept: list[str] = []
    for seat, raw in enumerate(names):
        problem = _name_problem(seat, raw, kept)
        if problem is not None:
            problems[seat] = problem
        elif isinstance(raw, str):
            kept.append(clean_name(raw))
    return problems


def _name_problem(seat: int, raw: object, earlier: Sequence[str]) -> SetupError | None:
    if not isinstance(raw, str):
        return SetupError("setup.name_empty", f"player {seat + 1} has no name", seat=seat + 1)
    name = clean_name(raw)
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        return SetupError(
            "setup.name_invalid", f"name {name!r} contains invisible or control characters", seat=seat + 1
        )
    if _stacked_marks(name) > MAX_MARKS_PER_LETTER:
        return SetupError(
            "setup.name_marks",
            f"name {name!r} stacks more than {MAX_MARKS_PER_LETTER} accents on one letter",
            seat=seat + 1,
            limit=MAX_MARKS_PER_LETTER,
        )
    if not name:
        return SetupError("setup.name_empty", f"player {seat + 1} has no name", seat=seat + 1)
    if len(name) > MAX_NAME_LENGTH:
        return SetupError(
            "setup.name_too_long",
            f"name {name!r} is longer than {MAX_NAME_LENGTH} characters",
            name=name,
            limit=MAX_NAME_LENGTH,
            seat=seat + 1,
        )
    if name_key(name) in (name_key(n) for n in earlier):
        return SetupError("setup.name_duplicate", f"name {name!r} is used twice", name=name, seat=seat + 1)
    return None


def new_seed() -> int:
    """A fresh game seed: it decides the shuffle and every roll of the app's dice."""
    return random.SystemRandom().randrange(2**31)


def make_setup(
    names: Sequence[object],
    start_player: object,
    deck_id: str,
    seed: int,
    colours: Sequence[object] = (),
    printed: tuple[Tile, ...] = (),
) -> Setup:
    """A checked :class:`Setup`; players are in seating (clockwise) order,
    each with a distinct Stone Age colour if ``colours`` is given. ``printed``: with the
    printed tiles, the game's copy of the owner's set (any counts, up to 16 tiles)."""
    players = clean_names(names)
    if colours and (
        len(colours) != len(players) or len(set(colours)) != len(colours) or any(c not in COLOURS for c in colours)
    ):
        seen: list[object] = []
        seat = len(colours)
        for index, colour in enumerate(colours):
            if colour not in COLOURS or colour in seen:
                seat = index
                break
            seen.append(colour)
        raise SetupError(
            "setup.colours",
            f"colours {list(colours)!r} must be distinct, one per player",
            value=str(colours),
            seat=min(seat, len(players) - 1) + 1,
        )
    if type(start_player) is not int or not 0 <= start_player < len(players):
        raise SetupError("setup.start_player", f"start player {start_player!r} is not seated", value=str(start_player))
    if type(seed) is not int:
        raise SetupError("setup.seed", f"seed {seed!r} is not a whole number", value=str(seed))
    if printed:
        if deck_id != PHYSICAL_DECK_ID:
            raise SetupError("setup.printed_deck", "a set of printed tiles is for games with printed tiles")
        try:
            tiles = numbered(tuple(make_tile(tile.herd, tile.first, tile.all) for tile in printed))
            check_set(tiles, as_printed=False)
        except RuleError as exc:
            raise SetupError("setup.printed", f"the set of printed tiles is refused: {exc}", cause=exc.code) from exc
        printed = tiles
    return Setup(players, start_player, deck_id, seed, tuple(str(c) for c in colours), printed)


def new_state(setup: Setup, deck: Deck) -> GameState:
    """The state before round 1: the deck shuffled face down by the seed."""
    if deck.id != setup.deck_id:
        raise SetupError("setup.deck", f"deck {deck.id!r} does not match setup {setup.deck_id!r}", value=deck.id)
    tiles = list(deck.tiles)
    if not deck.is_physical:
        random.Random(f"shuffle:{setup.seed}").shuffle(tiles)
    return GameState(setup=setup, pile=tuple(tiles), held=tuple(() for _ in setup.players))
