"""Every 'N.NNx' / 'N-Mx' figure in README.md's Speed section: is each number found in
benchmarks/RESULTS.md (as N.NN or N.NNx)? Prints the ones not found, with their sentence.

Usage: python trace_figures.py <checkout>
"""
import pathlib, re, sys

root = pathlib.Path(sys.argv[1])
readme = (root / "README.md").read_text()
results = (root / "benchmarks/RESULTS.md").read_text()
notes = (root / "benchmarks/NOTES.md").read_text()
speed = readme[readme.index("## Speed"):readme.index("## Hostile input")]
nums = set(re.findall(r"\d+\.\d+", results))
nums_notes = set(re.findall(r"\d+\.\d+", notes))
missing, in_notes_only, found = [], [], 0
for m in re.finditer(r"(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?x", speed):
    for g in m.groups():
        if g is None or "." not in g:
            continue
        ctx = speed[max(0, m.start() - 90): m.end() + 20].replace("\n", " ")
        if g in nums:
            found += 1
        elif g in nums_notes:
            in_notes_only.append((g, ctx))
        else:
            missing.append((g, ctx))
print("figures found verbatim in RESULTS.md:", found)
print("only in NOTES.md:", len(in_notes_only))
for g, c in in_notes_only:
    print(f"  {g}: ...{c}")
print("in neither:", len(missing))
for g, c in missing:
    print(f"  {g}: ...{c}")
