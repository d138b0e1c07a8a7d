"""The float64 path of `verify heads --ssm WEIGHTS --tolerance` for A, B, C weight files at real sizes.

A block beyond the exact kernel path's sizes (or any block with `--method float`) gets e_H enclosures from
float64 with a-priori error bounds, in a certificate of claim exp.fig3.optimum.ssm.float that the kernel
re-checks (kind float_gram: form "mimo" for a diagonal A, form "dense" for a real dense A; the argument is in
docs/trusted-base.md). Before any work the memory the computation needs is estimated from the sizes, and a block
over MEMORY_LIMIT is refused at once (exit 2), naming its sizes and the limit.
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from constructions.weights import BadWeights, float_system
from verify import heads_output
from verify.outputs import check_own

__all__ = ["MEMORY_LIMIT", "EXACT_DENSE", "EXACT_DIAGONAL", "EXACT_OUTPUTS", "choose_method", "estimate_bytes"]

# A command never grows past this: the float path's arrays are estimated from the sizes first (issue 25's goal
# for dense m = 256, p = d = 64, n = 4096 is 2 GB; the estimate there is about 0.6 GB, measured 0.42 GB peak).
MEMORY_LIMIT = 2 * 10**9
# --method auto: the exact kernel path up to these sizes (seconds there; a dense m = 64 is already 10 s, and the
# exact path's memory and time grow steeply beyond), the float path above them
EXACT_DENSE, EXACT_DIAGONAL, EXACT_OUTPUTS = 64, 256, 1024
RELATIVE_WIDTH = Fraction(1, 10**6)  # the width the exact path asks of every enclosure; reported for the float one


def choose_method(form: str, m: int, p: int, d: int, asked: str) -> str:
    """'exact' or 'float' for a block: as asked, or (auto) exact while the sizes are small."""
    if asked != "auto":
        return asked
    small = m <= (EXACT_DENSE if form == "dense" else EXACT_DIAGONAL) and p * d <= EXACT_OUTPUTS
    return "exact" if small else "float"


def _float_form(form: str, A: np.ndarray, B: np.ndarray, C: np.ndarray) -> tuple[str, str, dict]:
    """(form, method, arrays) of kind float_gram: dense, or mimo (diagonal A) with rows or core."""
    m, p, d = A.shape[0], C.shape[0], B.shape[1]
    if form == "dense":
        return "dense", ("rows" if p * d <= m + 8 else "core"), {"A": A, "B": B, "C": C}
    arrays = {"a": A.astype(complex), "B": B.astype(complex), "C": C.astype(complex)}
    return "mimo", ("rows" if p * d <= 2 * m else "core"), arrays


def estimate_bytes(form: str, method: str, m: int, p: int, d: int, n: int) -> int:
    """An upper estimate of the float arrays alive at once (builder and kernel share one process)."""
    R = p * d
    if form == "dense":
        side = min(m + 8, R, n) if method == "core" else R
        rows = 8 * R * n * 3  # F~ (and its blocked copy), the output
        core = 8 * (3 * side * n + 3 * R * side + 2 * R * 512 + n * side) if method == "core" else 0
        return rows + core + 8 * (3 * side * side + 8 * m * m + 64 * (m + p) * m) + 8 * 3 * R * R * (method == "rows")
    side = 2 * m if method == "core" else R
    powers = 16 * 2 * side * 64 * max(1, m if method == "rows" else 1) + 16 * 2 * side * (n // 64 + 1)
    return powers + 8 * (4 * side * n + 3 * side * side) + 16 * 6 * m * m


def analyze_float(path: Path, prefix: str, n: int, tolerance: Fraction, out: Path, named: dict, sha: str) -> dict:
    """Certify one A, B, C block with kind float_gram; the summary (as verify/heads_error.analyze gives)."""
    from verify.certificate import certificate_bytes
    from verify.checkpoint_plots import layer_png
    from verify.claims.exp_heads_float import float_certificate
    from verify.kernel.core.errors import KernelError
    from verify.kernel.core.limits import WorkExceeded

    system_form, A, B, C, names = float_system(named, prefix, str(path))
    form, method, arrays = _float_form(system_form, A, B, C)
    m, p, d = A.shape[0], C.shape[0], B.shape[1]
    need = estimate_bytes(form, method, m, p, d, n)
    if need > MEMORY_LIMIT:
        raise BadWeights(
            f"{path}{' [' + prefix + ']' if prefix else ''}: m = {m}, p d = {p * d}, n = {n} need about "
            f"{need / 1e9:.2g} GB; the limit is {MEMORY_LIMIT / 1e9:.2g} GB (give a smaller --n)"
        )
    source = {"file": path.name, "sha256": sha, "prefix": prefix, "format": "abc", "arrays": names}
    source["dtypes"] = {k: str(np.asarray(named[k]).dtype) for v in names.values() for k in v}
    try:
        cert, bounds, heads = float_certificate(form, method, arrays, source, n, tolerance)
    except (KernelError, WorkExceeded) as err:
        raise ValueError(f"the kernel cannot certify this block (kind float_gram): {err}") from None
    data = certificate_bytes(cert)
    stem = heads_output.stem(path, prefix, n)
    cert_path = out / f"{stem}.json"
    start = time.perf_counter()
    result = check_own(data, cert_path)
    if not result.valid:
        raise ValueError("the kernel rejected the float certificate: " + "; ".join(result.errors))
    positive = sum(1 for lo, _ in bounds if lo > 0)
    wide = [h for h, (lo, hi) in enumerate(bounds, start=1) if lo > 0 and hi - lo > RELATIVE_WIDTH * lo]
    summary = {
        "ssm": str(path),
        "prefix": prefix,
        "sha256": sha,
        "arrays": names,
        "form": system_form,
        "m": m,
        "p": p,
        "d": d,
        "n": n,
        "k": len(bounds),
        "k_range": [min(positive + 1, len(bounds)), len(bounds)],
        "tolerance": str(tolerance),
        "heads": heads[1],
        "heads_range": list(heads),
        "table": [
            {"H": h, "lower": str(lo), "upper": str(hi), "value": float((lo + hi) / 2)}
            for h, (lo, hi) in enumerate(bounds, start=1)
        ],
        "method": f"float ({form}, {method})",
        "wider_than_1e-6": wide,
        "kernel_seconds": round(time.perf_counter() - start, 3),
        "claim": cert["claim"],
        "certificate": str(cert_path),
        "kernel": "valid",
        "error": None,
    }
    plot_path = out / f"{stem}.png"
    plot_summary = {"method": "float", "k": summary["k_range"], "heads": list(heads), "tolerance": str(tolerance)}
    title = f"{path.name} {prefix + ' ' if prefix else ''}(m = {m}, p = {p}, d = {d}, n = {n}, float64 bounds)"
    summary["plot"] = str(plot_path)
    summary["_files"] = [(cert_path, data), (plot_path, layer_png(plot_summary, bounds, title))]
    return summary


def check_against(args: argparse.Namespace, params: dict) -> tuple[str | None, str]:
    """--check of a float certificate of an A, B, C file: (problem or None, message): same sha256, same arrays."""
    from constructions.weights import read_arrays
    from verify.claims.exp_heads_float import encode

    path = Path(args.ssm)
    source = params["source"]
    prefix = (args.prefix or [source.get("prefix", "")])[0]
    named, sha = read_arrays(path)
    form, A, B, C, _ = float_system(named, prefix, str(path))
    stored_form, _, arrays = _float_form(form, A, B, C)
    problems = [] if sha == source.get("sha256") else [f"sha256 {sha[:16]}... differs from the certificate's"]
    stored = params.get("arrays", {})
    if params.get("form") != stored_form or sorted(stored) != sorted(arrays):
        problems.append(f"the block is form {stored_form}, the certificate's is {params.get('form')}")
    for name, values in arrays.items():
        fresh = encode(values, stored_form != "dense" and name != "D")
        if not isinstance(stored.get(name), dict) or stored[name].get("sha256") != fresh["sha256"]:
            problems.append(f"array {name} differs from the certificate's")
    if problems:
        return f"{args.check} was not made from {path}: {'; '.join(problems)}", ""
    return None, f"ok: {args.check} is valid (kind float_gram, form {stored_form}) and was made from {path}"
