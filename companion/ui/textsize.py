"""The in-app text size: every text on screen grows by the factor chosen in Settings.

Flet 1.0.5 hands Python no text scaler (Flutter's ``MediaQuery.textScaler``), so the
app grows its own texts: :func:`grow` walks a freshly built tree once and multiplies
each text's size, and the height of each box that holds text so that it still fits (a
button with a label takes the height its label needs, however many lines that is).
Boxes of fixed width and height (dice, player discs, pictures, the QR code) keep their
size and contents: they are drawn to that size.  At 100 % nothing is walked.

The factor reaches memoized components through :data:`TextScale`, a Flet context; a new
factor remounts the screen (the root's key), so every component draws again.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterable
from typing import ParamSpec

import flet as ft

P = ParamSpec("P")

#: The sizes offered in Settings, in per cent.
TEXT_SIZES = (100, 130, 160, 200)

#: Flutter's body text, for a text that names no size of its own.
BODY = 14.0
#: A text field's text when it names no size.
FIELD = 16.0

#: The factor in force where a component draws (1.0 outside any provider).
TextScale = ft.create_context(1.0)

#: Buttons with a text label: at a grown size they are as tall as their label needs.
BUTTONS = (ft.FilledButton, ft.OutlinedButton, ft.FilledTonalButton)
#: Room above and below a grown button's label (times the factor), and at its sides: at
#: 130 % a one-line button stays a finger's height (48 px) or more.
BUTTON_ROOM = 12.0
BUTTON_SIDE = 24.0

_CHILDREN = ("content", "controls", "actions", "leading", "title", "subtitle", "trailing")

#: Every control grown so far, by identity (Flet's controls compare equal by value): a
#: control drawn before and handed to a component again (a kept pane, a memoized line) was
#: grown then, and is not grown a second time.
_GROWN: weakref.WeakValueDictionary[int, object] = weakref.WeakValueDictionary()


def factor_of(percent: int) -> float:
    """A stored text size as a factor; anything not offered counts as 100 %."""
    return percent / 100 if percent in TEXT_SIZES else 1.0


def grow(control: ft.Control, factor: float) -> ft.Control:
    """``control`` with every text in it ``factor`` times its size (in place); returned
    for use inline."""
    if factor != 1.0:
        _grow(control, factor)
    return control


def grow_all(controls: Iterable[ft.Control], factor: float) -> list[ft.Control]:
    return [grow(control, factor) for control in controls]


def _grow_text(control: ft.Text, factor: float) -> None:
    control.size = (control.size or BODY) * factor
    if control.width is not None:  # a column of numbers or labels: as much wider
        control.width *= factor


def _grow_field(control: ft.TextField, factor: float) -> None:
    control.text_size = (control.text_size or FIELD) * factor


def _grow_button(control: object, factor: float) -> bool:
    """A button with a label of fixed height: a grown label may need more lines than a grown
    height holds (a long Spanish or German label at 200 %), so the button takes its label's
    height, with room around it. Whether ``control`` was one."""
    if not (isinstance(control, BUTTONS) and isinstance(control.content, ft.Text) and control.height is not None):
        return False
    control.height = None
    control.style = control.style or ft.ButtonStyle()
    control.style.padding = ft.Padding.symmetric(horizontal=BUTTON_SIDE, vertical=BUTTON_ROOM * factor)
    _grow(control.content, factor)
    return True


def _grow_box(control: object, factor: float) -> bool:
    """A box's height grown for the text it holds (a chip, a bar); whether its contents grow
    too (not in a box of fixed width and height: a die, a disc, a picture)."""
    width = getattr(control, "width", None)
    height = getattr(control, "height", None)
    if width is not None and height is not None:
        return False
    if height is not None and not isinstance(control, ft.Divider):
        control.height = height * factor  # type: ignore[attr-defined]  # room for its text
    return True


def _children(control: object) -> Iterable[object]:
    for name in _CHILDREN:
        child = getattr(control, name, None)
        if isinstance(child, list):
            yield from child
        elif isinstance(child, ft.Control):
            yield child


def _grow(control: object, factor: float) -> None:
    if _GROWN.get(id(control)) is control:
        return  # drawn before, and grown then: a control a component was handed again
    _GROWN[id(control)] = control
    if isinstance(control, ft.Text):
        _grow_text(control, factor)
    elif isinstance(control, ft.TextField):
        _grow_field(control, factor)
    elif not _grow_button(control, factor) and _grow_box(control, factor):
        for child in _children(control):
            _grow(child, factor)


def scaled(component: Callable[P, ft.Control]) -> Callable[P, ft.Control]:
    """Under ``@ft.component``: the component's tree grows by the factor in force."""

    @functools.wraps(component)
    def draw(*args: P.args, **kwargs: P.kwargs) -> ft.Control:
        factor = ft.use_context(TextScale)
        return grow(component(*args, **kwargs), factor)

    return draw
