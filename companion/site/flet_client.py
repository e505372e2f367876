"""The static site's fence around flet-web's web client: every part of it the site copies,
forks or edits, pinned to the flet-web release it was checked on.

The site serves flet-web's compiled Flutter client as it ships (:data:`CLIENT_FILES`),
runs forks of two of its scripts (``python.js`` and ``python-worker.js`` beside this module,
made from flet-web's own, whose hashes :data:`FORKED` holds), and edits its ``index.html``
(:func:`static_index`, and the app's name and colour in its home-screen tags). A flet-web
upgrade may move, rename or change any of these without an error of its own; so
:func:`problems` lists what no longer matches, ``publish`` refuses to write a site while
there is any, and a test runs it against the installed flet-web: the message names the
file to fork again, or the path or tag that went.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

#: The flet-web release the forks and the paths below were made from and checked on.
FLET_WEB_VERSION = "1.0.5"

#: Files of flet-web's client the static site serves (the rest are other renderers, maps
#: for debugging and Pyodide's own command line).
CLIENT_FILES = (
    "flutter.js",
    "flutter_bootstrap.js",
    "main.dart.js",
    "main.dart.mjs",
    "main.dart.wasm",
    "version.json",
    "canvaskit/canvaskit.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js",
    "canvaskit/chromium/canvaskit.wasm",
    "canvaskit/skwasm.js",
    "canvaskit/skwasm.wasm",
    "canvaskit/skwasm_heavy.js",
    "canvaskit/skwasm_heavy.wasm",
    "assets/AssetManifest.bin",
    "assets/AssetManifest.bin.json",
    "assets/NOTICES",
    "assets/fonts/MaterialIcons-Regular.otf",
    "assets/packages/wakelock_plus/assets/no_sleep.js",
    "assets/shaders/ink_sparkle.frag",
    "assets/shaders/stretch_effect.frag",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide-lock.json",
)
#: flet-web's own scripts the site runs forks of (the forks are beside this module), with the
#: SHA-256 of the flet-web file each fork was made from: a new hash means flet-web changed
#: the script, and the fork must be made again from the new one.
FORKED = {
    "python.js": "067edcca8116732076fb2962067d3b5e739658ccf103cef7932f62904d32fbd5",
    "python-worker.js": "5c2f0c4ac3a7c2a8376226124942cfd29515a4abd95e97267fa4db371b94b947",
}
#: The tag of flet-web's page that the site rewrites with the app's own name and colour.
HOME_SCREEN_TAG = '<meta name="apple-mobile-web-app-title" content="Flet">'
#: In flet-web's ``flutter_bootstrap.js``, the settings of Flutter's own (deprecated) service
#: worker. With them, Flutter's loader finds the site's service worker registered and then
#: registers ``flutter_service_worker.js``, which the site does not have: a 404 at every
#: start. The site's copy of the script is written without them (:func:`bootstrap`).
SERVICE_WORKER_SETTINGS = re.compile(r"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},")
#: Roboto, Flutter's default font: flet-web's copy (the first path) is asked for where
#: Google Fonts names it, under the font base the site sets: the WebAssembly build (which
#: Chromium takes) at the second path, the JavaScript build (Firefox, Safari) at the third.
#: The site serves the copy at those two alone (nothing asks for the first: 63 KB a phone
#: would keep twice), so that a start has no 404 on any engine; the third is one of the
#: builds' files a browser keeps only once it used it (``publish.VARIANTS``).
ROBOTO_FILE = "roboto/v32/KFOmCnqEu92Fr1Me4GZLCzYlKw.woff2"
ROBOTO = ("assets/fonts/roboto.woff2", f"assets/assets/fonts/{ROBOTO_FILE}", f"assets/fonts/{ROBOTO_FILE}")
#: The client file of each build that names Roboto's file (a build that stops asking for it
#: there, or asks elsewhere, is a change to look at).
ROBOTO_ASKED_BY = ("main.dart.wasm", "main.dart.js")


def _installed_flet_web() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("flet-web")
    except PackageNotFoundError:
        return ""


def problems(web: Path) -> list[str]:
    """What in flet-web's client folder ``web`` no longer matches what the site was made
    from: missing files, changed forked scripts, a missing tag. Empty when all is as checked."""
    found = [
        f"{web / name} is missing (flet-web moved or dropped it)" for name in CLIENT_FILES if not (web / name).exists()
    ]
    installed = _installed_flet_web()
    if installed != FLET_WEB_VERSION:
        found.append(
            f"flet-web {installed or '(not installed)'} is installed; the site was checked against "
            f"{FLET_WEB_VERSION}: check each fix here against it, then change FLET_WEB_VERSION"
        )
    for name, digest in FORKED.items():
        source = web / name
        if not source.exists():
            found.append(f"{source} is missing: companion/site/{name} is a fork of it")
        elif hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            found.append(
                f"{source} changed since flet-web {FLET_WEB_VERSION}: fork companion/site/{name} again "
                f"from it, then put its new SHA-256 in FORKED"
            )
    page = web / "index.html"
    if not page.exists() or HOME_SCREEN_TAG not in page.read_text(encoding="utf-8"):
        found.append(f"{page} has no {HOME_SCREEN_TAG!r}: the app's home-screen name would not be set")
    if not (web / ROBOTO[0]).exists():
        found.append(f"{web / ROBOTO[0]} is missing: the site serves it as {ROBOTO[1]}; change ROBOTO")
    for name in ROBOTO_ASKED_BY:
        client = web / name
        if client.exists() and ROBOTO_FILE.encode() not in client.read_bytes():
            found.append(f"{client} no longer asks for {ROBOTO_FILE}: change ROBOTO to the paths the builds ask for")
    loader = web / "flutter_bootstrap.js"
    if loader.exists() and not SERVICE_WORKER_SETTINGS.search(loader.read_text(encoding="utf-8")):
        found.append(
            f"{loader} has no serviceWorkerSettings: see whether Flutter's loader still asks for "
            "flutter_service_worker.js, then change SERVICE_WORKER_SETTINGS"
        )
    return found


def bootstrap(web: Path) -> str:
    """flet-web's ``flutter_bootstrap.js`` without the settings of Flutter's service worker
    (the site has its own; see :data:`SERVICE_WORKER_SETTINGS`), and without its pointer
    to ``flutter.js.map``, a file the site does not ship (an audit counts the 404)."""
    text, count = SERVICE_WORKER_SETTINGS.subn("", (web / "flutter_bootstrap.js").read_text(encoding="utf-8"), 1)
    if count != 1:
        raise RuntimeError("flet-web's flutter_bootstrap.js changed: no serviceWorkerSettings")
    return SOURCE_MAP.sub("", text)


#: A script's pointer to its source map (``//# sourceMappingURL=...``, to the line's end).
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=\S+\s*$", re.M)


def client_dir() -> Path:
    """flet-web's web client folder (the static site copies its files)."""
    import flet_web

    return Path(flet_web.__file__).parent / "web"


#: What Flet's patcher writes as absolute paths, and the relative ones a static site needs.
_RELATIVE = (
    ('<base href="/">', '<base href="./">'),
    ('flet.pyodideUrl="pyodide/pyodide.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.mjs"'),
    ('flet.canvasKitBaseUrl="/canvaskit/"', 'flet.canvasKitBaseUrl="canvaskit/"'),
    ('flet.entrypointBaseUrl="/"', 'flet.entrypointBaseUrl="./"'),
    ('flet.assetBase="/"', 'flet.assetBase="./"'),
)


#: Flet's loading picture (its logo), and the app's icon in its place: shown for the moment
#: before the site's own loading screen (``page.js``) covers the page.
_OWN_LOOK = (('<img src="icons/loading-animation.png" alt="" />', '<img src="icons/icon-192.png" alt="" />'),)


def static_index(template: Path, script: str, archive: str) -> str:
    """flet-web's ``index.html`` as a static site needs it: Python in the browser running
    ``script`` from ``archive``, every file local, hash routes (a plain host has no page at
    a screen's own path), Flutter's renderer chosen by the browser as served, and paths
    relative to the page, so that the site works below any path of a host (GitHub Pages:
    ``/name/``). Flet's own patcher writes it; its absolute paths then become relative.
    Raises RuntimeError when flet-web's page no longer has what is replaced."""
    import tempfile

    import flet as ft
    from flet_web.patch_index import patch_index_html

    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "index.html"
        page.write_bytes(template.read_bytes())
        patch_index_html(
            str(page),
            base_href="/",
            app_name="Mammoth Herd Companion",
            app_description="Runs The Mammoth Herd expansion for Stone Age at the table",
            pyodide=True,
            pyodide_script_path=script,
            pyodide_version="local",
            app_package_url=archive,
            route_url_strategy=ft.RouteUrlStrategy.HASH,
            no_cdn=True,
        )
        html = page.read_text(encoding="utf-8")
    for old, new in (*_RELATIVE, *_OWN_LOOK):
        if old not in html:
            raise RuntimeError(f"flet-web's index.html changed: {old!r} not found")
        html = html.replace(old, new)
    return html
