"""`python -m verify heads --ssm FILE --tolerance EPS`: how many heads does *your* SSM need, certified.

FILE is a weight file (.npz, .safetensors, .pt/.pth state dict; arrays A, B, C, see constructions/weights.py)
or an exact JSON SSM (with --tolerance). For each SSM block (one `--prefix`, every block found, or the bare
A, B, C) this prints the table of the relative error e_H of the best H-head model on length n for H = 1..k,
each entry a kernel-checked enclosure, the smallest H with e_H <= EPS, a PNG plot and the certificate
(claim exp.fig3.optimum.ssm). `--check CERT` re-checks a certificate against the weight file it names.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

from constructions.weights import WEIGHT_SUFFIXES, BadWeights, ExactSystem, exact_system, find_blocks, read_arrays
from verify import checkpoint_heads
from verify.certificate import certificate_bytes, write_atomic
from verify.kernel import check_certificate, load_json

__all__ = ["add_arguments", "wants_error_table", "run", "analyze", "DEFAULT_N", "plot_png"]

DEFAULT_N = 4096
EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the error-table path of `verify heads` (added to the heads subcommand)."""
    parser.add_argument(
        "--prefix",
        action="append",
        metavar="P",
        help="array name prefix of one SSM block "
        "(e.g. layers.3.ssm.); repeat for several; default: the bare A, B, C or every block found",
    )
    parser.add_argument(
        "--tolerance",
        metavar="EPS",
        help="relative error allowed (e.g. 0.01 or 1/100): prints "
        "the certified error-versus-heads table and the smallest H with e_H <= EPS (default 0.01 "
        "for weight files)",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="analyze blocks in N worker processes")
    parser.add_argument("--check", type=Path, metavar="CERT", help="re-check CERT against the weight file --ssm")
    checkpoint_heads.add_arguments(parser)  # S4D, S5, LRU checkpoints in their published naming


def wants_error_table(args: argparse.Namespace) -> bool:
    """True for a weight file, or when --tolerance / --check asks for the error table."""
    return Path(args.ssm).suffix.lower() in WEIGHT_SUFFIXES or args.tolerance is not None or args.check is not None


def _tolerance(text: str | None) -> Fraction:
    """EPS exactly (decimal or p/q text, never through a float), in [0, 1]."""
    if text is None:
        return Fraction(1, 100)
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BadWeights(f"--tolerance: found {text!r}, expected a number such as 0.01, 1e-3 or 1/100") from None
    if not 0 <= value <= 1:
        raise BadWeights(f"--tolerance: found {text}, expected a relative error between 0 and 1")
    return value


def _json_system(path: Path) -> tuple[ExactSystem, int | None]:
    """An exact JSON SSM (the format of `verify heads`) in the form the error table needs."""
    import hashlib

    from verify.cli.heads import BadInput, read_ssm_file
    from verify.exact import matrix_rows

    try:
        ssm, n = read_ssm_file(path)
    except BadInput as err:
        raise BadWeights(str(err)) from None
    A, B, C = (matrix_rows(x) for x in (ssm.A, ssm.B, ssm.C))
    diagonal = all(A[i][j] == "0" for i in range(len(A)) for j in range(len(A)) if i != j)
    if not diagonal and any("i" in x for row in A + B + C for x in row):
        raise BadWeights(f"{path}: a complex A must be diagonal for the error table")
    source = {"file": path.name, "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "prefix": ""}
    source.update(arrays={"A": ["A"], "B": ["B"], "C": ["C"]}, dtypes={"A": "exact", "B": "exact", "C": "exact"})
    form_a = [A[i][i] for i in range(len(A))] if diagonal else A
    return ExactSystem("diagonal" if diagonal else "dense", form_a, B, C, source), n


def _stem(path: Path, prefix: str, n: int) -> str:
    """The file name stem of a block's certificate and plot."""
    tag = "".join(ch if ch.isalnum() else "-" for ch in prefix).strip("-")
    return f"heads-error-{path.stem}{'-' + tag if tag else ''}-n{n}"


def plot_png(bounds: list, heads: int, tolerance: Fraction, title: str) -> bytes:
    """The error-versus-heads curve (log scale) with the tolerance and the smallest H marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=110)
    hs = list(range(1, len(bounds)))
    lows, highs = [float(lo) for lo, _ in bounds[:-1]], [float(hi) for _, hi in bounds[:-1]]
    if hs:
        ax.fill_between(hs, lows, highs, color="tab:blue", alpha=0.3, step=None)
        ax.plot(
            hs,
            [(a + b) / 2 for a, b in zip(lows, highs)],
            "o-",
            ms=2.5,
            color="tab:blue",
            label="certified e_H (enclosure width <= 1e-6 relative)",
        )
    ax.axvline(len(bounds), color="gray", ls=":", label=f"k = rank G = {len(bounds)}: e_H = 0 from here")
    if tolerance > 0:
        ax.axhline(float(tolerance), color="tab:red", ls="--", label=f"tolerance {float(tolerance):g}")
    if heads:
        ax.axvline(heads, color="tab:green", ls="-", label=f"smallest H with e_H <= tolerance: {heads}")
    ax.set_yscale("log")
    ax.set_xlabel("heads H")
    ax.set_ylabel("relative error e_H (best H-head model)")
    ax.set_title(title, fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower left")
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


def analyze(path: Path, prefix: str, n: int | None, tolerance: Fraction, out: Path) -> dict:
    """Certify one block: table, kernel check, certificate and plot written; a summary dict (or an 'error')."""
    from verify.claims.exp_heads_error import error_certificate

    if path.suffix.lower() == ".json":
        system, file_n = _json_system(path)
    else:
        arrays, sha = read_arrays(path)
        system, file_n = exact_system(arrays, prefix, str(path), sha), None
    n = n or file_n or DEFAULT_N
    cert, table = error_certificate(system, n, tolerance)
    data = certificate_bytes(cert)
    cert_path = out / f"{_stem(path, prefix, n)}.json"
    result = check_certificate(load_json(data, str(cert_path)), str(cert_path))
    if not result.valid:
        return {"ssm": str(path), "prefix": prefix, "error": "the kernel rejected: " + "; ".join(result.errors)}
    write_atomic(cert_path, data)
    plot_path = out / f"{_stem(path, prefix, n)}.png"
    title = f"{path.name} {prefix + ' ' if prefix else ''}(m = {system.m}, p = {system.p}, d = {system.d}, n = {n})"
    write_atomic(plot_path, plot_png(table.bounds, table.heads, tolerance, title))
    rows = [
        {
            "H": h,
            "lower": cert["params"]["table"][h - 1][0],
            "upper": cert["params"]["table"][h - 1][1],
            "value": float((lo + hi) / 2),
        }
        for h, (lo, hi) in enumerate(table.bounds, start=1)
    ]
    return {
        "ssm": str(path),
        "prefix": prefix,
        "sha256": system.source["sha256"],
        "arrays": system.source["arrays"],
        "form": system.form,
        "m": system.m,
        "p": system.p,
        "d": system.d,
        "n": n,
        "k": table.k,
        "tolerance": str(tolerance),
        "heads": table.heads,
        "table": rows,
        "precision_bits": table.bits,
        "claim": cert["claim"],
        "certificate": str(cert_path),
        "plot": str(plot_path),
        "kernel": "valid",
    }


def _safe_analyze(job: tuple) -> dict:
    """analyze() for a worker process: bad input and failures come back as a summary with 'error'."""
    from constructions.heads_error import NotCertified, ZeroSystem

    try:
        return analyze(*job)
    except (BadWeights, NotCertified, ZeroSystem) as err:
        message = f"{job[0]}: {err}" if isinstance(err, ZeroSystem) else str(err)
        return {"ssm": str(job[0]), "prefix": job[1], "error": message, "bad_input": not isinstance(err, NotCertified)}


def _blocks(path: Path, prefixes: list[str] | None) -> list[str]:
    """The prefixes to analyze: as given, the bare A/B/C, or every block of the file."""
    if path.suffix.lower() == ".json":
        return [""]
    if prefixes:
        return prefixes
    arrays, _ = read_arrays(path)
    found = find_blocks(arrays)
    if not found:
        shown = ", ".join(sorted(arrays)[:12]) or "none"
        raise BadWeights(f"{path}: no arrays A, B, C (or A_re/A_im, ...) under any prefix; arrays found: {shown}")
    return [""] if "" in found else found


def _digits(text: str, rounding: str) -> str:
    """An exact table end shown with 10 significant digits, rounded outward (down for lower, up for upper)."""
    value = Fraction(text)
    if value == 0:
        return "0"
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    with localcontext() as context:
        context.prec, context.rounding = 10, rounding
        return f"{+exact:.10g}"


def _print_block(summary: dict) -> None:
    """The human-readable table of one block (long tables are shortened around the answer)."""
    name = f"{summary['ssm']}" + (f" [{summary['prefix']}]" if summary["prefix"] else "")
    print(
        f"SSM {name} (sha256 {summary['sha256'][:16]}...): {summary['form']} A"
        f"{' (W(tau) = Re(C A^tau B))' if summary['form'] == 'diagonal' else ''}, m = {summary['m']}, "
        f"p = {summary['p']}, d = {summary['d']}, length n = {summary['n']}"
    )
    print(f"rank of G: k = {summary['k']}, so e_H = 0 exactly for H >= {summary['k']}")
    rows, heads = summary["table"], summary["heads"]
    keep = set(range(1, 6)) | set(range(heads - 2, heads + 3)) | set(range(len(rows) - 2, len(rows) + 1))
    print("   H  relative error e_H = optimum / zero model (certified enclosure)")
    skipped = False
    for row in rows:
        if len(rows) > 20 and row["H"] not in keep:
            if not skipped:
                print("   ...")
            skipped = True
            continue
        skipped = False
        mark = "  <- smallest H within tolerance" if row["H"] == heads else ""
        low, high = _digits(row["lower"], ROUND_FLOOR), _digits(row["upper"], ROUND_CEILING)
        print(f"{row['H']:>4}  {row['value']:.8g}  in [{low}, {high}]{mark}")
    tol = float(Fraction(summary["tolerance"]))
    print(f"smallest H with e_H <= {tol:g}: {heads} head{'s' if heads != 1 else ''}")
    print(f"plot: {summary['plot']}")
    print(f"certificate ({summary['claim']}, kernel check passed): {summary['certificate']}")


def _check_against(args: argparse.Namespace) -> int:
    """--check: the kernel accepts CERT, and CERT's source and A, B, C are those of the weight file --ssm."""
    from verify.kernel import UnreadableInput, check_file

    if str(args.check).endswith(".bounds.json"):  # a float-bound result of a large checkpoint layer
        return checkpoint_heads.check_bounds(args)
    try:
        result = check_file(args.check)
    except UnreadableInput as err:
        print(f"verify heads: {err}", file=sys.stderr)
        return EXIT_USAGE
    params = json.loads(Path(args.check).read_text()).get("params", {}) if result.valid else {}
    if not result.valid or not isinstance(params.get("source"), dict):
        print(f"verify heads: {args.check}: the kernel rejected it:\n  " + "\n  ".join(result.errors or ["no source"]))
        return EXIT_FAIL
    if params["source"].get("format") in ("s4d", "s5", "lru"):
        return checkpoint_heads.check_against(args, params)
    prefix = (args.prefix or [params["source"].get("prefix", "")])[0]
    try:
        if Path(args.ssm).suffix.lower() == ".json":
            system, _ = _json_system(Path(args.ssm))
        else:
            arrays, sha = read_arrays(Path(args.ssm))
            system = exact_system(arrays, prefix, str(args.ssm), sha)
    except BadWeights as err:
        print(f"verify heads: {err}", file=sys.stderr)
        return EXIT_USAGE
    problems = (
        [f"sha256 of {args.ssm} is {system.source['sha256']}, the certificate's is {params['source'].get('sha256')}"]
        if system.source["sha256"] != params["source"].get("sha256")
        else []
    )
    for key in ("form", "A", "B", "C"):
        if getattr(system, key) != params.get(key):
            problems.append(f"{key} read from {args.ssm} differs from the certificate's {key}")
    if problems:
        print(f"verify heads: {args.check} was not made from {args.ssm}:\n  " + "\n  ".join(problems))
        return EXIT_FAIL
    print(f"ok: {args.check} is valid and was made from {args.ssm} (sha256 {system.source['sha256'][:16]}...)")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Certify the error table of every requested block; print, plot, write certificates; exit 0, 1 or 2."""
    path = Path(args.ssm)
    try:
        if args.check is not None:
            return _check_against(args)
        tolerance = _tolerance(args.tolerance)
        if args.n is not None and not 1 <= args.n <= (1 << 24):
            raise BadWeights(f"--n: found {args.n}, expected a sequence length in [1, {1 << 24}]")
        if args.jobs < 1:
            raise BadWeights(f"--jobs: found {args.jobs}, expected at least 1")
        if checkpoint_heads.applies(args):
            return checkpoint_heads.run(args, tolerance)
        jobs = [(path, prefix, args.n, tolerance, args.out) for prefix in _blocks(path, args.prefix)]
    except BadWeights as err:
        print(f"verify heads: {err}", file=sys.stderr)
        return EXIT_USAGE
    if args.jobs > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=min(args.jobs, len(jobs))) as pool:
            summaries = list(pool.map(_safe_analyze, jobs))
    else:
        summaries = [_safe_analyze(job) for job in jobs]
    failed = [s for s in summaries if "error" in s]
    for item in failed:
        print(f"verify heads: {item['error']}", file=sys.stderr)
    good = [s for s in summaries if "error" not in s]
    if args.json:
        print(json.dumps(good[0] if len(summaries) == 1 and good else {"blocks": summaries}, indent=1, sort_keys=True))
    else:
        for index, summary in enumerate(good):
            if index:
                print()
            _print_block(summary)
    if any(s.get("bad_input") for s in failed):
        return EXIT_USAGE
    return EXIT_FAIL if failed else EXIT_OK
