"""The herd pane of the round screen, fed from the game state."""

from __future__ import annotations

import flet as ft

from ..components.herd_pane import HerdPaneMemo, HerdView
from ..model import AppModel


def herd_pane(model: AppModel) -> ft.Control:
    assert model.play.game is not None
    state = model.play.game.state
    describe = model.tile.open if state.is_physical and not model.tile.describing else None
    pane: ft.Control = HerdPaneMemo(
        view=HerdView.of(state),
        lang=model.session.lang,
        wide=model.session.wide,
        describe=describe,
        narrow=model.session.narrow,
        key="herd-pane",
    )
    return pane
