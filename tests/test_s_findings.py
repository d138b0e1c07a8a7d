"""The third audit's findings: bounded tokens, the trade-off, duality and the gradient, the RNN scan, the count."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from verify.claims import s_findings as f
from verify.claims.s5_common import implied
from verify.kernel import check_certificate

CLAIMS = (
    "thm5.1.bounded-inputs",
    "sec7.tradeoff",
    "sec3.2.duality.gradient",
    "sec3.2.rnn-jacobian.parallel",
    "appA.features.count",
)


@pytest.mark.parametrize("claim_id", CLAIMS)
def test_finding_certificates_are_certified_and_valid(cert_of, claim_id):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == "certified" and result.valid, result.errors


def test_bounded_inputs_bound_fails_with_one_factor_e_to_the_b():
    """e^B (instead of e^(2B)) is not implied by the facts: no certificate of that form exists with these facts."""
    weaker = f.BOUNDED_CLAIM.replace("eB^2", "eB")
    signs = {"nonneg": ["alpha", "Z", "Ej", "v", "m", "R", "xi", "nu", "Jn"], "positive": ["pos"]}
    multipliers = {"jacobian-norm": "pos", "centered-value": "pos*alpha*m*xi", "query-norm": "2*pos*alpha*m*v*R"}
    with pytest.raises(ValueError):
        implied("decay", f._BOUNDED_VARS, f.BOUNDED_FACTS, weaker, "1", multipliers, signs, exps={"eB": "m*R^2"})


def test_bounded_inputs_bound_and_its_hypotheses_hold_on_random_attention():
    """Float64 autograd: every named hypothesis and the conclusion at random weights and tokens of norm <= R."""
    torch = pytest.importorskip("torch")
    gen = torch.Generator().manual_seed(7)
    for _ in range(20):
        d, r, p = (int(x) for x in torch.randint(1, 6, (3,), generator=gen))
        i = int(torch.randint(2, 12, (1,), generator=gen))
        wq, wk, v = (torch.randn(a, d, generator=gen, dtype=torch.float64) for a in (r, r, p))
        R = float(torch.rand(1, generator=gen)) * 1.5 + 0.1
        xs = torch.randn(i, d, generator=gen, dtype=torch.float64)
        xs = xs / xs.norm(dim=1, keepdim=True) * R * torch.rand(i, 1, generator=gen, dtype=torch.float64)

        def y_last(x: torch.Tensor, wq: torch.Tensor = wq, wk: torch.Tensor = wk, v: torch.Tensor = v) -> torch.Tensor:
            logits = (wq @ x[-1]) @ (wk @ x.T)
            return v @ x.T @ torch.softmax(logits, dim=0)

        jac = torch.autograd.functional.jacobian(y_last, xs)  # (p, i, d)
        m = torch.linalg.matrix_norm(wq.T @ wk, ord=2).item()
        vn = torch.linalg.matrix_norm(v, ord=2).item()
        bound = torch.exp(torch.tensor(2 * m * R * R)).item() * (1 + 2 * m * R * R) * vn / i
        for j in range(i - 1):
            assert torch.linalg.matrix_norm(jac[:, j, :], ord=2).item() <= bound * (1 + 1e-9)


def test_tradeoff_norms_at_every_distance_checked_exactly_to_32():
    R = ((0, -1), (1, 0))
    mul = lambda X, Y: tuple(tuple(sum(X[a][c] * Y[c][b] for c in range(2)) for b in range(2)) for a in range(2))  # noqa: E731
    P = ((1, 0), (0, 1))
    for tau in range(32):
        gram = mul(tuple(zip(*P)), P)
        assert gram == ((1, 0), (0, 1))  # ||R^tau||_2 = 1
        half = tuple(tuple(Fraction(x, 2**tau) for x in row) for row in P)
        assert mul(tuple(zip(*half)), half) == ((Fraction(1, 4**tau), 0), (0, Fraction(1, 4**tau)))
        P = mul(R, P)


def test_count_inequalities_on_every_jordan_structure_up_to_m_12():
    """sum_l J_l (J_l + 1)/2 <= L J (J + 1)/2 and <= m (J + 1)/2 for every multiset of block sizes with sum <= m."""

    def partitions(total: int, largest: int):  # noqa: ANN202
        if total == 0:
            yield ()
            return
        for part in range(min(total, largest), 0, -1):
            for rest in partitions(total - part, part):
                yield (part, *rest)

    tight_attained = False
    for m in range(1, 13):
        for used in range(1, m + 1):
            for blocks in partitions(used, used):
                J, L = max(blocks), len(blocks)
                count = sum(Fraction(b * (b + 1), 2) for b in blocks)
                assert count <= Fraction(L * J * (J + 1), 2) <= Fraction(m * J * (J + 1), 2)
                assert count <= Fraction(m * (J + 1), 2)
                tight_attained |= used == m and len(set(blocks)) == 1 and count == Fraction(m * (J + 1), 2) and J > 1
    assert tight_attained


def test_rnn_scan_depth_is_logarithmic_and_the_sequential_one_linear():
    import sympy as sp

    from verify.claims.s3_cost_goals import result

    n, k, lg_s = (sp.Symbol(x, integer=True) for x in ("n", "k", "lg_s"))
    seq, scan = result("rnn-jacobian.sequential")["depth"], result("rnn-jacobian.scan")["depth"]
    assert sp.degree(sp.expand(seq), n) == 1 and n not in sp.expand(scan).free_symbols
    assert sp.degree(sp.expand(scan), k) == 1 and lg_s in scan.free_symbols


def test_prefix_products_by_pairs_equal_the_sequential_chain():
    """The scan's recursion (combine pairs, recurse, fix odd positions) gives every prefix product (exact, s = 2)."""
    rnd = random.Random(3)
    mats = [tuple(tuple(Fraction(rnd.randint(-3, 3)) for _ in range(2)) for _ in range(2)) for _ in range(16)]

    def mul(X, Y):  # noqa: ANN001, ANN202
        return tuple(tuple(sum(X[a][c] * Y[c][b] for c in range(2)) for b in range(2)) for a in range(2))

    def scan(items: list) -> list:
        if len(items) == 1:
            return items
        pairs = [mul(items[2 * t + 1], items[2 * t]) for t in range(len(items) // 2)]
        inner = scan(pairs)
        out = []
        for t, item in enumerate(items):
            out.append(inner[t // 2] if t % 2 else (item if t == 0 else mul(item, inner[t // 2 - 1])))
        return out

    chain, prefix = [], ((1, 0), (0, 1))
    for M in mats:
        prefix = mul(M, prefix)
        chain.append(prefix)
    assert scan(mats) == chain
