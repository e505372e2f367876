"""Export and import of one game as a JSON file (``python -m companion export|import|games``)."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

COMMANDS = ("export", "import", "games")

#: What each command does, for ``--help`` here and in the server's own help.
COMMAND_HELP = """commands:
  games                  list the saved games: number, finished or in progress, players,
                         round, last played
  export GAME_ID FILE    write saved game GAME_ID to FILE (JSON), to move it or keep it
  import FILE            add the game in FILE to the saved games, after the rules replay it;
                         a game already saved is not added twice

Options may come before or after the command: --data-dir X import FILE."""

#: The options of ``python -m companion`` that take a value (the word after them is theirs).
VALUE_OPTIONS = frozenset({"--config", "--host", "--port", "--data-dir", "--token", "--language", "--max-sessions"})


def command_in(args: list[str]) -> str | None:
    """The command among ``args`` (the first word that is no option or option's value), if any."""
    words = iter(args)
    for word in words:
        if word in VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def run(argv: list[str]) -> int:
    """Handle a transfer command; returns the exit code."""
    # Imported here: ``python -m companion`` reads COMMANDS on every start, and serving
    # the app should not wait for the import checks' modules.
    from .data.game_files import read_game_file, save_imported
    from .data.store import Store, StoreError
    from .i18n import LANGUAGES, describe
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
    parser.add_argument("--language", choices=LANGUAGES, default=None)
    options = parser.parse_intermixed_args(argv)  # --data-dir X import FILE, or after FILE
    try:
        store = Store(Path(options.data_dir) / "games.sqlite3" if options.data_dir else None)
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    lang = options.language or store.get_setting("lang") or "en"
    try:
        if options.command == "games":
            for summary in store.unfinished_games() + store.history(limit=100_000):
                state = "finished" if summary.finished else "in progress"
                played = summary.updated.replace("T", " ")[:16]
                print(f"{summary.id}\t{state}\t{', '.join(summary.players)}\tround {summary.round}\t{played}")
            return 0
        if options.command == "export":
            if len(options.args) != 2 or not options.args[0].isdigit():
                parser.error("export needs GAME_ID FILE")
            game = store.load(int(options.args[0]))
            Path(options.args[1]).write_text(game_to_json(game), encoding="utf-8")
            print(f"exported game {options.args[0]} to {options.args[1]}")
            return 0
        if len(options.args) != 1:
            parser.error("import needs FILE")
        game = read_game_file(Path(options.args[0]))
        new_id = save_imported(store, game)
        print(f"imported as game {new_id} ({'finished' if game.state.phase is Phase.FINISHED else 'in progress'})")
        return 0
    except ImportFormatError as exc:
        print(describe(lang, exc), file=sys.stderr)
        return 1
    except KeyError:
        print(f"error: no saved game {options.args[0]}", file=sys.stderr)
        return 1
    except (sqlite3.Error, StoreError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
