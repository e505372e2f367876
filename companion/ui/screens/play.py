"""The round screen: one column on a phone, two panes on a tablet."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...i18n import join_names
from ...rules import Game, GameState, Phase
from ..components.button_row import ButtonRowMemo
from ..components.top_bar import BarAction
from ..kept import Frame
from ..model import AppModel
from ..step import Entry, RoundStep
from ..widgets import card, player_badge, primary, scroll_key, secondary, tid
from .herd import herd_pane
from .log import round_log
from .migration import editor, editor_slot, players_slot
from .printed import herd_picker, picker_slot, tile_editor, tile_slot
from .scoring import scoring_pane
from .sheet import bgstats_part, sheet_pane, sheet_results
from .summary import player_summary
from .taming import hand_entry_pane, result_slot, winner_choice


def play_actions(model: AppModel) -> tuple[BarAction, ...]:
    """Undo, redo and end game: always one tap away while the game runs.

    A finished game's scoring screen has none of them (its own buttons reopen
    or close it), which leaves its title the whole bar on a narrow phone.
    """
    tr = model.session.tr
    game = model.play.game
    assert game is not None
    if game.state.phase is Phase.FINISHED:
        return _sheet_actions(model) if model.sheet.open else ()
    return (
        BarAction(ft.Icons.UNDO, tr("menu.undo"), model.round.undo if model.round.can_undo() else None, "undo"),
        BarAction(ft.Icons.REDO, tr("menu.redo"), model.round.redo if model.round.can_redo() else None, "redo"),
        # End game 24 px apart from Undo and Redo
        BarAction(ft.Icons.FLAG_OUTLINED, tr("menu.end"), model.round.ask_end, "end-game", apart=True, named=True),
    )


def _sheet_actions(model: AppModel) -> tuple[BarAction, ...]:
    """The score sheet's Undo and Redo: they take back and bring back its counts only (End
    game is taken back by "Reopen the game")."""
    tr = model.session.tr
    undo = model.sheet.undo if model.sheet.can_undo() else None
    redo = model.sheet.redo if model.sheet.can_redo() else None
    return (
        BarAction(ft.Icons.UNDO, tr("menu.undo"), undo, "undo"),
        BarAction(ft.Icons.REDO, tr("menu.redo"), redo, "redo"),
    )


def title(model: AppModel, step: RoundStep) -> str:
    tr = model.session.tr
    if step.phase is Phase.FINISHED:
        return tr("end.over")  # the card under it is headed "Mammoth scoring": not said twice
    if step.phase is Phase.TAMED:
        return tr("tamed.short")
    return tr("round.title", n=step.round)


def _toggle(model: AppModel, name: str, shown: bool, on_click: Callable[[], None], icon: ft.IconData) -> ft.Control:
    """Show or hide the game log (``name`` "log") or what each player got ("summary")."""
    label = model.session.tr(f"{name}.hide" if shown else f"{name}.show")
    return ButtonRowMemo(label=label, on_click=on_click, identifier=f"toggle-{name}", icon=icon, key=f"toggle-{name}")


def _entries_over_the_round(model: AppModel, step: RoundStep, phase: Phase) -> list[ft.Control]:
    """What is open over the round: End game's question; on a wide screen, the tile's
    bonuses and an editor that another screen's step left open."""
    parts: list[ft.Control] = []
    if step.shows(Entry.END):
        parts.append(end_question(model))
    if model.session.wide and step.shows(Entry.TILE):
        parts.append(tile_editor(model))
    if model.session.wide and step.seat is not None and phase is not Phase.MIGRATION:
        # Another screen went on under an open editor: it stays, with its line, over the round.
        open_editor = editor(model, step)
        if open_editor is not None:
            parts.append(open_editor)
    return parts


def _the_round(model: AppModel, step: RoundStep, phase: Phase, frame: Frame) -> list[ft.Control]:
    """While people move and once the dice settled: the table's dice pad, the players' list
    and the result card (each kept on the page while the other shows: a roll, its Undo and
    Redo change what is there), and Enter table dice where the thumb bar has no room."""
    entering = step.shows(Entry.DICE)
    parts = [hand_entry_pane(model)] if entering else []
    listing = phase is Phase.MIGRATION and not entering and not model.round.dice_tumbling()
    slots = (players_slot(model, listing, step, frame), result_slot(model, frame))
    parts += [slot for slot in slots if slot is not None]
    if bottom_action_rolls(model, step) and not model.session.bar_fits(2):
        parts.append(_enter_dice(model))  # not in a thumb bar that would fill the screen
    return parts


def _by_phase(model: AppModel, step: RoundStep, game: Game, frame: Frame) -> list[ft.Control]:
    """The pane's middle: the round, the final scoring, or the tallies once the herd is tamed."""
    phase = game.state.phase
    if phase in (Phase.MIGRATION, Phase.RESOLVED):
        return _the_round(model, step, phase, frame)
    if phase is Phase.FINISHED:
        if step.shows(Entry.SHEET):
            return [sheet_pane(model, game)]
        results = sheet_results(model, game)
        return [
            scoring_pane(model, game, model.sheet.show),
            *([results] if results is not None else []),
            bgstats_part(model, game, model.play.game_id),
            player_summary(model, game, model.play.game_id),
        ]
    if phase is Phase.TAMED:
        return [_tallies(model)]
    return []


#: The scroll targets of the panels behind a tap: a phone scrolls to one as it opens.
UNFOLDED_KEYS = {"log": "log-panel", "summary": "summary-panel"}


def _behind_a_tap(model: AppModel, game: Game) -> list[ft.Control]:
    """The game log, and what each player got (during the game behind a tap; at its end,
    always shown, above)."""
    parts = [_toggle(model, "log", model.round.show_log, model.round.toggle_log, ft.Icons.LIST_ALT)]
    if model.round.show_log:
        parts.append(ft.Container(content=round_log(model, game), key=scroll_key(UNFOLDED_KEYS["log"])))
    if game.state.phase is not Phase.FINISHED:
        shown = model.round.show_summary
        parts.append(_toggle(model, "summary", shown, model.round.toggle_summary, ft.Icons.LEADERBOARD_OUTLINED))
        if shown:
            summary = player_summary(model, game, model.play.game_id)
            parts.append(ft.Container(content=summary, key=scroll_key(UNFOLDED_KEYS["summary"])))
    return parts


def action_pane(model: AppModel, step: RoundStep, frame: Frame) -> ft.Control:
    """The round's pane: what is open over it, the round itself, playing together, and what
    a tap shows (the log, each player's tiles)."""
    game = model.play.game
    assert game is not None
    parts = _entries_over_the_round(model, step, game.state.phase)
    parts += _by_phase(model, step, game, frame)
    parts += _together(model, game.state.phase)
    parts += _behind_a_tap(model, game)
    return ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _together(model: AppModel, phase: Phase) -> list[ft.Control]:
    """Playing together (the static site): the connection's news, and Play together for a
    phone that does not follow another's table."""
    together = model.together
    if not together.available or phase is Phase.FINISHED:
        return []
    tr = model.session.tr
    parts: list[ft.Control] = []
    key, count = together.status()
    if key:
        parts.append(tid("table-status", ft.Text(tr(key, count=count), size=15, italic=True), live=True))
    if not together.follows_a_table():
        parts.append(
            ButtonRowMemo(
                label=tr("together.share"),
                on_click=together.share,
                identifier="share-table",
                icon=ft.Icons.GROUPS,
                key="share-table",
            )
        )
    return parts


def bottom_action_rolls(model: AppModel, step: RoundStep) -> bool:
    """The thumb bar offers the roll now: people moved, no entry open, no dice tumbling."""
    game = model.play.game
    if game is None or step.open:  # End game's question, an editor, the dice pad or the tile's bonuses
        return False
    current = game.state.current
    rolling = model.round.dice_tumbling()
    return game.state.phase is Phase.MIGRATION and not rolling and current is not None and bool(current.migrations)


def _roll_bar(model: AppModel) -> ft.Control:
    """Roll, with Enter table dice under it where the bar has room for both."""
    roll = ButtonRowMemo(
        label=model.session.tr("tame.roll"),
        on_click=model.round.roll,
        identifier="roll",
        icon=ft.Icons.CASINO,
        main=True,
    )
    if not model.session.bar_fits(2):
        return roll  # Enter table dice comes right under the players (action_pane)
    return ft.Column([roll, _enter_dice(model)], spacing=8)


def _rolling_bar(model: AppModel) -> ft.Control:
    """The thumb bar stays while the dice tumble: a second tap of a double tap on Roll lands
    on this disabled button, not on whatever would slide under the finger."""
    return ButtonRowMemo(
        label=model.session.tr("tame.rolling"),
        on_click=None,
        identifier="rolling",
        icon=ft.Icons.CASINO,
        main=True,
        key="rolling",
    )


def _next_round_bar(model: AppModel, state: GameState) -> ft.Control:
    """Next round (or the herd's last tile), the keyboard's place once the dice settle; on a
    phone the winner's choice sits right above it, so Next round never takes the default
    "1." without the choice being in view."""
    key = "round.next" if state.pile else "round.finish_herd"
    number = state.round_number
    next_round_row = ft.Row(
        [
            primary(
                model.session.tr(key),
                lambda: model.round.next_round(number),
                "next-round",
                ft.Icons.ARROW_FORWARD,
                autofocus=True,
            )
        ]
    )
    choice = winner_choice(model) if model.session.choice_in_bar else None
    return next_round_row if choice is None else ft.Column([choice, next_round_row], spacing=10)


def _start_round_bar(model: AppModel, state: GameState) -> ft.Control:
    label = model.session.tr("round.start", n=state.round_number + 1)
    return ft.Row([primary(label, lambda: model.play.start_round(None), "start-round", ft.Icons.PLAY_ARROW)])


def _tamed_bar(model: AppModel, state: GameState) -> ft.Control:
    return ft.Row([primary(model.session.tr("menu.end"), model.round.ask_end, "end-game-tamed", ft.Icons.FLAG)])


def _finished_bar(model: AppModel, state: GameState) -> ft.Control:
    tr = model.session.tr
    reopen = secondary(tr("end.reopen"), lambda: model.play.reopen(), "reopen-game", ft.Icons.UNDO, expand=True)
    return ft.Column(
        [ft.Row([primary(tr("end.done"), model.play.close_finished, "done", ft.Icons.CHECK)]), ft.Row([reopen])],
        spacing=8,
    )


def bottom_action(model: AppModel, step: RoundStep) -> ft.Control | None:
    """The primary action of the moment, within thumb reach."""
    assert model.play.game is not None
    state = model.play.game.state
    if step.shows(Entry.END) or step.shows(Entry.TILE):
        return None
    rolling = model.round.dice_tumbling()
    if bottom_action_rolls(model, step):
        return _roll_bar(model)
    if state.phase is Phase.MIGRATION and not step.entry_open and not rolling:
        return _box_the_tile(model)  # nobody moved yet
    if rolling and state.phase in (Phase.MIGRATION, Phase.RESOLVED):
        return _rolling_bar(model)
    if state.phase is Phase.RESOLVED:
        return _next_round_bar(model, state)
    if state.phase is Phase.READY and not state.is_physical:
        return _start_round_bar(model, state)
    if step.shows(Entry.SHEET):
        return None  # the sheet has its own Done; Reopen the game waits until it is closed
    bar = {Phase.TAMED: _tamed_bar, Phase.FINISHED: _finished_bar}.get(state.phase)
    return None if bar is None else bar(model, state)


def _enter_dice(model: AppModel) -> ft.Control:
    return ButtonRowMemo(
        label=model.session.tr("tame.by_hand"),
        on_click=model.dice.open_hand_entry,
        identifier="enter-dice",
        icon=ft.Icons.EDIT_NOTE,
        key="enter-dice",
    )


def _box_the_tile(model: AppModel) -> ft.Control:
    """Nobody moved: boxing the tile takes a tap on an outlined button and a second on the
    question it opens (a stray tap while the table still moves people boxes nothing)."""
    tr = model.session.tr
    if not model.round.confirm_box:
        return ButtonRowMemo(
            label=tr("tame.nobody"),
            on_click=model.round.ask_box,
            identifier="roll",
            icon=ft.Icons.INVENTORY_2_OUTLINED,
            key="box-tile",
        )
    return ft.Column(
        [
            tid("box-question", ft.Text(tr("tame.box_confirm"), size=16, weight=ft.FontWeight.W_600), live=True),
            ft.Row([primary(tr("tame.box_yes"), model.round.roll, "box-confirm", ft.Icons.INVENTORY_2_OUTLINED)]),
            ft.Row([secondary(tr("common.cancel"), model.round.cancel_box, "box-cancel", expand=True)]),
        ],
        spacing=8,
        key="box-confirm",
    )


#: The end-game question's place on the page: a phone scrolls to it when it opens.
CONFIRM_KEY = "confirm-end-slot"


def end_question(model: AppModel) -> ft.Control:
    """End game's question; a round with people on the tile and no roll yet is named in it,
    as ending leaves that taming out."""
    tr = model.session.tr
    assert model.play.game is not None
    state = model.play.game.state
    unrolled: list[ft.Control] = []
    if state.phase is Phase.MIGRATION and state.current is not None and state.current.migrations:
        names = join_names(model.session.lang, [state.players[m.player] for m in state.current.migrations])
        text = tr("end.confirm_unrolled", n=state.round_number, names=names)
        unrolled.append(ft.Text(text, size=16, weight=ft.FontWeight.W_600))
    question = card(
        ft.Column(
            [
                ft.Text(tr("end.confirm_title"), size=20, weight=ft.FontWeight.BOLD),
                *unrolled,
                ft.Text(tr("end.confirm_body"), size=16),
                ft.Row([primary(tr("end.confirm"), model.round.end_game, "confirm-end", ft.Icons.FLAG)]),
                ft.Row([secondary(tr("common.cancel"), model.round.cancel_end, "cancel-end", expand=True)]),
            ],
            spacing=10,
        ),
        identifier="confirm-card",
    )
    return ft.Container(content=question, key=scroll_key(CONFIRM_KEY))


def _tallies(model: AppModel) -> ft.Control:
    assert model.play.game is not None
    tr = model.session.tr
    state = model.play.game.state
    return card(
        ft.Column(
            [
                ft.Text(tr("tally.title"), size=20, weight=ft.FontWeight.BOLD),
                *[
                    tid(
                        f"tally-{p}",
                        ft.Row(
                            [
                                player_badge(model.play.game, p, 36),
                                ft.Text(name, size=17, expand=True),
                                ft.Text(tr("tally.tiles", count=state.tallies[p]), size=17),
                            ]
                        ),
                    )
                    for p, name in enumerate(state.players)
                ],
            ],
            spacing=8,
        )
    )


def play_body(model: AppModel, step: RoundStep, frame: Frame) -> tuple[ft.Control, ft.Control | None]:
    """The scrolling content and the bottom action, for the round's ``step`` (computed once
    for the draw and handed to every part of the round that reads it)."""
    assert model.play.game is not None
    state = model.play.game.state
    if state.phase is Phase.FINISHED:
        return action_pane(model, step, frame), bottom_action(model, step)  # the scoring alone, on every size
    picking = step.picking
    if picking and (model.session.wide or state.current is None):
        return herd_picker(model), None  # printed tiles: where did the herd go?
    if model.session.wide:
        bottom = bottom_action(model, step)
        right: list[ft.Control] = [
            ft.Column(
                [action_pane(model, step, frame)],
                expand=True,
                scroll=ft.ScrollMode.AUTO,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        ]
        if bottom is not None:
            right.append(bottom)
        body: ft.Control = ft.Row(
            [
                ft.Column(
                    [herd_pane(model, step)],
                    expand=5,
                    scroll=ft.ScrollMode.AUTO,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                ft.Column(right, expand=6, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            ],
            expand=True,
            spacing=20,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        return body, None
    # A phone shows the migration editor (or, with printed tiles, the herd picker) alone, from
    # the top. The round stays mounted under it, hidden: Record (or the herd's area) shows it
    # again, changed where it changed, instead of building it anew. The editor, the herd
    # picker and the tile's bonuses, once shown in a game, stay mounted too, hidden while the
    # round shows (editor_slot, picker_slot, tile_slot).
    # The herd picker (a round not begun) and the editor never show together.
    editing = step.seat is not None
    # On a phone the tile's bonuses, while being entered, come first: they are the step at hand.
    first = tile_slot(model, step, frame)
    the_round = ft.Column(
        [*([first] if first is not None else []), herd_pane(model, step), action_pane(model, step, frame)],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        visible=not picking and not editing,
        key="round",
    )
    slots = (picker_slot(model, picking, frame), editor_slot(model, step.seat))
    body = ft.Column(
        [*(slot for slot in slots if slot is not None), the_round],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    if picking or editing:
        return body, None
    return body, bottom_action(model, step)
