"""The wheel, installed non-editable into a fresh virtualenv, serves a round screen."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .harness import PHONE, ROOT, App, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def run(*args: str, cwd: Path | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done.stdout


def test_wheel_in_a_fresh_virtualenv_serves_a_korean_round(browser: Browser, tmp_path: Path) -> None:
    """Build the wheel, install it (not editable) into a new virtualenv, start the app from
    there in a folder without the source, and play into a round in Korean."""
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT))
    wheel = next(wheels.glob("mammoth_herd_companion-*.whl"))
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", str(venv))
    python = venv / "bin" / "python"
    run(str(python), "-m", "pip", "install", "-q", str(wheel))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = run(str(python), "-c", "import companion.assets_path as a; print(a.assets_dir())", cwd=elsewhere)
    assert str(venv) in found and "site-packages/companion/assets" in found

    port = free_port()
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - the server process writes to it for its whole life
    proc = subprocess.Popen(
        [
            str(venv / "bin" / "mammoth-herd"),
            "--port",
            str(port),
            "--data-dir",
            str(tmp_path / "data"),
            "--language",
            "ko",
        ],
        cwd=elsewhere,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)},
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "server.log").read_text()
                time.sleep(0.2)
        app = App(browser, url, PHONE, locale="ko-KR")
        app.click("new-game")
        for seat, name in enumerate(["김민지", "Anna", "Ñandú"]):
            app.fill_name(seat, name)
        app.click("start-game")
        app.wait("herd-card")
        app.wait_text("title", "1라운드")
        app.shot("wheel-phone-ko-round")
        app.assert_offline()
        app.close()
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
