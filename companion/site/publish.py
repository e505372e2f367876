"""``python -m companion publish [DIR]``: the whole app as a folder any static host serves.

The folder holds Flet's web client and the Pyodide that ``flet-web`` ships, the app's
Python code with the pure-Python packages it needs (one zip, compiled to ``.pyc`` by
Pyodide's own CPython when Node.js is at hand), the app's pictures and font, a service
worker that keeps every file of this version for offline use, and the page scripts that
start Python beside the Flutter client and offer a new version when one is published.
Nothing is fetched from elsewhere at run time.

This runs on the publishing machine, never in the browser.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from ..assets_path import assets_dir
from ..i18n import LANGUAGES, translate
from ..server import webfix
from ..ui.theme import FONT, FONTS
from . import flet_client, pack
from .flet_client import CLIENT_FILES

#: Shipped with the site but not kept offline: the licences of Flutter's parts, which the
#: app never shows (1.5 MB no phone needs to download).
NOT_KEPT = ("assets/NOTICES",)
#: The app's own files at the site's root, as the served app has them.
APP_ASSETS = ("favicon.png", "icons", "pictures", "fonts/MammothSans-Regular.otf", "fonts/OFL.txt", "assets")
#: What marks a folder as one this command wrote (and may therefore empty).
MARK = "mammoth-herd-site.json"
#: Files of which a browser loads one set (kept offline once used, never fetched for all):
#: Flutter's WebAssembly build with skwasm where the browser can run it (Chromium), else
#: its JavaScript build with CanvasKit (the Chromium or the full build).
VARIANTS = (
    "main.dart.js",
    "main.dart.mjs",
    "main.dart.wasm",
    "canvaskit/skwasm.js",
    "canvaskit/skwasm.wasm",
    "canvaskit/skwasm_heavy.js",
    "canvaskit/skwasm_heavy.wasm",
    "canvaskit/canvaskit.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js",
    "canvaskit/chromium/canvaskit.wasm",
    flet_client.ROBOTO[2],  # the JavaScript build's Roboto
)
HERE = Path(__file__).parent
#: Where the Python worker keeps its memory snapshot in a version's cache: made on the
#: device, not a file of the site.
SNAPSHOT_KEY = "python-snapshot.bin"


class PublishError(Exception):
    """The folder cannot be written; ``key`` and ``params`` say why in the user's words."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _prepare(dest: Path) -> None:
    """An empty ``dest``: a new folder, or one this command wrote before (emptied). Any other
    folder with files in it is refused, so that nothing of the user's is deleted."""
    if dest.exists() and not dest.is_dir():
        raise PublishError("publish.not_folder", path=str(dest))
    if dest.is_dir() and any(dest.iterdir()):
        if not (dest / MARK).is_file():
            raise PublishError("publish.not_empty", path=str(dest))
        for child in dest.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    dest.mkdir(parents=True, exist_ok=True)


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)
    else:
        shutil.copyfile(source, target)


def _page_texts() -> dict[str, dict[str, str]]:
    """What the page scripts say (before Python runs), in every language."""
    keys = (
        "site.starting",
        "site.downloading",
        "site.downloaded",
        "site.first_visit",
        "site.scan_hint",
        "site.scan_cancel",
        "site.stalled_screen",
        "site.stalled_python",
        "site.reload",
    )
    return {lang: {key.split(".", 1)[1]: translate(lang, key) for key in keys} for lang in LANGUAGES}


#: The scripts of others the site ships (vendor/README.md says whence), by SHA-256: a file
#: changed by hand or by a careless update stops the build.
VENDORED = {
    "qrcode.js": "79ec86f82856005b1c887905cfccfcfbec3821ca61c7fd5a952faa5f778f791c",
    "qr-scanner.umd.min.js": "9de39de6693d6348430c4402104fe277fb9210bd524e7e287700364f42851ce3",
    "qr-scanner-worker.min.js": "a9eb38a1936cd4227da598800ece16d2cbd478648a5067a148b9592b92f1678b",
}


def vendored_problems() -> list[str]:
    """How the vendored scripts differ from their pinned hashes (none: as pinned)."""
    found = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in (HERE / "vendor").glob("*.js")}
    problems = [f"vendor/{name} is not pinned" for name in sorted(set(found) - set(VENDORED))]
    problems += [f"vendor/{name} is missing" for name in sorted(set(VENDORED) - set(found))]
    problems += [
        f"vendor/{name} changed" for name in sorted(set(found) & set(VENDORED)) if found[name] != VENDORED[name]
    ]
    return problems


def _fill(text: str, name: str, holes: dict[str, str]) -> str:
    """``text`` with each placeholder of ``holes`` replaced by its value; a placeholder
    that is not there (a script edited without its publish step) stops the build, rather
    than shipping a script whose texts or version are silently empty."""
    for hole, value in holes.items():
        if text.count(hole) != 1:
            raise RuntimeError(f"{name} should hold {hole!r} once, and holds it {text.count(hole)} times")
        text = text.replace(hole, value)
    return text


def _index(web: Path, version: str) -> str:
    """Flet's page, patched for a static site that may live in any folder of a host, with
    the page's own scripts first in its head."""
    html = flet_client.static_index(web / "index.html", "main.py", pack.ARCHIVE)
    texts = json.dumps(_page_texts(), ensure_ascii=False).replace("</", "<\\/")
    script = _fill(
        (HERE / "page.js").read_text(encoding="utf-8"),
        "page.js",
        {"/*TEXTS*/ {}": texts, "/*VERSION*/ ''": json.dumps(version)},
    )
    table = (HERE / "table.js").read_text(encoding="utf-8")  # playing together: connections, scans, QR codes
    marks = (HERE.parent / "server" / "a11y.js").read_text(encoding="utf-8")  # lang and aria-invalid
    # From the home screen: the short name under the icon, the app's colour in the bar.
    manifest = json.loads((assets_dir() / "manifest.json").read_text(encoding="utf-8"))
    tag = '<meta name="apple-mobile-web-app-title" content="Mammoth Herd Companion">'  # as Flet's patcher wrote it
    if tag not in html:
        raise RuntimeError(f"flet-web's patched index.html has no {tag!r}: the home-screen name would be lost")
    html = html.replace(
        tag,
        f'<meta name="apple-mobile-web-app-title" content="{manifest["short_name"]}">\n'
        f'  <meta name="theme-color" content="{manifest["theme_color"]}">',
    )
    own = f"{marks}\n{webfix.wakelock_script()}\n{webfix.own_origin_script()}"
    return webfix.add_script(html, f"{webfix.prefs_script()}\n{script}\n{table}\n{own}")


#: The app's font as Flutter's font list names it: at the address the app's theme loads it
#: from (``assets/`` is where Flutter looks, so the path climbs out of it), one file, kept once.
APP_FONT = {"family": FONT, "fonts": [{"asset": f"../{FONTS[FONT]}"}]}


def _font_manifest() -> str:
    """Flutter's font list: the icon font and the app's own (the app uses no KaTeX or
    Cupertino fonts, which Flutter would otherwise fetch at start: 0.85 MB in 20 requests).

    Flutter's JavaScript build loads the fonts listed here before it draws a frame. The
    theme's font alone came later, once Python sent the first page: a letter such as "í"
    drawn in between, before Roboto was ready too, counted as missing, and Flutter went to
    fetch Noto Sans Symbols (a 404 offline; Firefox met it after some reloads)."""
    icons = {"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]}
    return json.dumps([icons, APP_FONT])


def _files(dest: Path) -> list[str]:
    return sorted(
        path.relative_to(dest).as_posix()
        for path in dest.rglob("*")
        if path.is_file() and path.name not in ("sw.js", MARK) and path.relative_to(dest).as_posix() not in NOT_KEPT
    )


def _version(dest: Path, files: list[str], label: str) -> str:
    digest = hashlib.sha256(label.encode())
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((dest / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def publish(dest: Path, compile_with_node: bool = True, label: str = "", isolate: bool = False) -> dict[str, object]:
    """Write the site into ``dest``; returns what was written (files, bytes, version).

    The version is a hash of every file (and ``label``): the same app published again is
    the same version, and phones are offered an update only when something changed (or
    the label did). ``isolate``: the service worker makes the pages it serves
    cross-origin isolated (``sw.js``; off by default, as measured: docs/performance.md)."""
    web = flet_client.client_dir()
    changed = flet_client.problems(web)
    if changed:  # before anything is written: a site from a changed client may not start
        raise PublishError("publish.flet_changed", problems="\n".join(changed))
    _prepare(dest)
    for name in CLIENT_FILES:
        _copy(web / name, dest / name)
    (dest / "flutter_bootstrap.js").write_text(flet_client.bootstrap(web), encoding="utf-8")
    for served in flet_client.ROBOTO[1:]:  # where each build asks for it
        _copy(web / flet_client.ROBOTO[0], dest / served)
    (dest / "assets" / "FontManifest.json").write_text(_font_manifest(), encoding="utf-8")
    assets = assets_dir()
    for name in APP_ASSETS:
        _copy(assets / name, dest / name)
    (dest / "manifest.json").write_text((assets / "manifest.json").read_text(encoding="utf-8"), encoding="utf-8")
    shutil.copyfile(HERE / "python.js", dest / "python.js")  # Python started with the page
    if vendored_problems():
        raise RuntimeError("the vendored scripts differ from their pins: " + "; ".join(vendored_problems()))
    for name in sorted(VENDORED):  # the QR code's scanner and drawer
        _copy(HERE / "vendor" / name, dest / "vendor" / name)
    python_worker = _fill(  # kept as a snapshot
        (HERE / "python-worker.js").read_text(encoding="utf-8"),
        "python-worker.js",
        {"/*FLET_NAMES*/ []": json.dumps(pack.flet_names()), '/*SNAPSHOT_KEY*/ ""': json.dumps(SNAPSHOT_KEY)},
    )
    (dest / "python-worker.js").write_text(python_worker, encoding="utf-8")
    compiled = pack.write_archive(dest / pack.ARCHIVE, web / "pyodide", compile_with_node)
    pack.write_stdlib(dest / "pyodide" / "python_stdlib.zip", web / "pyodide", compile_with_node and compiled)
    # The page names the version, so it is written after the version is known; the version
    # is the content of every other file.
    files = _files(dest)
    version = _version(dest, files, label)
    (dest / "index.html").write_text(_index(web, version), encoding="utf-8")
    files = sorted([*files, "index.html"])
    worker = _fill(
        (HERE / "sw.js").read_text(encoding="utf-8"),
        "sw.js",
        {
            "/*VERSION*/ ''": json.dumps(version),
            "/*FILES*/ []": json.dumps(files),
            "/*VARIANTS*/ []": json.dumps(list(VARIANTS)),
            "/*ISOLATE*/ false": json.dumps(isolate),
        },
    )
    (dest / "sw.js").write_text(worker, encoding="utf-8")
    size = sum(path.stat().st_size for path in dest.rglob("*") if path.is_file())
    facts = {"label": label, "version": version, "files": len(files) + 1, "bytes": size, "compiled": compiled}
    (dest / MARK).write_text(json.dumps(facts, indent=1), encoding="utf-8")
    return facts


def main(argv: list[str]) -> int:
    """The ``publish`` command: ``publish [DIR] [--language LANG] [--no-compile] [--label TEXT] [--isolate]``."""
    import argparse

    from ..cli import environment_language

    parser = argparse.ArgumentParser(
        prog="python -m companion publish",
        description="Write the whole app as a static web site: a folder any web host serves as it is, "
        "which phones open from a link and keep for offline use.",
    )
    parser.add_argument("folder", nargs="?", default="dist", help="where the site goes (default: dist)")
    parser.add_argument("--language", choices=LANGUAGES, default=None, help="language of the messages")
    parser.add_argument("--no-compile", action="store_true", help="ship Python sources (no Node.js needed)")
    parser.add_argument("--label", default="", help="a name for this build; a new one makes a new version")
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="serve the pages cross-origin isolated from the service worker (Flutter draws on a thread of its own)",
    )
    options = parser.parse_args(argv)
    lang = options.language or environment_language(os.environ) or "en"

    def tr(key: str, **params: object) -> str:
        return translate(lang, key, **params)

    dest = Path(options.folder)
    try:
        facts = publish(
            dest.resolve(), compile_with_node=not options.no_compile, label=options.label, isolate=options.isolate
        )
    except PublishError as exc:
        print(tr(exc.key, **exc.params), file=sys.stderr)
        return 1
    except OSError as exc:
        print(tr("publish.failed", path=str(dest), reason=exc.strerror or str(exc)), file=sys.stderr)
        return 1
    print(tr("publish.done", path=str(dest), files=facts["files"], mb=f"{int(str(facts['bytes'])) / 1e6:.1f}"))
    if not facts["compiled"] and not options.no_compile:
        print(tr("publish.no_node"))
    return 0
