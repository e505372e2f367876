"""The root component: picks the screen, lays it out for phone or tablet."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Protocol

import flet as ft

from ..rules import Phase
from .components.player_row import row_key
from .components.top_bar import top_bar
from .controller import GameController
from .drafts.dice import DiceDraft
from .drafts.migration import MigrationEditor
from .drafts.sets import SetEditor
from .drafts.setup import SetupDraft
from .drafts.sheet import SheetDraft
from .drafts.tile import TileEditor
from .files import Transfers
from .kept import Frame
from .model import AppModel, Screen
from .round_view import RoundView
from .screen_table import SCREENS
from .screens import BUILDERS
from .screens.play import CONFIRM_KEY, UNFOLDED_KEYS, play_actions, play_body, title
from .screens.setup import FIRST_PROBLEM_KEY, start_button
from .screens.taming import CHOICE_KEY, HAND_KEY, RESULT_KEY, UNPICKED_KEY, choosing
from .session import Session
from .step import Entry, RoundStep
from .textsize import TextScale, factor_of, grow_all
from .theme import MARGIN, MAX_PHONE_WIDTH, MAX_READING_WIDTH, TOUCH, WIDE_MARGIN, theme_mode
from .together import Together
from .widgets import banner, tid

#: The "updated on another device" notice goes away this long after the last such change.
SYNCED_NOTICE_SECONDS = 4.0
#: A scroll to a control waits this long, then this long again, for the control to be laid
#: out on the client (a second scroll to where the first went changes nothing).
SCROLL_AFTER_SECONDS = (0.1, 0.4)


#: The scrolling body of the screen on show: Root scrolls it back to the top at each new step.
class Scroller(Protocol):
    """The ref ``ft.use_ref`` gives: the body's scrolling column, once it is on the page."""

    current: ft.Column | None


def _frame(
    model: AppModel,
    bar: ft.Control,
    body: ft.Control,
    bottom: ft.Control | None,
    scroller: Scroller,
    scroll_body: bool = True,
    step: RoundStep | None = None,
) -> list[ft.Control]:
    """Top bar, banner, the scrolling body and the thumb's button (and, over a round at
    ``step``, the line that another device changed it).

    The body keeps its key through a game's steps: what stays on screen (the herd, the
    players) is patched in place instead of built again, and Root scrolls it to the top
    when the step changes (:func:`_place`). A new screen is a new scroll."""
    tr = model.session.tr
    parts: list[ft.Control] = [bar]
    if model.session.unkept:
        parts.append(unkept_warning(model))
    if model.session.update_ready:
        parts.append(update_line(model))
    if model.session.message is not None:
        parts.append(
            banner(
                tr(model.session.message.key, **model.session.message.params),
                model.session.message.error,
                model.session.dismiss,
                tr("common.close"),
            )
        )
    scroller.current = None
    shown: ft.Control
    if scroll_body:
        column = ft.Column(
            [body],
            expand=True,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            key=f"scroll:{model.play.route}",
        )
        scroller.current = column
        shown = column
    else:
        shown = ft.Container(content=body, expand=True)
    parts.append(shown)
    if step is not None and (notice := synced_notice(model, step)) is not None:
        # Under the body: the body's window ends higher, what it shows stays where it was.
        parts.append(notice)
    if bottom is not None:
        # apart from what scrolls
        parts.append(tid("thumb-bar", ft.Container(content=bottom, padding=ft.Padding.only(top=12))))
    return parts


def unkept_warning(model: AppModel) -> ft.Control:
    """The browser keeps nothing (a private window, a refused or full storage): the game plays
    on in memory, and one line on every screen says so, with why and what to do a tap away
    (the whole text took five lines of a phone's every screen)."""
    session = model.session
    tr = session.tr
    ink = ft.Colors.ON_ERROR_CONTAINER
    line = ft.Row(
        [
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ink, size=20),
            ft.Text(tr("site.unkept_short"), color=ink, size=15, weight=ft.FontWeight.W_600, expand=True),
            tid(
                "unkept-why",
                ft.TextButton(
                    content=ft.Text(
                        tr("site.unkept_hide" if session.unkept_open else "site.unkept_why"), color=ink, size=15
                    ),
                    on_click=session.toggle_unkept,
                    height=TOUCH,
                ),
            ),
        ],
        spacing=8,
    )
    parts: list[ft.Control] = [line]
    if session.unkept_open:
        parts.append(tid("unkept-details", ft.Text(tr("site.unkept"), color=ink, size=15)))
    return tid(
        "unkept",
        control=ft.Container(
            ft.Column(parts, spacing=0),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            padding=ft.Padding.only(left=14, right=4, bottom=8 if session.unkept_open else 0),
        ),
    )


def update_line(model: AppModel) -> ft.Control:
    """The static site has a new version: one line under the top bar (in the layout, so it
    covers no control) with Reload, which takes it, and a close button that keeps this
    version until the next start."""
    session = model.session
    tr = session.tr
    ink = ft.Colors.ON_TERTIARY_CONTAINER
    return tid(
        "update",
        control=ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.SYSTEM_UPDATE, color=ink, size=20),
                    ft.Text(tr("site.update"), color=ink, size=15, weight=ft.FontWeight.W_600, expand=True),
                    tid(
                        "update-reload",
                        ft.FilledButton(
                            content=ft.Text(tr("site.reload"), size=15, weight=ft.FontWeight.W_600),
                            on_click=session.take_update,
                            height=TOUCH,
                        ),
                    ),
                    tid(
                        "update-later",
                        ft.IconButton(
                            ft.Icons.CLOSE,
                            icon_color=ink,
                            tooltip=tr("common.close"),
                            on_click=session.hide_update,
                            width=TOUCH,
                            height=TOUCH,
                        ),
                    ),
                ],
                spacing=8,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=ft.Padding.only(left=14, right=4),
        ),
    )


def synced_notice(model: AppModel, step: RoundStep) -> ft.Control | None:
    """The game on screen was changed on another device: a line between the body and the
    thumb bar. It takes its height from the bottom of the body's window, so nothing on the
    screen moves (a line above the body pushed it down under a thumb) and no control is
    covered (what it hides is scrolled to). It takes no tap: a tap meant for what was just
    there does nothing rather than something else. The same control stays while changes
    keep coming, so it is announced once."""
    if not model.session.synced or step.clash:
        return None  # an open entry's own line says what the other screen did
    tr = model.session.tr
    return tid(
        "synced",
        live=True,
        control=ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_INVERSE_SURFACE, size=20),
                    ft.Text(tr("info.synced"), color=ft.Colors.ON_INVERSE_SURFACE, size=15, expand=True),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            bgcolor=ft.Colors.INVERSE_SURFACE,
            border_radius=20,
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            ignore_interactions=True,
        ),
    )


def _use_synced_notice_timer(model: AppModel) -> None:
    """The notice goes away once no change from another device has come for a while."""
    shown = model.session.synced

    async def hide_later() -> None:
        if shown:
            await asyncio.sleep(SYNCED_NOTICE_SECONDS)
            model.session.dismiss_synced(shown)  # a later change keeps it up (its own timer)

    ft.use_effect(hide_later, [shown])


def _place(model: AppModel, step: RoundStep | None) -> str:
    """Where in a game the table is: each new step opens at the top of the screen."""
    if model.session.screen is Screen.SETUP:
        return f"{model.play.route}:{model.setup.tried}"  # each refused Start shows the problem
    if model.session.screen is Screen.SET:
        # A tile's form and the set (with a game's turned tile over it) each open at the top.
        return f"{model.play.route}:{model.sets.editing}:{model.sets.pending is not None}"
    if model.session.screen is not Screen.PLAY or step is None:
        return model.play.route
    return f"{model.play.route}:{step.key()}"


def screen(model: AppModel, scroller: Scroller, step: RoundStep | None, frame: Frame) -> list[ft.Control]:
    tr = model.session.tr
    name = model.session.screen
    if name is Screen.PLAY and step is not None:
        body, bottom = play_body(model, step, frame)
        bar = top_bar(model, title(model, step), play_actions(model))
        # The tablet's two panes scroll each on their own; a single column scrolls as a whole.
        two_panes = model.session.wide and isinstance(body, ft.Row)
        return _frame(model, bar, body, bottom, scroller, scroll_body=not two_panes, step=step)
    if name is Screen.PLAY:
        name = Screen.START  # the game is gone (deleted on another screen): home
    info = SCREENS[name]
    back = info.back if info.back is not None else model.play.back_target()  # where it was opened from
    if name is Screen.SET and model.sets.from_game:
        back = model.play.back_target()  # a game's "Correct my set": one Back returns to it
    body = BUILDERS[name](model)
    if name is Screen.START:
        return _frame(model, top_bar(model, "", back=None), body, None, scroller)
    bottom = start_button(model) if name is Screen.SETUP else None
    return _frame(model, top_bar(model, tr(info.title), back=back), body, bottom, scroller)


async def push_address(page: ft.Page, route: str) -> None:
    """Put ``route`` in the browser's history. A tab closed before its address went out
    (right after it opened, say) makes Flet raise "Session closed": nobody is left to tell."""
    with contextlib.suppress(RuntimeError):
        await page.push_route(route)


def _use_page_effects(model: AppModel) -> None:
    """Theme and screen wake lock follow the settings and the screen."""
    page = ft.context.page

    def apply_theme() -> None:
        page.theme_mode = theme_mode(model.session.theme)
        page.update()

    # A game on screen, or this phone's code shown to a phone that is joining: awake.
    awake = model.session.wakelock and model.session.screen in (Screen.PLAY, Screen.SHARE, Screen.JOIN_TABLE)

    async def apply_wakelock() -> None:
        with contextlib.suppress(Exception):  # not every platform has a wake lock
            lock = ft.Wakelock()
            await (lock.enable() if awake else lock.disable())  # type: ignore[no-untyped-call]

    ft.use_effect(apply_theme, [model.session.theme])
    ft.use_effect(apply_wakelock, [awake])

    route = model.play.route

    async def push_route() -> None:
        # Each screen change is a step in the browser's history, so Back comes back here.
        if page.route != route:
            await push_address(page, route)

    ft.use_effect(push_route, [route])


def scroll_target(model: AppModel, step: RoundStep | None) -> str | None:
    """Where a new step shows on a phone: the dice pad when it opens, the result once the dice
    are rolled, the row just recorded (or left with Cancel) back in the players' list; None:
    the top of the screen."""
    if model.session.screen is Screen.SETUP:
        # set by a refused Start, kept while typing
        return FIRST_PROBLEM_KEY if model.setup.first_problem is not None else None
    if model.session.screen is not Screen.PLAY or step is None:
        return None
    if step.shows(Entry.DICE) and not model.session.wide:
        # the dice pad, under the herd card; after Apply, the die it found with no value
        return UNPICKED_KEY if model.dice.unpicked is not None else HAND_KEY
    if step.entry_open:
        return None  # an editor opens at its top
    if step.shows(Entry.END):
        return CONFIRM_KEY  # the question End game asks, above the result it would scroll to
    unfolded = model.round.unfolded
    game = model.play.game
    if unfolded is not None and game is not None and unfolded[1] == len(game.log):
        return UNFOLDED_KEYS[unfolded[0]]  # the log or the summary just opened, under the fold
    if step.phase is Phase.RESOLVED and not step.picking:
        # A phone with no room for the winner's choice in its thumb bar has it in the result.
        in_result = not model.session.wide and not model.session.choice_in_bar
        return CHOICE_KEY if in_result and choosing(model) is not None else RESULT_KEY
    if step.phase is Phase.MIGRATION and model.migration.last is not None:
        # The herd's card stays in view where the row just recorded shows whole under it.
        return None if _row_fits_under_the_herd(model, model.migration.last) else row_key(model.migration.last)
    return None


#: A phone's round at 100 % text, measured at 390 × 844 in Chromium: the players' first row
#: starts 405 px below the window's top (the top bar, the herd's card, the list's heading
#: above it), a recorded row takes at most 110 px of the list (it grows by a line once a move
#: is on it), and the thumb bar with Roll 72 px. Each grows with the text size.
ROWS_FROM, ROW_PITCH, ROUND_BAR = 405, 110, 72


def _row_fits_under_the_herd(model: AppModel, seat: int) -> bool:
    """Whether ``seat``'s row shows whole with the round at its top: the players are listed
    in turn order, so its place there says how far down it is."""
    game = model.play.game
    if game is None or model.session.wide:
        return True
    order = game.state.turn_order()
    place = order.index(seat) + 1 if seat in order else len(order)
    factor = factor_of(model.session.text_size)
    return (ROWS_FROM + ROW_PITCH * place + ROUND_BAR) * factor <= model.session.height


def _use_top_at_each_step(model: AppModel, scroller: Scroller, step: RoundStep | None) -> None:
    """A new step of the game (a round, the editor) opens at the top of the body; the result
    and the players' list after Record open where the step is (:func:`scroll_target`)."""
    target = scroll_target(model, step)

    async def to_step() -> None:
        column = scroller.current
        if column is not None:
            with contextlib.suppress(Exception):  # a body not on the page yet has nothing to scroll
                if target is None:
                    await column.scroll_to(offset=0, duration=0)
                else:
                    # The target has just been shown again (the round under the editor): the
                    # client lays it out in a coming frame, and only then can it be scrolled
                    # to; a busy phone may need longer, so the scroll is asked for twice.
                    for wait in SCROLL_AFTER_SECONDS:
                        await asyncio.sleep(wait)
                        await column.scroll_to(scroll_key=target, duration=0)

    # The dice settling is a step too: the verdict and the hand-out appear in the result.
    ft.use_effect(to_step, [_place(model, step), target, model.round.dice_tumbling()])


#: How each entry closes: its own Cancel (the tile editor's is Skip: its bonuses can be
#: entered later).
CLOSE: dict[Entry, Callable[[AppModel], None]] = {
    Entry.END: lambda model: model.round.cancel_end(),
    Entry.MIGRATION: lambda model: model.migration.cancel(),
    Entry.DICE: lambda model: model.dice.cancel_hand_entry(),
    Entry.TILE: lambda model: model.tile.skip(),
    Entry.SET_TILE: lambda model: model.sets.cancel_tile(),
    Entry.SHEET: lambda model: model.sheet.close(),
}


def open_entry(model: AppModel) -> Entry:
    """What is open over the screen on show (nothing on a screen without entries)."""
    if model.session.screen is Screen.SET:
        return Entry.SET_TILE if model.sets.editing is not None else Entry.NONE
    step = model.step() if model.session.screen is Screen.PLAY else None
    return Entry.NONE if step is None else step.entry


def close_open(model: AppModel) -> bool:
    """Close the entry open over the screen on show (the Escape key, and Back before it
    leaves the screen); False if none was."""
    entry = open_entry(model)
    if entry is Entry.NONE:
        return False
    CLOSE[entry](model)
    return True


def back_gesture(model: AppModel) -> None:
    """Android's back (and the desktop's): close what is open, else one screen back."""
    if close_open(model):
        return
    if model.session.screen is Screen.SET:
        model.sets.back()
    else:
        model.play.step_back()


@ft.component
def Root(
    model: AppModel,
    *,
    session: Session,
    play: GameController,
    setup: SetupDraft,
    migration: MigrationEditor,
    dice: DiceDraft,
    tile: TileEditor,
    files: Transfers,
    round: RoundView,
    sets: SetEditor,
    together: Together,
    sheet: SheetDraft,
) -> ft.View:
    """Everything the page shows, drawn from ``model``. Flet re-renders a component when an
    observable handed to it changes, so each observable of the model is handed in too, by
    name (:meth:`AppModel.observed`); drafts' inner lines (a stepper's numbers, a tile's
    goods) re-render on their own."""
    del session, play, setup, migration, dice, tile, files, round, sets, together, sheet  # for Flet to watch
    _use_page_effects(model)
    _use_synced_notice_timer(model)
    scroller: Scroller = ft.use_ref(None)
    # The round's step, computed once for the whole draw and handed to every part that reads it.
    step = model.step() if model.session.screen is Screen.PLAY else None
    _use_top_at_each_step(model, scroller, step)
    # The draw only reads the kept panes; what they showed is remembered once it is done.
    frame = Frame()
    ft.use_effect(frame.remember)
    wide = model.session.wide
    factor = factor_of(model.session.text_size)
    # Components drawn inside see the factor (TextScale); a new factor remounts them all (key).
    shown = TextScale(factor, lambda: grow_all(screen(model, scroller, step, frame), factor))
    content = ft.Container(
        content=ft.Column(shown, expand=True, spacing=8, key=f"text:{factor}"),
        expand=True,
        width=None
        if wide and model.session.screen is Screen.PLAY
        else min(model.session.width, MAX_READING_WIDTH if wide else MAX_PHONE_WIDTH),
        padding=ft.Padding.symmetric(horizontal=WIDE_MARGIN if wide else MARGIN, vertical=8),
    )

    async def on_back(e: ft.Event[ft.View]) -> None:
        back_gesture(model)
        await e.control.confirm_pop(False)

    # One view for every screen, always at "/": the browser's address follows the screen
    # (push_route above), the view does not. A view at any other route made Flet's client
    # take about 300 ms longer to show a resumed game's first screen (bench/PROFILE.md),
    # and a new route made a new navigator page, built from nothing, on every screen change.
    return ft.View(
        route="/",
        can_pop=False,  # the back gesture moves within the app (on_back) and never closes it
        on_confirm_pop=on_back,
        padding=0,
        spacing=0,
        controls=[
            ft.SafeArea(
                content=ft.Row(
                    [content],
                    alignment=ft.MainAxisAlignment.CENTER,
                    expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                expand=True,
            )
        ],
    )
