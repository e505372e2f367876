"""Render the app icon (assets/icon.png, assets/favicon.png) from the mammoth drawing.

Rerun with:  python scripts/make_icon.py   (needs Debian's chromium and playwright)
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ASSETS = Path(__file__).resolve().parents[1] / "assets"
PAGE = """<html><body style="margin:0;background:transparent">
<div style="width:{s}px;height:{s}px;border-radius:22%;background:radial-gradient(circle at 35% 30%,#f3d9a4,#c98a4b);
display:flex;align-items:center;justify-content:center">
<img src="data:image/svg+xml;utf8,{svg}" style="width:78%"></div></body></html>"""


def main() -> None:
    svg = (ASSETS / "pictures" / "mammoth.svg").read_text().replace("#", "%23").replace('"', "'")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for name, size in (("icon.png", 512), ("favicon.png", 64)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(PAGE.format(s=size, svg=svg))
            page.screenshot(path=str(ASSETS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
