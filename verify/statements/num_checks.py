"""Statements of num.thm4.4, num.ssm.forms and num.appA.eq21: the paper's identities checked in float64 at scale.

Each goal is a float_bound goal written here from the statement's own data (num_instances.py: the built-in SSMs,
their k-head forms, the Appendix A modes, the sizes) and bounds (num_bounds.py: the a-priori rounding-error
formulas, their facts and the exact caps of the supplied values); the sizes that change with the scale are
parameters with the two allowed values. The inputs are the run's settings (scale, backend, device) and sizes; the
measured error and the supplied values are witness data. numeric/ builds the certificates with its own copy.
"""

from __future__ import annotations

from fractions import Fraction

from verify.statements import entry, param
from verify.statements.num_bounds import FORMULAS, GEO_FACTS, U, caps
from verify.statements.num_instances import (
    BASES,
    BUILTINS,
    CHUNK,
    FEATURE_L,
    FEATURE_N,
    FEATURE_QS,
    MODES,
    OMEGA,
    RAW_N,
    SIZES,
    fft_size,
    head_form,
    ssm,
    text,
)

__all__ = ["entries", "TEXTS", "WHY", "RUN_DOMAINS", "INPUT_ASSUMPTION", "float_goal", "ssm_goal"]

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
            "beta_hl lambda_l^tau (the float64 beta, lambda, exact dyadics, are in the goal), run chunk by chunk "
            f"(chunks of {CHUNK} positions: inside a chunk each head attends by one FFT convolution of length "
            f"{2 * CHUNK} per pair of input columns, exactly as the full-length form would on that chunk alone; the "
            "earlier chunks enter through the heads' modal states carried across chunks), agrees in float64 with "
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


def float_goal(
    name: str, formulas: tuple[str, ...], sizes: dict, params: dict, matrices: dict, cap_table: dict, geo: str | None
) -> dict:
    """One float_bound goal: the bound (the formulas' sum), sizes (those in params as parameters), facts and caps."""
    facts: list[dict] = []
    for f in formulas:
        facts += [x for x in FORMULAS[f]["facts"] if x not in facts]
    if geo:
        facts += GEO_FACTS[geo]
    fixed = {k: v for k, v in sizes.items() if k not in params}
    fixed.update({k: param(p) for k, p in params.items() if k in sizes})
    goal = {
        "u": text(U),
        "sizes": fixed,
        "matrices": matrices,
        "bound": " + ".join(f"({FORMULAS[f]['bound']})" for f in formulas),
        "facts": facts,
        "caps": cap_table,
    }
    return {"name": name, "kind": "float_bound", "goal": goal}


def _geo(A: list[list[Fraction]]) -> str:
    """'contractive' when the Gershgorin bound of ||A||_2^2 is below 1, 'isometric' when it is 1."""
    cols = list(zip(*A))
    gram = max(sum(abs(sum(a * b for a, b in zip(ci, cj))) for cj in cols) for ci in cols)
    if gram > 1:
        raise ValueError("||A||_2 may exceed 1: no bound applies")
    return "contractive" if gram < 1 else "isometric"


def ssm_goal(name: str, basis: str | None, formulas: tuple[str, ...], sizes: dict, params: dict, L: int = 0) -> dict:
    """The goal comparing two methods on the built-in SSM `name` (with its k-head form in `basis`, if any)."""
    A, B, C = ssm(name)
    V = head_form(name, basis or "modal")[0]
    shape = {"m": len(A), "p": len(C), "d": len(B[0]), "k": len(V)}
    matrices = {key: [[text(x) for x in row] for row in M] for key, M in (("A", A), ("B", B), ("C", C))}
    r2s: list[Fraction] = []
    if basis:
        V, beta, lam = head_form(name, basis)
        matrices["Vcat"] = [[text(M[r][c]) for M in V for c in range(len(M[0]))] for r in range(len(V[0]))]
        for j, (a, b) in enumerate(lam):  # the float64 lambda_l and beta_hl of the run, exact dyadics
            matrices[f"lam{j + 1}"] = [[text(Fraction(float(a))), text(Fraction(float(b)))]]
            matrices[f"beta{j + 1}"] = [[text(Fraction(float(x))) for x in row[j]] for row in beta]
            r2s.append(Fraction(float(a)) ** 2 + Fraction(float(b)) ** 2)
        shape.update(k=len(V), M=len(lam))
    geo = _geo(A)
    table = caps(formulas, geo, (A, B, C), r2s, L, 0)
    return float_goal(name, formulas, {"n": sizes.pop("n"), **shape, **sizes}, params, matrices, table, geo)


def _heads_goals(n: int) -> list[dict]:
    """num.thm4.4: the k-head form run chunk by chunk against the chunked scan, every built-in SSM and both bases."""
    out = []
    for name in BUILTINS:
        for basis in BASES:
            sizes = {"n": n, "L": CHUNK, "NL": 2 * CHUNK, "Q": -(-n // CHUNK)}
            goal = ssm_goal(name, basis, ("heads_local", "scan"), sizes, {"n": "n", "Q": "Q"}, CHUNK)
            out.append(dict(goal, name=f"heads-vs-scan:{name}:{basis}"))
    return out


def _forms_goals(n: int, n_direct: int) -> list[dict]:
    """num.ssm.forms: the recurrence against the direct and FFT convolutions and the chunked scan."""
    out = []
    for name in BUILTINS:
        for label, sizes, params in (
            ("direct", {"n": n_direct}, {"n": "n_direct"}),
            ("fft", {"n": n, "N": fft_size(n)}, {"n": "n", "N": "N"}),
            ("scan", {"n": n}, {"n": "n", "N": "N"}),
        ):
            goal = ssm_goal(name, None, (label, "recurrence"), sizes, params)
            out.append(dict(goal, name=f"{label}-vs-recurrence:{name}"))
    return out


def _feature_goals(n: int) -> list[dict]:
    """num.appA.eq21: stable features at length n and raw features at RAW_N per mode and q; the overflow index."""
    out = []
    for label, a, b, _ in MODES:
        for q in FEATURE_QS:
            for which, size, params in (("stable", n, {"n": "n"}), ("raw", RAW_N, {})):
                sizes = {"n": size, "L": FEATURE_L, "q": q}
                table = caps((which,), None, (), [], FEATURE_L, q)
                matrices = {"lam": [[text(a), text(b)]]}
                out.append(float_goal(f"{which}:{label}:q{q}", (which,), sizes, params, matrices, table, None))
    big = f"({OMEGA.numerator // 2**970}*2^970)"
    for label, a, b, N in MODES:  # |lambda|^-(N-1) < OMEGA <= |lambda|^-N, decided in ball arithmetic
        r2 = a * a + b * b
        for name, j, op in ((f"overflow:{label}", N, "<="), (f"finite:{label}", N - 1, ">")):
            goal = {"box": {}, "lhs": f"{j}*log(({r2.numerator}/{r2.denominator}))", "op": op, "rhs": f"-2*log{big}"}
            out.append({"name": name, "kind": "interval_inequality", "goal": goal})
    return out


def entries() -> dict:
    """The num.* statements of num_checks.json (goals at the default scale, the scale's sizes as parameters)."""
    scales = ("default", "large")
    n_heads = [SIZES[s]["heads"] for s in scales]
    n_forms = [SIZES[s]["forms"] for s in scales]
    groups = {
        "num.thm4.4": (_heads_goals(n_heads[0]), {"n": n_heads, "Q": [-(-n // CHUNK) for n in n_heads]}),
        "num.ssm.forms": (
            _forms_goals(n_forms[0], SIZES["default"]["direct"]),
            {"n": n_forms, "N": [fft_size(n) for n in n_forms], "n_direct": [SIZES[s]["direct"] for s in scales]},
        ),
        "num.appA.eq21": (_feature_goals(FEATURE_N["default"]), {"n": [FEATURE_N[s] for s in scales]}),
    }
    out = {}
    for claim_id, (goals, sizes) in groups.items():
        text_ = dict(TEXTS[claim_id], why=WHY)
        inputs = ("scale", "backend", "device", *sizes)
        domains = {**RUN_DOMAINS, **sizes}
        out[claim_id] = entry(text_, "certified", goals, inputs, param_domains=domains, baseline="verdict")
    return out
