"""Section 3: the unified framework's identities, Definition 3.1 membership, footnote 1.

Polynomial goals are built from constructions.framework (SymPy matrix algebra); the kernel compares
them with the frozen statements in verify/kernel/specs/s3_framework.json, which are written out from the
paper's displays as expression strings (generator: verify/statements/s3_framework.py), and then re-checks
every identity itself. Counterexample goals are the registered statements themselves; their exact witness
points come from the construction.
"""

from __future__ import annotations

import sympy

from constructions import framework as fw
from constructions.exact import poly_terms
from verify.certificate import Obligation, make_certificate
from verify.kernel import statements
from verify.registry import claim

__all__: list[str] = []


def _identity(name: str, identity: fw.Identity) -> Obligation:
    """A polynomial identity lhs == rhs as canonical term lists."""
    variables, lhs, rhs = identity
    names = [str(v) for v in variables]
    return Obligation(
        name,
        "polynomial_identity",
        {"vars": names, "lhs": poly_terms(lhs, variables), "rhs": poly_terms(rhs, variables)},
    )


def _vanishing(name: str, variables: list[sympy.Symbol], poly: sympy.Expr, var: str, order: int) -> Obligation:
    """poly is divisible by var^order."""
    goal = {"vars": [str(v) for v in variables], "poly": poly_terms(poly, variables), "var": var, "order": order}
    return Obligation(name, "vanishing_order", goal)


def _counterexample(claim_id: str, name: str, verdict: str = "certified") -> Obligation:
    """The registered counterexample goal with the construction's exact witness point."""
    goal = next(o["goal"] for o in statements()[claim_id][verdict] if o["name"] == name)
    point = {k: str(v) for k, v in fw.COUNTEREXAMPLES[(claim_id, name)].items()}
    return Obligation(name, "counterexample", goal, {"point": point, "precision": 128})


def _certified(claim_id: str, identities: dict[str, fw.Identity], extra: list[Obligation] | None = None) -> dict:
    """A certified certificate made of polynomial identities (and any further obligations)."""
    obligations = [_identity(name, item) for name, item in identities.items()]
    return make_certificate(claim_id, "certified", obligations + (extra or []))


@claim("def3.1.matrix-form")
def matrix_form() -> dict:
    """Eq. (1) with W_ij = A_ij V and Y = V X A^T."""
    return _certified("def3.1.matrix-form", fw.matrix_form())


@claim("sec3.1.1.mlp")
def mlp() -> dict:
    """MLP: delta_ij weights give V x_i and Y = V X."""
    return _certified("sec3.1.1.mlp", fw.mlp())


@claim("sec3.1.1.cnn")
def cnn() -> dict:
    """CNN: banded c_{i-j} weights give the convolution and the Toeplitz form."""
    return _certified("sec3.1.1.cnn", fw.cnn())


@claim("sec3.1.2.kan")
def kan() -> dict:
    """KAN: separable weights give content channels and A = G^T H."""
    return _certified("sec3.1.2.kan", fw.kan())


@claim("sec3.1.2.kan.standard-layer")
def kan_standard_layer() -> dict:
    """A standard KAN layer applied per token is not of Definition 3.1 form (Nullstellensatz certificate)."""
    return _certified("sec3.1.2.kan.standard-layer", {"no-common-solution": fw.standard_kan_obstruction()})


@claim("sec3.1.2.attention")
def attention() -> dict:
    """Attention: token-level scores and the softmax framework form reproduce V_val A^T."""
    return _certified("sec3.1.2.attention", fw.attention())


def _linear(names: tuple[str, ...]) -> dict[str, fw.Identity]:
    items = fw.linear_attention()
    return {k: items[k] for k in names}


@claim("sec3.1.2.linear-attention")
def linear_attention() -> dict:
    """Linear attention: the framework sum and the transpose give V_val Psi^T Phi."""
    return _certified("sec3.1.2.linear-attention", _linear(("framework-sum", "transpose")))


@claim("sec3.1.2.summary-matrix")
def summary_matrix() -> dict:
    """Linear attention through the summary matrix S."""
    return _certified("sec3.1.2.summary-matrix", _linear(("summary",)))


@claim("sec3.1.2.causal-linear-attention")
def causal_linear_attention() -> dict:
    """Causal linear attention: prefix sums of S equal the lower-triangular masked weights."""
    return _certified("sec3.1.2.causal-linear-attention", _linear(("prefix-sums", "masked-matrix-form")))


@claim("def3.2.selective-ssm")
def selective_ssm() -> dict:
    """Time-varying dynamics with the time-ordered product; the other order fails at an exact point."""
    extra = [_counterexample("def3.2.selective-ssm", "order-matters")]
    return _certified("def3.2.selective-ssm", {"recurrence": fw.selective_ssm()}, extra)


@claim("def3.2.lti-ssm")
def lti_ssm() -> dict:
    """LTI SSM: W_ij = C A^{i-j} B reproduces the recurrence."""
    return _certified("def3.2.lti-ssm", {"recurrence": fw.lti_ssm()["recurrence"]})


@claim("sec3.2.duality.convolution")
def duality_convolution() -> dict:
    """Recurrence = causal convolution with k_tau = C A^tau B, and = zero-padded FFT product."""
    items = {"unrolled-convolution": fw.lti_ssm()["unrolled-convolution"], "fft-padded": fw.fft_convolution()}
    return _certified("sec3.2.duality.convolution", items)


@claim("sec3.2.duality.scan")
def duality_scan() -> dict:
    """Associativity of affine composition; the tree scan equals the recurrence."""
    return _certified("sec3.2.duality.scan", fw.affine_scan())


@claim("sec3.2.rnn-jacobian")
def rnn_jacobian() -> dict:
    """Jacobian weights of a nonlinear RNN by the chain rule; constant in the linear case; input-dependent otherwise."""
    items = fw.rnn_jacobian()
    obligations = [_vanishing(name, *items[name], "t", 2) for name in ("jacobian-21", "jacobian-22")]
    variables, poly = items["linear-case"]
    obligations.append(_identity("linear-case", (variables, poly, sympy.Integer(0))))
    obligations.append(_counterexample("sec3.2.rnn-jacobian", "input-dependent"))
    return make_certificate("sec3.2.rnn-jacobian", "certified", obligations)


@claim("fn1")
def footnote1() -> dict:
    """Footnote 1: concatenation then W_O equals a sum of heads with V^(h) = W_O^(h) V_h."""
    return _certified("fn1", {"sum-of-heads": fw.multi_head()})


def _positional(kernel: dict[int, sympy.Expr], symbols: list[sympy.Symbol], weights: sympy.Matrix) -> fw.Identity:
    """sum_ij M_ij F(i, j) == sum_ij M_ij A_ij for the positional pair function F."""
    M = fw.sym_matrix("M", 3, 3)
    _, values = fw.positional_pair_function(kernel)
    return ([*symbols, *[M[r, c] for r in range(3) for c in range(3)]], fw.pairing(M, values), fw.pairing(M, weights))


@claim("def3.1.membership.mlp")
def membership_mlp() -> dict:
    """MLP is in Definition 3.1 with positions in the token, not on content alone."""
    identity = _positional({0: sympy.Integer(1)}, [], sympy.eye(3))
    extra = [_counterexample("def3.1.membership.mlp", "content-alone-insufficient")]
    return _certified("def3.1.membership.mlp", {"positional-pair-function": identity}, extra)


@claim("def3.1.membership.cnn")
def membership_cnn() -> dict:
    """CNN is in Definition 3.1 with positions in the token, not on content alone."""
    c = {-1: sympy.Symbol("cm1"), 0: sympy.Symbol("c0"), 1: sympy.Symbol("cp1")}
    toeplitz = sympy.Matrix(3, 3, lambda i, j: c[i - j] if abs(i - j) <= 1 else 0)
    identity = _positional(c, [c[-1], c[0], c[1]], toeplitz)
    extra = [_counterexample("def3.1.membership.cnn", "content-alone-insufficient")]
    return _certified("def3.1.membership.cnn", {"positional-pair-function": identity}, extra)


@claim("def3.1.membership.kan")
def membership_kan() -> dict:
    """KAN-style separable weights are a pair function of the two tokens."""
    return _certified("def3.1.membership.kan", {"pair-function": fw.kan_membership()})


@claim("def3.1.membership.linear-attention")
def membership_linear_attention() -> dict:
    """Unnormalized linear attention is a pair function of the two tokens."""
    return _certified("def3.1.membership.linear-attention", {"pair-function": fw.linear_attention_membership()})


@claim("def3.1.membership.attention")
def membership_attention() -> dict:
    """Softmax attention is not of Definition 3.1 form: refuted by two exact sequences."""
    names = ("pair-determines-weight", "no-pairwise-form")
    obligations = [_counterexample("def3.1.membership.attention", name, "refuted") for name in names]
    return make_certificate("def3.1.membership.attention", "refuted", obligations)


@claim("def3.1.membership.attention.corrected")
def membership_attention_corrected() -> dict:
    """Softmax attention is in the wider class alpha_ij(X) V with a pair-function kernel."""
    items = {"score-bilinear": fw.attention_score_bilinear(), "normalized-form": fw.attention()["framework"]}
    return _certified("def3.1.membership.attention.corrected", items)


@claim("def3.1.membership.normalized-linear-attention")
def membership_normalized_linear_attention() -> dict:
    """Normalized linear attention is not of Definition 3.1 form."""
    names = ("pair-does-not-determine-weight", "no-pairwise-form")
    obligations = [_counterexample("def3.1.membership.normalized-linear-attention", name) for name in names]
    return make_certificate("def3.1.membership.normalized-linear-attention", "certified", obligations)
