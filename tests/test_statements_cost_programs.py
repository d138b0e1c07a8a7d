"""The cost programs of the statements and their counts (verify/statements/s3_cost_programs.py)."""

from __future__ import annotations

import pytest

from verify.statements.polynomials import Poly, poly
from verify.statements.s3_cost_programs import PROGRAMS, _block, cost_goal, counts


def _value(p: Poly, sizes: dict[str, int]) -> int:
    """A polynomial evaluated at integer sizes."""
    v = p.subs(sizes)
    assert v.names() == set()
    return int(v.terms.get((), 0))


def _run(statements: list[dict], sizes: dict[str, int], model: str, procedures: dict) -> tuple[dict, int, int]:
    """(ops, memory, depth) by executing the loop nest at concrete sizes, every iteration visited."""
    ops: dict[str, int] = {}
    memory = depth = 0
    for s in statements:
        if "op" in s:
            o, m, d = {s["op"]: 1}, 0, 1
        elif "alloc" in s:
            o, m, d = {}, _value(poly(s["alloc"]), sizes), 0
        elif "call" in s:
            proc = procedures[s["call"]]
            size = sizes[s["size"] if "size" in s else proc["size"]]  # inside the step, the call is on N
            if size == 1:
                o, m, d = _run(proc["base"], sizes, model, procedures)
            else:
                o, m, d = _run(proc["step"], {**sizes, proc["size"]: size // 2}, model, procedures)
        else:
            lo, hi = _value(poly(s["from"]), sizes), _value(poly(s["to"]), sizes)
            o, m, d = {}, 0, 0
            depths = []
            for j in range(lo, hi + 1):
                bo, bm, bd = _run(s["body"], {**sizes, s["var"]: j}, model, procedures)
                for key, x in bo.items():
                    o[key] = o.get(key, 0) + x
                m += bm
                depths.append(bd)
            d = sum(depths) if s["loop"] == "seq" else max(depths, default=0)
            if not depths:  # an empty parallel loop: the body's depth at any index (as the counts define it)
                d = _run(s["body"], {**sizes, s["var"]: 1}, model, procedures)[2]
            if s["loop"] == "sum":
                o["add"] = o.get("add", 0) + _value(poly(s["width"]), sizes) * (hi - 1)
                d += (hi - 1).bit_length() if model == "fan-in-2" else 1
        for key, x in o.items():
            ops[key] = ops.get(key, 0) + x
        memory, depth = memory + m, depth + d
    return ops, memory, depth


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("model", ["fan-in-2", "unbounded-fan-in"])
def test_the_counts_agree_with_executing_the_program_at_small_sizes(name, model):
    algo, c = PROGRAMS[name], counts(name, model)
    for n, other in ((1, 1), (2, 3), (4, 2), (8, 2)):
        sizes = {x: other + k for k, x in enumerate(algo["sizes"])}
        sizes["n"] = n
        if algo["powers"]:
            sizes["k"] = n.bit_length() - 1
        sizes.update({f"lg_{x}": (v - 1).bit_length() for x, v in sizes.items()})
        ops, memory, depth = _run(algo["program"], sizes, model, algo["procedures"])
        assert {k: _value(v, sizes) for k, v in c.ops.items() if _value(v, sizes)} == {
            k: v for k, v in ops.items() if v
        }
        assert (_value(c.memory, sizes), _value(c.depth, sizes)) == (memory, depth)


def test_the_summary_matrix_costs_what_the_statement_says():
    c = counts("summary-matrix")
    assert {k: v.text() for k, v in c.ops.items()} == {"mul": "2*n*p*r", "add": "2*n*p*r - n*p - p*r"}
    assert (c.memory.text(), c.depth.text()) == ("p*r", "lg_n + lg_r + 2")


def test_the_scan_recursion_is_summed_as_a_geometric_series():
    c = counts("rnn-jacobian.scan")
    assert c.memory == poly("n*s^2 + (n - 1)*s^2")  # the factors, then N s^2 cells at each level N = n/2, ..., 1
    assert c.depth.text() == "2*k*lg_s + 2*k + 3"


def test_a_loop_whose_body_uses_its_variable_is_refused():
    loop = {"loop": "par", "var": "t", "from": "1", "to": "n", "body": [{"alloc": "t"}]}
    with pytest.raises(ValueError, match="depends on the loop variable"):
        _block([loop], "fan-in-2", {}, {})


def test_a_cost_goal_lists_the_algorithm_then_model_and_counts():
    goal = cost_goal("x", "mlp")["goal"]
    assert list(goal) == ["sizes", "powers", "procedures", "program", "model", "ops", "memory", "depth"]
    assert goal["ops"] == {"add": "d*n*p - n*p", "mul": "d*n*p"}
