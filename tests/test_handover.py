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
    """Nobody asks: the waiting tab tries every POLL_SECONDS; it finds the slots free once the
    holding tab is gone, gives them back while they have been free for less than
    GRACE_SECONDS (a reload comes back within it), then takes them."""
    monkeypatch.setattr(handover, "POLL_SECONDS", 0.01)
    monkeypatch.setattr(handover, "GRACE_SECONDS", 0.05)
    channel = Channel()
    waiting = channel.tab()
    answers = iter(["busy", "busy", *["slots"] * 1000])
    given_back: list[str] = []

    async def take() -> str:
        return next(answers)

    got = run_async(handover.wait_for_slots(take, lambda got: got == "busy", waiting, given_back.append))
    assert got == "slots" and given_back and set(given_back) == {"slots"}
    assert channel.posted == []


def test_a_waiting_tab_leaves_the_games_to_the_tab_being_reloaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The holding tab reloads: its slots are free for a moment, and its page says hello as
    it starts; the waiting tab, which did not ask, gives them back every time it finds them
    free and never opens them; the reloaded tab takes them again."""
    monkeypatch.setattr(handover, "POLL_SECONDS", 0.01)
    monkeypatch.setattr(handover, "GRACE_SECONDS", 0.03)
    channel = Channel()
    waiting, reloaded = channel.tab(), channel.tab()
    state = {"free": True, "tries": 0}
    given_back: list[str] = []

    async def take() -> str:
        state["tries"] += 1
        if state["tries"] == 2:
            reloaded.post("hello:page")  # the reloaded page starts
        if state["tries"] == 40:
            state["free"] = False  # its Python took the slots again
        return "slots" if state["free"] else "busy"

    async def walk() -> str | None:
        try:
            return await asyncio.wait_for(
                handover.wait_for_slots(take, lambda got: got == "busy", waiting, given_back.append), 1.0
            )
        except TimeoutError:
            return None

    assert run_async(walk()) is None  # still waiting: the games stayed with the reloaded tab
    assert len(given_back) == 39


def test_a_tab_that_asked_takes_the_games_at_once_even_while_another_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Use the app here" was tapped: the slots, once free, are this tab's, whoever starts."""
    monkeypatch.setattr(handover, "POLL_SECONDS", 0.01)
    channel = Channel()
    waiting, other = channel.tab(), channel.tab()
    other.post("hello:page")
    waiting.ask()

    async def take() -> str:
        return "slots"

    assert run_async(handover.wait_for_slots(take, lambda got: got == "busy", waiting)) == "slots"
