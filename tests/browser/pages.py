"""The static site as the Pages workflow builds it, built once for a whole test run.

Every walk of the static site (Chromium, Firefox, WebKit, the rig, phones together) plays
the folder the workflow's build job writes: its ``run`` steps as written, in order, in a
copy of the tree, with ``python`` a new virtual environment's (one that sees this
environment's packages, as the runner's pip would fetch them). A build takes a minute or
two, so the first worker to need it builds it under a file lock in the run's shared
temporary folder, and every other worker and module reads the same folder. The walks only
serve it; one that needs a changed site copies it first.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv
from pathlib import Path
from typing import Any

import yaml
from filelock import FileLock

from .harness import ROOT

#: The workflow that publishes the site to GitHub Pages on every push to main.
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
#: What a copy of the tree leaves out: what git does not track, or a build would write.
UNTRACKED = (".git", "test-artifacts", "dist", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis")
#: Written last into the build's folder: a build that stopped half-way is made again.
DONE = "built"


def build_job() -> dict[str, Any]:
    job: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["build"]
    return job


def build(work: Path) -> Path:
    """Run the build job's steps in a copy of the tree under ``work``; the folder its upload
    step names."""
    tree = work / "checkout"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*UNTRACKED))
    venv.create(work / "venv", system_site_packages=True, with_pip=True)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{work / 'venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    job = build_job()
    for step in job["steps"]:
        if "run" in step:
            done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=tree, env=env, capture_output=True, text=True)
            assert done.returncode == 0, (step["run"], done.stdout[-2000:], done.stderr[-2000:])
    upload = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    return tree / str(upload["with"]["path"])


def shared_site(run_dir: Path) -> Path:
    """The run's one build, in ``run_dir`` (the folder every worker of the run shares): built
    by the first caller, waited for by the others."""
    work = run_dir / "pages"
    with FileLock(str(run_dir / "pages.lock")):
        mark = work / DONE
        if mark.is_file():
            return Path(mark.read_text(encoding="utf-8"))
        site = build(work)
        mark.write_text(str(site), encoding="utf-8")
        return site
