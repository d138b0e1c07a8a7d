"""Experiment II (Figure 4): ||d y_T / d x_0||_2 against T for a linear SSM and multi-head softmax attention.

Both models use PyTorch's standard initialization (seeded): the SSM h_t = A h_{t-1} + B x_t, y_t = C h_t
(h_{-1} = 0) takes A, B, C from nn.Linear's default init (float32 values, then run in float64); the attention
model is one causal nn.MultiheadAttention layer. Jacobians are taken by autograd in float64. For the SSM the
plotted value is the exact spectral norm of the float64 Jacobian (a dyadic matrix, norm by rigorous root
isolation), which is within ERROR_BOUND of ||C A^T B||_2; Theorem 5.1's bound ||C||_2 ||B||_2 ||A||_2^T is
overlaid. The attention value is the median over random N(0, I) inputs (10%-90% band recorded).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import cast

import numpy as np
from flint import acb, arb, ctx, fmpq, fmpq_mat

from constructions.optimum import dyadic

__all__ = [
    "Profile",
    "PROFILES",
    "UNIT_ROUNDOFF",
    "gamma",
    "ssm_matrices",
    "ssm_jacobian",
    "exact_norm",
    "error_bound",
    "attention_jacobians",
    "run",
]

# float64 unit roundoff u = 2^-53; gamma_n = n u / (1 - n u) bounds n successive roundings (Higham, Lemma 3.1).
UNIT_ROUNDOFF = fmpq(1, 2**53)


def gamma(count: int) -> fmpq:
    """gamma_n = n u / (1 - n u) for float64, exactly."""
    nu = count * UNIT_ROUNDOFF
    if nu >= 1:
        raise ValueError("n u >= 1: no a-priori bound")
    return nu / (1 - nu)


@dataclass(frozen=True)
class Profile:
    """Sizes of one run of Experiment II."""

    state: int = 16
    width: int = 8
    attention_heads: int = 4
    lengths: tuple[int, ...] = tuple(range(1, 65))
    certified: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64)
    samples: int = 16
    seed: int = 0


PROFILES: dict[str, Profile] = {
    "default": Profile(),
    "quick": Profile(lengths=tuple(range(1, 17)), certified=(1, 4, 16), samples=4),
    "long": Profile(lengths=tuple(range(1, 257)), certified=(1, 4, 16, 64, 256), samples=64),
}


def ssm_matrices(profile: Profile) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A (m x m), B (m x d), C (p x m) from nn.Linear's default initialization, as float64 arrays."""
    import torch

    torch.manual_seed(profile.seed)
    m, d = profile.state, profile.width
    layers = [torch.nn.Linear(i, o, bias=False) for i, o in ((m, m), (d, m), (m, d))]
    A, B, C = (layer.weight.detach().double().numpy().copy() for layer in layers)
    return A, B, C


def ssm_jacobian(A: np.ndarray, B: np.ndarray, C: np.ndarray, T: int) -> np.ndarray:
    """d y_T / d x_0 of the SSM by autograd through the recurrence, in float64."""
    import torch

    At, Bt, Ct = (torch.from_numpy(M) for M in (A, B, C))
    x = torch.zeros(T + 1, B.shape[1], dtype=torch.float64, requires_grad=True)
    h = torch.zeros(A.shape[0], dtype=torch.float64)
    for t in range(T + 1):
        h = At @ h + Bt @ x[t]
    y = Ct @ h
    rows = [torch.autograd.grad(y[a], x, retain_graph=True)[0][0] for a in range(C.shape[0])]
    return torch.stack(rows).numpy()


def _exact(M: np.ndarray) -> fmpq_mat:
    """A float64 matrix as an exact dyadic matrix."""
    return fmpq_mat(M.shape[0], M.shape[1], [dyadic(x) for x in M.ravel()])


def exact_norm(M: np.ndarray | fmpq_mat, prec: int = 128) -> arb:
    """The spectral norm of an exact (or float64-as-dyadic) matrix, as a rigorous ball."""
    X = M if isinstance(M, fmpq_mat) else _exact(M)
    old = ctx.prec
    ctx.prec = prec
    try:
        # python-flint's stub says list[acb]; complex_roots returns (root, multiplicity) pairs
        roots = cast(list[tuple[acb, int]], (X.transpose() * X).charpoly().complex_roots())
        return max((r.real for r, _ in roots), key=lambda b: float(b.mid())).sqrt()
    finally:
        ctx.prec = old


def error_bound(A: np.ndarray, B: np.ndarray, C: np.ndarray, T: int) -> float:
    """A-priori bound on | ||J_float||_2 - ||C A^T B||_2 | for autograd's backward recurrence, rounded up.

    Backprop forms g_T = C^T e_a exactly, g_{s-1} = fl(A^T g_s) (T times) and r = fl(B^T g_0); each
    matrix-vector product with inner dimension m errs by at most gamma_m |M^T| |g| (Higham, eq. 3.11). With
    a = ||A||_2, ah = || |A| ||_2, b, bh likewise, c = max_a ||C^T e_a||_2, the error E of g_0 obeys
    E <= gamma ah c T (a + gamma ah)^(T-1), and each row of J errs by at most b E + gamma bh (a^T c + E);
    so ||J_float - J||_F <= sqrt(p) times that. The norms are rigorous balls; the upper endpoint is returned.
    """
    m = A.shape[0]
    a, ah, b, bh = (exact_norm(M) for M in (A, np.abs(A), B, np.abs(B)))
    c = max((exact_norm(C[r : r + 1].T) for r in range(C.shape[0])), key=lambda x: float(x.mid()))
    g = arb(gamma(m))
    E = g * ah * c * T * (a + g * ah) ** max(T - 1, 0)
    row = b * E + g * bh * (a**T * c + E)
    total = row * arb(C.shape[0]).sqrt()
    return float(total.mid() + total.rad()) * (1 + 2.0**-50)


def attention_jacobians(profile: Profile) -> dict[int, list[float]]:
    """||d y_T / d x_0||_2 of a causal multi-head attention layer for each T, over random inputs."""
    import torch

    torch.manual_seed(profile.seed + 1)
    layer = torch.nn.MultiheadAttention(profile.width, profile.attention_heads, batch_first=True).double()
    gen = torch.Generator().manual_seed(profile.seed + 2)
    out = {}
    for T in profile.lengths:
        x = torch.randn(profile.samples, T + 1, profile.width, generator=gen, dtype=torch.float64)
        x.requires_grad_()
        mask = torch.triu(torch.ones(T + 1, T + 1, dtype=torch.bool), diagonal=1)
        y, _ = layer(x, x, x, attn_mask=mask, need_weights=False)
        rows = [torch.autograd.grad(y[:, T, a].sum(), x, retain_graph=True)[0][:, 0] for a in range(profile.width)]
        J = torch.stack(rows, dim=1).detach().numpy()  # samples x p x d
        out[T] = [float(np.linalg.norm(J[s], 2)) for s in range(profile.samples)]
    return out


def run(profile: Profile) -> dict:
    """The numbers of Figure 4, with the exact data the certificate exp.fig4 needs."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        A, B, C = ssm_matrices(profile)
        norms = {name: exact_norm(M) for name, M in (("A", A), ("B", B), ("C", C))}
        ssm, bound, certified = {}, {}, {}
        for T in profile.lengths:
            J = ssm_jacobian(A, B, C, T)
            value = float(exact_norm(J).mid())
            ssm[T] = value
            bound[T] = float((norms["C"] * norms["B"] * norms["A"] ** T).mid())
            if T in profile.certified:
                tolerance = error_bound(A, B, C, T) + abs(value) * 2.0**-52  # + rounding of the plotted value
                certified[T] = {"measured": value, "tolerance": tolerance}
        attention = attention_jacobians(profile)
    finally:
        torch.set_num_threads(threads)
    spectral_radius = float(max(abs(np.linalg.eigvals(A))))
    return {
        "profile": asdict(profile),
        "matrices": {"A": A.tolist(), "B": B.tolist(), "C": C.tolist()},
        "norms": {k: float(v.mid()) for k, v in norms.items()},
        "spectral_radius_A": spectral_radius,
        "ssm": {str(T): v for T, v in ssm.items()},
        "bound": {str(T): v for T, v in bound.items()},
        "certified": {str(T): v for T, v in certified.items()},
        "attention_median": {str(T): float(np.median(v)) for T, v in attention.items()},
        "attention_p10": {str(T): float(np.quantile(v, 0.1)) for T, v in attention.items()},
        "attention_p90": {str(T): float(np.quantile(v, 0.9)) for T, v in attention.items()},
    }
