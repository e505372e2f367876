"""What the table reads off a printed tile, before it is recorded.

A separate observable like :class:`~companion.ui.drafts.migration.Draft`: a tap on a
good or an amount re-renders the tile editor alone.  The limits come from the
rules (:data:`MAX_BONUS_AMOUNT`, :data:`MAX_BONUS_ITEMS`); the rules check the
result again when it is recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...rules import BonusItem, BonusKind, Choice, DescribeTile
from ...rules.actions import MAX_BONUS_ITEMS
from ...rules.deck import MAX_BONUS_AMOUNT, Bonus
from ..controller import GameController
from ..guard import guard_handlers
from ..session import Message


def _items(goods: dict[str, int]) -> Bonus:
    return tuple(BonusItem(BonusKind(kind), amount) for kind, amount in goods.items() if amount)


@ft.observable
@dataclass
class TileDraft:
    """The "1." and "all" bonuses being entered; ``part`` is the one shown."""

    part: Choice = Choice.FIRST
    first: dict[str, int] = field(default_factory=dict)
    all: dict[str, int] = field(default_factory=dict)

    def reset(self, first: Bonus | None = None, every: Bonus | None = None) -> None:
        self.first = {item.kind.value: item.amount for item in first or ()}
        self.all = {item.kind.value: item.amount for item in every or ()}
        self.part = Choice.FIRST

    def goods(self, part: Choice) -> dict[str, int]:
        return self.first if part is Choice.FIRST else self.all

    def _set(self, goods: dict[str, int]) -> None:
        if self.part is Choice.FIRST:
            self.first = goods
        else:
            self.all = goods

    def show(self, part: Choice) -> None:
        self.part = part

    def toggle(self, kind: str) -> None:
        """Add a good (amount 1) to the part shown, or take it out again."""
        goods = dict(self.goods(self.part))
        if kind in goods:
            del goods[kind]
        elif len(goods) < MAX_BONUS_ITEMS and kind in {k.value for k in BonusKind}:
            goods[kind] = 1
        self._set(goods)

    def can_add(self, part: Choice) -> bool:
        return len(self.goods(part)) < MAX_BONUS_ITEMS

    def step(self, kind: str, delta: int) -> None:
        goods = dict(self.goods(self.part))
        if kind not in goods:
            return
        goods[kind] = max(1, min(MAX_BONUS_AMOUNT, goods[kind] + delta))
        self._set(goods)

    @staticmethod
    def can_step(amount: int, delta: int) -> bool:
        return 1 <= amount + delta <= MAX_BONUS_AMOUNT

    def bonuses(self) -> tuple[Bonus, Bonus]:
        return _items(self.first), _items(self.all)


@ft.observable
@guard_handlers
@dataclass
class TileEditor:
    """Whether the printed tile's bonuses are being entered, and recording them."""

    play: GameController
    describing: bool = False
    draft: TileDraft = field(default_factory=TileDraft)
    opened: int = 0  # the round whose tile is being entered
    conflict: Message | None = None  # another screen went on from that round

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def reset(self) -> None:
        self.describing = False
        self.conflict = None

    def open(self) -> None:
        game = self.play.game
        if game is None or game.state.current is None:
            return
        tile = game.state.current.tile
        self.play.reset_drafts()
        self.draft.reset(tile.first, tile.all)
        self.describing, self.opened, self.conflict = True, game.state.round_number, None

    def skip(self) -> None:
        self.describing, self.conflict = False, None
        self.play.entry_closed()

    def save(self) -> None:
        if not self.describing:
            return  # a second tap after it was saved
        game = self.play.game
        if game is None or game.state.round_number != self.opened:
            self.say("error.entry.moved_on")  # another screen went on to another tile
            return
        first, every = self.draft.bonuses()
        if self.play.dispatch(DescribeTile(first, every)):
            self.describing, self.conflict = False, None
            self.play.entry_closed()
