"""Run every benchmark and print its figures (``make bench``).

The figures in docs/performance.md come from this command. Nothing here is
a test: the numbers depend on the machine and are recorded, not asserted.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

COMMANDS = [
    [sys.executable, "benchmarks/engine_speed.py"],
    [sys.executable, "benchmarks/verify_cost.py", "--repeats", "9"],
    ["node", "benchmarks/engine_speed.mjs"],
    [sys.executable, "benchmarks/hint.py"],
    ["node", "benchmarks/hint.mjs"],
    [sys.executable, "benchmarks/sizes.py"],
    [sys.executable, "benchmarks/export_sizes.py"],
    [sys.executable, "benchmarks/catalogues.py"],
    [sys.executable, "benchmarks/click_latency.py"],
    # Issue 21 asks 10,000 seeds per kind and level (about 8 minutes): run
    # benchmarks/practice_agreement.py alone for that; here 1,000.
    [sys.executable, "benchmarks/practice_agreement.py", "--seeds", "1000"],
    ["node", "benchmarks/practice.mjs"],
]

for command in COMMANDS:
    shown = " ".join(["python" if c == sys.executable else c for c in command])
    print(f"$ {shown}", flush=True)
    subprocess.run(command, check=True, cwd=HERE.parent)
    print(flush=True)
