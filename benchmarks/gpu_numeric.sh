#!/usr/bin/env bash
# One command for a GPU machine: Theorem 4.4's SSM <-> k-head attention check at n = 10^7 on CUDA (float64).
# Needs torch with CUDA; prints time and error; exit 0 pass, 1 fail, 2 no device. Usage: bash benchmarks/gpu_numeric.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
timeout 290 python benchmarks/gpu_numeric.py --device cuda --n "${1:-10000000}"
