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
import resource
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
from verify.kernel.core.limits import MAX_FILE_BYTES  # noqa: E402

CERTS = ROOT / "certs"
MAX_BYTES = 1_000_000


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
    e = lambda: f"{rng.randint(1, 10**60)}/{rng.randint(1, 10**60)}"  # noqa: E731
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
    """2.4 million integers under an unknown witness key (about 5 MB written compactly)."""
    return _junk_witness([1] * 2_400_000)


def unknown_key_floats() -> dict:
    """2.4 million floats under an unknown witness key (each a Python object once read)."""
    return _junk_witness([1.5] * 2_400_000)


def unknown_key_strings() -> dict:
    """1.5 million distinct 8-character strings under an unknown witness key (about 16 MB)."""
    return _junk_witness([f"{k:08d}" for k in range(1_500_000)])


def unknown_key_objects() -> dict:
    """490,000 empty objects under an unknown witness key (the most expensive value per byte)."""
    return _junk_witness([{} for _ in range(490_000)])


def huge_goal_matrix() -> dict:
    """thm4.2.step1's 2 x 2 rotation replaced by a 1,170 x 1,170 matrix in one goal (about 16 MB)."""
    cert = _load("thm4.2.step1")
    _ob(cert, "W1")["goal"]["matrices"]["A"] = [["123456/7"] * 1170 for _ in range(1170)]
    return cert


def repeated_rank_combinations() -> dict:
    """A true combination for a minor row repeated 400,000 times (it used to be checked for free each time)."""
    cert = _load("thm4.2.step1")
    combination = {"row": 0, "coefficients": ["1", "0"]}
    _ob(cert, "not-collinear")["witness"]["combinations"] = [combination] * 400_000
    return cert


# Cases written compactly (a forger need not use the canonical layout) up to MAX_FILE_BYTES, not 1 MB.
LARGE = {"unknown_key_integers", "unknown_key_floats", "unknown_key_strings", "unknown_key_objects"}
LARGE |= {"huge_goal_matrix", "repeated_rank_combinations"}

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
    )
}


def _run(paths: list[Path]) -> tuple[float, float, int, int, str]:
    """Seconds, CPU seconds, peak RSS of the child in MB, exit code and the last line of `verify check`."""
    start = time.perf_counter()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before, cpu_before = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    done = subprocess.run(
        [sys.executable, "-m", "verify", "check", "--partial", *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - cpu_before
    peak = max(usage.ru_maxrss, before) // 1024  # the largest child so far: run the biggest case last to read it
    text = done.stdout + done.stderr
    if "Traceback" in text:
        return seconds, cpu, peak, done.returncode, "TRACEBACK: " + text.strip().splitlines()[-1]
    lines = [line for line in text.splitlines() if line.startswith("    ")]
    last = (lines[0].strip() if lines else text.strip().splitlines()[-1])[:110]
    return seconds, cpu, peak, done.returncode, last


def main() -> int:
    """Write each hostile file, check it alone, print a table; then time the committed certificates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="write the hostile files here (default: a temporary folder)")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="hostile-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{'case':26} {'bytes':>9} {'seconds':>8} {'cpu s':>6} {'peak MB':>8} {'exit':>4}  message")
    worst, worst_cpu = 0.0, 0.0
    for name, make in CASES.items():
        cert = reseal(copy.deepcopy(make()))
        data = compact_bytes(cert) if name in LARGE else canonical_bytes(cert)
        path = folder / f"{name}.json"
        path.write_bytes(data)
        seconds, cpu, peak, code, message = _run([path])
        worst, worst_cpu = max(worst, seconds), max(worst_cpu, cpu)
        limit = MAX_FILE_BYTES if name in LARGE else MAX_BYTES
        flag = "" if len(data) <= limit else f"  (over {limit} bytes)"
        print(f"{name:26} {len(data):9d} {seconds:8.2f} {cpu:6.2f} {peak:8d} {code:4d}  {message}{flag}")
    seconds, _, peak, code, message = _run(sorted(CERTS.glob("*.json")))
    print(
        f"\ncommitted certificates ({len(list(CERTS.glob('*.json')))} files): {seconds:.2f} s, peak {peak} MB, "
        f"exit {code}"
    )
    print(f"slowest hostile file: {worst:.2f} s, {worst_cpu:.2f} s CPU (target: <= 5 s CPU and <= 300 MB each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
