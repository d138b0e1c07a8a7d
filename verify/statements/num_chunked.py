"""Statement of num.thm4.4.chunked: the k-head form evaluated in chunks equals the SSM, in float64 at scale.

The goals are float_bound goals written from the statement's own data and bounds (num_checks.ssm_goal): the bound formulas
heads_chunked + scan (num_bounds.py), the exact matrices (A, B, C, Vcat and the float64 lambda_l, beta_hl the run
uses) and the exact caps of the supplied values. n and Q = ceil(n/256) are inputs with one value per scale.
"""

from __future__ import annotations

from verify.statements import entry
from verify.statements.num_checks import INPUT_ASSUMPTION, RUN_DOMAINS, WHY, ssm_goal
from verify.statements.num_instances import BASES, BUILTINS, CHUNK, SIZES

__all__ = ["entries", "TEXT"]

_HOW = (
    " heads_chunked counts roundings: every floating-point operation of the chunked k-head evaluation rounds as "
    "(a op b)(1 + delta) with |delta| <= mu (the complex-product constant), so a monomial of the computation that "
    "carries F such factors is off by at most F mu/(1 - (DM + DL) mu) times its absolute value; F is counted step by "
    "step (cumulative powers, four roundings per FFT level, the carried states of j chunks back: F0 + j(2L + 2)), and "
    "the absolute values sum to at most DL Vcat_rowsum A1 2 L X + F0 Y0 + (2L + 2) Y1, with A1, Y0, Y1 computed "
    "exactly from the exact head form by numeric/chunked.py and capped by sums over the modes of "
    "max_h |beta_hl| times geometric sums in |lambda_l|^2."
)

TEXT = {
    "section": "4.2",
    "reference": "Theorem 4.4, sufficiency, eqs. (6), (8): the chunked k-head form equals the SSM, in float64",
    "statement": {
        "latex": r"\max_i\|\hat y^{\mathrm{heads,chunked}}_i-\hat y^{\mathrm{scan}}_i\|_\infty"
        r"\le\beta_{\mathrm{heads,chunked}}(v)+\beta_{\mathrm{scan}}(v)\le\beta_{\mathrm{heads,chunked}}(\bar v)"
        r"+\beta_{\mathrm{scan}}(\bar v)",
        "words": "For the built-in SSMs (Theorem 4.2's rotation, a random m = 16 SSM, a slow |lambda| ~ 0.999 SSM) "
        "and both bases, the k-head attention form sum_h V^(h) sum_j c_{i-j,h} x_j built from the exact V^(h) and "
        f"c_{{tau,h}}, evaluated in chunks of {CHUNK} positions (attention by FFT inside a chunk, the heads' modal "
        "states carried across chunks), agrees in float64 with the SSM computed by a chunked scan, at n = 4096 or "
        "10^6: the measured error is at most the sum of the two methods' a-priori rounding-error bounds at the "
        "certificate's values v, each within its exact cap v_bar (from A, B, C, V, beta, lambda, n and |x| <= 1), "
        "hence at most the bound at the caps. "
        + INPUT_ASSUMPTION
        + "The error and the shadow norms are measured data.",
    },
}


def entries() -> dict:
    """The statement of num_chunked.json (goals at the default scale, n and Q as parameters)."""
    n = [SIZES[s]["heads"] for s in ("default", "large")]
    q = -(-n[0] // CHUNK)
    goals = []
    for name in BUILTINS:
        for basis in BASES:
            sizes = {"n": n[0], "L": CHUNK, "NL": 2 * CHUNK, "Q": q}
            goal = ssm_goal(name, basis, ("heads_chunked", "scan"), sizes, {"n": "n", "Q": "Q"}, CHUNK)
            goals.append(dict(goal, name=f"chunked-heads-vs-scan:{name}:{basis}"))
    scale_sizes = {"n": n, "Q": [-(-k // CHUNK) for k in n]}
    text = dict(TEXT, why=WHY + _HOW)
    domains = {**RUN_DOMAINS, **scale_sizes}
    inputs = ("scale", "backend", "device", *scale_sizes)
    return {"num.thm4.4.chunked": entry(text, "certified", goals, inputs, param_domains=domains, baseline="verdict")}
