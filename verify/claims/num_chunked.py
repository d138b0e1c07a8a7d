"""num.thm4.4.chunked: the k-head form evaluated in chunks (numeric/chunked.py) against the chunked scan."""

from __future__ import annotations

from numeric.checks import SIZES
from numeric.chunked import CHUNK, chunked_checks
from numeric.claimdata import corruption_from_env, params_of, setting, substituted
from verify.certificate import Obligation, make_certificate
from verify.registry import claim

__all__: list[str] = []


@claim("num.thm4.4.chunked")
def num_thm44_chunked() -> dict:
    """SSM (chunked scan) = k-head attention form evaluated in chunks with carried modal states, in float64."""
    scale, bk = setting()
    n = SIZES[scale]["heads"]
    checks = chunked_checks(bk, n, corruption_from_env())
    params = params_of(scale, bk, n=n, Q=-(-n // CHUNK))
    obligations = [
        Obligation(c.name, "float_bound", substituted(c.goal_template(), params), c.witness()) for c in checks
    ]
    return make_certificate("num.thm4.4.chunked", "certified", obligations, params=params)
