"""The command line: python -m verify {all, list, run, check}. Exit 0 ok, 1 invalid/regression, 2 bad input."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import pkgutil
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

from verify.junit import check_junit_path, suite_from_checks, suite_from_outcomes, write_junit
from verify.registry import Claim, all_claims
from verify.runner import Outcome, compare_baseline, produce, recheck, status_counts, summary_line

__all__ = ["main"]

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2
_JUNIT_HELP = "also write JUnit XML (one test case per claim) to FILE for CI"


def _parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand (built-in and verify/cmd_*.py)."""
    parser = argparse.ArgumentParser(
        prog="python -m verify", description="Certify, claim by claim, the paper 'How Many Heads Make an SSM?'."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("all", "build, kernel-check and write every certificate"), ("run", "only the given claims")):
        cmd = sub.add_parser(name, help=text)
        if name == "run":
            cmd.add_argument("ids", nargs="+", metavar="ID", help="claim ids, e.g. thm4.2.eq5")
        cmd.add_argument("--out", type=Path, default=Path("certs"), help="folder for certificates (default certs/)")
        cmd.add_argument("--baseline", type=Path, help="compare with committed certificates; regressions fail")
        cmd.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
        cmd.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
        cmd.add_argument("--junit", type=Path, metavar="FILE", help=_JUNIT_HELP)
        cmd.add_argument("--scale", choices=["default", "large"], help="num.* sizes (sets VERIFY_NUMERIC_SCALE)")
        cmd.add_argument("--device", choices=["cpu", "cuda"], help="num.* device (sets VERIFY_NUMERIC_DEVICE)")
    sub.add_parser("list", help="claim ids with paper references").add_argument("--json", action="store_true")
    check = sub.add_parser("check", help="re-check certificate files or folders with the kernel alone")
    check.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    check.add_argument("--json", action="store_true")
    check.add_argument("--junit", type=Path, metavar="FILE", help=_JUNIT_HELP)
    for module in _extra_commands():
        module.add_arguments(sub.add_parser(module.NAME, help=module.HELP))
    return parser


def _extra_commands() -> list:
    """Modules verify/cmd_*.py, each a subcommand with NAME, HELP, add_arguments(parser) and run(args)."""
    import verify

    names = sorted(i.name for i in pkgutil.iter_modules(verify.__path__) if i.name.startswith("cmd_"))
    return [importlib.import_module(f"verify.{name}") for name in names]


def _table(rows: list[list[str]]) -> str:
    """A plain text table with aligned columns."""
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def _select(ids: list[str] | None) -> list[Claim]:
    """The claims to produce: all of them, or the given ids (unknown ids are bad usage)."""
    claims = all_claims()
    if ids is None:
        return claims
    known = {c.id: c for c in claims}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise SystemExit(f"verify: unknown claim ids {unknown}; see 'python -m verify list'")
    return [known[i] for i in ids]


def _write_junit(args: argparse.Namespace, build: Callable[[], object]) -> None:
    """Write the JUnit XML file when --junit was given (verify/junit.py)."""
    if getattr(args, "junit", None) is not None:
        write_junit(args.junit, build())
        print(f"verify: JUnit XML written to {args.junit}", file=sys.stderr)


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


def _produce_all(claims: list[Claim], args: argparse.Namespace) -> int:
    """Produce claims for `all`/`run`, comparing with a snapshot of --baseline taken before any file is written."""
    check_junit_path(args.junit)
    with contextlib.ExitStack() as stack:
        return _produce_and_report(claims, args, _baseline_snapshot(args, stack))


def _produce_and_report(claims: list[Claim], args: argparse.Namespace, baseline: Path | None) -> int:
    """Produce every claim, compare with the baseline (already snapshotted), print and write the results."""
    outcomes: list[Outcome] = []
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
    _write_junit(args, lambda: suite_from_outcomes(outcomes, regressions, f"verify {args.command}"))
    if args.json:
        summary = status_counts(outcomes)
        payload = {"results": [o.to_json() for o in outcomes], "summary": summary, "regressions": regressions}
        print(json.dumps(payload, indent=1, sort_keys=True))
        return EXIT_FAIL if failed else EXIT_OK
    rows = [["claim", "verdict", "kernel", "obligations", "seconds", "reference"]]
    for o in outcomes:
        kernel = "error" if o.error else "valid" if o.valid else "INVALID"
        rows.append([o.claim, o.verdict or "-", kernel, str(o.obligations), f"{o.seconds:.2f}", o.reference])
    print(_table(rows))
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


def _list(args: argparse.Namespace) -> int:
    """Print claim ids with paper references (or JSON)."""
    claims = all_claims()
    if args.json:
        print(
            json.dumps(
                [{"id": c.id, "section": c.section, "reference": c.reference, "statement": c.words} for c in claims],
                indent=1,
            )
        )
        return EXIT_OK
    rows = [["id", "section", "reference"]] + [[c.id, c.section, c.reference] for c in claims]
    print(_table(rows))
    return EXIT_OK


def _files(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """Expand folders to their *.json files; name paths that do not exist."""
    files, missing = [], []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.glob("*.json")))
        elif path.exists():
            files.append(path)
        else:
            missing.append(f"{path}: no such file or folder")
    return files, missing


def _check(args: argparse.Namespace) -> int:
    """Kernel-only re-check of certificate files or folders."""
    check_junit_path(args.junit)
    files, unreadable = _files(args.paths)
    results, more = recheck(files)
    unreadable += more
    _write_junit(args, lambda: suite_from_checks(results, unreadable))
    if args.json:
        rows = [
            {"path": r.source, "claim": r.claim, "verdict": r.verdict, "valid": r.valid, "errors": r.errors}
            for r in results
        ]
        print(json.dumps({"results": rows, "unreadable": unreadable}, indent=1, sort_keys=True))
    else:
        for r in results:
            status = "ok     " if r.valid else "INVALID"
            print(f"{status}  {r.source}  ({r.claim}, {r.verdict}, {r.obligations} obligations)")
            for message in r.errors:
                print(textwrap.indent(message, "    "))
        for message in unreadable:
            print(f"UNREADABLE  {message}")
        valid = sum(r.valid for r in results)
        print(f"verify check: {valid} valid, {len(results) - valid} invalid, {len(unreadable)} unreadable")
    if unreadable or not files:
        return EXIT_USAGE
    return EXIT_OK if all(r.valid for r in results) else EXIT_FAIL


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m verify`."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "list":
            return _list(args)
        if args.command == "check":
            return _check(args)
        for module in _extra_commands():
            if args.command == module.NAME:
                return module.run(args)
        os.environ.update({f"VERIFY_NUMERIC_{k.upper()}": v for k in ("scale", "device") if (v := vars(args).get(k))})
        return _produce_all(_select(getattr(args, "ids", None)), args)
    except SystemExit as stop:
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
            return EXIT_USAGE
        raise
