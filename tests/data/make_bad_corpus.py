"""Regenerate the known-bad corpus tests/data/bad/ from the committed Theorem 4.2 certificates.

Each entry tampers with one thing; bad-manifest.json records the message fragment the kernel must give.
Hashes are recomputed after tampering (except where the hash itself is the point), so that each
file is rejected for its mathematical or statement defect, not merely for an outdated hash.
Run: python tests/data/make_bad_corpus.py
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

from verify.certificate import reseal as _rehash
from verify.kernel import canonical_bytes

HERE = Path(__file__).parent
CERTS = HERE.parent.parent / "certs"
BAD = HERE / "bad"


def _load(claim: str) -> dict:
    return json.loads((CERTS / f"{claim}.json").read_text())


def _obligation(cert: dict, name: str) -> dict:
    return next(o for o in cert["obligations"] if o["name"] == name)


def flipped_sign(cert: dict) -> dict:
    """A sign flipped inside the sum-of-squares witness of eq. (5)."""
    square = _obligation(cert, "lower-bound")["witness"]["terms"][0]["square"]["terms"]
    square[1][0] = "1" if square[1][0] == "-1" else "-1"
    return _rehash(cert)


def perturbed_goal_entry(cert: dict) -> dict:
    """One entry of the rotation matrix in the goal of W(1) changed from -1 to -2."""
    _obligation(cert, "W1")["goal"]["matrices"]["A"][0][1] = "-2"
    return _rehash(cert)


def perturbed_point(cert: dict) -> dict:
    """The attaining point of eq. (5) moved: numerator of a multiplied by 2."""
    numerator = _obligation(cert, "attained")["witness"]["numerators"]["a"]["terms"]
    numerator[0][0] = "2"
    return _rehash(cert)


def swapped_claim_id(cert: dict) -> dict:
    """The eq. (5) certificate relabelled as Theorem 4.2's conclusion (reference kept)."""
    cert["claim"] = "thm4.2"
    return _rehash(cert)


def swapped_claim_and_statement(cert: dict) -> dict:
    """Relabelled as thm4.2 with thm4.2's reference and statement copied in: obligations do not match."""
    other = _load("thm4.2")
    cert.update(claim="thm4.2", reference=other["reference"], statement=other["statement"])
    return _rehash(cert)


def dropped_obligation(cert: dict) -> dict:
    """The attaining point of eq. (5) removed: only the lower bound remains."""
    cert["obligations"] = [o for o in cert["obligations"] if o["name"] != "attained"]
    return _rehash(cert)


def weaker_statement(cert: dict) -> dict:
    """A consistent proof of error - 1/2 >= 0 (true, but weaker than eq. (5))."""
    ob = _obligation(cert, "lower-bound")
    ob["goal"]["poly"] = "(1-a*v1)^2 + (0-a*v2)^2 + (0-b*v1)^2 + (1-b*v2)^2 - 1/2"
    ob["witness"]["terms"].append({"atoms": [], "coeff": "1/2", "square": "1"})
    return _rehash(cert)


def float_entry(cert: dict) -> dict:
    """A float 1.0 where the exact string "1" belongs (matrix B of W0)."""
    _obligation(cert, "W0")["goal"]["matrices"]["B"][0][0] = 1.0
    return _rehash(cert)


def python_code(cert: dict) -> dict:
    """Python code in an expression string: must be rejected, never executed."""
    terms = _obligation(cert, "lower-bound")["witness"]["terms"]
    terms[0]["square"] = "__import__('os').system('touch /tmp/hmh_pwned')"
    return _rehash(cert)


def flipped_verdict(cert: dict) -> dict:
    """Verdict changed to refuted without any counterexample."""
    cert["verdict"] = "refuted"
    return _rehash(cert)


def stale_hash(cert: dict) -> dict:
    """An equivalent witness (squares swapped in order) with old digest and hash: named as edited."""
    terms = _obligation(cert, "lower-bound")["witness"]["terms"]
    terms.reverse()
    return cert


def oversized_number(cert: dict) -> dict:
    """A coefficient with 5000 digits."""
    _obligation(cert, "lower-bound")["witness"]["terms"][0]["coeff"] = "1" + "0" * 4999
    return _rehash(cert)


def huge_exponent(cert: dict) -> dict:
    """An exponent far above the bound."""
    _obligation(cert, "lower-bound")["witness"]["terms"][0]["square"] = "a^1000000"
    return _rehash(cert)


def zero_denominator(cert: dict) -> dict:
    """A rational with denominator zero."""
    _obligation(cert, "attained")["witness"]["scale"] = "1/0"
    return _rehash(cert)


def duplicate_names(cert: dict) -> dict:
    """Two obligations with the same name."""
    cert["obligations"].append(copy.deepcopy(cert["obligations"][0]))
    return _rehash(cert)


def negative_sos_coefficient(cert: dict) -> dict:
    """A negative weight in the sum of squares."""
    _obligation(cert, "lower-bound")["witness"]["terms"][0]["coeff"] = "-1"
    return _rehash(cert)


CASES: dict[str, tuple[str, Callable[[dict], dict], str]] = {
    "flipped-sign": ("thm4.2.eq5", flipped_sign, "obligation 'lower-bound': the weighted sum of squares"),
    "perturbed-goal-entry": ("thm4.2.step1", perturbed_goal_entry, "obligation 'W1': goal differs"),
    "perturbed-point": ("thm4.2.eq5", perturbed_point, "obligation 'attained': the polynomial does not vanish"),
    "swapped-claim-id": ("thm4.2.eq5", swapped_claim_id, "reference: differs from the registered reference"),
    "swapped-claim-and-statement": (
        "thm4.2.eq5",
        swapped_claim_and_statement,
        "obligation 'lower-bound' is not part of the statement of thm4.2",
    ),
    "dropped-obligation": ("thm4.2.eq5", dropped_obligation, "obligation 'attained': missing"),
    "weaker-statement": ("thm4.2.eq5", weaker_statement, "obligation 'lower-bound': goal differs"),
    "float-entry": ("thm4.2.step1", float_entry, "found a float"),
    "python-code": ("thm4.2.eq5", python_code, "unexpected character"),
    "flipped-verdict": ("thm4.2.eq5", flipped_verdict, "found 'refuted', expected one of ['certified']"),
    "stale-hash": ("thm4.2.eq5", stale_hash, "obligation 'lower-bound': digest does not match"),
    "oversized-number": ("thm4.2.eq5", oversized_number, "more than 4000 digits"),
    "huge-exponent": ("thm4.2.eq5", huge_exponent, "exceeds the bound"),
    "zero-denominator": ("thm4.2.eq5", zero_denominator, "zero denominator"),
    "duplicate-names": ("thm4.2.eq5", duplicate_names, "duplicate obligation name"),
    "negative-sos-coefficient": ("thm4.2.eq5", negative_sos_coefficient, "expected c >= 0"),
}


def main() -> None:
    """Write every tampered certificate and the manifest."""
    BAD.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for name, (claim, tamper, message) in CASES.items():
        cert = tamper(_load(claim))
        (BAD / f"{name}.json").write_bytes(canonical_bytes(cert))
        manifest[f"{name}.json"] = {"from": claim, "tamper": tamper.__doc__, "expect": message}
    deep = "[" * 200 + "]" * 200
    (BAD / "deep-nesting.json").write_text(deep + "\n")
    manifest["deep-nesting.json"] = {"from": None, "tamper": "JSON nested 200 deep", "expect": "nested deeper"}
    (BAD / "nan.json").write_text('{"claim": "thm4.2", "x": NaN}\n')
    manifest["nan.json"] = {"from": None, "tamper": "a NaN literal", "expect": "NaN and Infinity are not numbers"}
    (HERE / "bad-manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
