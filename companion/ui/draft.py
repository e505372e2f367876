"""The migration being edited: people and payment, before it is recorded.

A separate observable, so a stepper tap re-renders only the editor and the
odds, not the whole screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ..rules.resources import MAX_PEOPLE, MIN_PEOPLE, Resource

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
