"""`python -m verify modes --ssm FILE.json [--out DIR]`: Appendix A for a user's own real SSM.

Writes and kernel-checks appA.ssm (Jordan chains, closed forms of A^tau and W(tau), eq. (20)),
appA.ssm.features (eq. (21) features and their real form, features merged over q, the exact minimum feature
dimension per head; invertible A only), review.blockdiag.ssm (1x1/2x2 real block form; when the Jordan
structure allows it), review.blockdiag.criterion.ssm (the 1x1/2x2 criterion on W) and, when its verdict is
realizable over QQ, review.blockdiag.realization.ssm (a 1x1/2x2 SSM with the same impulse response). The file
format is that of `verify heads`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sympy.polys.matrices import DomainMatrix

    from verify.progress import Progress

__all__ = ["NAME", "HELP", "add_arguments", "run", "certificates_for", "singular_notes", "feature_counts"]

# The most states `verify modes` takes, refused at once above it (measured: README's performance table, issue 25):
# goals name their parameters, so each closed form is written once; at a dense m = 256 the largest file has about
# 13.7 MB (bound 16 MiB), and the file size grows like m^1.7, so a dense m = 300 would pass the bound.
MAX_MODES_STATES = 256

NAME = "modes"
HELP = "Appendix A for your SSM: Jordan modes, closed forms, lag features, real and 2x2-block forms"
EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `verify modes`."""
    parser.add_argument("--ssm", type=Path, required=True, metavar="FILE", help="JSON file with exact A, B, C")
    parser.add_argument("--out", type=Path, default=Path("modes-certs"), help="folder for the certificates")
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def certificates_for(
    a_rows: list, b_rows: list, c_rows: list, steps: Progress | None = None
) -> tuple[list[dict], list[str]]:
    """The certificates that apply to the SSM, and one note for each that does not (with the reason)."""
    from constructions.modes import NotBlockable
    from verify.claims.sA_realization import realization_outcome
    from verify.claims.sA_review import criterion_certificate
    from verify.claims.sA_singular import block_certificate
    from verify.claims.sA_user import SingularA, features_certificate, modes_certificate, user_data
    from verify.kernel import check_certificate
    from verify.kernel.theories.realization.kind_response import MAX_RESPONSE_SIDE
    from verify.progress import Progress

    steps = steps or Progress("verify modes", quiet=True)
    with steps.step("Jordan chains, closed forms of W, eq. 20 coordinates"):
        data = user_data(a_rows, b_rows, c_rows)
    with steps.step("appA.ssm certificate"):
        certs, notes = [modes_certificate(a_rows, b_rows, c_rows, data)], []
    builds = (
        (features_certificate, SingularA, (a_rows, b_rows, c_rows, data)),
        (block_certificate, NotBlockable, (a_rows, b_rows, c_rows)),
    )
    for build, error, args in builds:
        try:
            with steps.step(build.__name__.replace("_", " ")):
                certs.append(build(*args))
        except error as err:
            notes.append(f"{build.__name__}: not applicable: {err}")
    if len(a_rows) <= MAX_RESPONSE_SIDE:
        with steps.step("1x1/2x2 criterion on the impulse response"):
            criterion = criterion_certificate(a_rows, b_rows, c_rows)
            over = [e for e in check_certificate(criterion).errors if "exceeds the kernel's work bound" in e]
        if over:  # refused at once by the charge (dense SSMs near m = 64): said, not written
            notes.append(f"criterion_certificate: not certified at this size ({over[0].split(': ', 1)[-1]})")
        else:
            certs.append(criterion)
    else:
        notes.append(f"criterion_certificate: not attempted (m = {len(a_rows)} > {MAX_RESPONSE_SIDE} states)")
    verdict = next((c["params"]["verdict"] for c in certs if c["claim"] == "review.blockdiag.criterion.ssm"), None)
    if verdict == "realizable":
        with steps.step("1x1/2x2 realization of the impulse response"):
            realization, note = realization_outcome(a_rows, b_rows, c_rows)
        if realization is None:
            notes.append(f"realization_certificate: {note}")
        else:
            certs.append(realization)
    return certs, notes


def singular_notes(rows: tuple[list, list, list], n: int) -> list[str]:
    """For a singular A: which heads the nilpotent part reaches, and the (A2) lower bound at length n."""
    from verify.claims.sA_singular import head_masks

    notes = []
    for h, mask in enumerate(head_masks(rows, n)):
        if mask["support"]:
            t0, s, r0 = mask["t0"], mask["span"], mask["rank"]
            bound = max((n - t0 - 1) // s + 1, n - (t0 + s - 1)) - r0
            notes.append(
                f"head {h}: the nilpotent part reaches it (t0 = {t0}, s = {s}, R0 = {r0}): any features need "
                f"r >= max(floor((n - {t0} - 1) / {s}) + 1, n - {t0 + s - 1}) - {r0}, i.e. r >= {bound} at n = {n} "
                "(the bound of appA.A2.corrected, computed for this SSM, not kernel-checked)"
            )
        else:
            notes.append(f"head {h}: the nilpotent part does not reach it; lag-only features of fixed size exist")
    return notes


def feature_counts(certs: list[dict]) -> dict | None:
    """The feature-count parameters of appA.ssm.features, when it applies (invertible A): bounds and minimum."""
    for cert in certs:
        if cert["claim"] == "appA.ssm.features":
            params = cert["params"]
            return {
                "paper_bound": params["bound"],
                "merged_bound": params["merged_bound"],
                "minimum_per_head": params["minimum"],
            }
    return None


def criterion_summary(certs: list[dict]) -> dict | None:
    """The verdict of review.blockdiag.criterion.ssm and the minimal polynomial of W, when it was built."""
    for cert in certs:
        if cert["claim"] == "review.blockdiag.criterion.ssm":
            coefficients = cert["params"]["minpoly"]
            terms = [f"({c})*a^{k}" for k, c in enumerate(coefficients) if c != "0"]
            return {"verdict": cert["params"]["verdict"], "minimal_polynomial": " + ".join(terms) or "1"}
    return None


def realization_of(certs: list[dict]) -> dict | None:
    """The block form of review.blockdiag.realization.ssm (size, blocks, minimality), when it was built."""
    from verify.claims.sA_realization import realization_summary

    return next((realization_summary(c) for c in certs if c["claim"] == "review.blockdiag.realization.ssm"), None)


def _short(text: str, limit: int = 160) -> str:
    """A long polynomial shortened in the middle for the terminal (the --json output and the files keep it whole)."""
    if len(text) <= limit:
        return text
    degree = max((int(t.rsplit("^", 1)[1]) for t in text.split(" + ") if "*a^" in t), default=1)
    return f"{text[: limit // 2]} ... {text[-limit // 4 :]} (degree {degree}, {len(text)} characters)"


def _modulus_text(value: str | dict) -> str:
    """A modulus as an expression in a (a long one is written in the certificate as a term list)."""
    if isinstance(value, str):
        return value
    return " + ".join(c if e == [0] else f"{c}*a" if e == [1] else f"{c}*a^{e[0]}" for c, e in value["terms"])


def _rows(matrix: DomainMatrix) -> list[list[str]]:
    """Rows of exact strings from a DomainMatrix over QQ; a complex entry is bad input."""
    rows = matrix.to_Matrix().tolist()
    for row in rows:
        for x in row:
            if not x.is_Rational:
                raise ValueError(f"found the non-real entry {x}; Appendix A here needs a real (rational) SSM")
    return [[str(x) for x in row] for row in rows]


def run(args: argparse.Namespace) -> int:
    """Build and kernel-check every certificate, then write them together; exit 0, 1 rejected, 2 bad input."""
    from verify.certificate import sweep_stale_temps, write_group
    from verify.cli.common import certificate_too_large, checked_bytes, prepare_folder
    from verify.progress import from_args
    from verify.ssm_file import BadInput, read_ssm_file

    steps = from_args(args, "verify modes")
    prepare_folder(args.out, "--out")
    sweep_stale_temps(args.out)
    ssm, _ = read_ssm_file(args.ssm, real=True)
    if ssm.A.shape[0] > MAX_MODES_STATES:
        raise BadInput(
            f"{args.ssm}: A has {ssm.A.shape[0]} states; `verify modes` certifies at most {MAX_MODES_STATES} (its "
            "certificates grow like m^2: about 13.7 MB for the largest file at a dense m = 256, past the kernel's "
            "16 MiB file bound soon above it); `verify heads` answers the number of heads at larger sizes"
        )
    a_rows, b_rows, c_rows = (_rows(m) for m in (ssm.A, ssm.B, ssm.C))
    with certificate_too_large(args.ssm):
        try:
            certs, notes = certificates_for(a_rows, b_rows, c_rows, steps)
        except ValueError as err:
            if "integer string conversion" in str(err):
                raise
            raise BadInput(f"{args.ssm}: {err}") from None
        paths = [(args.out / f"{c['claim']}.json", c) for c in certs]
        with steps.step("kernel re-check of the certificates"):
            files = [(path, checked_bytes(cert, path, args.ssm)) for path, cert in paths]
        params = certs[0]["params"]
        if params["start"]:
            notes += singular_notes((a_rows, b_rows, c_rows), 32)
    write_group(files)
    results = [
        {"claim": c["claim"], "path": str(path), "valid": True, "errors": []} for c, (path, _) in zip(certs, files)
    ]
    summary = {
        "eigenvalues": [
            {"minimal_polynomial": _modulus_text(e["modulus"]), "jordan_blocks": e["chains"]} for e in params["eigen"]
        ],
        "start": params["start"],
        "interaction_rank": len(params["lags"]),
        "features": feature_counts(certs),
        "criterion": criterion_summary(certs),
        "realization": realization_of(certs),
        "certificates": results,
        "notes": notes,
    }
    if args.json:
        print(json.dumps({**summary, "error": None}, indent=1))
    else:
        for e in summary["eigenvalues"]:
            print(f"eigenvalues: roots of {_short(e['minimal_polynomial'])} (in a), Jordan blocks {e['jordan_blocks']}")
        print(f"closed forms hold for tau >= {summary['start']}; interaction rank k = {summary['interaction_rank']}")
        if summary["features"]:
            f = summary["features"]
            print(
                f"feature dimension per head: paper's bound {f['paper_bound']}, merged features {f['merged_bound']} "
                f"(<= m), exact minimum {f['minimum_per_head']} (for every n >= 2 R_h - 1)"
            )
        if summary["criterion"]:
            c = summary["criterion"]
            print(
                f"1x1/2x2 criterion on W: {c['verdict']} (minimal polynomial of W: {_short(c['minimal_polynomial'])})"
            )
        if summary["realization"]:
            r = summary["realization"]
            print(
                f"1x1/2x2 realization of W: state size {r['state_size']}, D' = {r['blocks']} "
                f"({r['minimality']}; B', C' in the certificate)"
            )
        for r in results:
            print(f"{r['claim']}: {'valid' if r['valid'] else 'INVALID'}  {r['path']}")
            for e in r["errors"][:5]:
                print(f"  {e}")
        for note in notes:
            print(note)
    return EXIT_OK if all(r["valid"] for r in results) else EXIT_FAIL
