"""Translation of `dimension_free_identity` goals without matrix atoms: identities and derivatives at t = 0 of
real expressions built from scalars, + - * /, integer powers and exp.

The statement is the kernel's meaning (docs/trusted-base.md) for such goals, over Coq's real numbers: for all
real values of the scalars at which every denominator of f and value (t set to 0) is nonzero, f = value, or
with `wrt` = t, `derivable_pt_lim (fun t => f) 0 value` (Coq's standard-library derivative; value read at
t = 0). Goals with matrix atoms of symbolic sizes are not mapped (they would need real matrices of every size).

Proof (untrusted): Coquelicot's `auto_derive` (loaded by the Interval library) computes the derivative and its
domain conditions; every exponential is replaced by one variable per class of exponents equal as rational
functions (the kernel's classes, computed here; exp 0 = 1), then `field`, whose nonzero conditions come from
the hypotheses. The statement itself is written before Coquelicot is imported, so it uses only the prelude's
standard-library vocabulary.
"""

from __future__ import annotations

from verify.kernel.core.errors import KernelError
from verify.kernel.core.expr import BINARY, parse_expression
from verify.kernel.core.poly import read_variables
from verify.kernel.theories.dimension_free.free_algebra import Algebra

from .terms import NotMapped, coq_name, real_expr

__all__ = ["DIMFREE_KINDS", "NZ_TACTIC"]

# Proves `E <> 0` from a hypothesis `D <> 0` with D = 0 following from E = 0 (E a factor of D, or equal to it).
NZ_TACTIC = (
    'Ltac nz := match goal with |- ?E <> 0 => let Hc := fresh "Hc" in intro Hc;\n'
    "    match goal with H : ?D <> 0 |- _ => apply H;\n"
    "      first [ solve [rewrite Hc; ring] | solve [transitivity E; [ring | exact Hc]]\n"
    "            | solve [transitivity E; [field; repeat split; nz | exact Hc]] ] end end.\n"
    "Ltac fld := field; repeat split; nz.\n"
)


def _subst(node: tuple, name: str, value: tuple) -> tuple:
    """The expression tree with the variable `name` replaced by the tree `value`."""
    kind = node[0]
    if kind == "var":
        return value if node[1] == name else node
    if kind == "num":
        return node
    if kind == "neg":
        return ("neg", _subst(node[1], name, value))
    if kind == "pow":
        return ("pow", _subst(node[1], name, value), node[2])
    if kind == "call":
        return ("call", node[1], tuple(_subst(a, name, value) for a in node[2]))
    return (kind, _subst(node[1], name, value), _subst(node[2], name, value))


def _collect(node: tuple, divisors: list, exponents: list) -> None:
    """Append the divisors and the arguments of exp met in the tree (outermost first)."""
    kind = node[0]
    if kind in ("var", "num"):
        return
    if kind in ("neg", "pow"):
        _collect(node[1], divisors, exponents)
        return
    if kind == "call":
        if node[1] != "exp" or len(node[2]) != 1:
            raise NotMapped(f"function {node[1]!r} (only exp occurs in these goals)")
        exponents.append(node[2][0])
        _collect(node[2][0], divisors, exponents)
        return
    if kind not in BINARY:
        raise NotMapped(f"expression node {kind!r}")
    if kind == "div":
        divisors.append(node[2])
    _collect(node[1], divisors, exponents)
    _collect(node[2], divisors, exponents)


def _exponent_classes(exponents: list, scalars: tuple, names: dict) -> list[str]:
    """One Coq term per class of exponents equal as rational functions (the kernel's classes); '0' for exp 0."""
    alg = Algebra({}, scalars)
    classes: dict[str | None, str] = {}
    for node in exponents:
        try:
            value = alg.evaluate(node, {}, "exponent")
            key = alg.exp_variable(value.scalar_num(), value.den)
        except KernelError as err:
            raise NotMapped(f"exponent not read by the kernel's algebra: {err}") from err
        if key not in classes:
            classes[key] = "0" if key is None else real_expr(node, names, "exponent")
    return list(classes.values())


def _exp_normalization(classes: list[str]) -> str:
    """Ltac: every exp in the goal and hypotheses replaced by its class's variable X_k (or by 1 for exp 0)."""
    lines, options = [], []
    for k, term in enumerate(classes):
        if term == "0":
            options.append(
                "replace (exp x) with 1{at} by (symmetry; transitivity (exp 0); [apply f_equal; fld | apply exp_0])"
            )
            continue
        lines.append(f"pose (X{k} := exp ({term}))")
        options.append(f"replace (exp x) with X{k}{{at}} by (unfold X{k}; apply f_equal; fld)")
    goal = " | ".join(o.format(at="") for o in options)
    hyps = " | ".join(o.format(at=" in H") for o in options)
    lines.append(f"repeat match goal with |- context [exp ?x] => first [ {goal} ] end")
    lines.append(f"repeat match goal with H : context [exp ?x] |- _ => first [ {hyps} ] end")
    bodies = [f"X{k}" for k, term in enumerate(classes) if term != "0"]
    if bodies:
        lines.append(f"clearbody {' '.join(bodies)}")
    return "(" + ";\n    ".join(lines) + ")" if options else "idtac"


def dimension_free_identity(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """f = value, or d/dt f at t = 0 = value, for all real scalars with nonzero denominators (no matrix atoms)."""
    if goal.get("atoms"):
        raise NotMapped(
            "matrix atoms of symbolic sizes: the statement quantifies over real matrices of every size, which "
            "needs a matrix library over symbolic dimensions in Coq (not written)"
        )
    if goal.get("lets"):
        raise NotMapped("definitions (lets) without matrix atoms do not occur; not translated")
    scalars = tuple(read_variables(goal["scalars"], "scalars"))
    wrt = goal.get("wrt")
    if wrt is not None and wrt not in scalars:
        raise NotMapped("wrt is not a scalar")
    names = {s: coq_name(s) for s in scalars}
    if len(set(names.values())) != len(names) or any(n[:1] in "XH" and n[1:].isdigit() for n in names.values()):
        raise NotMapped("scalar names clash with the proof's names")
    f = parse_expression(goal["f"], "f")
    value = parse_expression(goal["value"], "value")
    f_at = f if wrt is None else _subst(f, wrt, ("num", 0))
    value_at = value if wrt is None else _subst(value, wrt, ("num", 0))
    divisors: list = []
    exponents: list = []
    _collect(f_at, divisors, exponents)
    _collect(value_at, divisors, exponents)
    hyps: list[str] = []
    for node in divisors:
        text = f"{real_expr(node, names, 'divisor')} <> 0"
        if text not in hyps:
            hyps.append(text)
    bound = [names[s] for s in scalars if s != wrt]
    binders = f"forall ({' '.join(bound)} : R), " if bound else ""
    premises = "".join(f"{h} -> " for h in hyps)
    value_text = real_expr(value_at, names, "value")
    if wrt is None:
        conclusion = f"{real_expr(f, names, 'f')} = {value_text}"
    else:
        conclusion = f"derivable_pt_lim (fun {names[wrt]} : R => {real_expr(f, names, 'f')}) 0 ({value_text})"
    statement = f"{binders}{premises}{conclusion}"
    hyp_names = [f"H{k}" for k in range(len(hyps))]
    intro = f"intros {' '.join(bound + hyp_names)}." if bound or hyp_names else ""
    derive = "apply is_derive_Reals. auto_derive." if wrt is not None else ""
    normalize = _exp_normalization(_exponent_classes(exponents, scalars, names))
    body = (
        f"Definition statement : Prop := {statement}.\n"
        'Module P.\nSet Warnings "-ambiguous-paths".\nImport Coquelicot.Coquelicot.\n'
        + NZ_TACTIC
        + "Lemma proved : statement.\nProof.\n"
        f"  unfold statement. {intro} {derive}\n  all: {normalize}.\n"
        "  all: first [fld | repeat split; nz].\nQed.\nEnd P.\n"
    )
    return body, statement, "exact P.proved.", True


DIMFREE_KINDS = {"dimension_free_identity": dimension_free_identity}
