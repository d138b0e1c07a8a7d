"""A real SSM with 1x1 and 2x2 diagonal blocks realizing the impulse response W(tau) = C A^tau B of a given SSM.

From the minimal polynomial q of W (factored over QQ), one rational block per factor f^e: a 1x1 block [r] for a
simple rational root r, the real Jordan block [[r, 1], [0, r]] for a double rational root, the rotation-scaling
block [[a, -b], [b, a]] for a simple pair a +- b i with rational a, b (b != 0), and the companion block
[[0, -f_0], [1, -f_1]] of any other simple irreducible quadratic f (irrational real roots, or a non-real pair with
irrational imaginary part). D = diag(blocks) is d x d (d = deg q) with minimal polynomial q, and has a cyclic vector
v (the blocks' cyclic vectors side by side; the factors are coprime). With one copy of D per input column j,
B' = diag(v, ..., v) and C'_j = (W(0) e_j, ..., W(d-1) e_j) K^-1 (K = [v, D v, ..., D^(d-1) v]), so
C' D'^t B' = W(t) for t < d; with fewer outputs than inputs the dual (a cyclic row vector, one copy per output row).
The state size is d min(p, inputs): deg q for a single input or output, then minimal (q divides the minimal
polynomial of any realizing state matrix); otherwise not claimed minimal.

A factor of degree >= 3, or an irreducible quadratic of multiplicity 2 (real irrational double roots), has no
rational 1x1/2x2 block (a rational 2x2 block has a minimal polynomial over QQ of degree <= 2 with a double root only
when that root is rational): NotRational says so, and nothing is built.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

__all__ = ["NotRational", "rational_blocks", "block_realization", "block_matrices", "describe_blocks"]


class NotRational(ValueError):
    """The realization would need entries outside QQ (or the response is not realizable with 1x1/2x2 blocks)."""


def _rational_sqrt(x: fmpq) -> fmpq | None:
    """The nonnegative rational square root of x >= 0, or None when it is irrational."""
    p, q = int(x.p), int(x.q)
    rp, rq = _isqrt(p), _isqrt(q)
    return fmpq(rp, rq) if rp is not None and rq is not None else None


def _isqrt(n: int) -> int | None:
    """The integer square root of a perfect square n >= 0, else None."""
    from math import isqrt

    r = isqrt(n)
    return r if r * r == n else None


def rational_blocks(q: fmpq_poly) -> list[tuple[fmpq_mat, list[int], list[int]]]:
    """(D_b, cyclic column vector, cyclic row vector) per factor of q; NotRational when no rational block fits."""
    if q.degree() < 1:
        return []
    _, factors = q.factor()
    out = []
    for f, e in sorted(factors, key=lambda item: (item[0].degree(), str(item[0]), item[1])):
        f = f / f.coeffs()[-1]
        c = f.coeffs()
        if e >= 3 or (e == 2 and f.degree() > 1) or f.degree() > 2:
            raise NotRational(
                f"the factor {f.str()} of multiplicity {e} of the minimal polynomial of W "
                + (
                    "has no 1x1/2x2 real block at all (the criterion's obstruction)"
                    if e >= 3
                    else "has roots outside QQ that no rational 1x1/2x2 block carries; a real 1x1/2x2 realization "
                    "exists (the criterion's 'if' direction, the real Jordan form; not kernel-checked here) but "
                    "needs irrational entries and is not constructed"
                )
            )
        if f.degree() == 1 and e == 1:
            out.append((fmpq_mat(1, 1, [-c[0]]), [1], [1]))
        elif f.degree() == 1:
            out.append((fmpq_mat(2, 2, [-c[0], 1, 0, -c[0]]), [0, 1], [1, 0]))
        else:  # x^2 + c1 x + c0 = (x - a)^2 + b^2 with a = -c1/2, b^2 = c0 - a^2
            a = -c[1] / 2
            b = _rational_sqrt(c[0] - a * a) if c[0] - a * a > 0 else None
            if b is not None:
                out.append((fmpq_mat(2, 2, [a, -b, b, a]), [1, 0], [1, 0]))
            else:
                out.append((fmpq_mat(2, 2, [0, -c[0], 1, -c[1]]), [1, 0], [0, 1]))
    return out


def block_matrices(blocks: list[tuple[fmpq_mat, list[int], list[int]]]) -> tuple[fmpq_mat, fmpq_mat, fmpq_mat]:
    """(D, v, w^T): D = diag(blocks), v and w^T the blocks' cyclic column and row vectors side by side."""
    d = sum(x.nrows() for x, _, _ in blocks)
    big, v, w = fmpq_mat(d, d), fmpq_mat(d, 1), fmpq_mat(1, d)
    start = 0
    for x, col, row in blocks:
        n = x.nrows()
        for r in range(n):
            v[start + r, 0], w[0, start + r] = col[r], row[r]
            for s in range(n):
                big[start + r, start + s] = x[r, s]
        start += n
    return big, v, w


def block_realization(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, q: fmpq_poly) -> list[dict[str, fmpq_mat]]:
    """The blocks {D, B, C} of a realization of W(tau) = C A^tau B with minimal polynomial q (NotRational if none)."""
    blocks = rational_blocks(q)
    p, inputs, d = c.nrows(), b.ncols(), q.degree()
    if d == 0:
        return []
    big, v, w = block_matrices(blocks)
    responses, state = [], b
    for _ in range(d):
        responses.append(c * state)
        state = a * state
    by_inputs = inputs <= p
    copies = inputs if by_inputs else p
    if by_inputs:  # K = [v, D v, ..., D^(d-1) v]; C_j = H_j K^-1
        k, x = fmpq_mat(d, d), v
        for t in range(d):
            for r in range(d):
                k[r, t] = x[r, 0]
            x = big * x
        k_inv = k.inv()
        parts = []
        for j in range(copies):
            h = fmpq_mat(p, d, [responses[t][r, j] for r in range(p) for t in range(d)])
            parts.append((h * k_inv, j))
    else:  # O = [w; w D; ...; w D^(d-1)]; B_i = O^-1 G_i
        o, y = fmpq_mat(d, d), w
        for t in range(d):
            for s in range(d):
                o[t, s] = y[0, s]
            y = y * big
        o_inv = o.inv()
        parts = []
        for i in range(copies):
            g = fmpq_mat(d, inputs, [responses[t][i, s] for t in range(d) for s in range(inputs)])
            parts.append((o_inv * g, i))
    out = []
    for part, j in parts:
        start = 0
        for x, _, _ in blocks:
            n = x.nrows()
            if by_inputs:
                bb = fmpq_mat(n, inputs, [int(s == j) * v[start + r, 0] for r in range(n) for s in range(inputs)])
                cc = fmpq_mat(p, n, [part[r, start + s] for r in range(p) for s in range(n)])
            else:
                bb = fmpq_mat(n, inputs, [part[start + r, s] for r in range(n) for s in range(inputs)])
                cc = fmpq_mat(p, n, [int(r == j) * w[0, start + s] for r in range(p) for s in range(n)])
            out.append({"D": x, "B": bb, "C": cc})
            start += n
    return out


def describe_blocks(blocks: list[dict], limit: int = 6) -> str:
    """The block diagonal as text: the first `limit` distinct blocks and how often each occurs."""
    if not blocks:
        return "no state (W = 0)"
    seen: dict[str, int] = {}
    for block in blocks:
        d = block["D"]
        text = "[" + ", ".join("[" + ", ".join(str(d[r, s]) for s in range(d.ncols())) + "]" for r in range(d.nrows()))
        seen[text + "]"] = seen.get(text + "]", 0) + 1
    shown = [f"{t}" + (f" x{n}" if n > 1 else "") for t, n in list(seen.items())[:limit]]
    more = f", ... ({len(seen) - limit} more distinct blocks)" if len(seen) > limit else ""
    return "diag(" + ", ".join(shown) + more + ")"
