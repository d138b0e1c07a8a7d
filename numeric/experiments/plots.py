"""Figures 3 and 4 as PNG bytes (matplotlib, Agg backend, no timestamps), readable without the paper."""

from __future__ import annotations

import io

__all__ = ["figure3_png", "figure4_png", "COLORS"]

COLORS = {2: "tab:green", 4: "tab:orange", 8: "tab:blue"}


def _png(fig) -> bytes:  # noqa: ANN001
    """The figure as PNG bytes without volatile metadata."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=120, metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


def figure3_png(numbers: dict) -> bytes:
    """Left: exact test MSE of trained students and the certified optimum vs H; right: interaction spectra."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(17, 4.8))
    runs = numbers["runs"]
    floor = 1e-12
    for k in sorted({r["k"] for r in runs}):
        rows = sorted((r for r in runs if r["k"] == k), key=lambda r: r["H"])
        color = COLORS.get(k, "black")
        left.plot(
            [r["H"] for r in rows],
            [max(r["test_mse"], floor) for r in rows],
            "o-",
            color=color,
            label=f"k = {k}: trained student",
        )
        below = [r for r in rows if r["optimum"] > 0]
        left.plot(
            [r["H"] for r in below],
            [r["optimum"] for r in below],
            "x--",
            color=color,
            markersize=10,
            label=f"k = {k}: certified optimum (= 0 for H >= {k})",
        )
        left.axvline(k, color=color, linestyle=":", linewidth=0.8)
        middle.plot(
            [r["H"] for r in below], [r["excess"] / r["optimum"] for r in below], "o-", color=color, label=f"k = {k}"
        )
    left.axhline(floor, color="gray", linewidth=0.6)
    left.set_yscale("log")
    left.set_xlabel("number of heads H")
    left.set_ylabel("test MSE (exact expectation over x ~ N(0, I))")
    left.text(9, floor * 3, f"values < {floor:g} drawn at {floor:g}", ha="right", fontsize=7, color="gray")
    left.set_title("Test MSE vs heads: trained (o) and certified optimum (x)")
    left.legend(fontsize=7, loc="lower left")
    left.grid(True, which="both", alpha=0.3)
    middle.set_yscale("log")
    middle.set_xlabel("number of heads H (only H < k: optimum > 0)")
    middle.set_ylabel("(trained - optimum) / optimum")
    middle.set_title("How close training gets to the optimum")
    middle.legend(fontsize=8)
    middle.grid(True, which="both", alpha=0.3)
    spectra = numbers["spectra"]
    for key, style, label in (
        ("teacher.k4", "s-", "teacher k = 4: [vec W(i-j)]"),
        ("k4.H4", "o-", "learned, H = 4"),
        ("k4.H6", "^-", "learned, H = 6"),
    ):
        if key in spectra:
            values = [max(v, 1e-18) for v in spectra[key][:16]]
            right.semilogy(range(1, len(values) + 1), values, style, label=label)
    right.set_xlabel("index")
    right.set_ylabel("singular value (floored at 1e-18)")
    right.set_title("Spectrum of the interaction family [vec K_ij], k = 4")
    right.legend(fontsize=8)
    right.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return _png(fig)


def figure4_png(numbers: dict) -> bytes:
    """||d y_T / d x_0||_2 vs T (semi-log): linear SSM, Theorem 5.1's bound, multi-head attention."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.6))
    T = sorted(int(t) for t in numbers["ssm"])
    ax.semilogy(T, [numbers["ssm"][str(t)] for t in T], "-", color="tab:red", label="linear SSM: ||C A^T B||_2")
    ax.semilogy(
        T,
        [numbers["bound"][str(t)] for t in T],
        "--",
        color="tab:red",
        alpha=0.6,
        label=f"Thm 5.1 bound ||C|| ||B|| ||A||^T  (||A||_2 = {numbers['norms']['A']:.3f})",
    )
    ax.semilogy(
        T,
        [numbers["attention_median"][str(t)] for t in T],
        "-",
        color="tab:blue",
        label="multi-head attention: median over inputs",
    )
    ax.fill_between(
        T,
        [numbers["attention_p10"][str(t)] for t in T],
        [numbers["attention_p90"][str(t)] for t in T],
        color="tab:blue",
        alpha=0.2,
        label="attention: 10%-90% of inputs",
    )
    first = numbers["attention_median"][str(T[0])] * (T[0] + 1)
    ax.semilogy(T, [first / (t + 1) for t in T], ":", color="gray", label="reference c / (T + 1) (uniform attention)")
    certified = sorted(int(t) for t in numbers["certified"])
    ax.semilogy(certified, [numbers["ssm"][str(t)] for t in certified], "k.", label="kernel-checked SSM points")
    ax.set_xlabel("distance T")
    ax.set_ylabel("||d y_T / d x_0||_2")
    ax.set_title(f"Gradient sensitivity at standard init (spectral radius of A = {numbers['spectral_radius_A']:.3f})")
    ax.legend(fontsize=8)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return _png(fig)
