"""A safety net under every handler: an unexpected error becomes a short message.

Handlers check what they are handed (a seat that no longer exists, a stale
tap), so this net should never catch anything.  If it does, the error is
logged on the server with its traceback and the player sees one sentence in
their language; the browser never receives the traceback.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

log = logging.getLogger("companion.ui")

T = TypeVar("T", bound=type)


class Says(Protocol):
    def say(self, key: str, error: bool = True, **params: Any) -> None: ...


def _wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def run_async(self: Says, *args: Any, **kwargs: Any) -> Any:
            try:
                return await method(self, *args, **kwargs)
            except Exception:
                log.exception("unexpected error in %s", name)
                self.say("error.unexpected")
                return None

        return run_async

    @functools.wraps(method)
    def run(self: Says, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception:
            log.exception("unexpected error in %s", name)
            self.say("error.unexpected")
            return None

    return run


F = TypeVar("F", bound=Callable[..., Any])


def query(method: F) -> F:
    """Mark a method the screens call while they draw (it answers, it handles nothing):
    :func:`guard_handlers` leaves it alone, so an error in it is not turned into a message,
    a change of the model in the middle of a render."""
    method.__query__ = True  # type: ignore[attr-defined]
    return method


def guard_handlers(cls: T) -> T:
    """Wrap every public method ``cls`` defines (not ``say`` itself, not properties, not
    :func:`query` methods)."""
    for name, value in list(vars(cls).items()):
        if name.startswith("_") or name == "say" or not inspect.isfunction(value):
            continue
        if getattr(value, "__query__", False):
            continue
        setattr(cls, name, _wrap(f"{cls.__name__}.{name}", value))
    return cls
