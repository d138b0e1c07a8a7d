"""Import rules between the project's layers (issue 20, item 4), read from the sources with ast.

Nothing is imported to check: every file under constructions/, numeric/ and verify/ is parsed, and each import
statement (at module level, inside a function or under `if TYPE_CHECKING`, all counted alike) is resolved to the
project module it names. A failure names the file, the line and the import. The kernel's own internal rules
(core and theories) are checked by the kernel's tests; here the kernel is one node, verify.kernel.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("constructions", "numeric", "verify")
KERNEL = "verify.kernel"


@dataclass(frozen=True)
class Import:
    """One imported project module: where the statement is, its text, and the module it resolves to."""

    file: str
    line: int
    text: str
    target: str
    names: tuple[str, ...]

    def __str__(self) -> str:
        """file:line: the import statement."""
        return f"{self.file}:{self.line}: {self.text}"


def _module_name(path: Path, root: Path) -> str:
    """The dotted name of a source file (a package's __init__.py is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages under root, by dotted name."""
    return {_module_name(p, root): p for pkg in PACKAGES for p in sorted((root / pkg).rglob("*.py"))}


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The project module a dotted name belongs to (the longest known prefix), or None outside the project."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


@functools.cache
def _parse(path: Path) -> ast.Module:
    """The syntax tree of a source file, parsed once per test process (every rule reads the same files)."""
    return ast.parse(path.read_text(), str(path))


def imports_of(module: str, modules: dict[str, Path], root: Path = ROOT) -> list[Import]:
    """The project modules a module imports, one entry per imported module, with the statement's file and line."""
    path = modules[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.Import):
            targets = [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names = tuple(alias.name for alias in node.names)
            bound = _bound_names(modules[base]) if base in modules else set()
            submodules = [f"{base}.{n}" for n in names if f"{base}.{n}" in modules and n not in bound]
            targets = [(sub, ()) for sub in submodules] or [(base, names)]
            if submodules and len(submodules) < len(names):
                targets.append((base, tuple(n for n in names if f"{base}.{n}" not in submodules)))
        else:
            continue
        for name, imported in targets:
            owner = _owner(name, modules)
            if owner is not None and owner != module:
                text = ast.unparse(node)
                found.append(Import(str(path.relative_to(root)), node.lineno, text, owner, imported))
    return found


def _bound_names(path: Path) -> set[str]:
    """The names a module binds at its top level (so `from package import name` means that, not a submodule)."""
    names = set()
    for node in _parse(path).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _under(module: str, package: str) -> bool:
    """True when module is package or inside it."""
    return module == package or module.startswith(package + ".")


def _public_api(root: Path = ROOT) -> set[str]:
    """The names in verify/kernel/__init__.py's __all__."""
    tree = ast.parse((root / "verify" / "kernel" / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    return set()


def _violations(sources: str, forbidden, root: Path = ROOT) -> list[str]:
    """'file:line: import (why)' for every import of a module under `sources` that `forbidden` objects to."""
    modules = project_modules(root)
    out = []
    for module in sorted(m for m in modules if _under(m, sources)):
        for item in imports_of(module, modules, root):
            why = forbidden(item)
            if why:
                out.append(f"{item} ({why})")
    return out


def constructions_violations(root: Path = ROOT) -> list[str]:
    """Imports of constructions/ that reach into verify other than through the kernel's public API."""
    public = _public_api(root)

    def forbidden(item: Import) -> str | None:
        """Why the import breaks the rule, or None."""
        if not _under(item.target, "verify"):
            return None
        if item.target != KERNEL:
            return f"{item.target} is not the kernel's public API"
        if not item.names:  # the module object would let attribute access reach its submodules
            return "import the names: from verify.kernel import <names in __all__>"
        hidden = sorted(set(item.names) - public)
        return f"{', '.join(hidden)} not in verify.kernel.__all__" if hidden else None

    return _violations("constructions", forbidden, root)


def numeric_violations(root: Path = ROOT) -> list[str]:
    """Imports of numeric/ from the kernel."""
    return _violations("numeric", lambda item: "the kernel" if _under(item.target, KERNEL) else None, root)


def engine_violations(root: Path = ROOT) -> list[str]:
    """Imports of the command line (verify.cli) by any module that is not the command line or its entry point."""

    def forbidden(item: Import) -> str | None:
        """Why the import breaks the rule, or None."""
        command_line = item.file.startswith("verify/cli/") or item.file == "verify/__main__.py"
        return "the command line" if _under(item.target, "verify.cli") and not command_line else None

    return [line for package in PACKAGES for line in _violations(package, forbidden, root)]


def statements_violations(root: Path = ROOT) -> list[str]:
    """Imports of verify/statements/ from the producers: verify.claims, constructions, numeric."""

    def forbidden(item: Import) -> str | None:
        """Why the import breaks the rule, or None."""
        producer = next((p for p in ("verify.claims", "constructions", "numeric") if _under(item.target, p)), None)
        return f"{producer} is a producer" if producer else None

    return _violations("verify.statements", forbidden, root)


def import_cycles(root: Path = ROOT) -> list[list[Import]]:
    """The import cycles among the project's modules (kernel internals collapsed into verify.kernel), each as
    the imports that close it, one cycle per strongly connected component."""
    modules = project_modules(root)

    def node(module: str) -> str:
        """The kernel is one node; every other module is its own."""
        return KERNEL if _under(module, KERNEL) else module

    edges: dict[str, dict[str, Import]] = {}
    for module in modules:
        if _under(module, KERNEL):
            continue  # the kernel imports nothing outside itself (tests/test_kernel_imports.py)
        for item in imports_of(module, modules, root):
            if node(item.target) != module:
                edges.setdefault(module, {}).setdefault(node(item.target), item)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    components = []

    def visit(v: str) -> None:
        """Tarjan's strongly connected components."""
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(set(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [_cycle_in(component, edges) for component in components]


def _cycle_in(component: set[str], edges: dict[str, dict[str, Import]]) -> list[Import]:
    """One cycle inside a strongly connected component, as the import statements along it."""
    start = min(component)
    paths = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w, item in sorted(edges.get(v, {}).items()):
                if w == start:
                    return [*paths[v], item]
                if w in component and w not in paths:
                    paths[w] = [*paths[v], item]
                    nxt.append(w)
        frontier = nxt
    return []


def test_constructions_import_from_verify_only_the_kernels_public_api():
    problems = constructions_violations()
    assert not problems, "constructions/ may import from verify only `from verify.kernel import <__all__>`:\n" + (
        "\n".join(problems)
    )


def test_numeric_imports_nothing_from_the_kernel():
    problems = numeric_violations()
    assert not problems, "numeric/ must not import the kernel:\n" + "\n".join(problems)


def test_the_engine_imports_nothing_from_the_command_line():
    problems = engine_violations()
    assert not problems, "only verify/cli/ and verify/__main__.py may import verify.cli:\n" + "\n".join(problems)


def test_statements_import_nothing_from_the_claims_constructions_or_numeric():
    problems = statements_violations()
    assert not problems, "verify/statements/ must not import the producers:\n" + "\n".join(problems)


def test_no_module_of_the_project_is_part_of_an_import_cycle():
    cycles = import_cycles()
    shown = ["\n".join(f"  {item.file} -> {item.target}: line {item.line}: {item.text}" for item in c) for c in cycles]
    assert not cycles, "import cycles (module-level and function-level imports):\n" + "\n\n".join(shown)


def _plant(root: Path, files: dict[str, str]) -> Path:
    """A small project tree under root with the given files (and a kernel whose __all__ names `open_name`)."""
    base = {
        "constructions/__init__.py": "",
        "numeric/__init__.py": "",
        "verify/__init__.py": "",
        "verify/cli/__init__.py": "",
        # `api` is both a submodule and a name the package binds: importing the name is the public API
        "verify/kernel/__init__.py": "from .inner import open_name\nfrom .api import api\n"
        "__all__ = ['api', 'open_name']\n",
        "verify/kernel/inner.py": "open_name = 1\nhidden = 2\n",
        "verify/kernel/api.py": "def api():\n    pass\n",
        "verify/statements/__init__.py": "",
        **files,
    }
    for name, text in base.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_each_rule_names_the_file_line_and_import_of_a_planted_violation(tmp_path):
    root = _plant(
        tmp_path,
        {
            "constructions/a.py": "from verify.kernel import api, open_name\n\n"
            "from verify.kernel.inner import hidden\n",
            "constructions/b.py": "from verify.kernel import hidden\nfrom verify import exact\nimport verify.kernel\n",
            "verify/exact.py": "",
            "numeric/c.py": "def f():\n    from verify.kernel import open_name\n",
            "verify/engine.py": "import verify.cli\n",
            "verify/statements/s.py": "from constructions import a\n",
        },
    )
    assert constructions_violations(root) == [
        "constructions/a.py:3: from verify.kernel.inner import hidden (verify.kernel.inner is not the kernel's public "
        "API)",
        "constructions/b.py:1: from verify.kernel import hidden (hidden not in verify.kernel.__all__)",
        "constructions/b.py:2: from verify import exact (verify.exact is not the kernel's public API)",
        "constructions/b.py:3: import verify.kernel (import the names: from verify.kernel import <names in __all__>)",
    ]
    assert numeric_violations(root) == ["numeric/c.py:2: from verify.kernel import open_name (the kernel)"]
    assert engine_violations(root) == ["verify/engine.py:1: import verify.cli (the command line)"]
    assert statements_violations(root) == [
        "verify/statements/s.py:1: from constructions import a (constructions is a producer)"
    ]


def test_a_cycle_through_a_function_level_import_is_found(tmp_path):
    root = _plant(
        tmp_path,
        {
            "verify/x.py": "from verify import y\n",
            "verify/y.py": "def f():\n    from . import z\n",
            "verify/z.py": "import verify.x\n",
            "verify/w.py": "import verify.x\n",  # imports into the cycle, not part of it
        },
    )
    [cycle] = import_cycles(root)
    assert [(item.file, item.line, item.target) for item in cycle] == [
        ("verify/x.py", 1, "verify.y"),
        ("verify/y.py", 2, "verify.z"),
        ("verify/z.py", 1, "verify.x"),
    ]
