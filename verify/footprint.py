"""The trust footprint of a claim: the kernel files and lines its certificate's check runs, from the import graph.

A claim's check runs the kernel driver (verify/kernel/__init__.py, check.py, statements.py, the kind list
kinds.py), the modules that define the kinds its registered statement uses, and everything those import inside
verify/kernel/. The kind list imports every theory so that it can dispatch (and the package re-exports a few
theory names for producers); only the claim's own kinds are followed from them, since a kind's code runs only for
obligations of that kind (theory modules define functions and tables at import time, nothing else). The graph is
read from the source (ast), not from a hand-written list.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

__all__ = ["Footprint", "kernel_imports", "trust_footprint", "footprint_text", "footprint_summary"]

KERNEL = Path(__file__).resolve().parent / "kernel"
PACKAGE = "verify.kernel"
REGISTRY = f"{PACKAGE}.kinds"
DRIVER = (PACKAGE, f"{PACKAGE}.check", f"{PACKAGE}.statements", REGISTRY)


@dataclass(frozen=True)
class Footprint:
    """The kernel files one claim trusts: (path relative to the repository, line count), with its kinds and theories."""

    claim: str
    kinds: tuple[str, ...]
    theories: tuple[str, ...]
    files: tuple[tuple[str, int], ...]

    @property
    def lines(self) -> int:
        """Total lines of the files."""
        return sum(n for _, n in self.files)


def _module_path(name: str) -> Path | None:
    """The source file of a kernel module or package, or None when it is not in verify/kernel/."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return None
    parts = name.split(".")[2:]
    folder = KERNEL.joinpath(*parts)
    if (folder / "__init__.py").is_file():
        return folder / "__init__.py"
    file = KERNEL.joinpath(*parts[:-1], parts[-1] + ".py") if parts else None
    return file if file is not None and file.is_file() else None


def _name_of(path: Path) -> str:
    """The dotted module name of a kernel source file."""
    parts = list(path.relative_to(KERNEL).with_suffix("").parts)
    return ".".join([*PACKAGE.split("."), *(parts[:-1] if parts[-1] == "__init__" else parts)])


@lru_cache(maxsize=1)
def kernel_imports() -> dict[str, frozenset[str]]:
    """Every kernel module's direct imports of kernel modules (relative or absolute, at any depth in the file)."""
    graph: dict[str, frozenset[str]] = {}
    for path in sorted(KERNEL.rglob("*.py")):
        me = _name_of(path)
        package = me if path.name == "__init__.py" else me.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                found.add(target)
                found.update(f"{target}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[me] = frozenset(t for t in found if _module_path(t) is not None and t != me)
    return graph


@cache
def _line_count(path: Path) -> int:
    """The lines of one kernel file, read once per process (the report asks for every claim's footprint)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def _with_packages(name: str) -> list[str]:
    """A module and the packages above it inside the kernel (importing it runs their __init__ files)."""
    parts = name.split(".")
    return [".".join(parts[:k]) for k in range(2, len(parts) + 1)]


def trust_footprint(claim_id: str, spec: dict[str, Any] | None = None) -> Footprint:
    """The kernel files (and their lines) that decide a certificate of `claim_id`, from the kernel's import graph.

    `spec` is the claim's registered statement (read from the kernel's statements when not given).
    """
    from verify.kernel import statements
    from verify.kernel.kinds import ALL_KINDS

    spec = statements()[claim_id] if spec is None else spec
    used = sorted(
        {str(ob["kind"]) for verdict in ("certified", "refuted") for ob in spec.get(verdict) or [] if "kind" in ob}
    )
    by_name = {k.name: k for k in ALL_KINDS}
    used = [n for n in used if n in by_name]  # a statement naming an unknown kind is rejected by the kernel anyway
    kind_modules = {k.read_goal.__module__ for k in ALL_KINDS} | {k.check.__module__ for k in ALL_KINDS}
    own = {by_name[n].read_goal.__module__ for n in used} | {by_name[n].check.__module__ for n in used}
    graph = kernel_imports()
    seen: set[str] = set()
    todo = [m for root in (*DRIVER, *own) for m in _with_packages(root)]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for target in graph.get(name, ()):
            if name in (PACKAGE, REGISTRY) and (target in kind_modules or target.startswith(f"{PACKAGE}.theories")):
                continue  # dispatch and re-exports only: the claim's own kinds are roots already
            todo += _with_packages(target)
    root = KERNEL.parent.parent
    files = []
    for name in sorted(seen):
        path = _module_path(name)
        if path is not None:
            files.append((str(path.relative_to(root)), _line_count(path)))
    theories = sorted({by_name[n].theory for n in used})
    return Footprint(claim_id, tuple(used), tuple(theories), tuple(files))


def footprint_summary(footprint: Footprint) -> str:
    """One line: the total lines and files, the kinds and the theories a claim trusts."""
    return (
        f"{footprint.lines} kernel lines in {len(footprint.files)} files "
        f"(kinds {', '.join(footprint.kinds) or 'none'}; theories {', '.join(footprint.theories) or 'none'})"
    )


def footprint_text(footprint: Footprint) -> list[str]:
    """Lines for `verify show`: the summary, then each file with its line count."""
    return [f"trusted: {footprint_summary(footprint)}", *(f"  {path} {lines}" for path, lines in footprint.files)]
