"""Issue 14's field sweep: every field path of the corpus bodies, each hostile value, every entry point.

For each provider wire, streamed (the SSE bodies of ``lm15-contract/bodies``) and whole (its
non-streamed bodies; Chat Completions: ``tests/fixtures/providers/chat_bodies.json``, the corpus
holding none), every field path the bodies contain (array indexes normalised, stream paths keyed
by their frame's ``type``) is substituted, at its first occurrence in the smallest body holding
it, with each value of the hostile table, written as raw JSON text (``1e400``, ``-1e400``,
``Infinity``, ``NaN``, ``10**5000``, ``-0.0``, ``1.5`` where the corpus holds an integer,
``true``, ``""``, ``[]``, ``{}``, a lone surrogate). Streams go through ``lc.stream.decode``,
``lc.stream.Decoder`` (fed in 127-byte chunks; 64 KiB for bodies over 100 KB),
``lc.stream.adecode`` (1,021-byte chunks) and ``lc.assemble(lc.stream.decode(...))``; whole
bodies through ``lc.decode_response``. Only ``lc.LmcodecError`` subclasses may escape, and wherever lm15 1.5.0
(adapter + ``coalesce_stream`` + ``materialize_response``; ``parse_response``) gives a result,
lmcodec gives the same; where lm15 raises, lmcodec raises an lc error.

The two expensive values (a 5 MB string, an array nested 100,000 deep) go over a deterministic
subset of paths: per provider and wire, its main text path (``KNOWN_PATHS``: a 5 MB text delta,
a 5 MB text block) and the paths first in the order of the SHA-1 of their path,
``EXPENSIVE_PATHS`` in all (``sweep_support.sample``).

Two outcomes differ from lm15 by design (docs/hostile-input.md): a 5 MB string where lm15
enumerates content blocks is one unmapped value (S5; lm15 takes seconds), and an end frame whose
``provider_data`` holds NaN/Infinity/1e400, which lm15's StreamEndEvent refuses (TypeError,
the whole trace lost), decodes to its events and fails to assemble with the partial Response.
"""

from __future__ import annotations

import pytest

import lmcodec as lc
from lmcodec.providers import PROVIDERS

from .provider_support import needs_bodies, sse_body
from .sweep_support import (
    CHEAP,
    EXPENSIVE,
    lm15_stream_outcomes,
    sample,
    stream_findings,
    stream_targets,
    sweep_stream,
    sweep_whole,
    whole_targets,
)

pytestmark = needs_bodies

EXPENSIVE_PATHS = 16

# Paths the sweep must reach (so that a change of the corpus or of the walk cannot empty it).
KNOWN_PATHS = {
    ("openai", "stream"): "response.output_text.delta:delta",
    ("openai", "whole"): "output[].content[].text",
    ("openai_chat", "stream"): "choices[].delta.content",
    ("openai_chat", "whole"): "choices[].message.content",
    ("anthropic", "stream"): "content_block_delta:delta.text",
    ("anthropic", "whole"): "content[].text",
    ("gemini", "stream"): "candidates[].content.parts[].text",
    ("gemini", "whole"): "candidates[].content.parts[].text",
}


def _report(runs: int, findings: list[str]) -> str:
    shown = "\n".join(findings[:40])
    return f"{len(findings)} findings in {runs} runs:\n{shown}"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_sweep_reaches_every_wire(provider: str) -> None:
    streamed = [t.path for t in stream_targets(provider)]
    whole = [t.path for t in whole_targets(provider)]
    assert KNOWN_PATHS[provider, "stream"] in streamed
    assert KNOWN_PATHS[provider, "whole"] in whole
    assert len(streamed) >= 25 and len(whole) >= 50


@pytest.mark.thorough
@pytest.mark.parametrize("provider", PROVIDERS)
def test_streams_every_path_every_cheap_value(provider: str) -> None:
    runs, findings = sweep_stream(provider, stream_targets(provider), CHEAP)
    assert not findings, _report(runs, findings)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_whole_bodies_every_path_every_cheap_value(provider: str) -> None:
    runs, findings = sweep_whole(provider, whole_targets(provider), CHEAP)
    assert not findings, _report(runs, findings)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_streams_sampled_paths_expensive_values(provider: str) -> None:
    targets = sample(stream_targets(provider), EXPENSIVE_PATHS, KNOWN_PATHS[provider, "stream"])
    runs, findings = sweep_stream(provider, targets, EXPENSIVE)
    assert not findings, _report(runs, findings)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_whole_bodies_sampled_paths_expensive_values(provider: str) -> None:
    targets = sample(whole_targets(provider), EXPENSIVE_PATHS, KNOWN_PATHS[provider, "whole"])
    runs, findings = sweep_whole(provider, targets, EXPENSIVE)
    assert not findings, _report(runs, findings)


# -- the findings, each pinned on its own ---------------------------------------------------------

LONG_INT = "1" + "0" * 5000

# A frame each typed view maps, with an integer of 5,001 digits in a field it does not declare:
# lm15's json.loads of the frame raises ValueError (CPython's 4,300-digit limit); the typed views
# skipped the field and mapped the frame (found by the sweep).
UNREAD_LONG_INT = {
    "openai": ['{"type":"response.output_text.delta","output_index":0,"delta":"x","n":%s}'],
    "openai_chat": ['{"choices":[{"index":0,"delta":{"content":"x"}}],"n":%s}'],
    "anthropic": [
        '{"type":"message_start","message":{"id":"m","model":"c"}}',
        '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"},"n":%s}',
    ],
    "gemini": ['{"candidates":[{"content":{"parts":[{"text":"x"}]}}],"n":%s}'],
}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_integer_past_the_digit_limit_in_an_unread_field_is_a_stream_decode_error(provider: str) -> None:
    frames = [f.replace("%s", LONG_INT) for f in UNREAD_LONG_INT[provider]]
    body = sse_body([*frames])
    trace, _ = lm15_stream_outcomes(provider, body)
    assert "Exceeds the limit" in repr(trace)
    with pytest.raises(lc.StreamDecodeError, match="Exceeds the limit"):
        list(lc.stream.decode(provider, [body]))
    assert stream_findings(provider, body) == []
    short = sse_body([f.replace("%s", "1" + "0" * 4000) for f in UNREAD_LONG_INT[provider]])
    assert stream_findings(provider, short) == []  # within the limit: mapped, as lm15 maps it


def test_a_5mb_string_for_chat_tool_calls_is_one_unmapped_value() -> None:
    """lm15 records one unmapped entry per character (5 million dicts; 10 s in lmcodec too, found
    by the sweep); now one entry, as for the other wires' content blocks (hostile-input S5)."""
    body = b'{"model":"m","choices":[{"message":{"role":"assistant","tool_calls":"%s"}}]}' % (
        b"x" * 5_000_000
    )
    response = lc.decode_response("openai_chat", body)
    assert response.provider_data is not None
    assert response.provider_data["_lm15_unmapped"] == [
        {"path": "choices[0].message.tool_calls", "type": "str"}
    ]
    short = b'{"model":"m","choices":[{"message":{"role":"assistant","tool_calls":"ab"}}]}'
    assert [e["path"] for e in lc.decode_response("openai_chat", short).provider_data["_lm15_unmapped"]] == [
        "choices[0].message.tool_calls[0]",
        "choices[0].message.tool_calls[1]",
    ]  # as lm15 records them


def test_nan_in_a_chat_finish_chunk_followed_by_its_usage_chunk_fails_to_assemble_with_the_partial() -> None:
    """lm15's end event refuses the finish chunk's provider_data (TypeError: nothing assembles);
    lmcodec merged it away under the usage chunk's and returned a Response (found by the sweep).
    Now the refused provider_data is kept, and assembly fails as for a single end (F3)."""
    frames = [
        {"model": "g", "choices": [{"index": 0, "delta": {"content": "hi"}}]},
        '{"model":"g","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"x":NaN}',
        {
            "model": "g",
            "choices": [],
            "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},
        },
        "[DONE]",
    ]
    body = sse_body(frames)
    trace, _ = lm15_stream_outcomes("openai_chat", body)
    assert "JSON-compatible" in repr(trace)
    events = list(lc.stream.decode("openai_chat", [body]))
    for source in (lc.stream.decode("openai_chat", [body]), events):
        with pytest.raises(lc.StreamAssemblyError, match="JSON cannot carry") as info:
            lc.assemble(source)
        partial = info.value.partial
        assert partial is not None and partial.text == "hi" and partial.provider_data is None
        assert partial.usage.input_tokens == 3 and partial.finish_reason == "stop"
    assert stream_findings("openai_chat", body) == []
