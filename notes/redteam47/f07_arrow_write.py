"""Red team 47 F07 (LOW): lc.arrow.write_parquet of a log of 2,000 one-question chat Turns costs
2.99x pyarrow's own path for the same records (``pyarrow.Table.from_pylist`` of their plain
canonical values + ``pyarrow.parquet.write_table``, zstd, row groups of 4,096): 240.7M / 80.6M
instructions. Most of it is the schema, not the code: lc.arrow's fixed Turn schema has 153 leaf
columns (every field of Request, Config, Response, Usage, ..., mostly null here) where from_pylist
infers 16 from the keys the canonical JSON holds; lc.arrow's Python stays small (cProfile: ~16k calls for 2,000 records, 10,005
of them one generator in arrow/_nodes.py), so the rest is pyarrow building and writing the null
columns. Reading holds (0.89x).

Exits 1 while past 2x that floor.
Run (about three minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f07_arrow_write.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

if __name__ == "__main__":
    sys.exit(_cg.gate(["records arrow_write chat 2000"], 2.0))
