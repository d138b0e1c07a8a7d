"""Benchmark: `verify modes` on dense random rational SSMs (p = d = 4) next to the first construction and python-flint.

Per state dimension m: the analysis (Jordan chains, closed forms of W, eq. 20 coordinates), the certificates, and
for each certificate its size, kernel seconds and kernel work units (limits.WORK_BUDGET is the per-certificate
bound), then the total as `verify modes` runs it; the baseline is the first construction (power-basis closed
forms over K with explicit dual rows, constructions/modes_reference.py: its state closed form and output, which the
old certificates wrote out) timed up to --reference-limit states; the anchor is python-flint's characteristic
polynomial, its factorization and the lags W(0..2m) of the same SSM.

Run: python benchmarks/bench_modes.py [--sizes 16 32 64] [--reference-limit 12]; timings depend on the load of the
machine (say so when quoting them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

__all__ = ["measure", "reference_seconds", "anchor_seconds", "main"]


@contextmanager
def _counted() -> object:
    """Patch the kernel's per-certificate budget so that the units each check uses are recorded."""
    import verify.kernel.check as check
    from verify.kernel.core import limits

    used: list[int] = []
    original = check.work_budget

    @contextmanager
    def budget(total: int = limits.WORK_BUDGET) -> object:
        """The kernel's budget, with its units recorded when the certificate is done."""
        with limits.work_budget(total) as b:
            yield b
        used.append(b.used)

    check.work_budget = budget
    try:
        yield used
    finally:
        check.work_budget = original


def measure(rows: dict) -> dict:
    """Analysis, certificates, and per certificate: bytes, kernel seconds, kernel units, verdict."""
    from verify.certificate import certificate_bytes
    from verify.claims.sA_singular import block_certificate
    from verify.claims.sA_user import features_certificate, modes_certificate, user_data
    from verify.kernel import check_certificate, load_json

    start = time.perf_counter()
    data = user_data(rows["A"], rows["B"], rows["C"])
    analysis = time.perf_counter() - start
    certs = [modes_certificate(rows["A"], rows["B"], rows["C"], data)]
    if not data["modes"].start:
        certs.append(features_certificate(rows["A"], rows["B"], rows["C"], data))
    try:
        certs.append(block_certificate(rows["A"], rows["B"], rows["C"]))
    except ValueError:
        pass
    blobs = [certificate_bytes(c) for c in certs]
    built = time.perf_counter() - start
    out = {"analysis": analysis, "certificates": built - analysis, "files": []}
    with _counted() as used:
        for cert, blob in zip(certs, blobs):
            t = time.perf_counter()
            result = check_certificate(load_json(blob, cert["claim"]), cert["claim"])
            seconds = time.perf_counter() - t
            out["files"].append((cert["claim"], len(blob), seconds, used[-1], result.valid))
    out["total"] = built + sum(f[2] for f in out["files"])
    return out


def reference_seconds(rows: dict) -> float:
    """The first construction's closed forms (state and output over K with dual rows), in seconds."""
    from constructions import modes_reference
    from constructions.jordan import to_fraction_matrix

    a, b, c = (to_fraction_matrix(rows[k]) for k in "ABC")
    start = time.perf_counter()
    modes_reference.closed_forms(a, b, c)
    return time.perf_counter() - start


def anchor_seconds(rows: dict) -> float:
    """python-flint: characteristic polynomial, its factorization and the lags W(0..2m) of the same SSM."""
    from constructions.jordan import to_fraction_matrix

    a, b, c = (to_fraction_matrix(rows[k]) for k in "ABC")
    start = time.perf_counter()
    a.charpoly().factor()
    state = b
    for _ in range(2 * a.nrows() + 1):
        c * state
        state = a * state
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Print one table row per certificate and size."""
    from bench_scale import dense

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 32, 64])
    parser.add_argument("--reference-limit", type=int, default=12, help="largest m for the first construction")
    args = parser.parse_args(argv)
    header = f"{'m':>3} {'analysis':>8} {'certs':>6} {'claim':18} {'MB':>6} {'kernel s':>8} {'units':>10} valid"
    print("verify modes, dense random rational SSM, p = d = 4 (seconds on this machine; shared load)")
    print(header + f"  {'total s':>7} {'first construction s':>20} {'flint s':>7}")
    for m in args.sizes:
        rows = dense(m)
        out = measure(rows)
        ref = f"{reference_seconds(rows):.2f}" if m <= args.reference_limit else "not run"
        for k, (claim, size, seconds, units, valid) in enumerate(out["files"]):
            lead = f"{m:>3} {out['analysis']:8.2f} {out['certificates']:6.2f}" if k == 0 else " " * 19
            line = f"{lead} {claim:18} {size / 1e6:6.2f} {seconds:8.2f} {units:10,} {valid}"
            if k == 0:
                line += f"  {out['total']:7.2f} {ref:>20} {anchor_seconds(rows):7.3f}"
            print(line, flush=True)
    print(json.dumps({"budget_units_per_certificate": _budget()}))
    return 0


def _budget() -> int:
    """The kernel's work bound per certificate."""
    from verify.kernel.core.limits import WORK_BUDGET

    return WORK_BUDGET


if __name__ == "__main__":
    sys.exit(main())
