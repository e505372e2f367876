"""Taming on the round screen: the result card in its slot, the winner's choice in the
thumb bar, and the dice entered from the table."""

from __future__ import annotations

from functools import partial

import flet as ft

from ...i18n import Translator
from ...rules import Phase
from ...rules.dice import DIE_FACES
from ..components.result_card import CHOICE_KEY as CHOICE_KEY
from ..components.result_card import CHOICES_BESIDE_FROM, ResultCardMemo, choice_column, die
from ..kept import Frame
from ..model import AppModel
from ..round_view import Drawn
from ..widgets import card, entry_note, heading, player_badge, primary, scroll_key, secondary, tid


def face_choice(identifier: str, face: ft.Control, chosen: bool) -> ft.Control:
    """A die face to tap, heard as checked when it is the value entered (not by fill alone)."""
    return ft.Semantics(
        identifier=identifier, key=f"{identifier}:{chosen}", button=True, checked=chosen, expand=True, content=face
    )


#: The result card's slot, and where a phone's round scrolls once the dice are rolled.
RESULT_KEY = "result-slot"
#: The table's dice pad: a phone scrolls to it when it opens (under the herd card, which
#: fills a phone's screen at big text).
HAND_KEY = "hand-slot"


def result_slot(model: AppModel, frame: Frame) -> ft.Control | None:
    """The result card: the dice tumbling (from the tap on Roll, before the roll is saved),
    then the settled round.

    It stays on the page, hidden, in migration (after an Undo of the roll, or in the next
    round), drawn from the result it last showed in this game, so that the next roll or
    Redo changes what is there (:mod:`..kept`). None before the game's first roll."""
    game = model.play.game
    assert game is not None
    state = game.state
    current = state.current
    if current is None:
        return None
    tumbling = model.round.tumbling(current)
    rolled = current.taming if state.phase is Phase.RESOLVED else None
    settled_now: Drawn | None = (state.setup, current) if rolled is not None and tumbling is None else None
    settled = frame.pick(model.round.drawn, model.play.game_id, settled_now)
    taming = rolled if tumbling is None else None
    if taming is None and tumbling is None and settled is not None:
        taming = settled[1].taming  # hidden: the result the card last showed
    dice = tumbling if tumbling is not None else taming.dice if taming is not None else None
    if dice is None:
        return None
    order = state.turn_order()  # as the hand-out under them lists the players
    dice = tuple(sorted(dice, key=lambda faces: order.index(faces[0]) if faces[0] in order else len(order)))
    shown = tumbling is not None or rolled is not None
    content = ResultCardMemo(
        lang=model.session.lang,
        setup=state.setup,
        dice=dice,
        taming=taming,
        settled=settled,
        # A phone with room has the choice in the thumb bar; else it is here, brought into view.
        choose=None if model.session.choice_in_bar else model.play.choose,
        beside=model.session.room >= CHOICES_BESIDE_FROM,
        compact=not model.session.wide and not model.session.thumb_choice,  # big text: one line, as in a bar
        skip=model.round.skip_animation,
        key="result-card",
    )
    # The key is a scroll target too: a phone brings the result into view once rolled.
    return ft.Container(content=content, visible=shown, key=scroll_key(RESULT_KEY))


def choosing(model: AppModel) -> int | None:
    """The winner who chooses "1." or "all" now: the round's roll has settled with a winner
    (None while the dice tumble, before a roll, and when nobody won)."""
    current = model.play.game.state.current if model.play.game is not None else None
    taming = current.taming if current is not None else None
    if taming is None or model.round.dice_tumbling():
        return None
    return taming.winner


def winner_choice(model: AppModel) -> ft.Control | None:
    """The winner's "1." or "all" in a phone's thumb bar, once the dice have settled (at
    every text size: on one line where the window is short for the text); None without a
    winner."""
    assert model.play.game is not None and model.play.game.state.current is not None
    current = model.play.game.state.current
    winner = choosing(model)
    if winner is None:
        return None
    name = model.play.game.state.players[winner]
    beside = model.session.room >= CHOICES_BESIDE_FROM
    compact = not model.session.thumb_choice  # a short window, or big text: one line
    tr = model.session.tr
    return choice_column(tr, name, current.winner_choice, model.play.choose, beside, compact, tile=current.tile)


def hand_entry_pane(model: AppModel) -> ft.Control:
    """Dice rolled at the table: tap each die's value."""
    assert model.play.game is not None
    tr = model.session.tr
    names = model.play.game.state.players
    parts: list[ft.Control] = [heading(tr("hand.title"), 20), ft.Text(tr("hand.hint"), size=15)]
    conflict = model.dice.conflict
    if conflict is not None:
        parts.insert(1, entry_note(tr(conflict.key, **conflict.params)))
    current = model.play.game.state.current
    start = current.start_player if current is not None else 0
    seats = len(names)
    # In turn order from the round's start player, as the hand-out lists them.
    for player, dice in sorted(model.dice.hand_dice.items(), key=lambda item: (item[0] - start) % seats):
        parts.append(
            ft.Row(
                [
                    player_badge(model.play.game, player, 32),
                    ft.Text(names[player], size=17, weight=ft.FontWeight.BOLD),
                ],
                spacing=8,
            )
        )
        parts += [_die_choice(model, tr, player, index, value) for index, value in enumerate(dice)]
    parts.append(ft.Row([primary(tr("hand.apply"), model.dice.submit, "apply-dice", ft.Icons.CHECK)]))
    parts.append(ft.Row([secondary(tr("common.cancel"), model.dice.cancel_hand_entry, "cancel-dice", expand=True)]))
    pad = card(
        ft.Column(parts, spacing=8), padding=ft.Padding.symmetric(horizontal=4, vertical=12), identifier="hand-card"
    )
    return ft.Container(content=pad, key=scroll_key(HAND_KEY))


#: The scroll target of the die that Apply found with no value.
UNPICKED_KEY = "die-unpicked-at"


def _die_choice(model: AppModel, tr: Translator, player: int, index: int, value: int) -> ft.Control:
    """One die's label and its six faces (the row fits a 320 px phone unwrapped); the die
    Apply found with no value is marked, and is where a phone scrolls to."""
    unpicked = (player, index) == model.dice.unpicked
    choice = tid(
        f"hand-{player}-{index}",
        ft.Column(
            [
                _die_label(tr, index, unpicked),
                ft.Row(
                    [
                        face_choice(
                            f"hand-{player}-{index}-{face}",
                            die(face, face == value, 48, partial(model.dice.set_die, player, index, face)),
                            face == value,
                        )
                        for face in DIE_FACES
                    ],
                    spacing=8,  # six faces 8 px apart fill the card inside its padding
                ),
            ],
            spacing=2,
        ),
    )
    return ft.Container(content=choice, key=scroll_key(UNPICKED_KEY)) if unpicked else choice


def _die_label(tr: Translator, index: int, unpicked: bool) -> ft.Control:
    """A die's label; the die Apply found with no value is marked in words and colour."""
    if not unpicked:
        return ft.Text(tr("hand.die", n=index + 1), size=14)
    return tid(
        "die-unpicked",
        ft.Text(tr("hand.die_unset", n=index + 1), size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR),
    )
