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
from verify.kernel.core.limits import MAX_JSON_VALUES
from verify.mutation import set_param

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
    """A float 1.0 where the exact string "1" belongs (the scale of the attaining point of eq. (5))."""
    _obligation(cert, "attained")["witness"]["scale"] = 1.0
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


# --- the classes of issue 12 (free parameters, non-real points, chosen tolerances, denial of service, lax reading)


def _consistently(cert: dict, param: str, edit: Callable[[object], None]) -> dict:
    """Edit a parameter and every goal that carries it the same way, as a forger who knows the format would."""
    value = copy.deepcopy(cert["params"][param])
    edit(value)
    set_param(cert, param, value)
    return _rehash(cert)


def features_wrong_eigenvalue(cert: dict) -> dict:
    """appA.ssm.features: the eigenvalue 1/2 replaced by 1/3 (not an eigenvalue of A) in every goal that uses it."""

    def edit(modes: list) -> None:
        modes[0]["modulus"] = modes[0]["modulus"].replace("-1/2", "-1/3")

    return _consistently(cert, "output", edit)


def features_not_the_first_lags(cert: dict) -> dict:
    """appA.ssm: the basis lags [0, 1, 2] replaced by [0, 1, 3] (another basis of S_target, not Theorem 4.4's), with
    functionals recomputed to be dual to the new basis, so that only the first-lag rule can reject it."""
    from flint import fmpq_mat

    from constructions.jordan import to_fraction_matrix

    cert = _consistently(cert, "lags", lambda lags: lags.__setitem__(-1, lags[-1] + 1))
    a, b, c = (to_fraction_matrix(cert["params"][k]) for k in "ABC")
    responses, state = [], b
    for _ in range(a.nrows()):
        responses.append(c * state)
        state = a * state
    basis = [responses[t] for t in cert["params"]["lags"]]
    flat = fmpq_mat([[m[r, k] for r in range(m.nrows()) for k in range(m.ncols())] for m in basis])
    dual = (flat * flat.transpose()).inv() * flat
    p, d = basis[0].nrows(), basis[0].ncols()
    rows = [[[str(dual[h, r * d + k]) for k in range(d)] for r in range(p)] for h in range(len(basis))]
    _obligation(cert, "dual")["witness"]["functionals"] = rows
    return _rehash(cert)


def complex_counterexample(cert: dict) -> dict:
    """A refutation whose point is not real: x1 = i, outside the declared real domain."""
    ob = _obligation(cert, "no-pairwise-form")
    ob["witness"]["point"]["x1"] = "i"
    return _rehash(cert)


def chosen_tolerance(cert: dict) -> dict:
    """exp.fig4: measured value 1000 with a tolerance 1000 written into the goal by the certificate."""
    ob = _obligation(cert, "T1")
    cert["params"]["measured.T1"] = ob["goal"]["measured"] = "1000"
    ob["goal"]["tolerance"] = "1000"
    return _rehash(cert)


def far_measurement(cert: dict) -> dict:
    """exp.fig4: a measured gradient norm of 1000 (the kernel derives the rounding bound; it is about 1e-14)."""
    cert["params"]["measured.T1"] = _obligation(cert, "T1")["goal"]["measured"] = "1000"
    return _rehash(cert)


def inflated_norm(cert: dict) -> dict:
    """num.ssm.forms: a shadow norm raised to 10^30 so that the bound covers a measured error of 1000."""
    witness = _obligation(cert, "direct-vs-recurrence:rotation")["witness"]
    witness["values"]["Psum"] = "1" + "0" * 30
    witness["error"] = "1000"
    return _rehash(cert)


def extra_expensive_obligation(cert: dict) -> dict:
    """An obligation the statement does not list, asking for minutes of work: refused before any work."""
    goal = {"vars": ["x"], "lhs": "+".join(["1^10000"] * 12000), "rhs": "12000"}
    cert["obligations"].append({"name": "extra", "kind": "polynomial_identity", "goal": goal})
    return _rehash(cert)


def blowup_witness(cert: dict) -> dict:
    """A sum-of-squares witness whose square expands to millions of terms: stopped by the work bound."""
    _obligation(cert, "lower-bound")["witness"]["terms"][0]["square"] = "(a+b+v1+v2+1)^40"
    return _rehash(cert)


def long_sum_witness(cert: dict) -> dict:
    """A square written as a + a + ... (3000 terms): read without recursion, then found wrong."""
    _obligation(cert, "lower-bound")["witness"]["terms"][0]["square"] = "+".join(["a"] * 3000)
    return _rehash(cert)


def list_as_kind(cert: dict) -> dict:
    """ "kind": [...] instead of a kind name."""
    cert["obligations"][0]["kind"] = ["sum_of_squares"]
    return _rehash(cert)


def space_in_number(cert: dict) -> dict:
    """ "1 2/3" (a space inside a number) where the scale of the attaining point belongs."""
    _obligation(cert, "attained")["witness"]["scale"] = "1 2/3"
    return _rehash(cert)


def newline_in_number(cert: dict) -> dict:
    """ "1\n": a number with a trailing newline."""
    _obligation(cert, "attained")["witness"]["scale"] = "1\n"
    return _rehash(cert)


def arabic_digits(cert: dict) -> dict:
    """Arabic-Indic digits for 3/4."""
    _obligation(cert, "attained")["witness"]["scale"] = "\u0663/\u0664"
    return _rehash(cert)


def _with_scale(text: str) -> Callable[[dict], dict]:
    """A tamper that writes the attaining point's scale (the number 1) as `text`."""

    def tamper(cert: dict) -> dict:
        _obligation(cert, "attained")["witness"]["scale"] = text
        return _rehash(cert)

    tamper.__doc__ = f"The number 1 spelled {text!r} (not its canonical form)."
    return tamper


def repeated_rank_combinations(cert: dict) -> dict:
    """A minor row shown dependent again and again (each copy true; unbounded work before rows were new only)."""
    combination = {"row": 0, "coefficients": ["1", "0"]}
    _obligation(cert, "not-collinear")["witness"]["combinations"] = [combination] * 1000
    return _rehash(cert)


def lone_surrogate_provenance(cert: dict) -> dict:
    """A lone surrogate (not ASCII, not even valid Unicode text) in the provenance."""
    cert["provenance"]["python"] = "\ud800"
    return _rehash(cert)


def unknown_witness_key(cert: dict) -> dict:
    """An extra key inside a witness term."""
    _obligation(cert, "lower-bound")["witness"]["terms"][0]["comment"] = "trust me"
    return _rehash(cert)


def boolean_size(cert: dict) -> dict:
    """A boolean where an integer belongs (the power of the attaining point's denominator)."""
    _obligation(cert, "attained")["witness"]["power"] = True
    return _rehash(cert)


def matrix_named_i(cert: dict) -> dict:
    """A matrix named i (the imaginary unit) in a matrix goal."""
    goal = _obligation(cert, "W1")["goal"]
    goal["matrices"]["i"] = goal["matrices"].pop("A")
    goal["lhs"] = goal["lhs"].replace("A", "i")
    return _rehash(cert)


def reversed_piece(cert: dict) -> dict:
    """An interval cover with a reversed piece [b, a]."""
    ob = _obligation(cert, "eps-10")
    pieces = ob["witness"]["pieces"]
    pieces[1] = [pieces[1][0], "0"]
    return _rehash(cert)


def surrogate_claim(cert: dict) -> dict:
    """A lone surrogate in the claim (escaped as \\ud800 in the file; the report must still print)."""
    cert["claim"] = "thm4.2.eq5\ud800"
    return _rehash(cert)


def rank_long_coefficients(cert: dict) -> dict:
    """A rank combination with 1,000 coefficients where the rank is 2: refused by its length, none parsed."""
    cert = _load("appA.eq18.singular")
    _obligation(cert, "A-to-the-1-is-nonzero")["witness"]["combinations"][0]["coefficients"] = ["x"] * 1000
    return _rehash(cert)


def huge_goal_early_difference(cert: dict) -> dict:
    """The 2 x 2 rotation of W(1) replaced by a 100 x 100 matrix that differs in its first entry."""
    _obligation(cert, "W1")["goal"]["matrices"]["A"] = [["7/3"] * 100 for _ in range(100)]
    return _rehash(cert)


def unknown_key_many_values(cert: dict) -> dict:
    """10,000 values under a witness key no kind knows: refused by the key, before any value is read as a number."""
    _obligation(cert, "attained")["witness"]["junk"] = ["1/0"] * 10_000
    return _rehash(cert)


def _max_precision(cert: dict) -> dict:
    """Every witness precision raised to 100,000 bits, the most the kernel allows (the goal is the statement's)."""
    for o in cert["obligations"]:
        if isinstance(o.get("witness"), dict) and "precision" in o["witness"]:
            o["witness"]["precision"] = 100_000
    return _rehash(cert)


def lowrank_max_precision(cert: dict) -> dict:
    """exp.fig3.optimum.k8 at 100,000 bits: 5.6 s CPU and accepted before root isolation was charged by precision."""
    return _max_precision(cert)


def jacobian_max_precision(cert: dict) -> dict:
    """exp.fig4 at 100,000 bits: 71 s CPU and accepted before its 2-norms were charged by precision."""
    return _max_precision(cert)


def jacobian_forged_teacher(cert: dict) -> dict:
    """exp.fig4 with a forged 16-state teacher (A, B, C are parameters) of 60-digit entries, distinct denominators."""
    import random
    from fractions import Fraction

    rng = random.Random(1)

    def entry() -> str:
        return str(Fraction(rng.randint(-(10**60), 10**60), rng.randint(1, 10**60)))

    set_param(cert, "A", [[entry() for _ in range(16)] for _ in range(16)])
    set_param(cert, "B", [[entry() for _ in range(8)] for _ in range(16)])
    set_param(cert, "C", [[entry() for _ in range(16)] for _ in range(8)])
    return _rehash(cert)


def negative_denominator(cert: dict) -> dict:
    """A coefficient written with a negative denominator, -1/-1 for 1."""
    return _with_scale("-1/-1")(cert)


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
    "float-entry": ("thm4.2.eq5", float_entry, "found a float"),
    "python-code": ("thm4.2.eq5", python_code, "unexpected character"),
    "flipped-verdict": ("thm4.2.eq5", flipped_verdict, "found 'refuted', expected one of ['certified']"),
    "stale-hash": ("thm4.2.eq5", stale_hash, "obligation 'lower-bound': digest does not match"),
    "oversized-number": ("thm4.2.eq5", oversized_number, "more than 4000 digits"),
    "huge-exponent": ("thm4.2.eq5", huge_exponent, "exceeds the bound"),
    "zero-denominator": ("thm4.2.eq5", zero_denominator, "zero denominator"),
    "duplicate-names": ("thm4.2.eq5", duplicate_names, "duplicate obligation name"),
    "negative-sos-coefficient": ("thm4.2.eq5", negative_sos_coefficient, "expected c >= 0"),
    "features-wrong-eigenvalue": ("appA.ssm.features", features_wrong_eigenvalue, "obligation 'W'"),
    "not-the-first-lags": ("appA.ssm", features_not_the_first_lags, "not the first lags"),
    "complex-counterexample": (
        "def3.1.membership.attention",
        complex_counterexample,
        "found 'i', expected a value in the domain 'real'",
    ),
    "chosen-tolerance": ("exp.fig4", chosen_tolerance, "obligation 'T1': goal differs from the registered statement"),
    "far-measurement": ("exp.fig4", far_measurement, "is not within the a-priori bound"),
    "inflated-norm": ("num.ssm.forms", inflated_norm, "values.Psum: 1.000000e+30 exceeds its exact cap"),
    "extra-expensive-obligation": ("thm4.2.eq5", extra_expensive_obligation, "is not part of the statement"),
    "blowup-witness": ("thm4.2.eq5", blowup_witness, "obligation 'lower-bound'"),
    "long-sum-witness": ("thm4.2.eq5", long_sum_witness, "the weighted sum of squares does not equal"),
    "list-as-kind": ("thm4.2.eq5", list_as_kind, "has kind \"['sum_of_squares']\", expected 'sum_of_squares'"),
    "space-in-number": ("thm4.2.eq5", space_in_number, "found '1 2/3', expected an exact number"),
    "newline-in-number": ("thm4.2.eq5", newline_in_number, "expected an exact number"),
    "arabic-digits": ("thm4.2.eq5", arabic_digits, "expected ASCII characters only"),
    "leading-zeros": ("thm4.2.eq5", _with_scale("0001"), "expected the canonical form '1'"),
    "plus-sign": ("thm4.2.eq5", _with_scale("+1"), "expected the canonical form '1'"),
    "unreduced-fraction": ("thm4.2.eq5", _with_scale("2/2"), "expected the canonical form '1'"),
    "zero-imaginary-part": ("thm4.2.eq5", _with_scale("1+0*i"), "expected the canonical form '1'"),
    "leading-zero": ("thm4.2.eq5", _with_scale("01"), "expected the canonical form '1'"),
    "repeated-rank-combinations": (
        "thm4.2.step1",
        repeated_rank_combinations,
        "row 0 is already a minor row or shown dependent",
    ),
    "negative-zero": ("thm4.2.eq5", _with_scale("-0"), "expected the canonical form '0'"),
    "lone-surrogate": ("thm4.2.eq5", lone_surrogate_provenance, "expected ASCII characters only"),
    "unknown-witness-key": ("thm4.2.eq5", unknown_witness_key, "unknown field 'comment'"),
    "boolean-size": ("thm4.2.eq5", boolean_size, "found True, expected an integer"),
    "matrix-named-i": ("thm4.2.step1", matrix_named_i, "obligation 'W1': goal differs from the registered statement"),
    "reversed-piece": ("thm5.1.conclusion.instance", reversed_piece, "ends before it starts"),
    "surrogate-claim": ("thm4.2.eq5", surrogate_claim, "found the string 'thm4.2.eq5\\ud800', expected ASCII"),
    "rank-long-coefficients": (
        "appA.eq18.singular",
        rank_long_coefficients,
        "combinations[0]: found 1000 coefficients, expected 1",
    ),
    "huge-goal-early-difference": (
        "thm4.2.step1",
        huge_goal_early_difference,
        "obligation 'W1': goal differs from the registered statement",
    ),
    "unknown-key-many-values": ("thm4.2.eq5", unknown_key_many_values, "unknown field 'junk'"),
    "lowrank-max-precision": (
        "exp.fig3.optimum.k8",
        lowrank_max_precision,
        "exceeds the kernel's work bound (eigenvalues: isolating the roots",
    ),
    "jacobian-max-precision": (
        "exp.fig4",
        jacobian_max_precision,
        "exceeds the kernel's work bound (eigenvalues: isolating the roots",
    ),
    "jacobian-forged-teacher": (
        "exp.fig4",
        jacobian_forged_teacher,
        "exceeds the kernel's work bound (eigenvalues: the characteristic polynomial",
    ),
    "negative-denominator": ("thm4.2.eq5", negative_denominator, "found '-1/-1', expected an exact number"),
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
    # -0 as a JSON integer: the same content (and hash) as 0, so only the reader's spelling rule can refuse it
    step1 = (CERTS / "thm4.2.step1.json").read_bytes().replace(b'"cols": [0,1]', b'"cols": [-0,1]', 1)
    (BAD / "json-negative-zero.json").write_bytes(step1)
    manifest["json-negative-zero.json"] = {
        "from": "thm4.2.step1",
        "tamper": "the rank witness's column 0 written as the JSON integer -0 (hash unchanged)",
        "expect": "found the integer -0, expected 0",
    }
    # more values than the reader's bound: refused from counting commas, before anything is parsed
    (BAD / "too-many-values.json").write_bytes(b'{"junk": [' + b"0," * (MAX_JSON_VALUES + 1) + b"0]}\n")
    manifest["too-many-values.json"] = {
        "from": None,
        "tamper": f"{MAX_JSON_VALUES + 2} values in one file",
        "expect": f"expected at most {MAX_JSON_VALUES} values",
    }
    (HERE / "bad-manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
