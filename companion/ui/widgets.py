"""Small building blocks: test ids, pictures, player badges, buttons, steppers."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import flet as ft

from ..rules import Game, GameState, Setup
from ..rules.deck import Bonus
from .theme import GAP, PLAYER_COLOURS, TOUCH

Handler = Callable[..., Any]


def local_time(stamp: str | None) -> str:
    """A stored UTC time stamp as this device's local date and time."""
    if not stamp:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def tid(identifier: str, control: ft.Control, variant: str = "") -> ft.Control:
    """Give ``control`` a stable test id (``flt-semantics-identifier``)."""
    expand = getattr(control, "expand", None)
    # The key makes a new identifier a new widget: Flutter does not refresh the
    # identifier of a semantics node it reuses.  A ``variant`` does the same when
    # the content changes its kind (a text becoming a row loses the identifier).
    key = f"{identifier}:{variant}" if variant else identifier
    return ft.Semantics(identifier=identifier, content=control, expand=expand or None, key=key)


def picture(name: str, size: float = 40, label: str | None = None) -> ft.Control:
    """One of the app's own drawings in ``assets/pictures``."""
    return ft.Image(src=f"pictures/{name}.svg", width=size, height=size, semantics_label=label)


def area_picture(resource: str, label: str, width: float = 320) -> ft.Control:
    return ft.Image(
        src=f"pictures/area_{resource}.svg",
        width=width,
        height=width * 9 / 16,
        semantics_label=label,
        fit=ft.BoxFit.CONTAIN,
    )


def badge(name: str, colour: str | None, size: float = 40) -> ft.Control:
    """A player's colour disc with their initial: colour is never the only cue."""
    fill, ink = PLAYER_COLOURS.get(colour or "", ("#6d6d6d", "#ffffff"))
    initial = name[:1].upper() if name else "?"
    return ft.Container(
        width=size,
        height=size,
        border_radius=size / 2,
        bgcolor=fill,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, ft.Colors.with_opacity(0.35, ft.Colors.BLACK)),
        content=ft.Text(initial, color=ink, size=size * 0.45, weight=ft.FontWeight.BOLD),
    )


def _button(
    kind: type[ft.FilledButton] | type[ft.OutlinedButton] | type[ft.FilledTonalButton],
    text: ft.Text,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None,
    expand: bool,
    height: float = TOUCH,
) -> ft.Control:
    """A labelled button; no handler means disabled."""
    button = kind(content=text, icon=icon, on_click=on_click, height=height, expand=expand, disabled=on_click is None)
    return tid(identifier, button)


def primary(
    label: str, on_click: Handler | None, identifier: str, icon: ft.IconData | None = None, expand: bool = True
) -> ft.Control:
    """The big action button of a screen."""
    text = ft.Text(label, size=18, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER)
    return _button(ft.FilledButton, text, on_click, identifier, icon, expand, TOUCH + 8)


def secondary(
    label: str, on_click: Handler | None, identifier: str, icon: ft.IconData | None = None, expand: bool = False
) -> ft.Control:
    text = ft.Text(label, size=16, text_align=ft.TextAlign.CENTER)
    return _button(ft.OutlinedButton, text, on_click, identifier, icon, expand)


def tonal(
    label: str,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None = None,
    selected: bool = False,
    expand: bool = False,
) -> ft.Control:
    """A choice button; the selected one is filled and carries a check mark, so the choice
    never rests on colour alone (the two fills are close in the dark theme)."""
    text = ft.Text(label, size=16, text_align=ft.TextAlign.CENTER)
    mark = ft.Icons.CHECK if selected and icon is None else icon
    return _button(ft.FilledButton if selected else ft.FilledTonalButton, text, on_click, identifier, mark, expand)


def icon_button(icon: ft.IconData, tooltip: str, on_click: Handler | None, identifier: str) -> ft.Control:
    return tid(
        identifier,
        ft.IconButton(icon=icon, tooltip=tooltip, on_click=on_click, icon_size=28, disabled=on_click is None),
    )


def stepper(
    value: int,
    on_minus: Handler | None,
    on_plus: Handler | None,
    identifier: str,
    minus_label: str,
    plus_label: str,
    big: bool = True,
) -> ft.Control:
    """``[-] value [+]`` with 48 px targets."""
    size = 28 if big else 22

    def step(side: str, icon: ft.IconData, label: str, on_click: Handler | None) -> ft.Control:
        button = ft.IconButton(
            icon=icon, icon_size=size + 4, tooltip=label, on_click=on_click, disabled=on_click is None
        )
        return tid(f"{identifier}-{side}", button)

    return ft.Row(
        [
            step("minus", ft.Icons.REMOVE_CIRCLE_OUTLINE, minus_label, on_minus),
            tid(
                f"{identifier}-value",
                ft.Text(
                    str(value), size=size, weight=ft.FontWeight.BOLD, width=size + 6, text_align=ft.TextAlign.CENTER
                ),
            ),
            step("plus", ft.Icons.ADD_CIRCLE_OUTLINE, plus_label, on_plus),
        ],
        spacing=0,
        tight=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def card(content: ft.Control, padding: float = 16, identifier: str | None = None) -> ft.Control:
    box = ft.Card(content=ft.Container(content=content, padding=padding), margin=0)
    return tid(identifier, box) if identifier else box


def editor_frame(identifier: str, parts: list[ft.Control], spacing: float = GAP - 4) -> ft.Control:
    """An editor open in place: the primary colour's outline around its lines."""
    return tid(
        identifier,
        ft.Container(
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            border_radius=14,
            padding=12,
            content=ft.Column(parts, spacing=spacing),
        ),
    )


def heading(text: str, size: float = 22, expand: bool = False) -> ft.Control:
    """A bold title; ``expand`` lets it wrap beside a picture instead of overflowing."""
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD, expand=expand or None)


def bonus_view(
    bonus: Bonus | None,
    tr: Callable[..., str],
    size: float = 36,
    physical_key: str = "bonus.physical",
    identifier: str | None = None,
) -> ft.Control:
    """A bonus as pictures with words: e.g. [tool] 1 tool."""
    if bonus is None:
        control: ft.Control = ft.Text(tr(physical_key), size=16, italic=True)
    else:
        control = ft.Row(
            [
                ft.Row(
                    [
                        picture(item.kind.value, size),
                        ft.Text(tr(f"bonus.{item.kind.value}", count=item.amount), size=17, weight=ft.FontWeight.W_600),
                    ],
                    spacing=6,
                    tight=True,
                )
                for item in bonus
            ],
            wrap=True,
            spacing=GAP,
            run_spacing=4,
        )
    return tid(identifier, control, "unknown" if bonus is None else "known") if identifier else control


def banner(text: str, error: bool, on_close: Handler, close_label: str) -> ft.Control:
    colour = ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER
    ink = ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_SECONDARY_CONTAINER
    return tid(
        "message",
        ft.Container(
            bgcolor=colour,
            border_radius=12,
            padding=ft.Padding.only(left=16, right=4, top=4, bottom=4),
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE, color=ink),
                    ft.Text(text, color=ink, size=16, expand=True),
                    tid(
                        "message-close",
                        ft.IconButton(icon=ft.Icons.CLOSE, icon_color=ink, tooltip=close_label, on_click=on_close),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


def colour_of(game: Game | GameState | Setup | None, player: int) -> str | None:
    """A player's Stone Age colour, if the setup gave one."""
    if game is None:
        return None
    colours = game.colours if isinstance(game, Setup) else game.setup.colours
    return colours[player] if player < len(colours) else None
