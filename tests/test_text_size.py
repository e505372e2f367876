"""The in-app text size: what grows, what keeps its size, and the setting's memory."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.ui.model import AppModel
from companion.ui.session import WIDE_FROM
from companion.ui.textsize import BODY, TEXT_SIZES, factor_of, grow


def sample() -> tuple[ft.Control, dict[str, ft.Control]]:
    """A button with a label, a text without a size, a fixed-width column of numbers, a
    text field, and a die (fixed width and height) with its number."""
    label = ft.Text("Record", size=18)
    plain = ft.Text("Anna")
    number = ft.Text("5", size=20, width=40)
    field = ft.TextField(text_size=18)
    pip = ft.Text("6", size=24)
    button = ft.FilledButton(content=label, height=56)
    die = ft.Container(content=pip, width=48, height=48)
    tree = ft.Column([button, ft.Row([plain, number]), ft.Container(content=field), die])
    return tree, {"label": label, "plain": plain, "number": number, "field": field, "pip": pip, "button": button}


def test_every_text_grows_and_its_box_with_it() -> None:
    """At 200 %: sized and unsized texts double, a text field's text doubles, a button is
    as tall as its label needs (however many lines), with twice the room around it, and a
    fixed-width column of numbers twice as wide."""
    tree, parts = sample()
    grow(tree, 2.0)
    assert parts["label"].size == 36  # type: ignore[attr-defined]
    assert parts["plain"].size == BODY * 2  # type: ignore[attr-defined]
    assert parts["number"].size == 40 and parts["number"].width == 80  # type: ignore[attr-defined]
    assert parts["field"].text_size == 36  # type: ignore[attr-defined]
    button = parts["button"]
    assert isinstance(button, ft.FilledButton) and button.height is None and button.style is not None
    assert button.style.padding == ft.Padding.symmetric(horizontal=24, vertical=24)


def test_drawn_to_size_keeps_its_size() -> None:
    """A die (a box of fixed width and height) keeps its number's size: it would spill."""
    tree, parts = sample()
    grow(tree, 1.6)
    assert parts["pip"].size == 24  # type: ignore[attr-defined]


def test_100_percent_touches_nothing() -> None:
    """The default walks nothing: a text without a size keeps None (Flutter's default)."""
    tree, parts = sample()
    grow(tree, 1.0)
    assert parts["plain"].size is None  # type: ignore[attr-defined]
    assert parts["button"].height == 56  # type: ignore[attr-defined]


def test_only_offered_sizes_count() -> None:
    assert [factor_of(p) for p in TEXT_SIZES] == [1.0, 1.3, 1.6, 2.0]
    assert factor_of(175) == 1.0 and factor_of(0) == 1.0


def test_the_setting_is_saved_and_lays_out_as_a_narrower_screen(model: AppModel, tmp_path: Path) -> None:
    """Chosen in Settings, stored at once; a refused size changes nothing. Big text on a
    tablet lays out as a phone would (the width counted in 100 % text)."""
    model.session.resize(1280)
    assert model.session.wide
    model.session.set_text_size(200)
    assert model.session.device.get("text_size") == "200"
    assert model.session.room == 640 and not model.session.wide
    model.session.set_text_size(175)  # not offered: ignored, the stored 200 % stays
    assert model.session.text_size == 200
    assert model.session.device.get("text_size") == "200"
    model.session.set_text_size(130)
    assert model.session.room == 1280 / 1.3 and model.session.room >= WIDE_FROM


def test_a_control_handed_again_is_grown_once() -> None:
    """A control drawn before (a kept pane handed to a component again) keeps the size it
    was grown to; an equal but new control is grown on its own."""
    kept = ft.Column([ft.Text("a", size=10)])
    grow(kept, 2.0)
    grow(ft.Row([kept]), 2.0)
    fresh = ft.Column([ft.Text("a", size=10)])
    grow(fresh, 2.0)
    assert kept.controls[0].size == 20 and fresh.controls[0].size == 20  # type: ignore[attr-defined]
