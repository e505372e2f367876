"""Where the herd stands: area picture, face-up tile, pile, next herd."""

from __future__ import annotations

import flet as ft

from ...rules import HERD_AREAS, Game, GameState, Phase
from ..model import AppModel
from ..widgets import area_picture, badge, bonus_view, card, heading, picture, tid, tonal


def colour_of(game: Game | GameState | None, player: int) -> str | None:
    """A player's Stone Age colour, if the setup gave one."""
    colours = game.setup.colours if game else ()
    return colours[player] if player < len(colours) else None


def herd_pane(model: AppModel) -> ft.Control:
    assert model.game is not None
    tr = model.tr
    state = model.game.state
    parts: list[ft.Control] = []
    wide = model.wide
    if state.phase in (Phase.MIGRATION, Phase.RESOLVED) and state.current is not None:
        current = state.current
        herd = current.herd.value if current.herd else "wood"
        starter = state.players[current.start_player]
        parts.append(
            ft.Row(
                [
                    badge(starter, colour_of(model.game, current.start_player), 32),
                    tid("start-player", ft.Text(tr("round.start_player", name=starter), size=16, expand=True)),
                ],
                spacing=8,
            )
        )
        parts.append(
            card(
                ft.Column(
                    [
                        tid(
                            "herd-area",
                            ft.Text(
                                tr("round.herd_at", area=tr(f"area.{herd}")),
                                size=22 if wide else 20,
                                weight=ft.FontWeight.BOLD,
                            ),
                        ),
                        ft.Row(
                            [area_picture(herd, tr(f"area.{herd}"), 420 if wide else 300)],
                            alignment=ft.MainAxisAlignment.CENTER,
                        ),
                    ],
                    spacing=8,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                identifier="herd-card",
            )
        )
        tile = current.tile
        parts.append(
            card(
                ft.Column(
                    [
                        ft.Row([picture("mammoth", 36), heading(tr("round.tile"), 20, expand=True)], spacing=8),
                        ft.Row(
                            [_label("1."), bonus_view(tile.first, tr, 40 if wide else 34, identifier="bonus-first")],
                            spacing=10,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        ft.Divider(height=1),
                        ft.Row(
                            [
                                _label(tr("round.all")),
                                bonus_view(tile.all, tr, 40 if wide else 34, identifier="bonus-all"),
                            ],
                            spacing=10,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                    ],
                    spacing=10,
                ),
                identifier="tile-card",
            )
        )
    elif state.phase is Phase.READY:
        parts.append(_ready(model))
    elif state.phase in (Phase.TAMED, Phase.FINISHED):
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
    if state.phase not in (Phase.TAMED, Phase.FINISHED):
        parts.append(_pile(model))
    return ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _label(text: str) -> ft.Control:
    return ft.Container(
        content=ft.Text(text, size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
        bgcolor=ft.Colors.PRIMARY,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
    )


def _pile(model: AppModel) -> ft.Control:
    assert model.game is not None
    tr = model.tr
    state = model.game.state
    left = len(state.pile)
    if state.is_physical:
        upcoming = tr("round.next_physical")
    elif state.next_herd is not None:
        upcoming = tr("round.next_herd", area=tr(f"area.{state.next_herd.value}"))
    else:
        upcoming = tr("round.last_tile")
    return ft.Row(
        [
            ft.Icon(ft.Icons.LAYERS_OUTLINED),
            tid("tiles-left", ft.Text(tr("round.tiles_left", count=left), size=16, weight=ft.FontWeight.W_600)),
            ft.Text("·"),
            tid("next-herd", ft.Text(upcoming, size=16, expand=True)),
        ],
        spacing=8,
        wrap=False,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _ready(model: AppModel) -> ft.Control:
    """Before a round: physical pile asks where the herd went."""
    assert model.game is not None
    tr = model.tr
    state = model.game.state
    number = state.round_number + 1
    if state.is_physical and state.pile:
        buttons = [
            tonal(
                tr("area.button", area=tr(f"area.{r.value}")),
                lambda _e, r=r: model.start_round(r),
                f"herd-{r.value}",
                expand=True,
            )
            for r in HERD_AREAS
        ]
        return card(
            ft.Column(
                [
                    heading(tr("round.title", n=number)),
                    ft.Text(tr("round.physical_which"), size=16),
                    ft.Row([picture(r.value, 40) for r in HERD_AREAS], alignment=ft.MainAxisAlignment.SPACE_EVENLY),
                    ft.Row(buttons[:2], spacing=8),
                    ft.Row(buttons[2:], spacing=8),
                ],
                spacing=10,
            ),
            identifier="physical-herd",
        )
    return card(
        ft.Column(
            [
                heading(tr("round.title", n=number)),
                ft.Text(tr("round.ready", name=state.players[state.start_player]), size=16),
            ],
            spacing=8,
        )
    )
