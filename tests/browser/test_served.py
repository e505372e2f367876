"""What the served web app says about itself: its own name, colours and icons, not Flet's."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from scripts.make_icon_font import SERVED_AS

from .harness import ROOT, Server

pytestmark = pytest.mark.browser


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return bytes(response.read())


def test_page_and_manifest_name_the_app(server: Server) -> None:
    """Adding the app to a phone's home screen gives a mammoth named Mammoth Herd."""
    page = fetch(server.url).decode()
    assert "<title>Mammoth Herd Companion</title>" in page
    assert 'apple-mobile-web-app-title" content="Mammoth Herd Companion"' in page
    assert "<title>Flet</title>" not in page and 'content="Flet application."' not in page
    manifest = json.loads(fetch(server.url + "manifest.json"))
    assert manifest["name"] == "Mammoth Herd Companion" and manifest["short_name"] == "Mammoth Herd"
    assert manifest["theme_color"] == "#8D5A2B" and "Stone Age" in manifest["description"]
    for icon in manifest["icons"]:
        png = fetch(server.url + icon["src"])
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from companion.assets_path import asset

    assert fetch(server.url + "icons/icon-192.png") == asset("icons", "icon-192.png").read_bytes()


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, bytes(response.read())
    except urllib.error.HTTPError as answer:
        return answer.code, {k.lower(): v for k, v in answer.headers.items()}, b""


def test_the_web_client_goes_out_compressed_and_revalidated(server: Server) -> None:
    """The 9.6 MB client a phone downloads first comes gzip-compressed to a browser that asks
    for it (the same bytes once unpacked), and a repeat visit gets 304 with no body."""
    import gzip

    total_plain = total_packed = 0
    for path in ("main.dart.js", "canvaskit/canvaskit.wasm", "flutter_bootstrap.js"):
        status, plain_headers, plain = get(server.url + path)
        assert status == 200 and "content-encoding" not in plain_headers, path
        status, headers, packed = get(server.url + path, **{"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
        assert gzip.decompress(packed) == plain, path
        assert headers["cache-control"] == "no-cache" and headers["etag"].startswith("W/")
        again, _, body = get(server.url + path, **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
        assert again == 304 and body == b"", path
        total_plain += len(plain)
        total_packed += len(packed)
    assert total_packed <= 0.4 * total_plain, (total_packed, total_plain)


def test_the_icon_font_is_the_app_s_cut(server: Server) -> None:
    """The browser asks for Flet's 1.26 MB Material Icons and gets the app's cut of it (the
    icons it shows), a few kilobytes."""
    status, _, served = get(server.url + "assets/fonts/MaterialIcons-Regular.otf")
    shipped = (ROOT / "assets" / SERVED_AS).read_bytes()
    assert status == 200 and served == shipped and len(served) < 20_000
