"""verify/statements/ imports nothing from the producers (verify.claims, constructions, numeric)."""

from __future__ import annotations

import ast
from pathlib import Path

STATEMENTS = Path(__file__).resolve().parent.parent / "verify" / "statements"
FORBIDDEN = ("verify.claims", "constructions", "numeric")
# Files not yet rewritten (issue 20, item 2) -> their producer imports today; this list may only shrink.
PENDING: dict[str, int] = {}


def _is_forbidden(module: str) -> bool:
    """Whether a dotted module name is one of the producers or inside one."""
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def producer_imports(source: str) -> list[str]:
    """The producer modules a Python source imports, at module or function level, in order of appearance."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if _is_forbidden(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(_is_forbidden(n) for n in names):
                found.append(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
            "import_module",
            "__import__",
        ):
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            found += [a for a in args if _is_forbidden(a)]
    return found


def test_the_scanner_sees_every_form_of_import():
    src = (
        "import numeric.ssm\nfrom constructions import heads\nfrom verify import claims\n"
        "def f():\n    import verify.claims.s4_heads as h\n    from numeric.checks import SIZES\n"
        "    importlib.import_module('constructions.costs')\n"
        "from verify.kernel import x\nimport numerical\nfrom verify.claimsx import y\n"
    )
    assert producer_imports(src) == [
        "numeric.ssm",
        "constructions",
        "verify",
        "verify.claims.s4_heads",
        "numeric.checks",
        "constructions.costs",
    ]


def test_statements_import_no_producer():
    found = {p.name: producer_imports(p.read_text(encoding="utf-8")) for p in sorted(STATEMENTS.glob("*.py"))}
    offending = {name: imports for name, imports in found.items() if imports and name not in PENDING}
    assert offending == {}, "a statement must be written independently of the code that proves it"
    assert {name: len(found.get(name, [])) for name in PENDING} == PENDING, "update PENDING (it may only shrink)"
