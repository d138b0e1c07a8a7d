"""Running coqc on a certificate's .v file and reading the verdict of each obligation.

An obligation is "checked" only when coqc exits 0 on a file holding its theorem and Print Assumptions lists no
axiom outside Coq's standard library (an Admitted proof would appear there). When coqc fails, the obligation
its error points at is marked failed and the file is rebuilt without it (at most a few times); every other
failure marks the remaining obligations failed. Nothing is ever marked checked by default.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .prelude import ALLOWED_AXIOMS
from .translate import Translation, coq_file, file_stem, libraries_for, translate
from .vocabulary import FOLDER, coqc_flags, ensure_vocabulary

__all__ = [
    "COQC_HINT",
    "ObligationResult",
    "CertificateResult",
    "coqc_path",
    "check_certificate_file",
    "prepare_vocabulary",
    "stop_all",
]

COQC_HINT = (
    "coqc was not found; install Coq 8.16, the Interval library and Bignums: "
    "apt-get install -y coq libcoq-interval libcoq-bignums"
)
_RETRIES = 4
_LIVE: set[subprocess.Popen] = set()
_LOCK = threading.Lock()
_STOPPED = threading.Event()
# The folder of compiled vocabulary libraries used when check_translation is given none (None: out/vocabulary);
# the tests point it at one folder per test session.
DEFAULT_VOCABULARY: Path | None = None


def stop_all() -> None:
    """Stop every running coqc started here and start no new one (on Ctrl-C or SIGTERM)."""
    _STOPPED.set()
    with _LOCK:
        for proc in list(_LIVE):
            proc.kill()


@dataclass
class ObligationResult:
    """The Coq verdict of one obligation: checked, failed or not_mapped, with the reason when not checked."""

    name: str
    kind: str
    status: str
    reason: str = ""


@dataclass
class CertificateResult:
    """All obligations of one certificate, the .v file, coqc's time, and the claim's verdict."""

    source: str
    claim: str
    verdict: str
    file: str = ""
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    obligations: list[ObligationResult] = field(default_factory=list)

    @property
    def checked(self) -> int:
        """How many obligations Coq checked."""
        return sum(1 for o in self.obligations if o.status == "checked")

    @property
    def coq_verdict(self) -> str:
        """all / partly / none."""
        if self.obligations and self.checked == len(self.obligations):
            return "all"
        return "partly" if self.checked else "none"

    def to_json(self) -> dict:
        """A plain dictionary for --json and the results file."""
        return {**asdict(self), "checked": self.checked, "total": len(self.obligations), "coq": self.coq_verdict}


def coqc_path() -> str | None:
    """The coqc executable, or None."""
    return shutil.which(os.environ.get("VERIFY_COQC", "coqc"))


def _assumptions_ok(output: str, modules: list[str]) -> dict[str, str]:
    """For each module, '' when its theorem uses only allowed axioms, else the offending axiom names."""
    verdicts: dict[str, str] = {}
    blocks = re.split(r"@@(Ob\d+|ALL)\s*\n", output)
    for k in range(1, len(blocks) - 1, 2):
        module, text = blocks[k], blocks[k + 1]
        if "Closed under the global context" in text.split("\n", 1)[0]:
            verdicts[module] = ""
            continue
        # "name : type" on one line, or "name" alone with "  : type" on the next lines (a long type).
        names = re.findall(r"^(\S+)(?= :|\n\s+:)", text, flags=re.M)
        bad = [n for n in names if not n.startswith(ALLOWED_AXIOMS)]
        verdicts[module] = f"uses axioms outside Coq's standard library: {bad[:5]}" if bad else ""
    return {m: verdicts.get(m, "Print Assumptions gave no answer") for m in modules}


def _failing_module(text: str, output: str) -> str | None:
    """The module whose theorem holds the line coqc's error points at."""
    match = re.search(r'File "[^"]*", line (\d+)', output)
    if not match:
        return None
    line = int(match.group(1))
    current = None
    for number, row in enumerate(text.splitlines(), start=1):
        found = re.match(r"Module (Ob\d+)\.", row)
        if found:
            current = found.group(1)
        if number == line:
            return current if current else None
        if row.startswith("End Ob"):
            current = None
    return None


def _run_coqc(coqc: str, arguments: list[str], cwd: Path, timeout: float) -> tuple[int, str, float]:
    """(exit status, output, CPU seconds) of `coqc -q ARGUMENTS` in cwd; past the timeout it is killed, status 124."""
    with tempfile.TemporaryFile() as log:
        with _LOCK:
            if _STOPPED.is_set():
                return 130, "stopped", 0.0
            proc = subprocess.Popen([coqc, "-q", *arguments], cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
            _LIVE.add(proc)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        except BaseException:  # interrupted in this thread (Ctrl-C, SIGTERM): stop coqc, then leave
            proc.kill()
            proc.wait()
            raise
        finally:
            timer.cancel()
            with _LOCK:
                _LIVE.discard(proc)
        proc.returncode = os.waitstatus_to_exitcode(status)
        log.seek(0)
        output = log.read().decode("utf-8", errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    if proc.returncode < 0:
        if _STOPPED.is_set():
            return 130, "stopped", cpu
        return 124, f"coqc ran past {timeout:.0f} s and was stopped", cpu
    return proc.returncode, output, cpu


def _write(path: Path, text: str) -> None:
    """Write a file atomically (temporary file, then rename)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".v")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def prepare_vocabulary(
    coqc: str, folder: Path, translations: list[Translation], timeout: float
) -> tuple[dict[str, str], float]:
    """Compile (or reuse) in `folder` the vocabulary libraries these translations load: ({library: '' when
    compiled, else why not}, coqc's CPU seconds)."""
    needed: list[str] = []
    for translation in translations:
        needed += [n for n in libraries_for([i for i in translation.items if i.text]) if n not in needed]
    return ensure_vocabulary(lambda args, cwd, t: _run_coqc(coqc, args, cwd, t), folder, needed, timeout)


def check_translation(
    translation: Translation, source: str, out: Path, coqc: str, timeout: float, vocabulary: Path | None = None
) -> CertificateResult:
    """Write the .v file, run coqc (dropping a failing obligation and retrying), and collect the verdicts. The
    vocabulary libraries are compiled in (or reused from) `vocabulary`, by default DEFAULT_VOCABULARY or
    out/vocabulary; an obligation whose library does not compile fails with coqc's message."""
    result = CertificateResult(source, translation.claim, translation.verdict)
    status: dict[str, ObligationResult] = {}
    for item in translation.items:
        if not item.text:
            reason = item.reason or translation.problem
            status[item.name] = ObligationResult(item.name, item.kind, "not_mapped", reason)
    mapped = [i for i in translation.items if i.text]
    path = out / f"{file_stem(translation.claim)}.v"
    result.file = str(path)
    skip: set[str] = set()
    started = time.monotonic()
    folder = (vocabulary or DEFAULT_VOCABULARY or out / FOLDER).resolve()
    if mapped:
        broken, cpu = prepare_vocabulary(coqc, folder, [translation], timeout)
        result.cpu_seconds = cpu
        for i in mapped:
            reason = next((broken[n] for n in libraries_for([i]) if broken.get(n)), "")
            if reason:
                status[i.name] = ObligationResult(i.name, i.kind, "failed", reason)
                skip.add(i.module)
    flags = coqc_flags(folder)
    for _ in range(_RETRIES + 1):
        live = [i for i in mapped if i.module not in skip]
        if not live:
            break
        text = coq_file(translation, source, skip, together=True)
        _write(path, text)
        code, output, cpu = _run_coqc(coqc, [*flags, path.name], out, timeout)
        result.cpu_seconds = round(result.cpu_seconds + cpu, 2)
        if code == 0:
            modules = [i.module for i in live]
            if len(live) == 1:
                verdicts = _assumptions_ok(output, modules)
            elif _assumptions_ok(output, ["ALL"])["ALL"]:
                # some theorem uses another axiom (or no answer): print the assumptions of each theorem to say which
                text = coq_file(translation, source, skip)
                _write(path, text)
                code, output, cpu = _run_coqc(coqc, [*flags, path.name], out, timeout)
                result.cpu_seconds = round(result.cpu_seconds + cpu, 2)
                verdicts = _assumptions_ok(output, modules) if code == 0 else {}
            else:
                verdicts = dict.fromkeys(modules, "")
            for i in live:
                bad = verdicts.get(i.module, f"coqc exit {code} when printing the assumptions of each theorem")
                status[i.name] = ObligationResult(i.name, i.kind, "failed" if bad else "checked", bad)
            break
        message = " ".join(output.strip().split())[-300:]
        culprit = _failing_module(text, output) if code not in (124, 130) else None
        if culprit is None:
            for i in live:
                status[i.name] = ObligationResult(i.name, i.kind, "failed", f"coqc exit {code}: {message}")
            break
        bad_item = next(i for i in live if i.module == culprit)
        status[bad_item.name] = ObligationResult(bad_item.name, bad_item.kind, "failed", f"coqc: {message}")
        skip.add(culprit)
    else:
        for i in mapped:
            if i.name not in status:
                status[i.name] = ObligationResult(i.name, i.kind, "failed", "too many failing obligations in the file")
    result.seconds = round(time.monotonic() - started, 2)
    result.obligations = [
        status.get(i.name, ObligationResult(i.name, i.kind, "failed", "not run")) for i in translation.items
    ]
    if translation.problem and not translation.items:
        result.obligations = [ObligationResult("(all)", "-", "not_mapped", translation.problem)]
    return result


def check_certificate_file(path: Path, out: Path, coqc: str, timeout: float) -> CertificateResult:
    """Read one certificate, translate it from its frozen statement, and run coqc."""
    cert = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(cert, dict):
        raise ValueError("expected a JSON object at the top level")
    return check_translation(translate(cert), str(path), out, coqc, timeout)
