"""python -m verify check PATH...: the kernel alone re-checks certificate files or folders.

A folder is also compared with the registry: every registered claim must have its certificate there, unless
--partial is given. A certificate that records figures (their sha256) is compared with the files in the
figures folder (--figures, default <folder>/figures/) when they are present. With --baseline, each
certificate's content is compared with the committed one (the final job of the sharded CI run).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

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
    registered_ids,
    write_junit,
)

if TYPE_CHECKING:
    from verify.kernel import CheckResult

__all__ = ["HELP", "add_arguments", "run", "expand_paths"]

HELP = "re-check certificate files or folders with the kernel alone"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `check`."""
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    parser.add_argument("--partial", action="store_true", help="a folder need not hold every registered claim")
    parser.add_argument("--figures", type=Path, metavar="DIR", help="figures folder (default FOLDER/figures/)")
    parser.add_argument("--baseline", type=Path, metavar="DIR", help="also compare contents with these certificates")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--junit", type=Path, metavar="FILE", help=JUNIT_HELP)
    parser.add_argument(
        "--work-budget",
        type=_units,
        metavar="UNITS",
        help="let each certificate spend up to UNITS of kernel work (default 4,000,000, about 4 s; at most "
        "200,000,000): for re-checking the certificate of your own large SSM, never needed for the committed ones",
    )


def _units(text: str) -> int:
    """--work-budget: a whole number of work units between the default budget and the kernel's most."""
    from verify.kernel.core.limits import MAX_ALLOWANCE, WORK_BUDGET

    try:
        units = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of work units, got {text!r}") from None
    if not WORK_BUDGET <= units <= MAX_ALLOWANCE:
        raise argparse.ArgumentTypeError(f"expected {WORK_BUDGET:,} to {MAX_ALLOWANCE:,} units, got {units:,}")
    return units


def expand_paths(paths: list[Path]) -> tuple[list[Path], list[str], list[Path]]:
    """(certificate files, unreadable messages, folders): folders expand to their *.json regular files."""
    files, unreadable, folders = [], [], []
    for path in paths:
        try:
            mode = os.stat(path).st_mode
        except OSError as err:
            unreadable.append(f"{path}: cannot read ({err.strerror or err})")
            continue
        if not stat.S_ISDIR(mode):
            files.append(path)
            continue
        found = sorted(p for p in path.glob("*.json") if p.is_file())
        if not found:
            raise InputError(f"{path}: no certificate files (*.json) in this folder; expected certificates")
        files += found
        folders.append(path)
    return files, unreadable, folders


def _recheck(files: list[Path]) -> tuple[list, list[str]]:
    """Kernel re-check of each file; an interruption reports how far it got."""
    from verify.kernel import UnreadableInput, check_file

    results, unreadable = [], []
    try:
        for path in files:
            try:
                results.append(check_file(path))
            except UnreadableInput as err:
                unreadable.append(str(err))
    except KeyboardInterrupt:
        valid = sum(r.valid for r in results)
        message = (
            f"interrupted (SIGINT) after {len(results) + len(unreadable)} of {len(files)} files: "
            f"{valid} valid, {len(results) - valid} invalid, {len(unreadable)} unreadable"
        )
        raise CommandError(message, EXIT_INTERRUPTED, {"results": [_row(r) for r in results]}) from None
    return results, unreadable


def _row(result: CheckResult) -> dict:
    """One kernel result as JSON."""
    keys = ("source", "claim", "verdict", "valid", "errors", "obligations")
    row = {k: getattr(result, k) for k in keys}
    row["path"] = row.pop("source")
    if result.valid and result.verdict == "refuted":
        from verify.report.refutation import refutation_json

        row["refutation"] = refutation_json(_parsed(row["path"]))
    return row


def _parsed(path: str) -> dict:
    """A certificate the kernel already read, parsed again (for its figures or the baseline comparison)."""
    from verify.inputs import read_bounded
    from verify.kernel import load_json
    from verify.kernel.core.limits import MAX_FILE_BYTES

    cert = load_json(read_bounded(Path(path), MAX_FILE_BYTES, "certificate"), path)
    return cert if isinstance(cert, dict) else {}


def _figures(results: list, given: Path | None) -> tuple[list[str], list[str]]:
    """(mismatches, checked): figures of certificates that record them, compared when present."""
    from verify.figures import RECORDED, check_figures, figures_folder
    from verify.kernel import statements

    mismatches, checked = [], []
    table = statements()
    for r in results:
        params = table.get(r.claim, {}).get("params", []) if isinstance(r.claim, str) else []
        if not any(key in params for key in RECORDED):
            continue
        folder = figures_folder(Path(r.source).parent, given)
        errors, seen = check_figures(_parsed(r.source), folder)
        mismatches += errors
        checked += seen
    return mismatches, checked


def _baseline(results: list, baseline: Path, complete: bool) -> list[str]:
    """Regressions of the checked certificates against the baseline folder."""
    from verify.runner import compare_digest, content_digest

    regressions, seen = [], set()
    for r in results:
        if not isinstance(r.claim, str):
            continue
        seen.add(r.claim)
        status = r.verdict if r.valid else "invalid"
        digest = content_digest(_parsed(r.source)) if r.valid else None
        regressions += [m for m in [compare_digest(r.claim, status, digest, baseline)[1]] if m]
    if complete:
        unchecked = [p.stem for p in sorted(baseline.glob("*.json")) if p.stem not in seen]
        regressions += [f"{claim_id}: in the baseline but not checked" for claim_id in unchecked]
    return regressions


def _missing(results: list, files: list[Path], folders: list[Path]) -> list[str]:
    """Registered claims with no certificate in the given folders (only when folders were given)."""
    if not folders:
        return []
    inside = {str(f) for f in files if f.parent in folders}
    present = {r.claim for r in results if r.source in inside and isinstance(r.claim, str)}
    present |= {f.stem for f in files if str(f) in inside}
    return [c for c in registered_ids() if c not in present]


def run(args: argparse.Namespace) -> int:
    """Kernel-only re-check of certificate files or folders, compared with the registry (and a baseline)."""
    from verify.report.junit import suite_from_checks

    prepare_file(args.junit, "--junit")
    if args.baseline is not None and not args.baseline.is_dir():
        raise InputError(f"--baseline {args.baseline}: no such folder; expected a folder of committed certificates")
    files, unreadable, folders = expand_paths(args.paths)
    from verify.kernel.core.limits import WORK_BUDGET, work_allowance

    with work_allowance(args.work_budget or WORK_BUDGET):
        results, more = _recheck(files)
    unreadable += more
    missing = [] if args.partial else _missing(results, files, folders)
    mismatches, checked = _figures(results, args.figures)
    regressions = [] if args.baseline is None else _baseline(results, args.baseline, bool(folders) and not args.partial)
    problems = mismatches + [f"{c}: no certificate (missing)" for c in missing] + regressions
    junit_error = write_junit(args, lambda: suite_from_checks(results, unreadable, failures=problems))
    counts = _counts(results, unreadable, missing, mismatches, regressions)
    failure = ", ".join(f"{n} {k}" for k, n in counts.items() if n and k != "valid") or None
    code = EXIT_USAGE if unreadable or junit_error else EXIT_FAIL if failure else EXIT_OK
    if args.json:
        emit_json(
            {
                "results": [_row(r) for r in results],
                "unreadable": unreadable,
                "missing": missing,
                "figures": {"checked": checked, "mismatches": mismatches},
                "regressions": regressions,
                "summary": counts,
                "error": junit_error or failure,
            }
        )
    else:
        _print(results, unreadable, missing, mismatches, regressions, folders)
        print("verify check: " + ", ".join(f"{n} {k}" for k, n in counts.items() if n or k in _ALWAYS))
    for message in unreadable:  # bad input: one line each on stderr, naming the file (exit 2)
        print(_shown(f"verify check: {message}"), file=sys.stderr)
    if junit_error:
        print(_shown(f"verify check: {junit_error}"), file=sys.stderr)
    return code


_ALWAYS = ("valid", "invalid", "unreadable")


def _counts(results: list, unreadable: list, missing: list, mismatches: list, regressions: list) -> dict[str, int]:
    """The tally of the summary line and of the JSON summary."""
    valid = sum(r.valid for r in results)
    return {
        "valid": valid,
        "invalid": len(results) - valid,
        "unreadable": len(unreadable),
        "missing": len(missing),
        "figure mismatches": len(mismatches),
        "regressions": len(regressions),
    }


def _shown(value: object) -> str:
    """Text any terminal and any output encoding can show: characters outside printable ASCII as escapes.

    File names (undecodable bytes become lone surrogates) and strings from a certificate are shown this way, so that
    no string can break the report, lose the other files' lines, or move the cursor.
    """
    text = str(value)
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if " " <= c <= "~" else ascii(c)[1:-1] for c in text)


def _print(results: list, unreadable: list, missing: list, mismatches: list, regressions: list, folders: list) -> None:
    """The text report: one line per file, then what is missing, mismatched or regressed (unreadable: stderr)."""
    for r in results:
        status = "ok     " if r.valid else "INVALID"
        print(_shown(f"{status}  {r.source}  ({r.claim}, {r.verdict}, {r.obligations} obligations)"))
        for message in r.errors:
            print(textwrap.indent("\n".join(_shown(line) for line in str(message).split("\n")), "    "))
    for message in mismatches:
        print(_shown(f"FIGURE      {message}"))
    where = ", ".join(str(f) for f in folders)
    for claim_id in missing:
        print(_shown(f"MISSING     {claim_id} (no certificate in {where}; --partial accepts this)"))
    for line in regressions:
        print(_shown(f"REGRESSION  {line}"))
