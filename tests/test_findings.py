"""Finding groups: every member is a registered refuted claim, the surviving claim is certified, no overlap."""

from __future__ import annotations

from verify.findings import GROUPS, group_of
from verify.kernel import statements


def test_members_are_refuted_and_survivor_certified():
    specs = statements()
    for group in GROUPS:
        assert group.members, group.id
        for member in group.members:
            assert specs[member].get("refuted") and not specs[member].get("certified"), member
            assert specs.get(member + ".corrected", {}).get("certified"), member
        assert specs[group.survives].get("certified") and not specs[group.survives].get("refuted")


def test_groups_do_not_overlap_and_lookup_works():
    seen: set[str] = set()
    for group in GROUPS:
        assert not seen & set(group.members)
        seen |= set(group.members)
        assert all(group_of(m) is group for m in group.members)
    assert group_of("thm4.2") is None


def test_theorem_5_1_group_has_seven_consequences():
    group = next(g for g in GROUPS if g.id == "thm5.1.position-i-as-zero")
    assert len(group.members) == 7
    refuted_5_1 = {c for c, s in statements().items() if c.startswith("thm5.1.") and s.get("refuted")}
    assert refuted_5_1 == set(group.members)
