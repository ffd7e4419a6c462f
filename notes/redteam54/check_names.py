"""Every `lc.NAME` (dotted) written in README.md and docs/*.md: does lmcodec have it, and does
DESIGN.md list it (its Public API block, or the lm15 type names it covers by "every public type
of lm15.types")? Usage: PYTHONPATH=<checkout>/src python check_names.py <checkout>"""
import pathlib, re, sys
import lmcodec as lc
import lm15.types as l15t

root = pathlib.Path(sys.argv[1])
design = pathlib.Path("/work/wt/shared/DESIGN.md").read_text()
api = design[design.index("## Public API"):design.index("## Layout")]
design_names = set(re.findall(r"lc\.([A-Za-z_][\w.]*\w)", api))
lm15_names = set(getattr(l15t, "__all__", dir(l15t)))
absent, undesigned = {}, {}
for p in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
    for ln, line in enumerate(p.read_text().splitlines(), 1):
        for n in re.findall(r"\blc\.([A-Za-z_][\w.]*\w)", line):
            obj, ok = lc, True
            parts = n.split(".")
            for i, part in enumerate(parts):
                if not hasattr(obj, part):
                    ok = i > 0 and not isinstance(obj, type(lc))  # attribute of an object: not checked
                    if i == 0 or isinstance(obj, type(lc)):
                        ok = False
                    break
                obj = getattr(obj, part)
            if not ok:
                absent.setdefault(n, f"{p.name}:{ln}")
            top = n.split(".")[0] if not n.startswith(("stream.", "llm.", "jsonl.", "msgpack.", "arrow.")) else ".".join(n.split(".")[:2])
            if top not in design_names and top.split(".")[0] not in lm15_names and top not in ("Turn",):
                undesigned.setdefault(top, f"{p.name}:{ln}")
print("names lmcodec lacks:", absent)
print("names DESIGN.md does not list (first use):")
for k, v in sorted(undesigned.items()):
    print(f"  lc.{k}  ({v})")
