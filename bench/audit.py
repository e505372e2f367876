"""An outside audit of the published site: Lighthouse's mobile run (its simulated slow
phone and network), on the site as ``python -m companion publish`` writes it, served by
``http.server``; ``--only audit``. Lighthouse is pinned in the bench's own npm lock
(``bench/lighthouse``, installed with ``npm ci --prefix bench/lighthouse``) and drives
Debian's Chromium; without Node.js or that install, the rows say so and are not counted.

Lighthouse loads the page as a first visit (it clears the site's storage first), so its
numbers are those of a phone that has never opened the site: the service worker does not
serve that visit yet.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.common import Row, median
from companion.site.publish import publish
from tests.browser.harness import CHROMIUM, StaticHost

HERE = Path(__file__).resolve().parent / "lighthouse"
LIGHTHOUSE = HERE / "node_modules" / ".bin" / "lighthouse"
#: The flags every Chromium of this bench starts with (no network but the site's own).
FLAGS = " ".join(
    [
        *("--headless=new", "--no-sandbox", "--disable-gpu"),
        *("--disable-background-networking", "--disable-component-update", "--no-first-run"),
    ]
)


def _run(url: str, out: Path) -> dict[str, object]:
    subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
         "--only-categories=performance,accessibility,best-practices", f"--chrome-flags={FLAGS}"],
        check=True, timeout=600, env={"CHROME_PATH": CHROMIUM, "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    found: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return found


def audit(runs: int) -> list[Row]:
    if shutil.which("node") is None or not LIGHTHOUSE.exists():
        why = "no Node.js" if shutil.which("node") is None else "run `npm ci --prefix bench/lighthouse` first"
        return [Row("8. Lighthouse's mobile audit of the published site", [], None, "", "–", True, f"not run: {why}")]
    work = Path(tempfile.mkdtemp(prefix="mh-audit-"))
    publish(work / "site")
    host = StaticHost(work / "site").start()
    reports = []
    try:
        for i in range(runs):
            reports.append(_run(host.url, work / f"report-{i}.json"))
    finally:
        host.stop()
    version = str(reports[0]["lighthouseVersion"])

    def score(category: str) -> list[float]:
        """A category's score as Lighthouse shows it, out of 100."""
        return [100 * float(r["categories"][category]["score"]) for r in reports]  # type: ignore[index]

    def audit_value(name: str) -> list[float]:
        return [float(r["audits"][name]["numericValue"]) / 1000 for r in reports]  # type: ignore[index]

    def failed(report: dict[str, object]) -> list[str]:
        audits: dict[str, dict[str, object]] = report["audits"]  # type: ignore[assignment]
        return sorted(k for k, a in audits.items() if a.get("scoreDisplayMode") == "binary" and a.get("score") == 0)

    shutil.rmtree(work, ignore_errors=True)
    tbt = audit_value("total-blocking-time")
    timings = (
        f"first paint {median(audit_value('first-contentful-paint')):.1f} s, "
        f"largest {median(audit_value('largest-contentful-paint')):.1f} s, "
        f"speed index {median(audit_value('speed-index')):.1f} s, "
        f"interactive {median(audit_value('interactive')):.1f} s"
    )
    accessible = median(score("accessibility"))
    best = sorted({name for report in reports for name in failed(report)})
    return [
        Row(
            "8a. Lighthouse mobile: performance score (of 100)",
            score("performance"),
            None,
            "",
            "recorded (no target: Flutter's compiled client sets most of it)",
            True,
            f"Lighthouse {version}; {timings}",
        ),
        Row(
            "8b. Lighthouse mobile: accessibility score (of 100)",
            score("accessibility"),
            None,
            "",
            "≥ 90",
            accessible >= 90,
        ),
        Row(
            "8c. Lighthouse mobile: best-practices score (of 100)",
            score("best-practices"),
            None,
            "",
            "recorded",
            True,
            "failed: " + ", ".join(best),
        ),
        Row(
            "8d. Lighthouse mobile: total blocking time",
            tbt,
            None,
            "ms",
            "recorded",
            True,
            f"median {median(tbt):.1f} s under its simulated slow phone",
        ),
    ]
