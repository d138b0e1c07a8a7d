"""Benchmark: `verify heads` and `verify modes` at real state sizes next to python-flint, and num.thm4.4 at scale.

Exact table (one row per SSM, p = d = 4): dense random rational (entries a/b, |a| <= 9, 1 <= b <= 9) for m in
--sizes, diagonal complex A with Gaussian-rational eigenvalues (S4D-like) for the same m, and float32 weights
converted exactly to dyadic rationals (m = 64). Columns: build (interaction basis), certificate, kernel (re-check of
its bytes as `verify heads` does it, and its share of the build: read + basis + certificate), block form (real
1x1/2x2 form, its certificate and kernel check, or why not), total (the four, as
`verify heads` runs them), the CLI wall time of `python -m verify heads` (process start included), modes (`verify
modes`: analysis, certificates and kernel checks in seconds, and the certificates' total size, up to --modes-limit
states; benchmarks/bench_modes.py has the details), size (the heads certificate), and the python-flint anchor:
fmpq_mat minimal polynomial + the lags W(0..m-1) + rref of the lag matrix of the same SSM (of its real form for a
complex SSM), with total / anchor.
Numeric table: the checks of num.thm4.4 (head form chunk by chunk vs chunked scan), num.thm4.4.chunked (head form in
chunks of 256, heads combined per chunk, vs chunked scan) and the former full-length FFT check, both bases, random16
SSM, at n in --lengths, next to a plain numpy chunked FFT scan of the same SSM (chunks of 256, intra-chunk FFT
convolution, carried states).

Read, build, cert and kernel are the least CPU seconds of --repeat runs (each kernel run a first check: its memo is
emptied); the CLI, block form and anchor run once.

Run: python benchmarks/bench_scale.py [--sizes 16 32 64 128 256] [--lengths 100000 1000000 10000000]
     [--modes-limit 64] [--skip-cli] [--repeat 3] [--anchor-limit 512]; timings depend on the load of the machine
     (say so when quoting them).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

__all__ = ["dense", "s4d", "float32", "anchor", "exact_row", "numeric_rows", "chunked_fft_scan", "main"]


def dense(m: int, seed: int = 0) -> dict:
    """A dense random rational SSM: entries a/b with |a| <= 9, 1 <= b <= 9; p = d = 4."""
    rng = random.Random(seed)
    e = lambda: f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"  # noqa: E731
    return {"A": [[e() for _ in range(m)] for _ in range(m)], "B": [[e() for _ in range(4)] for _ in range(m)],
            "C": [[e() for _ in range(m)] for _ in range(4)]}  # fmt: skip


def s4d(m: int, seed: int = 0) -> dict:
    """S4D-like: diagonal A with eigenvalues -r/16 + (j+1)/8 i (Gaussian rationals), Gaussian-rational B, C."""
    rng = random.Random(seed)
    z = lambda: f"{rng.randint(-4, 4)}/{rng.randint(1, 4)}{rng.choice('+-')}{rng.randint(0, 4)}/{rng.randint(1, 4)}*i"  # noqa: E731
    A = [["0"] * m for _ in range(m)]
    for j in range(m):
        A[j][j] = f"-{rng.randint(1, 8)}/16+{j + 1}/8*i"
    return {"A": A, "B": [[z() for _ in range(4)] for _ in range(m)], "C": [[z() for _ in range(m)] for _ in range(4)]}


def float32(m: int, seed: int = 0) -> dict:
    """float32 weights (A ~ N(0, 1/m), B, C ~ N(0, 1)) converted exactly to dyadic rationals."""
    g = np.random.default_rng(seed)
    q = lambda r, c, s: [
        [str(Fraction(float(x))) for x in row] for row in (g.standard_normal((r, c)) * s).astype(np.float32)
    ]  # noqa: E731
    return {"A": q(m, m, 1 / np.sqrt(m)), "B": q(m, 4, 1.0), "C": q(4, m, 1.0)}


def _realified(rows: list[list[str]]) -> list[list[Fraction]]:
    """[[Re, -Im], [Im, Re]] of a matrix of exact strings (the real form of a complex matrix)."""
    from constructions.ssm import parse_exact

    parts = [[parse_exact(x) for x in r] for r in rows]
    re = [[Fraction(str(v.x if hasattr(v, "y") else v)) for v in r] for r in parts]
    im = [[Fraction(str(v.y)) if hasattr(v, "y") else Fraction(0) for v in r] for r in parts]
    return [a + [-x for x in b] for a, b in zip(re, im)] + [b + a for a, b in zip(re, im)]


def anchor(rows: dict) -> float:
    """python-flint on the same matrices: minimal polynomial, lags W(0..m-1), rref of the lag matrix.

    A complex SSM is given to flint in its real form (2m states, realified B and C): flint has no Gaussian rationals.
    """
    from flint import fmpq, fmpq_mat

    complex_ = any("i" in x for r in rows["A"] + rows["B"] + rows["C"] for x in r)
    exact = {k: _realified(v) if complex_ else [[Fraction(x) for x in r] for r in v] for k, v in rows.items()}
    mat = lambda rs: fmpq_mat(len(rs), len(rs[0]), [fmpq(x.numerator, x.denominator) for r in rs for x in r])  # noqa: E731
    A, B, C = (mat(exact[k]) for k in "ABC")
    start = time.process_time()
    A.minpoly()
    state, cols = B, []
    for _ in range(A.nrows()):
        cols.append((C * state).entries())
        state = A * state
    fmpq_mat(len(cols[0]), len(cols), [c[i] for i in range(len(cols[0])) for c in cols]).rref()
    return time.process_time() - start


def _timed(fn: object, *args: object) -> tuple[object, float]:
    """(result, CPU seconds of this process: the work is single-threaded, so load on the machine changes little)."""
    start = time.process_time()
    out = fn(*args)
    return out, time.process_time() - start


REPEAT = 3  # --repeat: the heads columns are the least CPU seconds of this many runs (the machine is shared)


def _least(fn: object, *args: object) -> tuple[object, float]:
    """(result, least CPU seconds of REPEAT runs); the kernel's memo of shared results is emptied before each run,
    so every run is a first check, as in a fresh `verify heads` process."""
    from verify.kernel.core import limits

    best, out = math.inf, None
    for _ in range(REPEAT):
        limits._shared.clear()
        out, seconds = _timed(fn, *args)
        best = min(best, seconds)
    return out, best


def _block(ssm: object) -> tuple[str, float]:
    """The real block form with its certificate and kernel check, as `verify heads` runs it (CPU seconds)."""
    from verify.cli.heads import _block_form

    if str(ssm.domain) != "QQ":
        return "n/a (complex)", 0.0
    (note, files), seconds = _timed(_block_form, ssm, Path("blockdiag.json"))
    return ("certified" if files else "refused" if note.startswith("not certified") else note[:20]), seconds


def _modes(rows: dict, limit: int) -> str:
    """`verify modes` (analysis, certificates and their kernel checks, as the command runs them): seconds and MB."""
    from verify.certificate import certificate_bytes
    from verify.cli.modes import certificates_for
    from verify.kernel import check_certificate, load_json

    m = len(rows["A"])
    if any("i" in x for r in rows["A"] for x in r):
        return "n/a (complex)"
    if m > limit:
        return f"not run (m > {limit})"
    start = time.perf_counter()
    certs, _ = certificates_for(rows["A"], rows["B"], rows["C"])
    data = [certificate_bytes(c) for c in certs]
    ok = all(check_certificate(load_json(d, "c"), "c").valid for d in data)
    seconds = time.perf_counter() - start
    return f"{seconds:.2f} ({sum(map(len, data)) / 1e6:.1f} MB)" + ("" if ok else " REJECTED")


def _cli(rows: dict) -> tuple[float, float, str]:
    """`python -m verify heads --quiet` on the SSM in a fresh process: (wall, CPU seconds, exit status or message)."""
    import resource

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ssm.json"
        path.write_text(json.dumps(rows))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        cmd = [sys.executable, "-m", "verify", "heads", "--ssm", str(path), "--out", tmp, "--quiet", "--json"]
        done = subprocess.run(cmd, capture_output=True, cwd=ROOT, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        status = "ok" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[-160:]}"
        return wall, cpu, status


def exact_row(family: str, rows: dict, modes_limit: int, cli: bool, anchor_limit: int) -> tuple[list[str], dict]:
    """One row of the exact table (CPU seconds) and the figures for the growth exponents."""
    from constructions.ssm import ssm_from_strings
    from verify.certificate import certificate_bytes
    from verify.claims.s4_heads import BeyondSupport, certificate_size, heads_basis, heads_certificate, ssm_rows
    from verify.kernel import check_bytes
    from verify.kernel.core.limits import MAX_FILE_BYTES, MAX_JSON_VALUES, OWN_CERTIFICATE_ALLOWANCE, work_allowance

    m = len(rows["A"])
    flint = anchor(rows) if m <= anchor_limit else None
    flint_text = f"{flint:.2f}" if flint is not None else f"not run (m > {anchor_limit})"
    wall, cpu, status = _cli(rows) if cli else (0.0, 0.0, "-")
    cli_text = f"{wall:.2f} / {cpu:.2f}" if status == "ok" else status if cli else "-"
    ssm, read = _least(ssm_from_strings, rows["A"], rows["B"], rows["C"])
    size, values = certificate_size(ssm_rows(ssm))
    if size > MAX_FILE_BYTES or values > MAX_JSON_VALUES:
        note = f"refused at once: certificate >= {size / 1e6:.0f} MB, {values:,} values"
        return [family, str(m), "-", f"{read:.2f}", note, "", "", "", "", cli_text, "", "", flint_text, ""], {}
    try:
        basis, build = _least(heads_basis, ssm)
    except BeyondSupport as err:
        return [family, str(m), "-", f"{read:.2f}", f"refused: {err}"[:60], "", "", "", "", cli_text, "", "",
                flint_text, ""], {}  # fmt: skip
    witness = "annihilator" if basis.annihilator is not None else "full span"
    data, cert = _least(lambda: certificate_bytes(heads_certificate(ssm, basis.n_min, basis=basis)))
    with work_allowance(OWN_CERTIFICATE_ALLOWANCE):  # as `verify heads` checks its own certificate (checked_bytes)
        result, kernel = _least(check_bytes, data, "b")
    block, block_s = _block(ssm)
    total = read + build + cert + kernel + block_s
    builder = read + build + cert  # what the toolkit does to produce the certificate the kernel then re-checks
    ratio = f"{total / flint:.2f}x" if flint else "-"
    return [
        family, str(m), f"{basis.k}/{basis.n_min}", f"{read:.2f}", f"{build:.2f} {witness}", f"{cert:.2f}",
        f"{kernel:.2f}" + ("" if result.valid else " REJECTED") + f" ({kernel / builder:.0%} of build)",
        f"{block_s:.2f} {block}", f"{total:.2f}", cli_text, _modes(rows, modes_limit), f"{len(data) / 1e6:.2f}",
        flint_text, ratio,
    ], {"total": total, "flint": flint, "cli": cpu if status == "ok" else None}  # fmt: skip


def _exponents(rows: list[list[str]], figures: list[tuple[str, int, dict]]) -> None:
    """Append the growth exponent a (time ~ m^a) between consecutive sizes of a family: toolkit total, the whole
    command's CPU (when run) and the flint anchor."""
    previous: dict[str, tuple[int, dict]] = {}
    for row, (family, m, fig) in zip(rows, figures):
        text = "-"
        if family in previous and fig and previous[family][1]:
            m0, fig0 = previous[family]
            scale = math.log(m / m0)
            parts = []
            for key in ("total", "cli", "flint"):
                new, old = fig.get(key), fig0.get(key)
                parts.append(f"{math.log(new / old) / scale:.1f}" if new and old and new > 0 and old > 0 else "-")
            text = " / ".join(parts)
        row.append(text)
        if fig:
            previous[family] = (m, fig)


def chunked_fft_scan(A: np.ndarray, B: np.ndarray, C: np.ndarray, x: np.ndarray, chunk: int = 256) -> np.ndarray:
    """The plain numpy baseline: intra-chunk FFT convolution with W(0..chunk-1), carried states between chunks."""
    n, d = x.shape
    m, p = A.shape[0], C.shape[0]
    Q = -(-n // chunk)
    xs = np.zeros((Q * chunk, d))
    xs[:n] = x
    xq = xs.reshape(Q, chunk, d)
    powers = np.empty((chunk + 1, m, m))
    powers[0] = np.eye(m)
    for t in range(1, chunk + 1):
        powers[t] = A @ powers[t - 1]
    W = np.einsum("pm,tmn,nd->tpd", C, powers[:chunk], B)
    F = np.fft.rfft(W, 2 * chunk, axis=0)
    X = np.fft.rfft(xq, 2 * chunk, axis=1)
    local = np.fft.irfft(np.einsum("wpd,qwd->qwp", F, X), 2 * chunk, axis=1)[:, :chunk]
    inject = np.einsum("tmn,nd->tmd", powers[chunk - 1 :: -1][:chunk], B)  # A^(chunk-1-t) B
    ends = np.einsum("tmd,qtd->qm", inject, xq)
    states = np.zeros((Q, m))
    for q in range(1, Q):
        states[q] = powers[chunk] @ states[q - 1] + ends[q - 1]
    carried = np.einsum("pm,tmn,qn->qtp", C, powers[1:], states)
    return (local + carried).reshape(Q * chunk, p)[:n]


def numeric_rows(lengths: list[int]) -> list[list[str]]:
    """num.thm4.4's and num.thm4.4.chunked's checks per basis at each n, the former full-length num.thm4.4 check
    where memory allows, and the plain chunked FFT scan."""
    from numeric.backends import get_backend
    from numeric.checks import _inputs, heads_check
    from numeric.chunked import chunked_check
    from numeric.construction import builtin
    from numeric.heads_local import local_check

    A, B, C = builtin("random16").floats()
    bk, out = get_backend("numpy"), []
    for n in lengths:
        free = _available_bytes() or 0
        full_ok = n * 16 * 4 * 8 * 3 + (1 << (2 * n - 1).bit_length()) * 16 * 8 < free // 2
        _, plain = _timed(chunked_fft_scan, A, B, C, _inputs(n, 4, 1))
        for basis in ("modal", "lags"):
            row = [f"{n:.0e}", basis]
            for check in (local_check, chunked_check):
                result, seconds = _timed(check, bk, "random16", n, basis)
                row += [f"{seconds:.2f}", f"{result.error:.1e} <= {float(result.bound):.1e} {result.passed}"]
            if full_ok:
                full, seconds = _timed(heads_check, bk, "random16", n, basis)
                row += [f"{seconds:.2f}", f"{full.error:.1e} <= {float(full.bound):.1e} {full.passed}"]
            else:
                row += ["not run", f"memory: {free / 2**30:.0f} GiB free"]
            out.append(row + [f"{plain:.2f}"])
    return out


def _available_bytes() -> int | None:
    """MemAvailable from /proc/meminfo (None where unknown)."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def _print(rows: list[list[str]]) -> None:
    """Rows as aligned columns."""
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    for r in rows:
        print("  ".join(x.rjust(w) for x, w in zip(r, widths)))


def main(argv: list[str] | None = None) -> int:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 32, 64, 128, 256])
    parser.add_argument("--lengths", type=int, nargs="+", default=[100_000, 1_000_000, 10_000_000])
    parser.add_argument("--modes-limit", type=int, default=64, help="largest m for the `verify modes` column")
    parser.add_argument("--skip-cli", action="store_true", help="leave out the CLI wall-time column")
    parser.add_argument("--skip-numeric", action="store_true")
    parser.add_argument("--families", nargs="+", default=["dense", "s4d", "float32"], help="exact families to run")
    parser.add_argument("--anchor-limit", type=int, default=512, help="largest m for the python-flint anchor")
    parser.add_argument("--repeat", type=int, default=3, help="heads columns: least CPU seconds of this many runs")
    args = parser.parse_args(argv)
    global REPEAT
    REPEAT = max(1, args.repeat)
    header = ["family", "m", "k/n_min", "read", "build (witness)", "cert", "kernel", "block form", "total",
              "CLI wall / CPU", "modes", "MB", "flint", "total/flint", "a: total / CLI / flint"]  # fmt: skip
    rows, figures = [], []
    families = args.families
    cases = [(f, m) for f in families if f != "float32" for m in sorted(args.sizes)]
    cases += [("float32", 64)] if "float32" in families else []
    for family, m in cases:
        data = {"dense": dense, "s4d": s4d, "float32": float32}[family](m)
        row, fig = exact_row(family, data, args.modes_limit, not args.skip_cli, args.anchor_limit)
        rows.append(row)
        figures.append((family, m, fig))
        print(f"... {family} m = {m} done", file=sys.stderr, flush=True)
    _exponents(rows, figures)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        "Theorem 4.4 for users' SSMs (p = d = 4), CPU seconds (CLI: wall / CPU); flint = fmpq minpoly + lags + rref of"
        f" the same SSM; a = growth exponent from the previous size; load average {load}"
    )
    _print([header, *rows])
    if not args.skip_numeric:
        print(
            "\nk-head form vs chunked scan (random16 SSM, numpy), seconds per basis, next to a plain chunked FFT scan"
        )
        header = ["n", "basis", "num.thm4.4", "error <= bound, passed", "num.thm4.4.chunked", "error <= bound, passed"]
        header += ["full-length (former num.thm4.4)", "error <= bound, passed", "plain scan"]
        _print([header, *numeric_rows(args.lengths)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
