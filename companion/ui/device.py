"""This device's own settings: kept on the device, the saved games' file only as defaults.

In room mode every phone at the table is a session of one server. Settings kept once per
server handed one phone's 200 % text (or its language, or its theme) to every phone that
joined later. Each device keeps its own now: a browser in its local storage, a desktop
window or a built app in the platform's preferences (Flet's ``SharedPreferences`` in
both cases). The store's settings, which earlier releases wrote, are only the defaults
for a device that has chosen nothing; the app no longer writes them.

All of a device's choices travel as one JSON object under one key, so that a session
reads them in one round trip before its first screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ..rules.serialize import too_deep
from .textsize import TEXT_SIZES

#: The device storage's key (a browser stores it as ``flutter.mammoth_herd.settings``).
SETTINGS_KEY = "mammoth_herd.settings"
#: The settings a device keeps; anything else found under the key is left out.
KEYS = ("lang", "theme", "animation", "haptics", "text_size", "wakelock")
#: How long a new session waits for the device to answer before it uses the defaults.
READ_TIMEOUT_SECONDS = 3.0


def parse(text: object) -> dict[str, str]:
    """The settings in what the device returned: a JSON object of known keys with text
    values. Anything else (nothing stored, damaged or foreign text) reads as no choice."""
    if not isinstance(text, str) or too_deep(text):
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if key in KEYS and isinstance(value, str)}


@dataclass
class DeviceSettings:
    """One device's choices (``own``) over the saved games' defaults.

    ``write`` sends the whole set, as JSON text, to the device's storage; without one (a
    test, a host that cannot keep anything) the choices last as long as the session.
    """

    defaults: Callable[[str], str | None] = lambda _key: None
    own: dict[str, str] = field(default_factory=dict)
    write: Callable[[str], None] | None = None

    def get(self, key: str) -> str | None:
        """The device's choice for ``key``, else the default (None: neither)."""
        if key in self.own:
            return self.own[key]
        try:
            return self.defaults(key)
        except Exception:  # an unreadable store: the app's own defaults apply
            return None

    def chosen(self, key: str) -> bool:
        """Whether this device (or the defaults) says something about ``key``."""
        return self.get(key) is not None

    def save(self, key: str, value: str) -> None:
        """Keep ``value`` for this device (the write itself goes out in the background)."""
        self.own[key] = value
        if self.write is not None:
            self.write(json.dumps(self.own, sort_keys=True))


@dataclass(frozen=True)
class HandedOver:
    """What the page told the session with its start (``prefs.js``'s ``facts``), so that the
    first screen needs no round trip to the device: its settings (None: not told, ask the
    device) and its languages (None: not told)."""

    settings: dict[str, str] | None = None
    languages: list[str] | None = None


#: More than any page's settings and languages: a longer hand-over is ignored.
MAX_HANDED_OVER = 4096


def handed_over(facts: object) -> HandedOver:
    """The page's facts, as JSON text or as the object it holds; whatever does not read as
    the page's own (damaged, foreign, too long) is ignored, and the device is asked."""
    if isinstance(facts, str):
        if len(facts) > MAX_HANDED_OVER or too_deep(facts):
            return HandedOver()
        try:
            facts = json.loads(facts)
        except ValueError:
            return HandedOver()
    if not isinstance(facts, dict):
        return HandedOver()
    told, languages = facts.get("settings"), facts.get("languages")
    codes = [code[:35] for code in languages[:20] if isinstance(code, str)] if isinstance(languages, list) else None
    return HandedOver(
        settings=parse(told) if isinstance(told, str) and len(told) <= MAX_HANDED_OVER else None,
        languages=codes,
    )


async def _came_back(reconnected: asyncio.Event, timeout: float) -> bool:
    """Whether the tab came back (a reload) within ``timeout``."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(reconnected.wait(), timeout)
    return reconnected.is_set()


async def _ask(
    prefs: ft.SharedPreferences, reconnected: asyncio.Event | None, gone: asyncio.Event | None, timeout: float
) -> tuple[bool, dict[str, str] | None]:
    """One question to the page: whether it answered, and the choices it kept (None if none
    could be read: no storage, a closed tab). No answer when the tab reconnected or went
    away first, or in ``timeout``."""
    answer = asyncio.ensure_future(prefs.get(SETTINGS_KEY))
    waits: set[asyncio.Future[Any]] = {answer}
    waits.update(asyncio.ensure_future(event.wait()) for event in (reconnected, gone) if event is not None)
    done, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    for future in pending:
        future.cancel()
    if answer not in done:
        return False, None
    with contextlib.suppress(Exception):
        return True, parse(answer.result())
    return True, None


async def read(
    prefs: ft.SharedPreferences,
    reconnected: asyncio.Event | None = None,
    gone: asyncio.Event | None = None,
    timeout: float = READ_TIMEOUT_SECONDS,
) -> dict[str, str] | None:
    """This device's stored choices ({} if none); None if it could not tell in time.

    A tab can reload while its session starts (as it reaches a restarted server): the
    question went to the page that left, and the new page joins this session. Set
    ``reconnected`` when it does; the question is then asked again, of the new page. Set
    ``gone`` when the tab disconnects: the question is then not waited for, only a tab that
    comes back within ``timeout`` (a reload) is."""
    for _ in range(3):
        if reconnected is not None:
            reconnected.clear()
        if gone is not None and gone.is_set():
            if reconnected is None or not await _came_back(reconnected, timeout):
                return None  # the tab did not come back
            continue
        answered, settings = await _ask(prefs, reconnected, gone, timeout)
        if answered:
            return settings
        if gone is not None and gone.is_set() and reconnected is not None:
            continue  # the tab went away while asked: wait for it to come back (above)
        if reconnected is None or not reconnected.is_set():
            return None  # no answer in time, and nobody came back to ask
    return None


def _bool(value: str | None, default: bool) -> bool:
    return default if value is None else value == "True"


def values(settings: DeviceSettings, languages: tuple[str, ...]) -> dict[str, object]:
    """The session's settings as ``settings`` give them (a language only if one is chosen)."""
    saved = settings.get("text_size") or ""
    chosen: dict[str, object] = {
        "theme": settings.get("theme") or "system",
        "animation": _bool(settings.get("animation"), True),
        "text_size": int(saved) if saved.isdigit() and int(saved) in TEXT_SIZES else 100,
        "haptics": _bool(settings.get("haptics"), True),
        "wakelock": _bool(settings.get("wakelock"), True),
    }
    if settings.get("lang") in languages:
        chosen["lang"] = settings.get("lang")
    return chosen


async def write(prefs: ft.SharedPreferences, text: str, failed: Callable[[], None]) -> None:
    """Store ``text`` on the device; ``failed`` is told when the device refused it."""
    try:
        kept = await prefs.set(SETTINGS_KEY, text)
    except Exception:  # a private window, a full quota, a closed tab
        kept = False
    if kept is False:
        failed()
