"""Both sides of a refuted relation at its counterexample point, computed from the certificate's own data.

A counterexample obligation states "for all x in the domains: hypotheses => lhs op rhs" and its witness gives a
point. Here both sides are evaluated at that point with the kernel's evaluators: exactly over QQ(i) when the
expressions are function-free (3/2 and 1), else rigorously in ball arithmetic at the witness's precision (shown
to 15 significant digits, each digit inside the enclosure). Nothing read from a certificate is evaluated as code,
and the work is bounded by the kernel's budget; a side that cannot be evaluated is reported as such.
"""

from __future__ import annotations

from dataclasses import dataclass

from flint import arb

from verify.kernel.core.errors import KernelError
from verify.kernel.core.expr import has_calls, parse_expression
from verify.kernel.core.intervals import ball_value, exact_value, with_precision
from verify.kernel.core.limits import work_budget
from verify.kernel.core.numbers import GQ, parse_number

__all__ = ["SideValues", "counterexample_values", "refutation_summary", "refutation_json", "corrected_id", "DIGITS"]

DIGITS = 15  # significant digits shown of a value known only as a ball
_WORK = 10**8  # work units allowed for evaluating one obligation's two sides (far below the kernel's own bound)
_SYMBOLS = {"==": "=", "!=": "≠", "<=": "≤", "<": "<", ">=": "≥", ">": ">"}


@dataclass(frozen=True)
class SideValues:
    """The point and both sides' values of one counterexample obligation; a side not exact is a ball's digits."""

    obligation: str
    point: dict[str, str]
    op: str
    lhs: str
    rhs: str
    lhs_exact: bool
    rhs_exact: bool

    @property
    def values(self) -> str:
        """Both values: 'left = 3/2, right = 1' (≈ before a ball's digits)."""
        left, right = "=" if self.lhs_exact else "≈", "=" if self.rhs_exact else "≈"
        return f"left {left} {self.lhs}, right {right} {self.rhs}"

    @property
    def fails(self) -> str:
        """What fails there: 'the claimed left ≤ right fails'."""
        return f"the claimed left {_SYMBOLS.get(self.op, self.op)} right fails"

    @property
    def text(self) -> str:
        """One line: 'left = 3/2, right = 1: the claimed left ≤ right fails'."""
        return f"{self.values}: {self.fails}"

    def as_json(self) -> dict:
        """The values as a JSON object."""
        fields = {"obligation": self.obligation, "point": self.point, "op": self.op, "lhs": self.lhs, "rhs": self.rhs}
        return {**fields, "lhs_exact": self.lhs_exact, "rhs_exact": self.rhs_exact}


def _exact_text(value: GQ) -> str:
    """An exact value of QQ(i) as text: 3/2, -1, 1/2+3*i."""
    re_part, im_part = value.re, value.im
    if im_part == 0:
        return str(re_part)
    sign = "+" if im_part > 0 else "-"
    return f"{re_part}{sign}{abs(im_part)}*i" if re_part != 0 else f"{im_part}*i"


def _ball_text(value: arb) -> str:
    """A ball as its certain leading digits, or 'undetermined' when it is not finite."""
    if not value.is_finite():
        return "undetermined (not finite)"
    return value.str(DIGITS, radius=False)


def _side(node: tuple, values: dict, precision: object) -> tuple[str, bool]:
    """One side's value as text and whether it is exact (function-free sides are computed exactly)."""
    if not has_calls(node):
        return _exact_text(exact_value(node, values, "side")), True
    with with_precision(precision, "precision"):
        balls = {v: arb(x.re) for v, x in values.items() if x.is_real()}
        return _ball_text(ball_value(node, balls, "side")), False


def counterexample_values(name: str, goal: object, witness: object) -> SideValues | None:
    """Both sides of the claimed relation at the witness's point, or None when the data is not a usable one."""
    if not isinstance(goal, dict) or not isinstance(witness, dict):
        return None
    claim, point = goal.get("claim"), witness.get("point")
    if not isinstance(claim, dict) or not isinstance(point, dict) or claim.get("op") not in _SYMBOLS:
        return None
    try:
        lhs = parse_expression(claim.get("lhs"), "claim.lhs")
        rhs = parse_expression(claim.get("rhs"), "claim.rhs")
        values = {str(v): parse_number(x, f"point.{v}") for v, x in point.items()}
        precision = witness.get("precision", 128)
        with work_budget(_WORK):
            (left, left_exact), (right, right_exact) = _side(lhs, values, precision), _side(rhs, values, precision)
    except (KernelError, ArithmeticError, ValueError, TypeError, RecursionError):
        return None
    shown = {str(v): str(x)[:60] for v, x in sorted(point.items())}
    return SideValues(name, shown, claim["op"], left, right, left_exact, right_exact)


def refutation_summary(obligations: object) -> list[SideValues]:
    """The side values of every counterexample obligation of a certificate's obligation list."""
    out = []
    for k, item in enumerate(obligations if isinstance(obligations, list) else []):
        if isinstance(item, dict) and item.get("kind") == "counterexample":
            values = counterexample_values(str(item.get("name", f"#{k}")), item.get("goal"), item.get("witness"))
            if values is not None:
                out.append(values)
    return out


def corrected_id(claim_id: object) -> str | None:
    """The id of the registered corrected claim of a claim (`<id>.corrected`), or None."""
    from verify.kernel import statements

    if not isinstance(claim_id, str) or claim_id.endswith(".corrected"):
        return None
    fixed = claim_id + ".corrected"
    return fixed if fixed in statements() else None


def refutation_json(cert: object) -> dict | None:
    """For a refuted certificate: both sides at each counterexample point and the corrected claim (JSON), else None."""
    if not isinstance(cert, dict) or cert.get("verdict") != "refuted":
        return None
    values = [v.as_json() for v in refutation_summary(cert.get("obligations"))]
    return {"counterexamples": values, "corrected": corrected_id(cert.get("claim"))}
