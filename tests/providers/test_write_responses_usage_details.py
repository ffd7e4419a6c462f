"""A written Responses usage always carries ``input_tokens_details`` and ``output_tokens_details``
(red team 21 F03). The openai SDK's ``ResponseUsage`` requires both, each with its count
(``cached_tokens``, ``cache_write_tokens``, ``reasoning_tokens``), and OpenAI sends them on every
response, ``0`` when nothing was cached, written to the cache or reasoned. Written only where the
source reported a count, openai 1.66 refused the stream (its Response failed to build) and later
releases handed ``None`` for a field typed never-None. An unreported count is written as OpenAI's
0, and reads back as 0 (docs/writers.md, "Usage"); ``cache_write_tokens`` too since rtleft25 (red
team 20 F06 had kept it out: OpenAI's April captures have none; its 2026-09 capture has it, and
the installed SDK's strict model refuses a usage without it)."""

from __future__ import annotations

import json
from typing import Any

import pydantic
from hypothesis import given, settings
from hypothesis import strategies as st
from openai.types.responses import ResponseUsage

import lmcodec as lc

from ..budget import examples
from ..corpus import needs_corpus
from ..stream.usage_support import stream_usage
from ..stream.write_support import REQUEST, corpus_streams

COUNTS = st.one_of(st.none(), st.integers(0, 10**6))


def _usage_written(usage: lc.Usage) -> dict[str, Any]:
    response = lc.Response(
        id="resp_1", model="gpt-x", message=lc.Message.assistant("hi"), finish_reason="stop", usage=usage
    )
    written: dict[str, Any] = json.loads(lc.encode_response("openai", response))["usage"]
    return written


def _sdk_complaints(usage: dict[str, Any]) -> list[tuple[Any, ...]]:
    try:
        ResponseUsage.model_validate(usage, strict=True)
    except pydantic.ValidationError as exc:
        return [tuple(e["loc"]) for e in exc.errors()]
    return []


@settings(max_examples=examples(200), deadline=None)
@given(COUNTS, COUNTS, COUNTS, COUNTS, COUNTS, COUNTS)
def test_a_body_usage_is_the_sdks_model(
    tokens_in: int | None,
    tokens_out: int | None,
    total: int | None,
    cache_read: int | None,
    cache_write: int | None,
    reasoning: int | None,
) -> None:
    counts = (tokens_in, tokens_out, total, cache_read, cache_write, reasoning)
    if all(count is None for count in counts):
        return  # (a usage that reports nothing is left out whole, as before)
    written = _usage_written(
        lc.Usage(
            input_tokens=tokens_in,
            output_tokens=tokens_out,
            total_tokens=total,
            cache_read_tokens=cache_read,
            cache_write_tokens=cache_write,
            reasoning_tokens=reasoning,
        )
    )
    assert _sdk_complaints(written) == []
    assert written["input_tokens_details"]["cached_tokens"] == (cache_read or 0)
    assert written["input_tokens_details"]["cache_write_tokens"] == (cache_write or 0)
    assert written["output_tokens_details"]["reasoning_tokens"] == (reasoning or 0)
    body = json.dumps(
        {"object": "response", "model": "m", "status": "completed", "output": [], "usage": written}
    )
    back = lc.decode_response("openai", body.encode()).usage
    assert (back.cache_read_tokens, back.cache_write_tokens, back.reasoning_tokens) == (
        cache_read or 0,
        cache_write or 0,
        reasoning or 0,
    )


def test_the_red_teams_body() -> None:
    written = _usage_written(lc.Usage(input_tokens=1, output_tokens=2, total_tokens=3))
    assert written == {
        "input_tokens": 1,
        "input_tokens_details": {"cache_write_tokens": 0, "cached_tokens": 0},
        "output_tokens": 2,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 3,
    }


@needs_corpus
def test_the_sdks_final_response_holds_both_details() -> None:
    """Every corpus stream of another dialect with a usage, translated to Responses: the openai
    SDK's accumulated final response has both details objects, each with its count, and the
    written usage is the SDK's strict model."""
    checked = 0
    for src, path in corpus_streams():
        if src == "openai":
            continue
        written = b"".join(lc.stream.translate(src, "openai", [path.read_bytes()], request=REQUEST))
        final = [
            json.loads(line[6:])["response"]
            for line in written.split(b"\n")
            if line.startswith(b"data: ") and b'"type":"response.completed"' in line
        ]
        if not final or "usage" not in final[-1]:
            continue
        usage = stream_usage("openai", written)
        assert usage.input_tokens_details is not None, path
        assert isinstance(usage.input_tokens_details.cached_tokens, int), path
        assert usage.output_tokens_details is not None, path
        assert isinstance(usage.output_tokens_details.reasoning_tokens, int), path
        usage_json = final[-1]["usage"]
        assert _sdk_complaints(usage_json) == [], path
        checked += 1
    assert checked >= 15


def test_a_chat_usage_without_details_reads_back_as_zero_through_responses() -> None:
    """The documented choice: Chat -> Responses -> decode reads 0 where the Chat backend said
    nothing (a Responses client cannot hold "not reported" in these fields; the cache-write count
    too since rtleft25)."""
    chat = lc.Response(
        id="c",
        model="m",
        message=lc.Message.assistant("hi"),
        finish_reason="stop",
        usage=lc.Usage(input_tokens=5, output_tokens=2, total_tokens=7),
    )
    backend = lc.decode_response("openai_chat", lc.encode_response("openai_chat", chat))
    back = lc.decode_response("openai", lc.encode_response("openai", backend, usage_from="openai_chat")).usage
    assert (back.cache_read_tokens, back.reasoning_tokens, back.cache_write_tokens) == (0, 0, 0)
    assert (back.input_tokens, back.output_tokens, back.total_tokens) == (5, 2, 7)
