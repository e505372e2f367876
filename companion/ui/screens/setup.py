"""New game: players with names and colours, seating, start player, deck."""

from __future__ import annotations

import flet as ft

from ...i18n import Translator
from ...rules import MAX_NAME_LENGTH, PHYSICAL_DECK_ID, TILES_PER_DECK
from ...rules.legal import can_add_seat, can_remove_seat
from ..model import AppModel, Message
from ..textfit import text_width
from ..theme import GAP
from ..widgets import badge, card, heading, icon_button, marks, primary, scroll_key, secondary, tid, tonal

#: From this width (in 100 % text) a seat's buttons sit beside its name field.
SEAT_BUTTONS_BESIDE_FROM = 340
#: What a seat's row gives to other than its name field's text, in px at 100 %: the card's
#: padding (16 each side), the disc's column (56), two icon buttons (48) and the three 8 px
#: gaps between the four, and the field's own padding (12 each side).
SEAT_ROW_BESIDES = 2 * 16 + 56 + 2 * 48 + 3 * 8 + 2 * 12
#: The name field's text size (its prompt's too).
NAME_SIZE = 18


def prompt_fits_beside_buttons(column_room: float, prompt: str) -> bool:
    """Whether the name field's prompt fits on one line in a field with the seat's buttons
    beside it (a prompt on two lines was cut at its end); otherwise the buttons go below."""
    return text_width(prompt, NAME_SIZE, bold=True) <= column_room - SEAT_ROW_BESIDES  # bold: italic's margin


#: From this width the name field sits beside the disc; below it, under the disc.
FIELD_BESIDE_DISC_FROM = 240
#: A name field takes this many characters (a name has at most MAX_NAME_LENGTH).
PASTE_LIMIT = 5 * MAX_NAME_LENGTH


#: The mark at the top of the players' list: a refused Start scrolls there, to its problems.
FIRST_PROBLEM_KEY = "first-name-problem"


def setup_screen(model: AppModel) -> ft.Control:
    """New game: the players (names, colours, seats), the start player, the tiles; a note
    when other games wait. A tablet puts the players beside the choices."""
    players = _players_card(model)
    start = _start_player_card(model)
    deck = _deck_card(model)
    note = _others_waiting(model)
    if model.session.wide:  # a tablet: players on the left, the choices on the right
        return ft.Column(
            [
                *note,
                ft.Row(
                    [
                        ft.Column([players], expand=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        ft.Column(
                            [start, deck],
                            expand=True,
                            spacing=GAP + 4,
                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                        ),
                    ],
                    spacing=GAP + 4,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ],
            spacing=GAP + 4,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
    return ft.Column(
        [*note, players, start, deck],
        spacing=GAP + 4,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _players_card(model: AppModel) -> ft.Control:
    """Each seat's row, Undo of a removal, Add player."""
    tr = model.session.tr
    count = len(model.setup.names)
    initials = marks(model.setup.names)
    problems = model.setup.problems()
    rows = [
        _seat_row(model, seat, name, initials[seat], problems.get(seat)) for seat, name in enumerate(model.setup.names)
    ]
    return card(
        ft.Column(
            [
                # A refused Start scrolls to this mark, always here: a mark that came and went
                # among the rows, or a scroll key on a row, left Flutter's name fields showing
                # stale values after a seat was removed and put back.
                ft.Container(key=scroll_key(FIRST_PROBLEM_KEY), height=0),
                heading(tr("setup.players")),
                ft.Text(tr("setup.seating_hint"), size=14),
                *rows,
                *_undo_remove(model),
                secondary(
                    tr("setup.add_player"),
                    model.setup.add_player if can_add_seat(count) else None,
                    "add-player",
                    ft.Icons.PERSON_ADD,
                ),
            ],
            spacing=GAP,
        )
    )


def _seat_row(model: AppModel, seat: int, name: str, initial: str, message: Message | None) -> ft.Control:
    """One seat: the colour disc, the name field with its problem, move up and remove; laid
    out for the room the text size leaves."""
    tr = model.session.tr
    count = len(model.setup.names)
    error = tr(message.key, **message.params) if message else None
    shown = seat_name(tr, name, seat)
    disc = _colour_disc(model, seat, name, initial, shown)
    field = _name_field(model, seat, name, error)
    room = model.session.room
    seat_buttons: list[ft.Control] = [
        icon_button(
            ft.Icons.ARROW_UPWARD,
            tr("setup.move_up_name", name=shown),
            (lambda _e, s=seat: model.setup.move_seat(s, -1)) if seat > 0 else None,
            f"seat-up-{seat}",
            icon_size=24,
        ),
        icon_button(
            ft.Icons.DELETE_OUTLINE,
            tr("setup.remove_name", name=shown),
            (lambda _e, s=seat: model.setup.remove_player(s)) if can_remove_seat(count) else None,
            f"remove-{seat}",
            icon_size=24,
        ),
    ]
    if room >= SEAT_BUTTONS_BESIDE_FROM and prompt_fits_beside_buttons(
        model.session.column_room, tr("setup.name_hint")
    ):
        return ft.Row([disc, field, *seat_buttons], vertical_alignment=ft.CrossAxisAlignment.START, spacing=8)
    elif room >= FIELD_BESIDE_DISC_FROM:  # the field keeps the row's width, the buttons go below
        return ft.Column(
            [
                ft.Row([disc, field], vertical_alignment=ft.CrossAxisAlignment.START, spacing=8),
                ft.Row(seat_buttons, alignment=ft.MainAxisAlignment.END, spacing=8),
            ],
            spacing=4,
        )
    else:  # big text or a zoomed phone: disc and buttons on a line, the field below at full width
        return ft.Column(
            [
                ft.Row(
                    [disc, ft.Container(expand=True), *seat_buttons],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                    spacing=8,
                ),
                field,
            ],
            spacing=4,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )


def _colour_disc(model: AppModel, seat: int, name: str, initial: str, shown: str) -> ft.Control:
    """The seat's colour: a disc with the player's initial and the colour's name under it
    (shown, not only coloured); a tap gives the seat the next colour."""
    tr = model.session.tr
    colour = model.setup.colours[seat]
    word = tr(f"colour.{colour}")  # as in a sentence ("Colour: red.")
    label = word[:1].upper() + word[1:]  # alone under the disc, a label starts with a capital
    return ft.Semantics(
        identifier=f"colour-{seat}",
        key=f"colour-{seat}",
        button=True,
        content=ft.Container(
            # the disc, and the colour's name under it: shown, not only coloured
            content=ft.Column(
                [
                    badge(shown, colour, 44, initial if name.strip() else str(seat + 1)),
                    ft.Text(
                        label,
                        size=12,
                        text_align=ft.TextAlign.CENTER,
                        semantics_label=f"{shown}. " + tr("setup.colour_hint", colour=word),
                    ),
                ],
                spacing=2,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=lambda _e, s=seat: model.setup.cycle_colour(s),
            ink=True,
            padding=2,
            width=56,
            border_radius=12,
        ),
    )


def _name_field(model: AppModel, seat: int, name: str, error: str | None) -> ft.Control:
    """The seat's name field, under its label, with its problem (if any) as its own error."""
    tr = model.session.tr
    room = model.session.room
    return ft.Container(
        expand=room >= FIELD_BESIDE_DISC_FROM or None,  # beside the disc: the rest of the row
        content=ft.Column(
            [
                # The seat's label above the field; inside it an italic prompt
                # that cannot pass for a name already typed.
                ft.Text(tr("setup.player_label", n=seat + 1), size=13),
                # A group named for the seat: a screen reader says "Player 2" on entering
                # the field (the field's own name is its prompt, the same at every seat).
                ft.Semantics(
                    identifier=f"name-{seat}",
                    key=f"name-{seat}",
                    label=tr("setup.player_label", n=seat + 1),
                    content=ft.TextField(
                        hint_text=tr("setup.name_hint"),
                        hint_style=ft.TextStyle(italic=True, color=ft.Colors.OUTLINE),
                        hint_max_lines=2,  # wraps at a big text size rather than being cut off
                        value=name,
                        on_change=lambda e, s=seat: model.setup.set_name(s, e.control.value),
                        # A long paste is kept and flagged "too long" (not cut without a
                        # word); only a runaway paste stops at this many characters.
                        max_length=PASTE_LIMIT,
                        border_color=ft.Colors.ERROR if error else None,
                        focused_border_color=ft.Colors.ERROR if error else None,
                        text_size=NAME_SIZE,
                        dense=False,
                        counter="",
                        # The message under the field is the field's own error (inside its
                        # node), announced the moment it appears. Flet 1.0.5's web client
                        # cannot mark the field itself invalid (aria-invalid stays false).
                        error=tid(f"name-error-{seat}", ft.Text(error, size=13, color=ft.Colors.ERROR), live=True)
                        if error
                        else None,
                    ),
                ),
            ],
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
    )


def _start_player_card(model: AppModel) -> ft.Control:
    tr = model.session.tr
    return card(
        ft.Column(
            [
                heading(tr("setup.start_player")),
                ft.Row(
                    [
                        tonal(
                            seat_name(tr, name, seat),
                            lambda _e, s=seat: model.setup.choose_start_player(s),
                            f"start-player-{seat}",
                            selected=seat == model.setup.start_player,
                        )
                        for seat, name in enumerate(model.setup.names)
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ],
            spacing=GAP,
        )
    )


def _deck_card(model: AppModel) -> ft.Control:
    """The companion deck or the printed tiles (and then the owner's set, if any)."""
    tr = model.session.tr
    return card(
        ft.Column(
            [
                heading(tr("setup.deck")),
                ft.Row(
                    [
                        tonal(
                            tr("deck.companion"),
                            model.setup.use_companion_deck,
                            "deck-companion",
                            selected=model.setup.deck != PHYSICAL_DECK_ID,
                            expand=True,
                        )
                    ]
                ),
                ft.Text(tr("deck.companion_hint"), size=14),
                ft.Row(
                    [
                        tonal(
                            tr("deck.physical"),
                            model.setup.use_printed_tiles,
                            "deck-physical",
                            selected=model.setup.deck == PHYSICAL_DECK_ID,
                            expand=True,
                        )
                    ]
                ),
                ft.Text(tr("deck.physical_hint"), size=14),
                *(_set_choice(model) if model.setup.deck == PHYSICAL_DECK_ID else []),
            ],
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
    )


def _others_waiting(model: AppModel) -> list[ft.Control]:
    """Other unfinished games stay on the start screen: said once, at the top."""
    tr = model.session.tr
    waiting = len(model.session.unfinished)
    note: list[ft.Control] = []
    if waiting:
        note.append(
            tid(
                "setup-other-games",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.INFO_OUTLINE),
                        ft.Text(tr("setup.others_wait", count=waiting), size=15, expand=True),
                    ],
                    spacing=8,
                ),
            )
        )
    return note


def seat_name(tr: Translator, name: str, seat: int) -> str:
    """A seat's player as the screen names them: the name typed, or "Player 2"."""
    return name.strip() or tr("setup.player_label", n=seat + 1)


def start_button(model: AppModel) -> ft.Control:
    """Start game, in the thumb bar: always in view, on a phone and on a tablet, under the
    tiles it starts with (the choice is kept from the last game, and its card may be below
    the fold)."""
    tr = model.session.tr
    deck = tr("deck.physical" if model.setup.deck == PHYSICAL_DECK_ID else "deck.companion")
    return ft.Column(
        [
            tid("start-deck", ft.Text(tr("setup.start_deck", deck=deck), size=14, text_align=ft.TextAlign.CENTER)),
            ft.Row([primary(tr("setup.start"), model.setup.create_game, "start-game", ft.Icons.PLAY_ARROW)]),
        ],
        spacing=4,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _undo_remove(model: AppModel) -> list[ft.Control]:
    """After a player was removed: who, and a button to put them back."""
    removed = model.setup.removed
    if removed is None or not can_add_seat(len(model.setup.names)):
        return []
    tr = model.session.tr
    seat, name, _colour = removed
    shown = seat_name(tr, name, seat)
    return [
        tid(
            "removed-player",
            ft.Row(
                [
                    ft.Text(tr("setup.removed", name=shown), size=15, italic=True, expand=True),
                    secondary(tr("setup.undo_remove"), model.setup.undo_remove, "undo-remove", ft.Icons.UNDO),
                ],
                spacing=8,
            ),
        )
    ]


def _set_choice(model: AppModel) -> list[ft.Control]:
    """Printed tiles: play with one of the owner's sets (one tap per round) or without."""
    tr = model.session.tr
    chosen = model.setup.printed_set
    button = ft.Row(
        [secondary(tr("start.sets"), model.sets.open_list, "setup-open-sets", ft.Icons.LAYERS_OUTLINED, True)]
    )
    if not model.session.sets:
        return [ft.Text(tr("deck.set_intro"), size=14), button]
    choices: list[ft.Control] = [
        ft.Row(
            [
                tonal(
                    tr("deck.set_none"),
                    lambda: model.setup.choose_set(None),
                    "set-choice-none",
                    selected=chosen is None,
                    expand=True,
                )
            ]
        )
    ]
    for saved in model.session.sets:
        label = tr("deck.set_choice", name=saved.printed.name, count=len(saved.printed.tiles), total=TILES_PER_DECK)
        choices.append(
            ft.Row(
                [
                    tonal(
                        label,
                        lambda _e=None, i=saved.id: model.setup.choose_set(i),
                        f"set-choice-{saved.id}",
                        selected=chosen == saved.id,
                        expand=True,
                    )
                ]
            )
        )
    return [
        ft.Text(tr("deck.set_hint"), size=14, weight=ft.FontWeight.W_600),
        *choices,
        button,
    ]
