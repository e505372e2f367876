"""The static site's other engines, driven as phones: Firefox (Debian's ``firefox-esr``,
through ``engines/firefox_phone.mjs``: puppeteer-core over WebDriver BiDi) with the same few
verbs the Chromium harness has (tap, text, wait, type, shot). Every request the page makes
is watched: one that fails (404) or leaves the site's origin is a failure of the walk."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

ENGINES = Path(__file__).parent / "engines"
FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
IDS_JS = (
    "Array.from(document.querySelectorAll('[flt-semantics-identifier]'), "
    "e => e.getAttribute('flt-semantics-identifier')).join(', ')"
)
#: A phone's window (CSS pixels), as NARROW in the Chromium harness.
PHONE = (412, 915)


def firefox_ready() -> str:
    """Why a Firefox phone cannot run here ("" when it can)."""
    if not Path(FIREFOX).exists():
        return "needs Debian's firefox-esr (.ci/run installs it)"
    if shutil.which("node") is None:
        return "needs Node.js"
    if not (ENGINES / "node_modules" / "puppeteer-core").exists():
        return "needs puppeteer-core: npm ci --prefix tests/browser/engines (.ci/run does it)"
    return ""


class EngineError(AssertionError):
    pass


class FirefoxPhone:
    """One Firefox, its profile in ``profile``, a phone-sized window, the language ``lang``."""

    def __init__(
        self, profile: Path, lang: str = "en-US", shots: Path | None = None, namespace: str | None = None
    ) -> None:
        """``namespace``: the network namespace the phone runs in (its driver too: Firefox's
        remote agent listens on the namespace's own loopback)."""
        self.shots = shots or Path("test-artifacts") / "screenshots"
        inside = ["ip", "netns", "exec", namespace] if namespace else []
        self.process = subprocess.Popen(
            [*inside, "node", str(ENGINES / "firefox_phone.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ENGINES,
        )
        self.count = 0
        profile.mkdir(parents=True, exist_ok=True)
        self.ask("launch", executable=FIREFOX, profile=str(profile), lang=lang, width=PHONE[0], height=PHONE[1])

    def ask(self, op: str, **fields: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.count += 1
        self.process.stdin.write(json.dumps({"id": self.count, "op": op, **fields}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"Firefox's driver ended during {op}")
        answer = json.loads(line)
        if not answer["ok"]:
            raise EngineError(f"{op} {fields.get('identifier', '')}: {answer['error'][:2000]}")
        return answer.get("value")

    def open(self, url: str) -> None:
        """The site, until Flutter's accessibility tree is there."""
        self.ask("goto", url=url)
        self.ask("semantics")

    def wait(self, identifier: str, timeout: float = 15.0) -> None:
        self.ask("wait", identifier=identifier, timeout=int(timeout * 1000))

    def exists(self, identifier: str) -> bool:
        return bool(self.ask("exists", identifier=identifier))

    def tap(self, identifier: str) -> None:
        self.ask("tap", identifier=identifier)

    def text(self, identifier: str, timeout: float = 15.0) -> str:
        return str(self.ask("text", identifier=identifier, timeout=int(timeout * 1000)))

    def wait_text(self, identifier: str, needle: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            seen = self.text(identifier, timeout) if self.exists(identifier) else ""
            if needle in seen:
                return seen
            time.sleep(0.2)
        raise EngineError(self.on_screen(f"waited {timeout:g} s for {needle!r} in {identifier}, which read {seen!r}"))

    def gone(self, identifier: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while self.exists(identifier):
            if time.monotonic() > deadline:
                raise EngineError(f"{identifier} stayed on screen")
            time.sleep(0.1)

    def type(self, identifier: str, text: str) -> None:
        """Typed key by key, a little apart: keys typed at once can overtake the app's own
        update of the field, which then drops some (a code of 90 characters arrives cut)."""
        self.ask("type", identifier=identifier, text=text, delay=25)

    def code(self, identifier: str, timeout: float = 30.0) -> str:
        """The code a phone shows as text (the field under ``identifier``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.exists(identifier):
                found = re.findall(r"[A-Za-z0-9_-]{60,}", str(self.ask("value", identifier=identifier)))
                if found:
                    return str(found[0])
            time.sleep(0.2)
        raise EngineError(self.on_screen(f"no code in {identifier}"))

    def on_screen(self, what: str) -> str:
        """``what``, with the ids on screen and a screenshot's path (for a failing walk)."""
        ids = self.ask("evaluate", script=IDS_JS)
        said = self.ask("said")
        return f"{what}; on screen: {ids}; the page's last warnings {said}; screenshot {self.shot('firefox-failure')}"

    def shot(self, name: str) -> Path:
        self.shots.mkdir(parents=True, exist_ok=True)
        path = (self.shots / f"{name}.png").resolve()
        self.ask("shot", path=str(path))
        return path

    def failures(self) -> list[str]:
        """Requests since the last call that failed or left the site."""
        return list(self.ask("failures"))

    def close(self) -> None:
        with contextlib.suppress(EngineError):
            self.ask("close")
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
