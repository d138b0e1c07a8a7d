"""python -m verify run ID... (and, through verify/cli/all.py, `all`): build, kernel-check, write, compare."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from verify.cli.common import EXIT_FAIL, EXIT_OK, JUNIT_HELP, table, write_junit_if_asked

__all__ = ["HELP", "add_arguments", "add_common_arguments", "run"]

HELP = "only the given claims"


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """The options shared by `all` and `run`."""
    parser.add_argument("--out", type=Path, default=Path("certs"), help="folder for certificates (default certs/)")
    parser.add_argument("--baseline", type=Path, help="compare with committed certificates; regressions fail")
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--junit", type=Path, metavar="FILE", help=JUNIT_HELP)
    parser.add_argument("--scale", choices=["default", "large"], help="num.* sizes (sets VERIFY_NUMERIC_SCALE)")
    parser.add_argument("--device", choices=["cpu", "cuda"], help="num.* device (sets VERIFY_NUMERIC_DEVICE)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `run`: claim ids, then those shared with `all`."""
    parser.add_argument("ids", nargs="+", metavar="ID", help="claim ids, e.g. thm4.2.eq5")
    add_common_arguments(parser)


def _select(ids: list[str] | None) -> list:
    """The claims to produce: all of them, or the given ids (unknown ids are bad usage)."""
    from verify.registry import all_claims

    claims = all_claims()
    if ids is None:
        return claims
    known = {c.id: c for c in claims}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise SystemExit(f"verify: unknown claim ids {unknown}; see 'python -m verify list'")
    return [known[i] for i in ids]


def _baseline_snapshot(args: argparse.Namespace, stack: contextlib.ExitStack) -> Path | None:
    """The baseline folder to compare with: a copy taken before producing when --out would overwrite it."""
    if args.baseline is None:
        return None
    if not args.baseline.is_dir():
        raise SystemExit(f"verify: baseline folder {args.baseline} does not exist")
    if args.out.resolve() != args.baseline.resolve():
        return args.baseline
    copy = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="verify-baseline-")))
    for path in args.baseline.glob("*.json"):
        shutil.copyfile(path, copy / path.name)
    return copy


def run(args: argparse.Namespace) -> int:
    """Produce claims for `all`/`run`, comparing with a snapshot of --baseline taken before any file is written."""
    from verify.report.junit import check_junit_path

    os.environ.update({f"VERIFY_NUMERIC_{k.upper()}": v for k in ("scale", "device") if (v := vars(args).get(k))})
    claims = _select(getattr(args, "ids", None))
    check_junit_path(args.junit)
    with contextlib.ExitStack() as stack:
        return _produce_and_report(claims, args, _baseline_snapshot(args, stack))


def _produce_and_report(claims: list, args: argparse.Namespace, baseline: Path | None) -> int:
    """Produce every claim, compare with the baseline (already snapshotted), print and write the results."""
    from verify.report.junit import suite_from_outcomes
    from verify.runner import compare_baseline, produce, status_counts, summary_line

    outcomes = []
    for k, item in enumerate(claims, start=1):
        if not args.quiet:
            print(f"[{k:>{len(str(len(claims)))}}/{len(claims)}] {item.id} ...", end="", file=sys.stderr, flush=True)
        outcomes.append(produce(item, args.out))
        if not args.quiet:
            print(f" {outcomes[-1].status} ({outcomes[-1].seconds:.2f} s)", file=sys.stderr, flush=True)
    regressions = []
    if baseline is not None:
        regressions = compare_baseline(outcomes, baseline, complete=args.command == "all")
    failed = any(o.status in ("invalid", "error") for o in outcomes) or bool(regressions)
    write_junit_if_asked(args, lambda: suite_from_outcomes(outcomes, regressions, f"verify {args.command}"))
    if args.json:
        summary = status_counts(outcomes)
        payload = {"results": [o.to_json() for o in outcomes], "summary": summary, "regressions": regressions}
        print(json.dumps(payload, indent=1, sort_keys=True))
        return EXIT_FAIL if failed else EXIT_OK
    rows = [["claim", "verdict", "kernel", "obligations", "seconds", "reference"]]
    for o in outcomes:
        kernel = "error" if o.error else "valid" if o.valid else "INVALID"
        rows.append([o.claim, o.verdict or "-", kernel, str(o.obligations), f"{o.seconds:.2f}", o.reference])
    print(table(rows))
    for o in outcomes:
        for message in ([o.error] if o.error else []) + o.messages:
            print(f"  {o.claim}: {message}")
    if args.baseline is not None:
        counts = {s: sum(o.baseline == s for o in outcomes) for s in ("unchanged", "changed", "new")}
        tally = ", ".join(f"{n} {s}" for s, n in counts.items())
        print(f"baseline {args.baseline}: {tally}")
        for line in regressions:
            print(f"  REGRESSION {line}")
    print(summary_line(outcomes))
    return EXIT_FAIL if failed else EXIT_OK
