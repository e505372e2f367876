"""Export and import of one game as a JSON file (``python -m companion export|import|games``)."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

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


def run(argv: list[str]) -> int:  # noqa: C901 (one branch per command; waits to be split by command)
    """Handle a transfer command; returns the exit code."""
    # Imported here: ``python -m companion`` reads COMMANDS on every start, and serving
    # the app should not wait for the import checks' modules.
    from .data.game_files import read_game_file, save_imported
    from .data.store import Store, StoreError, db_path
    from .i18n import LANGUAGES, describe, join_names, translate
    from .i18n.dates import format_when
    from .rules import ImportFormatError, Phase, game_to_json

    parser = argparse.ArgumentParser(
        prog="mammoth-herd",
        description="Export, import or list saved games.",
        epilog=COMMAND_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=COMMANDS)
    parser.add_argument("args", nargs="*", help="export: GAME_ID FILE; import: FILE")
    parser.add_argument("--data-dir", help="folder of the saved games (default: user data directory)")
    parser.add_argument(
        "--language", choices=LANGUAGES, default=None, help="language of the messages (default: the locale's)"
    )
    options = parser.parse_intermixed_args(argv)  # --data-dir X import FILE, or after FILE
    chosen = options.language or environment_language(os.environ)
    lang = chosen or "en"

    def say(key: str, error: bool = False, **params: object) -> None:
        print(translate(lang, key, **params), file=sys.stderr if error else sys.stdout)

    try:
        store = Store(db_path(options.data_dir))
    except StoreError as exc:
        say(f"error.{exc.code}", error=True)
        return 2
    lang = chosen or store.get_setting("lang") or "en"  # else the saved games' default language
    try:
        if options.command == "games":
            today = datetime.now().astimezone().date()
            for summary in store.unfinished_games() + store.history(limit=100_000):
                state = state_word(lang, summary.finished is not None)
                played = format_when(lang, datetime.fromisoformat(summary.updated).astimezone(), today)
                rounds = translate(lang, "cli.round", n=summary.round)
                print(f"{summary.id}\t{state}\t{', '.join(summary.players)}\t{rounds}\t{played}")
            return 0
        if options.command == "export":
            if len(options.args) != 2 or not options.args[0].isdigit():
                parser.error(translate(lang, "cli.export_usage"))
            game = store.load(int(options.args[0]))
            target = Path(options.args[1])
            try:
                target.write_text(game_to_json(game), encoding="utf-8")
            except OSError:
                say("cli.write_failed", error=True, file=str(target))
                return 2
            say("cli.exported", id=options.args[0], file=str(target))
            return 0
        if len(options.args) != 1:
            parser.error(translate(lang, "cli.import_usage"))
        game = read_game_file(Path(options.args[0]))
        new_id = save_imported(store, game)
        state = state_word(lang, game.state.phase is Phase.FINISHED)
        say("cli.imported", id=new_id, state=state, players=join_names(lang, game.setup.players))
        return 0
    except ImportFormatError as exc:
        print(describe(lang, exc), file=sys.stderr)
        return 1
    except KeyError:
        say("cli.no_game", error=True, id=options.args[0])
        return 1
    except StoreError as exc:
        say(f"error.{exc.code}", error=True)
        return 2
    except sqlite3.Error:
        say("error.store.write", error=True)
        return 2
