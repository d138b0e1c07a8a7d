"""`python -m verify heads --ssm FILE.json [--n N] [--out DIR]`: Theorem 4.4 for a user's own exact SSM.

Prints the interaction rank k, the smallest n for which condition (7) holds, and the path of a kernel-checked
certificate of the k-head construction (claim thm4.4.heads, or thm4.4.sufficiency when n < n_min, where (7)
fails and Theorem 4.4's necessity does not apply). The file format is documented in docs/thm4.4.md.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from verify import heads_error
from verify.certificate import certificate_bytes
from verify.outputs import check_own
from verify.ssm_file import read_ssm_file, sequence_length

if TYPE_CHECKING:  # the exact SSM type (SymPy) is imported by read_ssm_file, not by `heads --help` or weight files
    from constructions.ssm import SSM

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "heads"
HELP = "interaction rank k, smallest n for (7), and a certificate of the k-head construction for your SSM"
EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `verify heads`."""
    parser.add_argument("--ssm", type=Path, required=True, metavar="FILE", help="exact JSON A, B, C, or a weight file")
    parser.add_argument("--n", type=int, help="sequence length to certify (default: the smallest n for (7))")
    parser.add_argument("--out", type=Path, default=Path("heads-certs"), help="folder for the certificate")
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    heads_error.add_arguments(parser)  # float weights (.npz, .safetensors, .pt) and the error-versus-heads table


def run(args: argparse.Namespace) -> int:
    """Compute k and n_min, build and kernel-check the certificates, then write them together; print the summary."""
    if heads_error.wants_error_table(args):  # weight files: no exact SSM (SymPy) on this path
        return heads_error.run(args)
    from verify.certificate import sweep_stale_temps, write_group
    from verify.claims.s4_heads import BeyondSupport, heads_basis, heads_certificate
    from verify.cli.common import InputError, certificate_too_large, checked_bytes, output_errors, prepare_folder
    from verify.progress import from_args

    steps = from_args(args, "verify heads")
    prepare_folder(args.out, "--out")
    sweep_stale_temps(args.out)
    with steps.step(f"reading {args.ssm}"):
        ssm, file_n = read_ssm_file(args.ssm)
    n = sequence_length(args.n, "--n") if args.n is not None else file_n
    rows = _refuse_too_large(ssm, args.ssm)
    with certificate_too_large(args.ssm):
        with steps.step("interaction basis (lags and rref; the minimal polynomial unless the lags span all)"):
            try:
                basis = heads_basis(ssm)
            except BeyondSupport as err:
                raise InputError(f"{args.ssm}: {err}") from None
        n = n if n is not None else basis.n_min
        claim_id = "thm4.4.heads" if n >= basis.n_min else "thm4.4.sufficiency"
        path = args.out / f"heads-{args.ssm.stem}-n{n}.json"
        with steps.step("certificate and its kernel re-check"):
            data = checked_bytes(heads_certificate(ssm, n, claim_id, basis, rows), path, args.ssm)
        with steps.step("real 1x1/2x2 block form and its kernel re-check"):
            block_note, block_files = _block_form(ssm, args.out / f"blockdiag-{args.ssm.stem}.json")
        with steps.step("1x1/2x2 criterion on the impulse response and its kernel re-check"):
            criterion_note, criterion_files = _criterion(ssm, args.out / f"criterion-{args.ssm.stem}.json")
        with steps.step("1x1/2x2 realization of the impulse response and its kernel re-check"):
            realization_note, realization_files = _realization(ssm, args.out / f"realization-{args.ssm.stem}.json")
    with output_errors(args.out):
        write_group([*block_files, *criterion_files, *realization_files, (path, data)])
    summary = {
        "ssm": str(args.ssm),
        "field": "QQ(i)" if str(ssm.domain) == "QQ_I" else "QQ",
        "m": ssm.m,
        "p": ssm.p,
        "d": ssm.d,
        "k": basis.k,
        "n_min": basis.n_min,
        "n": n,
        "r": basis.feature_dimension(n),
        "claim": claim_id,
        "certificate": str(path),
        "kernel": "valid",
        "blockdiag": block_note,
        "criterion": criterion_note,
        "realization": realization_note,
        "error": None,
    }
    if args.json:
        print(json.dumps(summary, indent=1, sort_keys=True))
        return EXIT_OK
    print(f"SSM {args.ssm}: m = {ssm.m}, p = {ssm.p}, d = {ssm.d}, entries in {summary['field']}")
    print(f"interaction rank k = {basis.k}")
    print(f"smallest n for condition (7): n_min = {basis.n_min}")
    print(f"k-head construction at n = {n}: {basis.k} heads, head dimension r = {summary['r']}")
    if n < basis.n_min:
        print(f"note: (7) fails at n = {n} < {basis.n_min}; necessity (H >= k) is not claimed at this length")
    print(f"real 1x1/2x2 block form (review.blockdiag.ssm): {summary['blockdiag']}")
    print(f"1x1/2x2 criterion on W (review.blockdiag.criterion.ssm): {summary['criterion']}")
    print(f"1x1/2x2 realization of W (review.blockdiag.realization.ssm): {summary['realization']}")
    print(f"certificate ({claim_id}, kernel check passed): {path}")
    return EXIT_OK


def _refuse_too_large(ssm: SSM, source: Path) -> dict:
    """A, B, C as rows of exact strings; exit 2 at once (before any arithmetic) when the certificate cannot fit."""
    from verify.claims.s4_heads import certificate_size, ssm_rows
    from verify.cli.common import InputError
    from verify.kernel.core.limits import MAX_FILE_BYTES, MAX_JSON_VALUES

    rows = ssm_rows(ssm)
    size, values = certificate_size(rows)
    if size > MAX_FILE_BYTES or values > MAX_JSON_VALUES:
        raise InputError(
            f"{source}: m = {ssm.m}, p = {ssm.p}, d = {ssm.d}: the certificate carries A, B, C, at least "
            f"{size:,} bytes and {values:,} values, more than the kernel reads ({MAX_FILE_BYTES:,} bytes, "
            f"{MAX_JSON_VALUES:,} values); use a smaller state dimension or entries with fewer digits"
        )
    return rows


def _block_form(ssm: SSM, path: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """The related review's block-diagonal real form for a real SSM: (what happened, the file to write if any)."""
    from constructions.blockform import ruled_out_modulo_prime
    from constructions.exact import matrix_rows
    from verify.claims.sA_singular import block_certificate

    if str(ssm.domain) != "QQ":
        return "not attempted (complex entries; the claim is about real SSMs)", []
    reason = ruled_out_modulo_prime(ssm.native[0].re)  # milliseconds; skips the degree-m factorization over QQ
    if reason is not None:
        return f"not certified: {reason}", []
    try:
        cert = block_certificate(*(matrix_rows(m) for m in (ssm.A, ssm.B, ssm.C)))
    except ValueError as err:  # NotBlockable says which Jordan structure prevents it
        if "integer string conversion" in str(err):
            raise
        return f"not certified: {err}", []
    data = certificate_bytes(cert)
    result = check_own(data, path)
    if not result.valid:
        return "kernel rejected: " + "; ".join(result.errors[:3]), []
    return f"certified, {path}", [(path, data)]


def _criterion(ssm: SSM, path: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """The 1x1/2x2 criterion on the impulse response of a real SSM: (verdict and polynomial, the file to write)."""
    from constructions.exact import matrix_rows
    from verify.claims.sA_review import criterion_certificate
    from verify.kernel.theories.realization.kind_response import MAX_RESPONSE_SIDE

    if str(ssm.domain) != "QQ":
        return "not attempted (complex entries; the claim is about real SSMs)", []
    if ssm.m > MAX_RESPONSE_SIDE:
        return f"not attempted (m = {ssm.m} > {MAX_RESPONSE_SIDE} states)", []
    cert = criterion_certificate(*(matrix_rows(m) for m in (ssm.A, ssm.B, ssm.C)))
    data = certificate_bytes(cert)
    result = check_own(data, path)
    if not result.valid:
        over = [e for e in result.errors if "exceeds the kernel's work bound" in e]
        if over:  # the size, not a fault of the certificate: said as for the realization
            return f"not certified at this size ({over[0].split(': ', 1)[-1]})", []
        return "kernel rejected: " + "; ".join(result.errors[:3]), []
    params = cert["params"]
    degree = len(params["minpoly"]) - 1
    return f"{params['verdict']} (minimal polynomial of W of degree {degree}), certified, {path}", [(path, data)]


def _realization(ssm: SSM, path: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """A real SSM with 1x1/2x2 blocks and the same impulse response, when the verdict is realizable over QQ."""
    from constructions.exact import matrix_rows
    from verify.claims.sA_realization import realization_outcome
    from verify.kernel.theories.realization.kind_response import MAX_RESPONSE_SIDE

    if str(ssm.domain) != "QQ":
        return "not attempted (complex entries; the claim is about real SSMs)", []
    if ssm.m > MAX_RESPONSE_SIDE:  # said before the rows are written out (seconds at m = 512)
        return f"not attempted (m = {ssm.m} > {MAX_RESPONSE_SIDE} states)", []
    cert, note = realization_outcome(*(matrix_rows(m) for m in (ssm.A, ssm.B, ssm.C)))
    if cert is None:
        return note, []
    data = certificate_bytes(cert)
    result = check_own(data, path)
    if not result.valid:
        return "kernel rejected: " + "; ".join(result.errors[:3]), []
    return f"certified, {note}, {path}", [(path, data)]
