"""num.thm4.4.chunked: the k-head form evaluated in chunks against the chunked scan, at n = 10^6 in seconds.

The k-head form y_i = sum_h V^(h) sum_j c_{i-j,h} x_j is evaluated by numeric.ssm.heads_chunked (attention by FFT
inside chunks of CHUNK positions, modal states carried across chunks) and compared with the SSM's chunked scan;
the a-priori bound is numeric.bounds' "heads_chunked" plus "scan". Its inputs A1, Y0, Y1 are computed here exactly
from the exact construction (numeric.construction.head_form), |z| <= |Re z| + |Im z| and sum_{j<N} |lambda|^j <=
min(N, 2/(1 - |lambda|^2)). The statement (verify/kernel/specs/num_chunked.json) is generated from the same checks by
verify/statements/num_chunked.py.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

from numeric import ssm as methods
from numeric.backends import Backend
from numeric.bounds import round_up
from numeric.checks import (
    Check,
    _common,
    _head_arrays,
    _inputs,
    _measure,
    _shadow,
    chunk_for,
    modal_matrices,
    reference_scan,
)
from numeric.construction import BUILTINS, HeadForm, builtin

__all__ = [
    "CHUNK",
    "chunked_check",
    "chunked_checks",
    "carried_norms",
    "chunked_setup",
]

# Chunk length of the k-head form: FFTs of 2 * CHUNK points inside a chunk, modal states carried between chunks.
CHUNK = 256
_BASES = ("modal", "lags")


def _geometric(r: Fraction, count: int) -> Fraction:
    """An exact upper bound of sum_{j < count} rho^j for 0 <= r = rho^2 <= 1 (1/(1 - rho) = (1 + rho)/(1 - r))."""
    return Fraction(count) if r >= 1 else min(Fraction(count), 2 / (1 - r))


def _weighted(rho: Fraction, count: int) -> tuple[Fraction, Fraction]:
    """Exact upper bounds of sum_{j < count} rho^j and sum_{j < count} j rho^j for 0 <= rho <= 1."""
    if rho >= 1:
        return Fraction(count), Fraction(count * (count - 1), 2)
    return min(Fraction(count), 1 / (1 - rho)), min(Fraction(count * (count - 1), 2), rho / (1 - rho) ** 2)


def carried_norms(form: HeadForm, chunk: int, chunks: int) -> tuple[Fraction, Fraction, Fraction]:
    """(A1, Y0 / X, Y1 / X) of numeric.bounds' heads_chunked, exactly, from the exact head form.

    A1 >= max_h sum_{tau<L} sum_l |lambda_l|^tau |beta_hl|; Y0, Y1 >= max_r sum_l W_rl B_l sum_j (1 or j) rho_l^j
    for j < Q - 1, W_rl = sum_h |beta_hl| sum_c |V^(h)_rc|, B_l >= sum_{t<L} |lambda_l|^t, rho_l = |lambda_l|^L.
    """
    r2 = [a * a + b * b for a, b in form.lam]
    if any(x > 1 for x in r2):
        raise ValueError("an eigenvalue has modulus above 1; the chunked bound assumes |lambda| <= 1")
    size = [[abs(a) + abs(b) for a, b in row] for row in form.beta]  # >= |beta_hl|
    local = [_geometric(r, chunk) for r in r2]  # B_l
    a1 = max(sum((s * b for s, b in zip(row, local)), Fraction(0)) for row in size)
    sums = [_weighted(r ** (chunk // 2), chunks - 1) for r in r2]  # rho_l = (|lambda_l|^2)^(L/2), L even
    y0, y1 = Fraction(0), Fraction(0)
    for r in range(len(form.V[0])):
        w = [sum(size[h][j] * sum(abs(v) for v in form.V[h][r]) for h in range(form.k)) for j in range(len(r2))]
        y0 = max(y0, sum((wj * b * s0 for wj, b, (s0, _) in zip(w, local, sums)), Fraction(0)))
        y1 = max(y1, sum((wj * b * s1 for wj, b, (_, s1) in zip(w, local, sums)), Fraction(0)))
    return a1, y0, y1


def chunked_setup(bk: Backend, name: str, n: int, basis: str, seed: int, corrupt: float) -> tuple:
    """What both chunk-by-chunk checks (chunked_check, numeric.heads_local.local_check) start from:
    (A, B, C, x, sizes, mats, values, geo, V, beta, lam, vcat, form, Q), with the no-underflow guard of the bounds."""
    model = builtin(name)
    A, B, C = (bk.asarray(M) for M in model.floats())
    x_np = _inputs(n, model.dims[2], seed)
    x = bk.asarray(x_np)
    sizes, mats, values, geo = _common(model, x_np)
    V, beta, lam, vcat, form = _head_arrays(bk, model, basis, corrupt)
    q = -(-n // CHUNK)
    sizes.update(k=form.k, M=len(form.lam), L=CHUNK, NL=2 * CHUNK, Q=q)
    mats.update(Vcat=vcat, **modal_matrices(form))
    smallest = min(math.hypot(float(a), float(b)) for a, b in form.lam)
    if smallest == 0 or CHUNK * math.log2(smallest) < -600:
        raise ValueError(f"{name}: |lambda|^L may leave the normal float64 range; the bound assumes no underflow")
    return A, B, C, x, sizes, mats, values, geo, V, beta, lam, vcat, form, q


def chunked_check(
    bk: Backend, name: str, n: int, basis: str = "modal", seed: int = 1, corrupt: float = 0.0, scan: tuple = ()
) -> Check:
    """The k-head form in chunks (numeric.ssm.heads_chunked) against the chunked scan (or `scan`, the same scan
    computed once by numeric.checks.reference_scan), with both a-priori bounds."""
    A, B, C, x, sizes, mats, values, geo, V, beta, lam, vcat, form, q = chunked_setup(bk, name, n, basis, seed, corrupt)
    start, cpu = time.perf_counter(), time.process_time()
    y_heads = methods.heads_chunked(bk, V, beta, lam, x, CHUNK)
    y_scan, shadow = scan or methods.chunked_scan(bk, A, B, C, x, chunk_for(n))
    error, bad = _measure(bk, y_heads, y_scan)
    bk.synchronize()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    _shadow(values, shadow)
    a1, y0, y1 = carried_norms(form, CHUNK, q)
    values.update(A1=round_up(a1), Y0=round_up(y0 * values["X"]), Y1=round_up(y1 * values["X"]))
    vrow = max(sum(abs(Fraction(v)) for v in row) for row in vcat)
    info = {"Vcat_rowsum": vrow, "cpu": cpu}
    return Check(
        f"chunked-heads-vs-scan:{name}:{basis}",
        ("heads_chunked", "scan"),
        sizes,
        mats,
        values,
        error,
        bad,
        geo,
        seconds,
        info,
        params={"n": "n", "Q": "Q"},
    )


def chunked_checks(bk: Backend, n: int, corrupt: float = 0.0) -> list[Check]:
    """Every built-in SSM, both bases."""
    out = []
    for name in BUILTINS:
        scan = reference_scan(bk, name, n)  # one scan per SSM, shared by both bases
        out += [chunked_check(bk, name, n, basis, corrupt=corrupt, scan=scan) for basis in _BASES]
    return out
