"""Checking one certificate: schema, statement, every obligation, and the content hash."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .canonical import content_hash, digest, load_json
from .errors import KernelError
from .limits import MAX_OBLIGATIONS
from .obligations import check_obligation, read_goal
from .statements import VERDICTS, statement_of, substitute_params

__all__ = ["CheckResult", "check_certificate", "check_file", "FORMAT", "UnreadableInput"]

FORMAT = "hmh-certificate/1"
_REQUIRED = ("format", "claim", "verdict", "reference", "statement", "obligations", "hash")
_ALLOWED = set(_REQUIRED) | {"params", "provenance"}


class UnreadableInput(Exception):
    """The input could not be read as JSON at all (missing file, bad encoding, not JSON)."""


@dataclass
class CheckResult:
    """The kernel's answer for one certificate."""

    source: str
    claim: str | None
    verdict: str | None
    valid: bool
    errors: list[str] = field(default_factory=list)
    obligations: int = 0


def _check_header(cert: dict, source: str) -> dict:
    """Schema of the top level and agreement with the registered statement; returns the statement."""
    missing = [k for k in _REQUIRED if k not in cert]
    if missing:
        raise KernelError(source, f"missing fields {missing}")
    extra = sorted(set(cert) - _ALLOWED)
    if extra:
        raise KernelError(source, f"unknown fields {extra}; expected only {sorted(_ALLOWED)}")
    if cert["format"] != FORMAT:
        raise KernelError(f"{source}: format", f"found {cert['format']!r}, expected {FORMAT!r}")
    spec = statement_of(cert["claim"], f"{source}: claim")
    if cert["verdict"] not in VERDICTS or not spec.get(cert["verdict"]):
        allowed = [v for v in VERDICTS if spec.get(v)]
        raise KernelError(f"{source}: verdict", f"found {cert['verdict']!r}, expected one of {allowed}")
    for key in ("reference", "statement"):
        if cert[key] != spec[key]:
            raise KernelError(f"{source}: {key}", f"differs from the registered {key} of {cert['claim']}")
    params = cert.get("params", {})
    if not isinstance(params, dict) or sorted(params) != sorted(spec.get("params", [])):
        raise KernelError(f"{source}: params", f"expected exactly the parameters {spec.get('params', [])}")
    return spec


def _obligation_table(cert: dict, source: str) -> dict[str, dict]:
    """The certificate's obligations by name (names unique, each an object with a kind and goal)."""
    items = cert["obligations"]
    if not isinstance(items, list) or len(items) > MAX_OBLIGATIONS:
        raise KernelError(f"{source}: obligations", f"expected a list of at most {MAX_OBLIGATIONS} obligations")
    table: dict[str, dict] = {}
    for k, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise KernelError(f"{source}: obligations[{k}]", "expected an object with a string name")
        extra = sorted(set(item) - {"name", "kind", "goal", "witness", "digest"})
        if extra:
            raise KernelError(f"{source}: obligations[{k}]", f"unknown fields {extra}")
        if item["name"] in table:
            raise KernelError(f"{source}: obligations[{k}]", f"duplicate obligation name {item['name']!r}")
        table[item["name"]] = item
    return table


def check_certificate(cert: object, source: str = "<certificate>") -> CheckResult:
    """Re-check a parsed certificate completely; any failure or undecided step makes it invalid."""
    if not isinstance(cert, dict):
        return CheckResult(source, None, None, False, [f"{source}: expected a JSON object at the top level"])
    result = CheckResult(source, cert.get("claim"), cert.get("verdict"), False)
    try:
        spec = _check_header(cert, source)
        table = _obligation_table(cert, source)
    except KernelError as err:
        result.errors.append(str(err))
        return result
    goals, failed = {}, set()
    for required in spec[cert["verdict"]]:
        name, where = required["name"], f"{source}: obligation {required['name']!r}"
        if name not in table:
            result.errors.append(f"{where}: missing; the statement of {cert['claim']} requires it")
            continue
        try:
            mine = read_goal(table[name].get("kind"), table[name].get("goal"), where)
            expected_goal = substitute_params(required["goal"], cert.get("params", {}), where)
            if table[name]["kind"] != required["kind"] or mine != read_goal(required["kind"], expected_goal, where):
                raise KernelError(where, f"goal differs from the registered statement of {cert['claim']}")
            goals[name] = mine
        except KernelError as err:
            result.errors.append(str(err))
            failed.add(name)
    for name, item in table.items():
        where = f"{source}: obligation {name!r}"
        if name in failed:
            continue
        try:
            if item.get("digest") != digest(item, ("digest",)):
                raise KernelError(where, "digest does not match the obligation's content (edited after it was made)")
            goal = goals.get(name) or read_goal(item.get("kind"), item.get("goal"), where)
            check_obligation(item["kind"], goal, item.get("witness"), where)
            result.obligations += 1
        except KernelError as err:
            result.errors.append(str(err))
        except (ArithmeticError, ValueError, TypeError, RecursionError) as err:
            result.errors.append(f"{where}: malformed input ({type(err).__name__}: {err})")
    if cert["hash"] != content_hash(cert):
        result.errors.append(f"{source}: hash: does not match the content (the file was changed after it was made)")
    result.valid = not result.errors
    return result


def check_file(path: Path) -> CheckResult:
    """Read a certificate file (bounded: stat first, regular files only, at most the size bound) and check it.

    Unreadable input (missing, not a regular file, too large, a symlink loop, bad encoding, not JSON) raises
    UnreadableInput with a one-line message naming the file. The file is opened without blocking and checked
    with fstat on the open descriptor, so a pipe or device swapped in after a stat cannot hang the read.
    """
    import os
    import stat

    from .limits import MAX_FILE_BYTES

    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise UnreadableInput(f"{source}: is a folder, expected a certificate file")
            if not stat.S_ISREG(info.st_mode):
                raise UnreadableInput(f"{source}: not a regular file (a device, pipe or socket), expected a file")
            if info.st_size > MAX_FILE_BYTES:
                raise UnreadableInput(f"{source}: file has {info.st_size} bytes, more than the bound {MAX_FILE_BYTES}")
            with os.fdopen(fd, "rb", closefd=False) as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as err:
        raise UnreadableInput(f"{source}: cannot read ({err.strerror or err})") from None
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableInput(f"{source}: file grew past the bound of {MAX_FILE_BYTES} bytes while it was read")
    try:
        cert = load_json(data, source)
    except KernelError as err:
        if "not valid JSON" in err.message or "bytes, more than" in err.message:
            raise UnreadableInput(str(err)) from None
        return CheckResult(source, None, None, False, [str(err)])
    return check_certificate(cert, source)
