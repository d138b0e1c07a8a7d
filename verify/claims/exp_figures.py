"""Section 6: Experiments I and II (Figures 3 and 4) and the exact optimum of an H-head student.

exp.fig3.optimum.k{2,4,8}: the minimum test MSE of any H-head student (H = 1..9) against the rank-k rotation
teacher, bracketed by rationals 2^-64 apart; the kernel recomputes it from the teacher (kind lowrank_optimum).
exp.fig3 / exp.fig4: building them trains / measures the models, draws exp.fig3.png, exp.fig3.json, exp.fig4.png,
exp.fig4.json, and certifies what is exactly checkable about the plotted numbers. The files are handed to the runner
(verify.figures.emit), which writes them under the output folder only once the kernel accepts the certificate;
nothing is written into the source tree unless a caller passes a folder.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from flint import fmpq_mat

from constructions.optimum import dyadic, optimum_bounds, rotation_teacher
from verify.certificate import Obligation, make_certificate, write_group
from verify.figures import emit
from verify.registry import claim

__all__ = ["N", "RANKS", "HEADS", "optimum_obligation", "build_fig3", "build_fig4", "fig3_numbers_bytes"]

N = 16  # sequence length of Experiment I (numeric.experiments.fig3.Profile.n)
RANKS = (2, 4, 8)
HEADS = tuple(range(1, 10))


def _rows(M: fmpq_mat) -> list[list[str]]:
    """Rows of exact number strings."""
    return [[str(M[r, c]) for c in range(M.ncols())] for r in range(M.nrows())]


def _exact_rows(array) -> list[list[str]]:  # noqa: ANN001
    """A float64 matrix as rows of exact dyadic strings."""
    return [[str(dyadic(x)) for x in row] for row in array]


def optimum_obligation(k: int, heads: int, n: int = N) -> Obligation:
    """lower <= min test MSE of an H-head student <= upper, for the rank-k teacher at length n."""
    A, B, C = rotation_teacher(k)
    lower, upper = optimum_bounds(k, heads, n)
    goal = {"A": _rows(A), "B": _rows(B), "C": _rows(C), "n": n, "heads": heads}
    goal.update(lower=str(lower), upper=str(upper))
    return Obligation(f"H{heads}", "lowrank_optimum", goal, {"precision": 256})


def _optimum_claim(k: int) -> None:
    """Register exp.fig3.optimum.k{k}."""

    def build() -> dict:
        """The optimum for every H in 1..9, re-derived by the kernel from the exact teacher."""
        return make_certificate(f"exp.fig3.optimum.k{k}", "certified", [optimum_obligation(k, h) for h in HEADS])

    build.__name__ = f"optimum_k{k}"
    claim(f"exp.fig3.optimum.k{k}")(build)


for _k in RANKS:
    _optimum_claim(_k)


def _sha(data: bytes) -> str:
    """The hex sha256 of bytes."""
    return hashlib.sha256(data).hexdigest()


def fig3_numbers_bytes(numbers: dict) -> bytes:
    """The canonical bytes of the JSON of numbers (sorted keys, no timings)."""
    return (json.dumps(numbers, sort_keys=True, indent=1) + "\n").encode()


def _log(text: str) -> None:
    """Progress (logger verify.progress: the command line shows it on stderr unless --quiet)."""
    logging.getLogger("verify.progress").info(text)


def _hand_over(files: dict[str, bytes], folder: Path | None) -> None:
    """Give the figure files to the runner; also write them into `folder` when a caller asks for that."""
    for name, data in files.items():
        emit(name, data)
    if folder is not None:
        write_group([(folder / name, data) for name, data in files.items()])


def build_fig3(profile_name: str = "default", folder: Path | None = None) -> tuple[dict, dict]:
    """Train Experiment I, hand over (or write into folder) its figure and numbers; return (certificate, numbers)."""
    from numeric.experiments.fig3 import PROFILES, run
    from numeric.experiments.plots import figure3_png

    profile = PROFILES[profile_name]
    numbers, weights = run(
        profile,
        progress=lambda r: _log(
            f"  exp.fig3: k={r['k']} H={r['H']} test MSE {r['test_mse']:.4g} (optimum {r['optimum']:.4g}, "
            f"{r['train_seconds']:.1f} s)"
        ),
    )
    png, data = figure3_png(numbers), fig3_numbers_bytes(numbers)
    _hand_over({"exp.fig3.png": png, "exp.fig3.json": data}, folder)
    params: dict[str, object] = {"figure_sha256": _sha(png), "numbers_sha256": _sha(data)}
    obligations = []
    for row in numbers["runs"]:
        key = f"k{row['k']}.H{row['H']}"
        student = {name: [_exact_rows(M) for M in array] for name, array in weights[key].items()}
        params[f"mse.{key}"], params[f"student.{key}"] = row["test_mse_exact"], student
        A, B, C = rotation_teacher(row["k"])
        teacher = {"A": _rows(A), "B": _rows(B), "C": _rows(C), "n": profile.n}
        obligations.append(
            Obligation(f"{key}.mse", "student_mse", {**teacher, "student": student, "mse": row["test_mse_exact"]})
        )
        goal = {"box": {}, "lhs": row["test_mse_exact"], "op": ">=", "rhs": row["optimum_lower"]}
        obligations.append(Obligation(f"{key}.above-optimum", "interval_inequality", goal, {"precision": 256}))
    return make_certificate("exp.fig3", "certified", obligations, params=params), numbers


def build_fig4(profile_name: str = "default", folder: Path | None = None) -> tuple[dict, dict]:
    """Measure Experiment II, hand over (or write into folder) its figure and numbers; return (certificate, numbers)."""
    from numeric.experiments.fig4 import PROFILES, run
    from numeric.experiments.plots import figure4_png

    numbers = run(PROFILES[profile_name])
    png, data = figure4_png(numbers), fig3_numbers_bytes(numbers)
    _hand_over({"exp.fig4.png": png, "exp.fig4.json": data}, folder)
    exact = {name: _exact_rows(numbers["matrices"][name]) for name in "ABC"}
    params: dict = {"figure_sha256": _sha(png), "numbers_sha256": _sha(data), **exact}
    obligations = []
    for T, item in sorted(numbers["certified"].items(), key=lambda kv: int(kv[0])):
        measured = str(dyadic(item["measured"]))
        params[f"measured.T{T}"] = measured
        goal = {**exact, "T": int(T), "measured": measured}
        obligations.append(Obligation(f"T{T}", "ssm_jacobian", goal, {"precision": 256}))
    return make_certificate("exp.fig4", "certified", obligations, params=params), numbers


@claim("exp.fig3")
def fig3() -> dict:
    """Figure 3 (default profile): every trained student's exact test MSE is >= the certified optimum."""
    return build_fig3()[0]


@claim("exp.fig4")
def fig4() -> dict:
    """Figure 4 (default profile): the plotted SSM norms are ||C A^T B||_2 within bound, below Theorem 5.1's bound."""
    return build_fig4()[0]
