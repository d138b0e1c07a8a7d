"""Benchmark for Section 3 / Table 1: the larger Table 1 measurement, and the kernel's check of every Section 3
polynomial identity beside the naive SymPy way (expand(lhs - rhs) == 0 on the same construction).

Run: python benchmarks/bench_table1.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sympy  # noqa: E402

from numeric import table1  # noqa: E402
from verify.kernel import statements  # noqa: E402
from verify.kernel.kinds import check_obligation, read_goal  # noqa: E402

__all__ = ["kernel_vs_sympy", "main"]


def kernel_vs_sympy() -> list[tuple[str, float, float]]:
    """(claim:obligation, kernel seconds, SymPy seconds) for every Section 3 polynomial identity."""
    from constructions import framework as fw

    built = {
        "def3.1.matrix-form": fw.matrix_form(),
        "sec3.1.2.attention": fw.attention(),
        "sec3.1.2.linear-attention": fw.linear_attention(),
        "def3.2.lti-ssm": fw.lti_ssm(),
        "sec3.2.duality.scan": fw.affine_scan(),
        "def3.1.membership.linear-attention": {"pair-function": fw.linear_attention_membership()},
    }
    rows = []
    for claim_id, items in built.items():
        spec = {o["name"]: o for o in statements()[claim_id]["certified"]}
        for name, (_, lhs, rhs) in items.items():
            if name not in spec:
                continue
            start = time.perf_counter()
            goal = read_goal("polynomial_identity", spec[name]["goal"], name)
            check_obligation("polynomial_identity", goal, None, name)
            kernel = time.perf_counter() - start
            start = time.perf_counter()
            assert sympy.expand(lhs - rhs) == 0
            naive = time.perf_counter() - start
            rows.append((f"{claim_id}:{name}", kernel, naive))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print both benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (seconds)")
    args = parser.parse_args(argv)
    print(f"{'identity':60s} {'kernel s':>9s} {'sympy s':>9s}")
    for name, kernel, naive in kernel_vs_sympy():
        print(f"{name:60s} {kernel:9.3f} {naive:9.3f}")
    sizes = ["--sizes", "16", "32", "64"] if args.quick else ["--sizes", "64", "128", "256", "512"]
    times = ["--time-sizes", "64", "128"] if args.quick else ["--time-sizes", "512", "1024", "2048", "4096"]
    return table1.main([*sizes, *times])


if __name__ == "__main__":
    sys.exit(main())
