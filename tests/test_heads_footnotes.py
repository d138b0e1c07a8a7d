"""verify/claims/s4_heads_footnotes.py: footnote 2 (non-causal variant) as kernel-checked polynomial identities."""

from __future__ import annotations

import copy

from verify.certificate import reseal as _rehash
from verify.kernel import check_certificate


def test_footnote2_certificate_is_accepted(cert_of):
    cert = cert_of("fn2")
    assert check_certificate(cert).valid
    assert len(cert["obligations"]) == 6


def test_footnote2_with_a_term_dropped_is_rejected(cert_of):
    cert = copy.deepcopy(cert_of("fn2"))
    item = cert["obligations"][0]
    item["goal"]["rhs"] = item["goal"]["rhs"].replace("A113*M111", "A113*M112", 1)
    result = check_certificate(_rehash(cert))
    assert not result.valid
    assert any("goal differs" in e for e in result.errors)
