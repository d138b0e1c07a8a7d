"""Plots of `verify heads` on checkpoints: e_H enclosures per layer, and the heads needed per layer."""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

__all__ = ["layer_png", "summary_png", "figure", "png_bytes", "finish_error_axes"]


def figure(size: tuple[float, float]):
    """A fresh matplotlib figure on the Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt, *plt.subplots(figsize=size, dpi=110)


def png_bytes(plt, fig) -> bytes:
    """The figure as PNG bytes (no software tag, so the bytes do not depend on the matplotlib version)."""
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


def finish_error_axes(ax, title: str) -> None:  # noqa: ANN001 - a matplotlib Axes
    """The axes of an error-versus-heads plot: log scale, labels, title, grid, legend."""
    ax.set_yscale("log")
    ax.set_xlabel("heads H")
    ax.set_ylabel("relative error e_H (best H-head model)")
    ax.set_title(title, fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower left")


def layer_png(summary: dict, bounds: list, title: str) -> bytes:
    """e_H (log scale) with its enclosure band, the tolerance, the smallest H and the rank range."""
    plt, fig, ax = figure((6.4, 4.0))
    hs = [h for h, (lo, _) in enumerate(bounds, start=1) if lo > 0]
    lows = [float(bounds[h - 1][0]) for h in hs]
    highs = [float(bounds[h - 1][1]) for h in hs]
    how = "kernel-checked" if summary["method"] == "exact" else "float64 a-priori bounds, kernel-checked"
    if hs:
        ax.fill_between(hs, lows, highs, color="tab:blue", alpha=0.3)
        ax.plot(hs, [(a + b) / 2 for a, b in zip(lows, highs)], "o-", ms=2, color="tab:blue", label=f"e_H ({how})")
    k_lo, k_hi = summary["k"]
    label = f"k = rank G = {k_lo}" if k_lo == k_hi else f"rank G in [{k_lo}, {k_hi}]"
    ax.axvline(k_lo, color="gray", ls=":", label=label)
    tolerance = Fraction(summary["tolerance"])
    if tolerance > 0:
        ax.axhline(float(tolerance), color="tab:red", ls="--", label=f"tolerance {float(tolerance):g}")
    lo, hi = summary["heads"]
    if hi:
        text = f"smallest H with e_H <= tolerance: {hi}" if lo == hi else f"smallest H: {lo} to {hi} (undecided)"
        ax.axvline(hi, color="tab:green", label=text)
    finish_error_axes(ax, title)
    return png_bytes(plt, fig)


def summary_png(summaries: list[dict]) -> bytes:
    """One bar per layer: the smallest H within the tolerance (the upper candidate when undecided)."""
    plt, fig, ax = figure((6.4, 3.6))
    names = [s["prefix"] or "(bare)" for s in summaries]
    ax.bar(range(len(names)), [s["heads"][1] for s in summaries], color="tab:blue")
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=7)
    ax.set_ylabel("heads needed (smallest H with e_H <= tol)")
    tol = float(Fraction(summaries[0]["tolerance"]))
    ax.set_title(f"{Path(summaries[0]['ssm']).name}: heads per layer (tolerance {tol:g})", fontsize=9)
    return png_bytes(plt, fig)
