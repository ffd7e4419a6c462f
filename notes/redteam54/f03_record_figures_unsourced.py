"""F03: README's "Record logs" figures (the headline `lmcodec bench` prints) are recorded beside
no `lmcodec bench` run in benchmarks/RESULTS.md or benchmarks/NOTES.md, and RESULTS.md's records section, measured on the
same commit (1284835), says other ratios. Exits 1 while a README figure of that bullet is found
nowhere but the README. Usage: python f03_...py [checkout] (default: this repository)."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
readme = (root / "README.md").read_text()
bullet = readme[readme.index("- **Record logs**"):readme.index("- **Provider streams**")]
first_run = bullet[: bullet.index("`lmcodec bench` prints these")]
figures = re.findall(r"(\d+\.\d+)x", first_run)
sources = (root / "benchmarks/RESULTS.md").read_text() + (root / "benchmarks/NOTES.md").read_text()
records = (root / "benchmarks/RESULTS.md").read_text()
records = records[records.index("<!-- section records -->"):records.index("<!-- end of section records -->")]
bench_runs = [m.start() for m in re.finditer(r"lmcodec bench", sources)]
unsourced = [f for f in figures if not any(f + "x" in sources[max(0, i - 3000): i + 3000] for i in bench_runs)]
print("README record-log figures:", figures)
print("not within 3,000 characters of an `lmcodec bench` run in RESULTS.md or NOTES.md:", unsourced)
print("RESULTS.md records section (same commit) says:")
for line in records.splitlines():
    if line.startswith("### core") or re.match(r"\| (orjson|json|lm15|msgspec)", line):
        if "core" in line or not records[: records.index(line)].count("### llm"):
            print("   ", line)
sys.exit(1 if unsourced else 0)
