"""Canonical JSON for certificates: one byte sequence per content, a content hash, a strict reader."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from .errors import KernelError
from .limits import MAX_FILE_BYTES, MAX_JSON_CONTAINERS, MAX_JSON_VALUES, MAX_NESTING

__all__ = [
    "FloatSeen",
    "ReadError",
    "canonical_bytes",
    "content_hash",
    "digest",
    "load_json",
    "read_bounded",
    "reading_units",
]


class ReadError(Exception):
    """A file that cannot be read within its bound; the message (one line) names the file and the reason."""


def read_bounded(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, read without blocking and never more than limit + 1.

    The file is opened without blocking and checked with fstat on the open descriptor, so a pipe or device swapped
    in after a stat cannot hang the read; a folder, a device, a pipe or a larger file is a ReadError.
    """
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise ReadError(f"{source}: is a folder, expected a {what}")
            if not stat.S_ISREG(info.st_mode):
                raise ReadError(f"{source}: not a regular file (a device, pipe or socket), expected a {what}")
            if info.st_size > limit:
                raise ReadError(f"{source}: {info.st_size} bytes, more than the bound of {limit} bytes for a {what}")
            with os.fdopen(fd, "rb", closefd=False) as handle:
                data = handle.read(limit + 1)
        finally:
            os.close(fd)
    except OSError as err:
        raise ReadError(f"{source}: cannot read ({err.strerror or err})") from None
    if len(data) > limit:
        raise ReadError(f"{source}: grew past the bound of {limit} bytes for a {what} while it was read")
    return data


class FloatSeen(float):
    """A JSON float: a float (hashed as one) that is not an int or a string, so that every exact field rejects it."""


def _canonical_float(text: str) -> FloatSeen:
    """A JSON float spelled as Python writes it (repr), never -0.0: one spelling per value, like every number."""
    value = FloatSeen(text)
    if float(value) == 0.0 and text.startswith("-"):
        raise KernelError("json", f"found the float {text[:40]}, expected 0.0 (no '-0')")
    if repr(float(value)) != text:
        raise KernelError("json", f"found the float {text[:40]}, expected its canonical spelling {float(value)!r}")
    return value


def _canonical_int(text: str) -> int:
    """A JSON integer other than -0 (JSON itself refuses leading zeros and '+')."""
    if text == "-0":
        raise KernelError("json", "found the integer -0, expected 0 (canonical numbers only)")
    return int(text)


def _reject_constant(name: str) -> None:
    raise KernelError("json", f"found {name}, expected exact numbers only (NaN and Infinity are not numbers)")


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise KernelError("json", f"duplicate key {key!r}")
        out[key] = value
    return out


def _not_ascii(text: str) -> KernelError:
    """The error for a string (a key or a value) with a character outside ASCII."""
    return KernelError("json", f"found the string {ascii(text[:40])}, expected ASCII characters only")


def _depth(value: object, strings: bool) -> int:
    """Nesting depth of arrays and objects, without recursion; with `strings`, a non-ASCII string is a KernelError.

    Only arrays and objects are pushed on the stack, so the walk allocates nothing per scalar.
    """
    if strings and isinstance(value, str) and not value.isascii():
        raise _not_ascii(value)
    deepest, stack = 0, [(value, 1)] if isinstance(value, (list, dict)) else []
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_NESTING:
            return deepest
        children = item.values() if isinstance(item, dict) else item
        for child in (*item, *children) if strings and isinstance(item, dict) else children:
            if isinstance(child, (list, dict)):
                stack.append((child, level + 1))
            elif strings and isinstance(child, str) and not child.isascii():
                raise _not_ascii(child)
    return deepest


def _count_before_parsing(data: bytes, where: str) -> tuple[int, int]:
    """Bound the values a file can make before it is parsed: counting bytes is cheap, Python objects are not.

    Every JSON value after the first in an array or object follows a comma, so values <= commas + containers + 1;
    a comma or bracket inside a string only makes the count larger (the bound errs on the side of refusing).
    Returns (commas, containers).
    """
    commas, containers = data.count(b","), data.count(b"[") + data.count(b"{")
    if commas > MAX_JSON_VALUES or containers > MAX_JSON_CONTAINERS:
        raise KernelError(
            where,
            f"found {commas} commas and {containers} brackets, expected at most {MAX_JSON_VALUES} values and "
            f"{MAX_JSON_CONTAINERS} arrays or objects in one file",
        )
    return commas, containers


def reading_units(data: bytes, where: str) -> int:
    """Work units for reading, parsing and hashing these bytes, counted on the bytes before any of it is done.

    Measured with benchmarks/bench_kernel.py (parse, ASCII and depth walk, two canonical hashes): about 1.5 us per
    value (floats, the dearest scalar), 2 us per array or object and 0.02 us per byte; 2 units per comma, 4 per
    bracket and one per 16 bytes is at or above each. A file over the count bounds is a KernelError here.
    """
    commas, containers = _count_before_parsing(data, where)
    return 2 * commas + 4 * containers + len(data) // 16


def load_json(data: bytes, where: str) -> object:
    """Parse certificate bytes strictly: bounded size and depth, ASCII only, no NaN, no duplicate keys."""
    if len(data) > MAX_FILE_BYTES:
        raise KernelError(where, f"file has {len(data)} bytes, more than the bound {MAX_FILE_BYTES}")
    if not data.isascii():
        position = next(i for i, byte in enumerate(data) if byte > 127)
        raise KernelError(where, f"found a non-ASCII byte at offset {position}, expected an ASCII file")
    _count_before_parsing(data, where)
    try:
        value = json.loads(
            data.decode("ascii"),
            parse_float=_canonical_float,
            parse_int=_canonical_int if b"-0" in data else None,  # only -0 can be a non-canonical JSON integer
            parse_constant=_reject_constant,
            object_pairs_hook=_no_duplicates,
        )
        too_deep = (
            _depth(value, strings=b"\\u" in data) > MAX_NESTING
        )  # ASCII bytes: only a \u escape makes non-ASCII text
    except KernelError as err:
        raise KernelError(where, err.message) from None
    except RecursionError:
        raise KernelError(where, f"JSON nested deeper than {MAX_NESTING}") from None
    except ValueError as err:
        raise KernelError(where, f"not valid JSON ({err})") from None
    if too_deep:
        raise KernelError(where, f"JSON nested deeper than {MAX_NESTING}")
    return value


def _compact(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def _layout(value: object, indent: str) -> str:
    """Objects one key per line; a list without objects on one line when short, else one item per line."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + " "
        items = [f"{inner}{json.dumps(k, ensure_ascii=True)}: {_layout(value[k], inner)}" for k in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        flat = _compact(value)
        if not value or ("{" not in flat and len(flat) <= 100):
            return flat
        inner = indent + " "
        return "[\n" + ",\n".join(inner + _layout(v, inner) for v in value) + "\n" + indent + "]"
    return _compact(value)


def canonical_bytes(value: object) -> bytes:
    """The canonical serialization: sorted keys, ASCII, short lists on one line, trailing newline."""
    return (_layout(value, "") + "\n").encode("ascii")


def digest(value: object, leave_out: tuple[str, ...] = ()) -> str:
    """sha256 of the compact canonical JSON of a value (an object without the keys in leave_out)."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k not in leave_out}
    compact = json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(compact.encode("ascii")).hexdigest()


def content_hash(certificate: dict[str, Any]) -> str:
    """The certificate's hash: sha256 of everything in it but the hash field itself."""
    return digest(certificate, ("hash",))
