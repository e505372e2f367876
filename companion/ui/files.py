"""Games that travel: Export, Import and Copy summary in the app.

Export writes the very JSON the command line's ``export`` writes (a download in
the browser, a save dialog on a desktop); Import reads a file through the very
checks of the command line's ``import`` (:mod:`companion.data.game_files`) and says
what it refused in the same words.  Nothing is saved unless every check passes.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import flet as ft

from ..data.game_files import check_size, load_game, read_game_file, save_imported
from ..data.store import StoreError
from ..data.text import summary_text
from ..i18n import join_names, message_params
from ..i18n.dates import format_date
from ..rules import Game, ImportFormatError, RuleError, game_to_json
from .controller import GameController
from .guard import guard_handlers
from .session import Message


def export_name(game_id: int, game: Game) -> str:
    """The file name offered for a game: its number and players."""
    players = "-".join("".join(c for c in name if c.isalnum()) or "player" for name in game.setup.players)
    return f"mammoth-herd-{game_id}-{players}.json"


async def offer_file(play: GameController, name: str, text: str) -> None:
    """Offer ``text`` as a JSON file named ``name`` (a download in the browser, a save
    dialog on a desktop), and say where it went."""
    saved = await ft.FilePicker().save_file(
        file_name=name,
        src_bytes=text.encode("utf-8"),
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=["json"],
    )
    if saved or ft.context.page.web:
        play.say("info.exported", error=False, file=Path(saved).name if saved else name)


async def pick_file() -> ft.FilePickerFile | None:
    """One JSON file picked by the user (its bytes in the browser), or None if closed."""
    files = await ft.FilePicker().pick_files(
        file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], with_data=True
    )
    return files[0] if files else None


@guard_handlers
@dataclass
class Transfers:
    play: GameController

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    async def export_game(self, game_id: int) -> None:
        """Offer the game's file: the browser downloads it, a desktop asks where."""
        store = self.play.session.store
        try:
            game = store.load(game_id)
        except (RuleError, KeyError, ValueError, sqlite3.Error):
            self.say("error.store.load")
            return
        await offer_file(self.play, export_name(game_id, game), game_to_json(game))

    async def import_game(self) -> None:
        """Pick a game file and add it, with the command line's checks and messages."""
        picked = await pick_file()
        if picked is None:
            return  # the picker was closed
        lang = self.play.session.lang
        try:
            if picked.bytes is not None:
                game = load_game(check_size(picked.bytes))
            elif picked.path:
                game = read_game_file(Path(picked.path))
            else:
                raise ImportFormatError("import.unreadable", "no data", file=picked.name)
            save_imported(self.play.session.store, game)
        except ImportFormatError as exc:
            key, params = message_params(lang, exc)
            self.play.session.message = Message(key, params)  # the command line's words
            return
        except (sqlite3.Error, StoreError):
            self.say("error.store.write")
            return
        self.play.session.load()
        self.say("info.imported", error=False, players=join_names(lang, game.setup.players))

    async def copy_summary(self, game: Game) -> None:
        """A few lines of plain text on the clipboard, for the table's group chat."""
        text = summary_text(self.play.session.lang, game, format_date(self.play.session.lang, date.today()))
        await ft.Clipboard().set(text)
        self.say("info.copied", error=False)
