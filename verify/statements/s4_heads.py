"""Statements of Section 4.2: Theorem 4.4 (multi-head rank constraint), condition (7) and footnote 2.

Template claims (a user's SSM) take A, B, C (and the length n) as inputs; k, n_min and r are parameters that
the kernel kinds establish from them. Instance claims fix a built-in SSM (s4_heads_instances.py) with its
length n and the numbers k, n_min, r worked out by hand there, as literals. Footnote 2 is a set of polynomial
identities with symbolic entries; eq7.needed is the stall SSM at n = 2, where (7) fails and one head suffices.
"""

from __future__ import annotations

from verify.statements import entry, param
from verify.statements.s4_heads_instances import INSTANCES, Instance
from verify.statements.s4_heads_texts import TEXTS, instance_text

__all__ = ["entries", "TEMPLATE_PARTS"]

# Template claim -> its parts: condition (7) (e), necessity at n (n), sufficiency at n (s).
TEMPLATE_PARTS = {"eq7": "e", "thm4.4.necessity": "n", "thm4.4.sufficiency": "s", "thm4.4.heads": "ens"}


def heads_goals(rows: dict, n: object, k: object, n_min: object, r: object, parts: str = "ens") -> list[dict]:
    """Theorem 4.4 for (A, B, C) = rows at length n: condition (7) (e), >= k heads necessary (n), k heads of
    dimension r suffice (s); k, n_min, r literal for a built-in SSM, parameters for a user's SSM."""
    out = []
    if "e" in parts:
        out.append({"name": "condition7", "kind": "ssm_condition7", "goal": {**rows, "k": k, "n_min": n_min}})
    if "n" in parts:
        out.append({"name": "necessity", "kind": "ssm_heads_necessary", "goal": {**rows, "n": n, "k": k}})
    if "s" in parts:
        goal = {**rows, "n": n, "k": k, "r": r}
        out.append({"name": "sufficiency", "kind": "ssm_heads_sufficient", "goal": goal})
    return out


def one_head_stall() -> list[dict]:
    """The stall SSM at n = 2: the blocks K_ij of its map (W(0), W(1), W(0), 0) each equal alpha_ij V, one head."""
    stall = INSTANCES["stall"]
    mats = {"A": stall.A, "B": stall.B, "C": stall.C, "V": [["1"], ["0"]], "Z": [["0"], ["0"]]}
    mats.update(a11=[["1"]], a21=[["0"]], a22=[["1"]], a12=[["0"]])
    blocks = [("K11", "C*A^0*B", "V*a11"), ("K21", "C*A^1*B", "V*a21"), ("K22", "C*A^0*B", "V*a22")]
    blocks.append(("K12", "Z", "V*a12"))
    goal = [{"matrices": mats, "lhs": lhs, "rhs": rhs} for _, lhs, rhs in blocks]
    return [{"name": b[0], "kind": "matrix_identity", "goal": g} for b, g in zip(blocks, goal, strict=True)]


def footnote2_goals(heads: int = 2, n: int = 3, d: int = 2, p: int = 2) -> list[dict]:
    """Footnote 2 without the mask: sum_j sum_h <e_i, A^(h)[:, j]> M^(h) x_j = sum_j (sum_h A^(h)_ij M^(h)) x_j.

    Symbols: A{h}{q}{j} full coefficient matrices, M{h}{o}{c} the basis matrices, x{j}{c} the tokens; e_i is
    written with its 0/1 entries, so the pairs i < j that the causal model masks are covered. One identity per
    output entry y_i[o].
    """
    H, N, D, Q = range(1, heads + 1), range(1, n + 1), range(1, d + 1), range(1, p + 1)
    names = [f"A{h}{q}{j}" for h in H for q in N for j in N]
    names += [f"M{h}{o}{c}" for h in H for o in Q for c in D]
    names += [f"x{j}{c}" for j in N for c in D]
    goals = []
    for i in N:
        for o in Q:
            alpha = {(h, j): " + ".join(f"{int(q == i)}*A{h}{q}{j}" for q in N) for h in H for j in N}  # <e_i, A[:, j]>
            value = {(h, j): " + ".join(f"M{h}{o}{c}*x{j}{c}" for c in D) for h in H for j in N}  # (M^(h) x_j)[o]
            lhs = " + ".join(f"({alpha[h, j]})*({value[h, j]})" for j in N for h in H)
            K = {(j, c): " + ".join(f"A{h}{i}{j}*M{h}{o}{c}" for h in H) for j in N for c in D}  # K_ij[o, c]
            rhs = " + ".join(f"({K[j, c]})*x{j}{c}" for j in N for c in D)
            goal = {"vars": list(names), "lhs": lhs, "rhs": rhs}
            goals.append({"name": f"y{i}-{o}", "kind": "polynomial_identity", "goal": goal})
    return goals


def _rows(inst: Instance) -> dict:
    """The literal (A, B, C) of a built-in SSM."""
    return {"A": inst.A, "B": inst.B, "C": inst.C}


def _template(claim_id: str) -> dict:
    """A user's SSM: A, B, C (and n unless only (7) is stated) are inputs; k, n_min, r are established."""
    parts = TEMPLATE_PARTS[claim_id]
    abc = {"A": param("A"), "B": param("B"), "C": param("C")}
    goals = heads_goals(abc, param("n"), param("k"), param("n_min"), param("r"), parts)
    inputs = ("A", "B", "C") if parts == "e" else ("A", "B", "C", "n")
    return entry(TEXTS[claim_id], "certified", goals, inputs)


def _instance(inst: Instance) -> dict:
    """Condition (7), necessity and sufficiency for one built-in SSM at its n, with its hand-worked k, n_min, r."""
    goals = heads_goals(_rows(inst), inst.n, inst.k, inst.n_min, inst.r)
    return entry(instance_text(inst), "certified", goals)


def _condition7_needed() -> dict:
    """The stall SSM: (7) first holds at n = 3 (k = 2), yet one head represents it exactly at n = 2."""
    stall = INSTANCES["stall"]
    goals = heads_goals(_rows(stall), stall.n, stall.k, stall.n_min, stall.r, "e")
    return entry(TEXTS["eq7.needed"], "certified", goals + one_head_stall())


def entries() -> dict:
    """The Section 4.2 statements in paper order."""
    out = {claim_id: _template(claim_id) for claim_id in TEMPLATE_PARTS}
    out.update({f"thm4.4.{name}": _instance(inst) for name, inst in INSTANCES.items()})
    out["fn2"] = entry(TEXTS["fn2"], "certified", footnote2_goals())
    out["eq7.needed"] = _condition7_needed()
    return out
