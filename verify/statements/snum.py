"""Statements of num.thm4.4, num.ssm.forms and num.appA.eq21: the paper's identities checked in float64 at scale.

Each goal is a float_bound goal made by numeric/ for the default scale on numpy (the sizes that change with the
scale are parameters with the two allowed values): the bound formula (numeric/bounds.py), the exact matrices, the
facts and, for every value the certificate supplies, its exact cap (numeric/caps.py). The inputs are the run's
settings (scale, backend, device) and sizes; the measured error and the supplied values are witness data.
"""

from __future__ import annotations

from numeric.backends import get_backend
from numeric.checks import SIZES, Check
from numeric.claimdata import FEATURE_N, feature_checks, forms_all, heads_checks, overflow_obligations
from numeric.ssm import fft_size
from verify.statements import entry, goal_of

__all__ = ["entries", "TEXTS", "WHY", "RUN_DOMAINS", "INPUT_ASSUMPTION", "float_goal"]

# The run's settings: the two scales, the two array libraries, the two devices.
RUN_DOMAINS = {"scale": ["default", "large"], "backend": ["numpy", "torch"], "device": ["cpu", "cuda"]}

INPUT_ASSUMPTION = "Every input x_i is drawn uniformly from [-1, 1)^d; the caps use only |x_i| <= 1 componentwise. "

WHY = (
    "What the kernel re-checks (float_bound): the goal fixes the bound formula (numeric/bounds.py: gamma_n = "
    "n u/(1 - n u), the FFT and complex-product constants, times norms), the sizes, the exact matrices (A, B, C and "
    "the exact data the caps read) and, for every value the certificate supplies, an exact cap (numeric/caps.py: "
    "norm inequalities from the exact matrices, the sizes and |x| <= 1, times 3 for a shadow pass's own rounding, "
    "its safety factor 2 and the rounding up to 8 bits; 65/64 for an exactly computed value). The kernel computes "
    "every cap exactly, checks 0 <= value <= cap, checks syntactically that the bound is nondecreasing in every "
    "supplied value (so bound(values) <= bound(caps)), checks the facts (for instance CF^2 >= ||C||_F^2, "
    "geo (1 - A_gram) >= 2 with ||A||_2^2 <= A_gram by Gershgorin, N a power of two >= 2n) and measured error <= "
    "bound(values), and rejects any NaN/Inf. Measured data, not re-checked: the error max_i ||y1_i - y2_i||_inf and "
    "the shadow-pass norms (D, Y, Dl, P, Hm, Cm, G, Ys, Psum, Ysum, Z, a1, a2, b2, aF, bF, S1, ST, Ybar, Yraw) come "
    "from the float64 run, which the kernel does not repeat; X = max |x| rounded up, CF, geo (and A1, Y0, Y1) are "
    "computed by numeric/ and capped alike. So the certificate shows that the measured error is within the "
    "a-priori rounding-error bound at the caps, a number the statement fixes."
)

TEXTS = {
    "num.thm4.4": {
        "section": "4.2",
        "reference": "Theorem 4.4, sufficiency, eq. (6) and (8): the k-head form equals the SSM, checked in float64 "
        "at scale",
        "statement": {
            "latex": r"\max_i\|\hat y^{\mathrm{heads}}_i-\hat y^{\mathrm{scan}}_i\|_\infty"
            r"\le\beta_{\mathrm{heads}}(v)+\beta_{\mathrm{scan}}(v)\le\beta_{\mathrm{heads}}(\bar v)"
            r"+\beta_{\mathrm{scan}}(\bar v)",
            "words": "For the built-in SSMs (Theorem 4.2's rotation, a random m = 16 SSM, a slow |lambda| ~ 0.999 "
            "SSM) and both bases (the proof's first independent lags, and Appendix A's modal basis), the k-head "
            "attention form sum_h V^(h) sum_j c_{i-j,h} x_j built from the exact V^(h) and c_{tau,h} = Re sum_l "
            "beta_hl lambda_l^tau (the float64 beta, lambda, exact dyadics, are in the goal) agrees in float64 with "
            "the SSM computed by a chunked scan, at n = 4096 or 10^6: the measured error is at most the sum of the "
            "two methods' a-priori rounding-error bounds at the certificate's values v, each within its exact cap "
            "v_bar (from A, B, C, V, beta, lambda, n and |x| <= 1), hence at most the bound at the caps. "
            + INPUT_ASSUMPTION
            + "The error and the shadow norms are measured data.",
        },
    },
    "num.ssm.forms": {
        "section": "4.2",
        "reference": "Theorem 4.4, the causal map y_i = sum_j W(i-j) x_j: recurrence, convolution, FFT and chunked "
        "scan in float64",
        "statement": {
            "latex": r"\max_i\|\hat y^{\mathrm{rec}}_i-\hat y^{\mathrm{alt}}_i\|_\infty\le\beta_{\mathrm{rec}}(v)"
            r"+\beta_{\mathrm{alt}}(v)\le\beta_{\mathrm{rec}}(\bar v)+\beta_{\mathrm{alt}}(\bar v)",
            "words": "For every built-in SSM the float64 recurrence agrees with the direct causal convolution, the "
            "FFT convolution zero-padded to a power of two >= 2n, and the chunked scan (n = 2048, direct 1024; or "
            "n = 2^17, direct 2048): the measured error is at most the sum of the two methods' a-priori "
            "rounding-error bounds at the certificate's values v, each within its exact cap v_bar (from A, B, C, n "
            "and |x| <= 1), hence at most the bound at the caps. "
            + INPUT_ASSUMPTION
            + "The error and the shadow norms are measured data.",
        },
    },
    "num.appA.eq21": {
        "section": "A",
        "reference": "Appendix A, eq. (21): the lag features lambda^i, lambda^-j and the binomial expansion of "
        "(i-j)^q in float64",
        "statement": {
            "latex": r"\hat y_i\approx\sum_{j\le i}\lambda^{i-j}(i-j)^q x_j;"
            r"\quad |\lambda|^{-j}\ge 2^{1024}-2^{970}\iff j\ge N(\lambda)",
            "words": "A stable re-anchored chunked evaluation of the Appendix A lag kernels lambda^tau tau^q "
            "(n = 2048 or 65536) agrees with an extended-precision reference (u = 2^-64) within its a-priori bound, "
            "and so do the paper's raw features (21) at length 2048 at every scale; each bound is taken at the "
            "certificate's absolute-value evaluations Ybar, Yraw (measured data), each within its exact cap from "
            "|lambda|^2, q, n and |x| <= 1. "
            + INPUT_ASSUMPTION
            + "The raw feature lambda^-j rounds to Inf in float64 exactly from j = N(lambda) (N = 6737, 70623, "
            "709434 for |lambda| ~ 0.9, 0.99, 0.999), decided exactly in ball arithmetic.",
        },
    },
}


def float_goal(check: Check) -> dict:
    """The spec goal of one float64 check (its sizes that vary with the scale as parameters)."""
    return {"name": check.name, "kind": "float_bound", "goal": check.goal_template()}


def entries() -> dict:
    """The num.* statements of snum.json (goals as made at the default scale on numpy)."""
    bk = get_backend("numpy")
    n_heads = [SIZES[s]["heads"] for s in ("default", "large")]
    n_forms = [SIZES[s]["forms"] for s in ("default", "large")]
    groups = {
        "num.thm4.4": (
            [float_goal(c) for c in heads_checks(bk, n_heads[0])],
            {"n": n_heads, "N": [fft_size(n) for n in n_heads]},
        ),
        "num.ssm.forms": (
            [float_goal(c) for c in forms_all(bk, "default")],
            {
                "n": n_forms,
                "N": [fft_size(n) for n in n_forms],
                "n_direct": [SIZES[s]["direct"] for s in ("default", "large")],
            },
        ),
        "num.appA.eq21": (
            [float_goal(c) for c in feature_checks(FEATURE_N["default"])]
            + [goal_of(o) for o in overflow_obligations()],
            {"n": [FEATURE_N[s] for s in ("default", "large")]},
        ),
    }
    out = {}
    for claim_id, (goals, sizes) in groups.items():
        text = dict(TEXTS[claim_id], why=WHY)
        inputs = ("scale", "backend", "device", *sizes)
        domains = {**RUN_DOMAINS, **sizes}
        out[claim_id] = entry(text, "certified", goals, inputs, param_domains=domains, baseline="verdict")
    return out
