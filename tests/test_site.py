"""The static site without a browser: the slot format that keeps the games, the keeper's
refusals, and what ``python -m companion publish`` writes and refuses to overwrite."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.i18n import LANGUAGES
from companion.site import flet_client, keep, pack
from companion.site.publish import MARK, NOT_KEPT, SNAPSHOT_KEY, VARIANTS, publish
from companion.ui import start
from companion.ui.device import DeviceSettings
from companion.ui.theme import FONT, FONTS

from .helpers import run_async

ROOT = Path(__file__).resolve().parents[1]


class FakeHandle:
    """An OPFS access handle's write side, in memory; ``full`` refuses writes like a quota."""

    def __init__(self, full: bool = False) -> None:
        self.data = b""
        self.full = full
        self.closed = False

    def put(self, raw: bytes) -> None:
        if self.full:
            raise OSError("QuotaExceededError")
        self.data = raw

    def close(self) -> None:
        self.closed = True


@given(st.integers(0, 2**63), st.binary(max_size=2000))
def test_a_slot_reads_back_what_was_packed(generation: int, data: bytes) -> None:
    """A slot holds its generation and data exactly."""
    assert keep.unpack(keep.pack(generation, data)) == (generation, data)


@given(st.binary(max_size=500), st.integers(1, 400))
def test_a_torn_slot_is_never_taken(data: bytes, cut: int) -> None:
    """A write cut short (the browser killed mid-write) or a flipped byte reads as no slot,
    so the other slot, one commit older, is taken."""
    whole = keep.pack(7, data + b"x")
    assert keep.unpack(whole[: max(0, len(whole) - cut)]) is None
    flipped = bytearray(whole)
    flipped[-1] ^= 0xFF
    assert keep.unpack(bytes(flipped)) is None
    assert keep.newest([keep.pack(6, b"older"), whole[:-1]]) == (0, 6, b"older")


def test_a_slot_of_the_first_format_is_still_read() -> None:
    """Slots written before the header was in the checksum (a phone's games from the last
    version) read as before; a first-format slot torn in its header is still refused."""
    data = b"kept by the last version"
    first = keep.HEADER.pack(keep.FIRST_MAGIC, 5, len(data), zlib.crc32(data)) + data
    assert keep.unpack(first) == (5, data)
    assert keep.unpack(first[:-1]) is None


def test_a_write_torn_in_the_header_never_makes_old_data_new() -> None:
    """Five bytes of a new slot's header written over an older slot (the magic and the low
    byte of the generation): the old data under a new generation is refused."""
    old, new = keep.pack(11, b"round 11"), keep.pack(13, b"round 13, longer")
    assert keep.unpack(new[:5] + old[5:]) is None


def test_the_newest_whole_slot_wins() -> None:
    """Of two whole slots the higher generation is the database; empty slots are skipped."""
    assert keep.newest([keep.pack(3, b"three"), keep.pack(4, b"four")]) == (1, 4, b"four")
    assert keep.newest([keep.pack(9, b"nine"), keep.pack(4, b"four")]) == (0, 9, b"nine")
    assert keep.newest([b"", b""]) is None


def test_saves_alternate_between_the_slots(tmp_path: Path) -> None:
    """Each save writes the older slot, so the newer one stays whole while it is written."""
    db = tmp_path / "games.sqlite3"
    handles = [FakeHandle(), FakeHandle()]
    keeper = keep.StorageSlots(db, handles=list(handles), write=FakeHandle.put)
    for text in (b"one", b"two", b"three"):
        db.write_bytes(text)
        keeper.save()
    newest = keep.newest([h.data for h in handles])
    assert newest is not None and newest[1:] == (3, b"three")
    assert keep.unpack(handles[1 - newest[0]].data) == (2, b"two")


class Killed(BaseException):
    """The browser killed in the middle of a write (no handler of the app sees it)."""


class Storage:
    """The site's three storage files in memory (two slots and the page journal), written as
    OPFS access handles write: in place at an offset, then cut to length. ``tear_at``: the
    write that many bytes into the next write stops there, as a killed browser's does."""

    def __init__(self) -> None:
        self.files = [bytearray(), bytearray(), bytearray()]
        self.tear_at: int | None = None
        self.written = 0

    def _put(self, file: bytearray, at: int, raw: bytes) -> None:
        if self.tear_at is not None and self.tear_at < len(raw):
            file[at : at + self.tear_at] = raw[: self.tear_at]
            raise Killed
        file[at : at + len(raw)] = raw
        del file[at + len(raw) :]
        self.written += len(raw)

    def write(self, file: bytearray, raw: bytes) -> None:
        self._put(file, 0, raw)

    def append(self, file: bytearray, at: int, raw: bytes) -> None:
        self._put(file, at, raw)

    def keeper(self, db: Path) -> keep.StorageSlots:
        """A keeper on these files, as a new start makes it (the newest kept database at ``db``)."""
        keeper = keep.StorageSlots(
            db, handles=self.files[:2], journal=self.files[2], write=self.write, append=self.append
        )
        keep.restore(keeper, [bytes(f) for f in self.files[:2]], bytes(self.files[2]))
        return keeper

    def start(self, db: Path) -> bytes:
        """The database a new start finds (nothing at all: empty)."""
        db.unlink(missing_ok=True)
        self.keeper(db)
        return db.read_bytes() if db.exists() else b""


def pages_changed(base: bytes, changes: list[tuple[int, bytes]]) -> list[bytes]:
    """The database's successive files: each change writes a few bytes at a place (growing
    the file when the place is past its end), as a commit changes a few of SQLite's pages."""
    files = [base]
    for at, text in changes:
        file = bytearray(files[-1])
        at = at % (len(file) + keep.PAGE_SIZE)
        file[at : at + len(text)] = text
        files.append(bytes(file))
    return files


def test_a_tap_appends_only_the_pages_it_changed(tmp_path: Path) -> None:
    """A commit that changes one page of a three-page file appends that page (and a record's
    header) to the journal, not the file; a start replays the journal onto the slot."""
    db = tmp_path / "games.sqlite3"
    storage = Storage()
    first = bytes(range(256)) * 48  # three pages of 4 KiB
    db.write_bytes(first)
    keeper = storage.keeper(db)
    keeper.save()
    before = storage.written
    second = first[:5000] + b"moved" + first[5005:]
    db.write_bytes(second)
    keeper.save()
    assert storage.written - before < keep.PAGE_SIZE + 100
    fresh = tmp_path / "fresh.sqlite3"
    again = storage.keeper(fresh)
    assert fresh.read_bytes() == second and again.generation == 2


@settings(deadline=None)  # a few hundred KiB copied per example: slow on a busy machine, never wrong
@given(
    st.binary(min_size=1, max_size=20_000),
    st.lists(st.tuples(st.integers(0, 24_000), st.binary(min_size=1, max_size=300)), min_size=1, max_size=25),
    st.integers(0, 30),
    st.integers(0, 24_000),
)
def test_a_browser_killed_in_any_write_keeps_the_commit_before_or_the_new_one(
    tmp_path_factory: pytest.TempPathFactory, base: bytes, changes: list[tuple[int, bytes]], kill: int, cut: int
) -> None:
    """Commits saved one after another (the journal filling up and being folded into a slot
    now and then), the browser killed ``cut`` bytes into the write of commit ``kill``: a
    new start has the last commit whose save ended, or the one being saved (its write had
    all landed), never anything else; without a kill, every commit."""
    folder = tmp_path_factory.mktemp("keep")
    db, restored = folder / "games.sqlite3", folder / "restored.sqlite3"
    files = pages_changed(base, changes)
    storage = Storage()
    keeper = storage.keeper(db)
    saved = b""
    for number, file in enumerate(files):
        db.write_bytes(file)
        if number == kill:
            storage.tear_at = cut
        try:
            keeper.save()
        except Killed:
            assert storage.start(restored) in (saved, file)
            return
        saved = file
        assert storage.start(restored) == file


def test_a_start_that_changed_nothing_writes_nothing(tmp_path: Path) -> None:
    """At start the file is written only when it differs from what the newest slot held (a
    new or upgraded database), so an ordinary start costs no write."""
    db = tmp_path / "games.sqlite3"
    db.write_bytes(b"as kept")
    handles = [FakeHandle(), FakeHandle()]
    keeper = keep.StorageSlots(db, handles=list(handles), write=FakeHandle.put, loaded=keep.fingerprint(b"as kept"))
    keeper.save_if_changed()
    assert [h.data for h in handles] == [b"", b""]
    db.write_bytes(b"upgraded")
    keeper.save_if_changed()
    assert keep.newest([h.data for h in handles]) == (0, 1, b"upgraded")  # the first save: the first slot
    fresh = keep.StorageSlots(db, handles=[FakeHandle(), FakeHandle()], write=FakeHandle.put)  # nothing was kept
    fresh.save_if_changed()
    assert fresh.generation == 1


def test_the_python_worker_is_published_with_its_snapshot_facts(tmp_path: Path) -> None:
    """The site's Python worker names where it keeps its snapshot, and imports before the
    snapshot every ``ft.*`` name of the app's code (each loads a module of Flet's)."""
    site = tmp_path / "site"
    publish(site, compile_with_node=False)
    worker = (site / "python-worker.js").read_text(encoding="utf-8")
    assert f"var SNAPSHOT_KEY = {json.dumps(SNAPSHOT_KEY)};" in worker
    names = json.loads(worker.split("var FLET_NAMES = ", 1)[1].split(";\n", 1)[0])
    assert names == pack.flet_names() and {"Page", "Container", "SharedPreferences"} <= set(names)
    assert all(name.isidentifier() for name in names)
    assert "/*" not in worker.split("var FLET_NAMES", 1)[1].split("\n", 1)[0]


def test_flutter_loads_the_app_s_font_before_its_first_frame_from_where_the_theme_does(tmp_path: Path) -> None:
    """The site's font list names the app's font, so Flutter has it before it draws (no letter
    counts as missing while the theme's own load is on its way), at the very address the
    theme loads it from: the phone fetches and keeps one file, not two."""
    site = tmp_path / "site"
    publish(site, compile_with_node=False)
    listed = json.loads((site / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    fonts = {entry["family"]: [font["asset"] for font in entry["fonts"]] for entry in listed}
    assert set(fonts) == {"MaterialIcons", FONT}
    page = "https://table.example/app/"
    (asset,) = fonts[FONT]
    assert urljoin(urljoin(page, "assets/"), asset) == urljoin(page, FONTS[FONT])  # Flutter's base: assets/
    assert (site / FONTS[FONT]).is_file()


def test_the_pages_languages_choose_without_asking_the_device() -> None:
    """The static site hands Python the browser's languages with its start: a device with
    no chosen language gets the first one the app speaks, and the device is not asked."""

    class Unasked:
        async def get_device_info(self) -> None:
            raise AssertionError("the device was asked")

    page: Any = Unasked()
    choose = start.choose_language
    assert run_async(choose(page, DeviceSettings(), "", LANGUAGES, ["fr-FR", "ko-KR", "en"])) == "ko"
    assert run_async(choose(page, DeviceSettings(), "", LANGUAGES, [])) == "en"
    chosen = DeviceSettings(own={"lang": "de"})
    assert run_async(choose(page, chosen, "", LANGUAGES, ["ko-KR"])) == "de"


def test_a_refused_write_says_so_once_and_plays_on(tmp_path: Path) -> None:
    """A full quota: the keeper lets go of the slots, says so once, and later saves do nothing."""
    db = tmp_path / "games.sqlite3"
    db.write_bytes(b"game")
    told: list[str] = []
    handles = [FakeHandle(full=True), FakeHandle(full=True)]
    keeper = keep.StorageSlots(db, handles=list(handles), on_lost=lambda: told.append("lost"), write=FakeHandle.put)
    keeper.save()
    keeper.save()
    assert told == ["lost"] and not keeper.kept and keeper.reason == "refused"
    assert all(h.closed for h in handles)


def test_publish_writes_a_site_with_every_file_local(tmp_path: Path) -> None:
    """The folder names every file it needs by a relative path and nothing elsewhere; the
    service worker keeps every file; publishing again over it replaces it; the same app
    published again is the same version."""
    site = tmp_path / "site"
    facts = publish(site, compile_with_node=False)
    worker = (site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(worker.split("var FILES = ", 1)[1].split(";\n", 1)[0])
    on_disk = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert sorted([*files, "sw.js", MARK, *NOT_KEPT]) == on_disk
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<base href="./">' in index and 'flet.routeUrlStrategy="hash"' in index
    assert '<meta name="theme-color" content="#8D5A2B">' in index and 'href="manifest.json"' in index
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["short_name"] == "Mammoth Herd"
    assert "https://" not in index.split("<body>")[0].replace("https://github.com", "")
    assert "app.zip" in files and "pyodide/pyodide.asm.wasm" in files and "fonts/MammothSans-Regular.otf" in files
    assert not any(name.endswith((".symbols", ".map", ".exe")) for name in files)
    assert set(VARIANTS) <= set(files)  # every browser's build, each kept only where used
    # The character set first (a browser looks in the first 1,024 bytes); no pointer to a
    # source map the site does not ship.
    assert index.index("<meta charset") < 200 and index.count("<meta charset") == 1
    assert "sourceMappingURL" not in (site / "flutter_bootstrap.js").read_text(encoding="utf-8")
    again = publish(site, compile_with_node=False)
    assert again["version"] == facts["version"]
    assert publish(site, compile_with_node=False, label="next")["version"] != facts["version"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_publish_never_overwrites_a_folder_it_did_not_write(tmp_path: Path, lang: str) -> None:
    """A folder holding someone else's files, or a file in the folder's place: refused in the
    user's language, nothing changed."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    lone = tmp_path / "lone"
    lone.write_text("a file", encoding="utf-8")
    for target, words in (
        (mine, {"en": "already holds other files", "ko": "이미 다른 파일이 있습니다"}),
        (lone, {"en": "is a file, not a folder", "ko": "폴더가 아니라 파일입니다"}),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "publish", str(target), "--language", lang, "--no-compile"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1 and words[lang] in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me" and len(list(mine.iterdir())) == 1
    assert lone.read_text(encoding="utf-8") == "a file"


LEFT_OUT = tuple(name.removesuffix("/").removesuffix(".py").replace("/", ".") for name in pack.STDLIB_LEFT_OUT)
#: An import at the start of a line (module level) in a file this Python cannot parse.
TOP_IMPORT = re.compile(r"^(?:import|from)\s+([\w.]+)", re.MULTILINE)


def _left_out(module: str) -> bool:
    return any(module == out or module.startswith(out + ".") for out in LEFT_OUT)


def _imports(source: str, module_level: bool) -> set[str]:
    """The modules ``source`` imports that the site leaves out: all of them, or only those it
    imports when it is loaded (not inside functions or ``if __name__ == "__main__":``)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than this Python's (the library is Pyodide's 3.14)
        return {found for found in TOP_IMPORT.findall(source) if _left_out(found)}
    names: set[str] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if _left_out(alias.name))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update(
                name for name in (node.module, *(f"{node.module}.{a.name}" for a in node.names)) if _left_out(name)
            )
        skipped = module_level and (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            or (isinstance(node, ast.If) and "__main__" in ast.unparse(node.test))
        )
        if not skipped:
            todo.extend(ast.iter_child_nodes(node))
    return names


def test_the_standard_library_left_out_is_never_imported(tmp_path: Path) -> None:
    """Of Pyodide's standard library the site leaves out what a page cannot use (processes,
    terminals, windows, mail, developer tools). The app and its packages import none of it
    anywhere, and no module the site keeps imports it when loaded."""
    (tmp_path / "app").mkdir()
    pack.stage(tmp_path / "app")
    for file in (tmp_path / "app").rglob("*.py"):
        assert not _imports(file.read_text(encoding="utf-8"), module_level=False), file
    stdlib = tmp_path / "python_stdlib.zip"
    pack.write_stdlib(stdlib, flet_client.client_dir() / "pyodide", compile_with_node=False)
    with zipfile.ZipFile(stdlib) as archive:
        names = archive.namelist()
        assert {"asyncio/__init__.py", "sqlite3/__init__.py", "zipfile/__init__.py", "json/__init__.py"} <= set(names)
        assert not [name for name in names if _left_out(name.removesuffix(".py").replace("/", "."))]
        for name in names:
            if name.endswith(".py") and not name.endswith("__main__.py"):
                found = _imports(archive.read(name).decode("utf-8"), module_level=True)
                assert not found, f"{name} imports {found}"


def test_the_installed_flet_web_is_the_one_the_site_was_made_from() -> None:
    """Every client file the site copies is there, the forked scripts are the ones the forks
    were made from, and the page has the tag the site rewrites."""
    assert flet_client.problems(flet_client.client_dir()) == []


def _client_copy(tmp_path: Path) -> Path:
    """flet-web's client folder as links to the installed files (cheap to change one of)."""
    web = tmp_path / "web"
    source = flet_client.client_dir()
    for name in (*flet_client.CLIENT_FILES, *flet_client.FORKED, flet_client.ROBOTO[0], "index.html"):
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        (web / name).symlink_to(source / name)
    return web


def test_a_simulated_flet_web_upgrade_names_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed byte in python-worker.js names the fork to make again; a file gone, the
    home-screen tag gone, the loader's service-worker settings gone and another flet-web
    version installed are named too; publish then writes nothing."""
    from companion.site.publish import PublishError

    web = _client_copy(tmp_path)
    worker = web / "python-worker.js"
    data = bytearray(worker.read_bytes())
    data[100] ^= 1
    worker.unlink()
    worker.write_bytes(bytes(data))
    (web / "canvaskit" / "skwasm.wasm").unlink()
    page = web / "index.html"
    html = page.read_text(encoding="utf-8").replace(flet_client.HOME_SCREEN_TAG, "")
    page.unlink()
    page.write_text(html, encoding="utf-8")
    loader = web / "flutter_bootstrap.js"
    script = flet_client.SERVICE_WORKER_SETTINGS.sub("", loader.read_text(encoding="utf-8"))
    loader.unlink()
    loader.write_text(script, encoding="utf-8")
    found = flet_client.problems(web)
    assert any("fork companion/site/python-worker.js again" in line for line in found)
    assert any("skwasm.wasm is missing" in line for line in found)
    assert any("apple-mobile-web-app-title" in line for line in found)
    assert any("flutter_bootstrap.js has no serviceWorkerSettings" in line for line in found)
    assert len(found) == 4
    monkeypatch.setattr(flet_client, "_installed_flet_web", lambda: "1.0.6")
    assert any("flet-web 1.0.6 is installed" in line for line in flet_client.problems(web))

    monkeypatch.setattr(flet_client, "client_dir", lambda: web)
    with pytest.raises(PublishError) as refused:
        publish(tmp_path / "site", compile_with_node=False)
    assert refused.value.key == "publish.flet_changed" and not (tmp_path / "site").exists()


def test_a_placeholder_publish_cannot_find_stops_the_build() -> None:
    """Each of the page scripts' placeholders is filled once; one that is missing (or there
    twice) stops the build with its name, instead of a script shipped with empty texts."""
    from companion.site.publish import _fill

    assert _fill("var V = /*VERSION*/ '';", "x.js", {"/*VERSION*/ ''": '"7"'}) == 'var V = "7";'
    for text in ("var V = '';", "/*VERSION*/ ''; /*VERSION*/ ''"):
        with pytest.raises(RuntimeError, match="VERSION"):
            _fill(text, "x.js", {"/*VERSION*/ ''": '"7"'})


def test_the_vendored_scripts_are_the_pinned_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The QR scripts the site ships match their SHA-256 pins; a changed byte is named."""
    from companion.site import publish as site_publish

    assert site_publish.vendored_problems() == []
    original = site_publish.HERE
    copy = tmp_path / "site"
    (copy / "vendor").mkdir(parents=True)
    for name in site_publish.VENDORED:
        data = (original / "vendor" / name).read_bytes()
        (copy / "vendor" / name).write_bytes(data + b" " if name == "qrcode.js" else data)
    monkeypatch.setattr(site_publish, "HERE", copy)
    assert site_publish.vendored_problems() == ["vendor/qrcode.js changed"]
