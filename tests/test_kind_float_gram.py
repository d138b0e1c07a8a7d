"""verify/kernel/theories/float_gram/kind_float_gram.py: the float64 enclosures contain e_H computed in ball
arithmetic, and the kernel rejects every re-sealed tampering (a claimed bound, a sha256, an array, heads, an
unstable or non-finite mode)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from flint import arb_mat, ctx, fmpq

from verify.certificate import reseal
from verify.claims.exp_heads_float import encode, example_layer, float_certificate, widen
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.theories.float_gram.kind_float_gram import decode, enclosures

TOL = Fraction(1, 100)


def _exact_e(F_rows: list, n: int) -> list:
    """e_H (H = 1..R) as arb balls from exact rows: G = sum_t (n - t) F[:, t] F[:, t]^T, eigenvalues at 300 bits."""
    R = len(F_rows)
    G = [[sum(fmpq(n - t) * F_rows[i][t] * F_rows[j][t] for t in range(n)) for j in range(R)] for i in range(R)]
    old = ctx.prec
    ctx.prec = 300
    try:
        lam = sorted((z.real for z in arb_mat(G).eig(nonstop=False)), key=lambda x: float(x.mid()), reverse=True)
        trace = sum(G[i][i] for i in range(R))
        return [(sum(lam[h:], 0 * lam[0]) / trace) for h in range(1, R + 1)]
    finally:
        ctx.prec = old


def _exact_power_rows(a: np.ndarray, c: np.ndarray, n: int) -> list:
    """Exact rows F[r, t] = Re(sum_j c_rj a_rj^t) from the float entries (each an exact dyadic rational)."""
    q = lambda x: fmpq(*float(x).as_integer_ratio())  # noqa: E731
    rows = []
    for r in range(a.shape[0]):
        powers = [(fmpq(1), fmpq(0)) for _ in range(a.shape[1])]
        row = []
        for _ in range(n):
            row.append(sum(q(c[r, j].real) * x - q(c[r, j].imag) * y for j, (x, y) in enumerate(powers)))
            powers = [(x * q(a[r, j].real) - y * q(a[r, j].imag), x * q(a[r, j].imag) + y * q(a[r, j].real))
                      for j, (x, y) in enumerate(powers)]  # fmt: skip
        rows.append(row)
    return rows


@pytest.fixture(scope="module")
def example_cert() -> dict:
    """The registered instance: 6 channels x 4 dyadic modes on n = 128."""
    arrays, source = example_layer()
    return float_certificate("depthwise", "rows", arrays, source, 128, TOL)[0]


def _mimo(P: int = 3, p: int = 3, d: int = 2, seed: int = 1) -> dict:
    """A small S5-like layer with stable complex modes (and one real mode)."""
    rng = np.random.default_rng(seed)
    a = 0.8 * np.exp(1j * rng.uniform(0, np.pi, P)) * rng.uniform(0.7, 1.0, P)
    a[0] = 0.6
    B = rng.standard_normal((P, d)) + 1j * rng.standard_normal((P, d))
    C = rng.standard_normal((p, P)) + 1j * rng.standard_normal((p, P))
    return {"a": a, "B": B, "C": C}


def test_the_registered_instance_is_valid_and_encloses_the_ball_arithmetic_e_h(example_cert):
    assert check_certificate(example_cert).valid
    arrays, _ = example_layer()
    exact = _exact_e(_exact_power_rows(arrays["a"], arrays["c"], 128), 128)
    table = [(Fraction(lo), Fraction(hi)) for lo, hi in example_cert["params"]["table"]]
    for (lo, hi), e in zip(table[:-1], exact[:-1]):
        assert e > fmpq(lo.numerator, lo.denominator) and e < fmpq(hi.numerator, hi.denominator)
        assert hi - lo <= Fraction(1, 10**6) * lo  # relative width <= 1e-6 where e_H is not tiny


@pytest.mark.parametrize("method", ["rows", "core"])
def test_mimo_enclosures_contain_the_ambient_ball_arithmetic_e_h(method):
    arrays = _mimo()
    stored = tuple(sorted((k, decode(encode(v, True), k, k)) for k, v in arrays.items()))
    own = enclosures("mimo", method, stored, 40)
    a, B, C = arrays["a"], arrays["B"], arrays["C"]
    exact_rows = []
    qq = lambda x: fmpq(*float(x).as_integer_ratio())  # noqa: E731
    for i in range(3):
        for k in range(2):
            cre = [qq(C[i, j].real) * qq(B[j, k].real) - qq(C[i, j].imag) * qq(B[j, k].imag) for j in range(3)]
            cim = [qq(C[i, j].real) * qq(B[j, k].imag) + qq(C[i, j].imag) * qq(B[j, k].real) for j in range(3)]
            powers, row = [(fmpq(1), fmpq(0))] * 3, []
            for _ in range(40):
                row.append(sum(cre[j] * x - cim[j] * y for j, (x, y) in enumerate(powers)))
                powers = [(x * qq(a[j].real) - y * qq(a[j].imag), x * qq(a[j].imag) + y * qq(a[j].real))
                          for j, (x, y) in enumerate(powers)]  # fmt: skip
            exact_rows.append(row)
    exact = _exact_e(exact_rows, 40)  # 6 eigenvalues of the ambient G (5 nonzero: U has 2P - 1 = 5 columns)
    for h, e in enumerate(exact[:4]):
        lo, hi = own[h]
        assert e > lo and e < hi
        assert hi - lo <= fmpq(1, 10**6) * lo


def test_widen_rounds_outward_and_keeps_the_kernel_enclosure_inside():
    lo, hi = Fraction(123456789012345, 10**15), Fraction(123456789112345, 10**15)
    wl, wh = widen(lo, hi)
    assert wl <= lo - (hi - lo) / 8 and wh >= hi + (hi - lo) / 8 and 0 <= wl and wh <= 1
    assert len(str(wl.denominator)) <= 14 and wh - wl <= (hi - lo) * 2


def _mutated(cert: dict, edit) -> dict:
    """A deep copy with `edit(params, goal)` applied to params and the obligation goal alike, re-sealed."""
    out = copy.deepcopy(cert)
    for target in (out["params"], out["obligations"][0]["goal"]):
        edit(target)
    return reseal(out)


def _rejected(cert: dict, words: str) -> None:
    """The kernel rejects the certificate with a message containing words."""
    result = check_certificate(cert)
    assert not result.valid and words in " ".join(result.errors), result.errors


def test_a_tightened_claimed_bound_is_rejected(example_cert):
    def tighten(target):
        lo, hi = (Fraction(x) for x in target["table"][2])
        target["table"][2][1] = str(hi - (hi - lo) * 99 / 100)

    _rejected(_mutated(example_cert, tighten), "not implied by the kernel's")


def test_a_raised_lower_bound_and_a_wrong_heads_are_rejected(example_cert):
    def raise_lower(target):
        lo, hi = (Fraction(x) for x in target["table"][0])
        target["table"][0][0] = str(lo + (hi - lo) * 99 / 100)

    _rejected(_mutated(example_cert, raise_lower), "not implied by the kernel's")
    h = example_cert["params"]["heads"][0]
    _rejected(_mutated(example_cert, lambda t: t.__setitem__("heads", [h + 1, h + 1])), "heads")
    _rejected(_mutated(example_cert, lambda t: t["table"].pop()), "rows")


def test_an_edited_sha256_or_array_is_rejected(example_cert):
    def sha(target):
        target["arrays"]["a"]["sha256"] = "sha256:" + "0" * 64

    _rejected(_mutated(example_cert, sha), "does not match the array's bytes")
    arrays, _ = example_layer()
    edited = arrays["c"].copy()
    edited[0, 0] *= 2
    stale = encode(edited, True)

    def data_only(target):  # the bytes change, the recorded sha256 does not
        target["arrays"]["c"]["base64"] = stale["base64"]

    _rejected(_mutated(example_cert, data_only), "does not match the array's bytes")
    # bytes and sha256 changed together: the kernel computes the edited layer, whose e_H the table no longer holds
    _rejected(_mutated(example_cert, lambda t: t["arrays"].__setitem__("c", stale)), "not implied by the kernel's")


def test_an_unstable_or_non_finite_mode_and_a_bad_shape_are_rejected(example_cert):
    arrays, _ = example_layer()
    for value, words in ((1.0 + 1e-15 + 0j, "|a| > 1"), (complex("nan"), "NaN")):
        edited = arrays["a"].copy()
        edited[1, 2] = value
        _rejected(_mutated(example_cert, lambda t, e=edited: t["arrays"].__setitem__("a", encode(e, True))), words)
    edited = arrays["a"][:, :3].copy()
    _rejected(_mutated(example_cert, lambda t: t["arrays"].__setitem__("a", encode(edited, True))), "shapes")
    on_circle = arrays["a"].copy()
    on_circle[0, 0] = 0.6 + 0.8j  # |a| = 1 up to the float rounding of 0.6 and 0.8: decided exactly
    x, y = Fraction(0.6), Fraction(0.8)
    args = ("depthwise", "rows", {"a": on_circle, "c": arrays["c"]}, {}, 64, TOL)
    if x * x + y * y > 1:  # the builder calls the kernel's own enclosures, which refuse it
        with pytest.raises(KernelError, match=r"\|a\| > 1"):
            float_certificate(*args)
    else:
        assert check_certificate(float_certificate(*args)[0]).valid


def test_a_claimed_bound_outside_zero_one_and_a_float_number_are_rejected(example_cert):
    _rejected(_mutated(example_cert, lambda t: t["table"][0].__setitem__(1, "2")), "0 <= lower <= upper <= 1")
    _rejected(_mutated(example_cert, lambda t: t["table"][0].__setitem__(0, 0.5)), "expected an exact number")


def test_the_kernel_module_loads_numpy_only_when_a_float_gram_obligation_is_checked():
    code = "import sys, verify.kernel; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False"]


def test_the_committed_certificate_is_the_registered_instance():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "certs" / "exp.fig3.optimum.ssm.float.json"
    cert = json.loads(path.read_text())
    assert cert["obligations"][0]["kind"] == "float_gram" and check_certificate(cert).valid


def test_the_skip_terms_d_and_d_matrix_enter_w0_only():
    arrays, _ = example_layer()
    d = np.array([0.5, -0.25, 1.0, 0.0, 0.125, -1.0])
    stored = tuple(sorted((k, decode(encode(v, k != "d"), k, k)) for k, v in {**arrays, "d": d}.items()))
    own = enclosures("depthwise", "rows", stored, 64)
    a0 = np.concatenate([arrays["a"], np.zeros((6, 1))], axis=1)  # d as a mode a = 0: contributes at tau = 0 only
    c0 = np.concatenate([arrays["c"], d[:, None]], axis=1)
    exact = _exact_e(_exact_power_rows(a0, c0, 64), 64)
    assert all(lo < e and e < hi for (lo, hi), e in zip(own[:-1], exact[:-1]))
    mimo = _mimo(p=4)  # U has p d = 8 rows and 2P - 1 + d = 7 columns: Gamma is positive definite
    D = np.array([[0.5, 0.0], [0.25, -1.0], [0.0, 2.0], [1.0, 1.0]])
    both = {}
    for method in ("rows", "core"):
        stored = tuple(sorted((k, decode(encode(v, k != "D"), k, k)) for k, v in {**mimo, "D": D}.items()))
        both[method] = enclosures("mimo", method, stored, 40)
    for (lo1, hi1), (lo2, hi2) in zip(both["rows"][:4], both["core"][:4]):  # both enclose the same e_H
        assert lo1 <= hi2 and lo2 <= hi1 and lo1 > 0 and lo2 > 0


def test_a_layer_beyond_the_work_bound_is_refused_before_any_float_work():
    from verify.kernel.core.limits import WORK_BUDGET, WorkExceeded, work_budget
    from verify.kernel.theories.float_gram.kind_float_gram import own_enclosures

    a = np.full((512, 200), 0.5 + 0j)  # 512 channels x 200 modes at n = 4096: about 11 million units > 4 million
    stored = tuple(sorted((k, decode(encode(a, True), k, k)) for k in ("a", "c")))
    with work_budget() as budget:  # a plain `verify check`: WORK_BUDGET, whatever the file asks for
        assert budget.total == WORK_BUDGET
        with pytest.raises(WorkExceeded, match="exceeds the kernel's work bound"):
            own_enclosures("depthwise", "rows", stored, 4096)
        assert budget.used > WORK_BUDGET  # charged in one step before any float work, which never ran


def test_a_row_matrix_beyond_the_memory_bound_is_refused_before_any_float_work():
    a = np.full((128, 4), 0.5 + 0j)  # 128 rows of length 65,536: 8.4 million values (333 MB peak before rows in blocks)
    with pytest.raises(KernelError, match="more than 4194304 values"):
        float_certificate("depthwise", "rows", {"a": a, "c": a}, {}, 65_536, TOL)


def _graded_layer() -> tuple[dict, int]:
    """7 channels x 3 dyadic modes, channel r scaled by 8^-r: e_H falls from 4e-3 (H = 1) to 1e-15 (H = 6)."""
    rng = np.random.default_rng(3)
    a = np.round(rng.uniform(0.3, 0.9, (7, 3)) * 64) / 64 + 1j * np.round(rng.uniform(-0.3, 0.3, (7, 3)) * 64) / 64
    c = (np.round(rng.standard_normal((7, 3)) * 64) / 64 + 0j) * (8.0 ** -np.arange(7))[:, None]
    return {"a": a, "c": c}, 48


def test_tiny_tail_e_h_are_enclosed_to_relative_1e_6_by_the_tail_refinement():
    arrays, n = _graded_layer()
    stored = tuple(sorted((k, decode(encode(v, True), k, k)) for k, v in arrays.items()))
    own = enclosures("depthwise", "rows", stored, n)
    exact = _exact_e(_exact_power_rows(arrays["a"], arrays["c"], n), n)
    for h, ((lo, hi), e) in enumerate(zip(own[:-1], exact[:-1]), start=1):
        assert lo < e and e < hi
        # the a-priori bound of G alone (absolute, about n u trace G) gave 0.29 at e_5 = 1.8e-13 and 0 below e_6
        assert hi - lo <= fmpq(1, 10**6) * lo if h <= 5 else hi - lo <= fmpq(1, 10**5) * lo
    assert own[-1] == (0, 0)  # e_R = 0 exactly


def test_a_claim_excluding_a_tiny_e_h_by_1e_6_relative_is_rejected():
    arrays, n = _graded_layer()
    cert = float_certificate("depthwise", "rows", arrays, {}, n, TOL)[0]
    assert check_certificate(cert).valid
    lo, hi = (Fraction(x) for x in cert["params"]["table"][3])  # e_4 = 1.7e-11
    assert hi - lo <= lo / 10**6

    def above(target):
        target["table"][3] = [str(hi * (1 + Fraction(1, 10**6))), str(hi * (1 + Fraction(2, 10**6)))]

    _rejected(_mutated(cert, above), "not implied by the kernel's")

    def tighter(target):
        target["table"][4][0] = str((Fraction(target["table"][4][0]) + Fraction(target["table"][4][1])) / 2)

    _rejected(_mutated(cert, tighter), "not implied by the kernel's")


def test_the_tail_refinement_without_a_certified_gap_keeps_only_its_upper_end():
    from verify.kernel.theories.float_gram import float_gram as fg
    from verify.kernel.theories.float_gram.tails import tail_brackets

    F = np.array([[1.0, 0, 0, 0], [0, 0, 0, 2.0], [0, 0.5, 0, 0]])  # w = 4, 3, 2, 1: G = diag(4, 4, 0.75)
    spec = fg.gram_and_eigen(F, np.zeros_like(F), 4, tails=True)
    (lo1, hi1), (lo2, hi2) = tail_brackets(spec["tails"], fmpq(*spec["f"].as_integer_ratio()), fmpq(0))
    assert lo1 == 0 and hi1 >= fmpq(19, 4)  # eigenvalues 4 and 4 tie: no gap at H = 1; the tail is 4 + 3/4
    assert lo2 <= fmpq(3, 4) <= hi2 and hi2 - lo2 <= fmpq(1, 10**9)  # a gap of 3.25 at H = 2


def test_rows_made_in_blocks_are_the_rows_made_in_one_piece():
    from verify.kernel.theories.float_gram import float_gram as fg

    rng = np.random.default_rng(5)
    a = 0.95 * np.exp(1j * rng.uniform(0, 3, (300, 40)))  # (1 << 22) // (512 * 42) = 195 rows a block: 2 blocks
    c = rng.standard_normal((300, 40)) + 0j
    for mine, whole in zip(fg.power_rows(a, c, 512, 1), fg._power_rows(a, c, 512, 1)):
        assert np.array_equal(mine, whole)


def test_the_per_column_gap_never_loosens_the_tail_brackets_and_keeps_them_sound():
    from verify.kernel.theories.float_gram import float_gram as fg
    from verify.kernel.theories.float_gram.tails import tail_brackets

    arrays, n = _graded_layer()
    F, eps = fg.power_rows(arrays["a"], arrays["c"], n)
    spec = fg.gram_and_eigen(F, eps, n, tails=True)
    f, e2 = fmpq(*spec["f"].as_integer_ratio()), fmpq(*spec["e2"].as_integer_ratio())
    both = tail_brackets(spec["tails"], f, e2)
    uniform = tail_brackets({k: v for k, v in spec["tails"].items() if k != "weighted"}, f, e2)
    exact = _exact_e(_exact_power_rows(arrays["a"], arrays["c"], n), n)
    trace = spec["t0"]  # trace G to about 1e-14 relative: enough for the ratios below
    for (lo, hi), (lo_u, hi_u), e in zip(both, uniform, exact):
        assert lo >= lo_u and hi == hi_u and lo <= hi
        assert float(lo) / trace <= float(e.mid()) * (1 + 1e-9) and float(e.mid()) <= float(hi) / trace * (1 + 1e-9)
