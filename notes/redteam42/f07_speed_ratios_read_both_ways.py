"""F07: the README's "Speed" section writes "N x" both ways. Record logs: "encoding is ... 1.27x
msgspec's untyped encode (the floor)" and decoding "1.14x msgspec's untyped decode (a typed decode
of the declared fields beats building dicts)" are speed-ups (``lmcodec bench`` prints "1.23x
faster" on that row); the next bullet's "0.55-0.75x the floor (a typed decode of the declared
fields beats building dicts)" is a cost (time over the floor's), and so is every later "x the
floor". The same parenthesis explains 1.14x and 0.55x; "1.27x the floor" reads as 27% slower.
Exits 1 while the record-log bullet states its ratios without saying which way ("faster",
"speed"); 0 once it does."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
readme = (ROOT / "README.md").read_text("utf-8")
bullet = readme.split("- **Record logs**", 1)[1].split("\n- **", 1)[0]
cost_bullet = readme.split("- **Provider streams**", 1)[1].split("\n- **", 1)[0]
says_way = re.search(r"faster|speed|as fast|the time", bullet)
print("record-log bullet says which way:", bool(says_way))
print("stream bullet: 'x the floor' as a cost:", "0.55-0.75x the floor" in cost_bullet)
sys.exit(0 if says_way else 1)
