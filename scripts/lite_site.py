"""Build a JupyterLite site in which mc_widget's boards play, from registry packages only.

    .venv/bin/python scripts/lite_site.py OUT [--contents NOTEBOOK ...]

Python runs in the browser there, so the site must carry Pyodide and every
wheel the kernel and the board import, never falling back to a CDN. Where each
piece comes from: docs/export.md, section 7. Each build runs in a fresh
temporary folder (docs/scripts.md).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.message import Message
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "lite"
PYODIDE_NPM = REPO / "node_modules" / "pyodide"
CONSTRAINTS = REPO / "constraints.txt"
# Lessons 4 and 6 draw charts with matplotlib (and numpy), compiled packages that
# Pyodide's own distribution carries but no registry this site is built
# from does (PyPI has no Pyodide wheels of them): left out by default.
NEEDS_MATPLOTLIB = {"04-how-often-can-you-win.ipynb", "06-practice.ipynb"}
LESSONS = sorted(
    p for p in (REPO / "notebooks").glob("[0-9][0-9]-*.ipynb") if p.name not in NEEDS_MATPLOTLIB
)
# The build tools' own venv (see above), its stamp (the Python and the
# constraints.txt lines it was installed with) and the kernel extension's
# folder under its prefix.
LITE_VENV = CACHE / "venv"
# jupyterlite-core's "contents" extra is jupyter_server, which indexes --contents.
LITE_TOOLS = ("jupyterlite-core[contents]", "jupyterlite-pyodide-kernel")
LITE_STAMP = "mc-widget-pins.txt"
KERNEL_EXTENSION = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
# The JupyterLab extensions a board needs in the site: the kernel, the widget
# manager (jupyterlab_widgets' wheel) and anywidget's (its wheel).
SITE_EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
# The runtime files the kernel loads (pyodide.mjs is its entry point).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide.js",
    "package.json",
)
# What the kernel itself loads from the lock (loadPackage, then piplite.install).
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
PROJECT = "mc-widget"


class SiteError(RuntimeError):
    """Something the site needs is missing or does not fit; the message says what."""


# -- the build tools' venv ------------------------------------------------------


def lite_venv(venv: Path = LITE_VENV, constraints: Path = CONSTRAINTS) -> Path:
    """The python of ``venv``, holding LITE_TOOLS at constraints.txt's pins.

    Reused when its stamp matches this Python and the constraints.txt lines of
    every package in it; otherwise (absent, half made, a pin changed) made
    anew: ``python -m venv``, then ``pip install -c constraints.txt`` of the
    tools. SiteError if pip fails or installs a package constraints.txt does
    not name (pin it there).
    """
    python = venv / "bin" / "python"
    stamp = venv / LITE_STAMP
    if python.exists() and stamp.exists():
        names = [Requirement(line).name for line in stamp.read_text().splitlines()[1:]]
        if stamp.read_text() == venv_stamp(names, constraints):
            return python
    tools = [canonicalize_name(Requirement(tool).name) for tool in LITE_TOOLS]
    if missing := [name for name in tools if name not in constraint_lines(constraints)]:
        raise SiteError(f"constraints.txt does not pin {', '.join(missing)}")
    print(f"lite_site.py: installing {', '.join(LITE_TOOLS)} in {venv}", file=sys.stderr)
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(venv)])
    run(
        [str(python), "-m", "pip", "install", "--quiet", "-c", str(constraints), *LITE_TOOLS],
        hint="PyPI cannot be reached, or constraints.txt's pins do not fit together",
    )
    frozen = run([str(python), "-m", "pip", "freeze"]).split()  # pip, setuptools left out
    names = [Requirement(line).name for line in frozen]
    if unpinned := [n for n in names if canonicalize_name(n) not in constraint_lines(constraints)]:
        raise SiteError(
            f"{', '.join(LITE_TOOLS)} need {', '.join(unpinned)}, which constraints.txt "
            f"does not pin: add the versions {venv} got ({' '.join(frozen)})"
        )
    stamp.write_text(venv_stamp(names, constraints))  # last: a half-made venv has none
    return python


def venv_stamp(names: list[str], constraints: Path = CONSTRAINTS) -> str:
    """This Python's version and LITE_TOOLS, then the constraints.txt line of each of ``names``."""
    lines = constraint_lines(constraints)
    pins = sorted(lines.get(canonicalize_name(name), name) for name in names)
    return "\n".join([f"python {platform.python_version()}: {' '.join(LITE_TOOLS)}", *pins]) + "\n"


def in_venv(python: Path, code: str) -> str:
    """What ``code`` prints, run by ``python`` (the build tools' venv), stripped."""
    return run([str(python), "-c", code]).strip()


def expected_pyodide_version(python: Path) -> str:
    """The Pyodide version the jupyterlite-pyodide-kernel of ``python``'s venv is built for."""
    return in_venv(
        python,
        "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION; print(PYODIDE_VERSION)",
    )


def kernel_extension(python: Path) -> Path:
    """The pyodide kernel's JupyterLab extension folder under ``python``'s venv prefix."""
    return Path(in_venv(python, "import sys; print(sys.prefix)")) / KERNEL_EXTENSION


# -- inputs --------------------------------------------------------------------


def pyodide_runtime(wanted: str, dist: Path = PYODIDE_NPM) -> tuple[Path, dict]:
    """``(folder, lock)`` of the npm Pyodide; SiteError if absent or not ``wanted`` (a version)."""
    missing = [name for name in (*RUNTIME_FILES, "pyodide-lock.json") if not (dist / name).exists()]
    if missing:
        raise SiteError(
            f"{dist} lacks {', '.join(missing)}: run `npm ci` (pyodide is in package.json)"
        )
    version = json.loads((dist / "package.json").read_text())["version"]
    if version != wanted:
        raise SiteError(f"{dist} is Pyodide {version}; jupyterlite-pyodide-kernel needs {wanted}")
    return dist, json.loads((dist / "pyodide-lock.json").read_text())


def constraint_lines(path: Path = CONSTRAINTS) -> dict[str, str]:
    """Canonical name -> its ``name==version`` line in constraints.txt (marker kept)."""
    lines = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines[canonicalize_name(Requirement(line).name)] = line
    return lines


def constraint_pins(path: Path = CONSTRAINTS) -> dict[str, str]:
    """Canonical name -> the version constraints.txt pins (``name==version`` lines)."""
    pins = {}
    for name, line in constraint_lines(path).items():
        (spec,) = Requirement(line).specifier
        pins[name] = spec.version
    return pins


def kernel_stubs(extension: Path) -> dict[str, Path]:
    """Canonical name -> the wheels the kernel extension ships (e.g. a widgetsnbextension stub)."""
    wheels = sorted((extension / "static" / "pypi").glob("*.whl"))
    if not wheels:
        raise SiteError(
            f"no wheels in {extension}/static/pypi: is jupyterlite-pyodide-kernel installed? "
            f"(delete {LITE_VENV} to have it made anew)"
        )
    newest: dict[str, Path] = {}
    for wheel in wheels:  # sorted: the newest stub of a name comes last
        newest[canonicalize_name(parse_wheel_filename(wheel.name)[0])] = wheel
    return newest


# -- wheels --------------------------------------------------------------------


def project_wheel(into: Path, repo: Path = REPO) -> Path:
    """This checkout's wheel, built with ``pip wheel --no-deps`` into ``into``."""
    if not (repo / "mc_widget" / "static" / "widget.js").exists():
        raise SiteError("mc_widget/static/widget.js is missing: run `npm run build` first")
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(into), str(repo)])
    (wheel,) = into.glob("mc_widget-*.whl")
    return wheel


def cached_wheel(cache: Path, name: str, version: str) -> Path | None:
    """The wheel of ``name==version`` in ``cache``, or None."""
    for wheel in cache.glob("*.whl"):
        wheel_name, wheel_version, _, _ = parse_wheel_filename(wheel.name)
        if (
            canonicalize_name(wheel_name) == canonicalize_name(name)
            and str(wheel_version) == version
        ):
            return wheel
    return None


def download(pins: dict[str, str], cache: Path, python: str) -> dict[str, Path]:
    """Name -> wheel for each ``name==version`` in ``pins``, pip-downloading those not cached.

    Pure-Python wheels only (``--platform any``), for Pyodide's ``python``
    (like "3.14"); a package with no such wheel on PyPI is a SiteError.
    """
    cache.mkdir(parents=True, exist_ok=True)
    missing = [
        f"{name}=={version}"
        for name, version in pins.items()
        if not cached_wheel(cache, name, version)
    ]
    if missing:
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--implementation", "py", "--python-version", python,
             "-d", str(cache), *missing],
            hint="a package above has no pure-Python wheel on PyPI, or PyPI cannot be reached",
        )  # fmt: skip
    wheels = {name: cached_wheel(cache, name, version) for name, version in pins.items()}
    if lost := [name for name, wheel in wheels.items() if wheel is None]:
        raise SiteError(f"pip download left no wheel for {', '.join(lost)} in {cache}")
    return wheels


def wheel_metadata(wheel: Path) -> tuple[Message, list[str]]:
    """``(METADATA, top-level import names)`` of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        tops = {n.split("/")[0].removesuffix(".py") for n in names if "/" in n or n.endswith(".py")}
        imports = sorted(
            t for t in tops if not t.endswith((".dist-info", ".data")) and t.isidentifier()
        )
        return email.parser.Parser().parsestr(archive.read(meta).decode()), imports


def requirements(meta: Message, python: str) -> list[Requirement]:
    """The Requires-Dist entries that apply in Pyodide (no extras), as Requirements."""
    environment = {
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }
    found = [Requirement(line) for line in meta.get_all("Requires-Dist") or []]
    return [r for r in found if r.marker is None or r.marker.evaluate(environment)]


# -- the lock ------------------------------------------------------------------


def lock_keys(lock: dict) -> dict[str, str]:
    """Canonical name -> the lock's own key for it (the lock mixes ``-`` and ``_``)."""
    return {canonicalize_name(key): key for key in lock["packages"]}


def lock_closure(lock: dict, roots: list[str]) -> list[str]:
    """The lock keys of ``roots`` (canonical names) and everything they depend on, in the lock."""
    keys, seen, todo = lock_keys(lock), [], list(roots)
    while todo:
        key = keys.get(canonicalize_name(todo.pop()))
        if key is None or key in seen:
            continue
        seen.append(key)
        todo.extend(lock["packages"][key]["depends"])
    return sorted(seen)


def board_packages(
    wheel: Path, lock: dict, pins: dict[str, str], stubs: dict[str, Path], cache: Path
) -> tuple[dict[str, Path], list[str]]:
    """``(name -> wheel, lock roots)`` for the project's wheel and its dependencies in Pyodide.

    A dependency the Pyodide lock has is left to the lock (returned as a
    root, SiteError if its version does not fit); one the kernel extension
    ships is its stub (widgetsnbextension); any other is pip-downloaded at
    constraints.txt's pin (SiteError if there is none).
    """
    python, keys = lock["info"]["python"], lock_keys(lock)
    wheels, roots, todo = {PROJECT: wheel}, [], [wheel]
    while todo:
        meta, _ = wheel_metadata(todo.pop())
        for requirement in requirements(meta, python):
            name = canonicalize_name(requirement.name)
            if name in wheels or name in roots:
                continue
            if name in keys:
                check_fits(requirement, lock["packages"][keys[name]]["version"], "the Pyodide lock")
                roots.append(name)
                continue
            if name in stubs:
                found = stubs[name]
            elif name in pins:
                found = download({name: pins[name]}, cache, python)[name]
            else:
                raise SiteError(
                    f"{meta['Name']} needs {requirement}, which constraints.txt does not pin"
                )
            check_fits(requirement, str(parse_wheel_filename(found.name)[1]), found.name)
            wheels[name] = found
            todo.append(found)
    return wheels, roots


def check_fits(requirement: Requirement, version: str, source: str) -> None:
    if not requirement.specifier.contains(version, prereleases=True):
        raise SiteError(f"{requirement} is needed, but {source} has {requirement.name} {version}")


def lock_entry(wheel: Path, keys: dict[str, str], python: str) -> dict:
    """A pyodide-lock.json entry for a pure-Python wheel (its depends as the lock's keys)."""
    meta, imports = wheel_metadata(wheel)
    depends = [canonicalize_name(r.name) for r in requirements(meta, python)]
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(keys.get(d, d) for d in depends),
        "unvendored_tests": False,
    }


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def site_lock(lock: dict, lock_wheels: dict[str, Path], extra: dict[str, Path]) -> dict:
    """The npm lock trimmed to ``lock_wheels``, plus ``extra``.

    Each entry names a wheel downloaded from PyPI with that file's own
    sha256 (not checked against PyPI's published digest).
    """
    keys, python = lock_keys(lock), lock["info"]["python"]
    packages = {
        key: {**lock["packages"][key], "file_name": wheel.name, "sha256": sha256(wheel)}
        for key, wheel in lock_wheels.items()
    }
    keys.update({name: name for name in extra})
    for name, wheel in extra.items():
        packages[name] = lock_entry(wheel, keys, python)
    have = {canonicalize_name(key) for key in packages}  # Pyodide's depends mix - and _ too
    depends = {d for p in packages.values() for d in p["depends"]}
    if unmet := sorted(d for d in depends if canonicalize_name(d) not in have):
        raise SiteError(f"the site's pyodide-lock.json would name packages it lacks: {unmet}")
    return {**lock, "packages": packages}


# -- the site ------------------------------------------------------------------


def write_pyodide_folder(into: Path, runtime: Path, lock: dict, wheels: list[Path]) -> None:
    """``into``: the runtime files, the wheels, and ``lock`` as pyodide-lock.json."""
    into.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, into / name)
    for wheel in wheels:
        shutil.copy2(wheel, into / wheel.name)
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def kernel_settings() -> dict:
    """The pyodide kernel's settings: the local runtime, no PyPI, the board loaded at start."""
    return {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": [PROJECT]},
    }


def write_lite_config(lite_dir: Path) -> None:
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings()
            }
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))


def has_labextension(wheel: Path) -> bool:
    """Whether ``wheel`` ships a JupyterLab extension (``share/jupyter/labextensions/``)."""
    with zipfile.ZipFile(wheel) as archive:
        return any("/share/jupyter/labextensions/" in name for name in archive.namelist())


def lite_build(
    python: Path,
    lite_dir: Path,
    out: Path,
    piplite_wheels: list[Path],
    contents: list[Path],
    extension_wheels: list[Path],
) -> None:
    """``jupyter lite build`` by ``python`` (the tools' venv); cwd, cache, doit db: ``lite_dir``.

    The site's JupyterLab extensions are those of the tools' venv (the kernel's)
    and those in ``extension_wheels``.
    """
    federated = "--LiteBuildConfig.federated_extensions"
    run(
        [str(python), "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
         "--output-dir", str(out), "--LiteBuildConfig.cache_dir", str(lite_dir / ".cache"),
         "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages",
         *[arg for wheel in piplite_wheels for arg in ("--piplite-wheels", str(wheel))],
         *[arg for wheel in extension_wheels for arg in (federated, str(wheel))],
         *[arg for path in contents for arg in ("--contents", str(path))]],
        cwd=lite_dir,
    )  # fmt: skip


def check_site(out: Path) -> None:
    """SiteError unless the built site points the kernel at its own runtime and lock.

    And unless it has the JupyterLab extensions a board needs (SITE_EXTENSIONS).
    """
    config = json.loads((out / "jupyter-lite.json").read_text())
    extensions = {e["name"] for e in config["jupyter-config-data"].get("federated_extensions", [])}
    if lacking := [name for name in SITE_EXTENSIONS if name not in extensions]:
        raise SiteError(f"{out}/jupyter-lite.json lacks the JupyterLab extensions {lacking}")
    settings = config["jupyter-config-data"]["litePluginSettings"].get(
        "@jupyterlite/pyodide-kernel-extension:kernel", {}
    )
    for key, value in kernel_settings().items():
        if settings.get(key) != value:
            raise SiteError(
                f"{out}/jupyter-lite.json has {key}={settings.get(key)!r}, not {value!r}"
            )
    lock = json.loads((out / "static/pyodide/pyodide-lock.json").read_text())
    absent = [
        p["file_name"]
        for p in lock["packages"].values()
        if not (out / "static/pyodide" / p["file_name"]).exists()
    ]
    if PROJECT not in lock["packages"] or absent:
        raise SiteError(f"{out}/static/pyodide lacks {absent or PROJECT}")


def build_site(
    out: Path, contents: list[Path] = (), cache: Path = CACHE, project: Path = REPO
) -> Path:
    """Build the site into ``out`` (absent or empty); return ``out``.

    Raises SiteError, saying what is missing or wrong, and then ``out`` may hold a partial site.
    """
    out = out.resolve()
    if out.exists() and any(out.iterdir()):
        raise SiteError(f"{out} is not empty: give a new folder")
    if missing := [str(p) for p in contents if not Path(p).exists()]:
        raise SiteError(f"no such contents: {', '.join(missing)}")
    tools = lite_venv()
    runtime, npm_lock = pyodide_runtime(expected_pyodide_version(tools))
    python = npm_lock["info"]["python"]
    with tempfile.TemporaryDirectory(prefix="mc-widget-lite-") as scratch:
        scratch = Path(scratch)
        wheel = project_wheel(scratch / "project", project)
        stubs = kernel_stubs(kernel_extension(tools))
        extra, roots = board_packages(wheel, npm_lock, constraint_pins(), stubs, cache / "pypi")
        keys = lock_closure(npm_lock, [*KERNEL_ROOTS, *roots])
        versions = {key: npm_lock["packages"][key]["version"] for key in keys}
        lock_wheels = download(versions, cache / "pypi", ".".join(python.split(".")[:2]))
        lock = site_lock(npm_lock, lock_wheels, extra)
        lite_dir = scratch / "lite"
        write_pyodide_folder(
            lite_dir / "static" / "pyodide", runtime, lock, [*lock_wheels.values(), *extra.values()]
        )
        write_lite_config(lite_dir)
        # the board's wheels in the site's piplite index too, so `%pip install` finds them
        piplite = [w for w in extra.values() if w not in stubs.values()]
        # The front end's half of the board's packages (anywidget's, the widget
        # manager in jupyterlab_widgets) from the same wheels: the tools' venv has none.
        extensions = [w for w in extra.values() if has_labextension(w)]
        contents = [Path(p).resolve() for p in contents]
        lite_build(tools, lite_dir, out, piplite, contents, extensions)
    check_site(out)
    return out


def run(command: list[str], cwd: Path | None = None, hint: str = "") -> str:
    """Run ``command``; its stdout, or SiteError with its output (and ``hint``) if it fails."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise SiteError(
            f"{' '.join(command[:6])} ... failed ({done.returncode}){': ' + hint if hint else ''}\n"
            f"{done.stdout[-3000:]}{done.stderr[-3000:]}"
        )
    return done.stdout


def site_size(out: Path) -> int:
    """Bytes of every file in the site."""
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the site's folder (must not exist or be empty)")
    parser.add_argument(
        "--contents",
        type=Path,
        action="append",
        help="a notebook or folder to put in the site (repeat it); default: the lessons",
    )
    parser.add_argument(
        "--project",
        type=Path,
        default=REPO,
        help="the mc_widget source tree whose wheel goes in (default: this checkout)",
    )
    args = parser.parse_args(argv)
    try:
        contents = args.contents if args.contents is not None else LESSONS
        out = build_site(args.out, contents, project=args.project)
    except SiteError as error:
        print(f"lite_site.py: {error}", file=sys.stderr)
        return 1
    print(f"{out}: {site_size(out) / 1e6:.1f} MB; serve the folder and open /lab/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
