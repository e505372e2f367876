"""The herd pane of the round screen, fed from the game state."""

from __future__ import annotations

import flet as ft

from ...rules import Phase
from ...rules.printed import number_of
from ..components.herd_pane import HerdPaneMemo, HerdView
from ..model import AppModel
from ..step import Entry, RoundStep


def herd_pane(model: AppModel, step: RoundStep) -> ft.Control:
    assert model.play.game is not None
    state = model.play.game.state
    describe = model.tile.open if state.is_physical and not step.shows(Entry.TILE) else None
    tile = state.current.tile if state.current is not None else None
    offer = None
    if tile is not None and state.setup.printed and number_of(tile) is None and tile.first is not None:
        offer = model.sets.offer_current  # a tile the game's set lacks: add it to the owner's set
    if state.phase not in (Phase.MIGRATION, Phase.RESOLVED) or step.shows(Entry.TILE):
        offer = None
    pane: ft.Control = HerdPaneMemo(
        view=HerdView.of(state),
        lang=model.session.lang,
        wide=model.session.wide,
        describe=describe,
        narrow=model.session.narrow,
        offer=offer,
        key="herd-pane",
    )
    return pane
