"""kind_heads_error.py: the kernel accepts a true error table and rejects every re-sealed tampering."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from constructions.weights import ExactSystem, load_system
from verify.certificate import reseal
from verify.claims.exp_heads_error import DEFAULT_FILE, DEFAULT_PREFIX, error_certificate
from verify.kernel import check_certificate
from verify.kernel.core.limits import work_budget
from verify.kernel.statements import statements
from verify.kernel.theories.heads_error.kind_heads_error import ESTABLISHES, KINDS

GOAL_KEYS = ("form", "A", "B", "C", "n", "tolerance", "width", "k", "table", "heads")


@pytest.fixture(scope="module")
def diagonal_cert() -> dict:
    """Block 0 of the trained example (complex diagonal, p = d = 4 < 2m: a proper column basis) on n = 64."""
    return error_certificate(load_system(DEFAULT_FILE, DEFAULT_PREFIX), 64, Fraction(1, 20))[0]


@pytest.fixture(scope="module")
def basis_cert() -> dict:
    """Complex diagonal, 3 modes (6 columns of U), C with a repeated row: rank G = 4 < p * d = 6."""
    A = ["1/2+1/4*i", "-2/3", "1/8-3/4*i"]
    B = [["1", "i"], ["1/3", "2"], ["-1+i", "1"]]
    row = ["1", "1/2-i", "3/7"]
    system = ExactSystem("diagonal", A, B, [row, row, ["0", "1", "-1/5*i"]])
    return error_certificate(system, 50, Fraction(1, 10))[0]


@pytest.fixture(scope="module")
def dense_cert() -> dict:
    """A small dense real SSM (3 states, complex eigenvalues) on n = 40."""
    A = [["1/2", "-3/4", "0"], ["3/4", "1/2", "0"], ["1/8", "0", "-2/3"]]
    system = ExactSystem("dense", A, [["1", "0"], ["1/3", "2"], ["-1", "1"]], [["1", "0", "1"], ["0", "2/7", "1"]])
    return error_certificate(system, 40, Fraction(1, 10))[0]


def _errors(cert: dict) -> list[str]:
    result = check_certificate(cert, "c")
    return [] if result.valid else result.errors


def _mutated(cert: dict, witness: dict | None = None, **goal) -> dict:
    """A re-sealed copy with goal fields changed in params and obligation alike (and the witness patched)."""
    out = copy.deepcopy(cert)
    out["params"].update(goal)
    out["obligations"][0]["goal"].update(goal)
    out["obligations"][0]["witness"].update(witness or {})
    return reseal(out)


def test_kernel_accepts_both_forms_and_every_way_of_restricting_g_to_its_range(diagonal_cert, dense_cert, basis_cert):
    assert _errors(diagonal_cert) == [] and _errors(dense_cert) == [] and _errors(basis_cert) == []
    assert diagonal_cert["params"]["k"] == 16 and diagonal_cert["obligations"][0]["witness"]["ambient"] is True
    assert dense_cert["params"]["k"] == 3 and dense_cert["params"]["table"][-1] == ["0", "0"]
    assert basis_cert["params"]["k"] == 4 and len(basis_cert["obligations"][0]["witness"]["basis"]) == 4


def test_every_derived_parameter_is_established_and_inputs_are_listed():
    spec = statements()["exp.fig3.optimum.ssm"]
    derived = set(spec["params"]) - set(spec["inputs"])
    assert derived == set(ESTABLISHES["heads_error"]) == {"k", "table", "heads"}
    assert all(set(deps) <= set(spec["inputs"]) for deps in ESTABLISHES["heads_error"].values())


def test_an_enclosure_that_misses_the_true_error_is_rejected(diagonal_cert):
    table = copy.deepcopy(diagonal_cert["params"]["table"])
    lower, upper = Fraction(table[2][0]), Fraction(table[2][1])
    shifted = upper + (upper - lower) / 4
    table[2] = [str(shifted), str(shifted + (upper - lower) / 2)]
    errors = _errors(_mutated(diagonal_cert, table=table))
    assert any("table[2]" in e and "not decided inside" in e for e in errors), errors


def test_an_enclosure_wider_than_the_stated_width_is_rejected(dense_cert):
    table = copy.deepcopy(dense_cert["params"]["table"])
    table[0][0] = str(Fraction(table[0][0]) * Fraction(999, 1000))
    errors = _errors(_mutated(dense_cert, table=table))
    assert any("table[0]: expected 0 < lower <= upper <= (1 + 1/1000000) * lower" in e for e in errors), errors


def test_a_nonzero_last_entry_and_a_wrong_rank_are_rejected(dense_cert):
    table = copy.deepcopy(dense_cert["params"]["table"])
    table[-1] = ["0", "1/1000000000"]
    assert any("expected [0, 0]" in e for e in _errors(_mutated(dense_cert, table=table)))
    shorter = table[:-2] + [["0", "0"]]
    errors = _errors(_mutated(dense_cert, table=shorter, k=2, heads=min(dense_cert["params"]["heads"], 2)))
    assert any("found 2, but the witness basis has 3 columns" in e for e in errors), errors


def test_a_wrong_smallest_h_is_rejected(diagonal_cert):
    heads = diagonal_cert["params"]["heads"]
    for wrong in (heads - 1, heads + 1):
        errors = _errors(_mutated(diagonal_cert, heads=wrong))
        assert any("is not the smallest H with e_H <= 1/20" in e for e in errors), (wrong, errors)


def test_a_changed_weight_is_caught_by_the_table(dense_cert, diagonal_cert, basis_cert):
    B = copy.deepcopy(dense_cert["params"]["B"])
    B[1][0] = "1/2"
    errors = _errors(_mutated(dense_cert, B=B))
    assert any("not decided inside" in e or "near-diagonal" in e for e in errors), errors
    C = copy.deepcopy(diagonal_cert["params"]["C"])
    C[0][0] = "1/8"
    errors = _errors(_mutated(diagonal_cert, C=C))
    assert any("not decided inside" in e or "near-diagonal" in e for e in errors), errors
    C = copy.deepcopy(basis_cert["params"]["C"])
    C[0][0] = "1/8"
    errors = _errors(_mutated(basis_cert, C=C))  # U changes, so its stated column basis no longer holds
    assert any("U differs from U[:, basis] * coords" in e for e in errors), errors


def test_a_tampered_witness_t_is_rejected(dense_cert):
    witness = copy.deepcopy(dense_cert["obligations"][0]["witness"])
    row = witness["T"]["mantissas"][1]
    row[0] = str(int(row[0]) * 3 + 12345)
    errors = _errors(_mutated(dense_cert, witness={"T": witness["T"]}))
    assert any("not near-diagonal enough" in e or "diagonal entry not decided" in e for e in errors), errors


def test_a_reordered_basis_or_wrong_coords_are_rejected(basis_cert):
    witness = copy.deepcopy(basis_cert["obligations"][0]["witness"])
    coords = witness["coords"]
    coords[0][-1] = "7/3"
    errors = _errors(_mutated(basis_cert, witness={"coords": coords}))
    assert any("U differs from U[:, basis] * coords" in e for e in errors), errors
    witness = copy.deepcopy(basis_cert["obligations"][0]["witness"])
    witness["basis"][2], witness["basis"][3] = witness["basis"][3], witness["basis"][2]
    errors = _errors(_mutated(basis_cert, witness={"basis": witness["basis"]}))
    assert any("strictly increasing" in e for e in errors), errors


def test_ambient_must_be_true_and_alone(diagonal_cert, basis_cert):
    errors = _errors(_mutated(diagonal_cert, witness={"ambient": 1}))
    assert any("ambient: expected true" in e for e in errors), errors
    errors = _errors(_mutated(basis_cert, witness={"ambient": True}))
    assert any("ambient: expected true, and no basis or coords" in e for e in errors), errors


def test_too_little_precision_is_undecided_and_rejected(dense_cert):
    errors = _errors(_mutated(dense_cert, witness={"precision": 16}))
    assert any("table[0]: e_1 in [" in e and "is not decided inside" in e for e in errors), errors


def test_unknown_keys_and_floats_are_refused(dense_cert):
    errors = _errors(_mutated(dense_cert, witness={"hint": 1}))
    assert any("unknown field 'hint'" in e for e in errors), errors
    table = copy.deepcopy(dense_cert["params"]["table"])
    cert = _mutated(dense_cert, table=table)
    cert["obligations"][0]["goal"]["table"][0][0] = 0.5
    assert any("float" in e or "exact number" in e for e in _errors(reseal(cert)))
    read = KINDS["heads_error"][0]
    goal = {key: copy.deepcopy(dense_cert["params"][key]) for key in GOAL_KEYS}
    with pytest.raises(Exception, match="unknown field 'extra'"):
        read({**goal, "extra": 1}, "g")


def test_a_hostile_size_is_refused_within_the_work_budget():
    big = 256
    A = [["1/2" if i == j else "1/3" for j in range(big)] for i in range(big)]
    goal = {
        "form": "dense",
        "A": A,
        "B": [["1"] * 64 for _ in range(big)],
        "C": [["1"] * big for _ in range(64)],
        "n": 1 << 24,
        "tolerance": "0",
        "width": "1",
        "k": 1,
        "table": [["0", "0"]],
        "heads": 1,
    }
    read, check = KINDS["heads_error"]
    with work_budget() as budget, pytest.raises(Exception, match="exceeds the kernel's work bound .*Krylov"):
        check(read(goal, "g"), {"precision": 4096, "T": {"exponents": [0], "mantissas": [["1"]]}}, "g")
    assert budget.used > budget.total  # refused by the charge, before the exact powers were computed


@pytest.fixture(scope="module")
def annihilated_cert() -> dict:
    """A dense A with eigenvalues 3/5 +- 3/10 i, each three times: the witness names its minimal polynomial."""
    block = [["3/5", "-3/10"], ["3/10", "3/5"]]
    A = [[block[i % 2][j % 2] if i // 2 == j // 2 else "0" for j in range(6)] for i in range(6)]
    B = [["1", "0"], ["1/2", "1"], ["0", "-1"], ["2", "1/3"], ["1", "1"], ["-1/4", "0"]]
    C = [["1", "0", "1", "0", "1", "1"], ["0", "1", "-1", "1/2", "0", "2"]]
    return error_certificate(ExactSystem("dense", A, B, C), 30, Fraction(1, 10))[0]


def test_an_annihilator_must_annihilate_b_and_belongs_to_the_dense_form(annihilated_cert, diagonal_cert):
    assert _errors(annihilated_cert) == []
    assert annihilated_cert["obligations"][0]["witness"]["annihilator"] == ["9/20", "-6/5", "1"]
    errors = _errors(_mutated(annihilated_cert, witness={"annihilator": ["9/20", "-11/10", "1"]}))
    assert any("annihilator: p(A) B is not zero" in e for e in errors), errors
    errors = _errors(_mutated(annihilated_cert, witness={"annihilator": ["9/10", "-12/5", "2"]}))
    assert any("expected a monic polynomial" in e for e in errors), errors
    errors = _errors(_mutated(diagonal_cert, witness={"annihilator": ["0", "1"]}))
    assert any("expected, for a dense A" in e for e in errors), errors
