"""Exact constructions of the paper's objects (SymPy DomainMatrix over QQ / QQ<i>, python-flint)."""

__all__ = ["rotation"]
