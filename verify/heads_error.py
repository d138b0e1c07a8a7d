"""`python -m verify heads --ssm FILE --tolerance EPS`: how many heads does *your* SSM need, certified.

FILE is a weight file (.npz, .safetensors, .pt/.pth state dict; arrays A, B, C, see constructions/weights.py)
or an exact JSON SSM (with --tolerance). For each SSM block (one `--prefix`, every block found, or the bare
A, B, C) this prints the table of the relative error e_H of the best H-head model on length n for H = 1..k,
each entry a kernel-checked enclosure, the smallest H with e_H <= EPS, a PNG plot and the certificate
(claim exp.fig3.optimum.ssm). `--check CERT` re-checks a certificate against the weight file it names.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

from constructions.weights import WEIGHT_SUFFIXES, BadWeights, ExactSystem, exact_system, find_blocks, read_arrays
from verify import checkpoint_heads, heads_output
from verify.certificate import certificate_bytes
from verify.kernel.core.limits import OWN_CERTIFICATE_ALLOWANCE, work_allowance
from verify.outputs import check_own
from verify.progress import Progress

__all__ = ["add_arguments", "wants_error_table", "run", "analyze", "DEFAULT_N", "plot_png", "tolerance_argument"]

DEFAULT_N = heads_output.DEFAULT_N
DEFAULT_TOLERANCE = Fraction(1, 100)
# A positive tolerance below 10^-100 is refused: no e_H of a float model is that small without being 0, and the
# bound keeps the exact value (and the certificate's number) small; 0 asks for e_H = 0, i.e. H = k.
MIN_TOLERANCE_EXPONENT = 100
_TOLERANCE_TEXT = re.compile(
    r"(?P<num>[0-9]{1,100})/(?P<den>[0-9]{1,100})"
    r"|(?P<whole>[0-9]{0,100})(?:\.(?P<frac>[0-9]{0,100}))?(?:[eE](?P<exp>[+-]?[0-9]{1,12}))?"
)
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
        type=tolerance_argument,
        help="relative error allowed: 0, or a decimal or p/q between 1e-100 and 1 (e.g. 0.01, 1e-3, 1/100); prints "
        "the certified error-versus-heads table and the smallest H with e_H <= EPS (default 0.01 "
        "for weight files)",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="analyze blocks in N worker processes")
    parser.add_argument("--check", type=Path, metavar="CERT", help="re-check CERT against the weight file --ssm")
    checkpoint_heads.add_arguments(parser)  # S4D, S5, LRU checkpoints in their published naming


def wants_error_table(args: argparse.Namespace) -> bool:
    """True for a weight file, or when --tolerance / --check asks for the error table."""
    return Path(args.ssm).suffix.lower() in WEIGHT_SUFFIXES or args.tolerance is not None or args.check is not None


def tolerance_argument(text: str) -> Fraction:
    """--tolerance EPS exactly (decimal or p/q text, never through a float): 0 or in [1e-100, 1], checked at once.

    The text is matched before any conversion, so an exponent such as 1e999999999 is refused without computing
    10^999999999; nan, inf, negative numbers and values above 1 are refused too (argparse: one line, exit 2).
    """
    expected = f"expected 0 or a number between 1e-{MIN_TOLERANCE_EXPONENT} and 1 such as 0.01, 1e-3 or 1/100"
    shown = text if len(text) <= 40 else text[:40] + "..."
    match = _TOLERANCE_TEXT.fullmatch(text.strip()) if len(text) <= 300 else None
    if match is None or (match["num"] is None and not (match["whole"] or match["frac"])):
        raise argparse.ArgumentTypeError(f"found {shown!r}, {expected}")
    if match["num"] is not None:
        if int(match["den"]) == 0:
            raise argparse.ArgumentTypeError(f"found {shown!r}: the denominator is 0; {expected}")
        value = Fraction(int(match["num"]), int(match["den"]))
    else:
        frac, exponent = match["frac"] or "", int(match["exp"] or 0)
        mantissa = int((match["whole"] or "") + frac or "0")
        # |exponent| is bounded before 10^exponent is computed (the mantissa has at most 200 digits)
        if mantissa and not -3 * MIN_TOLERANCE_EXPONENT <= exponent <= 3 * MIN_TOLERANCE_EXPONENT:
            raise argparse.ArgumentTypeError(f"found {shown!r}: exponent {exponent} out of range; {expected}")
        value = Fraction(mantissa) * Fraction(10) ** (exponent - len(frac)) if mantissa else Fraction(0)
    if value > 1 or (value != 0 and value < Fraction(1, 10**MIN_TOLERANCE_EXPONENT)):
        raise argparse.ArgumentTypeError(f"found {shown}, {expected} (a relative error)")
    return value


def _json_system(path: Path) -> tuple[ExactSystem, int | None]:
    """An exact JSON SSM (the format of `verify heads`) in the form the error table needs."""
    import hashlib

    from constructions.exact import matrix_rows
    from verify.ssm_file import BadInput, read_ssm_file

    try:
        ssm, n = read_ssm_file(path)
    except BadInput as err:
        raise BadWeights(str(err)) from None
    A, B, C = (matrix_rows(x) for x in (ssm.A, ssm.B, ssm.C))
    diagonal = all(A[i][j] == "0" for i in range(len(A)) for j in range(len(A)) if i != j)
    if not diagonal and any("i" in x for row in A + B + C for x in row):
        raise BadWeights(f"{path}: a complex A must be diagonal for the error table")
    source: dict[str, object] = {
        "file": path.name,
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "prefix": "",
    }
    source.update(arrays={"A": ["A"], "B": ["B"], "C": ["C"]}, dtypes={"A": "exact", "B": "exact", "C": "exact"})
    form_a = [A[i][i] for i in range(len(A))] if diagonal else A
    return ExactSystem("diagonal" if diagonal else "dense", form_a, B, C, source), n


def plot_png(bounds: list, heads: int, tolerance: Fraction, title: str) -> bytes:
    """The error-versus-heads curve (log scale) with the tolerance and the smallest H marked."""
    from verify.checkpoint_plots import figure, finish_error_axes, png_bytes

    plt, fig, ax = figure((6.4, 4.0))
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
    finish_error_axes(ax, title)
    return png_bytes(plt, fig)


def analyze(
    path: Path,
    prefix: str,
    n: int | None,
    tolerance: Fraction,
    out: Path,
    arrays: tuple | None = None,
    steps: Progress | None = None,
    method: str = "auto",
) -> dict:
    """Certify one block: table, kernel check, certificate and plot made (not written: under "_files"); a summary."""
    from verify.claims.exp_heads_error import error_certificate

    if path.suffix.lower() == ".json":
        system, file_n = _json_system(path)
    else:
        from constructions.weights import float_system
        from verify.heads_float import analyze_float, choose_method

        named, sha = arrays if arrays is not None else read_arrays(path)
        form, A, B, C, _ = float_system(named, prefix, str(path))
        if choose_method(form, A.shape[0], C.shape[0], B.shape[1], method) == "float":
            steps = steps or Progress("verify heads", quiet=True)
            with steps.step(f"{path.name} {prefix}: float64 error table with a-priori bounds and its kernel re-check"):
                return analyze_float(path, prefix, n or DEFAULT_N, tolerance, out, named, sha)
        system, file_n = exact_system(named, prefix, str(path), sha), None
    n = n or file_n or DEFAULT_N
    steps = steps or Progress("verify heads", quiet=True)
    name = f"{path.name}{' ' + prefix if prefix else ''}"
    with steps.step(f"{name}: certified error table (m = {system.m}, n = {n})"):
        cert, table = error_certificate(system, n, tolerance)
    data = certificate_bytes(cert)
    cert_path = out / f"{heads_output.stem(path, prefix, n)}.json"
    with steps.step(f"{name}: kernel re-check of the certificate"):
        result = check_own(data, cert_path)
    if not result.valid:
        return {"ssm": str(path), "prefix": prefix, "error": "the kernel rejected: " + "; ".join(result.errors)}
    plot_path = out / f"{heads_output.stem(path, prefix, n)}.png"
    title = f"{path.name} {prefix + ' ' if prefix else ''}(m = {system.m}, p = {system.p}, d = {system.d}, n = {n})"
    with steps.step(f"{name}: plot"):
        png = plot_png(table.bounds, table.heads, tolerance, title)
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
        "error": None,
        "_files": [(cert_path, data), (plot_path, png)],
    }


def _safe_analyze(job: tuple) -> dict:
    """analyze() for a worker process: bad input and failures come back as a summary with 'error'."""
    from constructions.heads_error import NotCertified, ZeroSystem

    try:
        return analyze(*job)
    except (BadWeights, NotCertified, ZeroSystem) as err:
        message = f"{job[0]}: {err}" if isinstance(err, ZeroSystem) else str(err)
        return {"ssm": str(job[0]), "prefix": job[1], "error": message, "bad_input": not isinstance(err, NotCertified)}
    except ValueError as err:  # the float path: the kernel cannot certify the block (the message says why)
        return {"ssm": str(job[0]), "prefix": job[1], "error": f"{job[0]}: {err}"}


def _blocks(path: Path, prefixes: list[str] | None) -> tuple[list[str], tuple | None]:
    """The prefixes to analyze (as given, the bare A/B/C, or every block of the file) and the arrays read."""
    if path.suffix.lower() == ".json":
        return [""], None
    arrays = read_arrays(path)
    if prefixes:
        return prefixes, arrays
    found = find_blocks(arrays[0])
    if not found:
        shown = ", ".join(sorted(arrays[0])[:12]) or "none"
        raise BadWeights(f"{path}: no arrays A, B, C (or A_re/A_im, ...) under any prefix; arrays found: {shown}")
    return ([""] if "" in found else found), arrays


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
    if "heads_range" in summary:  # the float path (kind float_gram)
        low, high = summary["k_range"]
        print(f"method {summary['method']}: float64 with a-priori error bounds, re-checked by the kernel")
        print(f"rank of G: between {low} and {high} (e_H in [0, upper] from H = {low} on)")
    else:
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
    if summary.get("heads_range", [heads])[0] != heads:
        print(f"smallest H with e_H <= {tol:g}: between {summary['heads_range'][0]} and {heads} (not decided)")
    else:
        print(f"smallest H with e_H <= {tol:g}: {heads} head{'s' if heads != 1 else ''}")
    wide = summary.get("wider_than_1e-6")
    if wide:
        shown = ", ".join(map(str, wide[:12])) + (", ..." if len(wide) > 12 else "")
        print(f"enclosures wider than 1e-6 relative (float64 error bounds exceed 1e-6 of e_H there): H = {shown}")
    print(f"plot: {summary['plot']}")
    print(f"certificate ({summary['claim']}, kernel check passed): {summary['certificate']}")


def _check_against(args: argparse.Namespace) -> int:
    """--check: the kernel accepts CERT, and CERT's source and A, B, C are those of the weight file --ssm."""
    from verify.kernel import UnreadableInput, check_file

    try:
        with work_allowance(OWN_CERTIFICATE_ALLOWANCE):  # the user's own SSM: its sizes, the user's time
            result = check_file(args.check)
    except UnreadableInput as err:
        return heads_output.check_verdict(args, str(err), EXIT_USAGE)
    params = json.loads(Path(args.check).read_text()).get("params", {}) if result.valid else {}
    if not result.valid or not isinstance(params.get("source"), dict):
        errors = result.errors or ["it records no source"]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        first = " ".join(errors[0].split())  # one line, whatever the kernel's message holds
        return heads_output.check_verdict(args, f"{args.check}: the kernel rejected it: {first}{more}", EXIT_FAIL)
    if params["source"].get("format") in ("s4d", "s5", "lru"):
        return checkpoint_heads.check_against(args, params)
    if "arrays" in params:  # a float certificate (kind float_gram) of an A, B, C file
        from verify.heads_float import check_against

        try:
            problem, message = check_against(args, params)
        except BadWeights as err:
            return heads_output.check_verdict(args, str(err), EXIT_USAGE)
        return heads_output.check_verdict(args, problem, EXIT_FAIL if problem else EXIT_OK, message)
    prefix = (args.prefix or [params["source"].get("prefix", "")])[0]
    try:
        if Path(args.ssm).suffix.lower() == ".json":
            system, _ = _json_system(Path(args.ssm))
        else:
            arrays, sha = read_arrays(Path(args.ssm))
            system = exact_system(arrays, prefix, str(args.ssm), sha)
    except BadWeights as err:
        return heads_output.check_verdict(args, str(err), EXIT_USAGE)
    recorded = params["source"].get("sha256")
    problems = [f"sha256 {system.source['sha256'][:16]}... differs from {str(recorded)[:16]}..."]
    problems = problems if system.source["sha256"] != recorded else []
    problems += [f"{key} differs" for key in ("form", "A", "B", "C") if getattr(system, key) != params.get(key)]
    if problems:
        return heads_output.check_verdict(
            args, f"{args.check} was not made from {args.ssm}: {'; '.join(problems)}", EXIT_FAIL
        )
    message = f"ok: {args.check} is valid and was made from {args.ssm} (sha256 {system.source['sha256'][:16]}...)"
    return heads_output.check_verdict(args, None, EXIT_OK, message)


def run(args: argparse.Namespace) -> int:
    """Certify the error table of every requested block; print, plot, write all files together; exit 0, 1 or 2."""
    from verify.certificate import sweep_stale_temps
    from verify.outputs import output_errors, prepare_folder
    from verify.progress import from_args

    path = Path(args.ssm)
    if args.check is not None:
        return _check_against(args)
    tolerance = args.tolerance if args.tolerance is not None else DEFAULT_TOLERANCE
    steps = from_args(args, "verify heads")
    try:
        if args.n is not None and not 1 <= args.n <= (1 << 24):
            raise BadWeights(f"--n: found {args.n}, expected a sequence length in [1, {1 << 24}]")
        if args.jobs < 1:
            raise BadWeights(f"--jobs: found {args.jobs}, expected at least 1")
        prepare_folder(args.out, "--out")  # before any work, as the exact path does
        sweep_stale_temps(args.out)
        if checkpoint_heads.applies(args):
            return checkpoint_heads.run(args, tolerance)
        with steps.step(f"reading {path}"):
            prefixes, arrays = _blocks(path, args.prefix)
    except BadWeights as err:
        return _fail(args, str(err), EXIT_USAGE)
    jobs = [(path, prefix, args.n, tolerance, args.out, None, None, args.method) for prefix in prefixes]
    if args.jobs > 1 and len(jobs) > 1:
        workers = min(args.jobs, len(jobs))
        with steps.step(f"{len(jobs)} blocks in {workers} worker processes: error tables, kernel re-checks, plots"):
            with ProcessPoolExecutor(max_workers=workers) as pool:
                summaries = list(pool.map(_safe_analyze, jobs))
    else:
        summaries = [_safe_analyze((*job[:5], arrays, steps, args.method)) for job in jobs]
    failed = [s for s in summaries if s.get("error")]
    for item in failed:
        print(f"verify heads: {item['error']}", file=sys.stderr)
    good = [s for s in summaries if not s.get("error")]
    files = [item for s in good for item in s.pop("_files")]
    if files:
        with steps.step(f"writing {len(files)} files into {args.out}"), output_errors(args.out):
            heads_output.write_all(files)
    error = "; ".join(s["error"] for s in failed) or None
    if args.json:
        print(
            json.dumps(
                good[0] if len(summaries) == 1 and good else {"blocks": summaries, "error": error},
                indent=1,
                sort_keys=True,
            )
        )
    else:
        for index, summary in enumerate(good):
            if index:
                print()
            _print_block(summary)
    if any(s.get("bad_input") for s in failed):
        return EXIT_USAGE
    return EXIT_FAIL if failed else EXIT_OK


def _fail(args: argparse.Namespace, message: str, code: int) -> int:
    """A failure before any block was analyzed: one line on stderr, and with --json one document on stdout."""
    print(f"verify heads: {message}", file=sys.stderr)
    if args.json:
        print(json.dumps({"blocks": [], "error": message}, indent=1, sort_keys=True))
    return code
