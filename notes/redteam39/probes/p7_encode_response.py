"""Probe: lc.encode_response(dst, response) of big answers (assembled from the shapes) against
msgspec.json.encode of the body it writes."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _cg
import _shapes as S

DIALECTS = ["openai", "openai_chat", "anthropic", "gemini"]
cases = {}
for shape, k in [("huge_text", 10), ("parallel_calls", 10), ("big_call", 100), ("escaped_big_call", 10)]:
    src = "openai_chat"
    ev = S.BUILDERS[shape](src, k)
    for dst in DIALECTS:
        cases[f"encode_response {shape} {k}x -> {dst}"] = ("encode_response", src, dst, ev)
for shape in ["responses_reasoning", "anthropic_citations", "gemini_inline"]:
    src, f = S.ONE_DIALECT[shape]
    ev = f(src, 10)
    for dst in DIALECTS:
        if shape == "gemini_inline" and dst in ("openai_chat", "anthropic"):
            continue  # (refused: those answers carry no media, a documented ValidationError)
        cases[f"encode_response {shape} 10x -> {dst}"] = ("encode_response", src, dst, ev)
_cg.report(_cg.measure(cases))
