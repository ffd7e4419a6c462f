"""Red team 47 F06 (HIGH): lc.llm.to_turn of llm records lmcodec wrote (lc.llm.from_turn of a
one-question chat Turn, the shape ``lmcodec convert --from llm`` reads back) costs 13.7x the
floor: 1,000 records decoded and converted 408.4M instructions, msgspec's untyped decode of the
same bytes 29.8M (~408k instructions a record). Where (cProfile, 500 records, 270 Python calls a
record): to_turn runs lc.llm.from_turn on the Turn it built (convert.py, ``seen.channel and not
strict_equal(from_turn(turn), record)``) to prove the lm15 side channel unedited: 56% of the
cumulative time; then the options projection (_options.options_of / project), the channel's
to_builtins, 7 llm Structs and 4 canonical Structs built a record. lc.llm.decode alone holds
(0.77x the floor, wall-clock; llm 0.36's Response.from_dict 57x slower).

Exits 1 while past 2x the floor.
Run (about two minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f06_llm_to_turn.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

if __name__ == "__main__":
    sys.exit(_cg.gate(["records llm_to_turn chat 1000"], 2.0))
