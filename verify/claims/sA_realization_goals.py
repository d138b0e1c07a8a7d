"""Obligations of the 1x1/2x2 criterion's 'only if' direction (no @claim: shared with the statements).

F4 as polynomial identities: Cayley-Hamilton for a real 2x2 block with symbolic entries, and the root structure
of x^2 - t x + n (a real double root, two distinct real roots, or a simple conjugate pair).
"""

from __future__ import annotations

from verify.certificate import Obligation

__all__ = ["ONLY_IF_IDENTITIES", "only_if_obligations"]

# M = [[a, b], [c, d]]: M^2 - (a + d) M + (a d - b c) I = 0, entry by entry (Cayley-Hamilton for every real 2x2).
_CH = "{sq} - (a + d)*({m}) + (a*d - b*c)*({i})"
ONLY_IF_IDENTITIES = (
    ("cayley-hamilton.11", ["a", "b", "c", "d"], _CH.format(sq="a*a + b*c", m="a", i="1"), "0"),
    ("cayley-hamilton.12", ["a", "b", "c", "d"], _CH.format(sq="a*b + b*d", m="b", i="0"), "0"),
    ("cayley-hamilton.21", ["a", "b", "c", "d"], _CH.format(sq="c*a + d*c", m="c", i="0"), "0"),
    ("cayley-hamilton.22", ["a", "b", "c", "d"], _CH.format(sq="c*b + d*d", m="d", i="1"), "0"),
    # x^2 - t x + n = (x - t/2)^2 - D/4, D = t^2 - 4 n: one root t/2 when D = 0, two distinct otherwise
    ("completed-square", ["x", "t", "n"], "x^2 - t*x + n", "(x - t/2)^2 - (t^2 - 4*n)/4"),
    # D = s^2 > 0: the distinct real roots (t +- s)/2
    ("real-pair", ["x", "t", "s"], "(x - (t + s)/2)*(x - (t - s)/2)", "x^2 - t*x + (t^2 - s^2)/4"),
    # D = -s^2 < 0: the conjugate pair (t +- i s)/2, distinct for s != 0, so each root is simple
    ("conjugate-pair", ["x", "t", "s"], "(x - (t + i*s)/2)*(x - (t - i*s)/2)", "x^2 - t*x + (t^2 + s^2)/4"),
)


def only_if_obligations() -> list[Obligation]:
    """F4 as polynomial identities: Cayley-Hamilton for a symbolic 2x2 block, and the roots of x^2 - t x + n."""
    return [
        Obligation(name, "polynomial_identity", {"vars": names, "lhs": lhs, "rhs": rhs})
        for name, names, lhs, rhs in ONLY_IF_IDENTITIES
    ]
