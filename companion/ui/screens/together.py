"""Play together (the host's code and the guests' answers) and Join a table (a guest's side).

Each shows one code at a time as a QR code with the same code as text under it, to copy
or send, and a field for the other phone's code where there is no camera."""

from __future__ import annotations

import flet as ft

from ..model import AppModel
from ..together import Stage
from ..widgets import card, heading, primary, secondary, tid

QR_SIZE = 264


def _code_card(model: AppModel, identifier: str, hint: str) -> list[ft.Control]:
    """The code on show: its QR code (once the page drew it), its text and Copy; or, while it
    is being made, a line that says so."""
    tr, together = model.session.tr, model.together
    if not together.code:
        return [
            tid(
                f"{identifier}-making",
                ft.Row([ft.ProgressRing(width=24, height=24), ft.Text(tr("together.making"), size=16)]),
            )
        ]
    parts: list[ft.Control] = [ft.Text(hint, size=16)]
    if together.svg:
        size = min(QR_SIZE, model.session.column_room - 48)
        parts.append(
            ft.Row(
                [
                    ft.Container(
                        content=ft.Image(
                            src=together.svg.encode(), width=size, height=size, semantics_label=tr("together.qr_label")
                        ),
                        bgcolor=ft.Colors.WHITE,
                        padding=8,
                        border_radius=8,
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        )
    parts += [
        ft.Text(tr("together.as_text"), size=14),
        # A read-only field: a long press selects it on any phone (and a screen reader reads it).
        tid(identifier, ft.TextField(value=together.code, read_only=True, multiline=True, text_size=15, dense=True)),
        ft.Row([secondary(tr("together.copy"), together.copy, f"{identifier}-copy", ft.Icons.COPY, expand=True)]),
    ]
    return parts


def _field(model: AppModel, identifier: str, label: str, submit_label: str, submit_id: str) -> list[ft.Control]:
    """The other phone's code, pasted, with its problem under it (in the user's language)."""
    tr, together = model.session.tr, model.together
    problem = tr(together.problem) if together.problem else None
    submit = together.submit_answer if identifier == "share-answer" else together.submit_code
    return [
        tid(
            identifier,
            ft.Container(
                padding=ft.Padding.only(top=8),
                content=ft.TextField(
                    label=label,
                    value=together.typed,
                    on_change=lambda e: together.set_typed(e.control.value),
                    on_submit=lambda _e: submit(),
                    max_length=2000,
                    counter="",
                    text_size=16,
                    error=tid(f"{identifier}-problem", ft.Text(problem, size=14, color=ft.Colors.ERROR), live=True)
                    if problem
                    else None,
                ),
            ),
        ),
        ft.Row([primary(submit_label, submit, submit_id, ft.Icons.LINK)]),
    ]


def share_screen(model: AppModel) -> ft.Control:
    """The host: who has joined, the code for the next phone, and the field for its answer."""
    tr, together = model.session.tr, model.together
    parts: list[ft.Control] = [
        tid(
            "share-status",
            ft.Text(
                tr("together.guests", count=together.guests) if together.guests else tr("together.no_guests"),
                size=18,
                weight=ft.FontWeight.W_600,
            ),
        ),
    ]
    if together.seats:
        parts.append(
            tid("share-seats", ft.Text(tr("together.seats_waiting", count=together.seats), size=16), live=True)
        )
    if together.stage is Stage.FULL:
        parts.append(ft.Text(tr("together.full"), size=16))
    else:
        parts += _code_card(model, "share-code", tr("together.share_hint"))
        if together.code and together.camera not in ("", "granted"):
            parts += [
                tid("share-no-camera", ft.Text(tr("together.host_no_camera"), size=15, italic=True)),
                ft.Row([secondary(tr("together.renew"), together.renew, "share-renew", ft.Icons.REFRESH, True)]),
            ]
        if together.code:
            parts += [
                heading(tr("together.answer_title"), 18),
                ft.Row(
                    [secondary(tr("together.scan_answer"), together.scan, "share-scan", ft.Icons.QR_CODE_SCANNER, True)]
                ),
                *_field(
                    model, "share-answer", tr("together.answer_field"), tr("together.connect"), "share-answer-submit"
                ),
            ]
        if together.stage is Stage.CONNECTING:
            parts.append(tid("share-connecting", ft.Text(tr("together.connecting"), size=16)))
    parts.append(
        ft.Row([secondary(tr("together.back_to_game"), together.back_to_game, "share-done", ft.Icons.CHECK, True)])
    )
    return card(ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def join_table_screen(model: AppModel) -> ft.Control:
    """A guest: the host's code (scanned or pasted), then this phone's answer to show back."""
    tr, together = model.session.tr, model.together
    parts: list[ft.Control]
    if together.stage in (Stage.CODE, Stage.ALONE):
        parts = [
            ft.Text(tr("together.join_hint"), size=16),
            ft.Row([primary(tr("together.scan_code"), together.scan, "join-scan", ft.Icons.QR_CODE_SCANNER)]),
            *_field(model, "join-code", tr("together.code_field"), tr("together.join_submit"), "join-submit"),
        ]
    elif together.stage in (Stage.JOINING, Stage.REJOINING):
        parts = [
            tid(
                f"join-{together.stage.value}",
                ft.Row(
                    [
                        ft.ProgressRing(width=24, height=24),
                        ft.Text(tr(f"together.{together.stage.value}"), size=16, expand=True),
                    ]
                ),
            )
        ]
    else:
        parts = _code_card(model, "join-answer", tr("together.answer_hint"))
    return card(ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
