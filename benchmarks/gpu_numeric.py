"""GPU check: the SSM <-> k-head attention comparison (Theorem 4.4) at n = 10^7 on CUDA, float64, with its bound.

    bash benchmarks/gpu_numeric.sh                         # n = 10^7 on cuda (one command, < 5 minutes)
    python benchmarks/gpu_numeric.py --device cpu --n 4096  # the same script on CPU at small n (tested)

Prints one line per check: device, n, seconds, max error, a-priori bound, pass, CPU seconds; exits 1 when
a check fails, 2 when the device is not available.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from numeric.backends import BackendError, get_backend  # noqa: E402
from numeric.heads_local import local_check  # noqa: E402

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run num.thm4.4's check on the chosen device and print time and error."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--device", default="cuda", help="cuda (default) or cpu")
    parser.add_argument("--n", type=int, default=10_000_000, help="sequence length (default 10^7)")
    parser.add_argument("--ssm", default="random16", help="built-in SSM (rotation, random16, slow)")
    parser.add_argument("--basis", default="modal", choices=["modal", "lags"])
    args = parser.parse_args(argv)
    try:
        bk = get_backend("torch", args.device)
    except BackendError as err:
        print(f"gpu_numeric: {err}", file=sys.stderr)
        return 2
    if args.device.startswith("cuda"):
        local_check(bk, args.ssm, 4096, args.basis)  # warm-up: CUDA context, cuFFT plans
    check = local_check(bk, args.ssm, args.n, args.basis)  # num.thm4.4's check: the k-head form chunk by chunk
    name = bk.mod.cuda.get_device_name(0) if args.device.startswith("cuda") else "cpu"
    print(
        f"device={name} n={args.n} ssm={args.ssm} basis={args.basis} seconds={check.seconds:.2f} "
        f"max_error={check.error:.3e} bound={float(check.bound):.3e} pass={check.passed} "
        f"cpu_seconds={check.info['cpu']:.2f}"
    )
    return 0 if check.passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
