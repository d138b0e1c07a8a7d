"""The frozen statements: what each claim id must prove, kept as data beside the kernel (specs/*.json).

A certificate is accepted for claim X only when it establishes every goal that specs/ lists for X
under its verdict; proving something else, or something weaker, does not count.

Big literal data of a fixed instance (a 256 x 256 matrix) is not written into the spec: the goal field holds
{"$data": FILE, "sha256": HEX}, FILE a JSON file in specs/data/. When the specs load, each such reference is
replaced by the file's JSON value after the SHA-256 of the file's bytes is checked against HEX; a missing file,
another hash or a malformed reference makes that statement defective (no certificate of it is accepted), with
a message naming the spec file, the claim, the goal, the field and the expected hash.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from .core.errors import JSONObject, KernelError

__all__ = [
    "statements",
    "statement_of",
    "substitute_params",
    "free_parameters",
    "params_in",
    "check_param_domains",
    "SPEC_DIR",
    "VERDICTS",
    "resolve_data",
]

SPEC_DIR = Path(__file__).with_name("specs")
_DATA_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,99}\.json")
_SHA256 = re.compile(r"[0-9a-f]{64}")
VERDICTS = ("certified", "refuted")
_SPEC_KEYS = {
    "section",
    "reference",
    "statement",
    "why",
    "params",
    "inputs",
    "param_domains",
    "certified",
    "refuted",
    "baseline",
}


@lru_cache(maxsize=1)
def statements() -> dict[str, JSONObject]:
    """All registered statements, read once from specs/*.json (ids must be unique across files)."""
    table: dict[str, JSONObject] = {}
    for path in sorted(SPEC_DIR.glob("*.json")):
        for claim_id, spec in json.loads(path.read_text(encoding="utf-8")).items():
            if claim_id in table:
                raise KernelError(str(path), f"claim {claim_id!r} is registered twice")
            spec, defect = _resolved(claim_id, spec, str(path))
            table[claim_id] = {**spec, "spec_file": path.name, "defect": defect}
    return table


def _resolved(claim_id: str, spec: JSONObject, where: str) -> tuple[JSONObject, str | None]:
    """The statement with its data files read in, and why it is unusable (then no certificate is accepted) or None."""
    try:
        for verdict in VERDICTS:
            for item in spec.get(verdict) or []:
                if isinstance(item, dict) and isinstance(item.get("goal"), dict):
                    place = f"{where}: claim {claim_id!r}, {verdict} goal {item.get('name')!r}, field"
                    item["goal"] = {
                        k: resolve_data(v, f"{place} {k!r}", SPEC_DIR / "data") for k, v in item["goal"].items()
                    }
        _check_spec(claim_id, spec, where)
    except KernelError as err:
        return spec, str(err)
    return spec, None


def resolve_data(value: object, where: str, data_dir: Path) -> object:
    """Replace every {"$data": FILE, "sha256": HEX} inside a goal value by FILE's JSON value, its hash checked."""
    if isinstance(value, list):
        return [resolve_data(v, where, data_dir) for v in value]
    if not isinstance(value, dict):
        return value
    if "$data" not in value:
        return {k: resolve_data(v, where, data_dir) for k, v in value.items()}
    name, expected = value.get("$data"), value.get("sha256")
    if set(value) != {"$data", "sha256"} or not isinstance(name, str) or not isinstance(expected, str):
        raise KernelError(where, "expected a data reference {'$data': file name, 'sha256': hex digest}")
    if not _DATA_NAME.fullmatch(name) or not _SHA256.fullmatch(expected):
        raise KernelError(
            where,
            f"found data file {name[:60]!r} / sha256 {expected[:70]!r}, expected a plain "
            "lower-case .json name in specs/data/ and 64 lower-case hex digits",
        )
    path = data_dir / name
    try:
        raw = path.read_bytes()
    except OSError:
        raise KernelError(where, f"data file specs/data/{name} is missing (expected sha256 {expected})") from None
    found = hashlib.sha256(raw).hexdigest()
    if found != expected:
        raise KernelError(where, f"data file specs/data/{name} has sha256 {found}, expected {expected}")
    try:
        return json.loads(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise KernelError(where, f"data file specs/data/{name} is not ASCII JSON") from None


def _check_spec(claim_id: str, spec: JSONObject, where: str) -> None:
    """A statement is well formed: known keys, inputs among the params, and no free parameter."""
    extra = sorted(set(spec) - _SPEC_KEYS)
    if extra or not any(spec.get(v) for v in VERDICTS):
        raise KernelError(where, f"claim {claim_id!r}: unknown keys {extra} or no goals for any verdict")
    params, inputs = spec.get("params", []), spec.get("inputs")
    if not isinstance(inputs, list) or not set(inputs) <= set(params) or len(set(params)) != len(params):
        raise KernelError(where, f"claim {claim_id!r}: expected 'inputs', a list of some of its params {params}")
    domains = spec.get("param_domains", {})
    if not isinstance(domains, dict) or not set(domains) <= set(params):
        raise KernelError(where, f"claim {claim_id!r}: param_domains must name some of its params")
    free = free_parameters(spec)
    if free:
        raise KernelError(where, f"claim {claim_id!r}: parameters {free} are neither inputs nor established")


def params_in(value: object) -> set[str]:
    """The names of every {"$param": name} inside a goal value."""
    found, stack = set(), [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if set(item) == {"$param"}:
                found.add(item["$param"])
            else:
                stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def free_parameters(spec: JSONObject) -> list[str]:
    """Params that are neither inputs nor pinned to the inputs by an obligation that establishes them.

    A param is pinned when it occurs in a goal field that the obligation's kind establishes (ESTABLISHES)
    from other fields whose params are all pinned; literal values in a spec are fixed by the spec itself.
    Iterated to a fixed point, over the goals of every verdict separately.
    """
    from .kinds import ESTABLISHES, KINDS

    free: set[str] = set()
    for verdict in VERDICTS:
        goals = spec.get(verdict) or []
        pinned = set(spec.get("inputs", []))
        changed = True
        while changed:
            changed = False
            for item in goals:
                if item.get("kind") not in KINDS:
                    raise KernelError("spec", f"unknown kind {item.get('kind')!r}")
                for target, deps in ESTABLISHES.get(item["kind"], {}).items():
                    goal = item["goal"]
                    if target in goal and all(params_in(goal.get(d)) <= pinned for d in deps):
                        new = params_in(goal[target]) - pinned
                        if new:
                            pinned |= new
                            changed = True
        used = set().union(*(params_in(item["goal"]) for item in goals)) if goals else set()
        free |= used - pinned
    return sorted(free | (set(spec.get("params", [])) - _used_anywhere(spec)))


def _used_anywhere(spec: JSONObject) -> set[str]:
    """Params that occur in some goal (a declared param that no goal uses is free too)."""
    return set().union(
        *(params_in(i["goal"]) for v in VERDICTS for i in spec.get(v) or []), set(spec.get("inputs", []))
    )


def statement_of(claim_id: object, where: str) -> JSONObject:
    """The registered statement of a claim id."""
    table = statements()
    if not isinstance(claim_id, str) or claim_id not in table:
        raise KernelError(where, f"found claim {str(claim_id)[:60]!r}, which has no registered statement in the kernel")
    if table[claim_id]["defect"]:
        raise KernelError(where, f"the registered statement is defective: {table[claim_id]['defect']}")
    return table[claim_id]


def substitute_params(value: object, params: JSONObject, where: str) -> object:
    """Replace every {"$param": name} in a spec goal by the certificate's value for that name."""
    if isinstance(value, dict):
        if set(value) == {"$param"}:
            name = value["$param"]
            if name not in params:
                raise KernelError(where, f"missing parameter {name!r}")
            return params[name]
        return {k: substitute_params(v, params, where) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute_params(v, params, where) for v in value]
    return value


def check_param_domains(spec: JSONObject, params: JSONObject, where: str) -> None:
    """Parameters with a declared domain (a list of allowed values, or "sha256") have a value in it."""
    for name, domain in spec.get("param_domains", {}).items():
        value = params.get(name)
        if domain == "sha256":
            ok = isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
        else:
            ok = any(type(value) is type(allowed) and value == allowed for allowed in domain)
        if not ok:
            raise KernelError(f"{where}.{name}", f"found {str(value)[:40]!r}, expected one of {domain}")


def registered_goal(claim: str, verdict: str, name: str, params: JSONObject) -> object:
    """The goal the statement of `claim` registers for obligation `name` under `verdict`, params substituted."""
    spec = statement_of(claim, "claim")
    item = next((r for r in spec.get(verdict) or [] if r["name"] == name), None)
    if item is None:
        raise KernelError(f"{claim}: {name}", f"not an obligation of the statement ({verdict})")
    return substitute_params(item["goal"], params, f"{claim}: {name}")
