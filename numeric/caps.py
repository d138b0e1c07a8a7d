"""Exact caps of the values a float_bound certificate supplies, each an a-priori bound from the exact inputs.

The kernel (theories/float_bounds/kind_float_bound.py) accepts a supplied value (a shadow-pass norm, an exactly computed
constant, max |x|) only in [0, cap], where the cap is an expression in the goal's exact quantities: u, the sizes,
and the norms of the goal's exact matrices (X_frob2 = ||X||_F^2, X_gram >= ||X||_2^2 by Gershgorin, X_rowsum =
||X||_inf); the bound must be nondecreasing in every value. So a certificate gets at most the bound formula at the
caps, an a-priori bound fixed by the statement. The caps below are derived from
- the input assumption of every num.* statement: each input x_i lies in [-1, 1]^d (the checks draw x uniform in
  [-1, 1)), so |x| <= 1, ||x_i||_2 <= sqrt(d), and a packed pair |x_2c + i x_2c+1| <= sqrt(2) < 3/2;
- rho = ||A||_2 <= sqrt(A_gram) and Gamma >= sum_{t<n} rho^t: 2/(1 - A_gram) when A_gram < 1 (since
  1/(1 - rho) = (1 + rho)/(1 - rho^2)), n when A_gram = 1 (the goal's geo facts say which);
- ||A^t M||_2 <= rho^t ||M||_2, ||B||_2^2 <= B_gram, || |M| N ||_F <= ||M||_F ||N||_F, ||A^t||_F <= sqrt(m) rho^t,
  ||M||_inf <= sqrt(cols) ||M||_2 and (|C| v)_r <= C_rowsum ||v||_inf <= C_rowsum ||v||_2;
- sqrt(y) <= (y/c + c)/2 for every c > 0 (AM-GM), which keeps caps rational; c is a short dyadic near sqrt(y)
  (any c > 0 gives a valid cap, a near one a tight cap);
- a shadow value is at most CAP_SAFETY = 3 times the exact bound of the quantity it measures, an exactly computed
  value at most EXACT_CAP_SLACK = 65/64 times its exact expression (numeric/bounds.py says why).
The exact states h_i = sum_{t<i} A^t B x_{i-t} (and the chunks' local and carried states, partial sums of the same
terms) satisfy ||h||_2 <= Gamma ||B||_2 sqrt(d) =: H; the computed states differ by at most the recurrence's own
rounding-error bound, a relative 1e-9 at the sizes checked, which the factor 3 > 2.7 covers.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from fractions import Fraction

from numeric.bounds import CAP_SAFETY, EXACT_CAP_SLACK, VALUES, U, round_up

__all__ = ["caps_for", "exact_env", "evaluate_text", "cap_values", "supplied", "sqrt_le", "N_SQRT_ANCHOR"]

_K = str(CAP_SAFETY)
_E = f"{EXACT_CAP_SLACK.numerator}/{EXACT_CAP_SLACK.denominator}"
# sqrt(2 n) (the packed inputs' 2-norm) is capped by (2n/c + c)/2 with this c, exact at n = 2048; n is a parameter
# of the statement (the same goal at every scale), so c cannot follow it. The b2 terms of the FFT bound are dominated
# by the bF terms (a priori bF ~ n, b2 ~ sqrt(n)), so the slack at n = 10^6 hardly moves the bound at the caps.
N_SQRT_ANCHOR = 64


def supplied(formulas: tuple[str, ...]) -> list[str]:
    """The values the formulas read, in a fixed order (each needs a cap)."""
    out: list[str] = []
    for f in formulas:
        out += [v for v in VALUES[f] if v not in out]
    return sorted(out)


def _norms(name: str, rows: list[list[Fraction]]) -> dict[str, Fraction]:
    """X_frob2, X_gram and X_rowsum of a real matrix, as the kernel defines them (re-implemented here)."""
    cols = list(zip(*rows))
    gram = max(sum(abs(sum(a * b for a, b in zip(ci, cj))) for cj in cols) for ci in cols)
    return {
        f"{name}_frob2": sum(x * x for row in rows for x in row),
        f"{name}_gram": gram,
        f"{name}_rowsum": max(sum(abs(x) for x in row) for row in rows),
    }


def exact_env(sizes: dict[str, int], matrices: dict[str, list[list[str]]]) -> dict[str, Fraction]:
    """The goal's exact quantities: u, the sizes with _log2 and _pow2, and the norms of its matrices."""
    env: dict[str, Fraction] = {"u": U}
    for k, v in sizes.items():
        env.update({k: Fraction(v), f"{k}_log2": Fraction((v - 1).bit_length() if v > 1 else 0)})
        env[f"{k}_pow2"] = Fraction(1 if v > 0 and v & (v - 1) == 0 else 0)
    for name, rows in matrices.items():
        env.update(_norms(name, [[Fraction(x) for x in row] for row in rows]))
    return env


_MAX_EXPONENT = 4096  # caps raise to small integer powers (q + 1, L/2, 2); a larger one is a malformed cap


def evaluate_text(text: str, env: dict[str, Fraction]) -> Fraction:
    """The exact value of a cap (integers, names, + - * /, ^ with an integer literal exponent, parentheses).

    numeric/ shares no code with the kernel, which evaluates the same text with its own reader; the text is
    parsed as a Python expression tree (never run) and only the forms above are accepted.
    """
    try:
        tree = ast.parse(text.replace("^", "**"), mode="eval")
    except SyntaxError:
        raise ValueError(f"{text}: not an expression") from None
    return _exact(tree.body, env, text)


def _exact(node: ast.AST, env: dict[str, Fraction], text: str) -> Fraction:
    """The exact value of one node of a cap's expression tree."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return Fraction(node.value)
    if isinstance(node, ast.Name):
        if node.id not in env:
            raise ValueError(f"{text}: no value given for {node.id}")
        return Fraction(env[node.id])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _exact(node.operand, env, text)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        power = node.right
        if not (isinstance(power, ast.Constant) and type(power.value) is int and 0 <= power.value <= _MAX_EXPONENT):
            raise ValueError(f"{text}: exponent {ast.unparse(power)}, expected an integer in [0, {_MAX_EXPONENT}]")
        return _exact(node.left, env, text) ** power.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
        left, right = _exact(node.left, env, text), _exact(node.right, env, text)
        if isinstance(node.op, ast.Div) and right == 0:
            raise ValueError(f"{text}: division by zero")
        operations = {ast.Add: Fraction.__add__, ast.Sub: Fraction.__sub__, ast.Mult: Fraction.__mul__}
        return operations.get(type(node.op), Fraction.__truediv__)(left, right)
    raise ValueError(f"{text}: {ast.unparse(node)} is not a number, a name or + - * / ^")


def sqrt_le(radicand: str, value: Fraction) -> str:
    """An expression >= sqrt(radicand) for radicand >= 0: (y/c + c)/2 with c a short dyadic near sqrt(value)."""
    c = round_up(math.sqrt(float(value))) if value > 0 else Fraction(1)
    c_text = str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"
    return f"(({radicand})/({c_text}) + {c_text})/2"


def _ssm(kind: str, env: dict[str, Fraction], method: str) -> dict[str, str]:
    """Caps of the state-space methods' values (recurrence, scan, direct, fft) and of the common CF, geo, X."""
    if kind not in ("contractive", "isometric"):
        raise ValueError(f"found geo kind {kind!r}, expected 'contractive' or 'isometric'")

    def root(y: str) -> str:
        """A cap of sqrt(y) for an exact radicand y that does not depend on the statement's parameters."""
        return sqrt_le(y, evaluate_text(y, env))

    gam = "n" if kind == "isometric" else "(2/(1-A_gram))"
    h = f"{gam}*{root('B_gram*d')}"  # H >= ||h||_2 for every (local, carried) state
    state_step = f"{root('A_frob2')}*{h} + {root('B_frob2*d')}"  # || |A||h| + |B||x| ||_2
    w_sum = f"C_rowsum*{root('B_gram')}*{gam}"  # sum_tau |W_rc(tau)| <= sum_tau C_rowsum rho^tau ||B||_2
    out = {
        "X": "1",  # X = max |x| rounded up to CERT_BITS bits, and |x| < 1
        "CF": f"{root('C_frob2')}*{_E}",  # CF = sqrt(C_frob2) rounded up
        "geo": "n" if kind == "isometric" else f"2/(1-A_gram)*{_E}",  # geo = 2/(1 - A_gram) rounded up, or n
        # D, Dl = max || |A||h_{i-1}| + |B||x_i| ||_2 <= ||A||_F H + ||B||_F sqrt(d)
        "D": f"{_K}*({state_step})",
        "Dl": f"{_K}*({state_step})",
        # Y, Ys = max (|C||h_i|)_r <= C_rowsum ||h_i||_2 <= C_rowsum H
        "Y": f"{_K}*C_rowsum*{h}",
        "Ys": f"{_K}*C_rowsum*{h}",
        # P = max_{t<L} || |A||A^t| ||_F <= ||A||_F ||A^t||_F <= ||A||_F sqrt(m)
        "P": f"{_K}*{root('A_frob2*m')}",
        "Hm": f"{_K}*{h}",  # the carried states are states: <= H
        # Cm, G = || |A^t||carried| + |local| ||_2 <= ||A^t||_F H + H <= (sqrt(m) + 1) H
        "Cm": f"{_K}*({root('m')} + 1)*{h}",
        "G": f"{_K}*({root('m')} + 1)*{h}",
        # Psum = sum_tau || |A||A^tau B| ||_F <= sum_tau ||A||_F rho^tau ||B||_F
        "Psum": f"{_K}*{root('A_frob2*B_frob2')}*{gam}",
        "Ysum": f"{_K}*{w_sum}",  # sum_tau max_rc (|C||A^tau B|)_rc
        # bF = max |fft(x_c)| <= ||x_c||_1 <= sqrt(2) n; b2 = max ||x_c||_2 <= sqrt(2 n)
        "bF": f"{_K}*3/2*n",
        "b2": f"{_K}*(2*n/{N_SQRT_ANCHOR} + {N_SQRT_ANCHOR})/2",
    }
    if method == "fft":
        # a1 = max_rc sum_tau |W_rc(tau)| >= a2 (2-norm <= 1-norm), aF = max |fft(W_rc)|, Z = max |(W_rc * x_c)_i|
        out.update({k: f"{_K}*{w_sum}" for k in ("a1", "a2", "aF", "Z")})
    if method == "direct":
        # Z = max_ir sum_tau (|W(tau)||x|)_r <= sum_tau C_rowsum ||A^tau B||_inf <= C_rowsum sqrt(d) ||B||_2 Gamma
        out["Z"] = f"{_K}*C_rowsum*{root('B_gram*d')}*{gam}"
    return out


def _modal(env: dict[str, Fraction], weight: Callable[[int, Fraction], str]) -> str:
    """sum_l beta{l}_rowsum * weight_l, an upper bound of max_h sum_l |beta_hl| weight_l (weights >= 0)."""
    terms = []
    for mode in range(1, int(env["M"]) + 1):
        r2 = env[f"lam{mode}_frob2"]
        if r2 > 1:
            raise ValueError(f"mode {mode}: |lambda|^2 = {float(r2)} > 1; no geometric cap applies")
        terms.append(f"beta{mode}_rowsum*{weight(mode, r2)}")
    return "(" + " + ".join(terms) + ")"


def _heads(env: dict[str, Fraction]) -> dict[str, str]:
    """Caps of the k-head form's values: |c_{tau,h}| <= s_{tau,h} = sum_l |beta_hl| |lambda_l|^tau, and so on."""
    # sum_{tau<n} |lambda|^tau <= 1/(1 - |lambda|) <= 2/(1 - |lambda|^2), or n when |lambda| = 1
    s1 = _modal(env, lambda j, r2: "n" if r2 == 1 else f"2/(1-lam{j}_frob2)")
    # sum_{tau<n} tau |lambda|^tau <= 1/(1 - |lambda|)^2 <= 4/(1 - |lambda|^2)^2, or n^2/2 when |lambda| = 1
    st = _modal(env, lambda j, r2: "n^2/2" if r2 == 1 else f"4/(1-lam{j}_frob2)^2")
    # S1 = max_h sum_tau s; a1 = max_h ||c_h||_1 <= S1 (exact) >= a2, aF = max |fft(c_h)|, Z = max |c_h * x|
    out = {k: f"{_K}*{s1}" for k in ("S1", "a1", "a2", "aF", "Z")}
    out["ST"] = f"{_K}*{st}"
    return out


def _heads_local(env: dict[str, Fraction]) -> dict[str, str]:
    """Caps of the k-head form run chunk by chunk (num.thm4.4): _heads over tau < L, the chunk's packed inputs, and
    the carried part's Y0, Y1 (_chunked)."""
    s1 = _modal(env, lambda j, r2: "L" if r2 == 1 else f"2/(1-lam{j}_frob2)")  # sum_{tau<L} |lambda|^tau
    st = _modal(env, lambda j, r2: "L^2/2" if r2 == 1 else f"4/(1-lam{j}_frob2)^2")  # sum_{tau<L} tau |lambda|^tau
    out = {k: f"{_K}*{s1}" for k in ("S1", "a1", "a2", "aF", "Z")}  # Z = max |c_h * x| over a chunk <= S1
    out["ST"] = f"{_K}*{st}"
    # bF = max |fft(x_c)| over a chunk <= ||x_c||_1 <= sqrt(2) L; b2 = max ||x_c||_2 <= sqrt(2 L)
    out.update(bF=f"{_K}*3/2*L", b2=f"{_K}*(2*L/{N_SQRT_ANCHOR} + {N_SQRT_ANCHOR})/2")
    chunked = _chunked(env)
    out.update(Y0=chunked["Y0"], Y1=chunked["Y1"])
    return out


def _chunked(env: dict[str, Fraction]) -> dict[str, str]:
    """Caps of A1, Y0, Y1 (numeric.chunked.carried_norms, computed exactly from the exact head form)."""
    L = int(env["L"])
    if L % 2:
        raise ValueError("the chunk length must be even (rho = (|lambda|^2)^(L/2))")

    def local(j: int, r2: Fraction) -> str:
        """B_l >= sum_{t<L} |lambda_l|^t: the smaller of L and 2/(1 - |lambda_l|^2) (both fixed by the goal)."""
        return "L" if r2 == 1 or L <= 2 / (1 - r2) else f"2/(1-lam{j}_frob2)"

    def carried(j: int, r2: Fraction, weighted: bool) -> str:
        """sum_{j<Q-1} rho^j <= 1/(1 - rho), sum_j j rho^j <= 1/(1 - rho)^2 (rho = |lambda|^L), or Q, Q^2/2."""
        if r2 == 1:
            return "Q^2/2" if weighted else "Q"
        return f"1/(1-lam{j}_frob2^{L // 2})" + ("^2" if weighted else "")

    # A1 = max_h sum_l |beta_hl| B_l; Y0, Y1 = max_r sum_l W_rl B_l (sum_j rho^j or j rho^j) with X <= 1 and
    # W_rl = sum_h |beta_hl| sum_c |V^(h)_rc| <= max_h |beta_hl| Vcat_rowsum
    return {
        "A1": f"{_E}*{_modal(env, local)}",
        "Y0": f"{_E}*Vcat_rowsum*{_modal(env, lambda j, r2: f'{local(j, r2)}*{carried(j, r2, False)}')}",
        "Y1": f"{_E}*Vcat_rowsum*{_modal(env, lambda j, r2: f'{local(j, r2)}*{carried(j, r2, True)}')}",
    }


def _features(env: dict[str, Fraction]) -> dict[str, str]:
    """Caps of the Appendix A absolute-value evaluations at the mode lambda (goal matrix lam = [[Re, Im]])."""
    q = int(env["q"])
    if env["lam_frob2"] >= 1:
        raise ValueError("the feature caps assume |lambda| < 1")
    # Ybar = max_i sum_{j<=i} |lambda|^(i-j) (i-j)^q |x_j| <= sum_tau tau^q r^tau <= q!/(1 - r)^(q+1)
    # (tau^q <= (tau+1)...(tau+q)), and 1/(1 - r) <= 2/(1 - r^2)
    ybar = f"{_K}*{math.factorial(q) * 2 ** (q + 1)}/(1-lam_frob2)^{q + 1}"
    # Yraw = max_i sum_{j<=i} |x_j| |lambda|^(i-j) (i + j)^q (positions 1..n) <= (2n)^q 2/(1 - r^2)
    return {"Ybar": ybar, "Yraw": f"{_K}*(2*n)^{q}*2/(1-lam_frob2)"}


def caps_for(formulas: tuple[str, ...], geo: str | None, sizes: dict, matrices: dict) -> dict[str, str]:
    """The cap of every value the formulas read, for a goal with these sizes and exact matrices."""
    env = exact_env(sizes, matrices)
    table: dict[str, str] = {}
    if formulas[0] in ("stable", "raw"):
        table.update(_features(env))
    else:
        table.update(_ssm(geo or "", env, formulas[0]))
        if formulas[0] == "heads":
            table.update(_heads(env))
        if formulas[0] == "heads_chunked":
            table.update(_chunked(env))
        if formulas[0] == "heads_local":
            table.update(_heads_local(env))
    return {name: table[name] for name in supplied(formulas)}


def cap_values(caps: dict[str, str], sizes: dict, matrices: dict) -> dict[str, Fraction]:
    """The exact value of every cap."""
    env = exact_env(sizes, matrices)
    return {name: evaluate_text(text, env) for name, text in caps.items()}
