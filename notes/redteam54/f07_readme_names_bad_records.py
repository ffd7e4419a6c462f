"""F07: README's log example comments `reader.errors` as "the lc.BadRecords": lmcodec has no such
name (it is lc.BadRecord). Exits 1 while README names an lc.X lmcodec lacks."""
import pathlib
import re
import sys

import lmcodec as lc

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
missing = sorted({n for n in re.findall(r"\blc\.([A-Z]\w*)", (root / "README.md").read_text()) if not hasattr(lc, n)})
print("README names lc lacks:", missing)
sys.exit(1 if missing else 0)
