"""The expansion's rules and the app's settled points, in the app's own words."""

from __future__ import annotations

import flet as ft

from ...i18n import catalog
from ..model import AppModel
from ..widgets import card, tid


def rules_screen(model: AppModel) -> ft.Control:
    tr = model.session.tr
    # rules.01h is a heading, rules.02p a paragraph; the number gives the order
    keys = sorted(k for k in catalog("en") if k.startswith("rules.") and k[-1] in "hp" and k[6:8].isdigit())
    sections: list[ft.Control] = []
    for key in keys:
        if key.endswith("h"):
            sections.append(ft.Text(tr(key), size=20, weight=ft.FontWeight.BOLD))
        else:
            sections.append(ft.Text(tr(key), size=16))
    return card(tid("rules-text", ft.Column(sections, spacing=10)))
