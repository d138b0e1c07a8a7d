"""The algorithms whose costs Section 3 and Table 1 state, written as loop nests (constructions/costs.py).

Sizes: n (sequence length, n = 2^k for the scans), d (token dimension), p (output dimension), r (feature or key
dimension), s (state dimension), w (convolution width). Memory counts the cells an algorithm materializes for
its interaction weights or states (Table 1's caption), not its inputs, outputs or per-token intermediates.
Loop variables avoid the name i, which the kernel reserves for the imaginary unit.
"""

from __future__ import annotations

from constructions.costs import algorithm, alloc, call, op, par, red, seq

__all__ = ["PROGRAMS", "program"]


def _dot(var: str, length: str) -> dict:
    """A dot product of the given length: a reduction of products."""
    return red(var, length, "1", op("mul"))


def _project(rows: str, inner: str, *extra: dict) -> dict:
    """Every token times a rows x inner matrix (each entry a dot product), then `extra` per entry."""
    return par("t", "1", "n", par("a", "1", rows, _dot("b", inner), *extra))


def _taps() -> dict:
    """Every output of the separable CNN: w taps of the kernel against U = V X (zero padding at the ends)."""
    return par("t", "1", "n", par("a", "1", "p", _dot("c", "w")))


def _combine_affine() -> list[dict]:
    """(A2, b2) o (A1, b1) = (A2 A1, A2 b1 + b2) for s x s matrices and s-vectors."""
    return [
        par("a", "1", "s", par("c", "1", "s", _dot("e", "s"))),
        par("a", "1", "s", _dot("e", "s"), op("add")),
    ]


def _combine_diagonal() -> list[dict]:
    """(a2, b2) o (a1, b1) = (a2 a1, a2 b1 + b2) for diagonal transitions (s-vectors)."""
    return [par("a", "1", "s", op("mul")), par("a", "1", "s", op("mul"), op("add"))]


def _combine_matrix() -> list[dict]:
    """M2 o M1 = M2 M1 for s x s matrices (Jacobian factors of a nonlinear RNN)."""
    return [par("a", "1", "s", par("c", "1", "s", _dot("e", "s")))]


def _jacobian_factors() -> dict:
    """M_t = diag(1 - h_t^2) W for every t (tanh' from the stored states h_t): s derivatives, s^2 products."""
    return par("t", "1", "n", par("a", "1", "s", op("mul"), op("add"), par("c", "1", "s", op("mul"))))


def _scan(element: str, combine: list[dict]) -> dict:
    """The inclusive scan on 2N items: combine pairs, scan the N pair results, fix the N - 1 odd positions."""
    step = [alloc(f"N*({element})"), par("m", "1", "N", *combine), call("scan"), par("m", "1", "N - 1", *combine)]
    return {"scan": {"size": "N", "level": "K", "base": [], "step": step}}


def _programs() -> dict[str, dict]:
    """Every algorithm by name."""
    summary = [
        alloc("r*p"),
        par("a", "1", "r", par("b", "1", "p", _dot("t", "n"))),
        par("t", "1", "n", par("b", "1", "p", _dot("a", "r"))),
    ]
    weights = par("t", "1", "n", par("jj", "1", "n", _dot("a", "r")))
    mix = par("t", "1", "n", par("b", "1", "p", _dot("jj", "n")))
    attention = [
        _project("r", "d"),
        _project("r", "d"),
        alloc("n^2"),
        par("t", "1", "n", par("jj", "1", "n", _dot("a", "r"), op("mul"))),
        par("t", "1", "n", par("jj", "1", "n", op("exp"))),
        par("t", "1", "n", red("jj", "n", "1")),
        par("t", "1", "n", par("jj", "1", "n", op("div"))),
        _project("p", "d"),
        mix,
    ]
    linear = [_project("r", "d", op("feature")), _project("r", "d", op("feature")), _project("p", "d"), *summary]
    ssm_step = [par("a", "1", "s", _dot("b", "s"), _dot("c", "d"), op("add")), par("e", "1", "p", _dot("a", "s"))]
    sel_step = [
        par("a", "1", "s", _dot("c", "d"), op("sigmoid")),
        par("a", "1", "s", _dot("c", "d")),
        par("a", "1", "s", _dot("c", "d")),
        par("a", "1", "s", op("mul"), op("add")),
        _dot("a", "s"),
    ]
    ssm_scan = [_project("s", "d"), call("scan", "n"), par("t", "1", "n", par("e", "1", "p", _dot("a", "s")))]
    sel_scan = [
        alloc("3*n*s"),
        _project("s", "d", op("sigmoid")),
        _project("s", "d"),
        _project("s", "d"),
        call("scan", "n"),
        par("t", "1", "n", _dot("a", "s")),
    ]
    return {
        "parameters.tensor": algorithm(["n", "p", "d"], [par("t", "1", "n", par("jj", "1", "n", alloc("p*d")))]),
        "parameters.factorized": algorithm(["n", "p", "d"], [alloc("n^2"), alloc("p*d")]),
        "summary-matrix": algorithm(["n", "p", "r"], summary),
        "summary-matrix.one-output": algorithm(["p", "r"], [par("b", "1", "p", _dot("a", "r"))]),
        "pairwise.given-weights": algorithm(["n", "p"], [mix]),
        "pairwise.with-weights": algorithm(["n", "p", "r"], [weights, mix]),
        "linear-attention.quadratic": algorithm(["n", "p", "r"], [alloc("n^2"), weights, mix]),
        "linear-attention.reordered": algorithm(["n", "p", "r"], summary),
        "mlp": algorithm(["n", "d", "p"], [_project("p", "d")]),
        "cnn": algorithm(["n", "d", "p", "w"], [alloc("w"), _project("p", "d"), _taps()]),
        "attention": algorithm(["n", "d", "p", "r"], attention),
        "linear-attention": algorithm(["n", "d", "p", "r"], linear),
        "ssm.recurrence": algorithm(["n", "d", "p", "s"], [alloc("2*s"), seq("t", "1", "n", *ssm_step)]),
        "ssm.scan": algorithm(["n", "d", "p", "s"], ssm_scan, {"n": "k"}, _scan("s^2 + s", _combine_affine())),
        "selective-ssm.recurrence": algorithm(["n", "d", "s"], [alloc("4*s"), seq("t", "1", "n", *sel_step)]),
        "selective-ssm.scan": algorithm(["n", "d", "s"], sel_scan, {"n": "k"}, _scan("2*s", _combine_diagonal())),
        "rnn-jacobian.sequential": algorithm(
            ["n", "s"], [alloc("n*s^2"), _jacobian_factors(), alloc("s^2"), seq("t", "1", "n", *_combine_matrix())]
        ),
        "rnn-jacobian.scan": algorithm(
            ["n", "s"],
            [alloc("n*s^2"), _jacobian_factors(), call("scan", "n")],
            {"n": "k"},
            _scan("s^2", _combine_matrix()),
        ),
    }


PROGRAMS = _programs()


def program(name: str) -> dict:
    """A copy-free view of one algorithm (callers must not mutate it)."""
    return PROGRAMS[name]
