"""Turn on the JupyterLab settings ``make lab`` needs, keeping everyone else's.

``make lab`` runs it on the venv's ``share/jupyter/lab/settings/overrides.json``
so a saved lesson keeps its boards' widget state (docs/export.md, section 6);
settings already in the file are kept (docs/scripts.md).

    .venv/bin/python scripts/lab_overrides.py .venv/share/jupyter/lab/settings/overrides.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# Plugin id -> the settings make lab needs. saveState: the widget manager
# writes every widget's state into the notebook's metadata when it is saved,
# so a reopened lesson draws its boards without a kernel.
OVERRIDES: dict[str, dict[str, object]] = {
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
}


def merge_overrides(path: Path, overrides: dict[str, dict[str, object]] = OVERRIDES) -> bool:
    """Set ``overrides`` in the overrides file at ``path``; return whether it changed.

    ``overrides`` maps plugin ids to settings; each setting is set in that
    plugin's object, the plugin's other settings and other plugins are left
    as they are. A missing file (and its folders) is created.

    Raises ``ValueError`` naming ``path`` when the file is not JSON or not an
    object of objects; the file is then left unchanged.
    """
    current: dict = {}
    if path.exists():
        try:
            current = json.loads(path.read_text(encoding="utf-8") or "{}")
        except json.JSONDecodeError as error:
            raise ValueError(f"{path} is not JSON ({error}); left unchanged") from error
        if not isinstance(current, dict):
            raise ValueError(f"{path} must hold a JSON object of plugin ids; left unchanged")
    for plugin in overrides:
        if not isinstance(current.get(plugin, {}), dict):
            raise ValueError(f"{path}: {plugin!r} must be an object of settings; left unchanged")
    merged = {**current}
    for plugin, settings in overrides.items():
        merged[plugin] = {**current.get(plugin, {}), **settings}
    if merged == current:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    return True


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: lab_overrides.py <path to overrides.json>", file=sys.stderr)
        return 2
    path = Path(argv[0])
    try:
        changed = merge_overrides(path)
    except ValueError as error:
        print(f"lab_overrides.py: {error}", file=sys.stderr)
        return 1
    print(f"{path}: {'updated' if changed else 'already up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
