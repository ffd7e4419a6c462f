"""Red team 47: callgrind instruction counts of each case's contestants (see _cases.py).

``measure(cases)`` runs this file under callgrind (PYTHONHASHSEED=0, GC off): each case is built,
then each contestant is run once as a warm-up and once between two ``os.getppid`` markers
(benchmarks/callgrind_support.py's scheme). Returns {case: {contestant: instructions}}.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def _inner(cases_path: str, manifest_path: str) -> None:
    import _cases

    names: list[list[str]] = []
    gc.disable()
    for case in json.loads(Path(cases_path).read_text()):
        runs = _cases.contestants(case)
        for who, run in runs.items():
            run()
            os.getppid()
            run()
            os.getppid()
            names.append([case, who])
            Path(manifest_path).write_text(json.dumps(names))


def _total(profile: Path) -> int:
    for line in profile.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise ValueError(f"no totals in {profile}")


def measure(cases: list[str], keep: str | None = None) -> dict[str, dict[str, int]]:
    """Instructions of each contestant of each case; ``keep``: a folder to keep the dumps in."""
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = keep or tmp
        Path(f"{tmp}/cases.json").write_text(json.dumps(cases))
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(HERE), env.get("PYTHONPATH", "")])
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=os_getppid*",
             f"--callgrind-out-file={out_dir}/cg.out", sys.executable, __file__, "--inner",
             f"{tmp}/cases.json", f"{tmp}/manifest.json"],
            check=True, capture_output=True, env=env,
        )
        results: dict[str, dict[str, int]] = {}
        for k, (case, who) in enumerate(json.loads(Path(f"{tmp}/manifest.json").read_text())):
            results.setdefault(case, {})[who] = _total(Path(f"{out_dir}/cg.out.{2 + 2 * k}"))
        return results


def report(results: dict[str, dict[str, int]]) -> None:
    for case, row in results.items():
        cells = [f"lc/floor {row['lc'] / row['floor']:.2f}x"]
        if "peer" in row:
            cells.append(f"peer/lc {row['peer'] / row['lc']:.2f}x")
        counts = ", ".join(f"{k} {v:,}" for k, v in row.items())
        print(f"{case}: {'  '.join(cells)}  ({counts})", flush=True)


def gate(cases: list[str], bound: float, against: str = "floor") -> int:
    """Count ``cases``, print each lc / ``against`` ratio; 1 while the worst is past ``bound``."""
    results = measure(cases)
    report(results)
    worst = max(row["lc"] / row[against] for row in results.values())
    print(f"worst: lc {worst:.2f}x the {against} (bound {bound}x)")
    return 1 if worst > bound else 0


if __name__ == "__main__" and sys.argv[1:2] == ["--inner"]:
    sys.path.insert(0, str(HERE))
    _inner(sys.argv[2], sys.argv[3])
elif __name__ == "__main__":
    report(measure(sys.argv[1:]))
