"""What the served web app says about itself: its own name, colours and icons, not Flet's."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .harness import Server

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
