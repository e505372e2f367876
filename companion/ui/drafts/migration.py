"""The migration being edited: whose it is, and its people and payment.

:class:`Draft` (people and payment) is an observable of its own, so a stepper
tap re-renders only the editor's lines and the odds, not the whole screen.
:class:`MigrationEditor` knows whose migration is open and records it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...rules import Migrate, Payment, Phase, Withdraw
from ...rules.resources import MAX_PEOPLE, MIN_PEOPLE, Resource
from ..controller import GameController
from ..guard import guard_handlers
from ..round_view import RoundView
from ..session import Message

#: Payment order when fewer people are moved: food goes first.
RESOURCES = tuple(resource.value for resource in Resource)


@ft.observable
@dataclass
class Draft:
    people: int = 1
    pay: dict[str, int] = field(default_factory=lambda: {"food": 1})

    @property
    def owed(self) -> int:
        return self.people - sum(self.pay.values())

    def reset(self, people: int, pay: dict[str, int]) -> None:
        self.pay = dict(pay)
        self.people = people

    def step_people(self, delta: int) -> None:
        people = max(MIN_PEOPLE, min(MAX_PEOPLE, self.people + delta))
        if people == self.people:
            return
        pay = dict(self.pay)
        if delta > 0:
            pay["food"] = pay.get("food", 0) + (people - self.people)
        else:
            for name in RESOURCES:
                while pay.get(name, 0) > 0 and sum(pay.values()) > people:
                    pay[name] -= 1
        self.pay = pay
        self.people = people

    def step_pay(self, resource: str, delta: int) -> None:
        if resource not in RESOURCES:
            return
        pay = dict(self.pay)
        value = pay.get(resource, 0) + delta
        if value < 0:
            return
        pay[resource] = value
        if delta > 0 and sum(pay.values()) > self.people and resource != "food" and pay.get("food", 0) > 0:
            pay["food"] -= 1  # swapping food for a resource keeps the total
        self.pay = pay


@ft.observable
@guard_handlers
@dataclass
class MigrationEditor:
    play: GameController
    view: RoundView
    editing: int | None = None  # the seat whose migration is open
    last: int | None = None  # the seat last edited: its row takes the keyboard focus again
    draft: Draft = field(default_factory=Draft)
    opened: int = 0  # the round the editor was opened in
    conflict: Message | None = None  # another screen's change this entry cannot simply be saved over

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def reset(self) -> None:
        self.editing = self.last = None
        self.conflict = None

    def edit(self, player: int) -> None:
        game = self.play.game
        if game is None or game.state.phase is not Phase.MIGRATION or type(player) is not int:
            return  # a tap that arrived after the round moved on
        if not 0 <= player < len(game.state.players) or game.state.current is None:
            return
        existing = game.state.current.migration_of(player)
        if existing:
            self.draft.reset(existing.people, {r.value: n for r, n in existing.payment.items()})
        else:
            self.draft.reset(MIN_PEOPLE, {Resource.FOOD.value: MIN_PEOPLE})
        self.editing, self.opened, self.conflict = player, game.state.round_number, None
        self.view.confirm_box = False  # somebody moves: "Box the tile?" is moot
        if self.play.game_id is not None:  # the round keeps the editor mounted, drawn as now
            self.view.editor_shown = (self.play.game_id, player, game.state)
        self.play.session.message = None

    def cancel(self) -> None:
        self.last, self.editing, self.conflict = self.editing, None, None
        self.play.entry_closed()

    def save(self) -> None:
        game = self.play.game
        if self.editing is None or game is None:
            return
        if game.state.round_number != self.opened or game.state.phase is not Phase.MIGRATION:
            self.say("error.entry.moved_on")  # another screen went on from the entry's round
            return
        payment = Payment(**{k: v for k, v in self.draft.pay.items() if v})
        if self.play.dispatch(Migrate(self.editing, self.draft.people, payment)):
            self.last, self.editing, self.conflict = self.editing, None, None
            self.play.entry_closed()

    def withdraw(self, player: int) -> None:
        if self.play.dispatch(Withdraw(player)):
            self.editing, self.conflict = None, None
            self.play.entry_closed()
