"""Section 4.2: Theorem 4.4 (multi-head rank constraint) and condition (7), for built-in and users' SSMs.

Each certificate carries the SSM (A, B, C), the length n and the numbers k, n_min, r (in a template claim's
params, which its goals name by reference, so the matrices are written once), and one compact witness (annihilating
polynomial, basis lags, a nonsingular minor, the coefficients c_{tau,h} for tau < d, the first nonzero lag of each
head) from which the kernel (verify/kernel/theories/ssm/kind_ssm.py) re-derives k = dim S_target, the smallest n
for (7), necessity at n, and the k-head construction at n.
"""

from __future__ import annotations

from math import lcm

from flint import fmpq
from sympy.polys.domains import QQ
from sympy.polys.domains.gaussiandomains import GaussianRational

from constructions.exact import number
from constructions.heads import INSTANCES
from constructions.ssm import (
    SSM,
    InteractionBasis,
    cyclic_vectors,
    full_span_basis,
    full_span_length,
    interaction_basis,
)
from verify.certificate import Obligation, make_certificate
from verify.registry import claim

__all__ = [
    "ssm_rows",
    "span_witness",
    "heads_basis",
    "BeyondSupport",
    "certificate_size",
    "heads_goals",
    "heads_obligations",
    "heads_certificate",
    "one_head_stall",
    "TEMPLATE_DEFAULTS",
    "compact_rows",
]

# From this state dimension on, the witness names integer vectors whose Krylov vectors span the state space
# ("cyclic"), so the kernel checks p(A) = 0 on an m x r block instead of on full m x m powers. Smaller SSMs (every
# built-in instance) keep the original, human-readable witness.
CYCLIC_FROM_M = 24
# The coefficient table c_{tau,h} (tau < d) is written as rows of number strings up to LIST_LIMIT characters, in the
# compact form (integers over one common denominator) up to COMPACT_LIMIT characters, and left out beyond that: the
# kernel then solves for it on the minor and checks the same identity (a 64-state SSM would otherwise carry 1.2 MB
# of 1600-digit numbers in each of its three obligations).
LIST_LIMIT = 20_000
# From this state dimension on, `verify heads` (heads_basis) writes the full-span witness when the lags span every
# p x d_in matrix (k = p*d_in): no annihilator, only the lags W(0..t_k), which the kernel recomputes; the built-in
# instances (m <= 16) keep the annihilator witness, which the Coq translation (verify/coq/ssm.py) reads.
FULL_SPAN_FROM_M = 24
# The annihilator witness at m = 256 (dense) costs the kernel about 3.5 M of its 8 M work units and grows like m^3;
# `verify heads` refuses a larger SSM that needs it at once (BeyondSupport) instead of building a certificate the
# kernel would refuse.
ANNIHILATOR_MAX_M = 256
COMPACT_LIMIT = 250_000

# The built-in instance each template claim is produced for by `verify run` / `verify all`.
TEMPLATE_DEFAULTS = {"eq7": "stall", "thm4.4.necessity": "exp1-k4", "thm4.4.sufficiency": "exp1-k8"}
TEMPLATE_DEFAULTS["thm4.4.heads"] = "gaussian"


def _text(x: object) -> str:
    """Canonical exact text; python-flint rationals print canonically already ("p" or "p/q")."""
    return str(x) if isinstance(x, fmpq) else number(x)


def ssm_rows(ssm: SSM) -> dict[str, list[list[str]]]:
    """A, B, C as rows of canonical exact strings."""
    return {name: [[_text(x) for x in row] for row in M.to_list()] for name, M in zip("ABC", (ssm.A, ssm.B, ssm.C))}


def _parts(x: fmpq | GaussianRational) -> tuple[fmpq, fmpq]:
    """(re, im) of a QQ or QQ_I element as python-flint rationals."""
    return (fmpq(x), fmpq(0)) if isinstance(x, fmpq) else (fmpq(QQ.convert(x.x)), fmpq(QQ.convert(x.y)))


def compact_rows(values: list[list[tuple[fmpq, fmpq]]]) -> dict:
    """A matrix of (re, im) rationals as integers over one common denominator (the kernel's compact form)."""
    den = lcm(1, *(int(part.q) for row in values for z in row for part in z))
    out = {"denominator": str(den), "re": [[str(int(re * den)) for re, _ in row] for row in values]}
    if any(im != 0 for row in values for _, im in row):
        out["im"] = [[str(int(im * den)) for _, im in row] for row in values]
    return out


def _digits(x: fmpq) -> int:
    """About how many characters the text of a rational takes."""
    return (int(x.p).bit_length() + int(x.q).bit_length()) * 3 // 10 + 3


def _coefficient_field(basis: InteractionBasis) -> list | dict | None:
    """The coefficient table in the shortest form that fits (rows of strings, compact, or left out)."""
    values = [[_parts(x) for x in row] for row in basis.base]
    if not basis.k or sum(_digits(a) + _digits(b) for row in values for a, b in row) <= LIST_LIMIT:
        return [[_text(x) for x in row] for row in basis.base]
    den = lcm(1, *(int(part.q) for row in values for z in row for part in z))
    size = sum(_digits(part * den) for row in values for z in row for part in z)
    return compact_rows(values) if size <= COMPACT_LIMIT else None


class BeyondSupport(ValueError):
    """The SSM's certificate would exceed what the kernel checks (size or work): said at once, before the work."""


def heads_basis(ssm: SSM) -> InteractionBasis:
    """The basis `verify heads` certifies: from FULL_SPAN_FROM_M states on, the full-span witness when it exists.

    Without it (k < p*d_in, or p*d_in > m) the annihilator witness costs the kernel about m^3 products of growing
    integers; beyond ANNIHILATOR_MAX_M states that passes the kernel's work bound, so BeyondSupport is raised at once.
    """
    if ssm.m < FULL_SPAN_FROM_M:
        return interaction_basis(ssm)
    count = full_span_length(ssm)
    if count is not None:
        return full_span_basis(ssm, count)
    if ssm.m > ANNIHILATOR_MAX_M:
        raise BeyondSupport(
            f"m = {ssm.m} states, and the lags do not span all {ssm.p} x {ssm.d} matrices (k < p*d_in): the "
            f"annihilator witness this needs is supported up to m = {ANNIHILATOR_MAX_M} states (the kernel's work "
            "bound)"
        )
    return interaction_basis(ssm)


def certificate_size(rows: dict[str, list[list[str]]]) -> tuple[int, int]:
    """(bytes, JSON values) of the matrices A, B, C in a thm4.4.heads certificate: one copy, in params (the goals
    refer to them: make_certificate(by_reference=True)).

    Canonical JSON puts each entry of a long row on its own line: quotes, comma, newline and an indent of 4.
    """
    size = sum(len(x) for M in rows.values() for row in M for x in row)
    values = sum(len(row) for M in rows.values() for row in M)
    return size + 8 * values, values


def span_witness(basis: InteractionBasis) -> dict:
    """The shared witness: annihilator, basis lags, minor columns, c_{tau,h} for tau < d, first nonzero lags."""
    witness: dict[str, object] = {
        "lags": list(basis.lags),
        "minor_cols": list(basis.minor_cols),
        "first_nonzero": basis.first_nonzero(),
    }
    if basis.annihilator is not None:  # None: the full-span variant (k = p*d_in lags; c_tau for tau <= t_k)
        witness["annihilator"] = [_text(x) for x in basis.annihilator]
    coefficients = _coefficient_field(basis)
    if coefficients is not None:
        witness["coefficients"] = coefficients
    if basis.annihilator is not None and basis.ssm.m >= CYCLIC_FROM_M:
        cyclic = cyclic_vectors(basis)
        if cyclic is not None:
            witness["cyclic"] = cyclic
    return witness


def heads_goals(rows: dict, n: object, k: object, n_min: object, r: object, parts: str = "ens") -> list[dict]:
    """Theorem 4.4's goals for (A, B, C) = rows at length n: condition (7) (e), necessity (n), sufficiency (s).

    k, n_min and r are the statement's numbers (literal for a built-in SSM, parameters for a user's SSM).
    """
    out = []
    if "e" in parts:
        out.append({"name": "condition7", "kind": "ssm_condition7", "goal": {**rows, "k": k, "n_min": n_min}})
    if "n" in parts:
        out.append({"name": "necessity", "kind": "ssm_heads_necessary", "goal": {**rows, "n": n, "k": k}})
    if "s" in parts:
        goal = {**rows, "n": n, "k": k, "r": r}
        out.append({"name": "sufficiency", "kind": "ssm_heads_sufficient", "goal": goal})
    return out


def heads_obligations(
    ssm: SSM, n: int, basis: InteractionBasis | None = None, parts: str = "ens", rows: dict | None = None
) -> list:
    """The obligations condition7 (e), necessity (n) and sufficiency (s) for the SSM at length n."""
    basis = basis or interaction_basis(ssm)
    witness = span_witness(basis)
    span_only = {k: v for k, v in witness.items() if k != "first_nonzero"}
    witnesses = {"condition7": span_only, "necessity": span_only, "sufficiency": witness}
    r = basis.feature_dimension(n) if "s" in parts else None
    goals = heads_goals(rows or ssm_rows(ssm), n, basis.k, basis.n_min, r, parts)
    return [Obligation(g["name"], g["kind"], g["goal"], witnesses[g["name"]]) for g in goals]


_TEMPLATE_PARTS = {"eq7": "e", "thm4.4.necessity": "n", "thm4.4.sufficiency": "s", "thm4.4.heads": "ens"}
_TEMPLATE_PARAMS = {
    "eq7": ("k", "n_min"),
    "thm4.4.necessity": ("n", "k"),
    "thm4.4.sufficiency": ("n", "k", "r"),
    "thm4.4.heads": ("n", "k", "n_min", "r"),
}


def heads_certificate(
    ssm: SSM,
    n: int,
    claim_id: str = "thm4.4.heads",
    basis: InteractionBasis | None = None,
    rows: dict | None = None,
    by_reference: bool = True,
) -> dict:
    """A template certificate (params A, B, C, n, k, n_min, r as its claim needs) for any exact SSM.

    The goals name the params by reference (A, B, C written once); by_reference=False spells every goal out (the
    other form the kernel accepts, for tests that edit a goal).
    """
    basis = basis or interaction_basis(ssm)
    values = {"n": n, "k": basis.k, "n_min": basis.n_min, "r": basis.feature_dimension(n)}
    rows = rows or ssm_rows(ssm)
    params = {**rows, **{key: values[key] for key in _TEMPLATE_PARAMS[claim_id]}}
    obligations = heads_obligations(ssm, n, basis, _TEMPLATE_PARTS[claim_id], rows)
    return make_certificate(claim_id, "certified", obligations, params, by_reference=by_reference)


def _template(claim_id: str) -> None:
    """Register a template claim, produced for its default built-in instance."""

    def build() -> dict:
        """The template certificate for the default instance."""
        instance = INSTANCES[TEMPLATE_DEFAULTS[claim_id]]
        return heads_certificate(instance.ssm(), instance.n, claim_id)

    build.__doc__ = f"{claim_id} for the built-in instance {TEMPLATE_DEFAULTS[claim_id]!r}."
    claim(claim_id)(build)


def _instance(name: str) -> None:
    """Register thm4.4.<name>: condition (7), necessity and sufficiency for one built-in SSM."""

    def build() -> dict:
        """The instance certificate."""
        instance = INSTANCES[name]
        return make_certificate(f"thm4.4.{name}", "certified", heads_obligations(instance.ssm(), instance.n))

    build.__doc__ = f"Theorem 4.4 and condition (7) for the built-in SSM {name!r}."
    claim(f"thm4.4.{name}")(build)


for _id in _TEMPLATE_PARTS:
    _template(_id)
for _name in INSTANCES:
    _instance(_name)


def one_head_stall() -> list[Obligation]:
    """For the stall SSM at n = 2: K_ij = alpha_ij V with one head V = W(0), alpha = I (blocks as 1x1 matrices)."""
    inst = INSTANCES["stall"]
    mats = {"A": inst.A, "B": inst.B, "C": inst.C, "V": [["1"], ["0"]], "Z": [["0"], ["0"]]}
    mats.update(a11=[["1"]], a21=[["0"]], a22=[["1"]], a12=[["0"]])
    pairs = [("K11", "C*A^0*B", "V*a11"), ("K21", "C*A^1*B", "V*a21"), ("K22", "C*A^0*B", "V*a22")]
    pairs.append(("K12", "Z", "V*a12"))
    return [Obligation(name, "matrix_identity", {"matrices": mats, "lhs": lhs, "rhs": rhs}) for name, lhs, rhs in pairs]


@claim("eq7.needed")
def condition7_needed() -> dict:
    """Without (7) the bound H >= k fails: the stall SSM (k = 2, n_min = 3) needs one head at n = 2."""
    inst = INSTANCES["stall"]
    obligations = heads_obligations(inst.ssm(), inst.n, parts="e") + one_head_stall()
    return make_certificate("eq7.needed", "certified", obligations)
