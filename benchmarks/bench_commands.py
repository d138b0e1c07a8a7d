"""Benchmark: the wall time of the README's commands, `verify all` and `verify check certs/`, with the load.

Prints the two rows of README's Performance table ("`python -m verify all`", "`python -m verify check certs/`")
with the measured seconds, the CPU seconds of the command and the machine's load average while it ran, and the
verdict line of `verify all` (the README's verdict line is tested against the certificates by
tests/test_docs_numbers.py). `verify all` writes into a temporary folder, never into certs/.

Run: python benchmarks/bench_commands.py [--repeat N]; quote the load with the figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["timed", "main"]


def timed(args: list[str]) -> tuple[float, float, float, str]:
    """(wall seconds, CPU seconds of the child, load average over the run, last line of stdout) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "verify", *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"bench_commands: {' '.join(args)} exited {out.returncode}: {out.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    return wall, cpu, os.getloadavg()[0], last


def main(argv: list[str] | None = None) -> int:
    """Time each command --repeat times; print the best wall time of each with its CPU time and load."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per command (the best is printed)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-commands-") as folder:
        rows = [
            ("`python -m verify all` (all claims, including training)", ["all", "--out", folder, "--quiet"]),
            ("`python -m verify check certs/`", ["check", "certs"]),
        ]
        print(f"{os.cpu_count()} CPUs")
        for label, command in rows:
            best = min((timed(command) for _ in range(args.repeat)), key=lambda r: r[0])
            print(f"| {label} | {best[0]:.0f} s ({best[1]:.0f} s CPU, load average {best[2]:.1f}) | |")
            if command[0] == "all":
                print(f"verdict line: {best[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
