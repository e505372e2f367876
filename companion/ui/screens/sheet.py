"""The final score sheet: after the mammoth scoring, the rest of Stone Age's final count.

A phone shows one player's row at a time (their names side by side choose it); a tablet
shows every row side by side. Each count is a step of the game (:mod:`..drafts.sheet`);
each part's points and the total follow the taps, and the line under the rows names the
winner by the rule. BG Stats' link is on the finished game, with its QR code for a phone.
"""

from __future__ import annotations

import flet as ft

from ...i18n import Translator, join_names
from ...rules import Decided, FinalRanking, Game, sheet_ranking
from ...rules.final import (
    CULTURE_SYMBOLS,
    EMPTY_ROW,
    FIGURES,
    LIMITS,
    QUANTITIES,
    RESOURCES_LEFT,
    figure_points,
    with_count,
)
from ..model import AppModel
from ..textfit import text_width, widest_word
from ..textsize import factor_of
from ..widgets import card, heading, icon_button, picture, player_badge, primary, secondary, stepper, tid, tonal

#: The gap between the players' columns on a tablet, and a card's padding on each side.
COLUMN_GAP = 12
CARD_PADDING = 16
#: A section's heading and its points: their sizes, and the gap between them.
SECTION_TITLE = 17.0
SECTION_POINTS = 16.0
#: The QR code of the BG Stats link, at most (a phone scans it off a tablet).
QR_SIZE = 320
#: A culture symbol's column: at least its picture's width with room; its name's size.
SYMBOL_WIDTH = 84
SYMBOL_NAME = 14.0


def _ranking(model: AppModel, game: Game) -> FinalRanking:
    """The sheet's points as shown: the rows, with the track's text where one is being typed."""
    state = game.state
    rows = state.sheet or tuple(EMPTY_ROW for _ in state.players)
    return sheet_ranking(
        state, tuple(with_count(row, "track", model.sheet.track(seat)) for seat, row in enumerate(rows))
    )


def winner_line(tr: Translator, lang: str, game: Game, ranking: FinalRanking) -> str:
    """Who wins, and which rule decided it, in one line."""
    names = game.state.players
    if not ranking.winners:
        return tr("sheet.nobody")
    top = ranking.scores[ranking.winners[0]]
    if ranking.decided is Decided.POINTS:
        return tr("sheet.winner_points", name=names[ranking.winners[0]], points=top.total)
    level = [p for p, score in enumerate(ranking.scores) if score.total == top.total]
    together = join_names(lang, (names[p] for p in level))
    if ranking.decided is Decided.TIE_BREAK:
        return tr(
            "sheet.winner_tie_break",
            names=together,
            points=top.total,
            name=names[ranking.winners[0]],
            count=top.tie_break,
        )
    return tr(
        "sheet.winner_shared",
        names=join_names(lang, (names[p] for p in ranking.winners)),
        points=top.total,
        count=top.tie_break,
    )


def _labelled(model: AppModel, label: ft.Control, control: ft.Control) -> ft.Control:
    """A label and its stepper on one line; on a narrow window the stepper under the label."""
    if model.session.narrow:
        return ft.Column([label, control], spacing=2)
    return ft.Row([ft.Container(label, expand=True), control], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _count(model: AppModel, seat: int, part: str, name: str, picture_name: str | None) -> ft.Control:
    """One count of the row: its picture and name, and ``[-] n [+]``."""
    tr, sheet = model.session.tr, model.sheet
    value = sheet.count(seat, part)
    field = f"fs-{seat}-{part}"
    label_parts: list[ft.Control] = [picture(picture_name, 32)] if picture_name else []
    label_parts.append(ft.Text(name, size=16, expand=True))
    control = stepper(
        value,
        (lambda _e: sheet.step(seat, part, -1)) if value > 0 else None,
        (lambda _e: sheet.step(seat, part, 1)) if value < LIMITS[part] else None,
        field,
        tr("sheet.remove", what=name),
        tr("sheet.add", what=name),
        big=False,
    )
    label = ft.Row(label_parts, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return tid(field, _labelled(model, label, control))


def _symbol_width(model: AppModel) -> float:
    """The width every symbol's column shares: room for the longest symbol name's widest
    word at the text size in force (German "Töpferei" at 200 % was broken in two)."""
    tr = model.session.tr
    names = [(tr(f"sheet.part.culture-{symbol}"), SYMBOL_NAME, False) for symbol in CULTURE_SYMBOLS]
    return max(SYMBOL_WIDTH, widest_word(names, factor_of(model.session.text_size)) + 8)


def _symbol(model: AppModel, seat: int, symbol: str, width: float) -> ft.Control:
    """A culture symbol: its picture is the tap that adds a card (up to the game's two), the
    count under it, and a small "-" to take one back."""
    tr, sheet = model.session.tr, model.sheet
    part = f"culture-{symbol}"
    field = f"fs-{seat}-{part}"
    name = tr(f"sheet.part.{part}")
    value = sheet.count(seat, part)
    more = value < LIMITS[part]
    add = tid(
        f"{field}-plus",
        ft.Container(
            content=ft.Stack(
                [
                    picture(f"culture_{symbol}", 56, label=tr("sheet.add", what=name)),
                    ft.Container(
                        content=ft.Text(str(value), size=16, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
                        bgcolor=ft.Colors.PRIMARY if value else ft.Colors.OUTLINE,
                        border_radius=12,
                        padding=ft.Padding.symmetric(horizontal=7, vertical=1),
                        right=0,
                        bottom=0,
                    ),
                ],
                width=60,
                height=60,
            ),
            on_click=(lambda _e: sheet.step(seat, part, 1)) if more else None,
            ink=True,
            border_radius=30,
            # The rounding shapes the tap's ripple only: clipped to it, the count's badge in
            # the corner was cut in half.
            clip_behavior=ft.ClipBehavior.NONE,
        ),
    )
    minus = icon_button(
        ft.Icons.REMOVE_CIRCLE_OUTLINE,
        tr("sheet.remove", what=name),
        (lambda _e: sheet.step(seat, part, -1)) if value else None,
        f"{field}-minus",
        icon_size=24,
    )
    return tid(
        field,
        ft.Column(
            [
                add,
                ft.Text(name, size=SYMBOL_NAME, text_align=ft.TextAlign.CENTER, max_lines=2),
                minus,
            ],
            spacing=0,
            width=width,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


def _row_room(model: AppModel, players: int) -> float:
    """The width inside one player's card, in 100 % text: a phone's one card, or a tablet's
    share of its width among the players' columns."""
    room = model.session.column_room
    if model.session.wide:
        room = (room - COLUMN_GAP * (players - 1)) / players
    return room - 2 * CARD_PADDING


def _section(title: str, points: int | None, tr: Translator, identifier: str, room: float) -> ft.Control:
    """A part's heading and, where it has any, its points: beside the heading where its
    widest word still fits there, under it otherwise (German "Sandfarbene" at 200 % on a
    phone was broken in two beside its points)."""
    head = heading(title, SECTION_TITLE, expand=True, level=3)
    if points is None:
        return ft.Row([head])
    label = tr("sheet.points", count=points)
    shown = tid(identifier, ft.Text(label, size=SECTION_POINTS, weight=ft.FontWeight.W_600))
    beside = widest_word([(title, SECTION_TITLE, True)]) + 10 + text_width(label, SECTION_POINTS, bold=True)
    if beside > room:
        return ft.Column([ft.Row([head]), shown], spacing=2)
    return ft.Row([head, shown], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _track(model: AppModel, seat: int) -> ft.Control:
    tr, sheet = model.session.tr, model.sheet
    typed = sheet.typed.get(seat)
    problem = sheet.problem.get(seat)
    field = ft.TextField(
        value=typed if typed is not None else str(sheet.count(seat, "track")),
        keyboard_type=ft.KeyboardType.NUMBER,
        text_size=22,
        width=120,
        on_change=lambda e: sheet.type_track(seat, e.control.value),
        on_submit=lambda _e: sheet.send_track(seat),
        on_blur=lambda _e: sheet.send_track(seat),
        label=tr("sheet.part.track"),
    )
    parts: list[ft.Control] = [
        _labelled(
            model,
            ft.Row([picture("points", 32), ft.Text(tr("sheet.track"), size=16, expand=True)], spacing=8),
            tid(f"fs-{seat}-track", field),
        )
    ]
    if problem:
        parts.append(tid(f"fs-{seat}-track-problem", ft.Text(tr(problem), size=15, color=ft.Colors.ERROR)))
    return ft.Column(parts, spacing=4)


def _row(model: AppModel, game: Game, seat: int, ranking: FinalRanking) -> ft.Control:
    """One player's column: name and total, then every part with its points."""
    tr = model.session.tr
    score = ranking.scores[seat]
    sheet = model.sheet
    row = game.state.sheet[seat] if game.state.sheet else EMPTY_ROW
    header = ft.Row(
        [
            player_badge(game, seat, 40),
            ft.Text(game.state.players[seat], size=19, weight=ft.FontWeight.BOLD, expand=True),
            tid(
                f"final-total-{seat}",
                ft.Text(tr("sheet.total", count=score.total), size=22, weight=ft.FontWeight.BOLD),
                live=True,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=10,
    )
    mammoth = ft.Row(
        [
            picture("mammoth", 32),
            ft.Text(tr("sheet.mammoth"), size=16, expand=True),
            tid(f"fs-{seat}-mammoth", ft.Text(f"+{score.mammoth}" if score.mammoth else "0", size=18)),
        ],
        spacing=8,
    )
    width = _symbol_width(model)
    room = _row_room(model, len(game.state.players))
    symbols = [_symbol(model, seat, symbol, width) for symbol in CULTURE_SYMBOLS]
    figures = []
    for kind, quantity in FIGURES:
        name = tr(f"sheet.part.{kind}")
        figures.append(_count(model, seat, kind, name, f"figure_{kind}"))
        figures.append(
            tid(
                f"fs-{seat}-{kind}-points",
                ft.Text(
                    tr(
                        "sheet.times",
                        figures=sheet.count(seat, kind),
                        quantity=sheet.count(seat, quantity),
                        what=tr(f"sheet.part.{quantity}"),
                        points=figure_points(row, kind),
                    ),
                    size=14,
                    italic=True,
                ),
            )
        )
    pictures = {"agriculture": "agriculture", "tools": "tool", "buildings": "buildings", "people": "people"}
    return card(
        ft.Column(
            [
                header,
                _track(model, seat),
                mammoth,
                _section(tr("sheet.culture"), score.culture, tr, f"fs-{seat}-culture-points", room),
                ft.Text(tr("sheet.culture_help"), size=14, italic=True),
                ft.Row(symbols, wrap=True, spacing=4, run_spacing=4, alignment=ft.MainAxisAlignment.CENTER),
                _section(tr("sheet.board"), None, tr, "", room),
                *[_count(model, seat, q, tr(f"sheet.part.{q}"), pictures[q]) for q in QUANTITIES],
                _section(tr("sheet.figures"), score.figures, tr, f"fs-{seat}-figures-points", room),
                *figures,
                _section(tr("sheet.resources"), score.resources, tr, f"fs-{seat}-resources-points", room),
                *[_count(model, seat, r, tr(f"sheet.part.{r}"), r) for r in RESOURCES_LEFT],
            ],
            spacing=10,
        ),
        identifier=f"final-row-{seat}",
    )


def _seats(model: AppModel, game: Game) -> ft.Control:
    """A phone's choice of whose row it shows."""
    sheet = model.sheet
    return ft.Row(
        [
            tonal(name, lambda _e, p=seat: sheet.show_seat(p), f"final-seat-{seat}", selected=seat == sheet.seat)
            for seat, name in enumerate(game.state.players)
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def sheet_pane(model: AppModel, game: Game) -> ft.Control:
    """The score sheet: every row on a tablet, one on a phone, then the winner and Done."""
    tr = model.session.tr
    ranking = _ranking(model, game)
    players = range(len(game.state.players))
    top: list[ft.Control] = [
        heading(tr("sheet.title"), 20, level=2)
        if model.session.narrow
        else ft.Row([picture("civ_card", 40), heading(tr("sheet.title"), 22, expand=True, level=2)], spacing=10),
        ft.Text(tr("sheet.intro"), size=15),
    ]
    if model.session.wide:
        rows: list[ft.Control] = [
            ft.Row(
                [ft.Container(_row(model, game, p, ranking), expand=True) for p in players],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        ]
    else:
        seat = min(model.sheet.seat, len(game.state.players) - 1)
        rows = [_seats(model, game), _row(model, game, seat, ranking)]
    winner = tid("final-winner", ft.Text(winner_line(tr, model.session.lang, game, ranking), size=18), live=True)
    done = ft.Row([primary(tr("sheet.done"), lambda _e: model.sheet.close(), "final-done", ft.Icons.CHECK)])
    return tid(
        "final-sheet-pane",
        ft.Column(
            [card(ft.Column(top, spacing=8)), *rows, card(ft.Column([winner, done], spacing=12))],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
    )


def sheet_results(model: AppModel, game: Game) -> ft.Control | None:
    """A filled-in sheet's totals and winner, under the mammoth scoring (None: no sheet)."""
    if not game.state.sheet:
        return None
    tr = model.session.tr
    ranking = _ranking(model, game) if model.play.game is game else sheet_ranking(game.state)
    order = sorted(range(len(game.state.players)), key=lambda p: (ranking.ranks[p], p))
    lines: list[ft.Control] = [heading(tr("sheet.results"), 20)]
    for seat in order:
        lines.append(
            tid(
                f"final-result-{seat}",
                ft.Row(
                    [
                        ft.Text(f"{ranking.ranks[seat]}.", size=18, width=30),
                        player_badge(game, seat, 32),
                        ft.Text(game.state.players[seat], size=17, expand=True),
                        ft.Text(
                            tr("sheet.total", count=ranking.scores[seat].total), size=18, weight=ft.FontWeight.BOLD
                        ),
                    ],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            )
        )
    lines.append(tid("final-winner", ft.Text(winner_line(tr, model.session.lang, game, ranking), size=17)))
    return card(ft.Column(lines, spacing=8), identifier="final-results")


def bgstats_part(model: AppModel, game: Game, game_id: int | None) -> ft.Control:
    """Log the play in BG Stats: the link as a button, and as a QR code for another phone."""
    tr = model.session.tr
    link = model.sheet.link(game, game_id)
    parts: list[ft.Control] = [
        ft.Row(
            [
                tid(
                    "bgstats",
                    ft.FilledTonalButton(
                        content=ft.Text(tr("sheet.bgstats"), size=17, weight=ft.FontWeight.W_600),
                        icon=ft.Icons.LIST_ALT,
                        url=ft.Url(link, target=ft.UrlTarget.BLANK),
                        height=56,
                        expand=True,
                    ),
                )
            ]
        ),
        ft.Text(tr("sheet.bgstats_note"), size=14),
    ]
    shown = model.sheet.qr_shown
    parts.append(
        ft.Row(
            [
                secondary(
                    tr("sheet.bgstats_qr_hide" if shown else "sheet.bgstats_qr"),
                    lambda _e: model.sheet.toggle_qr(),
                    "bgstats-qr",
                    ft.Icons.QR_CODE_SCANNER,
                    # The width of the card: a long label wraps there (at 320 px and 200 %
                    # it ran past the card's edge).
                    expand=True,
                )
            ]
        )
    )
    if shown:
        # The code is drawn at its size in px, not grown with the text: the card's width in
        # px (at 200 % text, half of that in 100 % text left a code too fine to scan).
        size = min(QR_SIZE, (model.session.column_room - 2 * CARD_PADDING) * factor_of(model.session.text_size))
        parts.append(
            tid(
                "bgstats-qr-code",
                ft.Row(
                    [
                        ft.Image(
                            src=model.sheet.qr(link).encode(),
                            width=size,
                            height=size,
                            semantics_label=tr("sheet.bgstats_qr_label"),
                        )
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
            )
        )
    return card(ft.Column(parts, spacing=10), identifier="bgstats-card")
