"""Two tabs of the static site and one set of saved games, without a browser: the asks and
answers on the tabs' channel, and a waiting tab that takes the slots once they are free."""

from __future__ import annotations

import asyncio

import pytest

from companion.site import handover
from companion.site.handover import HandOver

from .helpers import run_async


class Channel:
    """The site's tabs on one broadcast channel: a text posted reaches every other tab."""

    def __init__(self) -> None:
        self.tabs: list[HandOver] = []
        self.posted: list[str] = []

    def tab(self) -> HandOver:
        tab = HandOver(post=lambda text: self.post(tab, text))
        self.tabs.append(tab)
        return tab

    def post(self, sender: HandOver, text: str) -> None:
        self.posted.append(text)
        for other in self.tabs:
            if other is not sender:
                other.heard(text)


def test_the_holding_tab_lets_go_once_and_answers_only_the_tab_that_asked() -> None:
    """B asks: A lets go and answers B by its id; C, also waiting, is not told the slots are
    free. A second ask finds A already letting go: it does not let go twice."""
    channel = Channel()
    holder, asker, bystander = channel.tab(), channel.tab(), channel.tab()
    gave: list[str] = []
    holder.on_take = lambda: gave.append("slots released, page reloading")
    asker.ask()
    assert gave == ["slots released, page reloading"]
    assert channel.posted == [f"take:{asker.me}", f"released:{asker.me}"]
    assert asker.released.is_set() and not bystander.released.is_set()
    bystander.ask()
    assert gave == ["slots released, page reloading"] and not bystander.released.is_set()


def test_a_waiting_tab_takes_the_slots_when_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slots are busy until the holder answers; the waiting tab tries them at once on the
    answer (not a poll later), and returns what it took."""
    monkeypatch.setattr(handover, "POLL_SECONDS", 60.0)  # only the answer can wake it in time
    channel = Channel()
    holder, asker = channel.tab(), channel.tab()
    free = {"now": False}
    tries: list[bool] = []

    def let_go() -> None:
        free["now"] = True

    holder.on_take = let_go

    async def take() -> str:
        tries.append(free["now"])
        return "slots" if free["now"] else "busy"

    async def walk() -> str:
        waiting = asyncio.ensure_future(handover.wait_for_slots(take, lambda got: got == "busy", asker))
        await asyncio.sleep(0.05)
        asker.ask()
        return await asyncio.wait_for(waiting, 5)

    assert run_async(walk()) == "slots"
    assert tries == [True]


def test_a_waiting_tab_opens_the_games_when_the_other_tab_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody asks: the waiting tab tries every POLL_SECONDS and takes the slots once the
    holding tab is gone."""
    monkeypatch.setattr(handover, "POLL_SECONDS", 0.01)
    channel = Channel()
    waiting = channel.tab()
    answers = iter(["busy", "busy", "slots"])

    async def take() -> str:
        return next(answers)

    assert run_async(handover.wait_for_slots(take, lambda got: got == "busy", waiting)) == "slots"
    assert channel.posted == []
