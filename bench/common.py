"""What the benchmark's parts share: a result row and its statistics, and the page-driving
helpers (a phone-sized page kept on 127.0.0.1, a timed tap, a new game, one round of taps).

``run.py`` and ``static_site.py`` both import from here, and neither from the other.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from tests.browser.harness import PHONE


# --- statistics ----------------------------------------------------------------------------
@dataclass
class Row:
    name: str
    app: list[float]
    bare: list[float] | None
    unit: str
    target: str
    ok: bool
    note: str = ""

    @staticmethod
    def fmt(values: list[float] | None, unit: str) -> str:
        if not values:
            return "–"
        scale = 1000 if unit == "ms" else 1
        med = statistics.median(values) * scale
        return f"{med:.1f} ({min(values) * scale:.1f}–{max(values) * scale:.1f})"


def median(values: list[float]) -> float:
    return statistics.median(values)


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- browser helpers -------------------------------------------------------------------------
TAP_JS = """
async ([id, targetId, needle, pause]) => {
  await new Promise((r) => setTimeout(r, pause));
  const host = document.querySelector('flt-semantics-host');
  const find = (i) => document.querySelector(`[flt-semantics-identifier="${i}"]`);
  const text = (e) => [e.innerText || '', ...Array.from(e.querySelectorAll('[aria-label]'),
                        n => n.getAttribute('aria-label')), e.getAttribute('aria-label') || ''].join(' ');
  const done = () => { const t = find(targetId); return t && (!needle || text(t).includes(needle)); };
  const el = find(id);
  const button = el.querySelector('[role="button"]') || el;
  const t0 = performance.now();
  return await new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(performance.now() - t0); } });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('no result for ' + id)); }, 10000);
    button.click();
  });
}
"""


def open_page(browser: Any, url: str) -> Any:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else route.abort()
        ),
    )
    return page


def first_interactive(browser: Any, url: str, identifier: str) -> float:
    page = open_page(browser, url)
    start = time.perf_counter()
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.evaluate("e => e.click()")
    page.locator(f'[flt-semantics-identifier="{identifier}"]').first.wait_for(state="attached", timeout=60_000)
    elapsed = time.perf_counter() - start
    page.context.close()
    return elapsed


def ready(page: Any, url: str) -> None:
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.evaluate("e => e.click()")
    page.locator("flt-semantics-host").wait_for(state="attached", timeout=60_000)


def ident(page: Any, identifier: str) -> Any:
    locator = page.locator(f'[flt-semantics-identifier="{identifier}"]').first
    locator.wait_for(state="attached", timeout=30_000)
    return locator


#: Pause before each tap, in ms: people tap a few times a second, and a random pause keeps
#: the clicks from locking onto the browser's 60 Hz frame clock.
PAUSE_MS = (150.0, 300.0)
_pauses = random.Random(5)


def tap(page: Any, identifier: str, target: str, needle: str = "") -> float:
    ident(page, identifier)
    pause = _pauses.uniform(*PAUSE_MS)
    return float(page.evaluate(TAP_JS, [identifier, target, needle, pause])) / 1000


def start_app_game(page: Any, printed: bool = False) -> None:
    """A new game of Anna, Bert and Chloé, with the companion deck or printed tiles."""
    ident(page, "new-game").click()
    for seat, name in enumerate(["Anna", "Bert", "Chloé"]):
        box = ident(page, f"name-{seat}").locator("input").first
        for _ in range(3):
            box.focus()
            box.fill(name) if _ == 0 else box.press_sequentially(name, delay=15)
            try:
                page.wait_for_function(  # the start-player chip says the name (in its text or its label)
                    '([s, n]) => { const e = document.querySelector(`[flt-semantics-identifier="start-player-${s}"]`);'
                    " return !!e && [e.innerText || '', e.getAttribute('aria-label') || '',"
                    " ...Array.from(e.querySelectorAll('[aria-label]'), c => c.getAttribute('aria-label'))]"
                    ".join(' ').includes(n); }",
                    arg=[seat, name],
                    timeout=4000,
                )
                break
            except Exception:
                box.press("Control+a")
                box.press("Delete")
    if printed:
        ident(page, "deck-physical").click()
        page.wait_for_function(
            "() => document.querySelector('[flt-semantics-identifier=\"deck-physical\"]')"
            "?.getAttribute('aria-checked') === 'true'",
            timeout=10_000,
        )
    ident(page, "start-game").click()
    ident(page, "physical-herd" if printed else "players-card")


#: Every tap kind the benchmark times, in the order a round takes them.  The app and its floor page
#: (``baselines/floor.py``) carry the same identifiers, so one function drives both.
TAP_KINDS = (
    "open editor",
    "people stepper",
    "payment stepper",
    "record migration",
    "roll (dice on screen)",
    "undo",
    "redo",
    "bonus choice",
    "next round",
    "herd pick",
)
#: Rounds a game gives the benchmark before it starts a new one (a game has 16).
ROUNDS_PER_GAME = 14


#: Taps a round repeats, so that each kind has enough taps for its ratio to mean something
#: (bench/PROFILE.md, sixth and seventh rounds): the editor opened again after Cancel, a
#: migration recorded again after Undo, Next round and the herd pick again after Undo, and
#: the roll, undo and redo in cycles.
AGAIN = 2
ROLL_CYCLES = 3


def round_taps(page: Any, printed: bool) -> dict[str, list[float]]:
    """One round of taps: (printed tiles: where the herd went,) open the editor, steppers,
    record, roll, undo, redo, the winner's "all", next round. Untimed taps (Cancel, Undo of a
    migration or of a round's start, opening the editor again) set up a kind's tap again."""
    kinds: dict[str, list[float]] = {}

    def record(kind: str, seconds: float) -> None:
        kinds.setdefault(kind, []).append(seconds)

    if printed:
        record("herd pick", tap(page, "herd-pick-wood", "tile-editor"))
        for _ in range(AGAIN):
            tap(page, "undo", "physical-herd")
            record("herd pick", tap(page, "herd-pick-wood", "tile-editor"))
        record("skip the tile's bonuses", tap(page, "tile-skip", "roll"))
    record("open editor", tap(page, "edit-0", "migration-editor"))
    for _ in range(AGAIN):
        tap(page, "cancel-migration", "players-card")
        record("open editor", tap(page, "edit-0", "migration-editor"))
    for _ in range(AGAIN):  # record the editor's first values; Undo opens the editor as it was
        record("record migration", tap(page, "save-migration", "player-0", "moves"))
        tap(page, "undo", "migration-editor")
    for value in (2, 3, 4):
        record("people stepper", tap(page, "people-plus", "people-value", str(value)))
    for value in (3, 2):
        record("people stepper", tap(page, "people-minus", "people-value", str(value)))
    for pair in (
        ("pay-wood-plus", "1"),
        ("pay-stone-plus", "1"),
        ("pay-stone-minus", "0"),
        ("pay-food-plus", "1"),
    ):
        name, shown = pair
        record("payment stepper", tap(page, name, name.rsplit("-", 1)[0] + "-value", shown))
    record("record migration", tap(page, "save-migration", "player-0", "moves"))
    for cycle in range(ROLL_CYCLES):
        record("roll (dice on screen)", tap(page, "roll", "dice-0"))
        record("undo", tap(page, "undo", "roll"))
        record("redo", tap(page, "redo", "dice-0"))
        if cycle < ROLL_CYCLES - 1:
            record("undo", tap(page, "undo", "roll"))
    record("bonus choice", tap(page, "choose-all", "handout-0", "“all”"))
    if printed:  # with printed tiles Next round asks where the herd went: a change of its own
        record("next round to the herd picker", tap(page, "next-round", "physical-herd"))
    else:
        record("next round", tap(page, "next-round", "players-card"))
        for _ in range(AGAIN):
            tap(page, "undo", "next-round")
            record("next round", tap(page, "next-round", "players-card"))
    return kinds
