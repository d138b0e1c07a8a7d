"""python -m verify run ID... (and, through verify/cli/every.py, `all`): build, kernel-check, write, compare.

Check first, write after: each claim is built and checked in memory (in worker processes with --jobs), and
only a certificate the kernel accepts is written, together with its figures, in one atomic group. Output
folders are checked before any work; an interruption stops with a one-line summary of what finished.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from verify.cli.common import (
    EXIT_FAIL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    JUNIT_HELP,
    CommandError,
    InputError,
    emit_json,
    prepare_file,
    prepare_folder,
    table,
    write_junit,
)
from verify.cli.workers import produce_claims

__all__ = ["HELP", "add_arguments", "add_common_arguments", "run", "parse_shard"]

HELP = "only the given claims"


def parse_shard(text: str) -> tuple[int, int]:
    """'i/N' with 1 <= i <= N (argparse type of --shard)."""
    index, _, total = text.partition("/")
    if not (index.isascii() and index.isdigit() and total.isascii() and total.isdigit()):
        raise argparse.ArgumentTypeError(f"found {text!r}, expected i/N such as 2/4")
    if not 1 <= int(index) <= int(total) <= 1000:
        raise argparse.ArgumentTypeError(f"found {text!r}, expected i/N with 1 <= i <= N <= 1000")
    return int(index), int(total)


def _jobs(text: str) -> int:
    """A number of worker processes in [1, 64] (argparse type of --jobs)."""
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"found {text!r}, expected a number of worker processes from 1 to 64")
    return int(text)


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """The options shared by `all` and `run`."""
    parser.add_argument("--out", type=Path, default=Path("certs"), help="folder for certificates (default certs/)")
    parser.add_argument("--figures", type=Path, metavar="DIR", help="folder for figures (default OUT/figures/)")
    parser.add_argument("--baseline", type=Path, help="compare with committed certificates; regressions fail")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--junit", type=Path, metavar="FILE", help=JUNIT_HELP)
    parser.add_argument("--jobs", type=_jobs, default=1, metavar="N", help="build claims in N worker processes")
    parser.add_argument("--shard", type=parse_shard, metavar="I/N", help="only the I-th of N deterministic shards")
    parser.add_argument("--scale", choices=["default", "large"], help="num.* sizes (sets VERIFY_NUMERIC_SCALE)")
    parser.add_argument("--device", choices=["cpu", "cuda"], help="num.* device (sets VERIFY_NUMERIC_DEVICE)")
    parser.add_argument(
        "--refresh",
        action="store_true",
        help="rewrite certificates in OUT that agree with this run (by default they are kept: measured values "
        "and library versions differ by machine)",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `run`: claim ids, then those shared with `all`."""
    parser.add_argument("ids", nargs="+", metavar="ID", help="claim ids, e.g. thm4.2.eq5")
    add_common_arguments(parser)


def _select(ids: list[str] | None, shard: tuple[int, int] | None) -> list:
    """The claims to produce: all of them or the given ids (unknown ids are bad usage), then the shard."""
    from verify.registry import all_claims
    from verify.runner import shard as take_shard

    claims = all_claims()
    if ids is not None:
        known = {c.id: c for c in claims}
        unknown = [i for i in ids if i not in known]
        if unknown:
            raise InputError(f"unknown claim ids {unknown}; see 'python -m verify list'")
        claims = [known[i] for i in dict.fromkeys(ids)]
    return take_shard(claims, *shard) if shard else claims


def _prepare(args: argparse.Namespace) -> Path:
    """Check every output before any work: --out, the figures folder, --junit, --baseline; returns figures."""
    from verify.certificate import sweep_stale_temps
    from verify.figures import figures_folder

    prepare_folder(args.out, "--out")
    figures = figures_folder(args.out, args.figures)
    prepare_folder(figures, "--figures")
    prepare_file(args.junit, "--junit")
    if args.baseline is not None and not args.baseline.is_dir():
        raise InputError(f"--baseline {args.baseline}: no such folder; expected a folder of committed certificates")
    for folder in (args.out, figures):
        sweep_stale_temps(folder)
    return figures


def _baseline_snapshot(args: argparse.Namespace, stack: contextlib.ExitStack) -> Path | None:
    """The baseline folder to compare with: a copy taken before producing when --out would overwrite it."""
    if args.baseline is None:
        return None
    if args.out.resolve() != args.baseline.resolve():
        return args.baseline
    copy = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="verify-baseline-")))
    for path in args.baseline.glob("*.json"):
        shutil.copyfile(path, copy / path.name)
    return copy


def run(args: argparse.Namespace) -> int:
    """Produce claims for `all`/`run`, comparing with a snapshot of --baseline taken before any file is written."""
    from verify.cli.common import configure_progress

    configure_progress(args.quiet)
    figures = _prepare(args)
    os.environ.update({f"VERIFY_NUMERIC_{k.upper()}": v for k in ("scale", "device") if (v := vars(args).get(k))})
    claims = _select(getattr(args, "ids", None), args.shard)
    with contextlib.ExitStack() as stack:
        baseline = _baseline_snapshot(args, stack)
        outcomes, interrupted = produce_claims(claims, args.out, figures, args.jobs, args.quiet, args.refresh)
        if interrupted:
            raise _interruption(args, claims, outcomes, interrupted)
        return _report(args, outcomes, baseline)


def _interruption(args: argparse.Namespace, claims: list, outcomes: list, signal_name: str) -> CommandError:
    """The one-line message and partial results of an interrupted run."""
    from verify.runner import status_counts, summary_line

    done = summary_line(outcomes).removeprefix("verify: ")
    message = (
        f"interrupted ({signal_name}) after {len(outcomes)} of {len(claims)} claims; finished: {done}; "
        "only their valid certificates were written"
    )
    payload = {"results": [o.to_json() for o in outcomes], "summary": status_counts(outcomes), "regressions": []}
    code = EXIT_INTERRUPTED if signal_name == "SIGINT" else 128 + 15
    return CommandError(message, code, payload)


def _failure(outcomes: list, regressions: list[str]) -> str | None:
    """A one-line description of what failed (None when nothing did)."""
    from verify.runner import status_counts

    counts = status_counts(outcomes)
    parts = [f"{counts[s]} {s}" for s in ("invalid", "error") if counts[s]]
    parts += [f"{len(regressions)} regressions"] if regressions else []
    return ", ".join(parts) or None


def _report(args: argparse.Namespace, outcomes: list, baseline: Path | None) -> int:
    """Compare with the baseline, write JUnit, print the table (or JSON) and the verdict line."""
    from verify.report.junit import suite_from_outcomes
    from verify.runner import compare_baseline, status_counts, summary_line

    regressions = []
    if baseline is not None:
        regressions = compare_baseline(outcomes, baseline, complete=args.command == "all" and args.shard is None)
    failure = _failure(outcomes, regressions)
    junit_error = write_junit(args, lambda: suite_from_outcomes(outcomes, regressions, f"verify {args.command}"))
    code = EXIT_USAGE if junit_error else EXIT_FAIL if failure else EXIT_OK
    if args.json:
        payload = {"results": [o.to_json() for o in outcomes], "summary": status_counts(outcomes)}
        emit_json({**payload, "regressions": regressions, "error": junit_error or failure})
        if junit_error:
            print(f"verify {args.command}: {junit_error}", file=sys.stderr)
        return code
    _print_table(args, outcomes, regressions)
    print(summary_line(outcomes))
    if junit_error:
        print(f"verify {args.command}: {junit_error}", file=sys.stderr)
    return code


def _print_table(args: argparse.Namespace, outcomes: list, regressions: list[str]) -> None:
    """The table of claims, their messages, and the baseline tally."""
    rows = [["claim", "verdict", "kernel", "obligations", "seconds", "reference"]]
    for o in outcomes:
        kernel = "skipped" if o.skipped else "error" if o.error else "valid" if o.valid else "INVALID"
        rows.append([o.claim, o.verdict or "-", kernel, str(o.obligations), f"{o.seconds:.2f}", o.reference])
    print(table(rows))
    for o in outcomes:
        notes = [f"skipped ({o.skipped})"] if o.skipped else []
        for message in notes + ([o.error] if o.error else []) + o.messages:
            print(f"  {o.claim}: {message}")
    kept = [o.claim for o in outcomes if o.kept]
    if kept:
        print(
            f"kept {len(kept)} certificate{'s' * (len(kept) != 1)} already in {args.out} that agree with this run "
            "(same verdict and bounds; "
            f"measured values or library versions differ): {', '.join(kept)}; --refresh writes this run's"
        )
    if args.baseline is not None:
        counts = {s: sum(o.baseline == s for o in outcomes) for s in ("unchanged", "changed", "new")}
        tally = ", ".join(f"{n} {s}" for s, n in counts.items())
        print(f"baseline {args.baseline}: {tally}")
        for line in regressions:
            print(f"  REGRESSION {line}")
