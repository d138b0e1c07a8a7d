"""verify/kernel/theories/float_gram/dense.py: form dense of kind float_gram (W(tau) = C A^tau B, real dense A).

The enclosures contain e_H computed from the exact rows (every float as its dyadic rational) with 300-bit ball
eigenvalues, for both methods and a strongly non-normal A; the Lyapunov bound holds for exact powers; and the
kernel rejects every re-sealed tampering (a claimed bound, the heads range, an array's bytes, a shape, NaN).
"""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest
from flint import arb_mat, ctx, fmpq, fmpq_mat

from verify.certificate import reseal
from verify.claims.exp_heads_float import encode, float_certificate
from verify.kernel import check_certificate
from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.theories.float_gram import dense, kind_float_gram
from verify.kernel.theories.float_gram.kind_float_gram import decode, enclosures

TOL = fmpq(1, 100)


def _system(m: int = 7, p: int = 3, d: int = 2, seed: int = 5, skew: float = 0.0) -> dict:
    """A stable real dense SSM (spectral radius 0.9); skew > 0 adds a large nilpotent part (non-normal A)."""
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((m, m))
    A *= 0.9 / max(abs(np.linalg.eigvals(A)))
    if skew:
        A = np.diag(np.linspace(0.2, 0.9, m)) + skew * np.triu(np.ones((m, m)), 1)
    return {"A": A, "B": rng.standard_normal((m, d)), "C": rng.standard_normal((p, m))}


def _exact_e(arrays: dict, n: int) -> list:
    """e_H (H = 1..p d) as 300-bit balls from the exact rows vec(C A^t B) of the stored floats."""
    q = lambda M: fmpq_mat([[fmpq(*float(x).as_integer_ratio()) for x in row] for row in M])  # noqa: E731
    A, B, C = q(arrays["A"]), q(arrays["B"]), q(arrays["C"])
    rows, X = [], B
    for _ in range(n):
        rows.append((C * X).entries())
        X = A * X
    F = fmpq_mat(n, len(rows[0]), [x for row in rows for x in row])
    W = fmpq_mat(n, n, [fmpq(n - i) if i == j else 0 for i in range(n) for j in range(n)])
    G = F.transpose() * W * F
    old = ctx.prec
    ctx.prec = 300
    try:
        lam = sorted((z.real for z in arb_mat(G).eig(nonstop=False)), key=lambda x: float(x.mid()), reverse=True)
        trace = sum((G[i, i] for i in range(G.nrows())), fmpq(0))
        return [sum(lam[h:], 0 * lam[0]) / trace for h in range(1, G.nrows() + 1)]
    finally:
        ctx.prec = old


def _stored(arrays: dict) -> tuple:
    """The goal's decoded arrays (real float64)."""
    return tuple(sorted((k, decode(encode(v, False), k, k, True)) for k, v in arrays.items()))


@pytest.mark.parametrize(("method", "skew"), [("rows", 0.0), ("core", 0.0), ("rows", 3.0), ("core", 3.0)])
def test_enclosures_contain_the_ball_arithmetic_e_h(method, skew):
    arrays = _system(skew=skew)
    n = 60
    with work_budget():
        own = enclosures("dense", method, _stored(arrays), n)
    exact = _exact_e(arrays, n)
    assert len(own) == 6  # rows: p d = 6; core: min(m + 8, p d, n) = 6
    for h, ((lo, hi), e) in enumerate(zip(own[:-1], exact[:-1])):
        assert lo < e < hi, (h, float(lo), e, float(hi))
    assert own[-1][0] == 0 and exact[-1] == 0 and own[-1][1] >= 0  # e_(p d) = 0: nothing is left
    # e_1 is not tiny: a narrow enclosure; a strongly non-normal A (kappa ~ 1e3) costs widths, not containment
    assert own[0][1] - own[0][0] <= fmpq(1, 10**6 if not skew else 10**2) * own[0][0]


def test_the_lyapunov_bound_holds_for_exact_powers():
    arrays = _system(skew=3.0)
    kappa, rho = dense.power_bound(arrays["A"], 50, "test")
    A = fmpq_mat([[fmpq(*float(x).as_integer_ratio()) for x in row] for row in arrays["A"]])
    power = fmpq_mat(7, 7, [1 if i == j else 0 for i in range(7) for j in range(7)])
    for k in range(50):
        frobenius = math.sqrt(sum(float(x) ** 2 for x in power.entries()))
        assert frobenius / math.sqrt(7) <= float(kappa) * rho**k  # ||A^k||_2 >= ||A^k||_F / sqrt(m)
        power = power * A


def test_the_duplicated_limits_agree_with_the_kind_and_the_float_module():
    from verify.kernel.theories.float_gram import float_gram

    assert dense.MAX_ROWS == kind_float_gram.MAX_ROWS and dense.MAX_FLOAT_WORK == kind_float_gram.MAX_FLOAT_WORK
    assert dense.FLOPS_PER_UNIT == kind_float_gram.FLOPS_PER_UNIT and dense._BLOCK == float_gram.BLOCK


@pytest.fixture(scope="module")
def cert() -> dict:
    """A certificate of form dense, method core."""
    return float_certificate("dense", "core", _system(m=9, p=3, d=3), {"file": "test"}, 80, TOL)[0]


def _mutated(cert: dict, edit) -> dict:
    """edit applied to params and the goal alike, re-sealed."""
    out = copy.deepcopy(cert)
    for target in (out["params"], out["obligations"][0]["goal"]):
        edit(target)
    return reseal(out)


def _rejected(cert: dict, words: str) -> None:
    """The kernel rejects cert with words in its errors."""
    result = check_certificate(cert)
    assert not result.valid and words in " ".join(result.errors), result.errors


def test_the_certificate_is_valid_and_tampering_is_rejected(cert):
    assert check_certificate(cert).valid

    def tighten(target: dict) -> None:
        lo, hi = (fmpq(*map(int, x.split("/"))) if "/" in x else fmpq(int(x)) for x in target["table"][1])
        target["table"][1][1] = kind_float_gram.claim_text(hi - (hi - lo) * 99 / 100)

    _rejected(_mutated(cert, tighten), "not implied by the kernel's")
    _rejected(_mutated(cert, lambda t: t.__setitem__("heads", [t["heads"][1] + 1, t["heads"][1] + 1])), "heads")
    arrays = _system(m=9, p=3, d=3)
    for name, edit, words in (
        ("A", lambda A: A * 1.01, "not implied by the kernel's"),
        ("C", lambda C: C[:, :8], "shapes"),
        ("B", lambda B: np.where(np.arange(B.size).reshape(B.shape) == 0, np.nan, B), "NaN"),
    ):
        stored = encode(edit(arrays[name]), False)
        _rejected(_mutated(cert, lambda t, s=stored, k=name: t["arrays"].__setitem__(k, s)), words)
    stale = copy.deepcopy(cert["params"]["arrays"]["A"])
    stale["sha256"] = "sha256:" + "0" * 64
    _rejected(_mutated(cert, lambda t: t["arrays"].__setitem__("A", stale)), "does not match the array's bytes")
    complex_a = encode(arrays["A"], True)  # complex bytes where form dense reads float64: a wrong byte count
    _rejected(_mutated(cert, lambda t: t["arrays"].__setitem__("A", complex_a)), "bytes; expected")


def test_sizes_beyond_the_declared_work_cap_are_refused_before_any_float_work():
    A = np.eye(2048) * 0.5  # m = 2048, p = d = 64 on n = 65536: far beyond DENSE_WORK_CAP
    arrays = {"A": A, "B": np.ones((2048, 64)), "C": np.ones((64, 2048))}
    with pytest.raises(WorkExceeded, match="units declared"):
        float_certificate("dense", "core", arrays, {}, 1 << 15, TOL)


def test_declared_work_must_fit_what_the_caller_allows_and_a_file_cannot_raise_it(cert):
    from verify.kernel.core.limits import (
        MAX_ALLOWANCE,
        OWN_CERTIFICATE_ALLOWANCE,
        WORK_BUDGET,
        declare_work,
        work_allowance,
    )

    with work_budget(100) as budget:
        declare_work(50, 1000, "test")  # fits: refused neither now nor later, and the budget is unchanged
        assert budget.total == 100
        with pytest.raises(WorkExceeded, match="1,001 units declared, at most 1,000"):
            declare_work(1001, 1000, "test")
        with pytest.raises(WorkExceeded, match="101 units declared, 100 left of 100"):
            declare_work(101, 1000, "test")
    declare_work(10**12, 10**13, "outside any budget: no effect")
    # a budget far below the form's declared work: refused at once, before the float work
    with work_budget(100) as small:
        result = check_certificate(cert, budget=small)
    assert not result.valid and "units declared" in result.errors[0] and small.used < 100
    # the default budget is WORK_BUDGET; only the caller (a command, `verify check --work-budget`) raises it
    with work_budget() as default:
        assert default.total == WORK_BUDGET
    with work_allowance(OWN_CERTIFICATE_ALLOWANCE), work_budget() as own:
        assert own.total == OWN_CERTIFICATE_ALLOWANCE
    with work_allowance(10**15), work_budget() as most:
        assert most.total == MAX_ALLOWANCE
    with work_allowance(1), work_budget() as least:
        assert least.total == WORK_BUDGET


def test_a_nilpotent_shift_register_is_bounded_through_its_norm():
    m = 12
    A = np.eye(m, k=-1)  # radius 0: rho from the spectral radius cannot bound the powers; rho = ||A||_2 can
    arrays = {"A": A, "B": np.eye(m)[:, :2], "C": np.arange(2 * m, dtype=float).reshape(2, m) / 8}
    kappa, rho = dense.power_bound(A, 40, "test")
    assert rho <= 1.03 and float(kappa) < 10  # rho = ||A||_2 (1 + 1/n), kappa about sqrt(m)
    with work_budget():
        own = enclosures("dense", "rows", _stored(arrays), 40)
    exact = _exact_e(arrays, 40)
    assert all(lo < e < hi for (lo, hi), e in zip(own[:-1], exact[:-1]) if e > 0)


def test_the_choices_list_every_slack():
    assert [s for s, factor in dense.LYAPUNOV_CHOICES if not factor] == list(dense.LYAPUNOV_SLACKS)
