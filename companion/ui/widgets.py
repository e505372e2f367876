"""Small building blocks: test ids, pictures, player badges, buttons, steppers."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import flet as ft

from ..i18n import keep_words
from ..i18n.dates import format_when
from ..rules import Game, GameState, Setup
from ..rules.deck import Bonus
from .textfit import labels_share_a_line
from .theme import GAP, PLAYER_COLOURS, PLAYER_SHAPES, TOUCH

Handler = Callable[..., Any]


def local_time(lang: str, stamp: str | None, now: datetime | None = None, alone: bool = False) -> str:
    """A stored UTC time stamp as this machine's local time, written as ``lang`` writes it,
    "today"/"yesterday" for the last two days (``now``: the reader's moment, for tests);
    ``alone``: it starts a line of its own, so it starts with a capital ("Today, 7:33 AM")."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    today = (now or datetime.now()).astimezone().date()
    text = format_when(lang, moment, today)
    if alone:
        text = text[:1].upper() + text[1:]
    return keep_words(text) if lang == "ko" else text


def scroll_key(value: str) -> ft.ScrollKey:
    """A key that is also a target of ``scroll_to`` (compared in diffs by its value)."""
    return ft.ScrollKey(value)  # type: ignore[call-arg]  # flet's @value decorator hides the field from mypy


def tid(identifier: str, control: ft.Control, variant: str = "", live: bool = False) -> ft.Control:
    """Give ``control`` a stable test id (``flt-semantics-identifier``); ``live`` makes a
    screen reader announce it when it appears or changes (a result, a message)."""
    expand = getattr(control, "expand", None)
    # The key makes a new identifier a new widget: Flutter does not refresh the
    # identifier of a semantics node it reuses.  A ``variant`` does the same when
    # the content changes its kind (a text becoming a row loses the identifier).
    key = f"{identifier}:{variant}" if variant else identifier
    return ft.Semantics(
        identifier=identifier, content=control, expand=expand or None, key=key, live_region=live or None, container=live
    )


def picture(name: str, size: float = 40, label: str | None = None) -> ft.Control:
    """One of the app's own drawings in ``assets/pictures``; without a label it is
    decoration and hidden from screen readers (it would make its card one "image")."""
    return ft.Image(
        src=f"pictures/{name}.svg", width=size, height=size, semantics_label=label, exclude_from_semantics=label is None
    )


def area_picture(resource: str, label: str, width: float = 320) -> ft.Control:
    return ft.Image(
        src=f"pictures/area_{resource}.svg",
        width=width,
        height=width * 9 / 16,
        semantics_label=label,
        fit=ft.BoxFit.CONTAIN,
    )


def marks(names: Sequence[str]) -> list[str]:
    """What each player's disc shows: the initial, or two letters where initials clash
    ("An" and "Ab" for Anna and Abel; the last letter where two letters clash too)."""
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    result = list(initials)
    for seat, initial in enumerate(initials):
        if initials.count(initial) < 2:
            continue
        name = names[seat].strip()
        others = [n.strip() for i, n in enumerate(names) if i != seat and initials[i] == initial]
        second = initial + name[1:2].lower()
        if not any(initial + other[1:2].lower() == second for other in others):
            result[seat] = second
        else:
            result[seat] = initial + (name[-1:].lower() if len(name) > 1 else str(seat + 1))
    return result


def badge(name: str, colour: str | None, size: float = 40, mark: str | None = None) -> ft.Control:
    """A player's disc: their colour, a shape of its own per colour, and their initial (or two
    letters): colour is never the only cue. Hidden from screen readers, who read the name
    beside it (the letter alone would be read as a word)."""
    fill, ink = PLAYER_COLOURS.get(colour or "", ("#6d6d6d", "#ffffff"))
    text = mark or (name[:1].upper() if name else "?")
    shape = PLAYER_SHAPES.get(colour or "", "circle")
    # An edge in the text colour of the theme: 3:1 or more against light and dark cards.
    edge = ft.Border.all(2, ft.Colors.ON_SURFACE)
    letters = ft.Text(text, color=ink, size=size * (0.45 if len(text) == 1 else 0.36), weight=ft.FontWeight.BOLD)
    if shape == "diamond":
        inner = size * 0.74  # a square turned 45 degrees fits the disc's box
        disc: ft.Control = ft.Container(
            width=size,
            height=size,
            alignment=ft.Alignment.CENTER,
            content=ft.Container(
                width=inner,
                height=inner,
                bgcolor=fill,
                border=edge,
                border_radius=3,
                rotate=ft.Rotate(angle=math.pi / 4),
                alignment=ft.Alignment.CENTER,
                content=ft.Container(content=letters, rotate=ft.Rotate(angle=-math.pi / 4)),
            ),
        )
    else:
        radius: ft.BorderRadius | float
        if shape == "leaf":
            radius = ft.BorderRadius.only(top_left=size / 2, bottom_right=size / 2, top_right=3, bottom_left=3)
        else:
            radius = size / 2 if shape == "circle" else size * 0.12
        disc = ft.Container(
            width=size,
            height=size,
            border_radius=radius,
            bgcolor=fill,
            alignment=ft.Alignment.CENTER,
            border=edge,
            content=letters,
        )
    return ft.Semantics(exclude_semantics=True, content=disc)


def player_badge(game: Game | GameState | Setup, player: int, size: float = 40) -> ft.Control:
    """``player``'s disc, with two letters where another player shares the initial."""
    setup = game if isinstance(game, Setup) else game.setup
    return badge(setup.players[player], colour_of(game, player), size, marks(setup.players)[player])


def _button(
    kind: type[ft.FilledButton] | type[ft.OutlinedButton] | type[ft.FilledTonalButton],
    text: ft.Text,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None,
    expand: bool,
    height: float = TOUCH,
    autofocus: bool = False,
) -> ft.Control:
    """A labelled button; no handler means disabled."""
    button = kind(
        content=text,
        icon=icon,
        on_click=on_click,
        height=height,
        expand=expand,
        disabled=on_click is None,
        autofocus=autofocus,
    )
    return tid(identifier, button)


def primary(
    label: str,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None = None,
    expand: bool = True,
    autofocus: bool = False,
) -> ft.Control:
    """The big action button of a screen."""
    text = ft.Text(label, size=18, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER)
    return _button(ft.FilledButton, text, on_click, identifier, icon, expand, TOUCH + 8, autofocus)


def secondary(
    label: str,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None = None,
    expand: bool = False,
    name: str | None = None,
    autofocus: bool = False,
) -> ft.Control:
    """An outlined button; ``name`` is what a screen reader says when the label alone is
    ambiguous ("Move" on every row becomes "Move: Anna")."""
    text = ft.Text(label, size=16, text_align=ft.TextAlign.CENTER, semantics_label=name)
    return _button(ft.OutlinedButton, text, on_click, identifier, icon, expand, TOUCH, autofocus)


def button_line(buttons: list[ft.Control], labels: list[tuple[str, bool]], room: float) -> list[ft.Control]:
    """Buttons side by side where each label fits its share of ``room`` on one line, else one
    per line: Flutter would break a label that does not fit inside its word ("Lösch | en")."""
    if labels_share_a_line(labels, room):
        return [ft.Row(buttons, spacing=8)]
    return [ft.Row([button]) for button in buttons]


def choice_box(
    identifier: str,
    content: ft.Control,
    selected: bool,
    on_click: Handler | None,
    expand: bool = False,
    height: float = TOUCH,
    padding: float = 20,
) -> ft.Control:
    """One option of a choice, filled when chosen; screen readers hear it as checked or not.

    Drawn as an ink container, not a Material button: only then does the one focusable,
    tappable node carry the checked state."""
    box = ft.Container(
        content=content,
        height=height,
        padding=ft.Padding.symmetric(horizontal=padding),
        border_radius=min(height, TOUCH) / 2,
        bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SECONDARY_CONTAINER,
        # Centred only when it fills its share of a row: alignment would stretch a chip in a
        # wrapping row to the whole width.
        alignment=ft.Alignment.CENTER if expand else None,
        ink=True,
        on_click=on_click,
        disabled=on_click is None,
        expand=expand or None,
    )
    return ft.Semantics(
        identifier=identifier,
        key=f"{identifier}:{selected}",
        button=True,
        checked=selected,
        expand=expand or None,
        content=box,
    )


def choice_ink(selected: bool) -> str:
    """The text and icon colour on a choice."""
    return ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SECONDARY_CONTAINER


def tonal(
    label: str,
    on_click: Handler | None,
    identifier: str,
    icon: ft.IconData | None = None,
    selected: bool = False,
    expand: bool = False,
    after: Sequence[ft.Control] = (),
    name: str | None = None,
) -> ft.Control:
    """A choice: the chosen one is filled and carries a check mark (never colour alone; the
    two fills are close in the dark theme). ``after``: drawn after the label (what the choice
    gives, in pictures); ``name``: what a screen reader says for the label."""
    ink = choice_ink(selected)
    mark = ft.Icons.CHECK if selected and icon is None else icon
    parts: list[ft.Control] = [ft.Icon(mark, size=18, color=ink)] if mark else []
    parts.append(ft.Text(label, size=16, color=ink, text_align=ft.TextAlign.CENTER, semantics_label=name))
    parts.extend(after)
    row = ft.Row(
        parts,
        spacing=8,
        tight=True,
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return choice_box(identifier, row, selected, on_click, expand)


#: An icon button's square: 48 px, the Material minimum for a finger.
ICON_TOUCH = 48


def icon_button(
    icon: ft.IconData,
    tooltip: str,
    on_click: Handler | None,
    identifier: str,
    icon_size: float = 28,
    icon_color: ft.ColorValue | None = None,
    autofocus: bool = False,
) -> ft.Control:
    """An icon-only button named for screen readers: the name sits on the icon inside the
    button, so the focusable button node carries it (a tooltip alone sits on a wrapper
    they skip). Disabled without a handler, and said to be."""
    button = ft.IconButton(
        icon=ft.Icon(icon, size=icon_size, color=icon_color, semantics_label=tooltip),
        on_click=on_click,
        disabled=on_click is None,
        width=ICON_TOUCH,
        height=ICON_TOUCH,
        autofocus=autofocus,
    )
    return tid(identifier, button)


def stepper(
    value: int,
    on_minus: Handler | None,
    on_plus: Handler | None,
    identifier: str,
    minus_label: str,
    plus_label: str,
    big: bool = True,
    focus_plus: bool = False,
) -> ft.Control:
    """``[-] value [+]`` with 48 px targets; ``focus_plus`` puts the keyboard on [+] when it appears."""
    size = 28 if big else 22

    def step(side: str, icon: ft.IconData, label: str, on_click: Handler | None) -> ft.Control:
        focus = focus_plus and side == "plus"
        return icon_button(icon, label, on_click, f"{identifier}-{side}", icon_size=size + 4, autofocus=focus)

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


def card(content: ft.Control, padding: float | ft.Padding = 16, identifier: str | None = None) -> ft.Control:
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


def heading(
    text: str,
    size: float = 22,
    expand: bool = False,
    level: int = 2,
    identifier: str | None = None,
    align: ft.TextAlign = ft.TextAlign.START,
    max_lines: int | None = None,
) -> ft.Control:
    """A bold title, a heading for screen readers (level 1: the screen's own title);
    ``expand`` lets it wrap beside a picture instead of overflowing."""
    return ft.Semantics(
        identifier=identifier,
        key=identifier,
        header=True,
        heading_level=level,
        container=True,  # its own node: the lines after it stay out of the heading
        expand=expand or None,
        content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD, text_align=align, max_lines=max_lines),
    )


def part_label(text: str, small: bool = False) -> ft.Control:
    """The "1." or "all" mark before a bonus: the round's tile card, and (``small``) the
    tile cards of an owner's set."""
    return ft.Container(
        content=ft.Text(text, size=16 if small else 18, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
        bgcolor=ft.Colors.PRIMARY,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2)
        if small
        else ft.Padding.symmetric(horizontal=10, vertical=4),
    )


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
        live=True,
        control=ft.Container(
            bgcolor=colour,
            border_radius=12,
            padding=ft.Padding.only(left=16, right=4, top=4, bottom=4),
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE, color=ink),
                    ft.Text(text, color=ink, size=16, expand=True),
                    icon_button(ft.Icons.CLOSE, close_label, on_close, "message-close", icon_color=ink),
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


def entry_note(text: str) -> ft.Control:
    """A line over an open entry: another screen changed the game under it (what it did, and
    what that means for the entry). Announced as it appears."""
    return tid(
        "entry-conflict",
        live=True,
        control=ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER, size=20),
                    ft.Text(text, color=ft.Colors.ON_TERTIARY_CONTAINER, size=15, expand=True),
                ],
                spacing=8,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
        ),
    )
