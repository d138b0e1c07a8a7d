"""The kernel's layout: theories import only the core, the core imports no theory, and no import cycle anywhere."""

from __future__ import annotations

import ast

from verify.footprint import KERNEL, kernel_imports

CORE = "verify.kernel.core"
THEORIES = "verify.kernel.theories"


def _theory(module: str) -> str | None:
    """The theory a module belongs to (verify.kernel.theories.<name>...), or None."""
    parts = module.split(".")
    return parts[3] if module.startswith(THEORIES + ".") and len(parts) > 3 else None


def _in(module: str, package: str) -> bool:
    """Whether a module is the package or inside it."""
    return module == package or module.startswith(package + ".")


def layout_violations(graph: dict[str, frozenset[str]]) -> list[str]:
    """Every edge that breaks a rule: a theory reaching outside the core and itself, the core reaching outside."""
    bad = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if _in(module, CORE) and not _in(target, CORE):
                bad.append(f"core module {module} imports {target}")
            own = _theory(module)
            if own is not None and not (_in(target, CORE) or _theory(target) == own or target == THEORIES):
                bad.append(f"theory {own}: {module} imports {target}")
    return bad


def find_cycle(graph: dict[str, frozenset[str]]) -> list[str] | None:
    """One import cycle of the graph as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        state[node] = 2
        stack.pop()
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def import_time_effects(source: str) -> list[str]:
    """Top-level statements of a module that do more than import, define, or bind a table (calls to own functions
    and to fmpq are allowed): the trust footprint counts a theory only for claims that use its kinds, which is
    sound only if importing a theory changes nothing else."""
    tree = ast.parse(source)
    own = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom | ast.FunctionDef | ast.ClassDef):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        if isinstance(node, ast.Assign | ast.AnnAssign) and all(
            isinstance(t, ast.Name) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        ):
            calls = [ast.unparse(c.func) for c in ast.walk(node) if isinstance(c, ast.Call)]
            if all(c in own or c == "fmpq" for c in calls):
                continue
        found.append(f"line {node.lineno}: {ast.unparse(node)[:60]}")
    return found


def test_importing_a_theory_only_defines_its_functions_and_tables():
    for path in sorted((KERNEL / "theories").rglob("*.py")):
        assert import_time_effects(path.read_text()) == [], path


def test_the_import_time_check_catches_a_patch_of_the_core():
    source = "from ...core import poly\nX = {1: 2}\ndef f():\n    pass\nY = f()\npoly.read_poly = None\nprint(1)\n"
    assert import_time_effects(source) == ["line 6: poly.read_poly = None", "line 7: print(1)"]


def test_the_graph_has_the_core_and_several_theories():
    graph = kernel_imports()
    assert sum(_in(m, CORE) for m in graph) >= 10
    assert len({_theory(m) for m in graph} - {None}) >= 8


def test_theories_import_only_the_core_and_the_core_imports_no_theory():
    assert layout_violations(kernel_imports()) == []


def test_no_import_cycle_inside_the_kernel():
    assert find_cycle(kernel_imports()) is None


def test_the_rules_catch_a_cross_theory_import_and_a_core_import_of_a_theory():
    graph = {
        f"{THEORIES}.costs.kind_cost": frozenset({f"{THEORIES}.modes.kind_modes", f"{CORE}.poly"}),
        f"{CORE}.poly": frozenset({f"{THEORIES}.costs.loop_sums"}),
        f"{THEORIES}.modes.kind_modes": frozenset({"verify.kernel.kinds"}),
    }
    assert layout_violations(graph) == [
        f"core module {CORE}.poly imports {THEORIES}.costs.loop_sums",
        f"theory costs: {THEORIES}.costs.kind_cost imports {THEORIES}.modes.kind_modes",
        f"theory modes: {THEORIES}.modes.kind_modes imports verify.kernel.kinds",
    ]


def test_the_cycle_finder_finds_a_cycle_and_accepts_a_tree():
    assert find_cycle({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"})}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": frozenset({"b", "c"}), "b": frozenset({"c"}), "c": frozenset()}) is None
