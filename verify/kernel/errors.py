"""The kernel's one error type: where a certificate went wrong, what was found, what was expected."""

from __future__ import annotations

__all__ = ["KernelError", "field"]


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
