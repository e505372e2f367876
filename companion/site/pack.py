"""The Python side of the static site: the app and its packages in one zip, and Pyodide's
standard library, both as bytecode when Pyodide's own CPython can compile them.

Pyodide's start is mostly CPython compiling its standard library from source (flet-web
ships it as ``.py``); compiled once here, with Pyodide's CPython run by Node.js, the
browser skips that (``bench/PROFILE.md``). Packages go in as plain Python: msgpack's C
part has no browser build and its own pure-Python fallback takes over; of Babel only the
modules go in, not its 33 MB of locale data (the app reads its CLDR facts from
``companion/i18n/cldr.json`` and evaluates plural rules with ``babel.plural``). Of the
standard library, what no page can use is left out, and the library and the packages are
compiled without docstrings and asserts; the app's own code keeps both.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from ..assets_path import assets_dir

ARCHIVE = "app.zip"
#: Packages the app imports in the browser, and what of each is left out.
PACKAGES: dict[str, tuple[str, ...]] = {
    "flet": ("testing/", "cli/", "__pycache__/"),
    "msgpack": ("__pycache__/",),
    "repath": (),
    "six": (),
    "platformdirs": ("__pycache__/",),
    "babel": ("locale-data/", "global.dat", "messages/", "__pycache__/", "localtime/"),
    # The BG Stats link's QR code needs the matrix only: not the images that need Pillow.
    "qrcode": (
        "tests/",
        "console_scripts.py",
        "release.py",
        "image/svg.py",
        "image/pil.py",
        "image/styledpil.py",
        "image/styles/colormasks.py",
        "image/styles/moduledrawers/pil.py",
        "image/styles/moduledrawers/svg.py",
        "__pycache__/",
    ),
}
#: The app's own data files Python reads (the rest of its assets the client fetches).
APP_DATA = ("decks", "fonts/coverage.json", "fonts/widths.json")
#: Of the server, only its fence of Flet's private internals runs in the browser.
FROM_SERVER = ("server/__init__.py", "server/webfix.py")
#: Modules of the package that never run in the browser (they need a server or a shell).
LEFT_OUT = ("server/", "site/publish.py", "site/pack.py", "__pycache__/", "cli.py", "__main__.py")
MAIN = "from companion.site.main import run\n\nrun()\n"
#: Modules of Pyodide's standard library that no page of the app can use: they need other
#: processes, a terminal or a window, serve or fetch mail and files over sockets, or are
#: a developer's tools (about 1 MB of the zip). No module the app, its packages or the rest
#: of the standard library imports when loaded is among them (``tests/test_site.py``).
STDLIB_LEFT_OUT = (
    "multiprocessing/",
    "concurrent/futures/process.py",
    "_pyrepl/",
    "unittest/",
    "idlelib/",
    "tkinter/",
    "turtledemo/",
    "curses/",
    "ensurepip/",
    "venv/",
    "lib2to3/",
    "pydoc_data/",
    "xmlrpc/",
    "wsgiref/",
    "doctest.py",
    "pdb.py",
    "bdb.py",
    "pydoc.py",
    "cProfile.py",
    "profile.py",
    "pstats.py",
    "trace.py",
    "tabnanny.py",
    "pyclbr.py",
    "modulefinder.py",
    "zipapp.py",
    "turtle.py",
    "antigravity.py",
    "this.py",
    "__hello__.py",
    "__phello__/",
    "ftplib.py",
    "imaplib.py",
    "poplib.py",
    "smtplib.py",
    "mailbox.py",
    "netrc.py",
)
#: ``ft.Name`` in the app's code (``import flet as ft`` throughout).
FT_NAME = re.compile(r"\bft\.([A-Za-z_]\w*)")
NODE_TIMEOUT_SECONDS = 600


def _tree(path: Path) -> list[tuple[Path, str]]:
    """(file, path inside the package) for a package folder or a one-file module."""
    if path.is_file():
        return [(path, path.name)]
    return [(f, f.relative_to(path).as_posix()) for f in sorted(path.rglob("*")) if f.is_file()]


def _origin(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise FileNotFoundError(f"package {name} is not installed")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def _wanted(inner: str, skip: tuple[str, ...]) -> bool:
    if inner.endswith((".pyc", ".so", ".pyd", ".pyi")) or "/__pycache__/" in f"/{inner}":
        return False
    return not any(inner.startswith(s) or inner == s.rstrip("/") for s in skip)


def _shipped(inner: str) -> bool:
    """Whether the package file ``inner`` (a path inside ``companion/``) goes in the archive."""
    return (inner in FROM_SERVER or _wanted(inner, LEFT_OUT)) and not inner.startswith("assets/")


def flet_names() -> list[str]:
    """The ``ft.*`` names the shipped app's code uses, for the Python worker to import
    before it keeps its snapshot (Flet imports a control's module when it is first named)."""
    app = Path(__file__).resolve().parents[1]
    names = {
        name
        for file, inner in _tree(app)
        if inner.endswith(".py") and _shipped(inner)
        for name in FT_NAME.findall(file.read_text(encoding="utf-8"))
    }
    return sorted(names)


def stage(folder: Path) -> None:
    """Lay out ``main.py``, the app (with its data files) and its packages in ``folder``."""
    (folder / "main.py").write_text(MAIN, encoding="utf-8")
    app = Path(__file__).resolve().parents[1]
    for file, inner in _tree(app):
        if _shipped(inner):
            target = folder / "companion" / inner
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, target)
    for name in APP_DATA:
        source = assets_dir() / name
        for file, inner in _tree(source):
            target = (
                folder / "companion" / "assets" / name / inner
                if source.is_dir()
                else folder / "companion" / "assets" / name
            )
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, target)
    for name, skip in PACKAGES.items():
        origin = _origin(name)
        for file, inner in _tree(origin):
            if _wanted(inner, skip):
                target = folder / (inner if origin.is_file() else f"{name}/{inner}")
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, target)


def node_python(pyodide: Path) -> list[str] | None:
    """The command that runs Pyodide's CPython under Node.js, or None without Node."""
    node = shutil.which("node")
    if node is None or not (pyodide / "python_cli_entry.mjs").is_file():
        return None
    entry = pyodide / "python_cli_entry.mjs"
    return [node, "--experimental-wasm-stack-switching", str(entry), f"--this-program={pyodide / 'python'}"]


#: Everything is compiled as ``python -OO`` would (no docstrings, no asserts; CPython
#: supports that for its library): 13 % less of the standard library to download. Folders
#: given after the two paths (the app's own code) are compiled again with both kept, as
#: they run in the served app.
COMPILE = """
import compileall, os, py_compile, sys
folder, named, plain = sys.argv[1], sys.argv[2], sys.argv[3:]
unchecked = py_compile.PycInvalidationMode.UNCHECKED_HASH
compileall.compile_dir(folder, ddir=named, quiet=2, legacy=True, optimize=2, invalidation_mode=unchecked)
for sub in plain:
    compileall.compile_dir(os.path.join(folder, sub), ddir=named + "/" + sub, quiet=2, legacy=True, optimize=0,
        force=True, invalidation_mode=unchecked)
"""


def compile_tree(folder: Path, pyodide: Path, named: str, plain: tuple[str, ...] = ()) -> bool:
    """Compile every ``.py`` under ``folder`` to a ``.pyc`` beside it (``legacy``: the
    ``.pyc`` takes the source's place) with Pyodide's CPython; the sources are then removed.
    Tracebacks name the files below ``named`` (not the temporary folder), so that the same
    sources always compile to the same bytes.
    A file that does not compile (the standard library's deliberately broken test files)
    keeps its source. Returns False (and leaves the sources) when Node.js is missing or the
    compiler did not run."""
    command = node_python(pyodide)
    if command is None:
        return False
    try:
        done = subprocess.run(
            [*command, "-c", COMPILE, str(folder), named, *plain],
            capture_output=True,
            text=True,
            timeout=NODE_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    compiled = False
    for source in folder.rglob("*.py"):
        if source.with_suffix(".pyc").is_file():
            source.unlink()
            compiled = True
    return done.returncode == 0 and compiled


def _zip(folder: Path, target: Path) -> None:
    """A zip of ``folder`` that depends only on its files (no dates), so that the same app
    published twice is the same version."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                entry = zipfile.ZipInfo(file.relative_to(folder).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(entry, file.read_bytes(), compresslevel=9)


def write_archive(target: Path, pyodide: Path, compile_with_node: bool) -> bool:
    """The app's archive; returns whether it holds bytecode."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stage(folder)
        compiled = compile_with_node and compile_tree(folder, pyodide, "app", plain=("companion",))
        _zip(folder, target)
    return compiled


def write_stdlib(target: Path, pyodide: Path, compile_with_node: bool) -> None:
    """Pyodide's standard library without :data:`STDLIB_LEFT_OUT`, as bytecode when it can
    be compiled, else as source."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "lib"
        with zipfile.ZipFile(pyodide / "python_stdlib.zip") as archive:
            kept = [name for name in archive.namelist() if stdlib_kept(name)]
            archive.extractall(folder, kept)
            if compile_with_node and not compile_tree(folder, pyodide, "/lib/python3.14"):
                shutil.rmtree(folder)  # a compiler that stopped part way: the sources, whole
                archive.extractall(folder, kept)
        _zip(folder, target)


def stdlib_kept(name: str) -> bool:
    """Whether the file ``name`` of Pyodide's standard library goes on the site."""
    return not any(name.startswith(out) if out.endswith("/") else name == out for out in STDLIB_LEFT_OUT)
