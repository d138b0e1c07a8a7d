"""A user's exact SSM file (JSON with A, B, C and optionally n): read strictly, every bad field named.

One rule for entries in every command that reads such a file (`verify heads`, `verify modes` and the
error table of `verify heads --tolerance`); the format is documented in docs/thm4.4.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

from verify.inputs import InputError, read_bounded
from verify.kernel.core.limits import MAX_FILE_BYTES, MAX_NUMBER_DIGITS
from verify.kernel.theories.ssm.kind_ssm import MAX_DIMENSION, MAX_LENGTH

if TYPE_CHECKING:  # constructions.ssm (SymPy) is imported when a file is read, not when a command's module loads
    from constructions.ssm import SSM

__all__ = ["BadInput", "read_ssm_file", "sequence_length", "MAX_SSM_BYTES"]

_KNOWN = {"A", "B", "C", "n", "name", "description"}
# A file larger than the kernel's file bound cannot become a certificate (which carries A, B, C once); a dense
# 1024-state SSM of one-digit fractions (the largest m the kernel reads, ssm_span.MAX_DIMENSION) has about 8 MB.
MAX_SSM_BYTES = MAX_FILE_BYTES


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


def sequence_length(value: object, where: str) -> int:
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
    """Every entry parses as an exact number (and is real when `real`); the first bad one is named.

    Each distinct text is checked once, at its first place (a dense 1024-state A has a million entries, often a
    few hundred distinct ones), so the first bad entry is still the one named.
    """
    from constructions.ssm import parse_exact

    seen: set[str] = set()
    for name, M in matrices.items():
        for i, row in enumerate(M):
            for j, x in enumerate(row):
                if x in seen:
                    continue
                seen.add(x)
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
    n = sequence_length(data["n"], f"{source}: field n") if "n" in data else None
    from constructions.ssm import ssm_from_strings

    return ssm_from_strings(A, B, C), n
