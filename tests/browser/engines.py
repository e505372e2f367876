"""The static site's other engines, driven as phones: Firefox (Debian's ``firefox-esr``,
through ``engines/firefox_phone.mjs``: puppeteer-core over WebDriver BiDi) with the same few
verbs the Chromium harness has (tap, text, wait, type, shot). Every request the page makes
is watched: one that fails (404) or leaves the site's origin is a failure of the walk."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .harness import UNCOVERED_JS

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


class EnginePhone:
    """What the two engines' phones do alike, over their own ``exists``, ``text`` and
    ``on_screen``."""

    def exists(self, identifier: str) -> bool:
        raise NotImplementedError

    def text(self, identifier: str) -> str:
        raise NotImplementedError

    def tap(self, identifier: str) -> None:
        raise NotImplementedError

    def on_screen(self, what: str) -> str:
        raise NotImplementedError

    def wait_text(self, identifier: str, needle: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            seen = self.text(identifier) if self.exists(identifier) else ""
            if needle in seen:
                return seen
            time.sleep(0.2)
        raise EngineError(self.on_screen(f"waited {timeout:g} s for {needle!r} in {identifier}, which read {seen!r}"))

    def gone(self, identifier: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while self.exists(identifier):
            if time.monotonic() > deadline:
                raise EngineError(self.on_screen(f"{identifier} stayed on screen"))
            time.sleep(0.1)

    def tap_for(self, identifier: str, shows: str, timeout: float = 30.0) -> None:
        """Tap ``identifier`` until ``shows`` is on screen, as a person taps again when a
        tap did nothing: at most three taps, and one only while ``identifier`` is still
        there (a CI run's WebKit, drawing in software on a loaded machine, once lost the
        tap on End game's question)."""
        for _ in range(3):
            if self.exists(shows):
                return
            if self.exists(identifier):
                self.tap(identifier)
            deadline = time.monotonic() + timeout / 3
            while time.monotonic() < deadline:
                if self.exists(shows):
                    return
                time.sleep(0.2)
        raise EngineError(self.on_screen(f"tapped {identifier}; {shows} never came"))


class FirefoxPhone(EnginePhone):
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
        self.ask(
            "launch",
            executable=FIREFOX,
            profile=str(profile),
            lang=lang,
            width=PHONE[0],
            height=PHONE[1],
            uncovered=UNCOVERED_JS,
        )

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

    def type(self, identifier: str, text: str) -> None:
        """Typed key by key, a little apart (a name; a code is pasted: :meth:`paste`)."""
        self.ask("type", identifier=identifier, text=text, delay=25)

    def paste(self, identifier: str, text: str) -> None:
        """Put ``text`` in the field as a person pastes a code: one input event (typed key by
        key on a busy machine, some keys overtake the app's own update of the field and a
        code of 90 characters arrives cut)."""
        self.ask("type", identifier=identifier, text=text, paste=True)

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


MINIBROWSER = next(
    (str(p) for p in sorted(Path("/usr/lib").glob("*/webkit2gtk-*/MiniBrowser"))), "/usr/lib/webkit2gtk-4.1/MiniBrowser"
)
WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
#: Safari's storage features, off by default in WebKitGTK (its automation profile stays
#: ephemeral all the same: the app then says, rightly, that nothing is kept).
WEBKIT_FEATURES = "--features=+FileSystem,+FileSystemWritableStream,+StorageAPI,+StorageAPIEstimate"
OTHER_ORIGINS_JS = (
    "return performance.getEntriesByType('resource').map(e => e.name)"
    ".filter(n => !n.startsWith(location.origin) && !n.startsWith('data:') && !n.startsWith('blob:'))"
)


def webkit_ready() -> str:
    """Why a WebKit phone cannot run here ("" when it can)."""
    for path, why in ((MINIBROWSER, "webkit2gtk-driver's MiniBrowser"), (WEBKIT_DRIVER, "WebKitWebDriver")):
        if not Path(path).exists():
            return f"needs {why} (Debian's webkit2gtk-driver; .ci/run installs it)"
    if shutil.which("Xvfb") is None:
        return "needs Xvfb (Debian's xvfb)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "needs selenium (the test extra)"
    return ""


class WebKitPhone(EnginePhone):
    """WebKitGTK's MiniBrowser in automation mode on a virtual screen, driven by selenium
    through WebKitWebDriver; ``locale`` is the system's (``C.UTF-8`` as containers have it)."""

    def __init__(self, display: int, locale: str = "en_US.UTF-8", shots: Path | None = None) -> None:
        from selenium import webdriver

        self.shots = shots or Path("test-artifacts") / "screenshots"
        self.xvfb = subprocess.Popen(
            ["Xvfb", f":{display}", "-screen", "0", "480x1000x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
        env.update(DISPLAY=f":{display}", LANG=locale, LC_ALL=locale)
        if not locale.startswith("C"):
            env["LANGUAGE"] = locale.split(".")[0]  # what WebKit reports, with or without the locale installed
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument(WEBKIT_FEATURES)
        service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=env)
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.terminate()
            raise
        self.driver.set_window_size(*PHONE)

    def open(self, url: str, first: str = "new-game", timeout: float = 120) -> None:
        """The site, until Flutter's accessibility tree shows ``first``."""
        self.driver.get(url)
        deadline = time.monotonic() + timeout
        while not self.exists(first):
            if time.monotonic() > deadline:
                raise EngineError(self.on_screen(f"waited {timeout:g} s for {first}"))
            self.driver.execute_script("var p = document.querySelector('flt-semantics-placeholder'); if (p) p.click();")
            time.sleep(0.5)

    def _box(self, identifier: str) -> dict[str, float] | None:
        found = self.driver.execute_script(
            "var e = document.querySelector(arguments[0]); if (!e) return null;"
            "var r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height};",
            f'[flt-semantics-identifier="{identifier}"]',
        )
        return dict(found) if found else None

    def exists(self, identifier: str) -> bool:
        return self._box(identifier) is not None

    def wait(self, identifier: str, timeout: float = 15.0) -> dict[str, float]:
        deadline = time.monotonic() + timeout
        while True:
            box = self._box(identifier)
            if box is not None:
                return box
            if time.monotonic() > deadline:
                raise EngineError(self.on_screen(f"waited {timeout:g} s for {identifier}"))
            time.sleep(0.1)

    def _still(self, identifier: str) -> dict[str, float]:
        before = self.wait(identifier)
        for _ in range(50):
            time.sleep(0.15)
            after = self.wait(identifier)
            if after == before:
                return after
            before = after
        return before

    def tap(self, identifier: str) -> None:
        """A pointer's tap at the middle of the control (a script's click() does nothing),
        after a wheel turn that brings it into view if need be."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

        box = self._still(identifier)
        for _ in range(12):
            if box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1]:
                break
            middle = int(box["y"] + box["height"] / 2 - PHONE[1] / 2)
            ActionChains(self.driver).scroll_from_origin(
                ScrollOrigin.from_viewport(20, PHONE[1] // 2), 0, middle
            ).perform()
            box = self._still(identifier)
        self._click(int(box["x"] + box["width"] / 2), int(box["y"] + box["height"] / 2))

    def _click(self, x: int, y: int) -> None:
        """A pointer's click at ``x``, ``y`` (page pixels)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        action = ActionBuilder(self.driver)
        action.pointer_action.move_to_location(x, y)  # type: ignore[no-untyped-call]  # selenium leaves it untyped
        action.pointer_action.click()
        action.perform()

    def text(self, identifier: str) -> str:
        self.wait(identifier)
        return str(
            self.driver.execute_script(
                "var e = document.querySelector(arguments[0]);"
                "var labels = Array.from(e.querySelectorAll('[aria-label]'), n => n.getAttribute('aria-label'));"
                "return [e.innerText || ''].concat(labels, [e.getAttribute('aria-label') || '']).join(' ')"
                ".replace(/\\u2060/g, '');",
                f'[flt-semantics-identifier="{identifier}"]',
            )
        )

    def type(self, identifier: str, text: str) -> None:
        """Tap the field, select what it holds, and type key by key; then, as a person who
        sees a letter missing, type what is missing at the end (at most twice, said on
        stderr). On a busy machine WebKit's last key can be lost: the field then holds all
        but the last letters, and so does the app."""
        from selenium.webdriver.common.action_chains import ActionChains

        box = self._still(identifier)
        self._click(int(box["x"] + 24), int(box["y"] + box["height"] / 2))
        time.sleep(0.3)
        self.driver.execute_script("var f = document.activeElement; if (f && 'value' in f) f.select();")
        keys = text
        for _ in range(3):
            for key in keys:
                ActionChains(self.driver).send_keys(key).perform()
            deadline = time.monotonic() + 3
            while (held := self._field_value()) != text and time.monotonic() < deadline:
                time.sleep(0.2)
            if held == text:
                return
            if not text.startswith(held):
                break
            keys = text[len(held) :]
            print(f"WebKit's field held {held!r} of {text!r}; {keys!r} is typed again", file=sys.stderr)
        raise EngineError(self.on_screen(f"typed {text!r} into {identifier}; it holds {held!r}"))

    def _field_value(self) -> str:
        """What the field being typed into holds."""
        return str(
            self.driver.execute_script("var f = document.activeElement; return f && 'value' in f ? f.value : '';")
        )

    def other_origins(self) -> list[str]:
        return list(self.driver.execute_script(OTHER_ORIGINS_JS))

    def shot(self, name: str) -> Path:
        self.shots.mkdir(parents=True, exist_ok=True)
        path = (self.shots / f"{name}.png").resolve()
        self.driver.save_screenshot(str(path))
        return path

    def on_screen(self, what: str) -> str:
        ids = self.driver.execute_script(IDS_JS.replace("Array.from", "return Array.from", 1))
        return f"{what}; on screen: {ids}; screenshot {self.shot('webkit-failure')}"

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.xvfb.wait(10)
