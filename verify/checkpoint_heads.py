"""`verify heads --ssm CHECKPOINT`: e_H layer by layer for S4D, S5 and LRU checkpoints in their published naming.

Layers are found by name (constructions/checkpoints.py), discretized in ball arithmetic and analysed one by
one (`--jobs N` across layers). A layer within the kernel's sizes gets an exact kernel-checked certificate (claim
exp.fig3.optimum.ssm, the discrete system in source); a larger one gets e_H enclosures from float64 with
a-priori error bounds, also as a kernel-checked certificate (claim exp.fig3.optimum.ssm.float, kernel kind
float_gram: the kernel recomputes the bounds from the stored arrays; argument in docs/trusted-base.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

import numpy as np

from constructions.checkpoints import FORMATS, Layer, find_layers, read_layer
from constructions.weights import BadWeights, ExactSystem, _complex_text, read_arrays
from verify import heads_output
from verify.kernel import HEADS_ERROR_MAX_OUTPUTS as MAX_OUTPUTS
from verify.kernel import HEADS_ERROR_MAX_STATE as MAX_STATE
from verify.outputs import check_own

__all__ = ["add_arguments", "applies", "run", "analyze_layer", "exact_system_of", "float_arrays", "SHOWN_H"]

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2
SHOWN_H = (1, 2, 4, 8, 16, 32, 64)
_EXACT_STATES, _EXACT_OUTPUTS = 256, 1024  # --method auto: the kernel path up to these sizes (seconds, not minutes)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options for published parameterizations (added to `verify heads`)."""
    parser.add_argument("--format", choices=FORMATS, default="auto", help="naming of the weights (default: detected)")
    parser.add_argument("--disc", choices=("zoh", "bilinear"), default="zoh", help="S4D/S5 discretization (zoh)")
    parser.add_argument(
        "--with-d",
        action="store_true",
        help="S4D/S5/LRU: include the skip term D in W(0) (default: excluded, as in Def. 3.2)",
    )
    parser.add_argument(
        "--method",
        choices=("auto", "exact", "float"),
        default="auto",
        help="kernel-checked exact certificate, or float64 with a-priori bounds re-checked by the kernel (auto: exact "
        "when small; A, B, C files: a dense A up to m = 64, a diagonal one up to 256, p d up to 1024)",
    )


def applies(args: argparse.Namespace) -> bool:
    """True when --ssm is a weight file holding (or --format names) a published parameterization."""
    if Path(args.ssm).suffix.lower() == ".json" or getattr(args, "format", "auto") == "abc":
        return False
    if args.format != "auto":
        return True
    arrays, _ = read_arrays(Path(args.ssm))
    return any(fmt != "abc" for _, fmt in find_layers(arrays, "auto", str(args.ssm)))


def exact_system_of(layer: Layer, file: str, sha256: str) -> ExactSystem:
    """The layer as the kernel's diagonal form W(tau) = Re(C diag(a)^tau B), D as modes with a = 0."""
    a_list, b_rows, c_cols = [], [], []
    d, p = layer.d, layer.p
    if layer.inputs is not None:  # depthwise
        for r in range(p):
            for j in range(layer.a.shape[1]):
                a_list.append(layer.a[r, j])
                b_rows.append(np.eye(d)[layer.inputs[r]].astype(complex))
                c_cols.append(np.eye(p)[r] * layer.C[r, j])
    else:
        if layer.B is None:
            raise ValueError(f"{file}: a MIMO layer without B")
        for j in range(len(layer.a)):
            a_list.append(layer.a[j])
            b_rows.append(layer.B[j])
            c_cols.append(layer.C[:, j])
    if layer.D is not None:
        for i in range(d):
            if np.any(layer.D[:, i]):
                a_list.append(0j)
                b_rows.append(np.eye(d)[i].astype(complex))
                c_cols.append(layer.D[:, i].astype(complex))
    text = lambda z: _complex_text(float(np.real(z)), float(np.imag(z)))
    A = [text(z) for z in a_list]
    B = [[text(z) for z in row] for row in b_rows]
    C = [[text(c_cols[j][i]) for j in range(len(c_cols))] for i in range(p)]
    source = {
        "file": Path(file).name,
        "sha256": sha256,
        "prefix": layer.prefix,
        "format": layer.format,
        "arrays": layer.mapping,
        "dtypes": layer.dtypes,
        "discretization": f"{layer.discretization}, in ball arithmetic (python-flint acb, 128 bits) on the stored "
        "floats, each entry rounded to the nearest float64 (within 2^-53 relative per real/imaginary part)",
        "skip_D": "included in W(0)" if layer.D is not None else "excluded",
    }
    return ExactSystem("diagonal", A, B, C, source)


def float_arrays(layer: Layer) -> tuple[str, str, dict]:
    """(form, method, arrays) of kind float_gram for a layer: depthwise rows, or the MIMO rows/core form."""
    if layer.depthwise:
        arrays = {"a": layer.a, "c": layer.C.astype(complex)}
        if layer.D is not None:
            arrays["d"] = np.asarray(layer.D[np.arange(layer.p), layer.inputs], dtype=float)
        return "depthwise", "rows", arrays
    if layer.B is None:
        raise ValueError("a MIMO layer without B")
    arrays = {"a": layer.a.astype(complex), "B": layer.B.astype(complex), "C": layer.C.astype(complex)}
    modes = len(layer.a)
    if layer.D is not None:
        arrays["D"] = np.asarray(layer.D, dtype=float)
        modes += layer.d
    return "mimo", ("rows" if layer.p * layer.d <= 2 * modes else "core"), arrays


def _source(layer: Layer, file: str, sha256: str) -> dict:
    """The source record of a float certificate: the weight file, its sha256 and the reading."""
    return {
        "file": Path(file).name,
        "sha256": sha256,
        "prefix": layer.prefix,
        "format": layer.format,
        "arrays": layer.mapping,
        "dtypes": layer.dtypes,
        "discretization": f"{layer.discretization}, in ball arithmetic (python-flint acb, 128 bits) on the stored "
        "floats, each entry rounded to the nearest float64; stored in arrays as float64",
        "skip_D": "included in W(0)" if layer.D is not None else "excluded",
    }


def _check_float(args: argparse.Namespace, params: dict, path: Path, layer: Layer, sha: str) -> int:
    """--check of a float certificate: the same weight file (sha256) gives the same arrays (their sha256s)."""
    from verify.claims.exp_heads_float import encode

    form, method, arrays = float_arrays(layer)
    problems = [] if sha == params["source"].get("sha256") else [f"sha256 of {path} differs from the certificate's"]
    stored = params.get("arrays", {})
    for name, values in arrays.items():
        fresh = encode(values, name not in ("d", "D"))
        if not isinstance(stored.get(name), dict) or stored[name].get("sha256") != fresh["sha256"]:
            problems.append(f"array {name} read from {path} differs from the certificate's")
    if sorted(stored) != sorted(arrays) or params.get("form") != form:
        problems.append(f"the arrays of {path} ({sorted(arrays)}, {form}) differ from the certificate's")
    if problems:
        return heads_output.check_verdict(
            args, f"{args.check} was not made from {path}: {'; '.join(problems)}", EXIT_FAIL
        )
    message = (f"ok: {args.check} is valid (kind float_gram, method {params.get('method')}) and was made from "
               f"{path} ({params['source']['format']}, sha256 {sha[:16]}...)")  # fmt: skip
    return heads_output.check_verdict(args, None, EXIT_OK, message)


def check_against(args: argparse.Namespace, params: dict) -> int:
    """--check for a certificate of a published parameterization: same file bytes, same discretized A, B, C."""
    source = params["source"]
    path = Path(args.ssm)
    try:
        arrays, sha = read_arrays(path)
        disc = str(source.get("discretization", "zoh")).split(",")[0]
        disc = disc if disc in ("zoh", "bilinear") else "zoh"
        with_d = source.get("skip_D") == "included in W(0)"
        layer = read_layer(arrays, source.get("prefix", ""), source["format"], str(path), disc, with_d)
    except BadWeights as err:
        return heads_output.check_verdict(args, str(err), EXIT_USAGE)
    if "arrays" in params:  # a float certificate (claim exp.fig3.optimum.ssm.float)
        return _check_float(args, params, path, layer, sha)
    system = exact_system_of(layer, str(path), sha)
    problems = (
        []
        if sha == source.get("sha256")
        else [f"sha256 of {path} is {sha}, the certificate's is {source.get('sha256')}"]
    )
    problems += [f"{key} read from {path} differs from the certificate's {key}" for key in ("form", "A", "B", "C")
                 if getattr(system, key) != params.get(key)]  # fmt: skip
    if problems:
        return heads_output.check_verdict(
            args, f"{args.check} was not made from {path}: {'; '.join(problems)}", EXIT_FAIL
        )
    message = f"ok: {args.check} is valid and was made from {path} ({source['format']}, sha256 {sha[:16]}...)"
    return heads_output.check_verdict(args, None, EXIT_OK, message)


def _rows(bounds: list) -> list[dict]:
    """Table rows for printing and JSON."""
    return [
        {"H": h, "lower": str(lo), "upper": str(hi), "value": float((lo + hi) / 2)}
        for h, (lo, hi) in enumerate(bounds, start=1)
    ]


def analyze_layer(job: tuple) -> dict:
    """Analyse one layer (a worker's job): summary dict, with 'error' on bad input or failure."""
    path, prefix, fmt, opts = job
    try:
        return _analyze(Path(path), prefix, fmt, opts)
    except BadWeights as err:
        return {"ssm": str(path), "prefix": prefix, "format": fmt, "error": str(err), "bad_input": True}
    except (ValueError, np.linalg.LinAlgError) as err:
        return {"ssm": str(path), "prefix": prefix, "format": fmt, "error": f"{path} [{prefix}]: {err}"}


def _analyze(path: Path, prefix: str, fmt: str, opts: dict) -> dict:
    """read_layer, then the exact (kernel) or float (a priori bound) table, plot and files."""
    from verify.checkpoint_plots import layer_png

    arrays, sha = read_arrays(path)
    layer = read_layer(arrays, prefix, fmt, str(path), opts["disc"], opts["with_d"])
    n, tolerance, out = opts["n"], opts["tolerance"], Path(opts["out"])
    modes = layer.a.size + (0 if layer.D is None else layer.d)
    small = modes <= _EXACT_STATES and layer.p * layer.d <= _EXACT_OUTPUTS
    method = opts["method"] if opts["method"] != "auto" else ("exact" if small else "float")
    summary = {
        "ssm": str(path),
        "prefix": prefix,
        "format": fmt,
        "mapping": layer.mapping,
        "discretization": layer.discretization,
        "skip_D": "included" if layer.D is not None else "excluded",
        "sha256": sha,
        "p": layer.p,
        "d": layer.d,
        "modes": modes,
        "depthwise": layer.depthwise,
        "n": n,
        "tolerance": str(tolerance),
        "method": method,
    }
    stem, files = heads_output.stem(path, prefix, n), []  # files are returned, and written together by run()
    if method == "exact" and (modes > MAX_STATE or layer.p * layer.d > MAX_OUTPUTS):
        raise BadWeights(
            f"{path} [{prefix}]: --method exact: {modes} modes and p d = {layer.p * layer.d}; the kernel takes at most "
            f"{MAX_STATE} and {MAX_OUTPUTS} (use --method float or auto)"
        )
    if method == "exact":
        from verify.certificate import certificate_bytes
        from verify.claims.exp_heads_error import error_certificate

        cert, tab = error_certificate(exact_system_of(layer, str(path), sha), n, tolerance)
        data = certificate_bytes(cert)
        cert_path = out / f"{stem}.json"
        result = check_own(data, cert_path)
        if not result.valid:
            raise ValueError("the kernel rejected the certificate: " + "; ".join(result.errors))
        files.append((str(cert_path), data))
        bounds, heads = tab.bounds, (tab.heads, tab.heads)
        summary.update(k=[tab.k, tab.k], certificate=str(cert_path), kernel="valid")
    else:
        from verify.certificate import certificate_bytes
        from verify.claims.exp_heads_float import float_certificate
        from verify.kernel.core.errors import KernelError
        from verify.kernel.core.limits import WorkExceeded

        form, float_method, arrays = float_arrays(layer)
        source = _source(layer, str(path), sha)
        try:
            cert, bounds, heads = float_certificate(form, float_method, arrays, source, n, tolerance)
        except (KernelError, WorkExceeded) as err:  # the kernel's own bounds refuse the layer: say why, no traceback
            raise ValueError(f"the kernel cannot certify this layer (kind float_gram): {err}") from None
        data = certificate_bytes(cert)
        cert_path = out / f"{stem}.json"
        start = time.perf_counter()
        result = check_own(data, cert_path)
        summary["kernel_seconds"] = round(time.perf_counter() - start, 3)
        if not result.valid:
            raise ValueError("the kernel rejected the float certificate: " + "; ".join(result.errors))
        files.append((str(cert_path), data))
        positive = sum(1 for lo, _ in bounds if lo > 0)
        summary.update(k=[min(positive + 1, len(bounds)), len(bounds)], certificate=str(cert_path))
        summary["kernel"] = (
            f"valid (kernel kind float_gram, method {float_method}: float64 with a-priori error bounds, "
            "recomputed by the kernel from the stored arrays; docs/trusted-base.md)"
        )
    summary["heads"] = list(heads)
    summary["table"] = _rows(bounds)
    widths = [(hi - lo) / lo for lo, hi in bounds if lo > 0]
    summary["max_relative_width_up_to_heads"] = float(max(widths[: max(1, heads[1])], default=0))
    shown = [bounds[h - 1] for h in {*SHOWN_H, *heads} if 1 <= h <= len(bounds)]
    summary["max_relative_width_shown"] = float(
        max(((hi - lo) / lo if lo > 0 else (0 if hi == 0 else 1) for lo, hi in shown), default=0)
    )
    summary["shown_wider_than_1e-6"] = sorted(  # printed H whose enclosure is wider than 1e-6 of e_H (said why)
        h for h in {*SHOWN_H, *heads} if 1 <= h <= len(bounds) and _wider(*bounds[h - 1])
    )
    # every H up to tight_up_to is enclosed to <= 1e-6 relative; beyond, only an absolute bound e_H <= upper
    tight = next((h - 1 for h in range(1, len(bounds) + 1) if _wider(*bounds[h - 1])), len(bounds))
    summary["relative_1e-6_up_to_H"] = tight
    summary["absolute_bound_beyond"] = float(bounds[tight][1]) if tight < len(bounds) else None
    plot_path = out / f"{stem}.png"
    title = f"{path.name} {prefix} ({fmt}, p = {layer.p}, d = {layer.d}, {modes} modes, n = {n}, {method})"
    files.append((str(plot_path), layer_png(summary, bounds, title)))
    summary["plot"] = str(plot_path)
    summary["_files"] = files
    return summary


def _wider(lower: Fraction, upper: Fraction) -> bool:
    """True when [lower, upper] is wider than 1e-6 of lower (or lower is 0 and upper is not)."""
    return upper - lower > lower / 10**6


def _print(summary: dict) -> None:
    """One layer, human readable."""
    lo, hi = summary["heads"]
    print(f"layer {summary['prefix'] or '(bare names)'}: format {summary['format']}, discretization "
          f"{summary['discretization']}, skip D {summary['skip_D']}")  # fmt: skip
    for role, name in summary["mapping"].items():
        print(f"  {role} = {name}")
    print(f"  p = {summary['p']}, d = {summary['d']}, modes = {summary['modes']}"
          f"{' (depthwise)' if summary['depthwise'] else ''}, n = {summary['n']}, method {summary['method']}: "
          f"{summary['kernel']}")  # fmt: skip
    k = summary["k"]
    print(f"  k = rank G = {k[0]}" if k[0] == k[1] else f"  k = rank G in [{k[0]}, {k[1]}]")
    for row in summary["table"]:
        if row["H"] in SHOWN_H or row["H"] in (lo, hi):
            low, high = float(Fraction(row["lower"])), float(Fraction(row["upper"]))
            print(f"  e_{row['H']:<4} in [{low:.10g}, {high:.10g}]{'  <- smallest H' if row['H'] == hi else ''}")
    heads = f"{hi}" if lo == hi else f"between {lo} and {hi} (not decided by the enclosures)"
    print(f"  smallest H with e_H <= {float(Fraction(summary['tolerance'])):g}: {heads}")
    wide, tight = summary.get("shown_wider_than_1e-6"), summary.get("relative_1e-6_up_to_H")
    if wide:
        why = (
            "e_H there is below what the float64 rows resolve (relative width about 2 sqrt(E2 / tail), E2 the rows' "
            "a-priori error); what is certified is the printed enclosure: an absolute bound e_H <= its upper end"
            if summary["method"] != "exact"
            else "as the exact path certified it"
        )
        print(f"  enclosures wider than 1e-6 relative at H = {', '.join(map(str, wide))}: {why}")
    if tight is not None and tight < len(summary["table"]) and summary["method"] != "exact":
        bound = summary["absolute_bound_beyond"]
        print(f"  every e_H up to H = {tight} is enclosed to relative width <= 1e-6; for H > {tight} the certificate "
              f"gives absolute bounds (e_H <= {bound:.3g}; --json: every enclosure)")  # fmt: skip
    print(f"  plot: {summary['plot']}\n  result: {summary['certificate']}")


def run(args: argparse.Namespace, tolerance: Fraction) -> int:
    """Analyse every layer (or those under --prefix); print, plot, write; exit 0, 1 or 2."""
    path = Path(args.ssm)
    try:
        arrays, _ = read_arrays(path)
        layers = [(p, f) for p, f in find_layers(arrays, args.format, str(path)) if f != "abc"]
        if args.prefix:
            layers = [(p, f) for p, f in layers if any(p.startswith(x) for x in args.prefix)]
            if not layers:
                raise BadWeights(f"{path}: no layer under the prefixes {args.prefix}")
        if args.jobs < 1:
            raise BadWeights(f"--jobs: found {args.jobs}, expected at least 1")
        if args.n is not None and not 1 <= args.n <= (1 << 20):
            raise BadWeights(f"--n: found {args.n}, expected a sequence length in [1, {1 << 20}]")
    except BadWeights as err:
        print(f"verify heads: {err}", file=sys.stderr)
        return EXIT_USAGE
    opts = {"disc": args.disc, "with_d": args.with_d, "n": args.n or heads_output.DEFAULT_N, "tolerance": tolerance}
    opts.update(out=str(args.out), method=args.method)
    jobs = [(str(path), p, f, opts) for p, f in layers]
    if args.jobs > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=min(args.jobs, len(jobs))) as pool:
            summaries = list(pool.map(analyze_layer, jobs))
    else:
        summaries = [analyze_layer(job) for job in jobs]
    failed = [s for s in summaries if "error" in s]
    for item in failed:
        print(f"verify heads: {item['error']}", file=sys.stderr)
    good = [s for s in summaries if "error" not in s]
    files = [(Path(name), data) for s in good for name, data in s.pop("_files")]
    if good:
        from verify.checkpoint_plots import summary_png
        from verify.outputs import output_errors

        plot = Path(args.out) / f"heads-per-layer-{path.stem}.png"
        with output_errors(args.out):
            heads_output.write_all([*files, (plot, summary_png(good))])  # every layer's files and the summary, or none
    if args.json:
        error = "; ".join(s["error"] for s in failed) or None
        payload = {"layers": summaries, "summary_plot": str(plot) if good else None, "error": error}
        print(json.dumps(payload, indent=1, sort_keys=True))
    else:
        for summary in good:
            _print(summary)
        if good:
            print("\nlayer                          format  modes   k        smallest H  e_1         method")
            for s in good:
                k = s["k"][0] if s["k"][0] == s["k"][1] else f"{s['k'][0]}-{s['k'][1]}"
                h = s["heads"][1] if s["heads"][0] == s["heads"][1] else f"{s['heads'][0]}-{s['heads'][1]}"
                e1 = s["table"][0]["value"] if s["table"] else 0.0
                print(f"{(s['prefix'] or '(bare)'):<30} {s['format']:<7} {s['modes']:<7} {k!s:<8} {h!s:<11} "
                      f"{e1:<11.4g} {s['method']}")  # fmt: skip
            print(f"summary plot: {plot}")
    if any(s.get("bad_input") for s in failed):
        return EXIT_USAGE
    return EXIT_FAIL if failed else EXIT_OK
