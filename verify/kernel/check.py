"""Checking one certificate: schema, statement, every obligation, and the content hash.

Order of work, so that a hostile file costs little: the bytes are counted and the cost of parsing and hashing them
is charged to the certificate's budget before either is done; the header and the obligation table are read first;
an obligation the statement does not list is rejected before anything runs; each listed obligation's goal
is compared with the registered goal as plain JSON (it must be the registered goal, spelled the same: params
substituted, or the statement's own {"$param": name} references, which the kernel substitutes), and only then
is the registered goal read and the witness checked, under one work budget per certificate (limits.WORK_BUDGET).
No exception escapes: any failure of an obligation, of whatever type, makes that obligation invalid with a
message, and the other obligations are still reported.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from .core.canonical import ReadError, content_hash, digest, load_json, read_bounded, reading_units
from .core.errors import JSONObject, KernelError
from .core.limits import MAX_FILE_BYTES, MAX_OBLIGATIONS, Budget, WorkExceeded, work_budget
from .kinds import check_obligation, read_goal
from .statements import VERDICTS, check_param_domains, statement_of, substitute_params

__all__ = ["CheckResult", "check_bytes", "check_certificate", "check_file", "FORMAT", "UnreadableInput"]

FORMAT = "hmh-certificate/1"
_REQUIRED = ("format", "claim", "verdict", "reference", "statement", "obligations", "hash")
_ALLOWED = set(_REQUIRED) | {"params", "provenance"}
_OBLIGATION_KEYS = {"name", "kind", "goal", "witness", "digest"}


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


def _text(value: object) -> str | None:
    """A string field as itself, anything else as None (for the result's claim and verdict)."""
    return value if isinstance(value, str) else None


def _check_header(cert: JSONObject, source: str) -> JSONObject:
    """Schema of the top level and agreement with the registered statement; returns the statement."""
    missing = [k for k in _REQUIRED if k not in cert]
    if missing:
        raise KernelError(source, f"missing fields {missing}")
    extra = sorted(set(cert) - _ALLOWED)
    if extra:
        raise KernelError(source, f"unknown fields {extra}; expected only {sorted(_ALLOWED)}")
    if cert["format"] != FORMAT:
        raise KernelError(f"{source}: format", f"found {str(cert['format'])[:40]!r}, expected {FORMAT!r}")
    spec = statement_of(cert["claim"], f"{source}: claim")
    verdict = cert["verdict"]
    if not isinstance(verdict, str) or verdict not in VERDICTS or not spec.get(verdict):
        allowed = [v for v in VERDICTS if spec.get(v)]
        raise KernelError(f"{source}: verdict", f"found {str(verdict)[:40]!r}, expected one of {allowed}")
    for key in ("reference", "statement"):
        if cert[key] != spec[key]:
            raise KernelError(f"{source}: {key}", f"differs from the registered {key} of {cert['claim']}")
    params = cert.get("params", {})
    if not isinstance(params, dict) or sorted(params) != sorted(spec.get("params", [])):
        raise KernelError(f"{source}: params", f"expected exactly the parameters {spec.get('params', [])}")
    check_param_domains(spec, params, f"{source}: params")
    _check_provenance(cert.get("provenance", {}), f"{source}: provenance")
    return spec


def _check_provenance(value: object, where: str) -> None:
    """Provenance is metadata (covered by the hash, never read as mathematics): short strings in a fixed shape."""
    if not isinstance(value, dict) or not set(value) <= {"ground_types", "python", "versions"}:
        raise KernelError(where, "expected an object with ground_types, python and versions")
    versions = value.get("versions", {})
    if not isinstance(versions, dict) or len(versions) > 16:
        raise KernelError(f"{where}.versions", "expected an object of at most 16 package versions")
    for text in [value.get("ground_types", ""), value.get("python", ""), *versions, *versions.values()]:
        if not isinstance(text, str) or len(text) > 64 or not text.isascii():
            raise KernelError(where, "expected short strings of ASCII characters")


def _obligation_table(cert: JSONObject, required: list[JSONObject], source: str) -> dict[str, JSONObject]:
    """The certificate's obligations by name: exactly the ones the statement lists, each a well-formed object."""
    items = cert["obligations"]
    if not isinstance(items, list) or len(items) > MAX_OBLIGATIONS:
        raise KernelError(f"{source}: obligations", f"expected a list of at most {MAX_OBLIGATIONS} obligations")
    expected = {r["name"]: r["kind"] for r in required}
    table: dict[str, JSONObject] = {}
    for k, item in enumerate(items):
        where = f"{source}: obligations[{k}]"
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise KernelError(where, "expected an object with a string name")
        extra = sorted(set(item) - _OBLIGATION_KEYS)
        if extra:
            raise KernelError(where, f"unknown fields {extra}; expected only {sorted(_OBLIGATION_KEYS)}")
        name = item["name"]
        if name not in expected:
            raise KernelError(where, f"obligation {name[:60]!r} is not part of the statement of {cert['claim']}")
        if name in table:
            raise KernelError(where, f"duplicate obligation name {name!r}")
        if item.get("kind") != expected[name]:
            raise KernelError(
                where, f"obligation {name!r} has kind {str(item.get('kind'))[:40]!r}, expected {expected[name]!r}"
            )
        table[name] = item
    return table


def _seal_errors(cert: JSONObject, table: dict[str, JSONObject], source: str) -> list[str]:
    """Every obligation digest and the file hash that do not match the content (each edit named)."""
    errors = [
        f"{source}: obligation {name!r}: digest does not match the obligation's content (edited after it was made)"
        for name, item in table.items()
        if item.get("digest") != digest(item, ("digest",))
    ]
    if cert["hash"] != content_hash(cert):
        errors.append(f"{source}: hash: does not match the content (the file was changed after it was made)")
    return errors


def _spelled_as_registered(goal: object, registered: JSONObject, expected: object) -> bool:
    """The certificate's goal is the registered goal: each field written out (params substituted) or written as the
    statement registers it, its {"$param": name} references left for the kernel to substitute (a large input, such
    as a user's A, then stands once, in params). Plain JSON equality per field: it stops at the first difference and
    parses nothing; both spellings of a field mean the same value, the one that is read."""
    if not isinstance(goal, dict) or not isinstance(expected, dict) or goal.keys() != expected.keys():
        return False
    return all(goal[k] == expected[k] or goal[k] == registered[k] for k in expected)


def _check_one(item: JSONObject, required: JSONObject, params: JSONObject, where: str) -> None:
    """The goal against the registered goal, then the witness; a KernelError says what failed.

    Whatever the spelling, the goal checked is the registered goal with the certificate's params substituted.
    """
    kind = required["kind"]
    expected_goal = substitute_params(required["goal"], params, where)
    if not _spelled_as_registered(item.get("goal"), required["goal"], expected_goal):
        raise KernelError(where, "goal differs from the registered statement")
    check_obligation(kind, read_goal(kind, expected_goal, where), item.get("witness"), where)


def _memo_key(item: JSONObject, spec_item: JSONObject, params: JSONObject) -> str:
    """What an obligation's verdict depends on: its content and its substituted registered goal."""
    expected = substitute_params(spec_item["goal"], params, "memo")
    return digest({"item": {k: v for k, v in item.items() if k != "digest"}, "expected": expected})


def check_certificate(
    cert: object, source: str = "<certificate>", memo: dict[str, str | None] | None = None, budget: Budget | None = None
) -> CheckResult:
    """Re-check a parsed certificate completely; any failure or undecided step makes it invalid.

    `memo` (optional, used by the mutation test) maps an obligation's content and registered goal to the
    error it produced (or None); an obligation seen before is not checked again. Each check is a pure
    function of exactly that content, so the answer is the same. `budget` (check_file's) already carries the
    charge for reading the file; without it the checks run under a fresh one.
    """
    with work_budget() if budget is None else nullcontext(budget):
        return _check_certificate(cert, source, memo)


def _check_certificate(cert: object, source: str, memo: dict[str, str | None] | None) -> CheckResult:
    """check_certificate inside its budget."""
    if not isinstance(cert, dict):
        return CheckResult(source, None, None, False, [f"{source}: expected a JSON object at the top level"])
    result = CheckResult(source, _text(cert.get("claim")), _text(cert.get("verdict")), False)
    try:
        spec = _check_header(cert, source)
        required = spec[cert["verdict"]]
        table = _obligation_table(cert, required, source)
        result.errors += _seal_errors(cert, table, source)
    except KernelError as err:
        result.errors.append(str(err))
        return result
    except WorkExceeded as err:
        result.errors.append(f"{source}: {err}")
        return result
    except Exception as err:  # noqa: BLE001 - a malformed file must never crash the checker
        result.errors.append(f"{source}: malformed certificate ({type(err).__name__})")
        return result
    if result.errors:  # an edited file is rejected on its seals, before any mathematics runs
        return result
    params = cert.get("params", {})
    for spec_item in required:
        name = spec_item["name"]
        where = f"{source}: obligation {name!r}"
        if name not in table:
            result.errors.append(f"{where}: missing; the statement of {cert['claim']} requires it")
            continue
        key = _memo_key(table[name], spec_item, params) if memo is not None else None
        if memo is not None and key is not None and key in memo:
            if memo[key] is None:
                result.obligations += 1
            else:
                result.errors.append(f"{where}: {memo[key]}")
            continue
        before = len(result.errors)
        try:
            _check_one(table[name], spec_item, params, where)
            result.obligations += 1
        except KernelError as err:
            result.errors.append(str(err) if str(err).startswith(where) else f"{where}: {err}")
        except WorkExceeded as err:
            result.errors.append(f"{where}: {err}")
        except RecursionError:
            result.errors.append(f"{where}: malformed input (nested too deeply for the checker)")
        except MemoryError:
            result.errors.append(f"{where}: exceeds the kernel's memory (the input is too large)")
        except Exception as err:  # noqa: BLE001 - no exception of any type escapes an obligation
            result.errors.append(f"{where}: malformed input ({type(err).__name__}: {str(err)[:200]})")
        if memo is not None and key is not None:
            memo[key] = result.errors[-1].removeprefix(f"{where}: ") if len(result.errors) > before else None
    result.valid = not result.errors
    return result


def check_file(path: Path) -> CheckResult:
    """Read a certificate file (bounded: stat first, regular files only, at most the size bound) and check it.

    Unreadable input (missing, not a regular file, too large, a symlink loop, bad encoding, not JSON) raises
    UnreadableInput with a one-line message naming the file. The file is opened without blocking and checked
    with fstat on the open descriptor, so a pipe or device swapped in after a stat cannot hang the read.
    """
    source = str(path)
    try:
        data = read_bounded(path, MAX_FILE_BYTES, "certificate file")
    except ReadError as err:
        raise UnreadableInput(str(err)) from None
    return check_bytes(data, source)


def check_bytes(data: bytes, source: str) -> CheckResult:
    """Check a certificate from its bytes, as check_file does after reading them (producers check what they write).

    The cost of parsing and hashing is charged to the certificate's budget, on the counted bytes, before either
    is done. Bytes that are not JSON at all, or over the size bound, raise UnreadableInput.
    """
    with work_budget() as budget:
        try:
            # parsing and the two hashes, charged on the counted bytes before either is done
            budget.charge(reading_units(data, source), "reading, parsing and hashing the file")
            cert = load_json(data, source)
        except KernelError as err:
            if "not valid JSON" in err.message or "bytes, more than" in err.message:
                raise UnreadableInput(str(err)) from None
            return CheckResult(source, None, None, False, [str(err)])
        except WorkExceeded as err:
            return CheckResult(source, None, None, False, [f"{source}: {err}"])
        return check_certificate(cert, source, budget=budget)
