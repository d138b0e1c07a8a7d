"""exp.fig3.optimum.ssm: the certified error-versus-heads table of a user's SSM (float weights, read exactly).

The statement (verify/kernel/specs/s_heads_error.json, written by tools/specs/make_s_heads_error.py) is a
template: its inputs are the SSM (form, A, B, C), the file it came from (source: sha256 and array names), n,
the tolerance and the relative width asked of each enclosure; k, the table and the smallest H are derived
and established by the kernel kind heads_error. `python -m verify heads --ssm FILE` builds one per block;
the registered instance is block 0 of the torch-trained example model.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from constructions.heads_error import WIDTH, ErrorTable, error_table
from constructions.weights import ExactSystem, load_system
from verify.certificate import Obligation, make_certificate
from verify.registry import claim

__all__ = ["CLAIM_ID", "error_certificate", "DEFAULT_FILE", "DEFAULT_PREFIX", "DEFAULT_N", "DEFAULT_TOLERANCE"]

CLAIM_ID = "exp.fig3.optimum.ssm"
ROOT = Path(__file__).resolve().parents[2]
DEFAULT_FILE = ROOT / "examples" / "weights" / "lti-trained.safetensors"
DEFAULT_PREFIX = "layers.0.ssm."
DEFAULT_N = 256
DEFAULT_TOLERANCE = Fraction(1, 100)
_GOAL_KEYS = ("form", "A", "B", "C", "n", "tolerance", "width", "k", "table", "heads")


def error_certificate(
    system: ExactSystem, n: int, tolerance: Fraction, width: Fraction = WIDTH
) -> tuple[dict, ErrorTable]:
    """The certificate of exp.fig3.optimum.ssm for one SSM, and the table it certifies."""
    table = error_table(system, n, tolerance, width)
    goal = {key: table.goal[key] for key in _GOAL_KEYS}
    params = {"source": system.source, **goal}
    obligation = Obligation("table", "heads_error", goal, table.witness)
    return make_certificate(CLAIM_ID, "certified", [obligation], params=params), table


@claim(CLAIM_ID)
def optimum_ssm() -> dict:
    """Block 0 of the trained example model on length 256: e_H for every H and the fewest heads within 1%."""
    system = load_system(DEFAULT_FILE, DEFAULT_PREFIX)
    return error_certificate(system, DEFAULT_N, DEFAULT_TOLERANCE)[0]
