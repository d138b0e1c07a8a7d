"""Benchmark of the numeric layer: the issue's figures, printed side by side with the naive SymPy way.

    python benchmarks/bench_numeric.py            # n = 10^6 (a few minutes on 2 cores, mostly the feature study)
    python benchmarks/bench_numeric.py --quick    # small sizes, seconds (used by the tests)

Prints: the SSM <-> k-head attention checks of num.thm4.4 and num.thm4.4.chunked (float64, m = 16) and the former
full-length one, with wall and CPU time, peak RSS, error, bound and error / (u ||W|| ||x||) (full-length only), each
basis in its own process, next to the anchor (a plain numpy chunked FFT scan
of the same SSM, benchmarks/bench_scale.py) and the load average; `--heads-only` prints only that table;
recurrence = convolution = FFT = scan; the Appendix A breakdown study (where the
paper's raw features overflow or lose half their bits) and its plot figures/numeric_features.png.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # bench_scale's plain numpy anchor

from numeric.backends import get_backend  # noqa: E402
from numeric.checks import forms_checks, heads_check  # noqa: E402
from numeric.chunked import chunked_check  # noqa: E402
from numeric.construction import builtin  # noqa: E402
from numeric.features import MODES, breakdown, overflow_index, plot, run, study  # noqa: E402
from numeric.heads_local import local_check  # noqa: E402

__all__ = ["main"]


def _sympy_recurrence_seconds(name: str, n: int) -> float:
    """The naive SymPy way: the exact recurrence with SymPy Rational matrices, seconds for n steps."""
    import numpy as np
    import sympy

    model = builtin(name)
    A, B, C = (
        sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) for v in r] for r in M])
        for M in (model.A, model.B, model.C)
    )
    x = np.random.default_rng(0).uniform(-1, 1, size=(n, B.shape[1]))
    h = sympy.zeros(A.shape[0], 1)
    start = time.perf_counter()
    for i in range(n):
        h = A * h + B * sympy.Matrix([sympy.Rational(*float(v).as_integer_ratio()) for v in x[i]])
        _ = C * h
    return time.perf_counter() - start


def _row(cells: list[str], first: int = 14) -> str:
    """One line of a plain table (the first column `first` characters wide, the others 14)."""
    return "  ".join([f"{cells[0]:<{first}}"] + [f"{c:<14}" for c in cells[1:]])


def _child(args: list[str]) -> dict:
    """Run this script with `args` in a fresh process: its JSON line, the process's wall and CPU time, the load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {**json.loads(out.stdout.strip().splitlines()[-1]), "process_wall": wall, "process_cpu": cpu,
            "load": os.getloadavg()[0]}  # fmt: skip


def _peak_mb() -> float:
    """This process's peak resident set size in MB (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _one(kind: str, n: int, device: str) -> dict:
    """One measured run in this process: a num.thm4.4 check (kind = basis) or the plain numpy anchor."""
    from numeric.checks import _inputs

    if kind == "anchor":
        from bench_scale import chunked_fft_scan

        A, B, C = builtin("random16").floats()
        x = _inputs(n, 4, 1)
        start, cpu = time.perf_counter(), time.process_time()
        chunked_fft_scan(A, B, C, x)
        return {"wall": time.perf_counter() - start, "cpu": time.process_time() - cpu, "rss_mb": _peak_mb()}
    bk = get_backend("numpy") if device == "cpu" else get_backend("torch", device)
    claim, _, basis = kind.rpartition(":")
    start, cpu = time.perf_counter(), time.process_time()
    check = {"num.thm4.4": local_check, "num.thm4.4.chunked": chunked_check, "full-length": heads_check}[claim]
    c = check(bk, "random16", n, basis)
    ratio = c.info.get("ratio", float("nan"))  # err / (u ||W|| ||x||), computed by the full-length check only
    return {"wall": time.perf_counter() - start, "cpu": time.process_time() - cpu, "error": c.error,
            "bound": float(c.bound), "passed": c.passed, "ratio": ratio, "rss_mb": _peak_mb()}  # fmt: skip


def heads_section(n: int, bases: tuple[str, ...], device: str = "cpu", skip_full: bool = False) -> None:
    """The checks of num.thm4.4 (head form chunk by chunk, each chunk's attention as the full-length form on it, vs
    chunked scan), num.thm4.4.chunked (heads combined in each chunk's frequency domain vs chunked scan) and, unless
    skip_full, the former num.thm4.4 (head form by full-length FFTs, "full-length"), each basis in its own process,
    next to the anchor: a plain numpy chunked FFT scan of the same SSM (benchmarks/bench_scale.py), also in its own
    process.
    """
    print(f"\n== Theorem 4.4: SSM (chunked scan) vs k-head attention form, float64, m = 16, p = d = 4, n = {n:,} ==")
    print("(each row one process; cpu s and peak RSS of that process, the anchor's in its own row; load = 1-min avg)")
    anchor = _child(["--one", "anchor", "--n", str(n)])
    print(
        _row(["run", "wall s", "cpu s", "peak MB", "x anchor cpu", "load", "max error", "bound", "pass", "ratio"], 24)
    )
    print(_row(["numpy anchor", f"{anchor['wall']:.2f}", f"{anchor['cpu']:.2f}", f"{anchor['rss_mb']:.0f}", "1.0",
                f"{anchor['load']:.1f}"], 24))  # fmt: skip
    claims = ("num.thm4.4", "num.thm4.4.chunked") + (() if skip_full else ("full-length",))
    for kind in (f"{claim}:{basis}" for claim in claims for basis in bases):
        c = _child(["--one", kind, "--n", str(n), "--device", device])
        cells = [kind, f"{c['wall']:.2f}", f"{c['cpu']:.2f}", f"{c['rss_mb']:.0f}",
                 f"{c['cpu'] / anchor['cpu']:.1f}", f"{c['load']:.1f}", f"{c['error']:.3e}", f"{c['bound']:.3e}",
                 str(c["passed"]), f"{c['ratio']:.2f}"]  # fmt: skip
        print(_row(cells, 24))


def naive_section(n_naive: int, n_float: int) -> None:
    """Exact SymPy recurrence against the float64 recurrence, per step."""
    import numpy as np

    from numeric import ssm as methods

    sec = _sympy_recurrence_seconds("random16", n_naive)
    A, B, C = builtin("random16").floats()
    x = np.random.default_rng(0).uniform(-1, 1, size=(n_float, 4))
    start = time.perf_counter()
    methods.recurrence(get_backend(), A, B, C, x)
    fsec = time.perf_counter() - start
    print("\n== The naive SymPy way (exact Rational recurrence, random m = 16 SSM) ==")
    print(_row(["method", "n", "seconds", "us per step"]))
    print(_row(["sympy exact", f"{n_naive}", f"{sec:.2f}", f"{1e6 * sec / n_naive:.0f}"]))
    print(_row(["float64 numpy", f"{n_float:,}", f"{fsec:.2f}", f"{1e6 * fsec / n_float:.2f}"]))
    print(
        f"(extrapolated: the exact way would need ~{sec / n_naive * 1e6 / 60:.0f} min for n = 10^6, and its "
        "rationals grow with n)"
    )


def forms_section(n: int, n_direct: int) -> None:
    """Recurrence = direct convolution = FFT = chunked scan."""
    print(f"\n== recurrence = causal convolution = FFT (zero-padded, N >= 2n) = chunked scan, n = {n:,} ==")
    print(_row(["ssm", "method", "seconds", "max error", "bound", "pass"]))
    for name in ("rotation", "random16", "slow"):
        for c in forms_checks(get_backend(), name, n, n_direct):
            print(
                _row(
                    [
                        name,
                        c.name.split(":")[0],
                        f"{c.seconds:.2f}",
                        f"{c.error:.3e}",
                        f"{float(c.bound):.3e}",
                        str(c.passed),
                    ]
                )
            )


def features_section(n: int, figure: Path | None) -> None:
    """Where the paper's raw features break, and the stable evaluation's accuracy."""
    print(f"\n== Appendix A features: paper (21) vs stable re-anchored chunks, reference in longdouble, n = {n:,} ==")
    start = time.perf_counter()
    runs = study(n=n)
    print(f"(study: {time.perf_counter() - start:.1f} s)")
    table = breakdown(runs)
    print(_row(["mode", "q", "raw breaks n", "raw NaN/Inf n", "N(lambda) kernel", "stable max rel", "stable ratio"]))
    for r in runs:
        first, nonfinite = table[(r.mode.label, r.q)]
        print(
            _row(
                [
                    r.mode.label,
                    str(r.q),
                    str(first),
                    str(nonfinite),
                    str(overflow_index(r.mode)),
                    f"{r.rel_stable:.2e}",
                    f"{r.stable_ratio:.2f}",
                ]
            )
        )
    if figure is not None:
        figure.parent.mkdir(parents=True, exist_ok=True)
        plot(runs, str(figure))
        print(f"plot: {figure}")
    r = run(MODES[2], 0, n)
    print(
        f"stable method at n = {n:,}, |lambda| ~ 0.999, q = 0: max error {r.err_stable:.3e}, "
        f"bound {float(r.bound('stable')):.3e}, err/(u ||W|| ||x||) = {r.stable_ratio:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark sections."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes (seconds)")
    parser.add_argument("--device", default="cpu", help="cpu or cuda (torch) for the heads check")
    parser.add_argument("--figure", type=Path, default=ROOT / "figures" / "numeric_features.png")
    parser.add_argument("--heads-only", action="store_true", help="only the Theorem 4.4 section (with its anchor)")
    parser.add_argument("--n", type=int, help="length of the Theorem 4.4 section (default 10^6, --quick 4096)")
    parser.add_argument("--skip-full", action="store_true", help="leave out the former full-length check")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # internal: one measured run in a child process
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(_one(args.one, args.n, args.device)))
        return 0
    if args.heads_only:
        n = args.n or (4096 if args.quick else 1_000_000)
        heads_section(n, ("modal", "lags"), args.device, args.skip_full)
        return 0
    if args.quick:
        heads_section(args.n or 4096, ("modal", "lags"), args.device)
        naive_section(50, 4096)
        forms_section(2048, 256)
        features_section(8192, None)
    else:
        heads_section(args.n or 1_000_000, ("modal", "lags"), args.device)
        naive_section(200, 1_000_000)
        forms_section(131072, 2048)
        features_section(1 << 20, args.figure)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
