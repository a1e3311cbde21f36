"""No import cycle among mc_widget's modules, lazy imports (inside a function) included.

Why: a cycle hidden by a lazy import still ties two layers together (issue 18:
``engine.cards → errors → messages → cards``, ``widget → export → widget``).
Imports are read with ``ast``, nothing is imported; ``TYPE_CHECKING`` blocks
are left out (they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mc_widget"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _typing_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The mc_widget modules ``path`` imports (a package's ``__init__`` for a name in it)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text())]
    while stack:
        node = stack.pop()
        if _typing_only(node):
            continue
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            for alias in node.names:  # `from . import teaching` names a module
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
    # A module imports its parent packages too; only the named module counts here.
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected group of modules (Tarjan), as a path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            group.append(v)
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_no_module_of_mc_widget_is_in_an_import_cycle():
    assert cycles(import_graph()) == []


def test_engine_messages_imports_nothing_else_of_the_engine():
    assert import_graph()["mc_widget.engine.messages"] == set()


def test_export_never_imports_the_widget():
    graph = import_graph()
    for name, imported in graph.items():
        if name.startswith("mc_widget.export"):
            widget = {m for m in imported if m.split(".")[:2] == ["mc_widget", "widget"]}
            assert not widget, f"{name} imports {widget}"


if __name__ == "__main__":
    for group in cycles(import_graph()):
        print("cycle:", " ↔ ".join(group))
