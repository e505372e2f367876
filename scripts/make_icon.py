"""Render the app icons from the mammoth drawing: assets/icon.png, assets/favicon.png, and
the served web app's home-screen icons in assets/icons/ (plain and maskable, 192 and 512 px).

Rerun with:  python scripts/make_icon.py   (needs Debian's chromium, playwright, and
pyoxipng: ``pip install -e ".[icons]"``). Each picture is then recompressed without loss by
oxipng: Chromium's PNGs are about 40 % larger, and every phone keeps the icons in its
offline copy of the site.
"""

from __future__ import annotations

from pathlib import Path

import oxipng
from playwright.sync_api import sync_playwright

ASSETS = Path(__file__).resolve().parents[1] / "assets"
PAGE = """<html><body style="margin:0;background:transparent">
<div style="width:{s}px;height:{s}px;border-radius:22%;background:radial-gradient(circle at 35% 30%,#f3d9a4,#c98a4b);
display:flex;align-items:center;justify-content:center">
<img src="data:image/svg+xml;utf8,{svg}" style="width:78%"></div></body></html>"""
#: Maskable: the background fills the square and the drawing keeps to the safe middle 60 %.
MASKABLE = """<html><body style="margin:0;background:transparent">
<div style="width:{s}px;height:{s}px;background:radial-gradient(circle at 35% 30%,#f3d9a4,#c98a4b);
display:flex;align-items:center;justify-content:center">
<img src="data:image/svg+xml;utf8,{svg}" style="width:58%"></div></body></html>"""
ICONS = (
    ("icon.png", 512, PAGE),
    ("favicon.png", 64, PAGE),
    ("icons/icon-192.png", 192, PAGE),
    ("icons/icon-512.png", 512, PAGE),
    ("icons/icon-maskable-192.png", 192, MASKABLE),
    ("icons/icon-maskable-512.png", 512, MASKABLE),
    ("icons/apple-touch-icon-192.png", 192, MASKABLE),
)


def main() -> None:
    svg = (ASSETS / "pictures" / "mammoth.svg").read_text().replace("#", "%23").replace('"', "'")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        (ASSETS / "icons").mkdir(exist_ok=True)
        for name, size, html in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(html.format(s=size, svg=svg))
            page.screenshot(path=str(ASSETS / name), omit_background=True)
            page.close()
        browser.close()
    for name, _size, _html in ICONS:
        oxipng.optimize(ASSETS / name, level=6, strip=oxipng.StripChunks.safe())


if __name__ == "__main__":
    main()
