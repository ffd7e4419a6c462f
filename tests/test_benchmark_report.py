"""benchmarks/report.py copies only the head of NOTES.md under RESULTS.md's tables."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmark_report", BENCHMARKS / "report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_engineering_log_stays_out_of_results() -> None:
    report = _report()
    notes = (BENCHMARKS / "NOTES.md").read_text(encoding="utf-8")
    copied = report.results_notes(notes)
    assert copied.startswith("## Notes on these figures")
    assert "### How the Dask conversion scales" in copied
    assert "### Instruction counts" not in copied
    assert len(copied) < len(notes) // 20


def test_without_the_marker_nothing_is_copied() -> None:
    assert _report().results_notes("## Notes on these figures\n\n### A log entry\n") == ""


def test_write_puts_the_head_under_the_tables() -> None:
    report = _report()
    results = {"benchmarks": [], "machine_info": {"cpu": {"brand_raw": "cpu"}}}
    text = report.write(results, None, ["<!-- section x -->", "paired", "<!-- end of section x -->"])
    assert "paired" in text
    assert "### How the Dask conversion scales" in text
    assert "### Instruction counts" not in text
