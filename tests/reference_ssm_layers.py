"""Small torch reference layers written from the published definitions (float64), for reading tests.

S4DMinimal follows state-spaces/s4 models/s4/s4d.py (names kernel.log_dt, kernel.C as real pairs,
kernel.log_A_real, kernel.A_imag, D; ZOH; FFT convolution with K = 2 Re(...)). S4DKernelV4 follows the v4
SSMKernelDiag (A_real, A_imag, B, C, inv_dt; A = -exp(A_real) - i A_imag) and S4DKernelV3 the v3 SSKernelDiag
(inv_A_real, A_imag, B, C, log_dt; A = -exp(inv_A_real) + i A_imag), both run by their step recurrence
(dA, dB, y = 2 Re(C x)). S5Layer follows lindermanlab/S5 s5/ssm.py (a sequential scan instead of the
associative one), LRULayer the LRU paper's Appendix A (y = Re(C x) + D u).
"""

from __future__ import annotations

import math

import torch
from torch import nn

__all__ = ["S4DMinimal", "S4DKernelV3", "S4DKernelV4", "S5Layer", "LRULayer", "discretize"]

DT = torch.float64


def discretize(lam: torch.Tensor, step: torch.Tensor, disc: str) -> tuple[torch.Tensor, torch.Tensor]:
    """(dA, dB factor): ZOH exp(step lam), (exp(step lam) - 1)/lam; bilinear (1 + x/2)/(1 - x/2), step/(1 - x/2)."""
    x = lam * step
    if disc == "zoh":
        return torch.exp(x), (torch.exp(x) - 1.0) / lam
    return (1.0 + x / 2) / (1.0 - x / 2), step / (1.0 - x / 2)


class _S4DKernelMinimal(nn.Module):
    """S4DKernel of models/s4/s4d.py in float64."""

    def __init__(self, H: int, N: int, generator: torch.Generator) -> None:
        super().__init__()
        log_dt = torch.rand(H, dtype=DT, generator=generator) * (math.log(0.1) - math.log(0.001)) + math.log(0.001)
        C = torch.randn(H, N // 2, dtype=torch.complex128, generator=generator)
        self.C = nn.Parameter(torch.view_as_real(C))
        self.log_dt = nn.Parameter(log_dt)
        self.log_A_real = nn.Parameter(
            torch.log(0.5 * torch.ones(H, N // 2, dtype=DT))
            + 0.1 * torch.randn(H, N // 2, dtype=DT, generator=generator)
        )
        self.A_imag = nn.Parameter(math.pi * torch.arange(N // 2, dtype=DT).repeat(H, 1))

    def forward(self, L: int) -> torch.Tensor:
        """K (H, L) = 2 Re(sum_n C_n (exp(dtA_n) - 1)/A_n exp(dtA_n l))."""
        dt = torch.exp(self.log_dt)
        C = torch.view_as_complex(self.C)
        A = -torch.exp(self.log_A_real) + 1j * self.A_imag
        dtA = A * dt.unsqueeze(-1)
        K = dtA.unsqueeze(-1) * torch.arange(L, dtype=DT)
        C = C * (torch.exp(dtA) - 1.0) / A
        return 2 * torch.einsum("hn, hnl -> hl", C, torch.exp(K)).real


class S4DMinimal(nn.Module):
    """S4D of models/s4/s4d.py without the output mixing: y = conv(u, K) + D u, input (B, H, L)."""

    def __init__(self, H: int, N: int, seed: int = 0) -> None:
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.D = nn.Parameter(torch.randn(H, dtype=DT, generator=g))
        self.kernel = _S4DKernelMinimal(H, N, g)

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        """FFT convolution as in s4d.py."""
        L = u.size(-1)
        k = self.kernel(L=L)
        y = torch.fft.irfft(torch.fft.rfft(u, n=2 * L) * torch.fft.rfft(k, n=2 * L), n=2 * L)[..., :L]
        return y + u * self.D.unsqueeze(-1)


class _S4DRecurrent(nn.Module):
    """Common step recurrence of the v3/v4 diagonal kernels: x = dA x + dB u, y = 2 Re(C x)."""

    def params(self) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(dt (H, 1), A (H, N), B (H, N))."""
        raise NotImplementedError

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        """u (B, H, L) to y (B, C*H, L) by the recurrence (the kernels' step())."""
        dt, A, B = self.params()
        H = self.C.shape[1]
        dt = dt.expand(H, 1)
        reps = H // A.shape[0]
        A, B = A.repeat(reps, 1), B.repeat(reps, 1)
        dA, factor = discretize(A, dt, self.disc)
        dB = B * factor
        C = torch.view_as_complex(self.C)  # (C, H, N)
        x = torch.zeros(u.shape[0], H, A.shape[1], dtype=torch.complex128)
        ys = []
        for t in range(u.shape[-1]):
            x = dA * x + dB * u[:, :, t, None]
            ys.append(2 * torch.einsum("chn,bhn->bch", C, x).real.reshape(u.shape[0], -1))
        return torch.stack(ys, dim=-1)


class S4DKernelV4(_S4DRecurrent):
    """v4 SSMKernelDiag names: A_real (A.real = -exp), A_imag (A.imag = -A_imag), B, C (1, H, N, 2), inv_dt."""

    def __init__(
        self, H: int, N: int, disc: str = "zoh", seed: int = 0, n_ssm: int | None = None, channels: int = 1
    ) -> None:
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        S = n_ssm or H
        self.disc = disc
        self.inv_dt = nn.Parameter(torch.rand(H, 1, dtype=DT, generator=g) * 4.6 - 6.9)
        self.A_real = nn.Parameter(torch.log(0.5 + torch.rand(S, N, dtype=DT, generator=g)))
        self.A_imag = nn.Parameter(-math.pi * torch.arange(N, dtype=DT).repeat(S, 1))
        self.B = nn.Parameter(torch.randn(S, N, 2, dtype=DT, generator=g))
        self.C = nn.Parameter(torch.randn(channels, H, N, 2, dtype=DT, generator=g))

    def params(self) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """dt = exp(inv_dt), A = -exp(A_real) - i A_imag, B complex."""
        A = -torch.exp(self.A_real) - 1j * self.A_imag
        return torch.exp(self.inv_dt), A, torch.view_as_complex(self.B)


class S4DKernelV3(_S4DRecurrent):
    """v3 SSKernelDiag names: inv_A_real (real_type 'exp'), A_imag, B (H, N, 2), C (1, H, N, 2), log_dt (H,)."""

    def __init__(self, H: int, N: int, disc: str = "bilinear", seed: int = 0) -> None:
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.disc = disc
        self.log_dt = nn.Parameter(torch.rand(H, dtype=DT, generator=g) * 4.6 - 6.9)
        self.inv_A_real = nn.Parameter(torch.log(0.5 + torch.rand(H, N, dtype=DT, generator=g)))
        self.A_imag = nn.Parameter(math.pi * torch.arange(N, dtype=DT).repeat(H, 1))
        self.B = nn.Parameter(torch.randn(H, N, 2, dtype=DT, generator=g))
        self.C = nn.Parameter(torch.randn(1, H, N, 2, dtype=DT, generator=g))

    def params(self) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """dt = exp(log_dt), A = -exp(inv_A_real) + i A_imag."""
        A = -torch.exp(self.inv_A_real) + 1j * self.A_imag
        return torch.exp(self.log_dt)[:, None], A, torch.view_as_complex(self.B)


class S5Layer(nn.Module):
    """S5SSM of s5/ssm.py: Lambda_re, Lambda_im, B (P, H, 2), C (H, P, 2), D, log_step (P, 1); y = 2 Re(C x) + D u."""

    def __init__(self, H: int, P: int, disc: str = "zoh", seed: int = 0) -> None:
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.disc = disc
        self.Lambda_re = nn.Parameter(-0.5 * torch.ones(P, dtype=DT) - 0.2 * torch.rand(P, dtype=DT, generator=g))
        self.Lambda_im = nn.Parameter(math.pi * torch.arange(P, dtype=DT))
        self.B = nn.Parameter(torch.randn(P, H, 2, dtype=DT, generator=g) / math.sqrt(H))
        self.C = nn.Parameter(torch.randn(H, P, 2, dtype=DT, generator=g) / math.sqrt(P))
        self.D = nn.Parameter(torch.randn(H, dtype=DT, generator=g))
        self.log_step = nn.Parameter(torch.rand(P, 1, dtype=DT, generator=g) * 4.6 - 6.9)

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        """u (L, H) to y (L, H), sequentially."""
        Lambda = torch.complex(self.Lambda_re, self.Lambda_im)
        step = torch.exp(self.log_step[:, 0])
        Lambda_bar, factor = discretize(Lambda, step, self.disc)
        B_bar = factor[:, None] * torch.view_as_complex(self.B)
        C = torch.view_as_complex(self.C)
        x = torch.zeros(Lambda.shape[0], dtype=torch.complex128)
        ys = []
        for t in range(u.shape[0]):
            x = Lambda_bar * x + B_bar @ u[t].to(torch.complex128)
            ys.append(2 * (C @ x).real + self.D * u[t])
        return torch.stack(ys)


class LRULayer(nn.Module):
    """LRU of the paper's Appendix A: nu_log, theta_log, gamma_log, B_re, B_im, C_re, C_im, D (H,)."""

    def __init__(self, H: int, N: int, seed: int = 0) -> None:
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        u1, u2 = torch.rand(N, dtype=DT, generator=g), torch.rand(N, dtype=DT, generator=g)
        r_min, r_max = 0.4, 0.99
        self.nu_log = nn.Parameter(torch.log(-0.5 * torch.log(u1 * (r_max**2 - r_min**2) + r_min**2)))
        self.theta_log = nn.Parameter(torch.log(6.28 * u2))
        mod = torch.exp(-torch.exp(self.nu_log))
        self.gamma_log = nn.Parameter(torch.log(torch.sqrt(1 - mod**2)).detach())
        self.B_re = nn.Parameter(torch.randn(N, H, dtype=DT, generator=g) / math.sqrt(2 * H))
        self.B_im = nn.Parameter(torch.randn(N, H, dtype=DT, generator=g) / math.sqrt(2 * H))
        self.C_re = nn.Parameter(torch.randn(H, N, dtype=DT, generator=g) / math.sqrt(N))
        self.C_im = nn.Parameter(torch.randn(H, N, dtype=DT, generator=g) / math.sqrt(N))
        self.D = nn.Parameter(torch.randn(H, dtype=DT, generator=g))

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        """u (L, H) to y (L, H): x = Lambda x + B_norm u, y = Re(C x) + D u."""
        Lambda = torch.exp(-torch.exp(self.nu_log) + 1j * torch.exp(self.theta_log))
        B_norm = torch.complex(self.B_re, self.B_im) * torch.exp(self.gamma_log).unsqueeze(-1)
        C = torch.complex(self.C_re, self.C_im)
        x = torch.zeros(Lambda.shape[0], dtype=torch.complex128)
        ys = []
        for t in range(u.shape[0]):
            x = Lambda * x + B_norm @ u[t].to(torch.complex128)
            ys.append((C @ x).real + self.D * u[t])
        return torch.stack(ys)
