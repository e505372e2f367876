"""The game put into words, plain text: goods, the winner's "1." or "all", expected counts,
and the short result a table shares. Screens, the game log and the copied summary all take
their words from here, so goods read the same everywhere and in :class:`BonusKind` order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from ..i18n import Translator, decimal, join_names
from ..rules import (
    Action,
    BonusKind,
    Choice,
    Choose,
    DescribeTile,
    EndGame,
    EnterDice,
    EntryKind,
    Game,
    GameState,
    LogEntry,
    Migrate,
    Phase,
    Roll,
    Score,
    StartRound,
    Withdraw,
    mammoth_scoring,
)
from ..rules.deck import Bonus
from ..rules.state import Payment
from .stats import PlayerSummary, player_summaries

#: Goods in a list ("1 food, 2 wood"): the same in all four languages of the app.
GOODS_SEPARATOR = ", "


def listed_text(tr: Translator, goods: Iterable[tuple[str, int]]) -> str:
    """Goods and their amounts in words, in the order given ("2 food, 1 tool")."""
    return GOODS_SEPARATOR.join(tr(f"bonus.{kind}", count=amount) for kind, amount in goods)


def goods_text(tr: Translator, goods: Mapping[str, int]) -> str:
    """Goods and their amounts in words, in :class:`BonusKind` order, leaving out none."""
    return listed_text(tr, ((kind.value, goods[kind]) for kind in BonusKind if goods.get(kind)))


def bonus_text(tr: Translator, bonus: Bonus) -> str:
    """A printed tile's bonus in words, as the tile lists it."""
    return listed_text(tr, ((item.kind.value, item.amount) for item in bonus))


def payment_text(tr: Translator, payment: Payment) -> str:
    """What a migration was paid with: "1 food, 1 wood"."""
    return listed_text(tr, ((resource.value, count) for resource, count in payment.items()))


def choice_label(tr: Translator, choice: Choice) -> str:
    """The winner's bonus as the tile prints it: "1." or the language's "all"."""
    return "1." if choice is Choice.FIRST else tr("round.all")


#: The steps named without a name or a number in them (``None``: "Next round" with printed tiles).
_PLAIN_STEPS: dict[type[Action] | type[None], str] = {
    type(None): "step.next_round",
    DescribeTile: "step.describe",
    Roll: "step.roll",
    EnterDice: "step.enter_dice",
    EndGame: "step.end_game",
}


def step_text(tr: Translator, state: GameState, action: Action | None) -> str:
    """One table step in words, as Undo and Redo name it ("Eva takes “all”"); ``state`` is
    the game at that step (or next to it, in the same round), for the names in it. ``None``
    is "Next round" with printed tiles, which asks where the herd went before any action."""
    names = state.players
    plain = _PLAIN_STEPS.get(type(action))
    if plain is not None:
        return tr(plain)
    match action:
        case StartRound():
            waiting = state.phase in (Phase.READY, Phase.RESOLVED)  # the state before the round began
            return tr("step.start_round", n=state.round_number + 1 if waiting else state.round_number)
        case Migrate(player=player, people=people):
            return tr("step.migrate", name=names[player], count=people)
        case Withdraw(player=player):
            return tr("step.withdraw", name=names[player])
        case Choose(choice=choice):
            return _choose_text(tr, state, choice)
        case Score(player=player, part=part, value=value):
            return tr("step.score", name=names[player], what=tr(f"sheet.part.{part}"), value=value)
    return ""


def _choose_text(tr: Translator, state: GameState, choice: Choice) -> str:
    """The winner's choice in words, with the winner of the round ``state`` is in."""
    taming = state.current.taming if state.current is not None else None
    winner = taming.winner if taming is not None else None
    name = state.players[winner] if winner is not None else ""
    return tr("step.choose", name=name, bonus=choice_label(tr, choice))


def change_text(tr: Translator, state: GameState, entry: LogEntry) -> str:
    """A log entry in words, as another screen's change is named: the step, or its undo or
    redo ("Undone: Eva takes “all”")."""
    what = step_text(tr, state, entry.action)
    if entry.kind is EntryKind.UNDO:
        return tr("info.undone", what=what)
    return tr("info.redone", what=what) if entry.kind is EntryKind.REDO else what


def expected_text(lang: str, value: Fraction) -> str:
    """An expected count: the decimal, and the exact fraction where it is not whole."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{decimal(lang, float(value))} ({value.numerator}/{value.denominator})"


def summary_lines(tr: Translator, lang: str, s: PlayerSummary) -> list[str]:
    """The lines under a player's name in "What each player got"."""
    paid = goods_text(tr, s.paid)
    lines = [
        tr("summary.people", count=s.people),
        tr("summary.paid", payment=paid) if paid else tr("summary.paid_nothing"),
        tr("summary.tamings", joined=s.joined, won=s.won, expected=expected_text(lang, s.expected)),
        tr("tally.tiles", count=s.tiles),
        tr("summary.bonuses", first=s.first, all=s.all),
    ]
    if s.goods:
        lines.append(tr("summary.goods", goods=goods_text(tr, s.goods)))
    if s.unknown:
        lines.append(tr("summary.unknown", count=s.unknown))
    return lines


def summary_text(lang: str, game: Game, date: str) -> str:
    """A short plain-text result for a group chat."""
    tr = Translator(lang)
    scoring = mammoth_scoring(game.state)
    lines = [tr("copy.heading", date=date)]
    for s in player_summaries(game.state):
        lines.append(tr("copy.line", name=s.name, count=s.tiles, won=s.won))
    scorers = join_names(lang, (game.state.players[p] for p in scoring.scorers)) or tr("history.no_scorer")
    lines.append(tr("history.scorers", names=scorers))
    return "\n".join(lines).replace("\u2060", "")
