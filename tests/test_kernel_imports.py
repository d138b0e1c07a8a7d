"""The kernel is the trusted core: it imports only the standard library, python-flint and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

KERNEL = Path(__file__).resolve().parent.parent / "verify" / "kernel"
FILES = sorted(KERNEL.rglob("*.py"))
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "sympify", "parse_expr"}
ALLOWED_METHODS = {"compile"}  # re.compile builds a regular expression, it does not run code
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle", "sympy", "numpy", "torch", "mpmath"}
OWN_PACKAGES = {"constructions", "numeric", "verify"}
# The one kernel module allowed numpy (float64 arithmetic of kind float_gram, docs/trusted-base.md); the kind imports it
# lazily, so importing the kernel never loads numpy (test below).
NUMPY_MODULES = {"float_gram.py"}


def _imports(path: Path) -> list[tuple[str, int]]:
    """(top-level module, level) of every import statement in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append(((node.module or "").split(".")[0], node.level))
    return found


def test_kernel_has_modules_to_check():
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(KERNEL)))
def test_kernel_module_imports_only_stdlib_flint_and_kernel(path):
    for module, level in _imports(path):
        if level > 0:
            continue  # relative import inside verify/kernel
        assert module not in OWN_PACKAGES, f"{path.name} imports {module}"
        if module == "numpy" and path.name in NUMPY_MODULES:
            continue
        assert module not in FORBIDDEN_MODULES, f"{path.name} imports {module}"
        assert module == "flint" or module in sys.stdlib_module_names or module == "__future__", (
            f"{path.name} imports {module}, which is neither the standard library nor python-flint"
        )


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(KERNEL)))
def test_kernel_module_never_calls_eval_exec_or_sympify(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                assert func.id not in FORBIDDEN_CALLS, f"{path.name} calls {func.id}"
            elif isinstance(func, ast.Attribute) and func.attr not in ALLOWED_METHODS:
                assert func.attr not in FORBIDDEN_CALLS, f"{path.name} calls .{func.attr}"


def test_import_scanner_catches_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import sympy\nfrom constructions import rotation\n")
    modules = {m for m, _ in _imports(bad)}
    assert {"sympy", "constructions"} <= modules


def test_importing_the_kernel_does_not_load_sympy_or_numpy():
    import subprocess

    code = "import sys, verify.kernel; print(*(m in sys.modules for m in ('sympy', 'constructions', 'numpy')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False", "False"]


def test_numpy_is_allowed_in_exactly_one_kernel_module():
    users = {path.name for path in FILES if "numpy" in {m for m, level in _imports(path) if level == 0}}
    assert users == NUMPY_MODULES
