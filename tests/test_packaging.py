"""Packaging: the Node versions the npm lock needs, the pinned Python test
packages, and a Makefile that reinstalls Python packages only when they change."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _version(text):
    parts = [int(p) for p in re.findall(r"\d+", text)[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def _satisfies(version, spec):
    """Whether ``version`` (a tuple) meets an npm engines range of the forms in
    package-lock.json: ``a || b``, ``>=x``, ``>= x``, ``^x``, ``x`` (a major),
    ``vX``. Written here so the test does not trust npm's own reading."""
    for alternative in spec.split("||"):
        alternative = alternative.strip()
        m = re.fullmatch(r"(>=|\^)?\s*v?([\d.]+)", alternative)
        assert m, f"a range form this test does not read: {alternative!r}"
        op, low = m.group(1), _version(m.group(2))
        if op == ">=" and version >= low:
            return True
        if op == "^" and version >= low and version[0] == low[0]:
            return True
        if op is None and version[0] == low[0]:
            return True
    return False


def test_the_node_range_is_what_the_lock_needs():
    package = json.loads((ROOT / "package.json").read_text())
    ours = package["engines"]["node"]
    lock = json.loads((ROOT / "package-lock.json").read_text())
    ranges = {
        info["engines"]["node"]
        for info in lock["packages"].values()
        if isinstance(info.get("engines"), dict) and "node" in info["engines"]
    }
    # The lowest release of each line our range admits runs every locked package…
    for lowest in [(20, 19, 0), (22, 13, 0), (24, 0, 0)]:
        assert _satisfies(lowest, ours)
        missing = [r for r in sorted(ranges) if not _satisfies(lowest, r)]
        assert missing == [], f"Node {lowest} fails {missing}"
    # … and the releases just below are outside it (each is refused by some package).
    for below in [(18, 20, 0), (20, 18, 9), (22, 12, 0), (23, 9, 0)]:
        assert not _satisfies(below, ours)
        assert any(not _satisfies(below, r) for r in ranges), below


def test_the_readme_names_the_node_versions_of_package_json():
    readme = (ROOT / "README.md").read_text()
    assert "Node.js 20.19 or newer (20.19+,\n22.13+ or 24+" in readme
    package = json.loads((ROOT / "package.json").read_text())
    assert package["engines"]["node"] == "^20.19.0 || ^22.13.0 || >=24.0.0"
    assert "≥ 18" not in readme


def _constraints():
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#")[0].split(";")[0].strip()
        if line:
            name, version = line.split("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def test_the_python_test_packages_are_pinned_and_installed_as_pinned():
    pins = _constraints()
    direct = [
        "pytest",
        "hypothesis",
        "nbval",
        "playwright",
        "jupyterlab",
        "notebook",
        "ipykernel",
        "ruff",
        "nbconvert",
        "nbclient",
        "voila",
        "marimo",
        "anywidget",
        "ipywidgets",
        "traitlets",
    ]
    for name in direct:
        assert name in pins, f"{name} is not pinned in constraints.txt"
        assert metadata.version(name) == pins[name], f"{name} differs from constraints.txt"


# constraints.txt pins three environments (its header says so): .venv's, the
# build backend's (pip's isolated build env) and that of scripts/lite_site.py's
# own venv, .cache/lite/venv. So the rule is: each pin that applies to this
# Python is installed in .venv as pinned, except the build backend's, which
# .venv need not have, and the lite venv's, which .venv must NOT have:
# jupyterlite-pyodide-kernel's JupyterLab extension would load in every page
# `make lab` serves and log "Shared module @jupyterlite/services doesn't
# exist". (Until the lite tools moved out of the test extra, only the direct
# test packages above were checked.)
BUILD_ONLY = {"hatchling", "hatch-jupyter-builder", "editables", "pathspec", "trove-classifiers"}
LITE_ONLY = {"jupyterlite-core", "jupyterlite-pyodide-kernel", "doit", "pkginfo"}


def _lite_site():
    spec = importlib.util.spec_from_file_location("lite_site", ROOT / "scripts" / "lite_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_pin_is_installed_in_the_venv_unless_it_is_the_build_or_lite_venvs():
    from packaging.requirements import Requirement

    wrong = []
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate():
            continue  # deliberately unpinned for this Python
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        (spec,) = requirement.specifier
        try:
            installed = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            installed = None
        if name in LITE_ONLY:
            if installed is not None:
                wrong.append(f"{name} {installed} is in .venv (only the lite venv's)")
        elif name not in BUILD_ONLY and installed != spec.version:
            wrong.append(f"{name}: .venv has {installed}, constraints.txt {spec.version}")
    assert wrong == []


def test_the_lite_tools_are_pinned_for_their_own_venv_only():
    lite_site = _lite_site()
    tools = {re.sub(r"[-_.]+", "-", tool.split("[")[0]).lower() for tool in lite_site.LITE_TOOLS}
    assert tools <= LITE_ONLY <= set(_constraints())
    assert lite_site.LITE_VENV == ROOT / ".cache" / "lite" / "venv"
    requires = metadata.requires("mc_widget") or []  # the installed metadata
    if sys.version_info >= (3, 11):  # and pyproject.toml itself (tomllib is 3.11's)
        import tomllib

        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        requires += [r for extra in project["optional-dependencies"].values() for r in extra]
        requires += project["dependencies"]
    assert [r for r in requires if r.startswith("jupyterlite")] == []
    assert not (Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite").exists()


def test_the_lab_extras_bring_notebook_7():
    # `make lab` installs ".[test]"; both extras give Notebook 7 beside
    # JupyterLab, so the server has /tree and /notebooks/… as well as /lab.
    requires = metadata.requires("mc_widget") or []
    for extra in ("lab", "test"):
        marker = re.compile(rf"extra\s*==\s*['\"]{extra}['\"]")
        wanted = [r for r in requires if r.startswith("notebook") and marker.search(r)]
        assert wanted, f"notebook is missing from the {extra} extra"
        assert wanted[0].split(";")[0].strip().replace(" ", "") == "notebook>=7"


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize(("uid", "allowed"), [("0", True), ("1000", False)])
def test_make_lab_allows_root_only_as_root(tmp_path, uid, allowed):
    # Jupyter refuses root without --allow-root (tests/browser/lab_helpers.py
    # adds it the same way). A fake `id` says who we are.
    fake = tmp_path / "id"
    fake.write_text(f"#!/bin/sh\necho {uid}\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    plan = subprocess.run(
        ["make", "-n", "lab"], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout
    lab = [line for line in plan.splitlines() if "jupyter lab" in line]
    assert lab == [
        ".venv/bin/jupyter lab --allow-root work/" if allowed else ".venv/bin/jupyter lab  work/"
    ]


def test_make_uses_the_constraints_and_a_js_edit_does_not_reinstall():
    makefile = (ROOT / "Makefile").read_text()
    assert 'pip install --quiet -c constraints.txt -e ".[test]"' in makefile
    if shutil.which("make") is None or not (ROOT / ".venv" / ".installed").exists():
        pytest.skip("needs make and a `make setup` done before")

    def plan(changed):
        # -n: print, run nothing; -W: as if `changed` had just been edited.
        return subprocess.run(
            ["make", "-n", "-W", changed, "setup"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    js_edit = plan("js/engine/cards.js")
    assert "npm run build" in js_edit
    assert "pip install" not in js_edit
    assert "pip install" in plan("constraints.txt")
