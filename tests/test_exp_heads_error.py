"""verify/claims/exp_heads_error.py: the registered exp.fig3.optimum.ssm certificate and the builder for users."""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from pathlib import Path

from verify.claims.exp_heads_error import CLAIM_ID, DEFAULT_FILE, DEFAULT_PREFIX, error_certificate
from verify.kernel import check_file
from verify.kernel.statements import statements

ROOT = Path(__file__).resolve().parent.parent


def test_committed_certificate_is_valid_and_names_the_shipped_file():
    path = ROOT / "certs" / f"{CLAIM_ID}.json"
    assert check_file(path).valid
    source = json.loads(path.read_text())["params"]["source"]
    assert source["sha256"] == hashlib.sha256(DEFAULT_FILE.read_bytes()).hexdigest()
    assert source["prefix"] == DEFAULT_PREFIX and source["arrays"]["A"] == [
        DEFAULT_PREFIX + "A_re",
        DEFAULT_PREFIX + "A_im",
    ]


def test_certificate_params_are_exactly_the_spec_params():
    from constructions.weights import ExactSystem

    system = ExactSystem("diagonal", ["1/2", "-1/4+1/2*i"], [["1"], ["i"]], [["1", "1"]], {"file": "x"})
    cert, table = error_certificate(system, 20, Fraction(1, 3))
    assert sorted(cert["params"]) == sorted(statements()[CLAIM_ID]["params"])
    assert cert["params"]["table"] == table.goal["table"] and cert["params"]["source"] == {"file": "x"}
