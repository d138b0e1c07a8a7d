"""A real SSM with 1x1 and 2x2 diagonal blocks realizing the impulse response W(tau) = C A^tau B of a given SSM.

First the reachable and observable part (A_o, B_o, C_o) of (A, B, C) (Kalman reduction, exact): the same W, of
size n = the rank of the block Hankel matrix of W, so a minimal realization, and A_o has minimal polynomial q, the
minimal polynomial of W. Then, per factor f^e of q over QQ, a rational basis of ker f(A_o)^e in which A_o acts
by rational blocks: 1x1 blocks [r] for a simple rational root r; for a double rational root, real Jordan blocks
[[r, 1], [0, r]] on chains (N u, u) (N = A_o - r, the N u a basis of N(V)) and 1x1 blocks [r] on the rest of
ker N; for a simple irreducible quadratic, planes (v, w) with w = (A_o v - x v) / z, in which A_o acts by the
rotation-scaling block [[a, -b], [b, a]] of a pair a +- b i with rational a, b (b != 0), or else by the companion
block [[0, -f_0], [1, -f_1]] (irrational real roots, or a non-real pair with irrational imaginary part).
T = those bases side by side: D' = T^-1 A_o T is block diagonal, B' = T^-1 B_o, C' = C_o T. The builder checks
each block; the kernel checks the realization (kind response_block_realization), not its minimality.

A factor of degree >= 3, or an irreducible quadratic of multiplicity 2 (real irrational double roots), has no
rational 1x1/2x2 block (a rational 2x2 block has a minimal polynomial over QQ of degree <= 2 with a double root only
when that root is rational): NotRational says so, and nothing is built.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

__all__ = ["NotRational", "rational_blocks", "minimal_realization", "block_realization", "describe_blocks"]


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
    """(D_b, a cyclic column vector, a cyclic row vector of D_b) per factor of q; NotRational if none is rational."""
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


def _independent_columns(m: fmpq_mat) -> list[int]:
    """The pivot columns of m's rref: the first maximal independent set of columns."""
    reduced, rank = m.rref()
    pivots, col = [], 0
    for row in range(rank):
        while reduced[row, col] == 0:
            col += 1
        pivots.append(col)
    return pivots


def _columns(vectors: list[fmpq_mat], rows: int) -> fmpq_mat:
    """The column vectors side by side (rows x len(vectors))."""
    out = fmpq_mat(rows, len(vectors))
    for k, v in enumerate(vectors):
        for r in range(rows):
            out[r, k] = v[r, 0]
    return out


def _column(m: fmpq_mat, k: int) -> fmpq_mat:
    """Column k of m."""
    return fmpq_mat(m.nrows(), 1, [m[r, k] for r in range(m.nrows())])


def _nullspace(m: fmpq_mat) -> list[fmpq_mat]:
    """A basis of {x : m x = 0} from the rref."""
    reduced, rank = m.rref()
    pivots = _independent_columns(m)
    out = []
    for free in (c for c in range(m.ncols()) if c not in pivots):
        x = fmpq_mat(m.ncols(), 1)
        x[free, 0] = 1
        for row, pivot in enumerate(pivots):
            x[pivot, 0] = -reduced[row, free]
        out.append(x)
    return out


def _in_span(vectors: list[fmpq_mat], v: fmpq_mat, rows: int) -> bool:
    """v lies in the span of vectors."""
    if not vectors:
        return v == fmpq_mat(rows, 1)
    return _columns([*vectors, v], rows).rank() == _columns(vectors, rows).rank()


def minimal_realization(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat) -> tuple[fmpq_mat, fmpq_mat, fmpq_mat]:
    """The reachable and observable part (A_o, B_o, C_o) of (A, B, C): same W, size the rank of the Hankel matrix."""
    m = a.nrows()
    blocks, state = [], b
    for _ in range(m):
        blocks.append(state)
        state = a * state
    reach = fmpq_mat(m, m * b.ncols(), [x for r in range(m) for blk in blocks for x in blk.table()[r]])
    r = _columns([_column(reach, k) for k in _independent_columns(reach)], m)
    if r.ncols() == 0:
        return fmpq_mat(0, 0), fmpq_mat(0, b.ncols()), fmpq_mat(c.nrows(), 0)
    left = (r.transpose() * r).inv() * r.transpose()  # a left inverse of R (full column rank)
    a_r, b_r, c_r = left * a * r, left * b, c * r
    n = r.ncols()
    rows, power = [], c_r
    for _ in range(n):
        rows.extend(power.table())
        power = power * a_r
    obs = fmpq_mat(len(rows), n, [x for row in rows for x in row])
    picked = _independent_columns(obs.transpose())
    if not picked:
        return fmpq_mat(0, 0), fmpq_mat(0, b.ncols()), fmpq_mat(c.nrows(), 0)
    el = fmpq_mat(len(picked), n, [obs[k, j] for k in picked for j in range(n)])  # L: independent rows of O
    right = el.transpose() * (el * el.transpose()).inv()  # a right inverse of L (full row rank)
    return el * a_r * right, el * b_r, c_r * right


def _basis_for_factor(a: fmpq_mat, f: fmpq_poly, e: int) -> list[tuple[fmpq_mat, list[fmpq_mat]]]:
    """(block, its basis vectors) spanning ker f(A)^e, in which A acts as the block (rational blocks only)."""
    n = a.nrows()
    identity = fmpq_mat(n, n, [int(r == s) for r in range(n) for s in range(n)])
    value = fmpq_mat(n, n)
    for coefficient in reversed(f.coeffs()):
        value = value * a + identity * coefficient
    power = identity
    for _ in range(e):
        power = power * value
    space = _nullspace(power)
    (block, _, _) = rational_blocks(f**e)[0]
    out: list[tuple[fmpq_mat, list[fmpq_mat]]] = []
    taken: list[fmpq_mat] = []
    if f.degree() == 1 and e == 1:
        return [(block, [v]) for v in space]
    if f.degree() == 1:  # N = A - r, N^2 = 0 on the space: chains (N u, u) for a basis N u of N(V), then ker N
        r = -f.coeffs()[0]
        nil = a - identity * r
        images: list[fmpq_mat] = []
        for v in space:
            if not _in_span(images, nil * v, n):
                images.append(nil * v)
                taken += [nil * v, v]
                out.append((block, [nil * v, v]))
        single = fmpq_mat(1, 1, [r])
        for v in _nullspace(nil):
            if not _in_span(taken, v, n):
                taken.append(v)
                out.append((single, [v]))
        return out
    for v in space:  # an irreducible quadratic: each v outside the invariant span adds the plane (v, w)
        if not _in_span(taken, v, n):
            # block [[x, y], [z, u]] with z != 0: rotation-scaling (x = u = a, z = b) or companion (x = 0, z = 1);
            # w = (A v - x v) / z gives A v = x v + z w and A w = y v + u w, as f(A) v = 0 makes it
            w = (a * v - v * block[0, 0]) * (1 / block[1, 0])
            taken += [v, w]
            out.append((block, [v, w]))
    return out


def block_realization(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, q: fmpq_poly) -> list[dict[str, fmpq_mat]]:
    """The blocks {D, B, C} of a minimal realization of W(tau) = C A^tau B in 1x1/2x2 rational blocks.

    q is the minimal polynomial of W; NotRational when a factor of q has no rational block."""
    rational_blocks(q)  # refuses factors without a rational block
    if q.degree() == 0:
        return []
    a_o, b_o, c_o = minimal_realization(a, b, c)
    n = a_o.nrows()
    parts = [part for f, e in q.factor()[1] for part in _basis_for_factor(a_o, f / f.coeffs()[-1], e)]
    t = _columns([v for _, vectors in parts for v in vectors], n)
    if t.ncols() != n or t.rank() != n:
        raise ArithmeticError(f"the blocks span {t.rank()} of {n} dimensions (q is not the minimal polynomial)")
    t_inv = t.inv()
    d_full, b_full, c_full = t_inv * a_o * t, t_inv * b_o, c_o * t
    out, start = [], 0
    for block, _ in parts:
        size = block.nrows()
        d = fmpq_mat(size, size, [d_full[start + r, start + s] for r in range(size) for s in range(size)])
        if d != block:
            raise ArithmeticError("the change of basis does not give the expected block")
        bb = fmpq_mat(size, b.ncols(), [b_full[start + r, s] for r in range(size) for s in range(b.ncols())])
        cc = fmpq_mat(c.nrows(), size, [c_full[r, start + s] for r in range(c.nrows()) for s in range(size)])
        out.append({"D": block, "B": bb, "C": cc})
        start += size
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
