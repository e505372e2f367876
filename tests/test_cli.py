"""The command line: settings from flet.toml with flags on top; export and import of a game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import environment_language
from companion.data.store import Store
from companion.rules import Choice, Choose, EndGame, Migrate, Payment, Roll, StartRound, game_to_json, play
from companion.server.config import resolve

from .helpers import new_game


def test_flet_toml_then_flags(tmp_path: Path) -> None:
    """flet.toml sets the run; flags override it."""
    toml = tmp_path / "flet.toml"
    toml.write_text('view = "web"\nhost = "0.0.0.0"\nport = 9001\ntoken = "abc"\n')
    config = resolve(["--config", str(toml)])
    assert (config.host, config.port, config.token) == ("0.0.0.0", 9001, "abc")
    config = resolve(["--config", str(toml), "--port", "9100", "--host", "127.0.0.1"])
    assert (config.host, config.port, config.is_local_only) == ("127.0.0.1", 9100, True)


def test_unknown_setting_is_refused(tmp_path: Path) -> None:
    toml = tmp_path / "flet.toml"
    toml.write_text('colour = "red"\n')
    with pytest.raises(SystemExit) as err:
        resolve(["--config", str(toml)])
    assert "unknown setting" in str(err.value)


def cli(*args: str, locale: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    """``python -m companion`` with ``args``, in the environment's ``locale`` (C: English)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
        env={**env, "LANG": locale},
    )


def test_export_and_import_a_game(tmp_path: Path) -> None:
    """A finished game goes out as JSON and comes back into another store identical."""
    store = Store(tmp_path / "a" / "games.sqlite3")
    game = new_game(3, seed=9)
    for action in (StartRound(), Migrate(0, 2, Payment(food=1, gold=1)), Roll(), Choose(Choice.ALL), EndGame()):
        game = play(game, action)
    gid = store.create(game)
    out = tmp_path / "game.json"
    result = cli("export", str(gid), str(out), "--data-dir", str(tmp_path / "a"))
    assert result.returncode == 0, result.stderr
    assert json.loads(out.read_text())["setup"]["players"] == ["P1", "P2", "P3"]
    result = cli("import", str(out), "--data-dir", str(tmp_path / "b"))
    assert result.returncode == 0, result.stderr
    assert Store(tmp_path / "b" / "games.sqlite3").load(1) == game
    listing = cli("games", "--data-dir", str(tmp_path / "b"))
    assert "finished" in listing.stdout and "P1, P2, P3" in listing.stdout
    again = cli("import", str(out), "--data-dir", str(tmp_path / "b"), "--language", "en")
    assert again.returncode == 1 and "(P1, P2, and P3) is already on this device" in again.stderr
    assert len(Store(tmp_path / "b" / "games.sqlite3").history()) == 1  # no second copy


def test_import_of_a_bad_file_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    """A malformed file gets a clear message in the chosen language; the store keeps what it had."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    result = cli("import", str(bad), "--data-dir", str(tmp_path / "c"), "--language", "de")
    assert result.returncode == 1
    assert "keine Partie" in result.stderr and "Traceback" not in result.stderr
    assert Store(tmp_path / "c" / "games.sqlite3").history() == []


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        ({"log": "nothing"}, "게임 기록이 목록이 아니거나 항목이 5000개를 넘습니다"),
        ({"log": [{"kind": "play", "action": {"type": "teleport"}}]}, "알 수 없는 종류의 게임 단계가 있습니다"),
        ({"setup": {"players": "Anna"}}, "게임의 플레이어와 설정을 읽을 수 없습니다"),
    ],
)
def test_a_damaged_file_is_explained_wholly_in_the_chosen_language(
    tmp_path: Path, damage: dict[str, object], reason: str
) -> None:
    """Reported: "게임 파일이 손상되었습니다: log must be a list of at most 5000 entries". The
    reason is in Korean too, and no English word of the file's check reaches the player."""
    good = json.loads(game_to_json(play(new_game(2, seed=1), StartRound())))
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps({**good, **damage}), encoding="utf-8")
    result = cli("--language", "ko", "import", str(bad), "--data-dir", str(tmp_path / "k"))
    assert result.returncode == 1
    said = result.stderr.strip()
    assert said.startswith("게임 파일이 손상되었습니다") and reason in said, said
    assert not re.search(r"[A-Za-z]{3,}", said.replace("damaged.json", "")), said


def test_join_qr_code_is_a_real_png_without_pillow() -> None:
    """The join screen's QR code is a valid PNG made with the standard library alone."""
    import base64
    import struct
    import zlib

    from companion.server.qr import qr_png

    png = base64.b64decode(qr_png("http://10.0.0.2:8550/?token=xyz"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width == height and width % 8 == 0
    idat = png[png.index(b"IDAT") + 4 : png.index(b"IEND") - 8]
    assert len(zlib.decompress(idat)) == height * (width + 1)


def test_games_lists_every_unfinished_game(tmp_path: Path) -> None:
    """``games`` lists all games in progress, not just the newest, with round and last played."""
    store = Store(tmp_path / "d" / "games.sqlite3")
    for seed in range(3):
        store.create(play(new_game(2, seed=seed), StartRound()))
    store.close()
    listing = cli("games", "--data-dir", str(tmp_path / "d"))
    lines = [line for line in listing.stdout.splitlines() if "in progress" in line]
    assert len(lines) == 3 and all("round 1" in line for line in lines)


def test_help_lists_every_command() -> None:
    """``--help`` names each command and says what it does, as the docs do."""
    result = cli("--help")
    assert result.returncode == 0
    for command in ("games", "export GAME_ID FILE", "import FILE", "publish [DIR]"):
        assert f"\n  {command} " in result.stdout, result.stdout
    root = Path(__file__).resolve().parents[1]
    docs = "".join(path.read_text(encoding="utf-8") for path in [root / "README.md", *(root / "docs").glob("*.md")])
    for command in ("games", "export", "import", "publish"):
        assert f"python -m companion {command}" in docs


@pytest.mark.parametrize(
    "order",
    [
        ("--data-dir", "{dir}", "import", "{file}"),
        ("import", "--data-dir", "{dir}", "{file}"),
        ("import", "{file}", "--data-dir", "{dir}"),
        ("--language", "en", "--data-dir", "{dir}", "import", "{file}"),
    ],
)
def test_options_before_or_after_the_command(tmp_path: Path, order: tuple[str, ...]) -> None:
    """The common options are accepted before the command as well as after it."""
    game = new_game(2, seed=3)
    out = tmp_path / "game.json"
    out.write_text(game_to_json(play(game, StartRound())), encoding="utf-8")
    args = [word.format(dir=tmp_path / "data", file=out) for word in order]
    result = cli(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Imported as game 1")
    listing = cli("--data-dir", str(tmp_path / "data"), "games")
    assert listing.returncode == 0 and "P1, P2" in listing.stdout


def test_messages_follow_the_flag_else_the_locale(tmp_path: Path) -> None:
    """The command line speaks ``--language``, else the environment's locale, else
    the saved games' default; the listing's dates are the language's too."""
    game = play(new_game(2, seed=4), StartRound())
    out = tmp_path / "game.json"
    out.write_text(game_to_json(game), encoding="utf-8")
    data = str(tmp_path / "data")
    german = cli("import", str(out), "--data-dir", data, locale="de_DE.UTF-8")
    assert german.returncode == 0 and german.stdout == "Als Partie 1 importiert (läuft): P1 und P2.\n", german
    again = cli("import", str(out), "--data-dir", data, "--language", "es", locale="de_DE.UTF-8")
    assert again.returncode == 1 and again.stderr.startswith("Esta partida (P1 y P2) ya está"), again
    listing = cli("games", "--data-dir", data, locale="ko_KR.UTF-8")
    assert "\t진행 중\tP1, P2\t1라운드\t오늘 " in listing.stdout, listing
    missing = cli("export", "7", str(tmp_path / "x.json"), "--data-dir", data, locale="es_ES.UTF-8")
    assert missing.returncode == 1 and missing.stderr == "No hay ninguna partida guardada con el número 7.\n"
    english = cli("games", "--data-dir", data)
    assert "\tin progress\tP1, P2\tround 1\ttoday, " in english.stdout, english


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "es"),
        ({"LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}, "ko"),
        ({"LANGUAGE": "fr:es", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANGUAGE": "de", "LANG": "C.UTF-8"}, None),
        ({"LANG": "fr_FR.UTF-8"}, None),
        ({}, None),
    ],
)
def test_the_locale_is_read_as_the_c_library_reads_it(environ: dict[str, str], expected: str | None) -> None:
    """``LC_ALL`` before ``LC_MESSAGES`` before ``LANG``; ``LANGUAGE`` lists preferences, and is
    not read in the C locale; a language we do not speak gives none (English)."""
    assert environment_language(environ) == expected


def test_a_deck_file_error_names_the_tile_in_each_language() -> None:
    """A bad tile in a deck file is named in the user's words, not "tile 3" in English."""
    from companion.i18n import describe
    from companion.rules import DeckError
    from companion.rules.deck import parse_deck

    data = json.loads((Path(__file__).resolve().parents[1] / "assets/decks/companion.json").read_text())
    data["tiles"][2]["first"][0]["kind"] = "dragon"
    with pytest.raises(DeckError) as err:
        parse_deck(data, "meinstapel.json")
    texts = {lang: describe(lang, err.value) for lang in ("en", "de", "es", "ko")}
    assert texts["de"] == "Unbekannter Bonus bei meinstapel.json, Plättchen 3."
    assert texts["es"] == "Bonificación desconocida en meinstapel.json, loseta 3."
    assert texts["ko"] == "meinstapel.json, 3번 타일: 알 수 없는 보너스."
    assert texts["en"].endswith("meinstapel.json, tile 3.")


def test_games_with_none_says_so_and_where_they_are_kept(tmp_path: Path) -> None:
    """An empty store is not an empty answer: one line says there are none, and names the file."""
    listing = cli("games", "--data-dir", str(tmp_path / "empty"), locale="de_DE.UTF-8")
    assert listing.returncode == 0
    assert listing.stdout.startswith("Noch keine gespeicherten Partien.") and str(tmp_path / "empty") in listing.stdout


def test_a_taken_port_is_said_in_one_line_before_any_address() -> None:
    """Another program listens on the port: the app says so in one line with the --port hint,
    in the locale's language, prints no address, and exits with 2 (no traceback, no bind error)."""
    import socket

    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        result = cli("--host", "127.0.0.1", "--port", str(port), locale="es_ES.UTF-8")
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"El puerto {port} ya está en uso"), result.stderr
    assert f"--port {port + 1}" in lines[0]
