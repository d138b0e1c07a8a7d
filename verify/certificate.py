"""Assembling certificates: statement from the kernel's frozen spec, content hash, provenance, atomic write."""

from __future__ import annotations

import copy
import os
import platform
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from verify.kernel import FORMAT, canonical_bytes, content_hash, digest, statements

__all__ = [
    "Obligation",
    "make_certificate",
    "extract_params",
    "write_atomic",
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


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "absent"


def provenance() -> dict:
    """The library versions and SymPy ground types the certificate was produced with."""
    from sympy.external.gmpy import GROUND_TYPES

    packages = ("sympy", "python-flint", "mpmath", "numpy")
    return {
        "ground_types": GROUND_TYPES,
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


def make_certificate(claim_id: str, verdict: str, obligations: list[Obligation], params: dict | None = None) -> dict:
    """A complete certificate dict for a registered claim, with its content hash.

    Without explicit params, a template claim's params are read off the goals (extract_params).
    """
    spec = statements()[claim_id]
    if params is None:
        params = extract_params(claim_id, verdict, obligations)
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


def write_atomic(path: Path, data: bytes) -> None:
    """Write bytes to path via a temporary file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual permissions
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def certificate_bytes(cert: dict) -> bytes:
    """The canonical bytes of a certificate, as written to certs/."""
    return canonical_bytes(cert)
