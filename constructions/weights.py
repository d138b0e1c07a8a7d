"""Float weights in, an exact SSM out: .npz, .safetensors and torch .pt state dicts, every float as its dyadic value.

Arrays are found by name: `{prefix}A`, `{prefix}B`, `{prefix}C`, or a real/imaginary pair `{prefix}A_re` and
`{prefix}A_im` (also `_real` / `_imag`) for each of them. They are the discrete-time matrices of
h_t = A h_{t-1} + B x_t, y_t = C h_t (the paper's Definition 3.2), so W(tau) = C A^tau B; a feedthrough D is
not part of W and is ignored. A 1-D A (or a square A that is exactly diagonal) is a diagonal A, complex as S4D
stores it, and then W(tau) = Re(C diag(A)^tau B); a square non-diagonal A must be real (with real B, C).
A 1-D B is one input column (m x 1), a 1-D C one output row (1 x m). A real array with one more axis of
length 2 (torch.view_as_real, as S4D stores C: (p, m, 2); A as (m, 2) when m != 2) is read as complex.

Every float16/bfloat16/float32/float64 value is a dyadic rational p / 2^e, written exactly as "p/2^e" (no
rounding anywhere); NaN and infinities are refused with the array and index named. The files themselves are
read (size-checked, regular files only, hostile headers refused) by constructions/weight_files.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from constructions.weight_files import (
    MAX_INFLATED_BYTES,
    MAX_WEIGHT_BYTES,
    WEIGHT_SUFFIXES,
    BadWeights,
    read_arrays,
    safetensors_bytes,
)
from verify.kernel import HEADS_ERROR_MAX_DENSE as MAX_DENSE
from verify.kernel import HEADS_ERROR_MAX_OUTPUTS as MAX_OUTPUTS
from verify.kernel import HEADS_ERROR_MAX_STATE as MAX_STATE

__all__ = [
    "float_system",
    "BadWeights",
    "ExactSystem",
    "MAX_WEIGHT_BYTES",
    "MAX_INFLATED_BYTES",
    "WEIGHT_SUFFIXES",
    "read_arrays",
    "find_blocks",
    "exact_system",
    "load_system",
    "dyadic_text",
    "safetensors_bytes",
]

_PAIRS = (("_re", "_im"), ("_real", "_imag"))


@dataclass(frozen=True)
class ExactSystem:
    """An SSM with exact entries (number strings the kernel reads) and where it came from."""

    form: str  # "diagonal" or "dense"
    A: list  # diagonal: m numbers; dense: m rows of m numbers
    B: list[list[str]]
    C: list[list[str]]
    source: dict = field(default_factory=dict)

    @property
    def m(self) -> int:
        """State dimension (complex entries for a diagonal A)."""
        return len(self.A)

    @property
    def d(self) -> int:
        """Input dimension."""
        return len(self.B[0])

    @property
    def p(self) -> int:
        """Output dimension."""
        return len(self.C)


def dyadic_text(value: float) -> str:
    """The exact value of a binary float as 'p' or 'p/q' (q a power of two)."""
    num, den = float(value).as_integer_ratio()
    return str(num) if den == 1 else f"{num}/{den}"


def _complex_text(re_part: float, im_part: float) -> str:
    """The exact value of a complex float pair in the kernel's 'a+b*i' form."""
    from constructions.exact_text import gaussian_text

    return gaussian_text(dyadic_text(re_part), dyadic_text(im_part))


def _finite(array: np.ndarray, name: str, source: str) -> np.ndarray:
    """The array as float64 or complex128 (exact for every supported dtype); NaN or Inf is refused."""
    if array.dtype.kind not in "fciub" or array.dtype.itemsize > 16:
        raise BadWeights(f"{source}: array {name!r} has dtype {array.dtype}, expected floats or integers")
    wide = array.astype(np.complex128 if array.dtype.kind == "c" else np.float64)
    if array.dtype.kind in "iu" and np.any(np.abs(array.astype(object)) >= 2**53):
        raise BadWeights(f"{source}: array {name!r} has integers of 2^53 or more, expected exact float64 values")
    bad = np.argwhere(~np.isfinite(wide))
    if len(bad):
        index = tuple(int(i) for i in bad[0])
        raise BadWeights(f"{source}: array {name!r} entry {list(index)} is {wide[index]}, expected a finite number")
    return wide


def _lookup(arrays: dict, prefix: str, letter: str) -> tuple[str, ...] | None:
    """The array name(s) holding matrix `letter`: one name, or a (real, imaginary) pair; None when absent."""
    if prefix + letter in arrays:
        return (prefix + letter,)
    for re_suffix, im_suffix in _PAIRS:
        pair = (prefix + letter + re_suffix, prefix + letter + im_suffix)
        if all(name in arrays for name in pair):
            return pair
    return None


def find_blocks(arrays: dict) -> list[str]:
    """Every prefix X for which the file holds X A, X B and X C (or their real/imaginary pairs), sorted."""
    candidates = set()
    for name in arrays:
        for tail in ("A", "A_re", "A_real"):
            if name.endswith(tail):
                candidates.add(name[: -len(tail)])
    return sorted(x for x in candidates if all(_lookup(arrays, x, letter) for letter in "ABC"))


def _matrix(arrays: dict, prefix: str, letter: str, source: str) -> tuple[np.ndarray, list[str]]:
    """Matrix `letter` as a float64/complex128 array, and the names it was read from."""
    names = _lookup(arrays, prefix, letter)
    if names is None:
        hint = ""
        if prefix + "log_A_real" in arrays:
            hint = "; found S4D's continuous-time log_A_real: store the discretized A (see examples/make_weights.py)"
        shown = ", ".join(sorted(arrays)[:12]) or "none"
        raise BadWeights(
            f"{source}: no array {prefix + letter!r} (nor {prefix + letter}_re/_im); arrays found: {shown}{hint}"
        )
    parts = [_finite(np.asarray(arrays[name]), name, source) for name in names]
    for name, part in zip(names, parts):
        if part.size == 0 or not 1 <= part.ndim <= 3:
            raise BadWeights(
                f"{source}: array {name!r} has shape {list(part.shape)}, expected a nonempty array with 1 to 3 axes"
            )
    if len(parts) == 2:
        if parts[0].shape != parts[1].shape or parts[0].dtype.kind == "c" or parts[1].dtype.kind == "c":
            raise BadWeights(f"{source}: arrays {list(names)} must be real arrays of one shape")
        return parts[0] + 1j * parts[1], list(names)
    return parts[0], list(names)


def _texts(array: np.ndarray) -> list:
    """Exact number strings with the array's nesting (rows of a 2-D array, entries of a 1-D one)."""
    if array.ndim == 2:
        return [_texts(row) for row in array]
    if array.dtype.kind == "c":
        return [_complex_text(z.real, z.imag) for z in array]
    return [dyadic_text(x) for x in array]


def _as_complex(array: np.ndarray, ndim: int) -> np.ndarray:
    """torch.view_as_real's layout (a last axis of 2 real numbers, as S4D stores C) read as complex numbers."""
    if array.ndim == ndim and array.shape[-1] == 2 and array.dtype.kind == "f":
        return array[..., 0] + 1j * array[..., 1]
    return array


def float_system(arrays: dict, prefix: str, source: str) -> tuple[str, np.ndarray, np.ndarray, np.ndarray, dict]:
    """(form, A, B, C, names) of the SSM under `prefix` as float64/complex128 arrays, shapes checked, no size limit.

    form "diagonal" (A stored as its diagonal, or a diagonal matrix; complex allowed) or "dense" (real A, B, C).
    """
    (A, a_names), (B, b_names), (C, c_names) = (_matrix(arrays, prefix, x, source) for x in "ABC")
    A = _as_complex(A, 2 if A.ndim == 2 and A.shape[0] != 2 else 3)
    B, C = _as_complex(B, 3), _as_complex(C, 3)
    if A.ndim == 2 and A.shape[0] == A.shape[1] and not np.any(A - np.diag(np.diag(A))):
        A = np.diag(A).copy()
    B = B.reshape(-1, 1) if B.ndim == 1 else B
    C = C.reshape(1, -1) if C.ndim == 1 else C
    m = A.shape[0]
    if A.ndim not in (1, 2) or (A.ndim == 2 and A.shape != (m, m)):
        raise BadWeights(f"{source}: array {a_names[0]!r} has shape {list(A.shape)}, expected (m,) or (m, m)")
    if B.ndim != 2 or B.shape[0] != m:
        raise BadWeights(f"{source}: array {b_names[0]!r} has shape {list(B.shape)}, expected ({m}, d)")
    if C.ndim != 2 or C.shape[1] != m:
        raise BadWeights(f"{source}: array {c_names[0]!r} has shape {list(C.shape)}, expected (p, {m})")
    form = "diagonal" if A.ndim == 1 else "dense"
    if form == "dense":
        for name, M in ((a_names[0], A), (b_names[0], B), (c_names[0], C)):
            if M.dtype.kind == "c" and np.any(M.imag):
                raise BadWeights(f"{source}: array {name!r} is complex; a non-diagonal A needs real A, B and C")
        A, B, C = A.real, B.real, C.real
    return form, A, B, C, {"A": a_names, "B": b_names, "C": c_names}


def exact_system(arrays: dict, prefix: str, source: str, sha256: str) -> ExactSystem:
    """The exact SSM stored under `prefix`, with shapes, form and sizes checked."""
    form, A, B, C, names = float_system(arrays, prefix, source)
    m = A.shape[0]
    limit = MAX_STATE if form == "diagonal" else MAX_DENSE
    if m > limit or B.shape[1] * C.shape[0] > MAX_OUTPUTS:
        raise BadWeights(
            f"{source}: sizes m = {m}, p * d = {B.shape[1] * C.shape[0]}; at most {limit} and {MAX_OUTPUTS}"
        )
    a_names, b_names, c_names = names["A"], names["B"], names["C"]
    dtypes = {name: str(np.asarray(arrays[name]).dtype) for name in a_names + b_names + c_names}
    info: dict[str, object] = {"file": Path(source).name, "sha256": sha256, "prefix": prefix}
    info["arrays"] = {"A": a_names, "B": b_names, "C": c_names}
    info["dtypes"] = dtypes
    return ExactSystem(form, _texts(A), _texts(B), _texts(C), info)


def load_system(path: Path, prefix: str = "") -> ExactSystem:
    """Read a weight file and return the exact SSM under `prefix`."""
    arrays, sha = read_arrays(path)
    return exact_system(arrays, prefix, str(path), sha)
