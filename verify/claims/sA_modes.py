"""Appendix A: Jordan modes (18), impulse-response modes (19), closed-form coefficients (20), eq. (21) features.

Built-in instances mix rational eigenvalues, a complex pair, a Jordan block of size 3, a real quadratic pair
(+-sqrt 2) and a singular A. Every goal is produced from constructions.jordan / constructions.modes; the
kernel (kernel/theories/modes/kind_modes.py, kind_output.py, kind_dual.py, kind_features.py, kind_lagmin.py) re-checks
chains and their rank, the recurrence of W, dual bases and the symbolic feature identities.
"""

from __future__ import annotations

from collections.abc import Callable

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.jordan import Eigen, format_elem, to_fraction_matrix
from constructions.modes import (
    ModeForm,
    SSMModes,
    analyse,
    format_kt,
    head_coefficients,
    head_minimum,
    kt_support,
    lag_features,
    merged_lag_features,
    real_lag_features,
    real_merged_lag_features,
)
from constructions.ssm import coefficient_table, interaction_basis, ssm_from_strings
from verify.certificate import Obligation, make_certificate
from verify.kernel.core.limits import MAX_EXPRESSION_CHARS
from verify.kernel.theories.modes.chains import krylov_chain
from verify.registry import claim

__all__ = [
    "INSTANCES",
    "instance_data",
    "ssm_data",
    "rows_of",
    "modulus_json",
    "jordan_obligation",
    "power_obligation",
    "output_obligation",
    "dual_obligation",
    "lag_obligation",
    "real_obligation",
    "lag_goal",
    "support_of",
    "minimum_obligation",
    "INVERTIBLE",
    "jordan_block_obligation",
    "eq21_obligation",
    "thm44_obligation",
]

# name: (A, B, C) over QQ, none of them in Jordan form (coupling entries hide the block structure).
INSTANCES: dict[str, tuple[list, list, list]] = {
    "real": (
        [["1/2", "0", "0"], ["1/3", "-1/3", "0"], ["1", "1", "3/4"]],
        [["1", "0"], ["0", "1"], ["1", "1"]],
        [["1", "0", "1"], ["0", "1", "0"]],
    ),
    "pair": (
        [["3/5", "-4/5", "0"], ["4/5", "3/5", "0"], ["1", "0", "1/2"]],
        [["1", "0"], ["0", "1"], ["0", "1"]],
        [["1", "0", "1"], ["0", "1", "1"]],
    ),
    "jordan3": (
        [["1/2", "1", "0", "0"], ["0", "1/2", "1", "0"], ["0", "0", "1/2", "0"], ["1", "0", "0", "-1"]],
        [["0", "1"], ["0", "0"], ["1", "0"], ["0", "1"]],
        [["1", "0", "0", "1"], ["0", "1", "1", "0"]],
    ),
    "sqrt2": (
        [["0", "2", "0"], ["1", "0", "0"], ["1", "1", "1/3"]],
        [["1", "0"], ["0", "1"], ["1", "0"]],
        [["1", "0", "1"], ["0", "1", "0"]],
    ),
    "singular": (
        [["0", "1", "0"], ["0", "0", "0"], ["1", "0", "1/2"]],
        [["0", "1"], ["1", "0"], ["0", "0"]],
        [["1", "0", "0"], ["0", "1", "1"]],
    ),
}
# Instances with an invertible A: the (A2) feature constructions apply to them.
INVERTIBLE = ("real", "pair", "jordan3", "sqrt2")


def rows_of(m: fmpq_mat) -> list[list[str]]:
    """Rows of exact number strings."""
    return [[str(m[r, c]) for c in range(m.ncols())] for r in range(m.nrows())]


def instance_data(name: str) -> dict:
    """Modes, Theorem 4.4 basis (constructions.ssm), dual functionals, and the b_{h,l}(tau) of one instance."""
    a_rows, b_rows, c_rows = INSTANCES[name]
    return ssm_data(a_rows, b_rows, c_rows)


def ssm_data(a_rows: list, b_rows: list, c_rows: list) -> dict:
    """The Appendix A data of an SSM given as rows of exact rational strings."""
    a, b, c = (to_fraction_matrix(x) for x in (a_rows, b_rows, c_rows))
    modes = analyse(a, b, c)
    basis = interaction_basis(ssm_from_strings(a_rows, b_rows, c_rows))
    if basis.k == 0:
        raise ValueError("W(tau) = C A^tau B is zero for every tau (interaction rank k = 0): no modes to certify")
    mats = [to_fraction_matrix([[str(x) for x in row] for row in m.to_Matrix().tolist()]) for m in basis.basis()]
    flat = fmpq_mat([[m[r, col] for r in range(m.nrows()) for col in range(m.ncols())] for m in mats])
    dual_flat = (flat * flat.transpose()).inv() * flat  # rows F_h with <F_h, M_g> = delta
    p, d = mats[0].nrows(), mats[0].ncols()
    funcs = [fmpq_mat(p, d, [dual_flat[h, k] for k in range(p * d)]) for h in range(len(mats))]
    return {
        "modes": modes,
        "basis": mats,
        "functionals": funcs,
        "b": head_coefficients(modes, funcs),
        "thm44": basis,
    }


def modulus_json(f: fmpq_poly) -> str | dict:
    """A modulus as the kernel reads it: its expression in a, or, when that is longer than the kernel reads
    (a degree-256 characteristic polynomial has 274,000 characters), its canonical term list."""
    text = format_elem(f)
    if len(text) <= MAX_EXPRESSION_CHARS:
        return text
    return {"vars": ["a"], "terms": [[str(c), [k]] for k, c in enumerate(f.coeffs()) if c != 0]}


def _kt_rows(matrix: list[list]) -> list[list[list[list[str]] | dict]]:
    """A matrix over K[tau] (trace coordinates) as the kernel reads it."""
    return [[format_kt(x) for x in row] for row in matrix]


def _output_modes(modes: SSMModes) -> list[dict]:
    """The output modes of a goal: modulus and the closed form H_l of W in trace coordinates."""
    return [{"modulus": modulus_json(m.eigen.modulus), "coeff": _kt_rows(m.output)} for m in modes.modes]


def _chains(e: Eigen) -> list:
    """The chains of one modulus: vectors whose entries are the coefficients of 1, a, ..., a^(d-1) (power basis)."""
    d = e.modulus.degree()
    coefficients = lambda x: [str(c) for c in x.coeffs()] + ["0"] * (d - len(x.coeffs()))  # noqa: E731
    return [[[coefficients(x) for x in v] for v in chain] for chain in e.chains]


# From this many states on, jordan_chains carries the chains of every repeated modulus (a Jordan basis of its
# generalized eigenspace, checked with one rank modulo P) instead of leaving the kernel the exact ranks of m(A)^s,
# whose entries grow with s (the disguised 64-state A with four blocks of size 16 exceeded the work bound); below
# it the ranks take milliseconds and the built-in certificates keep their form.
JORDAN_WITNESS_SIDE = 16
# A simple mode's chain (one eigenvector over K) longer than this in JSON is written as its Krylov start vector u
# (the kernel rebuilds the eigenvector q_m(A) r(A) u modulo P; kind_modes.krylov_chain): a dense 128-state A's
# explicit chain has 8.7 MB, u 0.3 KB. Shorter chains stay explicit, where a reader can inspect them.
KRYLOV_CHAIN_BYTES = 65_536


def jordan_obligation(name: str, modes: SSMModes) -> Obligation:
    """The Jordan block sizes of every eigenvalue modulus (read off A; chains of repeated moduli as the witness)."""
    goal = {
        "A": rows_of(modes.A),
        "eigen": [{"modulus": modulus_json(e.modulus), "chains": e.sizes} for e in modes.eigen],
    }
    repeated = [sum(e.sizes) >= 2 for e in modes.eigen]
    if modes.A.nrows() < JORDAN_WITNESS_SIDE or not any(repeated):
        return Obligation(name, "jordan_chains", goal)
    witness = {"chains": [_chains(e) if r else [] for e, r in zip(modes.eigen, repeated)]}
    return Obligation(name, "jordan_chains", goal, witness)


def _state_mode(modes: SSMModes, mode: ModeForm) -> dict:
    """One nonzero mode of the state: its explicit chains, or the Krylov start vector of a long simple chain."""
    modulus = modulus_json(mode.eigen.modulus)
    if mode.eigen.sizes != [1] or _chain_bytes(mode.eigen) <= KRYLOV_CHAIN_BYTES:
        return {"modulus": modulus, "chains": _chains(mode.eigen)}
    n = modes.A.nrows()
    for k in range(-1, n):
        u = [fmpq(1)] * n if k < 0 else [fmpq(int(r == k)) for r in range(n)]
        if krylov_chain(modes.A, mode.eigen.modulus, tuple(u), "builder").rank() == mode.eigen.modulus.degree():
            return {"modulus": modulus, "krylov": [str(x) for x in u]}
    return {"modulus": modulus, "chains": _chains(mode.eigen)}


def _chain_bytes(e: Eigen) -> int:
    """About the JSON size of the chains (decimal digits from bit lengths, 4 characters per entry), unwritten."""
    bits = sum(c.p.bit_length() + c.q.bit_length() for chain in e.chains for v in chain for x in v for c in x.coeffs())
    entries = sum(len(v) * e.modulus.degree() for chain in e.chains for v in chain)
    return int(bits * 0.302) + 4 * entries


def power_obligation(name: str, modes: SSMModes) -> Obligation:
    """A^tau = sum_l Tr_l(V_l J_l^tau Q_l) for tau >= start: the chains V_l of the nonzero eigenvalues (goal)."""
    goal = {
        "A": rows_of(modes.A),
        "start": modes.start,
        "modes": [_state_mode(modes, m) for m in modes.modes],
    }
    return Obligation(name, "power_closed_form", goal)


def output_obligation(name: str, modes: SSMModes) -> Obligation:
    """C A^tau B = sum_l Tr_l(a^tau H_l(tau)) for tau >= start (the kernel checks the recurrence of W)."""
    goal = {
        "A": rows_of(modes.A),
        "B": rows_of(modes.B),
        "C": rows_of(modes.C),
        "start": modes.start,
        "modes": _output_modes(modes),
    }
    return Obligation(name, "output_closed_form", goal)


def dual_obligation(name: str, data: dict) -> Obligation:
    """Eq. (20): H_l(tau) = sum_h b_{h,l}(tau) M_h with functionals dual to the Theorem 4.4 basis W(t_h)."""
    modes = data["modes"]
    goal = {
        "A": rows_of(modes.A),
        "B": rows_of(modes.B),
        "C": rows_of(modes.C),
        "modes": _output_modes(modes),
        "lags": list(data["thm44"].lags),
        "b": [[format_kt(x) for x in row] for row in data["b"]],
        "support": support_of(data),
    }
    return Obligation(name, "dual_coordinates", goal, {"functionals": [rows_of(f) for f in data["functionals"]]})


def support_of(data: dict) -> dict:
    """The moduli and, per head and mode, the powers q of tau with b_{h,l,q} != 0 (what the feature kinds need)."""
    return {
        "moduli": [modulus_json(m.eigen.modulus) for m in data["modes"].modes],
        "heads": [[kt_support(x) for x in row] for row in data["b"]],
    }


def thm44_obligation(name: str, data: dict, n: int) -> Obligation:
    """Theorem 4.4's table c_{tau,h} (constructions.ssm) gives W(tau) = sum_h c_{tau,h} M_h for tau < n."""
    modes, basis = data["modes"], data["thm44"]
    table = coefficient_table(basis, n).to_Matrix().tolist()
    w_rows, power = (
        [],
        fmpq_mat(
            modes.A.nrows(),
            modes.A.ncols(),
            [int(r == c) for r in range(modes.A.nrows()) for c in range(modes.A.ncols())],
        ),
    )
    for _ in range(n):
        w = modes.C * power * modes.B
        w_rows.append([str(w[r, c]) for r in range(w.nrows()) for c in range(w.ncols())])
        power = modes.A * power
    flat = [[str(m[r, c]) for r in range(m.nrows()) for c in range(m.ncols())] for m in data["basis"]]
    mats = {"Ctab": [[str(x) for x in row] for row in table], "Mb": flat, "Wt": w_rows}
    return Obligation(name, "matrix_identity", {"matrices": mats, "lhs": "Ctab*Mb", "rhs": "Wt"})


def lag_goal(data: dict, construction: str = "paper") -> dict:
    """The goal of the feature kinds: A, the support of b (the kernel reads the block sizes off A), the bound.

    construction "paper": bound sum_l deg(m_l) J_l (J_l + 1) / 2 (features indexed by (l, q, t)); "merged":
    sum_l deg(m_l) J_l (indexed by (l, t), phi depending on (l, t) alone).
    """
    modes = data["modes"]
    per_mode = (lambda j: j * (j + 1) // 2) if construction == "paper" else (lambda j: j)
    bound = sum(m.eigen.modulus.degree() * per_mode(m.size) for m in modes.modes)
    return {"A": rows_of(modes.A), "support": support_of(data), "bound": bound, "construction": construction}


def _feature_heads(data: dict, build: Callable[[list], object]) -> list[dict]:
    """The per-head witness of the feature kinds: one symbolic feature list per mode."""
    return [{"features": [build(b) for b in row]} for row in data["b"]]


def lag_obligation(name: str, data: dict, construction: str = "paper") -> Obligation:
    """Eq. (21) features of every head: <phi(i), psi(j)> = g_h(i - j) for all integers i, j, with the bound."""
    build = lag_features if construction == "paper" else merged_lag_features
    return Obligation(name, "lag_features", lag_goal(data, construction), {"heads": _feature_heads(data, build)})


def real_obligation(name: str, data: dict, construction: str = "paper") -> Obligation:
    """The same lag kernels from rational-valued features of the same total dimension."""
    build = real_lag_features if construction == "paper" else real_merged_lag_features
    return Obligation(name, "real_lag_features", lag_goal(data, construction), {"heads": _feature_heads(data, build)})


def minimum_obligation(name: str, data: dict) -> Obligation:
    """Per head: merged features of dimension R_h and a nonsingular R_h x R_h lag block (R_h is the minimum)."""
    modes = data["modes"]
    goal = {
        "A": rows_of(modes.A),
        "modes": _output_modes(modes),
        "b": [[format_kt(x) for x in row] for row in data["b"]],
        "minimum": [head_minimum(modes, row) for row in data["b"]],
    }
    return Obligation(name, "lag_minimum", goal, {"heads": _feature_heads(data, merged_lag_features)})


def _all(
    builder: Callable[[str, dict], list[Obligation]], names: tuple[str, ...] = tuple(INSTANCES)
) -> list[Obligation]:
    """The obligations that builder makes for each named instance, in order."""
    return [o for name in names for o in builder(name, instance_data(name))]


@claim("appA.eq18")
def eq18() -> dict:
    """Jordan chains and the closed form of A^tau for symbolic tau, by induction, for every instance."""
    build = lambda n, d: [  # noqa: E731
        jordan_obligation(f"{n}.jordan", d["modes"]),
        power_obligation(f"{n}.power", d["modes"]),
    ]
    return make_certificate("appA.eq18", "certified", _all(build))


@claim("appA.eq19")
def eq19() -> dict:
    """W(tau) = C A^tau B as a sum of modes lambda^tau tau^q H_{l,q}, by induction on tau."""
    return make_certificate("appA.eq19", "certified", _all(lambda n, d: [output_obligation(f"{n}.W", d["modes"])]))


@claim("appA.eq20")
def eq20() -> dict:
    """Closed forms of c_{tau,h} from dual functionals, equal to Theorem 4.4's coefficients for every tau."""
    build = lambda n, d: [  # noqa: E731
        output_obligation(f"{n}.W", d["modes"]),
        dual_obligation(f"{n}.dual", d),
        thm44_obligation(f"{n}.thm4.4", d, 8),
    ]
    return make_certificate("appA.eq20", "certified", _all(build))


def eq21_obligation() -> Obligation:
    """Eq. (21) for every natural q (kind binomial_expansion); positions i, j are named ii, jj (the kernel reserves
    i), L = lambda^i, M = lambda^-j: L M (ii - jj)^q = sum_t binom(q, t) (ii^t L) ((-jj)^(q - t) M)."""
    goal = {
        "vars": ["L", "M", "ii", "jj"],
        "factor": "L*M",
        "base": "ii - jj",
        "coeff": "L*M",
        "powers": [{"base": "ii", "exponent": [0, 1, 0]}, {"base": "-jj", "exponent": [1, -1, 0]}],
    }
    return Obligation("binomial", "binomial_expansion", goal, {"split": ["-jj", "ii"]})


@claim("appA.eq21")
def eq21() -> dict:
    """Eq. (21) for symbolic i, j and every natural q, by induction on q (Pascal's rule)."""
    return make_certificate("appA.eq21", "certified", [eq21_obligation()])


def jordan_block_obligation() -> Obligation:
    """(lam + N)^tau = sum_{q<s} binom(tau, q) lam^(tau - q) N^q wherever N^s = 0: J_s(lam)^tau for every s."""
    goal = {
        "vars": ["N", "lam"],
        "factor": "1",
        "base": "lam + N",
        "coeff": "1",
        "powers": [{"base": "lam", "exponent": [1, -1, 0]}, {"base": "N", "exponent": [0, 1, 0]}],
        "nilpotent": "N",
    }
    return Obligation("jordan-block", "binomial_expansion", goal, {"split": ["lam", "N"]})


@claim("appA.eq18.block")
def eq18_block() -> dict:
    """J_s(lam)^tau = sum_{q<s} binom(tau, q) lam^(tau - q) N^q for symbolic lam, tau and block size s."""
    return make_certificate("appA.eq18.block", "certified", [jordan_block_obligation()])


@claim("appA.features")
def features() -> dict:
    """The lag-only features of every head of every invertible instance, within sum_l J_l (J_l + 1) / 2."""
    build = lambda n, d: [  # noqa: E731
        output_obligation(f"{n}.W", d["modes"]),
        dual_obligation(f"{n}.dual", d),
        lag_obligation(n, d),
    ]
    return make_certificate("appA.features", "certified", _all(build, INVERTIBLE))


@claim("appA.realform")
def realform() -> dict:
    """Conjugate pairs turned into rational features of the same total dimension."""
    build = lambda n, d: [  # noqa: E731
        output_obligation(f"{n}.W", d["modes"]),
        dual_obligation(f"{n}.dual", d),
        real_obligation(n, d),
    ]
    return make_certificate("appA.realform", "certified", _all(build, INVERTIBLE))
