"""The full-span witness of the Theorem 4.4 kinds (ssm_span.py without an annihilator), built by heads_basis.

When p*d_in lags W(t_h) are independent they span every p x d_in matrix, so k = p*d_in needs no annihilator and
only the lags W(0..t_k) are checked. Each test edits a leaf of a `verify heads` certificate of a dense 24-state SSM,
re-seals it, and expects the kernel to reject it (or, for the honest witness, to accept it).
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path

import pytest
from flint import fmpq_mat

from constructions.blockform import ruled_out_modulo_prime
from constructions.ssm import full_span_basis, full_span_length, interaction_basis, ssm_from_strings
from verify.certificate import reseal
from verify.claims import s4_heads
from verify.claims.s4_heads import BeyondSupport, heads_basis, heads_certificate
from verify.kernel import check_certificate


def _dense(m: int, seed: int = 5, columns: int = 4) -> list[list[list[str]]]:
    """A, B, C of a dense random rational SSM (entries a/b, |a| <= 9, 1 <= b <= 9), p = 4, d = columns."""
    rng = random.Random(seed)
    entry = lambda: f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"  # noqa: E731
    return [[[entry() for _ in range(c)] for _ in range(r)] for r, c in ((m, m), (m, columns), (4, m))]


def _twin_columns(m: int) -> list[list[list[str]]]:
    """A dense SSM whose B has two equal columns, so k <= 12 < p*d_in = 16."""
    A, B, C = _dense(m)
    return [A, [[row[0], row[0], row[2], row[3]] for row in B], C]


@cache
def _text(m: int = 24) -> str:
    ssm = ssm_from_strings(*_dense(m))
    basis = heads_basis(ssm)
    return json.dumps(heads_certificate(ssm, basis.n_min, "thm4.4.heads", basis))


def _cert() -> dict:
    return json.loads(_text())


def _errors(cert: dict) -> list[str]:
    result = check_certificate(reseal(cert))
    assert not result.valid
    return result.errors


def _set_witness(cert: dict, key: str, value: object) -> None:
    for item in cert["obligations"]:
        item["witness"][key] = copy.deepcopy(value)


def test_a_dense_ssm_gets_the_full_span_witness_and_the_kernel_accepts_it():
    cert = _cert()
    for item in cert["obligations"]:
        assert "annihilator" not in item["witness"] and "cyclic" not in item["witness"]
        assert len(item["witness"]["lags"]) == 16
    assert cert["params"]["k"] == 16
    assert check_certificate(cert).valid


def test_the_full_span_basis_agrees_with_the_annihilator_basis():
    ssm = ssm_from_strings(*_dense(24))
    fast, full = full_span_basis(ssm), interaction_basis(ssm)
    assert fast.annihilator is None and full.annihilator is not None
    assert (fast.lags, fast.k, fast.n_min, fast.first_nonzero()) == (
        full.lags,
        full.k,
        full.n_min,
        full.first_nonzero(),
    )
    assert fast.base == full.base[: fast.lags[-1] + 1]
    assert full_span_length(ssm) >= fast.n_min


def test_without_full_span_the_annihilator_witness_is_used():
    ssm = ssm_from_strings(*_twin_columns(24))
    assert full_span_length(ssm) is None
    basis = heads_basis(ssm)
    assert basis.annihilator is not None and basis.k < 16
    assert check_certificate(heads_certificate(ssm, basis.n_min, "thm4.4.heads", basis)).valid


def test_beyond_the_annihilator_size_heads_basis_refuses_at_once(monkeypatch):
    monkeypatch.setattr(s4_heads, "ANNIHILATOR_MAX_M", 20)
    with pytest.raises(BeyondSupport, match="supported up to m = 20"):
        heads_basis(ssm_from_strings(*_twin_columns(24)))


def test_a_dropped_lag_is_rejected():
    cert = _cert()
    lags = cert["obligations"][0]["witness"]["lags"]
    _set_witness(cert, "lags", lags[:-1])
    _set_witness(cert, "minor_cols", cert["obligations"][0]["witness"]["minor_cols"][:-1])
    assert any("expected p*d_in = 16 basis lags" in e for e in _errors(cert))


def test_a_later_last_lag_is_rejected_as_not_minimal():
    cert = _cert()
    lags = cert["obligations"][0]["witness"]["lags"]
    _set_witness(cert, "lags", [*lags[:-1], lags[-1] + 1])
    for item in cert["obligations"]:
        item["witness"].pop("coefficients", None)  # the kernel solves for them on the minor
    cert["params"]["n_min"] += 1  # the goals name it by reference
    assert any("is not 0: the last basis lag is not minimal" in e for e in _errors(cert))


def test_a_claimed_full_span_with_a_singular_minor_is_rejected():
    ssm = ssm_from_strings(*_twin_columns(24))
    basis = heads_basis(ssm)
    cert = heads_certificate(ssm, 16, "thm4.4.heads", basis)
    for item in cert["obligations"]:
        witness = item["witness"]
        for key in ("annihilator", "cyclic", "coefficients"):
            witness.pop(key, None)
        witness["lags"], witness["minor_cols"] = list(range(16)), list(range(16))
        if "first_nonzero" in witness:
            witness["first_nonzero"] = [0] * 16
    cert["params"].update(k=16, n_min=16, r=16)  # the goals name them by reference
    assert any("is singular: not a basis" in e for e in _errors(cert))


def test_a_perturbed_coefficient_is_rejected():
    cert = _cert()
    rows = [[str(x) for x in row] for row in full_span_basis(ssm_from_strings(*_dense(24))).base]
    rows[3][2] = "1" if rows[3][2] == "0" else rows[3][2] + "1"
    _set_witness(cert, "coefficients", rows)
    assert any("!= W(3)" in e for e in _errors(cert))


def test_an_honest_coefficient_table_is_accepted_and_one_row_too_many_is_rejected():
    cert = _cert()
    base = full_span_basis(ssm_from_strings(*_dense(24))).base
    rows = [[str(x) for x in row] for row in base]
    _set_witness(cert, "coefficients", rows)
    assert check_certificate(reseal(cert)).valid
    _set_witness(cert, "coefficients", [*rows, rows[-1]])
    assert any("expected d = " in e for e in _errors(cert))


def test_a_first_nonzero_lag_past_the_last_basis_lag_is_rejected():
    cert = _cert()
    item = cert["obligations"][2]
    item["witness"]["first_nonzero"][0] = item["witness"]["lags"][-1] + 1
    assert any("first_nonzero" in e for e in _errors(cert))


def test_krylov_vectors_are_not_part_of_the_full_span_witness():
    cert = _cert()
    _set_witness(cert, "cyclic", [[1] * 24])
    assert any("cyclic" in e for e in _errors(cert))


def test_an_annihilator_cannot_be_dropped_when_k_is_below_p_times_d():
    ssm = ssm_from_strings(*_twin_columns(24))
    basis = heads_basis(ssm)
    cert = json.loads(json.dumps(heads_certificate(ssm, basis.n_min, "thm4.4.heads", basis)))
    for item in cert["obligations"]:
        assert item["witness"].pop("annihilator")
        item["witness"].pop("cyclic", None)
    assert any("expected p*d_in = 16 basis lags" in e for e in _errors(cert))


def test_the_block_form_is_ruled_out_modulo_a_prime_only_when_a_factor_has_degree_three_or_more():
    rotation = fmpq_mat([[0, -1, 0], [1, 0, 0], [0, 0, 2]])  # x^2 + 1 and x - 2
    assert ruled_out_modulo_prime(rotation) is None
    cube_root = fmpq_mat([[0, 0, 2], [1, 0, 0], [0, 1, 0]])  # companion of x^3 - 2, irreducible over QQ
    reason = ruled_out_modulo_prime(cube_root / 3)
    assert reason is None or "degree >= 3" in reason  # x^3 - 2/27 may split modulo the prime; never a false claim
    jordan = fmpq_mat([[1, 1, 0], [0, 1, 1], [0, 0, 1]])  # (x - 1)^3: no factor of degree 3
    assert ruled_out_modulo_prime(jordan) is None
    dense = ssm_from_strings(*_dense(24)).native[0].re
    assert "degree >= 3" in ruled_out_modulo_prime(dense)


def _heads_cli(tmp_path, rows: list) -> int:
    from verify.cli import main

    path = tmp_path / "ssm.json"
    path.write_text(json.dumps(dict(zip("ABC", rows))))
    return main(["heads", "--ssm", str(path), "--out", str(tmp_path / "out"), "--json", "--quiet"])


def test_verify_heads_writes_the_full_span_certificate_and_rules_out_the_block_form(tmp_path, capsys):
    from verify.kernel import check_file

    assert _heads_cli(tmp_path, _dense(32)) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["k"], summary["n_min"]) == (16, 16)
    assert "degree >= 3" in summary["blockdiag"]
    cert = json.loads(Path(summary["certificate"]).read_text())
    assert all("annihilator" not in item["witness"] for item in cert["obligations"])
    assert check_file(Path(summary["certificate"])).valid


def test_verify_heads_refuses_at_once_a_certificate_past_the_file_bounds(tmp_path, capsys, monkeypatch):
    from verify.kernel.core import limits

    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 12_000)  # A, B, C of this SSM (written once) need about 16 kB
    assert _heads_cli(tmp_path, _dense(32)) == 2
    err = capsys.readouterr().err
    assert "carries A, B, C, at least" in err and "12,000 bytes" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_verify_heads_refuses_at_once_an_annihilator_witness_past_its_size(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(s4_heads, "ANNIHILATOR_MAX_M", 20)
    assert _heads_cli(tmp_path, _twin_columns(24)) == 2
    assert "supported up to m = 20 states" in capsys.readouterr().err


def test_a_complex_diagonal_ssm_gets_an_accepted_full_span_witness():
    rng = random.Random(3)
    z = lambda: f"{rng.randint(-4, 4)}/{rng.randint(1, 4)}{rng.choice('+-')}{rng.randint(0, 4)}/{rng.randint(1, 4)}*i"  # noqa: E731
    m = 24
    A = [["0"] * m for _ in range(m)]
    for j in range(m):
        A[j][j] = f"-{rng.randint(1, 8)}/16+{j + 1}/8*i"
    ssm = ssm_from_strings(A, [[z() for _ in range(4)] for _ in range(m)], [[z() for _ in range(m)] for _ in range(4)])
    basis = heads_basis(ssm)
    assert basis.annihilator is None and basis.k == 16
    full = interaction_basis(ssm)
    assert (basis.lags, basis.first_nonzero()) == (full.lags, full.first_nonzero())
    assert check_certificate(heads_certificate(ssm, basis.n_min, "thm4.4.heads", basis)).valid


def test_verify_heads_refuses_at_once_a_state_dimension_past_the_kernels_bound(tmp_path, capsys, monkeypatch):
    from verify import ssm_file

    monkeypatch.setattr(ssm_file, "MAX_DIMENSION", 20)  # the bound is 1024; the mechanism at a small size
    assert _heads_cli(tmp_path, _dense(24)) == 2
    err = capsys.readouterr().err
    assert "shape 24x24, expected at most 20 rows and columns" in err and "Traceback" not in err


def test_the_matrices_are_written_once_and_the_goals_name_them():
    cert = _cert()
    assert all(item["goal"][name] == {"$param": name} for item in cert["obligations"] for name in "ABC")
    text = json.dumps(cert)
    assert text.count(json.dumps(cert["params"]["A"][0])) == 1


@pytest.mark.slow
def test_a_dense_1024_state_ssm_is_certified_with_one_copy_of_its_matrices(tmp_path, capsys):
    from verify.kernel import check_bytes
    from verify.kernel.core.limits import MAX_FILE_BYTES, OWN_CERTIFICATE_ALLOWANCE, work_allowance

    assert _heads_cli(tmp_path, _dense(1024)) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["m"], summary["k"], summary["kernel"]) == (1024, 16, "valid")
    data = Path(summary["certificate"]).read_bytes()
    assert len(data) < MAX_FILE_BYTES
    with work_allowance(OWN_CERTIFICATE_ALLOWANCE):  # a plain `verify check` needs --work-budget at this size
        assert check_bytes(data, "c").valid
