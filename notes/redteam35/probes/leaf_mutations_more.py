"""Red team 34's leaf_mutations probe with other hostile values (unhashables where a tag or a role
is read, a nested type, -2**63-1, a float, a long string, NaN text): decode_request and
translate_request in every pair must give a body or an lc error.
Run: PYTHONPATH=src python notes/redteam35/probes/leaf_mutations_more.py"""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "redteam34" / "probes"))
import leaf_mutations as lm  # noqa: E402

lm.HOSTILE[:] = [{"type": []}, [{"type": {}}], {"role": {}}, -(2**63) - 1, 0.5, "x" * 5000, {"text": []},
                 {"type": "text", "text": {}}, [None], ["x"]]
sys.exit(lm.main())
