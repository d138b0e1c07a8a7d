"""`python -m verify heads --ssm FILE.json [--n N] [--out DIR]`: Theorem 4.4 for a user's own exact SSM.

Prints the interaction rank k, the smallest n for which condition (7) holds, and the path of a kernel-checked
certificate of the k-head construction (claim thm4.4.heads, or thm4.4.sufficiency when n < n_min, where (7)
fails and Theorem 4.4's necessity does not apply). The file format is documented in docs/thm4.4.md.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from constructions.ssm import SSM, interaction_basis, parse_exact, ssm_from_strings
from verify import heads_error
from verify.certificate import certificate_bytes
from verify.inputs import InputError, read_bounded
from verify.kernel import check_certificate, load_json
from verify.kernel.core.limits import MAX_NUMBER_DIGITS
from verify.kernel.theories.ssm.kind_ssm import MAX_DIMENSION, MAX_LENGTH

__all__ = ["NAME", "HELP", "add_arguments", "run", "read_ssm_file", "BadInput"]

NAME = "heads"
HELP = "interaction rank k, smallest n for (7), and a certificate of the k-head construction for your SSM"
EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2
_KNOWN = {"A", "B", "C", "n", "name", "description"}


MAX_SSM_BYTES = 8 * 1024 * 1024  # 3 matrices of at most 64 x 64 entries, far beyond any SSM the kernel can check


class BadInput(InputError):
    """A user's SSM file that cannot be used; the message names the file and the field (exit 2, one line)."""


class _Float(str):
    """A JSON float, kept as text so that the message can quote it."""


class _Int(str):
    """A JSON integer, kept as text so that its length is checked before Python converts it."""


class _Duplicate(Exception):
    """A JSON object with the same key twice."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object whose keys are all different (a repeated key would silently hide the first value)."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `verify heads`."""
    parser.add_argument("--ssm", type=Path, required=True, metavar="FILE", help="exact JSON A, B, C, or a weight file")
    parser.add_argument("--n", type=int, help="sequence length to certify (default: the smallest n for (7))")
    parser.add_argument("--out", type=Path, default=Path("heads-certs"), help="folder for the certificate")
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    heads_error.add_arguments(parser)  # float weights (.npz, .safetensors, .pt) and the error-versus-heads table


def _entry(value: object, where: str) -> str:
    """One matrix entry: an exact number string (or a JSON integer); floats and anything else are rejected."""
    if isinstance(value, _Float):
        raise BadInput(f"{where}: found the float {value}, expected an exact string such as '1/2' or '3/5+4/5*i'")
    if isinstance(value, _Int):
        return str(_integer(value, where))
    if isinstance(value, str) and not value.isascii():
        bad = next(ch for ch in value if not ch.isascii())
        raise BadInput(f"{where}: found the non-ASCII character {bad!r}; expected ASCII digits such as '3/5'")
    if not isinstance(value, str):
        raise BadInput(f"{where}: found {type(value).__name__} {value!r}, expected an exact string such as '3/5'")
    return value


def _matrix(data: dict, name: str, source: str) -> list[list[str]]:
    """The field `name` as a nonempty rectangular list of rows of exact entries."""
    where = f"{source}: field {name}"
    if name not in data:
        raise BadInput(f"{where}: missing; expected a list of rows of exact number strings")
    value = data[name]
    if not isinstance(value, list) or not value:
        raise BadInput(f"{where}: expected a nonempty list of rows, found {json.dumps(value)[:60]}")
    if not all(isinstance(row, list) and row for row in value):
        raise BadInput(f"{where}: every row must be a nonempty list of entries")
    cols = len(value[0])
    for i, row in enumerate(value):
        if len(row) != cols:
            raise BadInput(f"{where}[{i}]: has {len(row)} entries, expected {cols} like row 0")
    if len(value) > MAX_DIMENSION or cols > MAX_DIMENSION:
        raise BadInput(f"{where}: shape {len(value)}x{cols}, expected at most {MAX_DIMENSION} rows and columns")
    return [[_entry(x, f"{where}[{i}][{j}]") for j, x in enumerate(row)] for i, row in enumerate(value)]


def _integer(text: str, where: str) -> int:
    """A JSON integer's value, refused before conversion when it has more digits than the kernel accepts."""
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise BadInput(f"{where}: an integer with {len(text.lstrip('-'))} digits, more than {MAX_NUMBER_DIGITS}")
    return int(text)


def _length(value: object, where: str) -> int:
    """A sequence length: an integer in [1, MAX_LENGTH]."""
    value = _integer(value, where) if isinstance(value, _Int) else value
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LENGTH:
        raise BadInput(f"{where}: found {value!r}, expected an integer sequence length in [1, {MAX_LENGTH}]")
    return value


def _load(path: Path) -> object:
    """The file's JSON, read with a size bound and strictly (no duplicate keys, numbers kept as text)."""
    source = str(path)
    try:
        text = read_bounded(Path(path), MAX_SSM_BYTES, "JSON file with A, B, C").decode("utf-8")
    except InputError as err:
        raise BadInput(str(err)) from None
    except UnicodeDecodeError as err:
        raise BadInput(f"{source}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    try:
        return json.loads(
            text, parse_float=_Float, parse_int=_Int, parse_constant=_Float, object_pairs_hook=_no_duplicates
        )
    except _Duplicate as err:
        raise BadInput(f"{source}: the key {err.args[0]!r} appears twice in one object; expected each once") from None
    except RecursionError:
        raise BadInput(f"{source}: nested too deeply; expected an object of matrices (rows of entries)") from None
    except ValueError as err:
        raise BadInput(f"{source}: not valid JSON ({err})") from None


def _check_entries(matrices: dict[str, list[list[str]]], source: str, real: bool) -> None:
    """Every entry parses as an exact number (and is real when `real`); the first bad one is named."""
    for name, M in matrices.items():
        for i, row in enumerate(M):
            for j, x in enumerate(row):
                where = f"{source}: field {name}[{i}][{j}]"
                if max(map(len, re.findall(r"[0-9]+", x)), default=0) > MAX_NUMBER_DIGITS:
                    raise BadInput(f"{where}: a number with more than {MAX_NUMBER_DIGITS} digits")
                try:
                    value = parse_exact(x)
                except ValueError as err:
                    raise BadInput(f"{where}: {err}") from None
                if real and getattr(value, "y", 0) != 0:
                    raise BadInput(
                        f"{where}: found the non-real entry {x!r}; this command needs real entries "
                        "(Appendix A is about real SSMs; `verify heads` accepts Gaussian rationals)"
                    )


def read_ssm_file(path: Path, real: bool = False) -> tuple[SSM, int | None]:
    """Read and validate a user's SSM file; BadInput names the file, the field and what was expected.

    One rule for entries, in every command: exact strings "p", "p/q" or Gaussian rationals "a+b*i" (ASCII
    digits, at most MAX_NUMBER_DIGITS per integer) or JSON integers; with `real`, a non-real entry is bad input.
    """
    source = str(path)
    data = _load(path)
    if not isinstance(data, dict):
        raise BadInput(f"{source}: expected a JSON object with fields A, B, C (and optionally n, name, description)")
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise BadInput(f"{source}: unknown fields {unknown}; expected only {sorted(_KNOWN)}")
    A, B, C = (_matrix(data, name, source) for name in ("A", "B", "C"))
    m = len(A)
    if len(A[0]) != m:
        raise BadInput(f"{source}: field A: shape {m}x{len(A[0])}, expected a square m x m matrix")
    if len(B) != m:
        raise BadInput(f"{source}: field B: has {len(B)} rows, expected m = {m} (the size of A)")
    if len(C[0]) != m:
        raise BadInput(f"{source}: field C: has {len(C[0])} columns, expected m = {m} (the size of A)")
    _check_entries({"A": A, "B": B, "C": C}, source, real)
    n = _length(data["n"], f"{source}: field n") if "n" in data else None
    return ssm_from_strings(A, B, C), n


def run(args: argparse.Namespace) -> int:
    """Compute k and n_min, build and kernel-check the certificates, then write them together; print the summary."""
    from verify.certificate import sweep_stale_temps, write_group
    from verify.claims.s4_heads import heads_certificate
    from verify.cli.common import certificate_too_large, checked_bytes, output_errors, prepare_folder

    if heads_error.wants_error_table(args):
        return heads_error.run(args)
    from verify.progress import from_args

    steps = from_args(args, "verify heads")
    prepare_folder(args.out, "--out")
    sweep_stale_temps(args.out)
    with steps.step(f"reading {args.ssm}"):
        ssm, file_n = read_ssm_file(args.ssm)
    n = _length(args.n, "--n") if args.n is not None else file_n
    with certificate_too_large(args.ssm):
        with steps.step("interaction basis (minimal polynomial, lags, rref)"):
            basis = interaction_basis(ssm)
        n = n if n is not None else basis.n_min
        claim_id = "thm4.4.heads" if n >= basis.n_min else "thm4.4.sufficiency"
        path = args.out / f"heads-{args.ssm.stem}-n{n}.json"
        with steps.step("certificate and its kernel re-check"):
            data = checked_bytes(heads_certificate(ssm, n, claim_id, basis), path, args.ssm)
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


def _block_form(ssm: SSM, path: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """The related review's block-diagonal real form for a real SSM: (what happened, the file to write if any)."""
    from verify.claims.sA_singular import block_certificate
    from verify.exact import matrix_rows

    if str(ssm.domain) != "QQ":
        return "not attempted (complex entries; the claim is about real SSMs)", []
    try:
        cert = block_certificate(*(matrix_rows(m) for m in (ssm.A, ssm.B, ssm.C)))
    except ValueError as err:  # NotBlockable says which Jordan structure prevents it
        if "integer string conversion" in str(err):
            raise
        return f"not certified: {err}", []
    data = certificate_bytes(cert)
    result = check_certificate(load_json(data, str(path)), str(path))
    if not result.valid:
        return "kernel rejected: " + "; ".join(result.errors[:3]), []
    return f"certified, {path}", [(path, data)]


def _criterion(ssm: SSM, path: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """The 1x1/2x2 criterion on the impulse response of a real SSM: (verdict and polynomial, the file to write)."""
    from verify.claims.sA_review import criterion_certificate
    from verify.exact import matrix_rows
    from verify.kernel.theories.realization.kind_response import MAX_RESPONSE_SIDE

    if str(ssm.domain) != "QQ":
        return "not attempted (complex entries; the claim is about real SSMs)", []
    if ssm.m > MAX_RESPONSE_SIDE:
        return f"not attempted (m = {ssm.m} > {MAX_RESPONSE_SIDE} states)", []
    cert = criterion_certificate(*(matrix_rows(m) for m in (ssm.A, ssm.B, ssm.C)))
    data = certificate_bytes(cert)
    result = check_certificate(load_json(data, str(path)), str(path))
    if not result.valid:
        return "kernel rejected: " + "; ".join(result.errors[:3]), []
    params = cert["params"]
    degree = len(params["minpoly"]) - 1
    return f"{params['verdict']} (minimal polynomial of W of degree {degree}), certified, {path}", [(path, data)]


def _realization(ssm: SSM, path: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """A real SSM with 1x1/2x2 blocks and the same impulse response, when the verdict is realizable over QQ."""
    from verify.claims.sA_realization import realization_outcome
    from verify.exact import matrix_rows

    if str(ssm.domain) != "QQ":
        return "not attempted (complex entries; the claim is about real SSMs)", []
    cert, note = realization_outcome(*(matrix_rows(m) for m in (ssm.A, ssm.B, ssm.C)))
    if cert is None:
        return note, []
    data = certificate_bytes(cert)
    result = check_certificate(load_json(data, str(path)), str(path))
    if not result.valid:
        return "kernel rejected: " + "; ".join(result.errors[:3]), []
    return f"certified, {note}, {path}", [(path, data)]
