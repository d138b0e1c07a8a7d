"""Statements of Section 3: the framework's identities per architecture, Definition 3.1 membership, footnote 1.

Each polynomial goal is a formula of the paper written out at small sizes by verify.statements.display (the
formulas: s3_architectures for Section 3.1, s3_dynamics for Section 3.2 and footnote 1, s3_membership for
Definition 3.1 membership): the framework's output y_i = sum_j f_ij (V x_j) with the architecture's f
against its standard form, matrix identities paired with a free test matrix L. The certificates
(verify/claims/s3_framework.py) build the same identities independently in SymPy (constructions/framework.py)
and the kernel compares the two as polynomials. Counterexample goals are claims at exact points; the
certificates read them back from this statement and add the points.
"""

from __future__ import annotations

from verify.statements import entry
from verify.statements.display import identity
from verify.statements.s3_architectures import (
    KERNEL,
    N,
    attention,
    banded,
    cnn,
    kan,
    kan_standard_layer,
    linear_attention,
    matrix_form,
    mlp,
)
from verify.statements.s3_dynamics import affine_scan, fft_convolution, lti_ssm, multi_head, rnn_jacobian, selective_ssm
from verify.statements.s3_membership import (
    POSITIVE_FEATURES,
    SOFTMAX,
    SOFTMAX_UNIT,
    attention_corrected,
    content_alone_insufficient,
    kan_membership,
    linear_attention_membership,
    not_a_pair_function,
    positional_pair_function,
)
from verify.statements.s3_texts import TEXTS

__all__ = ["entries", "TEXTS"]


def _membership() -> dict[str, tuple[str, list[dict]]]:
    """Definition 3.1 membership: MLP and CNN with positions in the token, KAN, linear and softmax attention."""
    mlp_weights, cnn_weights = identity(N), banded(N)
    mlp_counter = content_alone_insufficient(identity(2), ((0, 0), (0, 1)), [])  # delta_11 = 1, delta_12 = 0
    cnn_counter = content_alone_insufficient(cnn_weights, ((0, 0), (0, 2)), [KERNEL[0]])  # c_0, and 0 off the band
    softmax = not_a_pair_function((SOFTMAX, SOFTMAX_UNIT), ("pair-determines-weight", "no-pairwise-form"), ("wq", "wk"))
    normalized = ("pair-does-not-determine-weight", "no-pairwise-form")
    return {
        "def3.1.membership.mlp": ("certified", [positional_pair_function({0: "1"}, mlp_weights, []), mlp_counter]),
        "def3.1.membership.cnn": (
            "certified",
            [positional_pair_function(KERNEL, cnn_weights, list(KERNEL.values())), cnn_counter],
        ),
        "def3.1.membership.kan": ("certified", [kan_membership()]),
        "def3.1.membership.linear-attention": ("certified", [linear_attention_membership()]),
        "def3.1.membership.attention": ("refuted", softmax),
        "def3.1.membership.attention.corrected": ("certified", attention_corrected()),
        "def3.1.membership.normalized-linear-attention": (
            "certified",
            not_a_pair_function((POSITIVE_FEATURES, POSITIVE_FEATURES), normalized),
        ),
    }


def entries() -> dict:
    """The Section 3 statements in paper order."""
    linear, lti = linear_attention(), lti_ssm()
    goals = {
        "def3.1.matrix-form": ("certified", matrix_form()),
        "sec3.1.1.mlp": ("certified", mlp()),
        "sec3.1.1.cnn": ("certified", cnn()),
        "sec3.1.2.kan": ("certified", kan()),
        "sec3.1.2.kan.standard-layer": ("certified", kan_standard_layer()),
        "sec3.1.2.attention": ("certified", attention()),
        "sec3.1.2.linear-attention": ("certified", [linear["framework-sum"], linear["transpose"]]),
        "sec3.1.2.summary-matrix": ("certified", [linear["summary"]]),
        "sec3.1.2.causal-linear-attention": ("certified", [linear["prefix-sums"], linear["masked-matrix-form"]]),
        "def3.2.selective-ssm": ("certified", selective_ssm()),
        "def3.2.lti-ssm": ("certified", [lti["recurrence"]]),
        "sec3.2.duality.convolution": ("certified", [lti["unrolled-convolution"], fft_convolution()]),
        "sec3.2.duality.scan": ("certified", affine_scan()),
        "sec3.2.rnn-jacobian": ("certified", rnn_jacobian()),
        "fn1": ("certified", [multi_head()]),
        **_membership(),
    }
    return {claim: entry(TEXTS[claim], verdict, items) for claim, (verdict, items) in goals.items()}
