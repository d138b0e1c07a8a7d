"""Benchmark: `verify modes` on dense random rational SSMs (p = d = 4) and a disguised Jordan-heavy SSM, next to
python-flint used directly (the anchor) in the same run.

Per case: the certificates as `verify modes` builds them (verify.cli.modes.certificates_for: appA.ssm,
appA.ssm.features, and the review certificates that apply), wall and CPU seconds of the build, and per certificate
its size, the kernel's wall and CPU seconds re-reading it from bytes, its work units (limits.WORK_BUDGET bounds each
certificate) and verdict; then the whole command's wall and CPU seconds and the largest file (bound 16 MiB). The
anchor is python-flint's characteristic polynomial, its factorization, the ranks of f(A)^s for every repeated factor
f (exact, until they stabilize) and the lags W(0..2m) of the same SSM. The first construction
(constructions/modes_reference.py) is timed up to --reference-limit states. The growth exponent a (time ~ m^a) is
fitted between consecutive dense sizes, for the command's CPU seconds and for the anchor's. The disguised case is
four Jordan blocks of size m/4 at 1/2, -2/3, 3/4, -5/4 conjugated by a unimodular P = U L (unit triangular with
entries in {-1, 0, 1}).

Run: python benchmarks/bench_modes.py [--sizes 16 32 64 128 256] [--jordan 64] [--reference-limit 12]; the load
average is printed with every row (timings on a shared machine: quote CPU seconds and the load).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

__all__ = ["measure", "reference_seconds", "anchor_seconds", "disguised_jordan", "main"]


@contextmanager
def _counted() -> object:
    """Patch the kernel's per-certificate budget so that the units each check uses are recorded."""
    import verify.kernel.check as check
    from verify.kernel.core import limits

    used: list[int] = []
    original = check.work_budget

    @contextmanager
    def budget(total: int | None = None) -> object:
        """The kernel's budget (the caller's allowance by default), with its units recorded when it is done."""
        with limits.work_budget(total) as b:
            yield b
        used.append(b.used)

    check.work_budget = budget
    try:
        yield used
    finally:
        check.work_budget = original


def _clock() -> tuple[float, float]:
    """(wall, CPU) seconds now."""
    return time.perf_counter(), time.process_time()


def _since(mark: tuple[float, float]) -> tuple[float, float]:
    """(wall, CPU) seconds since mark."""
    wall, cpu = _clock()
    return wall - mark[0], cpu - mark[1]


def measure(rows: dict) -> dict:
    """The certificates of `verify modes` and per certificate: bytes, kernel wall/CPU seconds, units, verdict."""
    from verify.certificate import certificate_bytes
    from verify.cli.modes import certificates_for
    from verify.kernel import check_bytes
    from verify.kernel.core.limits import OWN_CERTIFICATE_ALLOWANCE, work_allowance

    a, b, c = ([[str(Fraction(x)) for x in row] for row in rows[k]] for k in "ABC")  # lowest terms, as the CLI reads
    mark = _clock()
    certs, notes = certificates_for(a, b, c)
    blobs = [certificate_bytes(c) for c in certs]
    build = _since(mark)
    out = {"build": build, "files": [], "notes": notes}
    with _counted() as used, work_allowance(OWN_CERTIFICATE_ALLOWANCE):  # as `verify modes` re-checks its own
        for cert, blob in zip(certs, blobs):
            mark = _clock()
            result = check_bytes(blob, cert["claim"])
            wall, cpu = _since(mark)
            out["files"].append((cert["claim"], len(blob), wall, cpu, used[-1], result.valid))
    out["kernel"] = (sum(f[2] for f in out["files"]), sum(f[3] for f in out["files"]))
    out["total"] = (build[0] + out["kernel"][0], build[1] + out["kernel"][1])
    return out


def disguised_jordan(m: int = 64, blocks: int = 4, seed: int = 0) -> dict:
    """Four (blocks) Jordan blocks of size m / blocks at distinct rationals, conjugated by a unimodular P; p = d = 4."""
    from flint import fmpq, fmpq_mat

    rng = random.Random(seed)
    size, values = m // blocks, [fmpq(1, 2), fmpq(-2, 3), fmpq(3, 4), fmpq(-5, 4), fmpq(2), fmpq(1, 3)][:blocks]
    j = fmpq_mat(m, m)
    for k in range(m):
        j[k, k] = values[k // size]
        if (k + 1) % size:
            j[k, k + 1] = 1
    upper = fmpq_mat(m, m, [int(c == r) if c <= r else rng.randint(-1, 1) for c in range(m) for r in range(m)])
    lower = fmpq_mat(m, m, [int(c == r) if c >= r else rng.randint(-1, 1) for c in range(m) for r in range(m)])
    p = upper * lower  # det 1: P^-1 is an integer matrix
    a = p * j * p.inv()
    e = lambda: f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"  # noqa: E731
    return {
        "A": [[str(a[r, c]) for c in range(m)] for r in range(m)],
        "B": [[e() for _ in range(4)] for _ in range(m)],
        "C": [[e() for _ in range(m)] for _ in range(4)],
    }


def reference_seconds(rows: dict) -> float:
    """The first construction's closed forms (state and output over K with dual rows), in seconds."""
    from constructions import modes_reference
    from constructions.jordan import to_fraction_matrix

    a, b, c = (to_fraction_matrix(rows[k]) for k in "ABC")
    start = time.perf_counter()
    modes_reference.closed_forms(a, b, c)
    return time.perf_counter() - start


def anchor_seconds(rows: dict) -> tuple[float, float]:
    """python-flint: characteristic polynomial, factorization, exact ranks of f(A)^s for repeated factors f (until
    they stabilize) and the lags W(0..2m) of the same SSM; (wall, CPU) seconds."""
    from flint import fmpq_mat

    from constructions.jordan import to_fraction_matrix

    a, b, c = (to_fraction_matrix(rows[k]) for k in "ABC")
    n = a.nrows()
    mark = _clock()
    _, factors = a.charpoly().factor()
    for f, e in factors:
        if e >= 2:
            value = fmpq_mat(n, n)
            for coefficient in reversed(f.coeffs()):
                value = value * a + fmpq_mat(n, n, [coefficient * int(r == k) for r in range(n) for k in range(n)])
            power, rank = value, n
            while power.rank() != rank:
                rank, power = power.rank(), power * value
    state = b
    for _ in range(2 * n + 1):
        c * state
        state = a * state
    return _since(mark)


def _load() -> str:
    """The 1-minute load average of the machine."""
    return f"{os.getloadavg()[0]:.1f}"


def _rows(label: str, m: int, out: dict, anchor: tuple[float, float], ref: str) -> list[str]:
    """The table rows of one case: the command's totals, then one row per certificate."""
    (_, bc), (_, kc), (tw, tc) = out["build"], out["kernel"], out["total"]
    largest = max((f[1] for f in out["files"]), default=0)
    lines = [
        f"{label:8} {m:>4} {tw:7.2f} {tc:7.2f} {bc:7.2f} {kc:7.2f} {largest / 1e6:7.2f} {anchor[0]:7.3f} "
        f"{anchor[1]:7.3f} {tc / max(anchor[1], 1e-9):6.1f}x {ref:>8} {_load():>5}"
    ]
    for claim, size, _, cpu, units, valid in out["files"]:
        lines.append(f"{'':13} {claim:34} {size / 1e6:7.2f} MB {cpu:7.2f} s CPU {units:>11,} units  valid={valid}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the totals and per-certificate rows per case, then the growth exponents."""
    from bench_scale import dense

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[16, 32, 64, 128, 256])
    parser.add_argument("--jordan", type=int, nargs="*", default=[64], help="sizes of the disguised Jordan case")
    parser.add_argument("--reference-limit", type=int, default=12, help="largest m for the first construction")
    args = parser.parse_args(argv)
    print("verify modes (p = d = 4) next to python-flint used directly; seconds on this machine, CPU = process time")
    print(
        f"{'case':8} {'m':>4} {'wall s':>7} {'CPU s':>7} {'build':>7} {'kernel':>7} {'largest':>7} {'flint':>7} "
        f"{'flint':>7} {'ratio':>7} {'1st con':>8} {'load':>5}"
    )
    print(
        f"{'':13} {'(whole command)':15} {'CPU s':>7} {'CPU s':>7} {'file MB':>7} {'wall s':>7} {'CPU s':>7} "
        f"{'CPU/CPU':>7}"
    )
    cpu, anchors = {}, {}
    for m in args.sizes:
        rows = dense(m)
        out = measure(rows)
        anchor = anchor_seconds(rows)
        ref = f"{reference_seconds(rows):.2f}" if m <= args.reference_limit else "not run"
        cpu[m], anchors[m] = out["total"][1], anchor[1]
        print("\n".join(_rows("dense", m, out, anchor, ref)), flush=True)
        for note in out["notes"]:
            print(f"{'':13} note: {note[:150]}")
    for m in args.jordan:
        rows = disguised_jordan(m)
        out = measure(rows)
        print("\n".join(_rows("jordan", m, out, anchor_seconds(rows), "not run")), flush=True)
    sizes = sorted(cpu)
    for small, large in zip(sizes, sizes[1:]):
        scale = math.log(large / small)
        a_cmd = math.log(cpu[large] / cpu[small]) / scale
        a_anchor = math.log(max(anchors[large], 1e-6) / max(anchors[small], 1e-6)) / scale
        print(f"growth m = {small} -> {large}: verify modes CPU ~ m^{a_cmd:.1f}, flint anchor ~ m^{a_anchor:.1f}")
    print(json.dumps({"budget_units_per_certificate": _budget(), "file_limit_bytes": _file_limit()}))
    return 0


def _file_limit() -> int:
    """The kernel's bound on a certificate file."""
    from verify.kernel.core.limits import MAX_FILE_BYTES

    return MAX_FILE_BYTES


def _budget() -> int:
    """The kernel's work bound per certificate as `verify modes` re-checks its own (a plain `verify check`: 4 M)."""
    from verify.kernel.core.limits import OWN_CERTIFICATE_ALLOWANCE

    return OWN_CERTIFICATE_ALLOWANCE


if __name__ == "__main__":
    sys.exit(main())
