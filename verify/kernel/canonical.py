"""Canonical JSON for certificates: one byte sequence per content, a content hash, a strict reader."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from .errors import KernelError
from .limits import MAX_FILE_BYTES, MAX_NESTING

__all__ = ["FloatSeen", "ReadError", "canonical_bytes", "content_hash", "digest", "load_json", "read_bounded"]


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


class FloatSeen(str):
    """A JSON float, kept as its text so that the checker can name the field where it appeared."""


def _reject_constant(name: str) -> None:
    raise KernelError("json", f"found {name}, expected exact numbers only (NaN and Infinity are not numbers)")


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise KernelError("json", f"duplicate key {key!r}")
        out[key] = value
    return out


def _depth(value: object) -> int:
    """Nesting depth of arrays and objects, computed without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if deepest > MAX_NESTING:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def load_json(data: bytes, where: str) -> object:
    """Parse certificate bytes strictly: bounded size and depth, no NaN, no duplicate keys."""
    if len(data) > MAX_FILE_BYTES:
        raise KernelError(where, f"file has {len(data)} bytes, more than the bound {MAX_FILE_BYTES}")
    try:
        text = data.decode("utf-8")
        value = json.loads(
            text, parse_float=FloatSeen, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates
        )
    except KernelError as err:
        raise KernelError(where, err.message) from None
    except RecursionError:
        raise KernelError(where, f"JSON nested deeper than {MAX_NESTING}") from None
    except (UnicodeDecodeError, ValueError) as err:
        raise KernelError(where, f"not valid JSON ({err})") from None
    if _depth(value) > MAX_NESTING:
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


def _as_read(value: object) -> object:
    """Undo FloatSeen so that a hash covers a float exactly as it was written."""
    if isinstance(value, FloatSeen):
        return float(value)
    if isinstance(value, dict):
        return {k: _as_read(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_read(v) for v in value]
    return value


def digest(value: object, leave_out: tuple[str, ...] = ()) -> str:
    """sha256 of the compact canonical JSON of a value (an object without the keys in leave_out)."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k not in leave_out}
    compact = json.dumps(_as_read(value), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(compact.encode("ascii")).hexdigest()


def content_hash(certificate: dict) -> str:
    """The certificate's hash: sha256 of everything in it but the hash field itself."""
    return digest(certificate, ("hash",))
