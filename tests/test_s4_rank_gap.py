"""Theorem 4.2 and Remark 4.3: every step certified, and the certificates are specific to their claims."""

from __future__ import annotations

import pytest

from verify.kernel import check_certificate, content_hash, digest
from verify.registry import all_claims

IDS = [c.id for c in all_claims() if c.id.startswith(("thm4.2", "rem4.3"))]


def test_every_step_of_the_proof_has_a_claim():
    expected = {"thm4.2.step1", "thm4.2.step2", "thm4.2.eq4", "thm4.2.step4.v0", "thm4.2.step4.projection"}
    expected |= {"thm4.2.step4.trace", "thm4.2.eq5", "thm4.2", "rem4.3", "rem4.3.eq5-general", "rem4.3.non-collinear"}
    assert set(IDS) == expected


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_is_certified_and_kernel_valid(cert_of, claim_id):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == "certified"
    assert result.valid, result.errors


@pytest.mark.parametrize("claim_id", IDS)
def test_certificate_does_not_prove_any_other_claim(cert_of, claim_id):
    cert = cert_of(claim_id)
    for other in IDS:
        if other != claim_id:
            forged = {**cert, "claim": other}
            forged["hash"] = content_hash(forged)
            assert not check_certificate(forged, "forged").valid, (claim_id, other)


@pytest.mark.parametrize("claim_id", IDS)
def test_perturbing_any_witness_coefficient_is_caught(cert_of, claim_id):
    """Change every coefficient of every witness polynomial, one at a time, and re-seal the digests."""
    cert = cert_of(claim_id)
    caught = tried = 0
    for k, ob in enumerate(cert["obligations"]):
        for path in _coefficient_paths(ob.get("witness") or {}):
            tampered = _with_changed(cert, k, path)
            tried += 1
            caught += not check_certificate(tampered, "tampered").valid
    assert caught == tried


def _coefficient_paths(node, prefix=()):
    """Paths to the coefficient strings inside term lists of a witness."""
    if isinstance(node, dict):
        if "terms" in node and "vars" in node:
            yield from (prefix + ("terms", j, 0) for j in range(len(node["terms"])))
        else:
            for key, value in node.items():
                yield from _coefficient_paths(value, prefix + (key,))
    elif isinstance(node, list):
        for j, value in enumerate(node):
            yield from _coefficient_paths(value, prefix + (j,))


def _with_changed(cert: dict, k: int, path: tuple) -> dict:
    import copy

    out = copy.deepcopy(cert)
    node = out["obligations"][k]["witness"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = "7/3" if node[path[-1]] != "7/3" else "5"
    ob = out["obligations"][k]
    ob["digest"] = digest(ob, ("digest",))
    out["hash"] = content_hash(out)
    return out
