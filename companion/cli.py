"""Export and import of one game as a JSON file (``python -m companion export|import|games``)."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from .data.store import Store

COMMANDS = ("export", "import", "games", "publish")

#: What each command does, for ``--help`` here and in the server's own help.
COMMAND_HELP = """commands:
  games                  list the saved games: number, finished or in progress, players,
                         round, last played
  export GAME_ID FILE    write saved game GAME_ID to FILE (JSON), to move it or keep it
  import FILE            add the game in FILE to the saved games, after the rules replay it;
                         a game already saved is not added twice
  publish [DIR]          write the whole app as a static web site into DIR (default dist)
                         for phones to open from any web host and keep offline
                         (publish --help for its options)

Options may come before or after the command: --data-dir X import FILE."""

#: The options of ``python -m companion`` that take a value (the word after them is theirs).
VALUE_OPTIONS = frozenset({"--config", "--host", "--port", "--data-dir", "--token", "--language", "--max-sessions"})


def command_at(args: list[str]) -> int | None:
    """Where the command is among ``args`` (the first word that is no option or option's
    value), if there is one."""
    skip = False
    for index, word in enumerate(args):
        if skip:
            skip = False
        elif word in VALUE_OPTIONS:
            skip = True
        elif not word.startswith("-"):
            return index if word in COMMANDS else None
    return None


def command_in(args: list[str]) -> str | None:
    """The command among ``args``, if any."""
    index = command_at(args)
    return None if index is None else args[index]


def environment_language(environ: Mapping[str, str]) -> str | None:
    """The language of the environment's locale for messages, if it is one of ours: GNU's
    ``LANGUAGE`` list first (``es:en``), then the locale itself (``LC_ALL``, else
    ``LC_MESSAGES``, else ``LANG``: ``de_DE.UTF-8``); none for the C locale."""
    from .i18n import LANGUAGES

    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    if locale.split(".")[0] in ("", "C", "POSIX"):
        return None
    for value in [*environ.get("LANGUAGE", "").split(":"), locale]:
        code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def state_word(lang: str, finished: bool) -> str:
    """The word for a listed or imported game: finished, or in progress."""
    from .i18n import translate

    return translate(lang, "cli.finished" if finished else "cli.in_progress")


class _Command:
    """What one transfer command is handed: the saved games, the messages' language, the
    command's words and the parser (whose usage line a wrong count of words gets)."""

    def __init__(self, store: Store, lang: str, args: list[str], parser: argparse.ArgumentParser) -> None:
        self.store, self.lang, self.args, self.parser = store, lang, args, parser

    def say(self, key: str, error: bool = False, **params: object) -> None:
        from .i18n import translate

        print(translate(self.lang, key, **params), file=sys.stderr if error else sys.stdout)

    def usage(self, key: str) -> NoReturn:
        from .i18n import translate

        self.parser.error(translate(self.lang, key))


def _games(command: _Command) -> int:
    """One line per saved game: number, finished or in progress, players, round, last played."""
    from .i18n import translate
    from .i18n.dates import format_when

    today = datetime.now().astimezone().date()
    store, lang = command.store, command.lang
    games = store.unfinished_games() + store.history(limit=100_000)
    if not games:
        command.say("cli.no_games", file=str(store.path))
    for summary in games:
        state = state_word(lang, summary.finished is not None)
        played = format_when(lang, datetime.fromisoformat(summary.updated).astimezone(), today)
        rounds = translate(lang, "cli.round", n=max(summary.round, 1))  # 0: a printed game before its first herd
        print(f"{summary.id}\t{state}\t{', '.join(summary.players)}\t{rounds}\t{played}")
    return 0


def _export(command: _Command) -> int:
    """Saved game GAME_ID written to FILE as JSON."""
    from .rules import game_to_json

    if len(command.args) != 2 or not command.args[0].isdigit():
        command.usage("cli.export_usage")
    game = command.store.load(int(command.args[0]))
    target = Path(command.args[1])
    try:
        target.write_text(game_to_json(game), encoding="utf-8")
    except OSError:
        command.say("cli.write_failed", error=True, file=str(target))
        return 2
    command.say("cli.exported", id=command.args[0], file=str(target))
    return 0


def _import(command: _Command) -> int:
    """The game in FILE added to the saved games, once the rules have replayed it."""
    from .data.game_files import read_game_file, save_imported
    from .i18n import join_names
    from .rules import Phase

    if len(command.args) != 1:
        command.usage("cli.import_usage")
    game = read_game_file(Path(command.args[0]))
    new_id = save_imported(command.store, game)
    state = state_word(command.lang, game.state.phase is Phase.FINISHED)
    command.say("cli.imported", id=new_id, state=state, players=join_names(command.lang, game.setup.players))
    return 0


#: The transfer commands ``run`` handles (publish has a parser of its own).
TRANSFERS: dict[str, Callable[[_Command], int]] = {"export": _export, "import": _import, "games": _games}


def run(argv: list[str]) -> int:
    """Handle a transfer command; returns the exit code. A game file the rules refuse, a game
    that is not there or saved games that cannot be read or written get a message in the
    user's language and an exit code (1: the input, 2: the machine), never a traceback."""
    # Imported here: ``python -m companion`` reads COMMANDS on every start, and serving
    # the app should not wait for the import checks' modules.
    from .data.store import Store, StoreError, db_path
    from .i18n import LANGUAGES, describe, translate
    from .rules import ImportFormatError

    parser = argparse.ArgumentParser(
        prog="mammoth-herd",
        description="Export, import or list saved games.",
        epilog=COMMAND_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=list(TRANSFERS))
    parser.add_argument("args", nargs="*", help="export: GAME_ID FILE; import: FILE")
    parser.add_argument("--data-dir", help="folder of the saved games (default: user data directory)")
    parser.add_argument(
        "--language", choices=LANGUAGES, default=None, help="language of the messages (default: the locale's)"
    )
    options = parser.parse_intermixed_args(argv)  # --data-dir X import FILE, or after FILE
    chosen = options.language or environment_language(os.environ)
    lang = chosen or "en"

    try:
        store = Store(db_path(options.data_dir))
    except StoreError as exc:
        print(translate(lang, f"error.{exc.code}"), file=sys.stderr)
        return 2
    lang = chosen or store.get_setting("lang") or "en"  # else the saved games' default language
    command = _Command(store, lang, options.args, parser)
    try:
        return TRANSFERS[options.command](command)
    except ImportFormatError as exc:
        print(describe(lang, exc), file=sys.stderr)
        return 1
    except KeyError:
        command.say("cli.no_game", error=True, id=options.args[0])
        return 1
    except StoreError as exc:
        command.say(f"error.{exc.code}", error=True)
        return 2
    except sqlite3.Error:
        command.say("error.store.write", error=True)
        return 2
