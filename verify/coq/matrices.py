"""Translations of the exact-matrix kinds (over Q, computed by vm_compute): matrix identities, rank witnesses,
spectral-norm bounds and the exact arithmetic of floating-point error bounds.

Each function returns (definitions, statement, proof, needs_interval); the definitions bind the goal's named
matrices and numbers (from the frozen statement) inside the obligation's module.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat

from verify.kernel.core.expr import parse_expression
from verify.kernel.core.intervals import exact_value

from .bigq import SMALL_BITS, largest_bits, reflect, relation_proof
from .scalar import sum_proof
from .terms import NotMapped, coq_name, q_expr, q_number, rat

__all__ = ["MATRIX_KINDS", "q_matrix"]


def q_matrix(rows: object, where: str) -> str:
    """A matrix of the certificate as a Coq list of rows of rationals."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
        raise NotMapped(f"{where}: expected a nonempty matrix")
    return "[" + "; ".join("[" + "; ".join(q_number(rat(x, where)) for x in r) + "]" for r in rows) + "]"


def _fractions(rows: list, where: str) -> list[list[fmpq]]:
    """The entries of a matrix as rationals."""
    return [[rat(x, where) for x in r] for r in rows]


def _q_literal(rows: list[list[fmpq]]) -> str:
    """Rationals as a Coq matrix literal, entries in lowest terms (the form Qred computes)."""
    return "[" + "; ".join("[" + "; ".join(q_number(x) for x in r) + "]" for r in rows) + "]"


def _matrix_definitions(matrices: dict) -> str:
    """Definition NAME : mat := [...] for each named matrix of the goal."""
    return "\n".join(f"Definition {coq_name(k)} : mat := {q_matrix(v, k)}." for k, v in sorted(matrices.items()))


def matrix_term(node: tuple, env: set[str]) -> tuple[str, bool]:
    """(Coq term, is_matrix) of a matrix expression over the named matrices (I(n), T(X) built in)."""
    kind = node[0]
    if kind == "num":
        return f"({node[1]}#1)", False
    if kind == "var":
        if node[1] in env:
            return coq_name(node[1]), True
        raise NotMapped(f"matrix expression uses {node[1]!r}, which is not a named matrix (only real goals)")
    if kind == "call":
        name, args = node[1], node[2]
        if name == "I" and len(args) == 1 and args[0][0] == "num":
            return f"(Meye {args[0][1]})", True
        if name == "T" and len(args) == 1:
            inner, is_matrix = matrix_term(args[0], env)
            return (f"(Mtr {inner})", True) if is_matrix else (inner, False)
        raise NotMapped(f"unknown matrix function {name!r}")
    if kind == "neg":
        inner, is_matrix = matrix_term(node[1], env)
        return (f"(Mscale (-1) {inner})", True) if is_matrix else (f"(- {inner})", False)
    if kind == "pow":
        inner, is_matrix = matrix_term(node[1], env)
        return (f"(Mpow {inner} {node[2]})", True) if is_matrix else (f"({inner} ^ {node[2]})", False)
    left, lm = matrix_term(node[1], env)
    right, rm = matrix_term(node[2], env)
    if kind == "mul":
        if lm and rm:
            return f"(Mmul {left} {right})", True
        if lm or rm:
            return (f"(Mscale {right} {left})", True) if lm else (f"(Mscale {left} {right})", True)
        return f"({left} * {right})", False
    if kind == "div":
        if rm:
            raise NotMapped("division by a matrix")
        return (f"(Mscale (1 / {right}) {left})", True) if lm else (f"({left} / {right})", False)
    if lm != rm:
        raise NotMapped("sum of a matrix and a scalar")
    if lm:
        return f"({'Madd' if kind == 'add' else 'Msub'} {left} {right})", True
    return f"({left} {'+' if kind == 'add' else '-'} {right})", False


def _matrix_expr(text: str, matrices: dict, where: str) -> str:
    """A matrix expression string of the goal as a Coq term of type mat."""
    term, is_matrix = matrix_term(parse_expression(text, where), set(matrices))
    if not is_matrix:
        raise NotMapped(f"{where}: a scalar, expected a matrix")
    return term


def matrix_identity(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """lhs and rhs evaluate to the same matrix (same shape, equal entries)."""
    matrices = goal["matrices"]
    lhs = _matrix_expr(goal["lhs"], matrices, "lhs")
    rhs = _matrix_expr(goal["rhs"], matrices, "rhs")
    return _matrix_definitions(matrices), f"Meq {lhs} {rhs} = true", "decide_closed.", False


def _nat_list(values: list[int]) -> str:
    """A Coq list of naturals."""
    return "[" + "; ".join(f"{v}%nat" for v in values) + "]"


def rank(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """rank M = r: M is r of its rows times a coefficient matrix, and an r x r submatrix has an inverse."""
    m = _fractions(goal["matrix"], "matrix")
    r = int(goal["rank"])
    rows, cols = [int(x) for x in witness["rows"]], [int(x) for x in witness["cols"]]
    combos = {int(c["row"]): [rat(x, "combinations") for x in c["coefficients"]] for c in witness["combinations"]}
    coefficients = []
    for i in range(len(m)):
        if i in rows:
            coefficients.append([fmpq(1 if rows.index(i) == k else 0) for k in range(r)])
        elif i in combos:
            coefficients.append(combos[i])
        else:
            raise NotMapped(f"witness: row {i} is neither chosen nor combined")
    if r == 0:
        raise NotMapped("rank 0 (no minor to invert)")
    minor = fmpq_mat([[m[i][j] for j in cols] for i in rows])
    inverse = minor.inv()
    inv_rows = [[inverse[a, b] for b in range(r)] for a in range(r)]
    definitions = f"Definition Mrank : mat := {q_matrix(goal['matrix'], 'matrix')}."
    statement = f"rank_at_most Mrank {r} /\\ rank_at_least Mrank {r}"
    proof = (
        f"split.\n  - exists {_nat_list(rows)}, {_q_literal(coefficients)}. decide_closed.\n"
        f"  - exists {_nat_list(rows)}, {_nat_list(cols)}, {_q_literal(inv_rows)}. decide_closed."
    )
    return definitions, statement, proof, False


def _evaluate(text: str, matrices: dict) -> list[list[fmpq]]:
    """The exact value of a real matrix expression (untrusted, only to write the proof's literal)."""
    from verify.kernel.core.matrix import evaluate_matrix, read_named_matrices

    env = dict(read_named_matrices({"matrices": matrices}, "goal"))
    value = evaluate_matrix(parse_expression(text, "expr"), env, "expr")
    if not all(x.is_real() for row in value.rows for x in row):
        raise NotMapped("the matrix has non-real entries")
    return [[x.re for x in row] for row in value.rows]


def spectral_norm_bound(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """||M||_2 <= c (for all v: ||M v||^2 <= c^2 ||v||^2) or ||M||_2 >= c (some v <> 0 attains it)."""
    matrices = goal["matrices"]
    term = _matrix_expr(goal["expr"], matrices, "expr")
    c = q_expr(goal["bound"], {}, "bound")
    definitions = f"{_matrix_definitions(matrices)}\nDefinition Mexpr : mat := {term}.\nDefinition cbound : Q := {c}."
    value = _evaluate(goal["expr"], matrices)
    n = len(value[0])
    if goal["op"] == ">=":
        statement = (
            "exists v : list Q, length v = ncols Mexpr /\\ existsb (fun x => negb (Qeq_bool x 0)) v = true /\\\n"
            "  cbound * cbound * sqnorm v <= sqnorm (Mvec Mexpr v)"
        )
        vector = "[" + "; ".join(q_number(rat(x, "witness.vector")) for x in witness["vector"]) + "]"
        return definitions, statement, f"exists {vector}. decide_closed.", False
    statement = "forall v : list Q, length v = ncols Mexpr -> sqnorm (Mvec Mexpr v) <= cbound * cbound * sqnorm v"
    lower = _fractions(witness["L"], "witness.L")
    diag = [rat(x, "witness.D") for x in witness["D"]]
    names = [f"v{j}" for j in range(n)]
    terms, proofs = [], []
    for k, d in enumerate(diag):
        if d == 0:
            continue
        combo = " + ".join(f"{q_number(lower[j][k])} * {names[j]}" for j in range(n) if lower[j][k] != 0) or "0"
        terms.append(f"{q_number(d)} * (({combo}) * ({combo}))")
        proofs.append("apply Qmult_le_0_compat; [decide_closed | apply sq]")
    pattern = "[|" + " [|".join(names) + " [|? ?]" + "]" * n
    bound = exact_value(parse_expression(goal["bound"], "bound"), {}, "bound").re
    proof = (
        f"intros v Hv.\n  assert (HM : Mexpr = {_q_literal(value)}) by (vm_compute; reflexivity).\n"
        f"  assert (Hc : cbound == {q_number(bound)}) by (vm_compute; reflexivity).\n"
        f"  rewrite HM in *. rewrite Hc. destruct v as {pattern}; cbn in Hv; try discriminate Hv.\n"
        "  cbv beta iota delta [sqnorm Mvec dot0 map].\n  rewrite Qle_minus_iff.\n"
        f"  match goal with |- 0 <= ?e => setoid_replace e with ({' + '.join(terms) or '0'}) by ring end.\n"
        f"  {sum_proof(proofs, 'nn_add', 'apply Qle_refl')}."
    )
    return definitions, statement, proof, False


def _q_values(table: dict, where: str) -> dict[str, fmpq]:
    """Exact values of a name -> number table."""
    return {k: rat(v, f"{where}.{k}") for k, v in table.items()}


def float_bound(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """The measured error is at most the bound at the measured values and at their a-priori caps; facts hold."""
    if int(witness.get("nonfinite", 0)):
        raise NotMapped("the witness records non-finite values")
    lines = [f"Definition u : Q := {q_number(rat(goal['u'], 'u'))}."]
    for k, v in sorted(goal["sizes"].items()):
        name = coq_name(k)
        lines.append(
            f"Definition {name} : Q := {int(v)}. Definition {name}_log2 : Q := log2_up {int(v)}. "
            f"Definition {name}_pow2 : Q := pow2 {int(v)}."
        )
    for k, v in sorted(goal.get("matrices", {}).items()):
        name = coq_name(k)
        lines.append(
            f"Definition {name} : mat := {q_matrix(v, k)}.\n"
            f"Definition {name}_frob2 : Q := frob2 {name}. Definition {name}_gram : Q := gram {name}. "
            f"Definition {name}_rowsum : Q := rowsum {name}."
        )
    caps = goal["caps"]
    for k in sorted(caps):
        lines.append(f"Definition {coq_name(k)}_cap : Q := {q_expr(caps[k], {}, f'caps.{k}')}.")
    values = _q_values(witness["values"], "witness.values")
    if sorted(values) != sorted(caps):
        raise NotMapped("the witness values differ from the capped names")
    params = " ".join(f"({coq_name(k)} : Q)" for k in sorted(caps))
    lines.append(f"Definition bound {params} : Q := {q_expr(goal['bound'], {}, 'bound')}.")
    lines.append("(* The certificate's measured data (data, not mathematics): the error and the values. *)")
    lines.append(f"Definition measured_error : Q := {q_number(rat(witness['error'], 'witness.error'))}.")
    for k in sorted(values):
        lines.append(f"Definition {coq_name(k)} : Q := {q_number(values[k])}.")
    relation = {"==": "==", "<=": "<=", "<": "<", ">=": ">=", ">": ">"}
    parts = [f"0 <= {coq_name(k)} <= {coq_name(k)}_cap" for k in sorted(caps)]
    for k, fact in enumerate(goal.get("facts", [])):
        if fact["op"] not in relation:
            raise NotMapped(f"fact {k} uses {fact['op']!r}")
        parts.append(f"{q_expr(fact['lhs'], {}, 'fact')} {relation[fact['op']]} {q_expr(fact['rhs'], {}, 'fact')}")
    at_values = " ".join(coq_name(k) for k in sorted(caps))
    at_caps = " ".join(f"{coq_name(k)}_cap" for k in sorted(caps))
    parts.append(f"measured_error <= bound {at_values}".rstrip())
    parts.append(f"measured_error <= bound {at_caps}".rstrip())
    statement = " /\\\n  ".join(parts)
    small = _largest_bits(goal, witness) < SMALL_BITS
    return "\n".join(lines), statement, "decide_closed." if small else _float_bound_proof(goal), False


def _largest_bits(goal: dict, witness: dict) -> int:
    """The largest rational (in bits) the statement's comparisons go through; large when not computable here."""
    from verify.kernel.core.matrix import read_matrix
    from verify.kernel.theories.float_bounds.kind_float_bound import _derived

    env: dict[str, fmpq | None] = {"u": rat(goal["u"], "u")}
    for k, v in goal["sizes"].items():
        v = int(v)
        env.update({k: fmpq(v), f"{k}_log2": fmpq((v - 1).bit_length() if v > 1 else 0)})
        env[f"{k}_pow2"] = fmpq(1 if v > 0 and v & (v - 1) == 0 else 0)
    for k, m in goal.get("matrices", {}).items():
        env.update(_derived(k, read_matrix(m, k), k))
    caps, largest = {}, 0
    for k, text in goal["caps"].items():
        caps[k], bits = largest_bits(parse_expression(text, k), env)
        largest = max(largest, bits)
    values = {**env, **_q_values(witness["values"], "values"), "measured_error": rat(witness["error"], "error")}
    nodes = [(parse_expression(f[side], "fact"), values) for f in goal.get("facts", []) for side in ("lhs", "rhs")]
    bound = parse_expression(goal["bound"], "bound")
    nodes += [(bound, values), (bound, {**env, **caps})]
    for node, scope in nodes:
        value, bits = largest_bits(node, scope)
        largest = max(largest, bits if value is not None else SMALL_BITS)
    return largest


def _float_bound_proof(goal: dict) -> str:
    """Each conjunct of the float_bound statement, in order, by an exact BigQ comparison (verify/coq/bigq.py)."""
    cap_nodes = {k: parse_expression(v, f"caps.{k}") for k, v in goal["caps"].items()}
    bound_node = parse_expression(goal["bound"], "bound")

    def at_caps(name: str) -> str | tuple:
        """A capped name stands for its cap's expression, any other name for itself."""
        return cap_nodes.get(name) or plain(name)

    def plain(name: str) -> str:
        """A name of the statement (the measured error keeps its own name)."""
        return name if name == "measured_error" else coq_name(name)

    def prove(lhs: tuple, op: str, rhs: tuple, leaf=plain) -> str:
        """The tactic for one comparison."""
        return relation_proof(reflect(lhs, leaf), op, reflect(rhs, leaf))

    zero, error = ("num", "0"), ("var", "measured_error")
    steps = [
        f"split; [{prove(zero, '<=', ('var', k))} | {prove(('var', k), '<=', cap_nodes[k])}]" for k in sorted(cap_nodes)
    ]
    for fact in goal.get("facts", []):
        lhs, rhs = parse_expression(fact["lhs"], "fact"), parse_expression(fact["rhs"], "fact")
        steps.append(prove(lhs, fact["op"], rhs))
    steps.append(prove(error, "<=", bound_node))
    steps.append(prove(error, "<=", bound_node, at_caps))
    return "".join(f"split.\n  {{ {step}. }}\n  " for step in steps[:-1]) + steps[-1] + "."


def real_block_similarity(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """A is similar, by a rational T, to a matrix with 1x1 and 2x2 diagonal blocks (zero outside them)."""
    m = len(goal["A"])
    definitions = "\n".join(f"Definition {k} : mat := {q_matrix(goal[k], k)}." for k in ("A", "B", "C"))
    statement = (
        f"exists (T Ti : mat) (sizes : list nat), square {m} T = true /\\ Meq (Mmul T Ti) (Meye {m}) = true /\\\n"
        "  forallb (fun s => Nat.eqb s 1 || Nat.eqb s 2) sizes = true /\\ "
        f"fold_right plus 0%nat sizes = {m}%nat /\\\n"
        "  block_diagonal sizes (Mmul (Mmul T A) Ti) = true"
    )
    t, ti = q_matrix(witness["T"], "witness.T"), q_matrix(witness["T_inv"], "witness.T_inv")
    sizes = _nat_list([int(b) for b in witness["blocks"]])
    return definitions, statement, f"exists {t}, {ti}, {sizes}. decide_closed.", False


MATRIX_KINDS = {
    "real_block_similarity": real_block_similarity,
    "matrix_identity": matrix_identity,
    "rank": rank,
    "spectral_norm_bound": spectral_norm_bound,
    "float_bound": float_bound,
}
