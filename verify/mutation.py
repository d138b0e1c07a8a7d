"""Mutation testing of the kernel: edit one leaf of a certificate, re-seal it, and expect the kernel to refuse it.

A mutation changes one number, name, integer or list of a certificate, then re-seals every digest and the
hash (verify.certificate.reseal), so that only the mathematics can reject it. Parameter leaves are mutated
*consistently*: the parameter and every goal where the statement places it change together, as a forger
who understands the format would do. An accepted mutation is a survivor; every survivor must be listed in
an allowlist (tests/data/mutation-allowlist.json) with the reason it does not change what the statement
means, or it is a bug. `python -m verify.mutation certs/ [--per-cert N]` prints what was tried and what
survived.
"""

from __future__ import annotations

import copy
import fnmatch
import hashlib
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verify.certificate import reseal
from verify.kernel import check_certificate, content_hash, digest, statements

__all__ = ["Mutation", "mutations", "set_param", "run_mutations", "Allowlist", "main"]

Path_ = tuple  # a path into JSON: keys and list indices


@dataclass(frozen=True)
class Mutation:
    """One edit: where (a readable path), which operator, and the new value."""

    where: str
    operator: str
    value: object


def _leaves(value: object, path: Path_ = ()) -> Iterator[tuple[Path_, object]]:
    """Every leaf (string, number, boolean, null) and every nonempty list, with its path."""
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], (*path, key))
    elif isinstance(value, list):
        if value:
            yield path, value
        for k, item in enumerate(value):
            yield from _leaves(item, (*path, k))
    else:
        yield path, value


_NUMBER = re.compile(r"^-?[0-9]+(/[0-9]+)?$")
_DIGIT = re.compile(r"[0-9]")


def _edits(value: object) -> list[tuple[str, object]]:
    """The operators that apply to one leaf: (name, new value)."""
    if isinstance(value, bool) or value is None:
        return [("flip", not value)]
    out: list[tuple[str, object]]
    if isinstance(value, int):
        out = [("plus-one", value + 1)]
        return out + ([("minus-one", value - 1)] if value > 0 else [])
    if isinstance(value, float):
        return [("scale", value * 2 + 1)]
    if isinstance(value, list):
        out = [("drop-last", value[:-1])]
        if not isinstance(value[0], (dict, list)):
            out.append(("duplicate-first", [value[0], *value]))
        return out
    text = str(value)
    if _NUMBER.match(text):
        num, _, den = text.partition("/")
        tail = f"/{den}" if den else ""
        out = [("numerator+1", f"{int(num) + 1}{tail}"), ("negate", f"{-int(num)}{tail}"), ("zero", "0")]
        return [(op, new) for op, new in out if new != text and not (op == "negate" and int(num) == 0)]
    match = _DIGIT.search(text)
    if match:
        digit = str((int(match.group()) + 1) % 10)
        return [("digit+1", text[: match.start()] + digit + text[match.end() :])]
    return [("rename", text + "x")]


def _readable(path: Path_) -> str:
    """A path as a.b[3].c."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _set(root: Any, path: Path_, value: object) -> None:
    """root[path] = value, in place (root a JSON value: dicts and lists)."""
    target = root
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


def _get(root: Any, path: Path_) -> object:
    """root[path] (root a JSON value: dicts and lists)."""
    for part in path:
        root = root[part]
    return root


def _param_sites(spec: dict, verdict: str) -> dict[str, list[tuple[str, Path_]]]:
    """Where each parameter stands in the goals: {param: [(obligation name, path in its goal), ...]}."""
    sites: dict[str, list[tuple[str, Path_]]] = {}

    def walk(value: object, name: str, path: Path_) -> None:
        if isinstance(value, dict) and set(value) == {"$param"}:
            sites.setdefault(value["$param"], []).append((name, path))
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, name, (*path, key))
        elif isinstance(value, list):
            for k, inner in enumerate(value):
                walk(inner, name, (*path, k))

    for item in spec.get(verdict) or []:
        walk(item["goal"], item["name"], ())
    return sites


def _spelled_out(goal: object, goal_path: Path_) -> bool:
    """False where the goal writes the parameter as the statement's {"$param": name} reference (the kernel
    substitutes it, so editing the parameter edits the goal too); True where its value is written out."""
    here = _get(goal, goal_path)
    return not (isinstance(here, dict) and set(here) == {"$param"})


def _write_param(cert: dict, sites: dict, path: Path_, value: object) -> None:
    """cert.params[path] = value, in place, and the same leaf in every goal where the statement places it."""
    name, inner = path[0], path[1:]
    _set(cert["params"], path, value)
    index = {o["name"]: k for k, o in enumerate(cert["obligations"])}
    for ob_name, goal_path in sites.get(name, []):
        if ob_name in index and _spelled_out(cert["obligations"][index[ob_name]]["goal"], goal_path):
            _set(cert["obligations"][index[ob_name]]["goal"], (*goal_path, *inner), copy.deepcopy(value))


def set_param(cert: dict, name: str, value: object) -> None:
    """Replace a parameter consistently (in place, not re-sealed): itself and every goal that carries it."""
    _write_param(cert, _param_sites(statements()[cert["claim"]], cert["verdict"]), (name,), value)


def _sample(items: list, count: int, seed: str) -> list:
    """A deterministic sample of at most count items (by a hash of the seed and position)."""
    if len(items) <= count:
        return items
    key = lambda k: hashlib.sha256(f"{seed}:{k}".encode()).digest()  # noqa: E731
    chosen = sorted(range(len(items)), key=key)[:count]
    return [items[k] for k in sorted(chosen)]


def mutations(cert: dict, per_cert: int = 200, params_cap: int | None = None) -> Iterator[tuple[Mutation, dict]]:
    """(mutation, re-sealed mutated certificate) pairs: parameter leaves first, then sampled witness/goal leaves.

    Every parameter leaf is mutated when there are at most params_cap of them (default: two thirds of per_cert),
    else a deterministic sample of that many; per_cert - (parameter mutations) witness and goal leaves follow.
    """
    spec = statements()[cert["claim"]]
    sites = _param_sites(spec, cert["verdict"])
    planned: list[tuple[str, Path_, str, object]] = []
    for name in sorted(cert.get("params", {})):
        for path, leaf in _leaves(cert["params"][name]):
            for op, new in _edits(leaf):
                planned.append(("param", (name, *path), op, new))
    params = _sample(planned, per_cert * 2 // 3 if params_cap is None else params_cap, cert["claim"])
    others: list[tuple[str, Path_, str, object]] = []
    for k, item in enumerate(cert["obligations"]):
        for part in ("witness", "goal"):
            for path, leaf in _leaves(item.get(part)):
                for op, new in _edits(leaf):
                    others.append(("obligation", (k, part, *path), op, new))
    chosen = params + _sample(others, max(per_cert - len(params), 0), cert["claim"] + "/w")
    sealed = reseal(cert) == cert  # then only the edited obligations' digests and the hash need recomputing
    for kind, path, op, new in chosen:
        if kind == "param":
            where = f"params.{_readable(path)}"
        else:
            k, part, *rest = path
            where = f"obligations[{cert['obligations'][k]['name']}].{part}.{_readable(tuple(rest))}".rstrip(".")
        if not sealed:
            mutated = copy.deepcopy(cert)
            if kind == "param":
                _write_param(mutated, sites, path, new)
            else:
                _set(mutated["obligations"], path, new)
            yield Mutation(where, op, new), reseal(mutated)
            continue
        yield Mutation(where, op, new), _edited_and_resealed(cert, sites, kind, path, new)


def _replaced(root: Any, path: Path_, value: object) -> object:
    """A copy of root with root[path] = value: only the containers along path are copied, the rest is shared."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    out: Any = dict(root) if isinstance(root, dict) else list(root)
    out[head] = _replaced(root[head], rest, value) if rest else value
    return out


def _edited_and_resealed(cert: dict, sites: dict, kind: str, path: Path_, value: object) -> dict:
    """The same certificate as deepcopy + _write_param/_set + reseal gives for a sealed certificate, built by
    copying only what the edit touches: the edited obligations get new digests, the certificate a new hash.
    Everything not on an edited path is shared with cert, which must therefore not be changed in place."""
    obligations = list(cert["obligations"])
    touched: set[int] = set()
    out = dict(cert)
    if kind == "param":
        name, inner = path[0], path[1:]
        out["params"] = _replaced(cert["params"], path, value)
        index = {o["name"]: k for k, o in enumerate(obligations)}
        for ob_name, goal_path in sites.get(name, []):
            if ob_name in index and _spelled_out(obligations[index[ob_name]]["goal"], goal_path):
                k = index[ob_name]
                goal = _replaced(obligations[k]["goal"], (*goal_path, *inner), copy.deepcopy(value))
                obligations[k] = {**obligations[k], "goal": goal}
                touched.add(k)
    else:
        k, rest = path[0], path[1:]
        obligations[k] = _replaced(obligations[k], rest, value)
        touched.add(k)
    for k in touched:
        obligations[k] = {**obligations[k], "digest": digest(obligations[k], ("digest",))}
    out["obligations"] = obligations
    out["hash"] = content_hash(out)
    return out


@dataclass(frozen=True)
class Allowed:
    """An allowlisted freedom: claims (glob), where (regex), operator (regex) and the reviewed reason."""

    claims: str
    where: str
    operator: str
    reason: str

    def covers(self, claim: str, mutation: Mutation) -> bool:
        """True when this entry explains the survivor."""
        return (
            fnmatch.fnmatchcase(claim, self.claims)
            and re.fullmatch(self.where, mutation.where) is not None
            and re.fullmatch(self.operator, mutation.operator) is not None
        )


class Allowlist:
    """The reviewed survivors, read from a JSON list of {claims, where, operator, reason}."""

    def __init__(self, entries: list[Allowed]) -> None:
        self.entries = entries

    @classmethod
    def read(cls, path: Path) -> Allowlist:
        """Read the allowlist file."""
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls([Allowed(e["claims"], e["where"], e["operator"], e["reason"]) for e in raw])

    def explains(self, claim: str, mutation: Mutation) -> Allowed | None:
        """The entry that covers a survivor, or None."""
        return next((e for e in self.entries if e.covers(claim, mutation)), None)


def _oracles() -> dict:
    """Template claims whose producer can re-derive the statement for other inputs: claim -> params -> cert."""
    from constructions.ssm import ssm_from_strings
    from verify.claims.s4_heads import heads_certificate
    from verify.claims.sA_realization import realization_certificate
    from verify.claims.sA_review import criterion_certificate
    from verify.claims.sA_singular import block_certificate
    from verify.claims.sA_user import features_certificate, modes_certificate

    def heads(claim: str) -> object:
        return lambda p: heads_certificate(ssm_from_strings(p["A"], p["B"], p["C"]), p.get("n", 1), claim)

    abc = lambda build: lambda p: build(p["A"], p["B"], p["C"])  # noqa: E731
    out = {c: heads(c) for c in ("eq7", "thm4.4.necessity", "thm4.4.sufficiency", "thm4.4.heads")}
    out.update({"appA.ssm": abc(modes_certificate), "appA.ssm.features": abc(features_certificate)})
    out["review.blockdiag.ssm"] = abc(block_certificate)
    out["review.blockdiag.criterion.ssm"] = abc(criterion_certificate)
    out["review.blockdiag.realization.ssm"] = abc(realization_certificate)
    return out


def true_for_other_inputs(mutated: dict) -> bool:
    """True when a survivor only changed the statement's inputs and the producer, run on those inputs, derives
    the very same parameters: then the certificate states a true fact about another SSM (not a soundness bug)."""
    build = _oracles().get(mutated["claim"])
    if build is None:
        return False
    try:
        fresh = build(mutated["params"])
    except Exception:  # noqa: BLE001 - inputs the producer rejects are not explained
        return False
    inputs = set(statements()[mutated["claim"]]["inputs"])
    derived = {k: v for k, v in mutated["params"].items() if k not in inputs}
    return {k: fresh["params"].get(k) for k in derived} == derived


def run_mutations(cert: dict, per_cert: int = 200, params_cap: int | None = None) -> tuple[int, list[Mutation]]:
    """(how many mutations were tried, the unexplained survivors) for one certificate."""
    tried, survivors, memo = 0, list[Mutation](), dict[str, str | None]()
    before = content_hash(cert)  # the mutated copies share cert's unedited parts: nothing may change them
    for mutation, mutated in mutations(cert, per_cert, params_cap):
        tried += 1
        if check_certificate(mutated, cert["claim"], memo).valid and not true_for_other_inputs(mutated):
            survivors.append(mutation)
    if content_hash(cert) != before:
        raise RuntimeError(f"{cert['claim']}: a check changed the certificate it was given in place")
    return tried, survivors


def main(argv: list[str]) -> int:
    """python -m verify.mutation PATH... [--per-cert N]: mutation counts and survivors; exit 1 on survivors."""
    per_cert = 200
    if "--per-cert" in argv:
        k = argv.index("--per-cert")
        per_cert = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2 :]
    files = [p for arg in argv for p in (sorted(Path(arg).glob("*.json")) if Path(arg).is_dir() else [Path(arg)])]
    total_tried = total_survived = 0
    for path in files:
        cert = json.loads(path.read_text(encoding="utf-8"))
        tried, survivors = run_mutations(cert, per_cert)
        total_tried += tried
        total_survived += len(survivors)
        print(f"{path.name}: {tried} mutations, {len(survivors)} survived")
        for s in survivors:
            print(f"    survived: {s.where} ({s.operator} -> {str(s.value)[:40]!r})")
    print(f"mutation: {total_tried} tried, {total_survived} survived")
    return 1 if total_survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
