"""A typed ``ft.memo``: the memoized component keeps its signature for mypy.

Flet 1.0.5's ``ft.memo`` is untyped; this wrapper is the one place that says so.
Call memoized components with keyword arguments, so a reordered parameter
cannot silently swap two values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar, cast

import flet as ft

P = ParamSpec("P")
R = TypeVar("R")


def memo(component: Callable[P, R]) -> Callable[P, R]:
    """``ft.memo(component)``: skipped on re-render while its arguments stay equal."""
    return cast(Callable[P, R], ft.memo(component))  # type: ignore[no-untyped-call]
