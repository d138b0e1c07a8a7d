"""Findings of the third audit, certified with existing kinds: what the theorems do not give, and the tighter count.

* thm5.1.bounded-inputs: with token norms <= R the attention Jacobian is O(1/i) (the highway needs growing norms).
* sec7.tradeoff: the interaction rank k and the Jacobian's size vary independently (rotation SSM, A -> A/2).
* sec3.2.duality.gradient: recurrence, convolution and scan compute one linear map, hence one Jacobian C A^tau B.
* sec3.2.rnn-jacobian.parallel: given the states, the Jacobian products of a tanh RNN are a scan of depth O(log n).
* appA.features.count: Appendix A's count sum_l J_l (J_l + 1)/2 <= L J (J + 1)/2 (as printed) and <= m (J + 1)/2.

Universal parts are implications (kind implied_inequality) or identities in symbolic sizes; instances are named as
such in the statements (verify/statements/s_findings.py).
"""

from __future__ import annotations

import sympy as sp

from constructions.costs import constant_for, total
from constructions.ssm import interaction_basis, ssm_from_strings
from verify.certificate import Obligation, make_certificate
from verify.claims.s3_cost_goals import bound_obligation, cost_obligation, result
from verify.claims.s3_framework import duality_convolution, duality_scan
from verify.claims.s4_heads import span_witness
from verify.claims.s5_common import implied
from verify.claims.s5_gradients import every_tau_identities
from verify.registry import claim

__all__ = [
    "bounded_inputs_obligations",
    "tradeoff_obligations",
    "duality_gradient_obligations",
    "rnn_parallel_obligations",
    "count_obligations",
    "ROTATION",
    "HALF_ROTATION",
]

# --- Finding 1: bounded tokens -----------------------------------------------------------------------------------

# alpha = alpha_ij, Z = sum_t exp(s_it), Ej = exp(s_ij), eB = exp(B) with B = ||M|| R^2 (m = ||M||, M = W_Q^T W_K),
# v = ||V||, xi = ||x_i||, nu = ||V x_j - sum_t alpha_it V x_t||, Jn = ||J_ij||, pos = i (the number of logits).
_BOUNDED_VARS = ("alpha", "Z", "Ej", "eB", "v", "m", "R", "xi", "nu", "Jn", "pos")
BOUNDED_FACTS = (
    ("softmax", "alpha*Z - Ej", "=="),
    ("partition", "Z*eB - pos", ">="),
    ("logit-j", "eB - Ej", ">="),
    ("jacobian-norm", "alpha*(v + nu*xi*m) - Jn", ">="),
    ("centered-value", "2*v*R - nu", ">="),
    ("query-norm", "R - xi", ">="),
)
BOUNDED_CLAIM = "eB^2*(1 + 2*m*R^2)*v - pos*Jn"


def bounded_inputs_obligations() -> list[Obligation]:
    """i ||J_ij|| <= e^(2B) (1 + 2||M|| R^2) ||V|| from the softmax facts and the norm facts (every dimension)."""
    multipliers = {
        "jacobian-norm": "pos",
        "centered-value": "pos*alpha*m*xi",
        "query-norm": "2*pos*alpha*m*v*R",
        "logit-j": "v*eB + 2*v*m*eB*R^2",
        "partition": "alpha*v + 2*alpha*v*m*R^2",
        "softmax": "-(v + 2*v*m*R^2)*eB",
    }
    signs = {"nonneg": ["alpha", "Z", "Ej", "v", "m", "R", "xi", "nu", "Jn"], "positive": ["pos"]}
    ob = implied("decay", _BOUNDED_VARS, BOUNDED_FACTS, BOUNDED_CLAIM, "1", multipliers, signs, exps={"eB": "m*R^2"})
    return [ob]


# --- Finding 2: the trade-off -------------------------------------------------------------------------------------

ROTATION = {"A": [["0", "-1"], ["1", "0"]], "B": [["1", "0"], ["0", "1"]], "C": [["1", "0"], ["0", "1"]]}
HALF_ROTATION = {"A": [["0", "-1/2"], ["1/2", "0"]], "B": ROTATION["B"], "C": ROTATION["C"]}


def _condition7(name: str, ssm: dict, k: int, n_min: int) -> Obligation:
    """k = dim span{W(tau)} and the smallest n for (7), with constructions.ssm's witness."""
    basis = interaction_basis(ssm_from_strings(ssm["A"], ssm["B"], ssm["C"]))
    witness = {key: v for key, v in span_witness(basis).items() if key != "first_nonzero"}
    return Obligation(name, "ssm_condition7", {**ssm, "k": k, "n_min": n_min}, witness)


def _gram(name: str, a: list[list[str]], scale: str) -> Obligation:
    """A^T A = scale * I for a literal 2x2 A (its transpose written out)."""
    at = [[a[c][r] for c in range(2)] for r in range(2)]
    goal = {"matrices": {"A": a, "At": at}, "lhs": "At*A", "rhs": f"{scale}*I(2)"}
    return Obligation(name, "matrix_identity", goal)


def tradeoff_obligations() -> list[Obligation]:
    """k = 2 for the rotation and for half of it; R^T R = I and (R/2)^T (R/2) = I/4."""
    return [
        _condition7("rotation-rank", ROTATION, 2, 2),
        _condition7("scaled-rank", HALF_ROTATION, 2, 2),
        _gram("rotation-orthogonal", ROTATION["A"], "1"),
        _gram("scaled-gram", HALF_ROTATION["A"], "1/4"),
    ]


# --- Finding 3: duality and the gradient --------------------------------------------------------------------------


def _from_certificate(cert: dict, names: tuple[str, ...] | None = None) -> list[Obligation]:
    """The obligations of an existing claim's certificate (all, or those named), rebuilt as Obligations."""
    return [
        Obligation(o["name"], o["kind"], o["goal"], o.get("witness"))
        for o in cert["obligations"]
        if names is None or o["name"] in names
    ]


def duality_gradient_obligations() -> list[Obligation]:
    """Recurrence = convolution, scan = recurrence, J_ij = C A^(i-j) B in every size; depths Theta(n) vs O(log n)."""
    recurrence_depth = result("ssm.recurrence")["depth"]
    scan_depth = result("ssm.scan")["depth"]
    return [
        *_from_certificate(duality_convolution(), ("unrolled-convolution",)),
        *_from_certificate(duality_scan()),
        *every_tau_identities(),
        cost_obligation("recurrence", "ssm.recurrence"),
        bound_obligation("recurrence.depth.lower", _N, recurrence_depth),
        cost_obligation("scan", "ssm.scan"),
        bound_obligation("scan.depth.upper", scan_depth, _log_bound(scan_depth)),
    ]


_N, _S, _K = (sp.Symbol(x, integer=True) for x in ("n", "s", "k"))  # sizes as the cost code writes them


def _log_bound(depth: sp.Expr) -> sp.Expr:
    """K (1 + k) with K the depth's constant in the fixed sizes (an explicit O(log n) bound for n = 2^k)."""
    return constant_for(depth, ["k"]) * (1 + _K)


# --- Finding 4: the nonlinear RNN's Jacobian products as a scan ---------------------------------------------------


def rnn_parallel_obligations() -> list[Obligation]:
    """The sequential product chain has depth >= n; the scan computes all prefix products in depth O(k), n = 2^k."""
    seq_depth = result("rnn-jacobian.sequential")["depth"]
    scan = result("rnn-jacobian.scan")
    return [
        cost_obligation("sequential", "rnn-jacobian.sequential"),
        bound_obligation("sequential.depth.lower", _N, seq_depth),
        cost_obligation("scan", "rnn-jacobian.scan"),
        bound_obligation("scan.depth.upper", scan["depth"], _log_bound(scan["depth"])),
        bound_obligation("scan.ops.upper", total(scan), 4 * _N * _S**3 + 2 * _N * _S),
    ]


# --- Finding 5: Appendix A's count --------------------------------------------------------------------------------


def count_obligations() -> list[Obligation]:
    """Per block J_l (J_l + 1)/2 <= J_l (J + 1)/2 and <= J (J + 1)/2; summed: <= m (J + 1)/2, and L <= m."""
    nonneg = {"nonneg": ["J", "Jl"]}
    block = [("block-le-max", "J - Jl", ">=")]
    return [
        implied(
            "term-tight", ("J", "Jl"), block, "Jl*(J + 1)/2 - Jl*(Jl + 1)/2", "1", {"block-le-max": "Jl/2"}, nonneg
        ),
        implied(
            "term-printed",
            ("J", "Jl"),
            block,
            "J*(J + 1)/2 - Jl*(Jl + 1)/2",
            "1",
            {"block-le-max": "(J + Jl + 1)/2"},
            nonneg,
        ),
        implied(
            "sum-tight",
            ("T", "S", "m", "J"),
            [("terms", "(J + 1)*S/2 - T", ">="), ("blocks-fit", "m - S", ">=")],
            "m*(J + 1)/2 - T",
            "1",
            {"terms": "1", "blocks-fit": "(J + 1)/2"},
            {"nonneg": ["J"]},
        ),
        implied(
            "sum-printed",
            ("L", "m", "J"),
            [("eigenvalues-fit", "m - L", ">=")],
            "m*J*(J + 1)/2 - L*J*(J + 1)/2",
            "1",
            {"eigenvalues-fit": "J*(J + 1)/2"},
            {"nonneg": ["J"]},
        ),
    ]


@claim("thm5.1.bounded-inputs")
def bounded_inputs() -> dict:
    """With ||x_t|| <= R, ||J_ij|| <= e^(2B) (1 + 2||M|| R^2) ||V|| / i: the highway needs growing norms."""
    return make_certificate("thm5.1.bounded-inputs", "certified", bounded_inputs_obligations())


@claim("sec7.tradeoff")
def tradeoff() -> dict:
    """k is unchanged by A -> A/2 while the Jacobian shrinks by 2^-tau; the rotation keeps ||J|| = 1 at k = 2."""
    return make_certificate("sec7.tradeoff", "certified", tradeoff_obligations())


@claim("sec3.2.duality.gradient")
def duality_gradient() -> dict:
    """Recurrence, convolution and scan: one linear map, one Jacobian; the depth changes, the gradient does not."""
    return make_certificate("sec3.2.duality.gradient", "certified", duality_gradient_obligations())


@claim("sec3.2.rnn-jacobian.parallel")
def rnn_parallel() -> dict:
    """Given the states, the Jacobian products of a tanh RNN are a parallel scan of depth O(log n)."""
    return make_certificate("sec3.2.rnn-jacobian.parallel", "certified", rnn_parallel_obligations())


@claim("appA.features.count")
def features_count() -> dict:
    """Appendix A's count: the printed chain holds, and the tighter m (J + 1)/2 = O(mJ)."""
    return make_certificate("appA.features.count", "certified", count_obligations())
