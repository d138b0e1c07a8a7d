"""One certificate as one self-contained .v file: each obligation's goal, taken from the frozen statement, as a
Coq theorem in its own module, proved from the certificate's witness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from verify.kernel.statements import statements, substitute_params

from .bigq import BIGQ_IMPORT
from .criterion import CRITERION_KINDS, CRITERION_REQUIRE
from .dimfree import DIMFREE_KINDS
from .exprat import EXPRAT_KINDS, EXPRAT_REQUIRE
from .gaussian import GAUSSIAN_REQUIRE, gaussian_identity, uses_i
from .implication import implied_inequality
from .loops import LOOP_KINDS
from .matrices import MATRIX_KINDS as _MATRIX_ONLY
from .nf_chains import NFC_KINDS
from .nf_dual import NFD_KINDS
from .nf_dual_features import NFDF_KINDS
from .prelude import PRELUDE_IMPORTS, PRELUDE_INTERVAL
from .psd import PSD_KINDS
from .ratio import RATIO_KINDS
from .realization import REALIZATION_KINDS
from .scalar import SCALAR_KINDS
from .ssm import SSM_KINDS
from .ssm_gaussian import GAUSSIAN_SSM_KINDS
from .student import STUDENT_KINDS
from .terms import NotMapped
from .vanishing import VANISHING_KINDS
from .vocabulary import FOLDER, LIBRARIES, ROOT, require

__all__ = ["Item", "Translation", "translate", "module_name", "file_stem", "MAPPED_KINDS", "libraries_for"]

MATRIX_KINDS = {
    **_MATRIX_ONLY,
    **LOOP_KINDS,
    **RATIO_KINDS,
    **VANISHING_KINDS,
    **EXPRAT_KINDS,
    **PSD_KINDS,
    **SSM_KINDS,
    **GAUSSIAN_SSM_KINDS,
    **REALIZATION_KINDS,
    **CRITERION_KINDS,
    **NFC_KINDS,
    **NFD_KINDS,
    **NFDF_KINDS,
}
SCALAR = {**SCALAR_KINDS, "implied_inequality": implied_inequality}
EXACT_KINDS = {**MATRIX_KINDS, **STUDENT_KINDS}
MAPPED_KINDS = sorted({*SCALAR, *EXACT_KINDS, *DIMFREE_KINDS})


@dataclass
class Item:
    """One obligation of the statement: its Coq text when it is mapped, else the reason it is not."""

    name: str
    kind: str
    module: str = ""
    text: str = ""
    interval: bool = False
    reason: str = ""
    gaussian: bool = False


@dataclass
class Translation:
    """The obligations of one certificate, in the statement's order."""

    claim: str
    verdict: str
    items: list[Item] = field(default_factory=list)
    problem: str = ""


def module_name(index: int) -> str:
    """The Coq module holding obligation number `index` (1-based)."""
    return f"Ob{index}"


def file_stem(claim: str) -> str:
    """A Coq file name (a Coq identifier) for a claim id."""
    return "c_" + re.sub(r"[^A-Za-z0-9_]", "_", claim)


def _comment(text: str) -> str:
    """Text safe inside a Coq comment."""
    return text.replace("(*", "( *").replace("*)", "* )")


def _one(index: int, spec_item: dict, goal: dict, witness: object) -> Item:
    """Translate one obligation (goal from the statement, witness from the certificate)."""
    kind, name = spec_item["kind"], spec_item["name"]
    item = Item(name, kind, module_name(index))
    if witness and not isinstance(witness, dict):
        item.reason = "not translated: malformed goal or witness (the witness is not an object)"
        return item
    found: dict = witness if isinstance(witness, dict) else {}
    try:
        if kind == "polynomial_identity" and uses_i(goal):
            definitions, statement, proof, item.interval = gaussian_identity(goal, found)
            item.gaussian = True
        elif kind in SCALAR:
            statement, proof, item.interval = SCALAR[kind](goal, found)
            definitions = ""
        elif kind in EXACT_KINDS:
            definitions, statement, proof, item.interval = EXACT_KINDS[kind](goal, found)
            definitions = f"Local Open Scope Q_scope.\n{definitions}\n"
        elif kind in DIMFREE_KINDS:
            definitions, statement, proof, item.interval = DIMFREE_KINDS[kind](goal, found)
        else:
            raise NotMapped(f"kind {kind!r} has no Coq translation")
    except NotMapped as err:
        item.reason = str(err)
        return item
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, AttributeError) as err:
        item.reason = f"not translated: malformed goal or witness ({type(err).__name__}: {str(err)[:80]})"
        return item
    item.text = (
        f"(* Obligation {index}: {_comment(name)!s} ({kind}) *)\nModule {item.module}.\n{definitions}"
        f"Theorem goal :\n  {statement}.\nProof.\n  {proof}\nQed.\nEnd {item.module}.\n"
    )
    return item


def translate(cert: dict) -> Translation:
    """Every obligation the frozen statement lists for the certificate's claim and verdict."""
    claim, verdict = str(cert.get("claim")), str(cert.get("verdict"))
    result = Translation(claim, verdict)
    spec = statements().get(claim)
    if spec is None or spec.get("defect") or not spec.get(verdict):
        result.problem = f"claim {claim!r} has no usable registered statement for the verdict {verdict!r}"
        return result
    params = cert.get("params", {})
    witnesses = {o.get("name"): o.get("witness") for o in cert.get("obligations", []) if isinstance(o, dict)}
    for index, spec_item in enumerate(spec[verdict], start=1):
        try:
            goal = substitute_params(spec_item["goal"], params, "goal")
        except Exception as err:  # noqa: BLE001 - a parameter missing from the certificate: this item is not mapped
            result.items.append(Item(spec_item["name"], spec_item["kind"], reason=f"goal: {err}"))
            continue
        if not isinstance(goal, dict):
            result.items.append(Item(spec_item["name"], spec_item["kind"], reason="goal: not an object"))
            continue
        result.items.append(_one(index, spec_item, goal, witnesses.get(spec_item["name"])))
    return result


def _assumption_checks(items: list[Item], together: bool) -> str:
    """The Print Assumptions commands: one for the conjunction of every theorem (together), else one per theorem."""
    if together and len(items) > 1:
        conjunction = f"{items[-1].module}.goal"
        for i in reversed(items[:-1]):
            conjunction = f"(conj {i.module}.goal {conjunction})"
        return (
            f"Definition all_obligations := {conjunction}.\n"
            f'Goal True. idtac "@@ALL". exact I. Qed.\nPrint Assumptions all_obligations.'
        )
    return "\n".join(
        f'Goal True. idtac "@@{i.module}". exact I. Qed.\nPrint Assumptions {i.module}.goal.' for i in items
    )


def coq_file(
    translation: Translation, source: str, skip: set[str] | frozenset = frozenset(), together: bool = False
) -> str:
    """The .v text: header, the imports and the compiled vocabulary libraries it loads, the mapped obligations (minus
    `skip`), and their Print Assumptions (one for all of them when `together`: the axioms of a conjunction are the
    union of its parts' axioms)."""
    items = [i for i in translation.items if i.text and i.module not in skip]
    header = (
        f"(* Claim {_comment(translation.claim)}, verdict {translation.verdict}; certificate {_comment(source)}.\n"
        "   Generated by `python -m verify coq`: each goal is the claim's frozen statement (verify/kernel/specs),\n"
        "   the proofs use the certificate's witness. *)\n"
    )
    body = "\n".join(i.text for i in items)
    checks = _assumption_checks(items, together)
    loads = file_parts(items)
    libraries = [p for p in loads if p in LIBRARIES]
    header += (
        "(* Vocabulary: the compiled libraries "
        + ", ".join(f"{FOLDER}/{name}.v" for name in libraries)
        + f",\n   written beside this file (compile them, then this file, with coqc -Q {FOLDER} {ROOT}). *)\n"
    )
    interval = PRELUDE_INTERVAL if any(i.interval for i in items) else ""
    imports = PRELUDE_IMPORTS + interval + (BIGQ_IMPORT if "Voc_bigq" in loads else "")
    text = "".join(require(p) if p in LIBRARIES else p for p in loads)
    return header + imports + text + "\n" + body + "\n" + checks + "\n"


def file_parts(items: list[Item]) -> list[str]:
    """What a file holding these obligations loads, in order: library names (vocabulary.LIBRARIES) and the inline
    Require lines of some kinds (their order is the order in which the vocabularies used to be inlined)."""
    parts = ["Voc_prelude"]
    parts += ["Voc_bigq"] if any("(FB." in i.text for i in items) else []  # a proof by BigQ computation (bigq.py)
    parts += ["Voc_loops"] if any(i.kind in LOOP_KINDS for i in items) else []
    parts += [EXPRAT_REQUIRE] if any(i.kind in EXPRAT_KINDS for i in items) else []
    parts += [GAUSSIAN_REQUIRE] if any(i.gaussian for i in items) else []
    rr = any(i.kind in REALIZATION_KINDS or i.kind in CRITERION_KINDS for i in items)
    nfd = any(i.kind in NFD_KINDS or i.kind in NFDF_KINDS for i in items)
    parts += [CRITERION_REQUIRE] if any(i.kind in CRITERION_KINDS for i in items) else []
    parts += ["Voc_ssm"] if rr or nfd or any(i.kind in SSM_KINDS for i in items) else []
    parts += ["Voc_realization"] if rr else []
    parts += ["Voc_nf_dual"] if nfd else []
    parts += ["Voc_nf_dual_features"] if any(i.kind in NFDF_KINDS for i in items) else []
    parts += ["Voc_student"] if any(i.kind in STUDENT_KINDS for i in items) else []
    parts += ["Voc_ssm_gaussian"] if any(": gmat :=" in i.text for i in items) else []
    parts += ["Voc_nf_chains"] if any(i.kind in NFC_KINDS for i in items) else []
    return parts


def libraries_for(items: list[Item]) -> list[str]:
    """The compiled libraries a file holding these obligations loads."""
    return [p for p in file_parts(items) if p in LIBRARIES]
