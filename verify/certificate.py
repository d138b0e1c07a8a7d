"""Assembling certificates: statement from the kernel's frozen spec, content hash, provenance; atomic writes."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import os
import platform
import re
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path
from types import FrameType

from verify.kernel import FORMAT, canonical_bytes, content_hash, digest, read_goal, registered_goal, statements

__all__ = [
    "Obligation",
    "make_certificate",
    "extract_params",
    "write_atomic",
    "write_group",
    "write_with_figures",
    "sweep_stale_temps",
    "deferred_signals",
    "provenance",
    "certificate_bytes",
    "reseal",
]


@dataclass(frozen=True)
class Obligation:
    """One step of a certificate: what it establishes (goal) and the evidence (witness)."""

    name: str
    kind: str
    goal: dict
    witness: dict | None = None

    def to_json(self) -> dict:
        """The obligation as certificate JSON."""
        out = {"name": self.name, "kind": self.kind, "goal": self.goal}
        if self.witness is not None:
            out["witness"] = self.witness
        out["digest"] = digest(out)
        return out


@cache
def _version(package: str) -> str:
    """The installed version of a package ("absent" when it is not installed); looked up once per process."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "absent"


@cache
def ground_types() -> str:
    """SymPy's ground types here, read without importing SymPy (0.3 s) when that is safe: see _flint_ground_types."""
    loaded = sys.modules.get("sympy.external.gmpy")
    if loaded is None and _flint_ground_types():
        return "flint"
    from sympy.external.gmpy import GROUND_TYPES  # SymPy decides (what it decided, if it is loaded already)

    return GROUND_TYPES


def _flint_ground_types() -> bool:
    """True when SymPy would choose python-flint at import: SYMPY_GROUND_TYPES unset, auto or flint, python-flint
    importable, and its major.minor among the versions this SymPy lists (_PYTHON_FLINT_VERSION_NEEDED in
    sympy/external/gmpy.py, read as a literal, not run). Anything else (another setting, an unlisted version, a
    SymPy without that list) is False, and SymPy itself is asked."""
    import ast
    import importlib.util

    if os.environ.get("SYMPY_GROUND_TYPES", "auto").lower() not in ("auto", "flint"):
        return False
    spec = importlib.util.find_spec("sympy")
    if spec is None or not spec.submodule_search_locations:
        return False
    try:
        import flint

        source = (Path(next(iter(spec.submodule_search_locations))) / "external" / "gmpy.py").read_text("utf-8")
        listed = next(
            ast.literal_eval(node.value)
            for node in ast.parse(source).body
            if isinstance(node, ast.Assign)
            and [getattr(t, "id", None) for t in node.targets] == ["_PYTHON_FLINT_VERSION_NEEDED"]
        )
    except (ImportError, OSError, SyntaxError, ValueError, StopIteration):
        return False
    return ".".join(str(flint.__version__).split(".")[:2]) in listed


def provenance() -> dict:
    """The library versions and SymPy ground types the certificate was produced with."""
    packages = ("sympy", "python-flint", "mpmath", "numpy")
    return {
        "ground_types": ground_types(),
        "python": platform.python_version(),
        "versions": {p: _version(p) for p in packages},
    }


def _collect(spec_value: object, value: object, found: dict, where: str) -> None:
    """Record the value standing at each {"$param": name} of a spec goal; one name must mean one value."""
    if isinstance(spec_value, dict) and set(spec_value) == {"$param"}:
        name = spec_value["$param"]
        if name in found and found[name] != value:
            raise ValueError(f"{where}: parameter {name!r} has two different values")
        found[name] = value
    elif isinstance(spec_value, dict) and isinstance(value, dict):
        for key, inner in spec_value.items():
            _collect(inner, value.get(key), found, f"{where}.{key}")
    elif isinstance(spec_value, list) and isinstance(value, list):
        for k, (inner, item) in enumerate(zip(spec_value, value)):
            _collect(inner, item, found, f"{where}[{k}]")


def extract_params(claim_id: str, verdict: str, obligations: list[Obligation]) -> dict | None:
    """The certificate's params read off its obligations' goals where the spec places {"$param": name}."""
    spec = statements()[claim_id]
    if not spec.get("params"):
        return None
    goals = {o.name: o.goal for o in obligations}
    found: dict = {}
    for item in spec.get(verdict) or []:
        _collect(item["goal"], goals.get(item["name"]), found, f"{claim_id}: {item['name']}")
    return found


def _as_registered(
    claim_id: str, verdict: str, obligation: Obligation, params: dict, by_reference: bool = False
) -> Obligation:
    """The obligation with its goal written exactly as the statement registers it (the kernel compares JSON).

    The builder's own goal must mean the same (equal once the kernel reads both), else this is a builder bug.
    With by_reference, the goal is written as the statement's own goal, its {"$param": name} references left in
    place (the kernel substitutes the params), so that an input such as a user's A is written once, in params.
    """
    goal = registered_goal(claim_id, verdict, obligation.name, params)
    if goal != obligation.goal:
        where = f"{claim_id}: {obligation.name}"
        if not isinstance(goal, dict) or read_goal(obligation.kind, obligation.goal, where) != read_goal(
            obligation.kind, goal, where
        ):
            raise ValueError(f"{where}: the built goal differs from the registered statement")
    if by_reference:
        item = next(i for i in statements()[claim_id][verdict] if i["name"] == obligation.name)
        return dataclasses.replace(obligation, goal=copy.deepcopy(item["goal"]))
    return obligation if goal == obligation.goal else dataclasses.replace(obligation, goal=goal)


def make_certificate(
    claim_id: str,
    verdict: str,
    obligations: list[Obligation],
    params: dict | None = None,
    by_reference: bool = False,
) -> dict:
    """A complete certificate dict for a registered claim, with its content hash.

    Without explicit params, a template claim's params are read off the goals (extract_params). With by_reference,
    each goal is written as the statement registers it, {"$param": name} references included, so that the params
    (a user's matrices, a modes certificate's H_l and b) are written once (issue 25: a 1024-state SSM's A four times
    would pass the file bound).
    """
    spec = statements()[claim_id]
    if params is None:
        params = extract_params(claim_id, verdict, obligations)
    obligations = [_as_registered(claim_id, verdict, o, params or {}, by_reference) for o in obligations]
    cert = {
        "format": FORMAT,
        "claim": claim_id,
        "verdict": verdict,
        "reference": spec["reference"],
        "statement": spec["statement"],
        "obligations": [o.to_json() for o in obligations],
    }
    if params is not None:
        cert["params"] = params
    cert["provenance"] = provenance()
    cert["hash"] = content_hash(cert)
    return cert


def _umask() -> int:
    """The process umask (read by setting and restoring it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def reseal(cert: dict) -> dict:
    """A copy of a (tampered) certificate with every obligation digest and the hash recomputed.

    Used by tests and the known-bad corpus so that a rejection comes from the mathematics, not the seal.
    """
    out = copy.deepcopy(cert)
    for item in out.get("obligations", []):
        if isinstance(item, dict):
            item["digest"] = digest(item, ("digest",))
    out["hash"] = content_hash(out)
    return out


_TMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>[0-9]{1,9})-[^.]*\.tmp$")


def _temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside path, named .NAME.PID-RANDOM.tmp so that a later run can sweep it."""
    return tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent)


def _fill(fd: int, tmp: str, data: bytes) -> None:
    """Write data to the open temporary file, with the usual permissions, and flush it to disk."""
    os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual permissions
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


@contextlib.contextmanager
def deferred_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM while the enclosed renames run, then deliver them (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[tuple[int, FrameType | None]] = []
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    for number in previous:
        signal.signal(number, lambda signum, frame: caught.append((signum, frame)))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for signum, frame in caught[:1]:
            handler = previous[signal.Signals(signum)]
            if callable(handler):
                handler(signum, frame)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(signum)


# Test hook: called with (action, path) just before each unlink or rename of a commit, so that a test can kill the
# process at a point it controls; always None outside tests.
_before_step: Callable[[str, Path], None] | None = None


def _step(action: str, path: Path) -> None:
    """Give the test hook (if any) the next filesystem step of a commit."""
    if _before_step is not None:
        _before_step(action, path)


@contextlib.contextmanager
def _staged(items: list[tuple[Path, bytes]]) -> Iterator[list[tuple[str, Path]]]:
    """Write every item to a temporary file beside its path; yield (temporary, path) pairs; remove leftovers."""
    temps: list[tuple[str, Path]] = []
    try:
        for path, data in items:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = _temporary(path)
                temps.append((tmp, path))
                _fill(fd, tmp, data)
            except OSError as err:  # a full disk, a quota: the error names the file being written
                err.filename = err.filename if err.filename is not None else str(path)
                raise
        yield temps
    finally:
        for tmp, _ in temps:
            Path(tmp).unlink(missing_ok=True)


def write_group(items: list[tuple[Path, bytes]]) -> None:
    """Write several files together: every temporary file is written first, then all are renamed at once.

    Nothing is replaced unless every file could be written; an interruption before the renames leaves the old
    files and no temporary files. The renames themselves run with SIGINT/SIGTERM held, the last item last.
    """
    with _staged(items) as temps, deferred_signals():
        for tmp, path in temps:
            _step("rename", path)
            os.replace(tmp, path)


def _holds(path: Path, data: bytes) -> bool:
    """True when path is a regular file whose bytes are exactly data."""
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def write_with_figures(path: Path, data: bytes, figures: list[tuple[Path, bytes]]) -> None:
    """Write a certificate and the figure files it records so that a kill at any point leaves them consistent.

    Readers (`check`, `report`) compare a figure with its certificate's sha256 when the figure is present. After
    every file is staged, the commit runs in this order, with SIGINT/SIGTERM held: (1) remove each old figure
    whose bytes differ from the new one, (2) rename the certificate, (3) rename the new figures. Each step is
    atomic, so a kill (even SIGKILL) leaves a prefix of these steps: before (2), the old certificate beside its
    old figures or none; from (2) on, the new certificate beside its new figures or none. A figure present is
    always its certificate's; a kill between (2) and (3) only leaves figures missing until the next run.
    """
    changed = [(figure, content) for figure, content in figures if not _holds(figure, content)]
    with _staged([*changed, (path, data)]) as temps, deferred_signals():
        for _, figure in temps[:-1]:
            _step("unlink", figure)
            figure.unlink(missing_ok=True)
        _step("rename", path)
        os.replace(temps[-1][0], path)
        for tmp, figure in temps[:-1]:
            _step("rename", figure)
            os.replace(tmp, figure)


def write_atomic(path: Path, data: bytes) -> None:
    """Write bytes to path via a temporary file in the same folder and a rename."""
    write_group([(path, data)])


def _alive(pid: int) -> bool:
    """True when a process with this id exists (so its temporary files may still be in use)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def sweep_stale_temps(folder: Path) -> list[Path]:
    """Remove temporary files (.*.tmp) that killed runs left in folder; returns them.

    A temporary file of this version is named .NAME.PID-RANDOM.tmp and kept while process PID lives (a run
    writing into the same folder right now); any other .*.tmp file (older versions named them .NAME.RANDOM.tmp)
    is removed.
    """
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        match = _TMP.match(entry.name)
        if match and _alive(int(match.group("pid"))):
            continue
        if entry.is_file() and not entry.is_symlink():
            with contextlib.suppress(OSError):
                entry.unlink()
                removed.append(entry)
    return removed


def certificate_bytes(cert: dict) -> bytes:
    """The canonical bytes of a certificate, as written to certs/."""
    return canonical_bytes(cert)
