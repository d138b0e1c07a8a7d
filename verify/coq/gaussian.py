"""Translation of polynomial_identity goals with Gaussian-rational coefficients (the imaginary unit i), over C.

The kernel checks that lhs - rhs is the zero polynomial of QQ(i)[vars]. The Coq statement is
`forall (x y ... : C), lhs = rhs` over Coquelicot's complex numbers C = R * R (`Ci` the imaginary unit, `RtoC`
the real numbers, `Cplus`/`Cmult`/`Cminus`/`Copp`/`Cdiv` its operations): the identity as functions of complex
variables. Over an infinite field a polynomial is zero exactly when it vanishes everywhere, so this is the same
statement as the kernel's formal identity. The proof splits every variable into its real and imaginary parts
and proves the two real components by `field`.
"""

from __future__ import annotations

from verify.kernel.core.expr import parse_expression
from verify.kernel.core.poly import poly_from_node

from .terms import NotMapped, _print, coq_name

__all__ = ["GAUSSIAN_KINDS", "GAUSSIAN_REQUIRE", "uses_i", "gaussian_identity"]

GAUSSIAN_REQUIRE = 'Set Warnings "-ambiguous-paths".\nFrom Coquelicot Require Complex.\n'


def uses_i(goal: dict) -> bool:
    """True when an expression string of the goal names the imaginary unit i (i is never a declared variable)."""
    stack = [parse_expression(goal[k], k) for k in ("lhs", "rhs") if isinstance(goal.get(k), str)]
    while stack:
        node = stack.pop()
        if node[0] == "var" and node[1] == "i":
            return True
        stack.extend(n for n in node[1:] if isinstance(n, tuple))
    return False


def _complex_expr(text: object, names: list[str], where: str) -> str:
    """An expression string as a term of C: numbers through RtoC, i as Ci, x ^ k as a product of k factors."""
    if not isinstance(text, str):
        raise NotMapped(f"{where}: Gaussian-rational goals are translated from expression strings only")
    allowed = set(names)

    def expand(node: tuple) -> tuple:
        """The tree with every power x ^ k written as x * x * ... (C has no power notation), 1 for k = 0."""
        if node[0] == "pow":
            base = expand(node[1])
            if node[2] == 0:
                return ("num", 1)
            acc = base
            for _ in range(node[2] - 1):
                acc = ("mul", acc, base)
            return acc
        if node[0] in ("num", "var"):
            return node
        if node[0] == "call":
            raise NotMapped(f"{where}: function {node[1]!r} in a polynomial")
        return (node[0], *(expand(n) if isinstance(n, tuple) else n for n in node[1:]))

    def leaf(kind: str, value: object) -> str:
        if kind == "num":
            return f"(RtoC {value})"
        if value == "i":
            return "Ci"
        if value not in allowed:
            raise NotMapped(f"{where}: unknown variable {value!r}")
        return coq_name(str(value))

    def call(name: str, args: list[str]) -> str:
        raise NotMapped(f"{where}: function {name!r} in a polynomial")

    return _print(expand(parse_expression(text, where)), leaf, call, where)[0]


def _ones(n: int) -> str:
    """A positive integer n as a term of C built from RtoC 1 by + and * (binary), which ring reads as n."""
    if n == 1:
        return "RtoC 1"
    half = f"(RtoC 1 + RtoC 1) * ({_ones(n // 2)})"
    return half if n % 2 == 0 else f"(RtoC 1 + {half})"


def _numbers(node: tuple, found: set[int]) -> set[int]:
    """The integer literals >= 2 of an expression tree."""
    stack = [node]
    while stack:
        item = stack.pop()
        if item[0] == "num" and item[1] >= 2:
            found.add(item[1])
        stack.extend(n for n in item[1:] if isinstance(n, tuple))
    return found


def _rename_i(node: tuple) -> tuple:
    """The tree with the imaginary unit i as the ordinary variable I_ (to divide by I_^2 + 1)."""
    if node[0] == "var" and node[1] == "i":
        return ("var", "I_")
    return (node[0], *(_rename_i(n) if isinstance(n, tuple) else n for n in node[1:]))


def _quotient(goal: dict, names: list[str]) -> str:
    """Q with lhs - rhs = (I^2 + 1) * Q as polynomials in the variables and I (a proof hint), as a term of C."""
    variables = (*names, "I_")
    difference = poly_from_node(_rename_i(parse_expression(goal["lhs"], "lhs")), variables, "lhs") - poly_from_node(
        _rename_i(parse_expression(goal["rhs"], "rhs")), variables, "rhs"
    )
    rest = {m: c.re for m, c in difference.terms.items()}
    quotient: dict = {}
    while rest:
        monomial = max(rest, key=lambda m: m[-1])
        if monomial[-1] < 2:
            raise NotMapped("lhs - rhs is not a multiple of i^2 + 1 (the identity does not hold)")
        c = rest.pop(monomial)
        q = (*monomial[:-1], monomial[-1] - 2)
        quotient[q] = quotient.get(q, 0) + c
        rest[q] = rest.get(q, 0) - c
        if rest[q] == 0:
            del rest[q]
    parts = []
    for monomial, c in quotient.items():
        if c == 0:
            continue
        factors = [coq_name(v) if v != "I_" else "Ci" for v, e in zip(variables, monomial) for _ in range(e)]
        number = f"({_ones(abs(int(c.p)))}) / ({_ones(int(c.q))})"
        parts.append(" * ".join([f"({'- ' if c < 0 else ''}{number})", *factors]))
    return " + ".join(parts) or "RtoC 0"


def gaussian_identity(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """forall complex values of the variables, lhs = rhs (in C); ring modulo Ci * Ci = -1."""
    names = list(goal["vars"])
    lhs = _complex_expr(goal["lhs"], names, "lhs")
    rhs = _complex_expr(goal["rhs"], names, "rhs")
    binders = f"forall ({' '.join(coq_name(v) for v in names)} : C), " if names else ""
    statement = f"{binders}({lhs} = {rhs})%C"
    numbers: set[int] = set()
    for key in ("lhs", "rhs"):
        _numbers(parse_expression(goal[key], key), numbers)
    asserts = "".join(
        f"  assert (N{n} : (RtoC {n} = {_ones(n)})%C) by (apply injective_projections; simpl; ring).\n"
        for n in sorted(numbers)
    )
    rewrite = f"rewrite {', '.join(f'?N{n}' for n in sorted(numbers))}; " if numbers else ""
    nonzero = "try (repeat split; intro Hz; apply (f_equal fst) in Hz; simpl in Hz; lra)"
    proof = (
        f"{'intros. ' if names else ''}\n{asserts}"
        "  assert (Hi : (Ci * Ci = - RtoC 1)%C) by (apply injective_projections; simpl; ring).\n"
        f"  transitivity ({rhs} + (Ci * Ci + RtoC 1) * ({_quotient(goal, names)}))%C.\n"
        f"  - {rewrite}field; {nonzero}.\n"
        "  - rewrite Hi. ring."
    )
    return "Import Coquelicot.Complex.\n", statement, proof, False


GAUSSIAN_KINDS = {"polynomial_identity": gaussian_identity}
