"""Template claims appA.ssm / appA.ssm.features for SSMs that are not built in: valid, and tampering is caught."""

from __future__ import annotations

import copy
import json

import pytest
from flint import fmpq, fmpq_mat

from constructions.jordan import to_fraction_matrix
from verify.certificate import reseal as _rehash
from verify.claims.sA_user import SingularA, features_certificate, modes_certificate
from verify.kernel import check_certificate
from verify.mutation import set_param


def _rows(m: fmpq_mat) -> list[list[str]]:
    return [[str(m[r, c]) for c in range(m.ncols())] for r in range(m.nrows())]


def _mixed_ssm() -> tuple[list, list, list]:
    """J_3(-1/2) + a pair 3/5 +- 4/5 i + the real eigenvalue 2/3 + sqrt 3 pair, disguised by a similarity."""
    j = fmpq_mat(8, 8)
    for r, c, v in [
        (0, 0, "-1/2"),
        (1, 1, "-1/2"),
        (2, 2, "-1/2"),
        (0, 1, "1"),
        (1, 2, "1"),
        (3, 3, "3/5"),
        (3, 4, "-4/5"),
        (4, 3, "4/5"),
        (4, 4, "3/5"),
        (5, 5, "2/3"),
        (6, 7, "3"),
        (7, 6, "1"),
    ]:
        j[r, c] = to_fraction_matrix([[v]])[0, 0]
    s = fmpq_mat(
        8, 8, [1 if c in (r, (r + 1) % 8) else (1 if (r, c) == (7, 2) else 0) for r in range(8) for c in range(8)]
    )
    a = s * j * s.inv()
    b = to_fraction_matrix([[1, 0], [0, 1], [1, 1], [0, 0], [1, 0], [0, 1], [1, 0], [0, 0]])
    c = to_fraction_matrix([[1, 0, 0, 1, 0, 1, 0, 1], [0, 1, 1, 0, 1, 0, 0, 0]])
    return _rows(a), _rows(b), _rows(c)


@pytest.fixture(scope="module")
def mixed() -> tuple[dict, dict]:
    rows = _mixed_ssm()
    return modes_certificate(*rows), features_certificate(*rows)


def test_mixed_ssm_certificates_are_valid(mixed):
    for cert in mixed:
        result = check_certificate(copy.deepcopy(cert), cert["claim"])
        assert result.valid, result.errors


def test_mixed_ssm_has_the_expected_jordan_structure(mixed):
    eigen = {e["modulus"]: e["chains"] for e in mixed[0]["params"]["eigen"]}
    assert sorted(eigen.values()) == [[1], [1], [1], [3]]
    assert mixed[1]["params"]["bound"] == 6 + 2 + 1 + 2


def _bump(element: object) -> None:
    """Add 1/3 to the first trace coordinate of a K[tau] element (plain or compact form)."""
    if isinstance(element, dict):
        den = int(element["denominator"])
        element["denominator"] = str(3 * den)
        element["numerators"] = [[str(3 * int(x)) for x in row] for row in element["numerators"]]
        element["numerators"][0][0] = str(int(element["numerators"][0][0]) + den)
    else:
        value = fmpq(*map(int, element[0][0].split("/"))) if "/" in element[0][0] else fmpq(int(element[0][0]))
        element[0][0] = str(value + fmpq(1, 3))


def test_perturbed_mode_coefficient_in_parameters_is_rejected(mixed):
    cert = json.loads(json.dumps(mixed[1]))  # params and goals share objects in the built dict
    b = copy.deepcopy(cert["params"]["b"])
    _bump(b[0][0])
    set_param(cert, "b", b)  # the parameter and every goal that writes it out
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("coeff differs from sum_h b_h M_h" in e for e in result.errors), result.errors


def test_perturbed_output_mode_is_rejected(mixed):
    cert = json.loads(json.dumps(mixed[0]))
    output = copy.deepcopy(cert["params"]["output"])
    _bump(output[0]["coeff"][0][0])
    set_param(cert, "output", output)
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("obligation 'W'" in e for e in result.errors), result.errors


def test_an_obligation_about_another_matrix_does_not_match_the_parameters(mixed):
    cert = copy.deepcopy(mixed[0])
    other = copy.deepcopy(cert["params"]["A"])
    other[0][0] = "5"
    cert["obligations"][0]["goal"]["A"] = other
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("registered statement" in e for e in result.errors)


def test_goals_of_a_users_ssm_name_their_parameters_and_the_written_out_form_is_also_accepted(mixed):
    for cert in mixed:
        for item in cert["obligations"]:
            assert item["goal"]["A"] == {"$param": "A"}
    cert = json.loads(json.dumps(mixed[0]))
    for item in cert["obligations"]:  # every reference written out: the same certificate, spelled in full
        item["goal"] = {k: cert["params"][v["$param"]] if "$param" in v else v for k, v in item["goal"].items()}
    assert len(json.dumps(cert)) > len(json.dumps(mixed[0]))
    assert check_certificate(_rehash(cert), "t").valid


@pytest.mark.parametrize(
    "reference",
    [{"$param": "b"}, {"$param": "Output"}, {"$param": "A", "extra": 1}, {"$param": ["A"]}, {"$data": "A"}],
    ids=["another-param", "unknown-name", "extra-key", "non-string", "other-key"],
)
def test_a_goal_field_referring_to_anything_but_its_registered_parameter_is_rejected(mixed, reference):
    cert = json.loads(json.dumps(mixed[0]))
    cert["obligations"][0]["goal"]["A"] = reference
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("registered statement" in e for e in result.errors), result.errors


def test_a_reference_where_the_statement_has_a_literal_is_rejected(mixed):
    cert = json.loads(json.dumps(mixed[1]))
    item = next(o for o in cert["obligations"] if o["name"] == "W")
    item["goal"]["start"] = {"$param": "start"}  # appA.ssm.features registers start = 0, not a parameter
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("registered statement" in e for e in result.errors), result.errors


def test_a_changed_parameter_changes_every_goal_that_refers_to_it(mixed):
    cert = json.loads(json.dumps(mixed[0]))
    eigen = copy.deepcopy(cert["params"]["eigen"])
    block = next(e for e in eigen if e["chains"] == [3])
    block["chains"] = [1, 1, 1]  # the same dimension, other Jordan blocks
    cert["params"]["eigen"] = eigen  # goals refer to it: nothing else to edit
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("obligation 'jordan'" in e for e in result.errors), result.errors


def test_features_of_a_singular_ssm_are_refused_with_the_reason():
    with pytest.raises(SingularA, match="A2"):
        features_certificate([["0", "1"], ["0", "0"]], [["1"], ["1"]], [["1", "0"]])
