"""The lessons are checked by nbval under the plain ``python -m pytest``.

pyproject.toml adds the numbered lessons (``notebooks/[0-9][0-9]-*.ipynb``) to
``testpaths`` and ``--nbval`` with the
sanitize file ``tests/nbval-sanitize.cfg`` to ``addopts``. These tests run
pytest the same way on scratch copies of lesson 1 and prove that the check
can fail: an output changed by hand is reported as a mismatch, while what
legitimately changes between runs (object addresses, widget model ids) is
sanitized away.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
LESSON = REPO / "notebooks" / "01-learn-the-rules.ipynb"
LESSON_5 = REPO / "notebooks" / "05-relatives-of-monte-carlo.ipynb"


def run_pytest(*paths: Path) -> subprocess.CompletedProcess:
    """``python -m pytest`` with the project's configuration, from the repo root."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        + ["-c", str(REPO / "pyproject.toml"), "--rootdir", str(REPO)]
        + [str(p) for p in paths],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def cell(nb, cell_id: str):
    return next(c for c in nb.cells if c.get("id") == cell_id)


def test_pytest_collects_the_lessons_with_nbval():
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Lesson 1, and lesson 5 (the relatives of Monte Carlo) by name: each code cell once.
    for lesson in (LESSON, LESSON_5):
        lesson_items = [
            line
            for line in result.stdout.splitlines()
            if line.startswith(f"notebooks/{lesson.name}::Cell ")
        ]
        code_cells = [c for c in nbformat.read(lesson, as_version=4).cells if c.cell_type == "code"]
        assert len(lesson_items) == len(code_cells) > 0, lesson.name


def test_a_scratch_notebook_beside_the_lessons_is_not_run(tmp_path):
    # testpaths names the numbered lessons only (notebooks/[0-9][0-9]-*.ipynb):
    # an Untitled.ipynb a user saves in notebooks/ must not break `make test`.
    # A scratch project with this pyproject.toml, one lesson and one scratch
    # notebook whose cell fails.
    (tmp_path / "tests").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "pyproject.toml").write_text((REPO / "pyproject.toml").read_text())
    cfg = "nbval-sanitize.cfg"
    (tmp_path / "tests" / cfg).write_text((REPO / "tests" / cfg).read_text())
    (tmp_path / "README.md").write_text("A scratch project.\n")

    def notebook(code: str, output: str | None) -> nbformat.NotebookNode:
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nb.cells = [nbformat.v4.new_code_cell(code, execution_count=1)]
        if output is not None:
            nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text=output)]
        return nb

    nbformat.write(notebook("print(6 * 7)", "42\n"), tmp_path / "notebooks" / "01-a-lesson.ipynb")
    scratch = tmp_path / "notebooks" / "Untitled.ipynb"
    nbformat.write(notebook("1 / 0", None), scratch)

    def pytest_in(root: Path, *paths: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(root)]
            + [str(p) for p in paths],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=300,
        )

    result = pytest_in(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
    assert "Untitled" not in result.stdout
    # Named on the command line, the scratch notebook does run, and fails.
    assert pytest_in(tmp_path, scratch).returncode == 1


def test_a_changed_output_fails(tmp_path):
    nb = nbformat.read(LESSON, as_version=4)
    out = cell(nb, "legal-pairs").outputs[0]
    assert out.text.startswith("[(2, 8), (6, 11), (18, 22)]\n")  # RULES.md, the German case
    out.text = out.text.replace("[(2, 8), (6, 11), (18, 22)]", "[(2, 8), (6, 11)]")
    path = tmp_path / "changed.ipynb"
    nbformat.write(nb, path)

    result = run_pytest(path)
    assert result.returncode == 1, result.stdout
    assert "1 failed" in result.stdout
    assert "mismatch 'stdout'" in result.stdout
    assert "[(2, 8), (6, 11)]" in result.stdout


def test_a_changed_board_text_fails(tmp_path):
    # A board's saved output is its text form: a note, then the tableau rows.
    nb = nbformat.read(LESSON, as_version=4)
    data = cell(nb, "gap-board").outputs[0].data
    assert data["text/plain"].startswith("Monte Carlo board, own layout. ")
    assert "\n9H KH .. 5D 2H\n" in data["text/plain"]
    data["text/plain"] = data["text/plain"].replace("9H KH .. 5D", "9H KH 4C 5D")
    path = tmp_path / "changed.ipynb"
    nbformat.write(nb, path)

    result = run_pytest(path)
    assert result.returncode == 1, result.stdout
    assert "1 failed" in result.stdout


def test_addresses_and_model_ids_are_sanitized(tmp_path):
    code = (
        "import ipywidgets\n"
        "print(object())\n"
        "print(ipywidgets.IntSlider().model_id)\n"
        "print('fixed text')"
    )
    saved = (
        "<object object at 0x7f0000000000>\n"
        "0123456789abcdef0123456789abcdef\n"  # 32 hex digits, like a model id
        "fixed text\n"
    )
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [nbformat.v4.new_code_cell(code, execution_count=1)]
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text=saved)]
    good = tmp_path / "sanitized.ipynb"
    nbformat.write(nb, good)
    assert run_pytest(good).returncode == 0

    # ... but only those: the rest of the output is still compared.
    nb.cells[0].outputs[0].text = saved.replace("fixed text", "other text")
    bad = tmp_path / "unsanitized.ipynb"
    nbformat.write(nb, bad)
    result = run_pytest(bad)
    assert result.returncode == 1, result.stdout


def test_the_lesson_keeps_the_metadata_jupyterlab_writes():
    # JupyterLab writes the kernel's language_info (with the Python version)
    # into a notebook it opens; saved without it, the lesson opened "unsaved".
    # tests/browser/test_lesson1.py checks that opening it leaves it clean.
    info = json.loads(LESSON.read_text())["metadata"]["language_info"]
    assert sorted(info) == [
        "codemirror_mode",
        "file_extension",
        "mimetype",
        "name",
        "nbconvert_exporter",
        "pygments_lexer",
        "version",
    ]
    assert info["name"] == "python"
    assert info["version"].startswith("3.")


def test_the_lesson_is_saved_without_widget_state():
    # scripts/execute_notebooks.py keeps the text outputs and drops the widget
    # views and state (large, and new random ids on every run).
    raw = json.loads(LESSON.read_text())
    assert "widgets" not in raw["metadata"]
    assert raw["metadata"]["kernelspec"]["name"] == "python3"
    outputs = [o for c in raw["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert outputs, "the lesson is saved with its outputs"
    assert all("application/vnd.jupyter.widget-view+json" not in o.get("data", {}) for o in outputs)
