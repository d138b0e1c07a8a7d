"""Benchmark: `verify heads` on S4D, S5 and LRU checkpoints at real sizes, next to an uncertified numpy baseline.

    python benchmarks/bench_checkpoints.py            # all four models (about 6 minutes on 2 cores)
    python benchmarks/bench_checkpoints.py --quick    # small sizes, seconds

Each model is written as a torch-style state dict (.npz here, the same names) in its published naming, then
analysed layer by layer through the command's own code (read, discretize in ball arithmetic, float64 Gram with
a priori bounds, e_H enclosures in a certificate that the kernel re-checks, kind float_gram). The baseline
computes W(tau) by numpy's exp(tau log a) Vandermonde, G, numpy.linalg.eigvalsh and e_H in plain float64 (no
bounds); the smallest H must agree. Each model's line also gives the in-process kernel check's share and the time
of an independent re-check of its certificates from scratch (the kernel's memo emptied, as `verify check` does,
with the allowance the command gives its own certificates: `verify check --work-budget 100000000`; the S5/LRU
layers take about 6.6 million units (4.4 before the tail brackets) and S4D H = 1024 about 21 million (12), beyond
the default 4 million).
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from constructions.checkpoints import read_layer  # noqa: E402
from verify.checkpoint_heads import analyze_layer  # noqa: E402

TOLERANCE = Fraction(1, 100)


def s4d_arrays(H: int, N: int, prefix: str, rng: np.random.Generator) -> dict:
    """Minimal S4D names (models/s4/s4d.py), S4D-Lin initialization with random C and dt, float32."""
    log_dt = rng.uniform(math.log(1e-3), math.log(1e-1), H)
    C = rng.standard_normal((H, N // 2, 2)) * np.sqrt(0.5)
    log_A_real = np.log(0.5 * np.ones((H, N // 2))) + 0.1 * rng.standard_normal((H, N // 2))
    A_imag = np.pi * np.tile(np.arange(N // 2), (H, 1))
    out = {"kernel.log_dt": log_dt, "kernel.C": C, "kernel.log_A_real": log_A_real, "kernel.A_imag": A_imag}
    out["D"] = rng.standard_normal(H)
    return {prefix + k: v.astype(np.float32) for k, v in out.items()}


def s5_arrays(P: int, H: int, rng: np.random.Generator) -> dict:
    """S5 names (s5/ssm.py), random eigenvalues in the left half plane, float32."""
    return {
        k: v.astype(np.float32)
        for k, v in {
            "Lambda_re": -0.5 * np.ones(P) - 0.2 * rng.random(P),
            "Lambda_im": np.pi * np.arange(P) / 4 + rng.random(P),
            "B": rng.standard_normal((P, H, 2)) / np.sqrt(2 * H),
            "C": rng.standard_normal((H, P, 2)) / np.sqrt(2 * P),
            "D": rng.standard_normal(H),
            "log_step": rng.uniform(math.log(1e-3), math.log(1e-1), (P, 1)),
        }.items()
    }


def lru_arrays(N: int, H: int, rng: np.random.Generator) -> dict:
    """LRU names (paper, Appendix A), ring initialization r in [0.9, 0.999], float32."""
    r = np.sqrt(rng.random(N) * (0.999**2 - 0.9**2) + 0.9**2)
    return {
        k: v.astype(np.float32)
        for k, v in {
            "nu_log": np.log(-np.log(r)),
            "theta_log": np.log(rng.random(N) * np.pi / 10),
            "gamma_log": np.log(np.sqrt(1 - r**2)),
            "B_re": rng.standard_normal((N, H)) / np.sqrt(2 * H),
            "B_im": rng.standard_normal((N, H)) / np.sqrt(2 * H),
            "C_re": rng.standard_normal((H, N)) / np.sqrt(N),
            "C_im": rng.standard_normal((H, N)) / np.sqrt(N),
            "D": rng.standard_normal(H),
        }.items()
    }


def numpy_heads(path: Path, prefix: str, fmt: str, n: int) -> int:
    """Uncertified float64: Vandermonde exp(tau log a), G (or its 2P x 2P core), eigvalsh, smallest H."""
    with np.load(path) as archive:
        arrays = {k: archive[k] for k in archive.files}
    layer = read_layer(arrays, prefix, fmt, str(path))
    tau = np.arange(n)
    w = (n - tau).astype(float)
    if layer.depthwise:
        K = np.real(np.einsum("rj,rjt->rt", layer.C, np.exp(np.log(layer.a)[:, :, None] * tau)))
        lam = np.linalg.eigvalsh((K * w) @ K.T)
    else:
        Z = np.exp(np.log(layer.a)[:, None] * tau)  # (P, n)
        # vec W(tau) = Re(sum_j a_j^tau u_j): G = Re-part Gram, via the 2P real columns of U.
        U = np.einsum("pj,jd->pdj", layer.C, layer.B).reshape(-1, len(layer.a))
        Ur = np.concatenate([U.real, -U.imag], axis=1)
        Zr = np.concatenate([Z.real, Z.imag], axis=0)
        Y = (Zr * w) @ Zr.T
        Lg = np.linalg.cholesky(Ur.T @ Ur + 0 * np.eye(Ur.shape[1]))
        lam = np.linalg.eigvalsh(Lg.T @ Y @ Lg)
    lam = np.clip(np.sort(lam)[::-1], 0, None)
    e = 1 - np.cumsum(lam) / lam.sum()
    return int(np.argmax(e <= float(TOLERANCE)) + 1) if np.any(e <= float(TOLERANCE)) else len(lam)


def _cpu() -> float:
    """CPU seconds (user + sys) of this process and its finished children (the --jobs workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _fresh_recheck(results: list) -> float:
    """Seconds to re-check every layer's certificate from its bytes with the kernel's memo emptied (as verify check)."""
    from verify.kernel import check_certificate, load_json
    from verify.kernel.core import limits

    total = 0.0
    for result in results:
        for name, data in result.get("_files", []):
            if name.endswith(".json"):
                limits._shared.clear()
                start = time.perf_counter()
                with limits.work_allowance(limits.OWN_CERTIFICATE_ALLOWANCE):  # verify check --work-budget 1e8
                    checked = check_certificate(load_json(data, name), name)
                total += time.perf_counter() - start
                if not checked.valid:
                    print(f"  {name}: the independent re-check REJECTED it: {'; '.join(checked.errors)[:300]}")
    return total


def run(name: str, arrays: dict, fmt: str, n: int, jobs: int, goal: float) -> None:
    """Write the model, analyse every layer (timed), compare with numpy, print one line per layer."""
    from concurrent.futures import ProcessPoolExecutor

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.npz"
        np.savez(path, **arrays)
        prefixes = sorted({k.rsplit("kernel.", 1)[0] + "kernel." for k in arrays if "kernel." in k}) or [""]
        opts = {"disc": "zoh", "with_d": False, "n": n, "tolerance": TOLERANCE, "out": folder, "method": "float"}
        jobs_list = [(str(path), p, fmt, opts) for p in prefixes]
        start, cpu = time.perf_counter(), _cpu()
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                results = list(pool.map(analyze_layer, jobs_list))
        else:
            results = [analyze_layer(j) for j in jobs_list]
        elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
        recheck = _fresh_recheck(results)
        start, numpy_cpu = time.perf_counter(), _cpu()
        baseline = [numpy_heads(path, p, fmt, n) for p in prefixes]
        numpy_time, numpy_cpu = time.perf_counter() - start, _cpu() - numpy_cpu
    verdict = "within" if elapsed <= goal else "OVER"
    kernel = sum(r.get("kernel_seconds", 0.0) for r in results)
    load = os.getloadavg()[0]
    print(f"{name}: {elapsed:.1f} s certified and kernel-checked ({verdict} the {goal:.0f} s goal; {cpu:.1f} s CPU "
          f"(user + sys, workers included) at load {load:.1f}; the in-process check {kernel:.1f} s of it), numpy "
          f"baseline {numpy_time:.1f} s ({numpy_cpu:.1f} s CPU); an independent re-check of the certificates from "
          f"scratch (verify check --work-budget 1e8, one process): {recheck:.1f} s")  # fmt: skip
    for result, base in zip(results, baseline):
        if "error" in result:
            print(f"  {result['prefix'] or '(bare)'}: ERROR {result['error']}")
            continue
        lo, hi = result["heads"]
        agree = "agrees" if lo == hi == base else "DISAGREES"
        width, shown = result["max_relative_width_up_to_heads"], result["max_relative_width_shown"]
        print(f"  {result['prefix'] or '(bare)'}: smallest H {lo if lo == hi else f'{lo}-{hi}'} (numpy {base}, "
              f"{agree}); k in {result['k']}; max relative width up to H: {width:.2e}, at the printed H: "
              f"{shown:.2e}; every e_H to <= 1e-6 relative up to H = {result['relative_1e-6_up_to_H']} of "
              f"{len(result['table'])}, beyond e_H <= {result['absolute_bound_beyond'] or 0:.2g}")  # fmt: skip


def main() -> None:
    """Run the benchmark models (smaller with --quick)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=("s4d", "s5", "lru", "s4d6"))
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    scale = 8 if args.quick else 1
    n = 4096 // scale
    models = {
        "s4d": lambda: run(f"s4d-H{1024 // scale}", s4d_arrays(1024 // scale, 64, "", rng), "s4d", n, 1, 30),
        "s5": lambda: run(f"s5-P{256 // scale}", s5_arrays(256 // scale, 512 // scale, rng), "s5", n, 1, 30),
        "lru": lambda: run(f"lru-N{256 // scale}", lru_arrays(256 // scale, 512 // scale, rng), "lru", n, 1, 30),
        "s4d6": lambda: run(
            "s4d-6-layers",
            {k: v for i in range(6) for k, v in s4d_arrays(256 // scale, 64, f"layers.{i}.", rng).items()},
            "s4d",
            n,
            2,
            60,
        ),
    }
    for key, bench in models.items():
        if args.only in (None, key):
            bench()


if __name__ == "__main__":
    main()
