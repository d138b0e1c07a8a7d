"""The trust footprint (verify/footprint.py): a claim trusts the driver, the core it imports and its own theories."""

from __future__ import annotations

import pytest

from verify.footprint import KERNEL, footprint_text, kernel_imports, trust_footprint
from verify.kernel import statements

TAB1 = sorted(c for c in statements() if c.startswith("tab1."))


def test_every_kernel_file_is_in_the_graph():
    assert len(kernel_imports()) == len(list(KERNEL.rglob("*.py")))


def test_the_graph_sees_relative_imports_of_submodules():
    assert "verify.kernel.core.generic" in kernel_imports()["verify.kernel.kinds"]
    assert "verify.kernel.theories.modes.kind_modes" in kernel_imports()["verify.kernel.theories.modes.kind_output"]


@pytest.mark.parametrize("claim", TAB1)
def test_table1_claims_trust_at_most_2700_lines_and_no_other_theory(claim):
    footprint = trust_footprint(claim)
    assert footprint.theories == ("costs",)
    assert footprint.lines <= 2700
    paths = [p for p, _ in footprint.files]
    assert not [p for p in paths if "/theories/" in p and "/theories/costs/" not in p and "__init__" not in p[-12:]]
    assert "verify/kernel/core/matrix.py" not in paths  # a cost claim reads no matrix


def test_a_claim_trusts_the_theory_of_each_of_its_kinds():
    footprint = trust_footprint("appA.eq20")
    paths = [p for p, _ in footprint.files]
    assert "modes" in footprint.theories
    assert "verify/kernel/theories/modes/kind_dual.py" in paths
    assert "verify/kernel/theories/modes/trace_coordinates.py" in paths  # imported by kind_dual, found from the graph
    assert not any("/theories/costs/" in p for p in paths)


def test_every_claim_trusts_the_driver_and_counts_real_lines():
    for claim in ("tab1.ssm.memory", "appA.eq20"):
        footprint = trust_footprint(claim)
        paths = dict(footprint.files)
        assert {"verify/kernel/check.py", "verify/kernel/kinds.py", "verify/kernel/statements.py"} <= set(paths)
        root = KERNEL.parent.parent
        assert all(n == len((root / p).read_text().splitlines()) for p, n in footprint.files)
        assert footprint_text(footprint)[0].startswith(f"trusted: {footprint.lines} kernel lines")


def test_a_statement_with_another_kind_changes_the_footprint():
    spec = dict(statements()["tab1.ssm.memory"])
    spec["certified"] = [{"name": "x", "kind": "jordan_chains", "goal": {}}]
    footprint = trust_footprint("tab1.ssm.memory", spec)
    assert footprint.theories == ("modes",)
    assert not any("/theories/costs/" in p for p, _ in footprint.files)
