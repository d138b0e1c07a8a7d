"""Section 4.2, footnote 2 of Theorem 4.4 (non-causal variant), as polynomial identities with symbolic entries.

Dropping the causal mask, phi(i) = e_i and psi(j) = A^(h)[:, j] reproduce K_ij for every pair (i, j).
Footnote 1 (concatenation and W_O) is registered as claim fn1 by the Section 3 module (s3_framework).
"""

from __future__ import annotations

from constructions.heads import footnote2_identities
from verify.certificate import Obligation, make_certificate
from verify.registry import claim

__all__ = ["footnote2_obligations"]


def _identities(rows: list[tuple]) -> list[Obligation]:
    """One polynomial_identity obligation per (name, vars, lhs, rhs)."""
    return [
        Obligation(name, "polynomial_identity", {"vars": list(names), "lhs": lhs, "rhs": rhs})
        for name, names, lhs, rhs in rows
    ]


def footnote2_obligations() -> list[Obligation]:
    """Footnote 2's identities (H = 2, n = 3, p = d = 2) as polynomial_identity obligations."""
    return _identities(footnote2_identities())


@claim("fn2")
def footnote2() -> dict:
    """The non-causal construction: <e_i, A^(h)[:, j]> = A^(h)_ij for all i, j, with no mask (H = 2, n = 3)."""
    return make_certificate("fn2", "certified", footnote2_obligations())
