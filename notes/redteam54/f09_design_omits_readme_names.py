"""F09: README's code blocks call public names DESIGN.md's "Public API" list does not name
(lc.translate_request, lc.translate_response, ...), and `lc.__all__` is not the sorted list
DESIGN.md's layout promises ("sorted __all__"). Exits 1 while either shows.
Usage: python f09_...py [checkout] [DESIGN.md]"""
import pathlib
import re
import sys

import lmcodec as lc

here = pathlib.Path(__file__).resolve()
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else here.parents[2])
design = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else here.parents[3] / "shared/DESIGN.md").read_text()
api = design[design.index("## Public API"):design.index("## Layout")]
listed = set(re.findall(r"lc\.([A-Za-z_][\w.]*\w)", api))
readme = (root / "README.md").read_text()
code = "\n".join(re.findall(r"```python\n(.*?)```", readme, re.S))
used = set(re.findall(r"\blc\.([a-z_]\w*(?:\.[a-z_]\w*)?)\(", code))
unlisted = sorted(n for n in used if n not in listed and not re.search(r"\b" + n.split(".")[-1] + r"\b", api))
print("called in README's code blocks, not in DESIGN.md's Public API:", unlisted)
unsorted = lc.__all__ != sorted(lc.__all__)
print("lc.__all__ sorted:", not unsorted, "| first names:", lc.__all__[:4], "| sorted() would start:", sorted(lc.__all__)[:4])
sys.exit(1 if unlisted or unsorted else 0)
