"""Benchmark: the wall time of the README's commands, `verify all` and `verify check certs/`, with the load.

Prints the start-up rows of README's Performance table (median of 5 runs of `python -m verify --help`, of `verify
heads` on a 4-state SSM and of `verify check` on one certificate, next to a bare `python -c pass`) and the two rows
("`python -m verify all`", "`python -m verify check certs/`") with the measured seconds, the CPU seconds of the
command and the machine's load average while it ran, and the verdict line of `verify all` (the README's verdict
line is tested against the certificates by tests/test_docs_numbers.py). `verify all` writes into a temporary
folder, never into certs/.

Run: python benchmarks/bench_commands.py [--repeat N] [--startup-only]; quote the load with the figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["timed", "main"]


def timed(args: list[str], module: bool = True) -> tuple[float, float, float, str]:
    """(wall seconds, CPU seconds of the child, load average over the run, last line of stdout) of one command:
    `python -m verify ARGS`, or `python ARGS` with module=False."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, *(["-m", "verify"] if module else []), *args]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"bench_commands: {' '.join(args)} exited {out.returncode}: {out.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    return wall, cpu, os.getloadavg()[0], last


def startup_rows(folder: str, runs: int = 5) -> None:
    """Start-up: the median over `runs` of wall and CPU time of short commands, each row next to the anchor (a bare
    `python -c pass`, timed just before it)."""
    rows = [
        ("`python -m verify --help`", ["--help"]),
        ("`python -m verify heads`, 4-state SSM (examples/ssm-jordan-rotation.json)",
         ["heads", "--ssm", "examples/ssm-jordan-rotation.json", "--out", folder, "--quiet"]),
        ("`python -m verify check` one certificate (certs/thm4.2.eq5.json)", ["check", "certs/thm4.2.eq5.json"]),
    ]  # fmt: skip

    def median(command: list[str], module: bool) -> tuple[float, float, float]:
        """Median wall, CPU and load of `runs` runs."""
        results = [timed(command, module) for _ in range(runs)]
        return tuple(statistics.median(r[i] for r in results) for i in range(3))  # type: ignore[return-value]

    for label, command in rows:
        base = median(["-c", "pass"], False)
        wall, cpu, load = median(command, True)
        print(f"| {label} | {wall:.2f} s wall, {cpu:.2f} s CPU (median of {runs}, load average {load:.1f}) | "
              f"bare `python -c pass`: {base[0]:.2f} s wall, {base[1]:.2f} s CPU |")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Time each command --repeat times; print the best wall time of each with its CPU time and load."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per command (the best is printed)")
    parser.add_argument("--startup-only", action="store_true", help="only the start-up rows (seconds, not minutes)")
    args = parser.parse_args(argv)
    if args.startup_only:
        with tempfile.TemporaryDirectory(prefix="bench-commands-") as folder:
            print(f"{os.cpu_count()} CPUs")
            startup_rows(folder)
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-commands-") as folder:
        rows = [
            ("`python -m verify all` (all claims, including training)", ["all", "--out", folder, "--quiet"]),
            ("`python -m verify check certs/`", ["check", "certs"]),
        ]
        print(f"{os.cpu_count()} CPUs")
        startup_rows(folder)
        for label, command in rows:
            best = min((timed(command) for _ in range(args.repeat)), key=lambda r: r[0])
            print(f"| {label} | {best[0]:.0f} s ({best[1]:.0f} s CPU, load average {best[2]:.1f}) | |")
            if command[0] == "all":
                print(f"verdict line: {best[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
