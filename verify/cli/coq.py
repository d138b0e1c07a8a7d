"""python -m verify coq [PATH...]: re-check the certificates' obligations with Coq, a second, independent checker.

Each certificate becomes one .v file (in --out, default a temporary folder) whose theorems are the obligations'
goals, written from the claim's frozen statement, proved from the certificate's witness; coqc checks it. Per
claim: obligations checked by Coq / all obligations, and all / partly / none with the reason for each one left
out. With --summary FILE the per-claim record that `verify report` shows (docs/coq-results.json) is written too.
Exit 0 when coqc accepted every translated obligation, 1 when it rejected one, 2 without coqc or on bad
input.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from verify.cli.check import expand_paths
from verify.cli.common import EXIT_FAIL, EXIT_OK, EXIT_USAGE, CommandError, emit_json

__all__ = ["HELP", "add_arguments", "run", "summarize"]

HELP = "re-check the certificates' obligations with Coq (coqc), a second, independent checker"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `coq`."""
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="certificate files or folders (certs/)")
    parser.add_argument("--out", type=Path, metavar="DIR", help="write the .v files and coq-results.json here")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="run N coqc processes at once")
    parser.add_argument("--timeout", type=float, default=1800, metavar="S", help="seconds allowed per coqc run")
    parser.add_argument(
        "--summary",
        type=Path,
        metavar="FILE",
        help="write the record verify report reads (docs/coq-results.json)",
    )


def summarize(results: list[dict]) -> dict:
    """Totals: obligations checked, claims fully checked, refutations whose counterexamples Coq checked."""
    obligations = sum(r["total"] for r in results)
    checked = sum(r["checked"] for r in results)
    full = sum(1 for r in results if r["coq"] == "all")
    refutations = [r for r in results if r["verdict"] == "refuted"]
    counter = [o for r in refutations for o in r["obligations"] if o["kind"] == "counterexample"]
    by_kind: dict[str, list[int]] = {}
    for r in results:
        for o in r["obligations"]:
            entry = by_kind.setdefault(o["kind"], [0, 0])
            entry[0] += o["status"] == "checked"
            entry[1] += 1
    return {
        "obligations": obligations,
        "obligations_checked": checked,
        "claims": len(results),
        "claims_all": full,
        "claims_partly": sum(1 for r in results if r["coq"] == "partly"),
        "refutations": len(refutations),
        "counterexamples": len(counter),
        "counterexamples_checked": sum(1 for o in counter if o["status"] == "checked"),
        "failed": sum(1 for r in results for o in r["obligations"] if o["status"] == "failed"),
        "by_kind": {k: {"checked": v[0], "total": v[1]} for k, v in sorted(by_kind.items())},
        "seconds": round(sum(r["seconds"] for r in results), 1),
        "cpu_seconds": round(sum(r["cpu_seconds"] for r in results), 1),
    }


def _percent(part: int, whole: int) -> str:
    """part/whole (p %)."""
    return f"{part}/{whole} ({100 * part / whole:.0f} %)" if whole else "0/0"


def _print_text(results: list[dict], totals: dict, wall: float) -> None:
    """One line per certificate, the reasons for what Coq did not check, then the totals."""
    for r in results:
        print(
            f"{r['claim']:<52} {r['checked']:>3}/{r['total']:<3} {r['coq']:<6} "
            f"{r['seconds']:7.1f} s ({r['cpu_seconds']:.1f} s CPU)"
        )
        for o in r["obligations"]:
            if o["status"] != "checked":
                print(f"    {o['status']}: {o['name']} ({o['kind']}): {o['reason'][:160]}")
    print(f"obligations checked by Coq: {_percent(totals['obligations_checked'], totals['obligations'])}")
    print(f"claims fully checked by Coq: {_percent(totals['claims_all'], totals['claims'])}")
    print(
        f"refutations: {totals['refutations']}; their counterexamples checked by Coq: "
        f"{_percent(totals['counterexamples_checked'], totals['counterexamples'])}"
    )
    print(
        f"coqc rejected: {totals['failed']}; coqc {totals['seconds']:.0f} s ({totals['cpu_seconds']:.0f} s CPU, "
        f"{totals.get('vocabulary_cpu_seconds', 0):.0f} s of it compiling the vocabulary), "
        f"wall time {wall:.0f} s"
    )


def run(args: argparse.Namespace) -> int:
    """Translate, run coqc, report."""
    from verify.coq.runner import COQC_HINT, check_translation, coqc_path, prepare_vocabulary, stop_all
    from verify.coq.translate import translate
    from verify.coq.vocabulary import FOLDER
    from verify.coqsummary import build_summary, coq_version, file_digest, write_summary

    coqc = coqc_path()
    if coqc is None:
        raise CommandError(COQC_HINT, EXIT_USAGE)
    if args.jobs < 1 or args.timeout <= 0:
        raise CommandError("--jobs must be >= 1 and --timeout > 0", EXIT_USAGE)
    files, unreadable, _ = expand_paths(args.paths or [Path("certs")])
    if unreadable:
        raise CommandError(unreadable[0], EXIT_USAGE)
    digests: dict[str, str] = {}
    translations = {}
    for path in files:
        try:
            cert = json.loads(path.read_text(encoding="utf-8"))
            claim = cert.get("claim")
        except (OSError, UnicodeDecodeError, ValueError, AttributeError) as err:
            raise CommandError(f"{path}: not a readable JSON certificate ({type(err).__name__})", EXIT_USAGE) from None
        digests[str(claim)] = file_digest(path)
        translations[path] = translate(cert)
    with tempfile.TemporaryDirectory(prefix="verify-coq-") as scratch:
        out = args.out or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        vocabulary = (out / FOLDER).resolve()
        pool = ThreadPoolExecutor(max_workers=args.jobs)
        try:
            # the vocabulary libraries every file needs, compiled once before the parallel part
            _, vocabulary_cpu = prepare_vocabulary(coqc, vocabulary, list(translations.values()), args.timeout)
            futures = {
                pool.submit(check_translation, t, str(p), out, coqc, args.timeout, vocabulary): p
                for p, t in translations.items()
            }
            for count, future in enumerate(as_completed(futures), start=1):
                r = future.result()
                print(
                    f"[{count}/{len(files)}] {r.claim} {r.checked}/{len(r.obligations)} {r.coq_verdict} "
                    f"({r.seconds:.1f} s, {r.cpu_seconds:.1f} s CPU)",
                    file=sys.stderr,
                    flush=True,
                )
            done = [f.result() for f in futures]
        except BaseException:  # Ctrl-C or SIGTERM: stop the running coqc processes before leaving
            stop_all()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown()
        wall = time.monotonic() - started
        for suffix in ("vo", "vok", "vos", "glob"):
            for leftover in out.glob(f"c_*.{suffix}"):
                leftover.unlink()
                (out / f".{leftover.stem}.aux").unlink(missing_ok=True)
    results = [r.to_json() for r in done]
    totals = summarize(results)
    totals["vocabulary_cpu_seconds"] = vocabulary_cpu  # compiling the vocabulary libraries, once
    totals["cpu_seconds"] = round(totals["cpu_seconds"] + vocabulary_cpu, 1)
    if args.out:
        payload = json.dumps({"results": results, "totals": totals}, indent=1, sort_keys=True)
        target = args.out / "coq-results.json"
        tmp = target.with_suffix(".json.tmp")
        tmp.write_text(payload + "\n", encoding="utf-8")
        tmp.replace(target)
    if args.summary:
        write_summary(args.summary, build_summary(results, digests, totals, coq_version(coqc)))
    if args.json:
        emit_json({"command": "coq", "results": results, "totals": totals, "wall_seconds": round(wall, 1)})
    else:
        _print_text(results, totals, wall)
    sys.stdout.flush()
    return EXIT_FAIL if totals["failed"] else EXIT_OK
