"""The Mammoth Herd rules as pure Python: no UI, no I/O besides deck files.

Typical use::

    from companion.rules import make_setup, start_game, play, undo
    from companion.rules import StartRound, Migrate, Payment, Roll, Choose, Choice

    game = start_game(make_setup(["Ann", "Bo", "Cy"], start_player=0, deck_id="companion", seed=7))
    game = play(game, StartRound())
    game = play(game, Migrate(player=0, people=2, payment=Payment(food=1, wood=1)))
    game = play(game, Roll())
    game = play(game, Choose(Choice.ALL))

Modules, one topic each:

- :mod:`.resources` resources, herd areas, area limits
- :mod:`.deck` tiles and deck files
- :mod:`.setup` player names and the shuffled pile
- :mod:`.state` the immutable game state
- :mod:`.actions` the actions and :func:`apply`
- :mod:`.dice` seeded dice; :mod:`.taming` who wins; :mod:`.odds` exact odds
- :mod:`.scoring` bonuses handed out and the 10-point mammoth scoring
- :mod:`.final` the rest of Stone Age's final scoring: the score sheet and its winner
- :mod:`.game` undo, redo and the log; :mod:`.serialize` JSON export/import
- :mod:`.legal` what is allowed now (the UI's questions; :func:`apply` reckons with them)
- :mod:`.errors` the :class:`RuleError` family

Imports nothing of the app but :mod:`companion.assets_path` (to find the deck files); no Flet.
"""

from .actions import Action, Choose, DescribeTile, EndGame, EnterDice, Migrate, Roll, Score, StartRound, Withdraw, apply
from .deck import PHYSICAL_DECK_ID, TILES_PER_DECK, BonusItem, Deck, Tile, builtin_decks, get_deck, load_deck
from .errors import ActionError, DeckError, ImportFormatError, RuleError, SetupError
from .final import Decided, FinalRanking, FinalScore
from .game import EntryKind, Game, LogEntry, end_again, play, redo, reopen, replay, start_game, undo
from .odds import Odds, win_odds
from .resources import HERD_AREAS, BonusKind, Resource, max_players_per_area
from .scoring import MAMMOTH_POINTS, Handout, MammothScoring, handouts, mammoth_scoring, sheet_ranking
from .serialize import game_from_json, game_to_json
from .setup import COLOURS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, make_setup
from .state import Choice, Decision, GameState, Migration, Outcome, Payment, Phase, Round, Setup, Taming

__all__ = [
    "COLOURS",
    "HERD_AREAS",
    "MAMMOTH_POINTS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PHYSICAL_DECK_ID",
    "TILES_PER_DECK",
    "Action",
    "ActionError",
    "BonusItem",
    "BonusKind",
    "Choice",
    "Choose",
    "Decided",
    "Decision",
    "Deck",
    "DeckError",
    "DescribeTile",
    "EndGame",
    "EnterDice",
    "EntryKind",
    "FinalRanking",
    "FinalScore",
    "Game",
    "GameState",
    "Handout",
    "ImportFormatError",
    "LogEntry",
    "MammothScoring",
    "Migrate",
    "Migration",
    "Odds",
    "Outcome",
    "Payment",
    "Phase",
    "Resource",
    "Roll",
    "Round",
    "RuleError",
    "Score",
    "Setup",
    "SetupError",
    "StartRound",
    "Taming",
    "Tile",
    "Withdraw",
    "apply",
    "builtin_decks",
    "end_again",
    "game_from_json",
    "game_to_json",
    "get_deck",
    "handouts",
    "load_deck",
    "make_setup",
    "mammoth_scoring",
    "max_players_per_area",
    "play",
    "redo",
    "reopen",
    "replay",
    "sheet_ranking",
    "start_game",
    "undo",
    "win_odds",
]
