"""The kernel's one error type: where a certificate went wrong, what was found, what was expected."""

from __future__ import annotations

from typing import Any

__all__ = ["JSONObject", "KernelError", "field", "expect_keys", "rectangular_shape"]

# A JSON object as the strict reader (canonical.py) returns it: string keys, values of any JSON type, each one
# checked (isinstance, or a reader such as parse_number) where it is used, never trusted by its static type.
JSONObject = dict[str, Any]


class KernelError(Exception):
    """A certificate failed a check; `where` names the field or obligation at fault."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def field(obj: object, key: str, where: str) -> object:
    """obj[key], or a KernelError naming the missing field."""
    if not isinstance(obj, dict) or key not in obj:
        raise KernelError(where, f"missing field {key!r}")
    return obj[key]


def expect_keys(obj: object, where: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> JSONObject:
    """obj as a dict with every required key, and no key outside required + optional."""
    if not isinstance(obj, dict):
        raise KernelError(where, f"found {type(obj).__name__}, expected an object with keys {list(required)}")
    missing = [k for k in required if k not in obj]
    if missing:
        raise KernelError(where, f"missing field {missing[0]!r}")
    extra = sorted(k for k in obj if k not in required and k not in optional)
    if extra:
        raise KernelError(where, f"unknown field {extra[0]!r}; expected only {sorted((*required, *optional))}")
    return obj


def rectangular_shape(value: object, where: str, entries: str = "") -> tuple[int, int]:
    """(rows, columns) of a nonempty list of nonempty rows of equal length (entries names what a row holds)."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        raise KernelError(where, f"expected a nonempty list of nonempty rows{entries}")
    rows, cols = len(value), len(value[0])
    if any(len(r) != cols for r in value):
        raise KernelError(where, f"rows of different lengths; expected every row to have {cols} entries")
    return rows, cols
