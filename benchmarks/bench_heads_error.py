"""Benchmark: the certified error-versus-heads table at m = 64, p = d = 16, n = 4096, float32 weights.

Target (issue 17): the whole table, every enclosure of relative width <= 1e-6, in <= 60 s including the
kernel re-check. Models: the shipped examples (S4D-Lin, S4D-Inv, HiPPO-LegS) and a random stable dense A.
Columns: producer seconds (exact read, representation, witness, brackets, certificate), kernel seconds (the
re-check of the certificate's bytes from scratch), kernel work units (limits.charge; the budget the lead wires
in is limits.WORK_BUDGET), the widest relative enclosure, rank k, the smallest H with e_H <= 1%.

Baselines, side by side:
* float64 (numpy: G summed over n lags, eigvalsh): fast but uncertified; the column counts the entries of
  the table where its value falls outside the certified enclosure (rounding swamps the small tails).
* exact rationals, the naive certified way (G from exact powers W(tau), then the characteristic polynomial
  of the 256 x 256 rational G and rigorous root isolation, as kind lowrank_optimum does for the Experiment I
  teachers), run in a subprocess at growing n with a time limit; its time grows with n and it stops once
  it misses the limit.

Real sizes (issue 25, `--real`): `verify heads --ssm W --tolerance` through the command's own code on a random
dense A (m = 256, p = d = 64), an S4D-Lin diagonal A (m = 256, p = d = 64) and HiPPO-LegS (m = 64, p = d = 16, with
--method float and with the exact path), each in its own process (wall, CPU seconds and peak RSS), next to numpy
float64 (G summed over n lags and eigvalsh, uncertified) run in the same process.

Run: python benchmarks/bench_heads_error.py [--models s4d-lin s4d-inv hippo-legs dense] [--n 4096]
     [--naive-sizes 4 8 16] [--timeout 120]
     python benchmarks/bench_heads_error.py --real [--n 4096]
Timings on the shared 2-core machine are noisy; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

__all__ = ["models", "toolkit", "float64_table", "naive_exact", "real_models", "real_sizes", "main"]

WEIGHTS = ROOT / "examples" / "weights"


def models() -> dict:
    """name -> arrays {A, B, C} (float32 / complex64), all with m = 64 and p = d = 16."""
    from constructions.weights import read_arrays

    out = {}
    files = {"s4d-lin": "s4d-lin.safetensors", "s4d-inv": "s4d-inv.npz", "hippo-legs": "hippo-legs.npz"}
    for name, file in files.items():
        arrays, _ = read_arrays(WEIGHTS / file)
        if "A_re" in arrays:
            arrays = {k: arrays[f"{k}_re"] + 1j * arrays[f"{k}_im"] for k in "ABC"}
            arrays = {k: v.astype(np.complex64) for k, v in arrays.items()}
        out[name] = arrays
    rng = np.random.default_rng(17)
    A = rng.standard_normal((64, 64))
    A *= 0.97 / max(abs(np.linalg.eigvals(A)))
    out["dense"] = {
        "A": A.astype(np.float32),
        "B": rng.standard_normal((64, 16)).astype(np.float32),
        "C": (rng.standard_normal((16, 64)) / 8).astype(np.float32),
    }
    return out


def toolkit(arrays: dict, n: int) -> dict:
    """Producer, certificate bytes, and the kernel re-check, timed; with the kernel's work units."""
    from constructions.weights import exact_system
    from verify.certificate import certificate_bytes
    from verify.claims.exp_heads_error import error_certificate
    from verify.kernel import check_certificate, load_json
    from verify.kernel.core.limits import work_budget

    start = time.perf_counter()
    system = exact_system(arrays, "", "bench", "0" * 64)
    cert, table = error_certificate(system, n, Fraction(1, 100))
    data = certificate_bytes(cert)
    built = time.perf_counter()
    with work_budget(10**12) as budget:
        result = check_certificate(load_json(data, "bench"), "bench")
    done = time.perf_counter()
    assert result.valid, result.errors
    widths = [float((hi - lo) / lo) for lo, hi in table.bounds[:-1]]
    return {
        "form": system.form, "k": table.k, "heads": table.heads, "bits": table.bits, "bytes": len(data),
        "produce": built - start, "check": done - built, "total": done - start, "units": budget.used,
        "width": max(widths, default=0.0), "bounds": table.bounds,
    }  # fmt: skip


def float64_table(arrays: dict, n: int) -> tuple[list[float], float]:
    """e_H for H = 1..p*d in float64 (numpy), and its seconds: the fast uncertified way."""
    start = time.perf_counter()
    A, B, C = (np.asarray(arrays[k]).astype(np.complex128) for k in "ABC")
    diagonal = A.ndim == 1
    W, state = [], B.copy()
    for _ in range(n):
        W.append(np.real(C @ state).reshape(-1))
        state = A[:, None] * state if diagonal else A @ state
    W = np.array(W)
    G = (W * (n - np.arange(n))[:, None]).T @ W
    values = np.sort(np.linalg.eigvalsh(G))[::-1]
    tails = np.cumsum(values[::-1])[::-1] / values.sum()
    return [float(x) for x in tails[1:]], time.perf_counter() - start


def _naive_worker(name: str, n: int) -> None:
    """The naive exact way in a subprocess: exact G, characteristic polynomial, rigorous roots."""
    from flint import fmpq_mat

    from constructions.weights import exact_system
    from verify.kernel.core.numbers import parse_number
    from verify.kernel.theories.students.kind_lowrank import eigenvalues

    arrays = models()[name]
    system = exact_system(arrays, "", "bench", "0" * 64)
    start = time.perf_counter()
    if system.form == "dense":
        A = fmpq_mat([[parse_number(x, "a").re for x in row] for row in system.A])
        B = fmpq_mat([[parse_number(x, "b").re for x in row] for row in system.B])
        C = fmpq_mat([[parse_number(x, "c").re for x in row] for row in system.C])
        vecs, power = [], B
        for _ in range(n):
            vecs.append((C * power).entries())
            power = A * power
    else:
        raise SystemExit("the naive exact way is run for dense models only")
    side = len(vecs[0])
    W = fmpq_mat(n, side, [x for v in vecs for x in v])
    D = fmpq_mat(n, n, [(n - i) if i == j else 0 for i in range(n) for j in range(n)])
    G = W.transpose() * D * W
    eigenvalues(G, "naive")
    print(json.dumps({"seconds": time.perf_counter() - start}))


def naive_exact(name: str, n: int, timeout: float) -> float | None:
    """Seconds of the naive exact way at length n, or None when it misses the time limit."""
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.bench_heads_error import _naive_worker; "
    code += f"_naive_worker({name!r}, {n})"
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])["seconds"] if out.returncode == 0 else None


def real_models() -> dict:
    """name -> (arrays, --method): the issue-25 sizes."""
    rng = np.random.default_rng(17)
    m, p = 256, 64
    A = rng.standard_normal((m, m))
    A *= 0.97 / max(abs(np.linalg.eigvals(A)))
    dense = {"A": A, "B": rng.standard_normal((m, p)), "C": rng.standard_normal((p, m)) / 8}
    a_c = -0.5 + 1j * np.pi * np.arange(m)
    a = np.exp(np.exp(rng.uniform(np.log(1e-3), np.log(1e-1), m)) * a_c)
    b = ((a - 1) / a_c)[:, None] * (rng.standard_normal((m, p)) + 1j * rng.standard_normal((m, p))) / np.sqrt(2)
    c = (rng.standard_normal((p, m)) + 1j * rng.standard_normal((p, m))) / np.sqrt(2 * m)
    hippo = models()["hippo-legs"]
    return {
        "dense-256": ({k: v.astype(np.float32) for k, v in dense.items()}, "auto"),
        "s4d-lin-256": ({k: v.astype(np.complex64) for k, v in {"A": a, "B": b, "C": c}.items()}, "auto"),
        "hippo-legs-64 float": (hippo, "float"),
        "hippo-legs-64 exact": (hippo, "exact"),
    }


def _real_worker(name: str, n: int, which: str) -> None:
    """One measurement in this process: the command's analysis of one block, or the numpy float64 table."""
    import resource
    import tempfile

    arrays, method = real_models()[name]
    wall, cpu = time.perf_counter(), time.process_time()
    out = {}
    if which == "numpy":
        floats, _ = float64_table(arrays, n)
        out["heads"] = next((h for h, x in enumerate(floats, start=1) if x <= 0.01), len(floats) + 1)
    else:
        from verify.heads_error import analyze

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{name.split()[0]}.npz"
            np.savez(path, **arrays)
            summary = analyze(path, "", n, Fraction(1, 100), Path(folder), None, None, method)
        lows = [(Fraction(r["lower"]), Fraction(r["upper"])) for r in summary["table"]]
        widths = [float((hi - lo) / lo) for lo, hi in lows[: summary["heads"]] if lo > 0]
        out.update(heads=summary["heads"], width=max(widths, default=0.0), method=summary.get("method", "exact"))
    out.update(wall=time.perf_counter() - wall, cpu=time.process_time() - cpu)
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


def real_sizes(n: int, timeout: float) -> None:
    """Print the issue-25 rows: the command (certified) next to numpy float64, each in a fresh process."""
    print(f"load average at start: {os.getloadavg()[0]:.2f} (2 cores, shared); n = {n}, tolerance 0.01")
    print(
        "model                 method          H*  max rel width <= H*  wall s  CPU s  peak MB | numpy: H*  wall s  "
        "CPU s  peak MB  | CPU ratio"
    )
    for name in real_models():
        rows = []
        for which in ("toolkit", "numpy"):
            code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.bench_heads_error import "
            code += f"_real_worker; _real_worker({name!r}, {n}, {which!r})"
            try:
                run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
                rows.append(json.loads(run.stdout.strip().splitlines()[-1]) if run.returncode == 0 else None)
            except subprocess.TimeoutExpired:
                rows.append(None)
        mine, ref = rows
        if mine is None or ref is None:
            print(f"{name:<21} no answer within {timeout:.0f} s (or failed)")
            continue
        print(f"{name:<21} {mine['method']:<15} {mine['heads']:>3}  {mine['width']:>19.2e}  {mine['wall']:>6.1f}  "
              f"{mine['cpu']:>5.1f}  {mine['rss_mb']:>7.0f} | {ref['heads']:>9}  {ref['wall']:>6.1f}  "
              f"{ref['cpu']:>5.1f}  {ref['rss_mb']:>7.0f}  | {mine['cpu'] / ref['cpu']:>6.1f}x")  # fmt: skip
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


def main(argv: list[str] | None = None) -> None:
    """Print the table of figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", default=["s4d-lin", "s4d-inv", "hippo-legs", "dense"])
    parser.add_argument("--n", type=int, default=4096)
    parser.add_argument("--naive-sizes", type=int, nargs="*", default=[4, 8, 16])
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--real", action="store_true", help="the issue-25 sizes (m = 256, p = d = 64) instead")
    args = parser.parse_args(argv)
    if args.real:
        real_sizes(args.n, max(args.timeout, 600))
        return
    print(f"load average at start: {os.getloadavg()[0]:.2f} (2 cores, shared)")
    header = "model        form      k  H*(1%)  bits  produce s  kernel s  total s  kernel units  max rel width"
    print(header + "  float64 s  float64 outside")
    every = models()
    for name in args.models:
        arrays = every[name]
        mine = toolkit(arrays, args.n)
        floats, float_seconds = float64_table(arrays, args.n)
        outside = sum(1 for x, (lo, hi) in zip(floats, mine["bounds"]) if not float(lo) <= x <= float(hi))
        print(
            f"{name:<12} {mine['form']:<8} {mine['k']:>3}  {mine['heads']:>6}  {mine['bits']:>4}  "
            f"{mine['produce']:>9.2f}  {mine['check']:>8.2f}  {mine['total']:>7.2f}  {mine['units']:>12,}  "
            f"{mine['width']:>13.2e}  {float_seconds:>9.2f}  {outside:>3} of {mine['k']}"
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    for name in [m for m in args.models if m in ("hippo-legs", "dense")][:1]:
        for n in args.naive_sizes:
            seconds = naive_exact(name, n, args.timeout)
            shown = f"{seconds:.2f} s" if seconds is not None else f"over {args.timeout:.0f} s (stopped)"
            print(f"naive exact (exact G, charpoly, roots), {name}, n = {n}: {shown}")
            if seconds is None:
                break


if __name__ == "__main__":
    main()
