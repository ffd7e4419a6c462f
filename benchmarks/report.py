"""Run every benchmark of the project and regenerate benchmarks/RESULTS.md in one go.

    python3 benchmarks/report.py                    # all benchmarks (about an hour here)
    python3 benchmarks/report.py -k core            # a subset of the pytest tables (pytest -k expression)
    python3 benchmarks/report.py --only varied,requests   # measure these interleaved sections again

Each interleaved section is written between markers naming the commit it was measured on, so that
``--only`` can measure some again after a change and replace them in place, leaving the rest.

Figures are medians over rounds, measured side by side in one run, with the
garbage collector disabled while timing (``--benchmark-disable-gc``, as orjson's
suite does), so that they measure the codecs rather than collector pauses. The
record-log groups (core, llm) are run a second time with the collector on, as
a program runs by default, in tables marked "(GC on)": libraries whose objects
the collector tracks pay for it there.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PEERS = ["lmcodec", "msgspec", "lm15", "llm", "orjson", "anthropic", "openai", "google-genai", "pydantic-ai"]


def _versions() -> str:
    found = []
    for name in PEERS:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            continue
    return ", ".join(found)


GC_ON_SELECTION = "test_bench_core or test_bench_llm"
# The hostile-input cases (8 MB inputs, seconds a round) are reported by their interleaved
# table (_hostile_rounds) only; their pytest rows run alone with -k test_hostile.
DEFAULT_SELECTION = "not test_hostile"


def _run(selection: str | None, *, gc_off: bool = True) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        cmd = [
            sys.executable,
            "-m",
            "pytest",
            str(HERE),
            "-q",
            "-p",
            "no:randomly",
            "--benchmark-enable",
            "--benchmark-only",
            *(["--benchmark-disable-gc"] if gc_off else []),
            "--benchmark-min-rounds=7",
            "--benchmark-max-time=2",
            f"--benchmark-json={out}",
        ]
        if selection:
            cmd += ["-k", selection]
        status = subprocess.run(cmd, check=False).returncode
        if status not in (0, 5):  # 5: the selection holds no benchmark
            raise SystemExit(f"benchmarks failed (pytest exit status {status})")
        data: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {"benchmarks": []}
    if not gc_off:
        for bench in data["benchmarks"]:
            bench["group"] = f"{bench['group'] or bench['name']} (GC on)"
    return data


def _table(rows: list[dict[str, Any]], unit: str | None) -> list[str]:
    base = next((r for r in rows if r["extra_info"].get("lib") == "lmcodec"), None)
    base_median = base["stats"]["median"] if base else None
    memory = any("peak_bytes" in r["extra_info"] for r in rows)
    head = "| contestant | median | per unit | lmcodec speed-up |"
    rule = "|---|---:|---:|---:|"
    if memory:
        head += " peak memory | peak / largest record |"
        rule += "---:|---:|"
    lines = [head, rule]
    for row in sorted(rows, key=lambda r: r["stats"]["median"]):
        info = row["extra_info"]
        median = row["stats"]["median"]
        units = info.get("units")
        per = f"{median / units * 1e6:.2f} µs/{unit}" if units and unit else ""
        ratio = f"{median / base_median:.1f}x" if base_median else ""
        name = info.get("lib", row["name"])
        line = f"| {name} | {median * 1e3:.2f} ms | {per} | {ratio} |"
        if memory:
            peak = info.get("peak_bytes", 0)
            largest = info.get("largest_record") or 1
            line += f" {peak / 1e6:.2f} MB | {peak / largest:.1f} |"
        lines.append(line)
    return lines


def _script_output(script: str, rounds: int) -> str:
    """The stdout of ``benchmarks/<script> ROUNDS``, run in a subprocess like the pytest run."""
    return subprocess.run(
        [sys.executable, str(HERE / script), str(rounds)], check=True, capture_output=True, text=True
    ).stdout


def _paired(rounds: int) -> list[str]:
    """The interleaved-ratio tables of paired.py (a subprocess, like the pytest run)."""
    out = _script_output("paired.py", rounds)
    return [
        "## Interleaved ratios (record logs)",
        "",
        "Each round runs every contestant once, in turn (`python3 benchmarks/paired.py`); the speed-up is",
        "the median over rounds of the per-round ratio, so machine-speed drift between contestants cancels.",
        "",
        out.rstrip(),
        "",
    ]


def _stream_rounds(rounds: int) -> list[str]:
    """The interleaved stream table of test_bench_streams.py (a subprocess, like the pytest run)."""
    out = _script_output("test_bench_streams.py", rounds)
    table = [line for line in out.splitlines() if line.startswith("|")]
    return [
        "## Interleaved ratios (streams)",
        "",
        "Each round runs lmcodec, the floor (blank-line split + untyped msgspec), lm15 and the SDK once,",
        "in turn, on the same bytes",
        f"(`python3 benchmarks/test_bench_streams.py {rounds}`); CPU time, medians over rounds; the",
        "speed-up is the median of the per-round ratios.",
        "",
        *table,
        "",
    ]


def _varied_rounds(rounds: int) -> list[str]:
    """The varied-workload tables of streams_varied_paired.py (a subprocess, like the pytest run)."""
    out = _script_output("streams_varied_paired.py", rounds)
    return [
        "## Interleaved ratios (varied streams, variety matrix, corpus bodies, assembly)",
        "",
        "Streams as varied as real traffic (`benchmarks/streams_varied.py`), one feature at a time in the",
        "matrix; each round runs every contestant once, in turn, on the same bytes",
        f"(`python3 benchmarks/streams_varied_paired.py {rounds}`); CPU time; ratios are medians of the",
        "per-round ratios; the floor is a blank-line split + untyped `msgspec.json.decode` of each event.",
        "",
        out.rstrip(),
        "",
    ]


def _hostile_rounds(rounds: int) -> list[str]:
    """The complexity table of test_bench_hostile.py (a subprocess, like the pytest run)."""
    out = _script_output("test_bench_hostile.py", rounds)
    return [
        "## Hostile input at 1 MB and 8 MB (time and memory linear in the input)",
        "",
        "Every entry point fed each hostile shape of issue 14 at 1 MB and 8 MB",
        f"(`python3 benchmarks/test_bench_hostile.py {rounds}`): seconds per MB at each size (medians",
        "of interleaved rounds, GC off), their ratio (the median of per-round ratios; linear: near 1,",
        "the claim: under 1.5) and tracemalloc's peak over the input size (the bound: 4x plus 16 MiB).",
        "Rows under 0.01 s/MB take a few milliseconds at 8 MB: their ratio moves with the cache and",
        "the load (2-5x from one run to the next on the shared machine); the memory bound is asserted",
        "by the pytest run.",
        "",
        *[line for line in out.splitlines() if line.startswith("|")],
        "",
    ]


def _translate_rounds(rounds: int) -> list[str]:
    """The interleaved translate tables of test_bench_translate.py, LiteLLM's side by side included
    (a subprocess, like the pytest run)."""
    out = _script_output("test_bench_translate.py", rounds)
    return [
        "## Interleaved ratios (stream translation)",
        "",
        "µs per input event for `lc.stream.translate` on long streams and the corpus bodies, every ordered",
        "pair, against the floor (split + untyped decode + encode of a small dict per event) and, on the",
        "pairs its proxy path has, LiteLLM (an optional bench dependency; a mock backend serves the same",
        f"body); each round runs every contestant once, in turn (`python3 benchmarks/test_bench_translate.py"
        f" {rounds}`); CPU time; ratios are medians of the per-round ratios.",
        "",
        out.rstrip(),
        "",
    ]


def _requests_rounds(rounds: int) -> list[str]:
    """The interleaved request tables of test_bench_requests.py (a subprocess, like the pytest run)."""
    out = _script_output("test_bench_requests.py", rounds)
    return [
        "## Interleaved ratios (provider requests)",
        "",
        "`lc.build_request` against lm15's build_request per provider, and decode_request + build_request",
        "in every ordered pair of the four dialects against the floor (msgspec's untyped decode of the",
        "body + encode; the body: the Chat fixture travel_agent_tools.json, lm15's body of the same",
        "Request in the other dialects) and LiteLLM's",
        "transformation on the issue's paths (get_optional_params + AnthropicConfig.transform_request +",
        "json.dumps; its AnthropicAdapter: the first two pairs only), with LiteLLM / floor, the most any",
        "translator could be faster than LiteLLM (one that cost only the floor); the last two columns:",
        "lc.translate_request, what a gateway",
        "calls (decode_request + build_request and the passes between two dialects); each round runs",
        "every contestant once, in turn",
        f"(`python3 benchmarks/test_bench_requests.py {rounds}`); CPU time; ratios are medians of the",
        "per-round ratios.",
        "",
        *[line for line in out.splitlines() if line.startswith("|") or not line.strip()],
        "",
    ]


def _big_rounds(rounds: int) -> list[str]:
    """The big-shape rows of big_shapes_paired.py (a subprocess, like the pytest run)."""
    out = _script_output("big_shapes_paired.py", rounds)
    return [
        "## Interleaved ratios (big shapes: red team 39's cliffs)",
        "",
        "The shapes red team 39 found cliffs on (`benchmarks/big_shapes.py`: Gemini end chunks past",
        "64 KiB of parallel calls, non-ASCII text or 1 MB of inlineData; 200 parallel calls, one call of",
        "1 MB in 10,000 fragments and 10,000 one-character deltas from each dialect; 1,000 Anthropic",
        "citations; encode_response of the 1 MB call; translate_request Chat -> Chat with a 1 MB",
        "escape-heavy tool result), lmcodec against the floor: msgspec's untyped parse of the same input",
        "(blank-line split + untyped decode of each event's data), plus msgspec's encode of each object",
        "written for translate, encode_response and translate_request rows. Targets: issue 13's 1.5x",
        "whole and 2x per event for decode; 2x for translate (its floor pays for the written objects, not",
        "for framing, naming or holding them: the per-event target); 2x for encode_response, 1.5x for",
        "translate_request. Each round runs both contestants once, in turn",
        f"(`python3 benchmarks/big_shapes_paired.py {rounds}`); CPU time; ratios are medians of the",
        "per-round ratios; `benchmarks/big_shapes_callgrind.py` counts the same rows' instructions.",
        "",
        *[line for line in out.splitlines() if line.startswith("|")],
        "",
    ]


# The interleaved sections: name -> (renderer, rounds), in the order RESULTS.md holds them.
SECTIONS: dict[str, tuple[Callable[[int], list[str]], int]] = {
    "records": (_paired, 15),
    "streams": (_stream_rounds, 7),
    "varied": (_varied_rounds, 5),
    "translate": (_translate_rounds, 5),
    "requests": (_requests_rounds, 7),
    "hostile": (_hostile_rounds, 3),
    "big": (_big_rounds, 5),
}


def _commit() -> str:
    """The checked-out commit, with "+changes" when the tree differs from it."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True, check=False).stdout

    head = git("rev-parse", "--short", "HEAD").strip() or "unknown"
    changed = git("status", "--porcelain", "--", "../src", ".", ":!RESULTS.md").strip()  # (the run writes it)
    return head + ("+changes" if changed else "")


def _section(name: str) -> list[str]:
    """One interleaved section between its markers, stamped with the date and commit measured."""
    render, rounds = SECTIONS[name]
    body = render(rounds)
    stamp = f"Measured {datetime.date.today().isoformat()} on commit {_commit()}"
    stamp += f" (`python3 benchmarks/report.py --only {name}` measures it again)."
    return [f"<!-- section {name} -->", body[0], "", stamp, *body[1:], f"<!-- end of section {name} -->"]


def _replace_sections(text: str, names: list[str]) -> str:
    """``text`` (RESULTS.md) with the named sections measured again, each in its place."""
    for name in names:
        start, end = f"<!-- section {name} -->", f"<!-- end of section {name} -->"
        if start not in text or end not in text:
            raise SystemExit(f"report.py: RESULTS.md has no section {name!r}: run report.py without --only")
        head, rest = text.split(start, 1)
        tail = rest.split(end, 1)[1]
        text = head + "\n".join(_section(name)) + tail
    return text


NOTES_END = "<!-- end of the notes report.py copies into RESULTS.md -->"


def results_notes(notes: str) -> str:
    """The head of NOTES.md that belongs under RESULTS.md's tables ("Notes on these figures").

    The rest of NOTES.md is the engineering log (thousands of lines): it stays there. The head
    ends at :data:`NOTES_END`; without that marker nothing is copied rather than the whole log.
    """
    head, marker, _log = notes.partition(NOTES_END)
    return head.rstrip() if marker else ""


def write(results: dict[str, Any], selection: str | None, paired: list[str] | None = None) -> str:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for bench in results["benchmarks"]:
        groups[bench["group"] or bench["name"]].append(bench)
    cpu = results.get("machine_info", {}).get("cpu", {}).get("brand_raw", platform.processor())
    command = "python3 benchmarks/report.py" + (f" -k {selection!r}" if selection else "")
    lines = [
        "# Benchmark results",
        "",
        f"Reproduce with `{command}` (regenerates this file).",
        "",
        f"- Date: {datetime.date.today().isoformat()}",
        f"- Machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
        f"- Python {platform.python_version()}; {_versions()}",
        "- Medians over rounds, all contestants in one run, GC disabled while timing",
        "  (tables marked (GC on): the collector left on, as programs run by default).",
        "  The machine is shared and noisy: compare ratios within a table, not across runs.",
        "",
    ]
    notes = results_notes((HERE / "NOTES.md").read_text(encoding="utf-8"))
    for group in sorted(groups):
        rows = groups[group]
        unit = rows[0]["extra_info"].get("unit")
        lines += [f"## {group}", "", *_table(rows, unit), ""]
    lines += paired or []
    if notes:
        lines += [notes]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="selection", help="pytest -k expression selecting benchmarks")
    parser.add_argument("--output", default=str(HERE / "RESULTS.md"))
    parser.add_argument(
        "--only",
        help=f"comma-separated interleaved sections to measure again in place: {', '.join(SECTIONS)}",
    )
    args = parser.parse_args()
    if args.only:
        names = [name.strip() for name in args.only.split(",") if name.strip()]
        unknown = sorted(set(names) - set(SECTIONS))
        if unknown:
            parser.error(f"unknown sections {unknown}; the sections are {', '.join(SECTIONS)}")
        output = Path(args.output)
        output.write_text(_replace_sections(output.read_text(encoding="utf-8"), names), encoding="utf-8")
        return
    results = _run(args.selection or DEFAULT_SELECTION)
    gc_selection = GC_ON_SELECTION if not args.selection else f"({GC_ON_SELECTION}) and ({args.selection})"
    results["benchmarks"] += _run(gc_selection, gc_off=False)["benchmarks"]
    paired = [line for name in SECTIONS for line in _section(name)] if not args.selection else None
    text = write(results, args.selection, paired)
    Path(args.output).write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
