"""Where the herd stands: area picture, face-up tile, pile, next herd (memoized)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from ...i18n import Translator
from ...rules import GameState, Phase
from ...rules.deck import Tile
from ...rules.resources import Resource
from ...rules.state import Setup
from ..memo import memo
from ..textsize import scaled
from ..widgets import area_picture, bonus_view, card, heading, part_label, picture, player_badge, secondary, tid


@dataclass(frozen=True)
class HerdView:
    """What the herd pane shows, taken from the game state: equal views, same pane."""

    setup: Setup
    phase: Phase
    tile: Tile | None
    round_number: int
    start_player: int
    pile_left: int
    next_herd: Resource | None
    is_physical: bool

    @staticmethod
    def of(state: GameState) -> HerdView:
        current = state.current
        in_round = state.phase in (Phase.MIGRATION, Phase.RESOLVED) and current is not None
        return HerdView(
            setup=state.setup,
            # A round's two phases (people moving, dice settled) draw the same pane: one
            # value for both keeps the memo, so a roll or its undo leaves the pane alone.
            phase=Phase.MIGRATION if in_round else state.phase,
            tile=current.tile if in_round and current else None,
            round_number=state.round_number,
            start_player=current.start_player if in_round and current else state.start_player,
            pile_left=len(state.pile),
            next_herd=state.next_herd,
            is_physical=state.is_physical,
        )


@ft.component
@scaled
def HerdPane(
    view: HerdView,
    lang: str,
    wide: bool,
    describe: Callable[[], None] | None,
    narrow: bool = False,
    offer: Callable[[], None] | None = None,
    key: str | None = None,
) -> ft.Control:
    """Where the herd is, the face-up tile and the pile (memoized: skipped while they stay the same).
    ``offer``: the game's set of printed tiles lacks the tile turned; it can be added there."""
    tr = Translator(lang)
    parts: list[ft.Control] = []
    players = view.setup.players
    if view.tile is not None:
        tile = view.tile
        herd = tile.herd.value if tile.herd else "wood"
        starter = players[view.start_player]
        parts.append(
            ft.Row(
                [
                    player_badge(view.setup, view.start_player, 32),
                    tid("start-player", ft.Text(tr("round.start_player", name=starter), size=16, expand=True)),
                ],
                spacing=8,
            )
        )
        if wide:
            parts += _herd_and_tile_cards(view, tr, tile, herd, describe)
        else:
            parts.append(glance(view, tr, tile, herd, describe, narrow))
    elif view.phase is Phase.READY:
        parts.append(_ready(view, tr))
    elif view.phase in (Phase.TAMED, Phase.FINISHED):
        parts.append(
            card(
                ft.Column(
                    [
                        ft.Row([picture("mammoth", 120)], alignment=ft.MainAxisAlignment.CENTER),
                        tid(
                            "herd-tamed",
                            ft.Text(
                                tr("tamed.title"), size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
                            ),
                        ),
                        ft.Text(tr("tamed.body"), size=16, text_align=ft.TextAlign.CENTER),
                    ],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=8,
                ),
                identifier="tamed-card",
            )
        )
    if view.phase not in (Phase.TAMED, Phase.FINISHED) and (wide or view.tile is None):
        parts.append(_pile(view, tr))  # a phone's glance card holds the pile already
    if offer is not None:
        parts.append(
            card(
                ft.Column(
                    [
                        ft.Text(tr("set_pick.offer"), size=15),
                        ft.Row([secondary(tr("set_pick.offer_button"), offer, "set-offer", ft.Icons.EDIT, True)]),
                    ],
                    spacing=8,
                ),
                identifier="set-offer-card",
            )
        )
    return ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


HerdPaneMemo = memo(HerdPane)


def glance(
    view: HerdView,
    tr: Translator,
    tile: Tile,
    herd: str,
    describe: Callable[[], None] | None,
    narrow: bool = False,
) -> ft.Control:
    """The round at a glance on a phone: herd area, tiles left, next herd and the face-up
    tile's two bonuses in one compact card at the top (the big picture is the tablet's)."""
    return card(
        ft.Column(
            [
                # The picture beside the words; on a narrow window above them.
                (ft.Column if narrow else ft.Row)(
                    [
                        area_picture(herd, tr(f"area_name.{herd}"), 84),
                        ft.Column(
                            [
                                _herd_area(tr, herd, 18),
                                _pile(view, tr, small=True),
                            ],
                            spacing=2,
                            expand=None if narrow else True,
                        ),
                    ],
                    spacing=10,
                ),
                _bonus_line("1.", bonus_view(tile.first, tr, 28, identifier="bonus-first")),
                _bonus_line(tr("round.all"), bonus_view(tile.all, tr, 28, identifier="bonus-all")),
                *_describe_button(tr, tile, describe),
            ],
            spacing=8,
        ),
        padding=12,
        identifier="herd-card",
    )


def _herd_and_tile_cards(
    view: HerdView, tr: Translator, tile: Tile, herd: str, describe: Callable[[], None] | None
) -> list[ft.Control]:
    """On a tablet: the herd's area as a big picture, then the face-up tile."""
    parts: list[ft.Control] = []
    parts.append(
        card(
            ft.Column(
                [
                    _herd_area(tr, herd, 22),
                    ft.Row(
                        [area_picture(herd, tr(f"area_name.{herd}"), 420)],
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                ],
                spacing=8,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            ),
            identifier="herd-card",
        )
    )
    parts.append(
        card(
            ft.Column(
                [
                    ft.Row([picture("mammoth", 36), heading(tr("round.tile"), 20, expand=True)], spacing=8),
                    _bonus_line("1.", bonus_view(tile.first, tr, 40, identifier="bonus-first")),
                    ft.Divider(height=1),
                    _bonus_line(tr("round.all"), bonus_view(tile.all, tr, 40, identifier="bonus-all")),
                    *_describe_button(tr, tile, describe),
                ],
                spacing=10,
            ),
            identifier="tile-card",
        )
    )
    return parts


def _herd_area(tr: Translator, herd: str, size: float) -> ft.Control:
    """Where the herd is, in words ("The herd is in the clay pit")."""
    text = ft.Text(tr("round.herd_at", where=tr(f"area_in.{herd}")), size=size, weight=ft.FontWeight.BOLD)
    return tid("herd-area", text)


def _bonus_line(label: str, bonus: ft.Control) -> ft.Control:
    """A bonus beside its "1." or "all" label; the bonus takes the rest of the line and wraps."""
    return ft.Row(
        [part_label(label), ft.Container(bonus, expand=True)],
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _pile(view: HerdView, tr: Translator, small: bool = False) -> ft.Control:
    if view.pile_left == 0:  # either mode: the next round tames the whole herd
        upcoming = tr("round.last_tile")
    elif view.is_physical:
        upcoming = tr("round.next_physical")
    elif view.next_herd is not None:
        upcoming = tr("round.next_herd", area=tr(f"area_name.{view.next_herd.value}"))
    else:
        upcoming = tr("round.last_tile")
    size = 15 if small else 16
    left = tid(
        "tiles-left", ft.Text(tr("round.tiles_left", count=view.pile_left), size=size, weight=ft.FontWeight.W_600)
    )
    if small:  # beside the glance card's picture: two short lines
        return ft.Column([left, tid("next-herd", ft.Text(upcoming, size=size))], spacing=0)
    return ft.Row(
        [
            ft.Icon(ft.Icons.LAYERS_OUTLINED),
            left,
            ft.Text("·"),
            tid("next-herd", ft.Text(upcoming, size=size, expand=True)),
        ],
        spacing=8,
        wrap=False,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _describe_button(tr: Translator, tile: Tile, describe: Callable[[], None] | None) -> list[ft.Control]:
    """Printed tiles: enter (or correct) what the face-up tile gives."""
    if describe is None:
        return []
    key = "tile.enter" if tile.first is None else "tile.change"
    return [ft.Row([secondary(tr(key), describe, "tile-describe", ft.Icons.EDIT_NOTE, expand=True)])]


def _ready(view: HerdView, tr: Translator) -> ft.Control:
    """Before a companion-deck round (printed tiles show the herd picker instead)."""
    number = view.round_number + 1
    return card(
        ft.Column(
            [
                heading(tr("round.title", n=number)),
                ft.Text(tr("round.ready", name=view.setup.players[view.start_player]), size=16),
            ],
            spacing=8,
        )
    )
