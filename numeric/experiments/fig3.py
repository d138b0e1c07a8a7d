"""Experiment I (Figure 3): H-head factorized linear-attention students trained against rank-k rotation teachers.

The student class, the input distribution and the test MSE are those of constructions/optimum.py:
y_hat_i = sum_j sum_h alpha^(h)_ij V^(h) x_j with alpha^(h) = mask(phi^(h) psi^(h)^T), learnable tables
phi^(h), psi^(h) in R^{n x r} (r = n), inputs i.i.d. N(0, I_d), and test MSE = the exact expectation
(1/(n p)) sum_{i>=j} ||K_ij - W(i-j)||_F^2 of the trained weights (no test-set sampling noise). A Monte
Carlo estimate on a held-out sample is recorded beside it. Training: Adam on fresh Gaussian mini-batches.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np
from flint import fmpq, fmpq_mat

from constructions.optimum import dyadic, exact_student_mse, impulse_responses, optimum_bounds, rotation_teacher

__all__ = ["Profile", "PROFILES", "teacher_tensor", "train_students", "exact_mse", "interaction_spectrum", "run"]


@dataclass(frozen=True)
class Profile:
    """Sizes and schedule of one run of Experiment I."""

    n: int = 16
    ranks: tuple[int, ...] = (2, 4, 8)
    heads: tuple[int, ...] = tuple(range(1, 10))
    steps: int = 1500
    batch: int = 32
    lr: float = 0.1
    seed: int = 0
    test_samples: int = 2048


PROFILES: dict[str, Profile] = {
    "default": Profile(),
    "quick": Profile(ranks=(2, 4), heads=(1, 2, 4), steps=300),
    "long": Profile(steps=6000, batch=64, lr=0.1),
}


def teacher_tensor(k: int, n: int) -> tuple[np.ndarray, list[fmpq_mat]]:
    """The teacher kernel Wfull[i, j] = W(i - j) (0 above the diagonal) in float64, and the exact W(tau)."""
    A, B, C = rotation_teacher(k)
    W = impulse_responses(A, B, C, n)
    dense = [np.array([[float(w[r, c]) for c in range(w.ncols())] for r in range(w.nrows())]) for w in W]
    full = np.zeros((n, n, k, k))
    for i in range(n):
        for j in range(i + 1):
            full[i, j] = dense[i - j]
    return full, W


def train_students(k: int, heads: tuple[int, ...], profile: Profile) -> list[dict]:
    """Train one student per H against the rank-k teacher (batched, independent); float64 weights and timings."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny matrices: one thread is far faster than two on a shared machine
    try:
        return _train(torch, k, heads, profile)
    finally:
        torch.set_num_threads(threads)


def _flat(K):  # noqa: ANN001
    """(..., n, n, p, d) kernels -> (..., n d, n p) matrices acting on row-flattened input sequences."""
    *lead, n, _, p, d = K.shape
    return K.transpose(-4, -3).transpose(-2, -1).transpose(-3, -2).reshape(*lead, n * d, n * p)


def _initial(torch, k: int, heads: tuple[int, ...], profile: Profile) -> tuple:  # noqa: ANN001
    """Padded initial weights: student s has heads[s] live heads (seeded per (k, H)), the rest are zero."""
    n, r, top = profile.n, profile.n, max(heads)
    V, phi, psi = (torch.zeros(len(heads), top, *shape, dtype=torch.float64) for shape in ((k, k), (n, r), (n, r)))
    live = torch.zeros(len(heads), top, 1, 1, dtype=torch.float64)
    for s, h in enumerate(heads):
        gen = torch.Generator().manual_seed(profile.seed * 1000 + 10 * k + h)
        V[s, :h] = torch.randn(h, k, k, generator=gen, dtype=torch.float64) / k**0.5
        phi[s, :h] = torch.randn(h, n, r, generator=gen, dtype=torch.float64) / r**0.25
        psi[s, :h] = torch.randn(h, n, r, generator=gen, dtype=torch.float64) / r**0.25
        live[s, :h] = 1.0
    return V.requires_grad_(), phi.requires_grad_(), psi.requires_grad_(), live


def _train(torch, k: int, heads: tuple[int, ...], profile: Profile) -> list[dict]:  # noqa: ANN001
    """The training loop: the summed loss has independent blocks, so each student follows its own gradient."""
    n = profile.n
    full = torch.from_numpy(teacher_tensor(k, n)[0])
    V, phi, psi, live = _initial(torch, k, heads, profile)
    gen = torch.Generator().manual_seed(profile.seed * 1000 + 10 * k)
    mask = torch.tril(torch.ones(n, n, dtype=torch.float64))
    opt = torch.optim.Adam([V, phi, psi], lr=profile.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, profile.steps, eta_min=profile.lr * 1e-3)

    def error():
        """Each student's kernel minus the teacher's, (S, n, n, p, d)."""
        alpha = live * mask * (phi @ psi.transpose(-1, -2))
        return torch.einsum("shij,shpd->sijpd", alpha, V) - full

    start = time.perf_counter()
    for _ in range(profile.steps):
        x = torch.randn(profile.batch, n * k, generator=gen, dtype=torch.float64)
        # per student: the mean of (y_hat - y)^2 over the batch, positions and outputs; summed over students
        loss = (torch.einsum("bm,smq->sbq", x, _flat(error())) ** 2).mean(dim=(1, 2)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    seconds = time.perf_counter() - start
    with torch.no_grad():
        x = torch.randn(profile.test_samples, n * k, generator=gen, dtype=torch.float64)
        E = error()
        monte_carlo = (torch.einsum("bm,smq->sbq", x, _flat(E)) ** 2).mean(dim=(1, 2))
        population = (E**2).sum(dim=(1, 2, 3, 4)) / (n * k)
    return [
        {
            "V": V[s, :h].detach().numpy().copy(),
            "phi": phi[s, :h].detach().numpy().copy(),
            "psi": psi[s, :h].detach().numpy().copy(),
            "seconds": seconds / len(heads),
            "monte_carlo_mse": float(monte_carlo[s]),
            "float_mse": float(population[s]),
        }
        for s, h in enumerate(heads)
    ]


def _exact(array: np.ndarray) -> fmpq_mat:
    """A float64 matrix as an exact rational matrix (every binary64 value is a dyadic rational)."""
    rows, cols = array.shape
    return fmpq_mat(rows, cols, [dyadic(x) for x in array.ravel()])


def exact_mse(student: dict, W: list[fmpq_mat]) -> fmpq:
    """The exact test MSE of the trained weights read as exact dyadic rationals."""
    n = len(W)
    alphas, values = [], []
    for h in range(student["V"].shape[0]):
        product = _exact(student["phi"][h]) * _exact(student["psi"][h]).transpose()
        alphas.append(fmpq_mat(n, n, [product[i, j] if j <= i else 0 for i in range(n) for j in range(n)]))
        values.append(_exact(student["V"][h]))
    return exact_student_mse(values, alphas, W)


def interaction_spectrum(student: dict | None, full: np.ndarray) -> list[float]:
    """Singular values of [vec K_ij]_{i >= j} (the learned family) or of [vec W(i-j)] when student is None."""
    n = full.shape[0]
    if student is None:
        K = full
    else:
        alpha = np.tril(np.einsum("hir,hjr->hij", student["phi"], student["psi"]))
        K = np.einsum("hij,hpd->ijpd", alpha, student["V"])
    columns = [K[i, j].ravel() for i in range(n) for j in range(i + 1)]
    return [float(s) for s in np.linalg.svd(np.array(columns).T, compute_uv=False)]


def run(profile: Profile, progress=None) -> tuple[dict, dict]:  # noqa: ANN001
    """Train every (k, H) student; returns the numbers of Figure 3 (exact MSEs as 'p/q') and the weights."""
    out: dict = {"profile": asdict(profile), "runs": [], "spectra": {}}
    weights: dict = {}
    for k in profile.ranks:
        full, W = teacher_tensor(k, profile.n)
        for heads, student in zip(profile.heads, train_students(k, profile.heads, profile)):
            mse = exact_mse(student, W)
            lower, upper = optimum_bounds(k, heads, profile.n)
            row = {
                "k": k,
                "H": heads,
                "test_mse_exact": str(mse),
                "test_mse": float(mse),
                "float_mse": student["float_mse"],
                "monte_carlo_mse": student["monte_carlo_mse"],
                "optimum_lower": str(lower),
                "optimum_upper": str(upper),
                "optimum": float(upper),
                "excess": float(mse - lower),
            }
            out["runs"].append(row)
            weights[f"k{k}.H{heads}"] = {key: student[key] for key in ("V", "phi", "psi")}
            if k == 4 and heads in (4, 6):
                out["spectra"][f"k4.H{heads}"] = interaction_spectrum(student, full)
            if progress:
                progress({**row, "train_seconds": student["seconds"]})
        out["spectra"][f"teacher.k{k}"] = interaction_spectrum(None, full)
    return out, weights
