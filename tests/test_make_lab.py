"""``make lab`` works on copies in work/, so running a lesson never edits notebooks/.

docs/export.md, section 6: a lesson is copied into work/ only when it is
missing there (a learner's copy is kept), ``make fresh-lessons`` replaces the
copies, and the widget manager's saveState is merged into the venv's
overrides.json before JupyterLab starts. The copy rules run for real in a
scratch folder with the project's Makefile (``make -C <scratch> -f Makefile``).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = ROOT / "Makefile"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make(folder: Path, *targets: str) -> str:
    return subprocess.run(
        ["make", "-s", "-C", str(folder), "-f", str(MAKEFILE), *targets],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.fixture
def project(tmp_path) -> Path:
    """A scratch folder with two tracked "lessons" in notebooks/."""
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "01-rules.ipynb").write_text("tracked 1")
    (tmp_path / "notebooks" / "classroom-demo.ipynb").write_text("tracked demo")
    (tmp_path / "notebooks" / "README.md").write_text("not a lesson")
    return tmp_path


def work_files(project: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted((project / "work").iterdir())}


def test_the_lessons_are_copied_into_work_the_first_time(project):
    make(project, "lessons")
    assert work_files(project) == {
        "01-rules.ipynb": "tracked 1",
        "classroom-demo.ipynb": "tracked demo",
    }


def test_a_learners_copy_is_kept_and_a_missing_one_copied_again(project):
    make(project, "lessons")
    (project / "work" / "01-rules.ipynb").write_text("my work")
    (project / "work" / "classroom-demo.ipynb").unlink()
    make(project, "lessons")
    assert work_files(project) == {
        "01-rules.ipynb": "my work",
        "classroom-demo.ipynb": "tracked demo",
    }


def test_fresh_lessons_replaces_the_copies(project):
    make(project, "lessons")
    (project / "work" / "01-rules.ipynb").write_text("my work")
    make(project, "fresh-lessons")
    assert work_files(project)["01-rules.ipynb"] == "tracked 1"
    assert (project / "notebooks" / "01-rules.ipynb").read_text() == "tracked 1"


def test_make_lab_saves_widget_state_then_opens_work():
    plan = subprocess.run(
        ["make", "-n", "lab"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    settings = (
        ".venv/bin/python scripts/lab_overrides.py .venv/share/jupyter/lab/settings/overrides.json"
    )
    assert settings in plan
    lab = [k for k, line in enumerate(plan) if " lab " in line and "jupyter" in line]
    assert len(lab) == 1 and plan.index(settings) < lab[0]
    assert plan[lab[0]].endswith(" work/")
    assert not any("notebooks/" in line for line in plan[lab[0] :])


def test_the_work_folder_is_git_ignored():
    lines = (ROOT / ".gitignore").read_text().splitlines()
    assert "/work/" in lines
