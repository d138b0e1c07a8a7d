"""Statements of Section 4.2: Theorem 4.4 (multi-head rank constraint), condition (7) and footnote 2.

Template claims (a user's SSM) take A, B, C (and the length n) as inputs; k, n_min and r are parameters that
the kernel kinds establish from them. Instance claims fix a built-in SSM of constructions/heads.py with its
length n and the numbers k, n_min, r worked out by hand there, as literals. Footnote 2 is a set of polynomial
identities with symbolic entries; eq7.needed is the stall SSM at n = 2, where (7) fails and one head suffices.
"""

from __future__ import annotations

from constructions.heads import INSTANCES, Instance
from verify.claims.s4_heads import heads_goals, one_head_stall
from verify.claims.s4_heads_footnotes import footnote2_obligations
from verify.statements import entry, goal_of, param
from verify.statements.s4_2_heads_texts import TEXTS, instance_text

__all__ = ["entries", "TEMPLATE_PARTS"]

# Template claim -> its parts: condition (7) (e), necessity at n (n), sufficiency at n (s).
TEMPLATE_PARTS = {"eq7": "e", "thm4.4.necessity": "n", "thm4.4.sufficiency": "s", "thm4.4.heads": "ens"}


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
    return entry(TEXTS["eq7.needed"], "certified", goals + [goal_of(o) for o in one_head_stall()])


def entries() -> dict:
    """The Section 4.2 statements in paper order."""
    out = {claim_id: _template(claim_id) for claim_id in TEMPLATE_PARTS}
    out.update({f"thm4.4.{name}": _instance(inst) for name, inst in INSTANCES.items()})
    out["fn2"] = entry(TEXTS["fn2"], "certified", [goal_of(o) for o in footnote2_obligations()])
    out["eq7.needed"] = _condition7_needed()
    return out
