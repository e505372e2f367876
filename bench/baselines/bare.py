"""The bare Flet baseline: a hello text and a counter button, nothing else.

Served exactly like the app (web, no CDN, 127.0.0.1) so the benchmark compares
Mammoth Herd Companion with Flet doing nothing.
"""

from __future__ import annotations

import sys

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("Count 0", size=20)

    def add(_e: ft.Event[ft.Button]) -> None:
        count.value = f"Count {int(count.value.split()[1]) + 1}"
        page.update()

    page.add(
        ft.Text("Hello", size=24),
        ft.Semantics(identifier="add", content=ft.FilledButton("Add", on_click=add)),
        ft.Semantics(identifier="count", content=count),
    )


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8560
    print(f"bare flet: http://127.0.0.1:{port}/", flush=True)
    ft.run(main, host="127.0.0.1", port=port, view=None, no_cdn=True)
