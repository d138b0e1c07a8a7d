"""Benchmark: Theorem 4.4 for the block-rotation SSM with m = 16, toolkit versus the naive SymPy way.

Naive way (run in a subprocess with a time limit): a SymPy Matrix of all n lags vec W(0..n-1), `.rank()`,
then solving for the coefficients c_{tau,h} of every lag in the basis of pivot lags.
Toolkit: minimal polynomial, basis lags, base coefficients (constructions/ssm.py), the certificate of
thm4.4.heads at length n, and the kernel re-check of its bytes (kernel/theories/ssm/kind_ssm.py), which proves (8)
for every tau by induction instead of materializing the n lags. A third column materializes the whole table
c_{tau,h}, tau < n, with the recurrence (what the paper's construction writes down), where it fits in time.

Run: python benchmarks/bench_heads.py [--sizes 64 256 1024 4096] [--timeout 120] [--table-limit 1024]
The naive way's time grows with n, so once it misses the limit at some n it is not run for larger n.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

__all__ = ["naive", "toolkit", "materialize", "main"]


def _instance() -> tuple:
    """(A, B, C) of the rot-m16 benchmark SSM as rows of exact strings."""
    from constructions.heads import INSTANCES

    inst = INSTANCES["rot-m16"]
    return inst.A, inst.B, inst.C


def _fingerprint(rows: list[list[str]]) -> str:
    """A short hash of a table of exact strings (to compare the two ways' coefficients)."""
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def naive(n: int) -> dict:
    """The naive SymPy way at length n: all lags, rank, and the coefficients of every lag."""
    import sympy

    A, B, C = (sympy.Matrix([[sympy.Rational(x) for x in row] for row in M]) for M in _instance())
    start = time.perf_counter()
    rows, state = [], B
    for _ in range(n):
        rows.append(list(C * state))
        state = A * state
    lags = sympy.Matrix(rows)
    k = lags.rank()
    _, pivots = lags.T.rref()
    basis = sympy.Matrix([rows[t] for t in pivots])
    solution, _ = basis.T.gauss_jordan_solve(lags.T)
    seconds = time.perf_counter() - start
    table = [[str(solution[h, tau]) for h in range(k)] for tau in range(min(n, 256))]
    return {"n": n, "k": k, "n_min": max(pivots) + 1, "seconds": seconds, "fingerprint256": _fingerprint(table)}


def toolkit(n: int) -> dict:
    """Construction, certificate, and kernel check at length n."""
    from constructions.ssm import interaction_basis, ssm_from_strings
    from verify.certificate import certificate_bytes
    from verify.claims.s4_heads import heads_certificate
    from verify.kernel import check_certificate, load_json

    start = time.perf_counter()
    ssm = ssm_from_strings(*_instance())
    basis = interaction_basis(ssm)
    data = certificate_bytes(heads_certificate(ssm, n, basis=basis))
    built = time.perf_counter()
    result = check_certificate(load_json(data, "bench"), "bench")
    done = time.perf_counter()
    assert result.valid, result.errors
    return {"n": n, "k": basis.k, "n_min": basis.n_min, "construct": built - start, "check": done - built,
            "seconds": done - start, "bytes": len(data)}  # fmt: skip


def materialize(n: int) -> dict:
    """The full table c_{tau,h}, tau < n, by the recurrence; its size in digits."""
    from constructions.exact import number
    from constructions.ssm import coefficients, interaction_basis, ssm_from_strings

    basis = interaction_basis(ssm_from_strings(*_instance()))
    start = time.perf_counter()
    table = list(coefficients(basis, n))
    seconds = time.perf_counter() - start
    head = [[number(x) for x in row] for row in table[:256]]
    digits = max(len(str(x)) for x in table[-1])
    return {"n": n, "seconds": seconds, "max_digits": digits, "fingerprint256": _fingerprint(head)}


def _run_naive(n: int, timeout: float) -> dict | None:
    """The naive way in a subprocess; None when it did not finish within the time limit."""
    try:
        out = subprocess.run([sys.executable, __file__, "--naive", str(n)], capture_output=True, text=True,
                             timeout=timeout, check=True)  # fmt: skip
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Print the side-by-side table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024, 4096])
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds allowed to the naive way per n")
    parser.add_argument("--table-limit", type=int, default=1024, help="largest n for the full coefficient table")
    parser.add_argument("--naive", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.naive is not None:
        print(json.dumps(naive(args.naive)))
        return 0
    print("Theorem 4.4, block-rotation SSM m = 16 (p = d = 4, k = 16); times in seconds")
    header = ["n", "naive SymPy", "toolkit (build + kernel)", "of which kernel", "cert bytes", "ratio",
              "full c-table", "c digits"]  # fmt: skip
    rows, gave_up = [header], None
    for n in sorted(args.sizes):
        mine = toolkit(n)
        other = _run_naive(n, args.timeout) if gave_up is None else None
        naive_text = f"{other['seconds']:.2f}" if other else f"did not finish in {args.timeout:.0f} s"
        if other is None and gave_up is not None:
            naive_text = f"not run (n = {gave_up} did not finish)"
        gave_up = gave_up if other is not None or gave_up is not None else n
        table = materialize(n) if n <= args.table_limit else None
        if other is not None and table is not None:
            assert (other["k"], other["n_min"]) == (mine["k"], mine["n_min"]), (other, mine)
            assert other["fingerprint256"] == table["fingerprint256"], "naive and recurrence coefficients differ"
        rows.append([
            str(n),
            naive_text,
            f"{mine['seconds']:.3f}",
            f"{mine['check']:.3f}",
            str(mine["bytes"]),
            f"{other['seconds'] / mine['seconds']:.0f}x" if other else "-",
            f"{table['seconds']:.2f}" if table else "-",
            str(table["max_digits"]) if table else "-",
        ])  # fmt: skip
    widths = [max(len(r[c]) for r in rows) for c in range(len(header))]
    for r in rows:
        print("  ".join(x.rjust(w) for x, w in zip(r, widths)))
    print("k and n_min agree between the two ways wherever the naive way finished; the naive coefficients of")
    print("lags < 256 equal the recurrence's exactly (compared by fingerprint).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
