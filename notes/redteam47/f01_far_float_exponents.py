"""Red team 47 F01 (HIGH): a JSON float with a decimal exponent of 289 or more (1e300,
sys.float_info.max = 1.7976931348623157e308) costs msgspec 0.23's parser ~60-110 us, its slow
path, where stdlib json takes ~0.3 us: every lmcodec entry point that reads JSON pays it (lc.decode,
lc.jsonl.read, lc.decode_request, lc.decode_response, tool arguments in streams). lc.decode of a
tool call holding 1,000 such floats: 94.4M instructions, json.loads 3.7M (25.5x); a Chat request
whose 500 tool parameters carry ``"maximum": 1.7976931348623157e308`` (a schema generator's bound):
decode_request 62.9M, json.loads 4.6M (13.7x). 1 MB of such numbers is ~15 s of CPU: a gateway can
be held by a small body. lmcodec is at its floor (msgspec's own decode, 1.00x): the cliff is the floor.

Exits 1 while lc is past 2x stdlib json on either case (0 once fixed).
Run (about two minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f01_far_float_exponents.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

if __name__ == "__main__":
    sys.exit(_cg.gate(["far_floats decode 1000", "far_floats decode_request 500"], 2.0, against="peer"))
