"""Undo is the inverse of the table's last step, and another screen never wipes an entry.

Hypothesis plays random taps through the real session code, with clients that apply Flet's
patches as the web client does (:mod:`.live_client`), in the three ways a table plays
(the companion deck, printed tiles, printed tiles with the owner's set), on a phone and a
tablet:

- after each tap Undo can take back (an action, or "Next round" opening the tile's question),
  Undo shows what the tab showed before the tap (texts, labels and identifiers of every
  visible control, in order), and Redo what it showed after it;
- while tab A has an entry open with values in it, tab B taps at random: A's entry keeps its
  values; once B's change makes the entry impossible, A says so over it.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import tempfile
from pathlib import Path

import pytest
from flet.pubsub.pubsub_hub import PubSubHub
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.rules import EntryKind, Phase
from companion.server.config import Config
from companion.server.sessions import store_for
from companion.ui.session import Screen

from .helpers import run_async
from .live_client import Tab
from .test_printed_sets import full_set

#: Sequences in each of the six cases (240 in the default run); CI's fuzz profile runs more.
EXAMPLES = max(40, int(os.environ.get("MAMMOTH_FUZZ_EXAMPLES", "0")) // 100)
STEPS = 30
PHONE = (360, 640)
TABLET = (1280, 800)
MODES = ("deck", "printed", "set")
#: What a player may tap on the round screen. Not the game log (its entry count grows with
#: every Undo, by design) and not End game's Yes (the finished game has no Undo: Reopen).
TAPS = re.compile(
    r"(edit-\d|save-migration|withdraw|cancel-migration|people-(plus|minus)|pay-(wood|food)-(plus|minus)"
    r"|roll|box-confirm|box-cancel|enter-dice|hand-\d-\d-\d|apply-dice|cancel-dice|choose-(first|all)|next-round"
    r"|start-round|herd-pick-(wood|brick|stone|gold|cancel)|set-tile-(\d+|other)|tile-skip|tile-save"
    r"|tile-describe|tile-kind-(food|tool|points)|tile-part-(first|all)|toggle-summary)"
)
FLOW = re.compile(r"edit-\d|save-migration|roll|apply-dice|next-round|start-round|herd-pick-\w+|set-tile-\d+|tile-skip")
FLOW_WEIGHT = 6
_counter = itertools.count()


async def _open_game(data: Path, mode: str, size: tuple[int, int]) -> Tab:
    store = store_for(Config(data_dir=str(data)))
    store.set_setting("animation", "False")
    saved = store.create_set(full_set()) if mode == "set" else None
    hub = PubSubHub(asyncio.get_running_loop(), None)
    tab = await Tab.open(data, hub, *size, language="en")
    model = tab.model
    model.play.go(Screen.SETUP)
    for seat, name in enumerate(("Anna", "Bert", "Chloé")):
        model.setup.set_name(seat, name)
    if mode != "deck":
        model.setup.use_printed_tiles()
    if saved is not None:
        model.session.load()
        model.setup.choose_set(saved.id)
    model.setup.create_game()
    await tab.drain()
    return tab


def _choices(tab: Tab) -> list[str]:
    tappable = sorted(i for i in dict.fromkeys(tab.tappable()) if TAPS.fullmatch(i))
    return [i for i in tappable for _ in range(FLOW_WEIGHT if FLOW.fullmatch(i) else 1)]


def _table_step(tab: Tab, log_before: int, asking_before: bool) -> bool:
    """The last tap was a step Undo takes back: an action, or Next round's tile question."""
    game = tab.model.play.game
    assert game is not None
    grew = len(game.log) > log_before and game.log[-1].kind is EntryKind.PLAY
    return grew or (tab.model.round.asking_after_next() and not asking_before)


async def _undo_walk(mode: str, size: tuple[int, int], picks: list[int]) -> None:
    data = Path(tempfile.gettempdir()) / f"mammoth-undo-{os.getpid()}-{next(_counter)}"
    tab = await _open_game(data, mode, size)
    taps: list[str] = []
    try:
        for pick in picks:
            choices = _choices(tab)
            if not choices:
                break
            tap = choices[pick % len(choices)]
            game = tab.model.play.game
            assert game is not None
            before, log_before, asking = tab.shown(), len(game.log), tab.model.round.asking_after_next()
            taps.append(tap)
            await tab.tap(tap)
            if not _table_step(tab, log_before, asking) or tab.visible("undo") is None:
                continue
            after = tab.shown()
            await tab.tap("undo")
            assert tab.shown() == before, (f"Undo after {taps}", _difference(before, tab.shown()))
            said = tab.model.session.message
            assert said is not None and said.key == "info.undone", f"Undo after {taps} said {said}"
            await tab.tap("redo")
            assert tab.shown() == after, (f"Redo after {taps}", _difference(after, tab.shown()))
            said = tab.model.session.message
            assert said is not None and said.key == "info.redone", f"Redo after {taps} said {said}"
    finally:
        await tab.close()


def _difference(expected: list[str], seen: list[str]) -> list[str]:
    import difflib

    return list(difflib.unified_diff(expected, seen, "expected", "seen", lineterm="", n=2))[:40]


#: Reported: printed tiles with a set; round 1 from a tile, two migrations, a roll, the winner
#: takes "all", Next round; Undo on the tile list put "1." back as the choice. The dice are
#: typed in (a 6 against a 1) so that the round has a winner whatever the game's seed.
REPORTED = [
    "set-tile-1",
    "edit-0",
    "save-migration",
    "edit-1",
    "save-migration",
    "enter-dice",
    "hand-0-0-6",
    "hand-1-0-1",
    "apply-dice",
    "choose-all",
    "next-round",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=STEPS))
def test_undo_shows_the_screen_before_the_tap_and_redo_the_one_after(
    mode: str, size: tuple[int, int], picks: list[int]
) -> None:
    """Random taps; after each table step, Undo and Redo give the screens around it."""
    run_async(_undo_walk(mode, size, picks))


def test_the_reported_undo_on_the_tile_list_shows_the_result_as_chosen() -> None:
    """The reported walk, tap by tap (a property test's random taps may miss it): Undo on the
    tile list shows the result with "all" chosen, as before Next round."""

    async def walk() -> None:
        data = Path(tempfile.gettempdir()) / f"mammoth-undo-{os.getpid()}-{next(_counter)}"
        tab = await _open_game(data, "set", PHONE)
        try:
            before: list[str] = []
            for tap in REPORTED:
                before = tab.shown()
                await tab.tap(tap)
            await tab.tap("undo")
            assert tab.shown() == before
            game = tab.model.play.game
            assert game is not None and game.state.phase is Phase.RESOLVED
            assert game.state.current is not None and game.state.current.choice is not None
            assert game.state.current.choice.value == "all"
        finally:
            await tab.close()

    run_async(walk())


# -- two screens ------------------------------------------------------------------------------
OPENERS = ("migration", "dice")
ENTRY = re.compile(r"people-(plus|minus)|pay-(wood|food)-(plus|minus)|hand-\d-\d-\d")


def _entry(tab: Tab) -> tuple[object, ...]:
    """What tab A has typed into its open entry."""
    model = tab.model
    if model.migration.editing is not None:
        return ("migration", model.migration.editing, model.migration.draft.people, dict(model.migration.draft.pay))
    return ("dice", {p: list(v) for p, v in model.dice.hand_dice.items()})


async def _two_tabs(mode: str, opener: str, typed: list[int], picks: list[int]) -> None:
    data = Path(tempfile.gettempdir()) / f"mammoth-two-{os.getpid()}-{next(_counter)}"
    first = await _open_game(data, mode, PHONE)
    model = first.model
    if mode == "set":
        await first.tap("set-tile-1")
    elif mode == "printed":
        await first.tap("herd-pick-gold")
        await first.tap("tile-skip")
    hub = first.connection.pubsubhub
    second = await Tab.open(data, hub, *PHONE, route=model.play.route, language="en")
    taps: list[str] = []
    try:
        # Tab A: Anna on the tile, then the entry opened and values typed into it.
        await first.tap("edit-0")
        await first.tap("save-migration")
        await first.tap("edit-1" if opener == "migration" else "enter-dice")
        for pick in typed:
            entry = sorted(i for i in first.tappable() if ENTRY.fullmatch(i))
            if entry:
                await first.tap(entry[pick % len(entry)])
        game = model.play.game
        assert game is not None
        state = game.state
        typed_in = _entry(first)
        typed_dice = {p: list(v) for p, v in model.dice.hand_dice.items()}
        impossible = False
        for pick in picks:
            choices = _choices(second)
            if not choices:
                break
            tap = choices[pick % len(choices)]
            taps.append(tap)
            await second.tap(tap)
            await first.drain()
            now = model.play.game
            assert now is not None and now == second.model.play.game, f"A did not follow B after {taps}"
            seen = _entry(first)
            moved_on = now.state.phase is not Phase.MIGRATION or now.state.round_number != state.round_number
            if opener == "migration":
                assert seen == typed_in, (taps, seen, typed_in)  # nothing typed is dropped
                current, then = now.state.current, state.current
                changed = current is not None and then is not None and current.migration_of(1) != then.migration_of(1)
                impossible = impossible or moved_on or changed
            else:
                assert model.dice.hand_entry, taps
                on_tile = {m.player: m.people for m in now.state.current.migrations} if now.state.current else {}
                dice_now = {p: list(v) for p, v in model.dice.hand_dice.items()}
                if moved_on:
                    impossible = True
                    assert dice_now == typed_dice, (taps, dice_now, typed_dice)
                else:
                    for player, dice in dice_now.items():
                        old = typed_dice.get(player, [])
                        assert dice[: len(old)] == old[: len(dice)], (taps, dice_now, typed_dice)  # kept as typed
                    impossible = impossible or on_tile != {p: len(v) for p, v in typed_dice.items()}
                    typed_dice = dice_now
            if impossible:
                assert first.visible("entry-conflict") is not None, f"A says nothing after {taps}"
            state = now.state if not impossible else state
    finally:
        await second.close()
        await first.close()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("opener", OPENERS)
@settings(max_examples=max(10, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    typed=st.lists(st.integers(min_value=0, max_value=1000), max_size=4),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12),
)
@example(typed=[0], picks=[])
def test_an_open_entry_keeps_its_values_while_another_screen_plays(
    mode: str, opener: str, typed: list[int], picks: list[int]
) -> None:
    """Tab A's open entry keeps what was typed while tab B taps; when B's change makes it
    impossible (B recorded the same player, or went on), A says so over the entry."""
    run_async(_two_tabs(mode, opener, typed, picks))
