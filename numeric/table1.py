"""Table 1 measured: arithmetic cost, auxiliary memory and sequential depth against n for every row.

Cost and depth are measured by running each algorithm on `Tracked` arrays, which carry every entry's
depth in the computation graph (fan-in-2 arithmetic, unbounded parallelism: a sum of k terms is a
balanced tree of depth ceil(log2 k)) and count every scalar operation. Memory is measured with
tracemalloc around the plain numpy implementation: `weights` is the peak while the interaction weights
or states are materialized (the quantity of the paper's caption), `working` the peak of the whole
forward pass minus the output. Wall-clock times of numpy and torch (CPU) implementations are reported
for context. Exponents are least-squares slopes of log(measure) against log(n); a depth that grows like
log n is recognised by a straight line in log2(n). Measurements, not exact claims: nothing here enters
the kernel.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from numeric.table1_tracked import (
    Tracked,
    add,
    affine,
    cat,
    diag_affine,
    ew,
    fft,
    matmul,
    mul,
    scan,
    sum_pair,
    tsum,
)

# A numpy array or a torch tensor: the plain rows run the same code on either library (xp is numpy or torch).
Array = Any

__all__ = [
    "ROWS",
    "make_inputs",
    "tracked_row",
    "plain_row",
    "PAPER",
    "measure_row",
    "fit_exponent",
    "classify_depth",
    "run",
    "markdown",
    "summary_matrix_ops",
    "main",
]

D, P, R, S, K = 8, 8, 4, 4, 2  # token dim, output dim, feature dim r, state dim s, conv radius
PAPER = {  # Table 1 as printed: complexity, memory, depth
    "mlp": ("O(n)", "O(1)", "O(1)"),
    "cnn": ("O(n)", "O(1)", "O(1)"),
    "attention": ("O(n^2)", "O(n^2)", "O(1)"),
    "linear-attention": ("O(n)", "O(1)", "O(log n)"),
    "causal-linear-attention (scan)": ("O(n)", "O(1)", "O(log n)"),
    "causal-linear-attention (recurrent)": ("O(n)", "O(1)", "O(log n)"),
    "ssm (recurrence)": ("O(n)", "O(1)", "O(log n)"),
    "ssm (scan)": ("O(n)", "O(1)", "O(log n)"),
    "ssm (fft convolution)": ("O(n)", "O(1)", "O(log n)"),
    "selective-ssm (recurrence)": ("O(n)", "O(1)", "O(log n)"),
    "selective-ssm (scan)": ("O(n)", "O(1)", "O(log n)"),
}


# --- the rows: each takes the inputs and an arithmetic namespace (tracked or plain) --------------------------


def make_inputs(n: int, seed: int = 0) -> dict[str, np.ndarray]:
    """Random inputs and parameters of every row at length n (a stable A with spectral radius 0.9)."""
    rng = np.random.default_rng(seed)

    def g(*shape: int) -> np.ndarray:
        """A random matrix of the given shape, its entries scaled by 1/sqrt(its last dimension)."""
        return rng.standard_normal(shape) / math.sqrt(shape[-1])

    return {
        "X": rng.standard_normal((D, n)), "V": g(P, D), "WQ": g(R, D), "WK": g(R, D),
        "c": rng.standard_normal(2 * K + 1),
        "A": 0.9 * np.linalg.qr(rng.standard_normal((S, S)))[0], "B": g(S, D), "C": g(P, S),
        "WA": g(S, D), "WB": g(S, D), "WC": g(S, D),
    }  # fmt: skip


def tracked_row(name: str, n: int, inputs: dict | None = None) -> tuple[int, int, np.ndarray]:
    """(scalar operations, depth of the deepest output, output values) of one row at length n."""
    z = {k: Tracked(v) for k, v in (inputs or make_inputs(n)).items()}
    Tracked.ops = 0
    X, V = z["X"], z["V"]
    if name == "mlp":
        y = matmul(V, X)
    elif name == "cnn":
        U = matmul(V, X)
        padded = Tracked(np.pad(U.v, ((0, 0), (K, K))), np.pad(U.d, ((0, 0), (K, K))))
        terms = [mul(z["c"][K + k], padded[:, K - k : K - k + n])[None] for k in range(-K, K + 1)]
        y = tsum(cat(terms), 0)
    elif name == "attention":
        scores = matmul(matmul(z["WQ"], X).T, matmul(z["WK"], X))
        e = ew(np.exp, mul(1 / math.sqrt(R), scores))
        norm = tsum(e, 1)  # the softmax normalizer, summed once
        a = ew(np.divide, e, Tracked(norm.v[:, None], norm.d[:, None]))
        y = matmul(matmul(V, X), a.T)
    elif name.startswith("linear-attention") or name.startswith("causal"):
        phi = ew(np.exp, matmul(z["WQ"], X))  # positive features (r x n)
        psi = ew(np.exp, matmul(z["WK"], X))
        vx = matmul(V, X)  # p x n
        if name == "linear-attention":
            y = matmul(matmul(vx, psi.T), phi)  # V_val Psi^T Phi through S = Psi V_val^T
        else:
            outer = mul(psi.T[:, :, None], vx.T[:, None, :])  # n x r x p
            if name.endswith("(scan)"):
                (states,) = scan((outer,), sum_pair)
            else:
                steps = [outer[0]]
                for t in range(1, n):
                    steps.append(add(steps[-1], outer[t]))
                states = Tracked(np.stack([s.v for s in steps]), np.stack([s.d for s in steps]))
            y = matmul(phi.T[:, None, :], states)  # n x 1 x p
    elif name.startswith("ssm"):
        bx = matmul(z["B"], X).T[:, :, None]  # n x s x 1
        if name.endswith("(recurrence)"):
            h, outs = bx[0], []
            for t in range(n):
                h = bx[0] if t == 0 else add(matmul(z["A"], h), bx[t])
                outs.append(matmul(z["C"], h))
            y = Tracked(np.stack([o.v for o in outs]), np.stack([o.d for o in outs]))
        elif name.endswith("(scan)"):
            mats = Tracked(np.broadcast_to(z["A"].v, (n, S, S)).copy())
            _, h = scan((mats, bx), affine)
            y = matmul(z["C"], h)
        else:
            mats = Tracked(np.broadcast_to(z["A"].v, (n, S, S)).copy())
            (prefix,) = scan((mats,), lambda e, later: (matmul(later[0], e[0]),))  # A^1 .. A^n, depth O(log n)
            eye = Tracked(np.eye(S)[None])
            stack = cat([eye, prefix[: n - 1]])
            kern = matmul(matmul(z["C"], stack), z["B"])  # n x p x d: k_tau = C A^tau B
            N2 = 2 * n
            kp = Tracked(np.pad(kern.v, ((0, n), (0, 0), (0, 0))), np.pad(kern.d, ((0, n), (0, 0), (0, 0))))
            xp = Tracked(np.pad(X.v.T, ((0, n), (0, 0))), np.pad(X.d.T, ((0, n), (0, 0))))
            kf, xf = fft(kp, -1), fft(xp, -1)
            prod = tsum(mul(kf, Tracked(xf.v[:, None, :], xf.d[:, None, :])), 2)  # sum over d
            y = mul(1 / N2, fft(prod, 1))[:n]
    else:  # selective ssm: diagonal a_t = sigmoid(W_A x_t), b_t = W_B x_t, y_t = (W_C x_t)^T h_t
        a = ew(lambda u: 1 / (1 + np.exp(-u)), matmul(z["WA"], X)).T  # n x s
        b = matmul(z["WB"], X).T
        c = matmul(z["WC"], X).T
        if name.endswith("(recurrence)"):
            h, outs = b[0], []
            for t in range(n):
                h = b[0] if t == 0 else add(mul(a[t], h), b[t])
                outs.append(tsum(mul(c[t], h), 0))
            y = Tracked(np.stack([o.v for o in outs]), np.stack([o.d for o in outs]))
        else:
            _, h = scan((a, b), diag_affine)
            y = tsum(mul(c, h), 1)
    return Tracked.ops, int(y.d.max()), y.v


ROWS = list(PAPER)


def plain_row(name: str, inputs: dict, xp: ModuleType) -> tuple[Callable, Callable]:
    """(weights, forward) closures in numpy or torch: the tracked computations, except that scans use doubling.

    The plain scans are Hillis-Steele doubling (O(n log n) work, log n steps) where the tracked rows use the
    work-efficient scan (O(n) work); both keep O(n) prefix data, which is what the memory columns measure.
    """
    X, V = inputs["X"], inputs["V"]
    n = X.shape[1]
    exp = xp.exp
    copy = (lambda a: a.copy()) if xp is np else (lambda a: a.clone())  # noqa: E731

    def attention_weights():
        s = (xp.asarray(inputs["WQ"]) @ X).T @ (inputs["WK"] @ X) / math.sqrt(R)
        e = exp(s - s.max(axis=1, keepdims=True)) if xp is np else exp(s - s.amax(dim=1, keepdim=True))
        return e / e.sum(axis=1, keepdims=True) if xp is np else e / e.sum(dim=1, keepdim=True)

    def lin_state():
        return exp(inputs["WK"] @ X) @ (V @ X).T  # S: r x p

    def lin_prefix():
        outer = exp(inputs["WK"] @ X).T[:, :, None] * (V @ X).T[:, None, :]
        return xp.cumsum(outer, axis=0)  # n x r x p

    def ssm_scan_states():
        bx = (inputs["B"] @ X).T
        h = xp.zeros((n, S), dtype=bx.dtype) if xp is not np else np.zeros((n, S))
        prefix = (
            xp.stack([xp.asarray(inputs["A"])] * n) if xp is not np else np.broadcast_to(inputs["A"], (n, S, S)).copy()
        )
        h[:] = bx
        step = 1
        while step < n:  # Hillis-Steele doubling on (A, b) pairs, materializing all prefix maps
            h[step:] = (prefix[step:] @ h[:-step, :, None])[..., 0] + h[step:]
            prefix[step:] = prefix[step:] @ prefix[:-step]
            step *= 2
        return h

    def ssm_recurrent():
        h = xp.zeros(S, dtype=X.dtype) if xp is not np else np.zeros(S)
        out = xp.zeros((P, n), dtype=X.dtype) if xp is not np else np.zeros((P, n))
        for t in range(n):  # streaming: only the state h is kept
            h = inputs["A"] @ h + inputs["B"] @ X[:, t]
            out[:, t] = inputs["C"] @ h
        return out

    def ssm_fft_kernel():
        kern, power = [], xp.eye(S, dtype=X.dtype) if xp is not np else np.eye(S)
        for _ in range(n):
            kern.append(inputs["C"] @ power @ inputs["B"])
            power = inputs["A"] @ power
        kern = xp.stack(kern)  # n x p x d: k_tau = C A^tau B
        return kern, xp.fft.rfft(kern, n=2 * n, axis=0)

    def ssm_fft():
        _, kf = ssm_fft_kernel()
        xf = xp.fft.rfft(X.T, n=2 * n, axis=0)
        return xp.fft.irfft((kf * xf[:, None, :]).sum(axis=2), n=2 * n, axis=0)[:n]

    def selective_states():
        a = (1 / (1 + exp(-(inputs["WA"] @ X)))).T
        h, pa, step = copy((inputs["WB"] @ X).T), copy(a), 1
        while step < n:
            h[step:] = pa[step:] * h[:-step] + h[step:]
            pa[step:] = pa[step:] * pa[:-step]
            step *= 2
        return h, pa

    def selective(scan_mode: bool):
        if scan_mode:
            return ((inputs["WC"] @ X).T * selective_states()[0]).sum(axis=1)
        out = xp.zeros(n, dtype=X.dtype) if xp is not np else np.zeros(n)
        h = inputs["WB"] @ X[:, 0]
        for t in range(n):  # streaming: a_t, b_t, c_t computed at step t, only h is kept
            if t:
                h = (1 / (1 + exp(-(inputs["WA"] @ X[:, t])))) * h + inputs["WB"] @ X[:, t]
            out[t] = ((inputs["WC"] @ X[:, t]) * h).sum()
        return out

    table: dict[str, tuple[Callable, Callable]] = {
        "mlp": (lambda: None, lambda: V @ X),
        "cnn": (lambda: inputs["c"], lambda: sum(inputs["c"][K + k] * _shift(xp, V @ X, k) for k in range(-K, K + 1))),
        "attention": (attention_weights, lambda: (V @ X) @ attention_weights().T),
        "linear-attention": (lin_state, lambda: (exp(inputs["WQ"] @ X).T @ lin_state()).T),
        "causal-linear-attention (scan)": (lin_prefix, lambda: exp(inputs["WQ"] @ X).T[:, None, :] @ lin_prefix()),
        "causal-linear-attention (recurrent)": (lambda: None, lambda: _lin_recurrent(xp, inputs, exp)),
        "ssm (recurrence)": (lambda: None, ssm_recurrent),
        "ssm (scan)": (ssm_scan_states, lambda: inputs["C"] @ ssm_scan_states().T),
        "ssm (fft convolution)": (ssm_fft_kernel, ssm_fft),
        "selective-ssm (recurrence)": (lambda: None, lambda: selective(False)),
        "selective-ssm (scan)": (lambda: selective_states(), lambda: selective(True)),
    }
    return table[name]


def _shift(xp: ModuleType, u: Array, k: int) -> Array:
    """u shifted right by k columns with zero fill (u_{i-k})."""
    out = xp.zeros(u.shape, dtype=u.dtype) if xp is not np else np.zeros(u.shape)
    n = u.shape[1]
    if k >= 0:
        out[:, k:] = u[:, : n - k]
    else:
        out[:, : n + k] = u[:, -k:]
    return out


def _lin_recurrent(xp: ModuleType, inputs: dict, exp: Callable) -> Array:
    """Causal linear attention as an RNN: one r x p state updated in place."""
    X, V = inputs["X"], inputs["V"]
    n = X.shape[1]
    state = xp.zeros((R, P), dtype=X.dtype) if xp is not np else np.zeros((R, P))
    out = xp.zeros((n, P), dtype=X.dtype) if xp is not np else np.zeros((n, P))
    for t in range(n):  # streaming: features of token t computed at step t, only the state is kept
        x = X[:, t]
        state += exp(inputs["WK"] @ x)[:, None] * (V @ x)[None, :]
        out[t] = exp(inputs["WQ"] @ x) @ state
    return out


def summary_matrix_ops(n: int, r: int, p: int) -> int:
    """Scalar operations of S = sum_j psi(k_j) (V x_j)^T and y_i = phi(q_i)^T S for all i (features given)."""
    rng = np.random.default_rng(0)
    psi, phi, vx = (Tracked(rng.standard_normal(shape)) for shape in ((r, n), (r, n), (p, n)))
    Tracked.ops = 0
    summary = matmul(psi, vx.T)  # r x p
    matmul(phi.T, summary)  # n x p
    return Tracked.ops


def _nbytes(obj: object) -> int:
    """Bytes of the arrays in a result (an array, a tuple/list of arrays, or None)."""
    if obj is None:
        return 0
    if isinstance(obj, (tuple, list)):
        return sum(_nbytes(o) for o in obj)
    return int(np.asarray(obj).nbytes)


def _peak(fn: Callable) -> int:
    """Peak bytes traced by tracemalloc while fn runs (numpy reports its buffers to tracemalloc)."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    result = fn()
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    del result
    return peak


def _timed(fn: Callable, repeat: int = 3) -> float:
    """Best of `repeat` wall-clock runs after one warm-up run."""
    fn()
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def measure_row(name: str, sizes: list[int], time_sizes: list[int], torch_too: bool = True) -> dict:
    """Ops, depth, kept weight bytes and working bytes at `sizes`; numpy and torch seconds at `time_sizes`."""
    out: dict[str, list] = {k: [] for k in ("ops", "depth", "weights_bytes", "working_bytes", "numpy_s", "torch_s")}
    for n in sizes:
        ops, depth, _ = tracked_row(name, n)
        weights, forward = plain_row(name, make_inputs(n), np)
        output_bytes = _nbytes(forward())
        out["ops"].append(ops)
        out["depth"].append(depth)
        out["weights_bytes"].append(_nbytes(weights()))
        out["working_bytes"].append(max(_peak(forward) - output_bytes, 0))
    for n in time_sizes:
        inputs = make_inputs(n)
        out["numpy_s"].append(_timed(plain_row(name, inputs, np)[1]))
        if torch_too:
            import torch

            tin = {k: torch.as_tensor(v) for k, v in inputs.items()}
            out["torch_s"].append(_timed(plain_row(name, tin, torch)[1]))
    return out


def fit_exponent(sizes: list[int], values: Sequence[float]) -> float | None:
    """Least-squares slope of log(value) on log(n); None when a value is 0 (nothing allocated) or not finite."""
    if any((not math.isfinite(v)) or v <= 0 for v in values):
        return None
    return float(np.polyfit(np.log(sizes), np.log(values), 1)[0])


def classify_depth(sizes: list[int], depths: list[int]) -> str:
    """O(1) when constant; else O(log n) or O(n^k), whichever of the two least-squares fits leaves less residual."""
    if len(set(depths)) == 1:
        return "O(1)"
    y, logs = np.asarray(depths, dtype=float), np.log2(sizes)
    line = np.polyfit(logs, y, 1)
    slope = fit_exponent(sizes, depths)
    power = np.polyfit(np.log(sizes), np.log(y), 1) if slope is not None else None
    log_residual = float(np.sum((y - np.polyval(line, logs)) ** 2))
    power_residual = math.inf if power is None else float(np.sum((y - np.exp(np.polyval(power, np.log(sizes)))) ** 2))
    if log_residual <= power_residual:
        return f"O(log n) ({line[0]:.1f} per doubling)"
    return f"O(n^{slope:.2f})"


def _power(sizes: list[int], values: list[float]) -> str:
    e = fit_exponent(sizes, values)
    if e is None:
        return "0 (none)" if all(v == 0 for v in values) else "n/a"
    return f"n^{e:.2f}"


def run(sizes: list[int], time_sizes: list[int], torch_too: bool = True, rows: list[str] | None = None) -> dict:
    """Measure every row (or the named ones) and fit the exponents."""
    dims = {"d": D, "p": P, "r": R, "s": S, "conv_radius": K}
    measured: dict[str, dict] = {}
    result = {"sizes": sizes, "time_sizes": time_sizes, "dims": dims, "rows": measured}
    for name in rows or ROWS:
        m = measure_row(name, sizes, time_sizes, torch_too)
        m["fit"] = {
            "ops": _power(sizes, m["ops"]),
            "depth": classify_depth(sizes, m["depth"]),
            "weights_bytes": _power(sizes, m["weights_bytes"]),
            "working_bytes": _power(sizes, m["working_bytes"]),
            "numpy_s": _power(time_sizes, m["numpy_s"]),
            "torch_s": _power(time_sizes, m["torch_s"]) if m["torch_s"] else "not run",
        }
        m["paper"] = dict(zip(("complexity", "memory", "depth"), PAPER[name]))
        measured[name] = m
    return result


def markdown(result: dict) -> str:
    """The measured table beside the paper's entries."""
    head = (
        "| row | paper cost | measured ops | paper memory | weight memory | working memory "
        "| paper depth | measured depth | numpy time | torch time |"
    )
    lines = [head, "|" + "---|" * 10]
    for name, m in result["rows"].items():
        f, p = m["fit"], m["paper"]
        lines.append(
            f"| {name} | {p['complexity']} | {f['ops']} | {p['memory']} | {f['weights_bytes']} | {f['working_bytes']} "
            f"| {p['depth']} | {f['depth']} | {f['numpy_s']} | {f['torch_s']} |"
        )
    lines.append(
        f"\nops, depth, memory at n = {result['sizes']}; times at n = {result['time_sizes']}; dims {result['dims']}; "
        "exponents are least-squares slopes on log-log data; '0 (none)' means nothing of size depending on n is kept."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line: python -m numeric.table1 [--sizes 64 128 ...] [--json FILE] [--markdown FILE] [--no-torch]."""
    parser = argparse.ArgumentParser(prog="python -m numeric.table1", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[32, 64, 128, 256])
    parser.add_argument("--time-sizes", type=int, nargs="+", default=[256, 512, 1024, 2048])
    parser.add_argument("--rows", nargs="+", choices=ROWS, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write the measurements as JSON")
    parser.add_argument("--markdown", type=Path, default=None, help="write the table as Markdown")
    parser.add_argument("--no-torch", action="store_true", help="skip the torch timings")
    args = parser.parse_args(argv)
    for flag, values in (("--sizes", args.sizes), ("--time-sizes", args.time_sizes)):
        if len(values) < 2 or any(n < 2 or n & (n - 1) for n in values):
            print(f"error: {flag}: expected at least two powers of two >= 2, found {values}", file=sys.stderr)
            return 2
    from verify.certificate import write_atomic

    result = run(sorted(args.sizes), sorted(args.time_sizes), not args.no_torch, args.rows)
    base = summary_matrix_ops(256, 4, 4)
    result["summary_matrix_ops"] = {f"n=256,r=4,p={p}": summary_matrix_ops(256, 4, p) for p in (4, 8, 16, 32)}
    table = markdown(result) + (
        f"\n\nSummary matrix S (Section 3.1.2, 'cost O(nr + rp)'): ops at n = 256, r = 4: "
        f"{result['summary_matrix_ops']} (p = 4 gives {base}); the count doubles with p, i.e. it is Theta(n r p)."
    )
    if args.json:
        write_atomic(args.json, (json.dumps(result, indent=1, sort_keys=True) + "\n").encode())
    if args.markdown:
        write_atomic(args.markdown, (table + "\n").encode())
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
