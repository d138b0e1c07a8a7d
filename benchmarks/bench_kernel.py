"""Hostile certificates against `verify check`: time, CPU, peak memory, exit code, never a traceback.

Figures to reach (issues 12 and 20): every file of at most 16 MiB answers in <= 5 s CPU with <= 300 MB peak memory
and no traceback; all committed certificates re-check in <= 10 s. Each case is a committed certificate edited by a
forger and re-sealed (verify.certificate.reseal), so that only the kernel's mathematics and its bounds can refuse it.

Run: python benchmarks/bench_kernel.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verify.certificate import reseal  # noqa: E402
from verify.kernel import canonical_bytes  # noqa: E402
from verify.kernel.core.limits import MAX_FILE_BYTES, MAX_JSON_CONTAINERS, MAX_JSON_VALUES, WORK_BUDGET  # noqa: E402

CERTS = ROOT / "certs"
MAX_BYTES = 1_000_000
# Just under the kernel's count bounds (commas and brackets counted before parsing): the most a file may hold.
VALUES = MAX_JSON_VALUES - 1_000
CONTAINERS = MAX_JSON_CONTAINERS - 1_000


def compact_bytes(cert: dict) -> bytes:
    """The certificate as compact JSON (same content, same hash, no layout)."""
    return json.dumps(cert, sort_keys=True, separators=(",", ":")).encode("ascii")


def _load(claim: str) -> dict:
    """A committed certificate."""
    return json.loads((CERTS / f"{claim}.json").read_text())


def _ob(cert: dict, name: str) -> dict:
    """One obligation by name."""
    return next(o for o in cert["obligations"] if o["name"] == name)


def sos_power_blowup() -> dict:
    """A square (a+b+v1+v2+1)^40: millions of terms if expanded."""
    cert = _load("thm4.2.eq5")
    _ob(cert, "lower-bound")["witness"]["terms"][0]["square"] = "(a+b+v1+v2+1)^40"
    return cert


def many_powers() -> dict:
    """12,000 copies of 1^10000 in one witness square (about 100 KB)."""
    cert = _load("thm4.2.eq5")
    _ob(cert, "lower-bound")["witness"]["terms"][0]["square"] = "+".join(["1^10000"] * 12000)
    return cert


def long_sum() -> dict:
    """A square a + a + ... with 100,000 terms (recursion depth if evaluated naively)."""
    cert = _load("thm4.2.eq5")
    _ob(cert, "lower-bound")["witness"]["terms"][0]["square"] = "+".join(["a"] * 100_000)[: MAX_BYTES // 2]
    return cert


def huge_identity_extra() -> dict:
    """An obligation the statement does not list: I(4096) + I(4096) == 2 I(4096)."""
    cert = _load("thm4.2.step1")
    goal = {"matrices": {}, "lhs": "I(4096)+I(4096)", "rhs": "2*I(4096)"}
    cert["obligations"].append({"name": "extra", "kind": "matrix_identity", "goal": goal})
    return cert


def lowrank_long_teacher() -> dict:
    """exp.fig3.optimum.k8 with n = 4096 (the goal then differs from the statement)."""
    cert = _load("exp.fig3.optimum.k8")
    for o in cert["obligations"]:
        o["goal"]["n"] = 4096
    return cert


def big_sos_witness() -> dict:
    """5,000 witness terms each a 100-digit square: a near-1 MB file of real arithmetic."""
    cert = _load("thm4.2.eq5")
    terms = _ob(cert, "lower-bound")["witness"]["terms"]
    big = "1" + "7" * 99
    terms += [{"coeff": "1", "atoms": [], "square": f"{big}*a*b*v1 - {big}*v2"} for _ in range(1500)]
    return cert


def deep_parentheses() -> dict:
    """Parentheses nested 10,000 deep in a witness square."""
    cert = _load("thm4.2.eq5")
    _ob(cert, "lower-bound")["witness"]["terms"][0]["square"] = "(" * 10_000 + "a" + ")" * 10_000
    return cert


def interval_high_precision() -> dict:
    """thm5.1.conclusion.instance re-checked at 100,000 bits of precision on every piece of its cover."""
    cert = _load("thm5.1.conclusion.instance")
    for name in ("eps-10", "eps-100"):
        _ob(cert, name)["witness"]["precision"] = 100_000
    return cert


def interval_many_pieces() -> dict:
    """thm5.1.conclusion.instance with its cover split into 15,000 pieces at 100,000 bits."""
    cert = _load("thm5.1.conclusion.instance")
    ob = _ob(cert, "eps-10")
    low, high = ob["witness"]["pieces"][0][0], ob["witness"]["pieces"][-1][1]
    from fractions import Fraction

    a, b = Fraction(low), Fraction(high)
    cuts = [a + (b - a) * k / 15_000 for k in range(15_001)]
    ob["witness"]["pieces"] = [[str(x), str(y)] for x, y in zip(cuts, cuts[1:])]
    ob["witness"]["precision"] = 100_000
    return cert


def heads_big_annihilator() -> dict:
    """thm4.4.heads with a monic annihilator of degree 4,000 (only 3 states): refused by its shape."""
    cert = _load("thm4.4.heads")
    for o in cert["obligations"]:
        if "annihilator" in (o.get("witness") or {}):
            o["witness"]["annihilator"] = ["1"] * 4000
    return cert


def modes_big_ssm() -> dict:
    """appA.ssm for a forged 36-state SSM with 60-digit entries (distinct denominators), A, B, C changed in every
    goal that carries them: the kernel computes its impulse responses before anything else can fail."""
    import random

    from verify.mutation import set_param

    rng = random.Random(1)
    from fractions import Fraction

    e = lambda: str(Fraction(rng.randint(1, 10**60), rng.randint(1, 10**60)))  # noqa: E731 - canonical: lowest terms
    cert = _load("appA.ssm")
    new = {"A": [[e() for _ in range(36)] for _ in range(36)], "B": [[e(), e()] for _ in range(36)]}
    new["C"] = [[e() for _ in range(36)] for _ in range(2)]
    for name, value in new.items():
        set_param(cert, name, value)
    return cert


def modes_high_power() -> dict:
    """appA.ssm with the closed form of W replaced by one mode a - c, c with 3,900 digits, given as a polynomial of
    degree 2 in tau (so mu = (a - c)^3 with huge coefficients), consistently in every goal: the recurrence check's
    products are charged by the sizes of mu's coefficients before they run."""
    from verify.mutation import set_param

    cert = _load("appA.ssm")
    big = "7" * 3900
    coeff = [[[[big], ["1"], ["1"]] for _ in row] for row in cert["params"]["output"][0]["coeff"]]
    new = {"output": [{"modulus": f"a - {big}/3", "coeff": coeff}]}
    for name, value in new.items():
        set_param(cert, name, value)
    return cert


def _junk_witness(junk: object) -> dict:
    """thm4.2.eq5 with `junk` under a witness key that no kind knows (issue 20: it used to be hashed twice)."""
    cert = _load("thm4.2.eq5")
    _ob(cert, "attained")["witness"]["junk"] = junk
    return cert


def unknown_key_integers() -> dict:
    """Integers under an unknown witness key, as many as the value bound allows."""
    return _junk_witness([1] * VALUES)


def unknown_key_floats() -> dict:
    """Floats under an unknown witness key (each a Python object once read), as many as the value bound allows."""
    return _junk_witness([1.5] * VALUES)


def unknown_key_strings() -> dict:
    """Distinct 13-character strings under an unknown witness key (about 16 MB), as many as the bounds allow."""
    return _junk_witness([f"{k:013d}" for k in range(VALUES)])


def unknown_key_objects() -> dict:
    """Empty objects under an unknown witness key (the most expensive value per byte), as many as allowed."""
    return _junk_witness([{} for _ in range(CONTAINERS)])


def huge_goal_matrix() -> dict:
    """thm4.2.step1's 2 x 2 rotation replaced by a 999 x 999 matrix in one goal (about 11 MB)."""
    cert = _load("thm4.2.step1")
    _ob(cert, "W1")["goal"]["matrices"]["A"] = [["123456/7"] * 999 for _ in range(999)]
    return cert


def repeated_rank_combinations() -> dict:
    """A true combination for a minor row repeated as often as the bracket bound allows (once checked for free)."""
    cert = _load("thm4.2.step1")
    combination = {"row": 0, "coefficients": ["1", "0"]}
    _ob(cert, "not-collinear")["witness"]["combinations"] = [combination] * (CONTAINERS // 2)
    return cert


def unknown_key_8m() -> dict:
    """8 million integers under an unknown witness key (16 MB compact; issue 20: 6.6 s and 695 MB before)."""
    return _junk_witness([0] * 8_000_000)


def huge_goal_list() -> dict:
    """thm4.2.step1's goal matrix A replaced by one row of entries "12345/7", as many as the value bound allows."""
    cert = _load("thm4.2.step1")
    _ob(cert, "W1")["goal"]["matrices"]["A"] = [["12345/7"] * VALUES]
    return cert


def rank_long_coefficients() -> dict:
    """A rank combination with as many coefficients as the value bound allows (the rank is 1)."""
    cert = _load("appA.eq18.singular")
    combinations = _ob(cert, "A-to-the-1-is-nonzero")["witness"]["combinations"]
    combinations[0]["coefficients"] = ["1/3"] * VALUES
    return cert


def rank_long_rows() -> dict:
    """A rank witness whose minor rows list is as long as the value bound allows."""
    cert = _load("thm4.2.step1")
    _ob(cert, "not-collinear")["witness"]["rows"] = [0] * VALUES
    return cert


def sos_many_terms() -> dict:
    """thm4.2.eq5's sum of squares with as many terms {coeff, square} as the bracket bound allows, each read."""
    cert = _load("thm4.2.eq5")
    _ob(cert, "lower-bound")["witness"]["terms"] += [{"coeff": "1/3", "square": "a*b - v1"}] * (CONTAINERS - 100)
    return cert


def surrogate_claim() -> dict:
    """A lone surrogate in "claim" (written as the escape \\ud800; text output must survive it)."""
    cert = _load("thm4.2.eq5")
    cert["claim"] = "thm4.2.eq5\ud800"
    return cert


def _with_precision(claim: str, bits: int) -> dict:
    """A committed certificate with every witness precision set to `bits` (the one knob a forger has when the
    statement fixes the goal): the kernel's ball arithmetic and root isolation then run at that precision."""
    cert = _load(claim)
    for o in cert["obligations"]:
        if isinstance(o.get("witness"), dict) and "precision" in o["witness"]:
            o["witness"]["precision"] = bits
    return cert


def lowrank_precision_8k() -> dict:
    """exp.fig3.optimum.k8 (G is 64 x 64) at 8,192 bits: just under the work bound for its root isolation."""
    return _with_precision("exp.fig3.optimum.k8", 8_192)


def lowrank_precision_max() -> dict:
    """exp.fig3.optimum.k8 at MAX_PRECISION bits (5.6 s CPU, accepted, before its eigenvalues were charged by it)."""
    return _with_precision("exp.fig3.optimum.k8", 100_000)


def jacobian_precision_32k() -> dict:
    """exp.fig4 (seven ssm_jacobian obligations, five 2-norms each) at 32,768 bits."""
    return _with_precision("exp.fig4", 32_768)


def jacobian_precision_max() -> dict:
    """exp.fig4 at MAX_PRECISION bits (71 s CPU, accepted, when its 2-norms were charged without the precision)."""
    return _with_precision("exp.fig4", 100_000)


def _forged_fig4(m: int, digits: int) -> dict:
    """exp.fig4 with A (m x m), B (m x 8), C (8 x m) of random rationals with `digits`-digit distinct denominators
    (A, B, C are parameters of the statement: a forger chooses them, and every 2-norm is then a big charpoly)."""
    import random
    from fractions import Fraction

    from verify.mutation import set_param

    rng = random.Random(1)

    def entry() -> str:
        """A random canonical rational."""
        return str(Fraction(rng.randint(-(10**digits), 10**digits), rng.randint(1, 10**digits)))

    cert = _load("exp.fig4")
    set_param(cert, "A", [[entry() for _ in range(m)] for _ in range(m)])
    set_param(cert, "B", [[entry() for _ in range(8)] for _ in range(m)])
    set_param(cert, "C", [[entry() for _ in range(m)] for _ in range(8)])
    return cert


def jacobian_forged_teacher() -> dict:
    """exp.fig4 with a forged 16-state teacher of 14-digit entries: the dearest size found (charpoly of A^T A just
    within the budget; 4.1 s CPU at 30 digits before the charpoly was charged by the limbs squared)."""
    return _forged_fig4(16, 14)


def _float_layer(rows: int, modes: int, n: int) -> dict:
    """A float_gram certificate for a random stable depthwise layer (arrays, n are parameters of the statement)."""
    from fractions import Fraction

    import numpy as np

    from verify.claims.exp_heads_float import example_layer, float_certificate

    rng = np.random.default_rng(0)
    a = 0.95 * np.exp(1j * rng.uniform(0, np.pi, (rows, modes))) * rng.uniform(0.5, 1.0, (rows, modes))
    c = rng.standard_normal((rows, modes)) + 1j * rng.standard_normal((rows, modes))
    return float_certificate("depthwise", "rows", {"a": a, "c": c}, example_layer()[1], n, Fraction(1, 100))[0]


def float_gram_long_rows() -> dict:
    """float_gram, 32 channels x 4 modes at n = 65,536: the most row values allowed (2^21), few modes."""
    return _float_layer(32, 4, 65_536)


def float_gram_wide_layer() -> dict:
    """float_gram, 512 channels x 64 modes at n = 4,096: 2^21 row values (at 2^22, 297 MB), most of the budget."""
    return _float_layer(512, 64, 4_096)


def heads_error_precision_max() -> dict:
    """exp.fig3.optimum.ssm's heads_error obligation at MAX_PRECISION bits."""
    return _with_precision("exp.fig3.optimum.ssm", 100_000)


def counterexample_precision_max() -> dict:
    """def3.1.membership.attention's counterexamples evaluated at MAX_PRECISION bits."""
    return _with_precision("def3.1.membership.attention", 100_000)


def interval_precision_max() -> dict:
    """exp.fig3's interval inequalities on their covers at MAX_PRECISION bits."""
    return _with_precision("exp.fig3", 100_000)


# Cases written compactly (a forger need not use the canonical layout) up to MAX_FILE_BYTES, not 1 MB.
LARGE = {"unknown_key_integers", "unknown_key_floats", "unknown_key_strings", "unknown_key_objects"}
LARGE |= {"huge_goal_matrix", "repeated_rank_combinations", "unknown_key_8m", "huge_goal_list"}
LARGE |= {"rank_long_coefficients", "rank_long_rows", "sos_many_terms", "interval_precision_max"}
LARGE |= {"float_gram_long_rows", "float_gram_wide_layer"}

CASES: dict[str, Callable[[], dict]] = {
    f.__name__: f
    for f in (
        sos_power_blowup,
        many_powers,
        long_sum,
        huge_identity_extra,
        lowrank_long_teacher,
        big_sos_witness,
        deep_parentheses,
        interval_high_precision,
        interval_many_pieces,
        heads_big_annihilator,
        modes_big_ssm,
        modes_high_power,
        unknown_key_integers,
        unknown_key_floats,
        unknown_key_strings,
        unknown_key_objects,
        huge_goal_matrix,
        repeated_rank_combinations,
        unknown_key_8m,
        huge_goal_list,
        rank_long_coefficients,
        rank_long_rows,
        surrogate_claim,
        sos_many_terms,
        lowrank_precision_8k,
        lowrank_precision_max,
        jacobian_precision_32k,
        jacobian_precision_max,
        jacobian_forged_teacher,
        heads_error_precision_max,
        float_gram_long_rows,
        float_gram_wide_layer,
        counterexample_precision_max,
        interval_precision_max,
    )
}


# The child runs `python -m verify check` unchanged, with Budget.charge wrapped so that it reports the most units
# one certificate used (the charge at which a hostile file was stopped, or what an accepted one cost).
_SPY = """
import atexit, runpy, sys
from verify.kernel.core import limits
peak = [0]
charge = limits.Budget.charge
def spy(self, units, what):
    try:
        charge(self, units, what)
    finally:
        peak[0] = max(peak[0], self.used)
limits.Budget.charge = spy
atexit.register(lambda: sys.stderr.write(f"\\nUNITS {peak[0]}\\n"))
sys.argv = ["verify", *sys.argv[1:]]
runpy.run_module("verify", run_name="__main__")
"""


def _run(paths: list[Path], checker: Path = ROOT) -> tuple[float, float, int, int, str, int]:
    """Seconds, CPU seconds, peak RSS in MB, exit code, message and most units one certificate used, of one
    `verify check` child (os.wait4: its own figures)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(
            [sys.executable, "-c", _SPY, "check", "--partial", *map(str, paths)],
            cwd=checker,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode("utf-8", "backslashreplace")
    units = 0
    if "\nUNITS " in text:
        text, _, tail = text.rpartition("\nUNITS ")
        units = int(tail.split()[0])
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss // 1024  # kilobytes on Linux
    if "Traceback" in text:
        return seconds, cpu, peak, child.returncode, "TRACEBACK: " + text.strip().splitlines()[-1], units
    lines = [line for line in text.splitlines() if line.startswith("    ")]
    last = (lines[0].strip() if lines else text.strip().splitlines()[-1])[:110]
    return seconds, cpu, peak, child.returncode, last, units


def calibrate() -> None:
    """CPU microseconds per charged unit of the root-isolation and characteristic-polynomial models (limits.py), on
    dense symmetric matrices with distinct denominators (the dearest kind) and common ones; <= 1 is at or above."""
    import random

    from flint import ctx, fmpq, fmpq_mat

    from verify.kernel.core.flint_matrix import numerator_bits
    from verify.kernel.core.limits import charpoly_units, root_isolation_units

    rng = random.Random(0)

    def symmetric(n: int, bits: int, common: bool) -> fmpq_mat:
        """A random symmetric n x n rational matrix."""
        m = [[fmpq(0)] * n for _ in range(n)]
        for i in range(n):
            for j in range(i, n):
                den = 2**bits if common else rng.randint(1, 2**bits)
                m[i][j] = m[j][i] = fmpq(rng.randint(-(2**bits), 2**bits), den)
        return fmpq_mat(n, n, [x for row in m for x in row])

    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'operation':14} {'n':>3} {'bits':>6} {'prec':>7} {'cpu s':>7} {'units':>11} {'us/unit':>8}")
    grid = [(8, 2000, False), (16, 26, False), (16, 10_000, True), (24, 100, False), (32, 8000, True), (64, 1700, True)]
    for n, bits, common in grid:
        m = symmetric(n, bits, common)
        num, _ = m.numer_denom()
        start = time.process_time()
        chi = m.charpoly()
        cpu = time.process_time() - start
        units = charpoly_units(n, numerator_bits(num))
        print(f"{'charpoly':14} {n:3d} {bits:6d} {'':>7} {cpu:7.3f} {units:11,d} {cpu * 1e6 / units:8.3f}", flush=True)
    for n, bits in ((16, 26), (16, 400), (64, 20)):
        chi = symmetric(n, bits, False).charpoly()
        cbits = max(max(x.p.bit_length(), x.q.bit_length()) for x in chi.coeffs())
        for prec in (256, 4096, 32_768, 100_000):
            if n == 64 and prec > 32_768:
                continue  # about 46 s
            with ctx.workprec(prec):
                start = time.process_time()
                chi.complex_roots()
                cpu = time.process_time() - start
            units = root_isolation_units(n, prec, cbits)
            print(f"{'complex_roots':14} {n:3d} {bits:6d} {prec:7d} {cpu:7.3f} {units:11,d} {cpu * 1e6 / units:8.3f}")


def write_case(name: str, path: Path) -> None:
    """Build one hostile file, re-sealed, compact for the large cases and canonical for the others."""
    cert = reseal(copy.deepcopy(CASES[name]()))
    path.write_bytes(compact_bytes(cert) if name in LARGE else canonical_bytes(cert))


def main() -> int:
    """Write each hostile file, check it alone, print a table; then time the committed certificates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="write the hostile files here (default: a temporary folder)")
    parser.add_argument("--only", nargs="*", metavar="CASE", help="run only these cases (default: all)")
    parser.add_argument("--no-committed", action="store_true", help="skip timing the committed certificates")
    parser.add_argument(
        "--checker", type=Path, default=ROOT, help="check with the verify package of this checkout (before/after)"
    )
    parser.add_argument("--calibrate", action="store_true", help="measure the charpoly and root-isolation charges")
    parser.add_argument("--write", nargs=2, metavar=("CASE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        write_case(args.write[0], Path(args.write[1]))
        return 0
    if args.calibrate:
        calibrate()
        return 0
    folder = args.keep or Path(tempfile.mkdtemp(prefix="hostile-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"load average {os.getloadavg()[0]:.2f}; us/unit: CPU above the anchor (a small valid certificate) per unit")
    _, anchor, _, _, _, _ = _run([CERTS / "thm4.2.eq5.json"], args.checker)
    print(f"anchor: thm4.2.eq5 {anchor:.2f} s CPU (start-up and imports)")
    head = f"{'case':28} {'bytes':>9} {'seconds':>8} {'cpu s':>6} {'peak MB':>8} {'exit':>4}"
    print(f"{head} {'units':>11} {'us/unit':>7}  message")
    worst, worst_cpu, worst_peak = 0.0, 0.0, 0
    for name in CASES:
        if args.only and name not in args.only:
            continue
        path = folder / f"{name}.json"
        # written by a child process, so that this process stays small: a child's peak RSS starts at its parent's
        subprocess.run([sys.executable, __file__, "--write", name, str(path)], check=True)
        size = path.stat().st_size
        seconds, cpu, peak, code, message, units = _run([path], args.checker)
        worst, worst_cpu, worst_peak = max(worst, seconds), max(worst_cpu, cpu), max(worst_peak, peak)
        limit = MAX_FILE_BYTES if name in LARGE else MAX_BYTES
        flag = "" if size <= limit else f"  (over {limit} bytes)"
        per = (cpu - anchor) * 1e6 / units if units else 0.0
        row = f"{name:28} {size:9d} {seconds:8.2f} {cpu:6.2f} {peak:8d} {code:4d} {units:11,d} {per:7.3f}"
        print(f"{row}  {message}{flag}", flush=True)
    print(
        f"slowest hostile file: {worst:.2f} s, {worst_cpu:.2f} s CPU, peak {worst_peak} MB "
        f"(target: <= 5 s CPU and <= 300 MB each)"
    )
    if args.no_committed:
        return 0
    seconds, cpu, peak, code, message, units = _run(sorted(CERTS.glob("*.json")))
    print(
        f"\ncommitted certificates ({len(list(CERTS.glob('*.json')))} files): {seconds:.2f} s, {cpu:.2f} s CPU, "
        f"peak {peak} MB, exit {code}; the dearest used {units:,} units of {WORK_BUDGET:,}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
