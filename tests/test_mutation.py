"""Mutation testing: every committed certificate (and verify heads / modes output) edited leaf by leaf, re-sealed,
and re-checked; every accepted edit must be a reviewed freedom of tests/data/mutation-allowlist.json."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from verify.mutation import Allowlist, Mutation, mutations, run_mutations

ROOT = Path(__file__).resolve().parent.parent
CERTS = sorted((ROOT / "certs").glob("*.json"))
ALLOWLIST = Allowlist.read(ROOT / "tests" / "data" / "mutation-allowlist.json")
# The default run mutates every parameter leaf (at most PARAMS_CAP, else a deterministic sample) and WITNESS
# sampled witness and goal leaves per certificate; certificates over 1 MB (exp.fig3: every trained student's
# weights, 229,000 parameter leaves) get LARGE of each. `-m slow` samples SLOW_PARAMS and SLOW_WITNESS.
PARAMS_CAP, WITNESS, LARGE = 400, 40, 12
SLOW_PARAMS, SLOW_WITNESS = 2000, 300
# Certificates whose every re-check is costly get a smaller default sample (the -m slow run, part of CI, still
# samples SLOW_PARAMS and SLOW_WITNESS): exp.fig4 re-derives seven Jacobians of a 16-state SSM per check
# (about 0.3 s each on 2 cores, 440 checks were 5 minutes under load).
COSTLY = {"exp.fig4.json": (60, 12)}
TALLY: dict[str, tuple[int, int, int]] = {}  # file -> (tried, survived, allowlisted); printed at the end


def _check(name: str, cert: dict, params_cap: int, witness: int) -> None:
    """Run the mutations of one certificate; fail on a survivor no allowlist entry explains."""
    tried, survivors = run_mutations(cert, _planned_params(cert, params_cap) + witness, params_cap)
    unexplained = [s for s in survivors if ALLOWLIST.explains(cert["claim"], s) is None]
    TALLY[name] = (tried, len(survivors), len(survivors) - len(unexplained))
    assert tried > 0
    assert not unexplained, "\n".join(f"{s.where} ({s.operator} -> {str(s.value)[:40]!r})" for s in unexplained)


def _planned_params(cert: dict, cap: int) -> int:
    """How many parameter mutations a certificate gets: all of its parameter leaves' edits, at most cap."""
    from verify.mutation import _edits, _leaves

    count = sum(len(_edits(leaf)) for value in cert.get("params", {}).values() for _, leaf in _leaves(value))
    return min(count, cap)


def _budget(path: Path, slow: bool = False) -> tuple[int, int]:
    """(parameter cap, witness mutations) for a certificate file."""
    if path.stat().st_size > 1_000_000:
        return (LARGE, LARGE)
    if slow:
        return (SLOW_PARAMS, SLOW_WITNESS)
    return COSTLY.get(path.name, (PARAMS_CAP, WITNESS))


@pytest.mark.parametrize("path", CERTS, ids=lambda p: p.stem)
def test_no_unlisted_mutation_of_a_committed_certificate_survives(path):
    _check(path.name, json.loads(path.read_text()), *_budget(path))


@pytest.mark.slow
@pytest.mark.parametrize("path", CERTS, ids=lambda p: p.stem)
def test_no_unlisted_mutation_survives_the_long_run(path):
    _check(path.name, json.loads(path.read_text()), *_budget(path, slow=True))


@pytest.fixture(scope="module")
def example_outputs(tmp_path_factory) -> list[Path]:
    """The certificates `verify heads` and `verify modes` write for every SSM in examples/.

    The command line's main runs in this process (the same code as `python -m verify`, without a new
    interpreter's imports); tests/test_cli_heads.py and tests/test_cli_modes.py run both commands as subprocesses."""
    from verify.cli import main

    out = tmp_path_factory.mktemp("examples")
    for ssm in sorted((ROOT / "examples").glob("ssm-*.json")):
        for command in ("heads", "modes"):
            folder = out / f"{ssm.stem}-{command}"
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                main([command, "--ssm", str(ssm), "--out", str(folder), "--json"])
    files = sorted(out.glob("*/*.json"))
    assert files, "verify heads / modes wrote no certificate for the examples"
    return files


def test_no_unlisted_mutation_of_heads_and_modes_output_survives(example_outputs):
    for path in example_outputs:
        _check(f"{path.parent.name}/{path.name}", json.loads(path.read_text()), PARAMS_CAP, WITNESS)


def test_a_parameter_is_mutated_together_with_every_goal_that_uses_it():
    cert = json.loads((ROOT / "certs" / "appA.ssm.features.json").read_text())
    mutation, mutated = next((m, c) for m, c in mutations(cert, 400, 400) if m.where.startswith("params.A["))
    users = [o["goal"]["A"] for o in mutated["obligations"] if "A" in o["goal"]]
    assert len(users) >= 3 and all(g == mutated["params"]["A"] for g in users)
    assert mutated["params"]["A"] != cert["params"]["A"]


def test_an_edit_that_changes_nothing_mathematical_is_the_only_kind_allowed():
    entry = ALLOWLIST.explains("thm5.1.eq17", Mutation("obligations[x].witness.precision", "plus-one", 257))
    assert entry is not None and "precision" in entry.reason
    assert ALLOWLIST.explains("thm5.1.eq17", Mutation("obligations[x].goal.lhs", "digit+1", "x")) is None
    assert ALLOWLIST.explains("appA.ssm", Mutation("params.output[0].modulus", "digit+1", "a - 2")) is None
