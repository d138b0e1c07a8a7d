"""Groupings of refuted claims that share one cause: one oversight, several consequences (data for README and report).

A group names the refuted claims it explains, the single cause, and the claim that shows what survives. The
verdicts themselves are never written here: they come from the certificates (tests/test_findings.py checks that
every member is registered with the verdict `refuted` and that the surviving claim is certified).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FindingGroup", "GROUPS", "group_of"]


@dataclass(frozen=True)
class FindingGroup:
    """Refuted claims with one common cause, and the claim that certifies what survives."""

    id: str
    title: str
    cause: str
    members: tuple[str, ...]
    survives: str
    survives_words: str


GROUPS: tuple[FindingGroup, ...] = (
    FindingGroup(
        id="thm5.1.position-i-as-zero",
        title="Theorem 5.1, part (2): one oversight in the proof, seven consequences; the theorem survives",
        cause="The construction sets x_i = u != 0 (the query token), but the proof treats position i like the "
        "zero tokens: its logit a^T u, its softmax weight alpha_ii and its score term are dropped.",
        members=(
            "thm5.1.logits-other",
            "thm5.1.eq11",
            "thm5.1.eq12",
            "thm5.1.eq14",
            "thm5.1.eq17",
            "thm5.1.reverse-triangle",
            "thm5.1.gamma-choice",
        ),
        survives="thm5.1.conclusion",
        survives_words="With position i accounted for and gamma growing like log i, ||J_ij|| >= ||V|| - eps for "
        "every dimension, every distance and every eps > 0: the statement of Theorem 5.1 holds.",
    ),
)


def group_of(claim_id: str) -> FindingGroup | None:
    """The group whose members include `claim_id`, or None."""
    for group in GROUPS:
        if claim_id in group.members:
            return group
    return None
