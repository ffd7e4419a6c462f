"""An Anthropic stream translated to an Anthropic client keeps its ``message_start`` usage (red
team 21 F02). The canonical start event has no usage, so the writer said ``input_tokens: 0`` there
and put the input and cache counts in ``message_delta`` only; anthropic SDK 0.40-0.49 read them
from ``message_start`` only (their ``MessageStream`` takes ``output_tokens`` alone from
``message_delta``) and reported 0 input tokens, no cache counts. ``translate`` now writes the
source's start usage (``cache_creation`` and ``service_tier`` too) and keeps the counts in
``message_delta``, which the current SDK takes as the cumulative totals: both SDK generations
read the same totals, nothing counted twice. The canonical Encoder (from lc events) still has no
usage at the start (docs/writers.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..corpus import needs_corpus
from ..providers.sdk_readers import _transport, anthropic
from .write_support import REQUEST, corpus_id, corpus_streams

ANTHROPIC = [case for case in corpus_streams() if case[0] == "anthropic"]


def _frames(body: bytes) -> list[dict[str, Any]]:
    return [json.loads(line[5:]) for line in body.split(b"\n") if line.startswith(b"data:")]


def _start_usage(body: bytes) -> dict[str, Any]:
    usage: dict[str, Any] = next(f for f in _frames(body) if f["type"] == "message_start")["message"]["usage"]
    return usage


def _final_usage(body: bytes) -> Any:
    client = anthropic.Anthropic(
        api_key="sk-test", http_client=_transport(body, "text/event-stream"), max_retries=0
    )
    with client.messages.stream(
        model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}]
    ) as s:
        return s.get_final_message().usage


def _as_old_sdks_read(body: bytes) -> dict[str, Any]:
    """anthropic 0.40-0.49's MessageStream: the start's usage, ``output_tokens`` from the last
    ``message_delta`` (``accumulate_event``: ``current_snapshot.usage.output_tokens =
    event.usage.output_tokens``, nothing else)."""
    usage = dict(_start_usage(body))
    for frame in _frames(body):
        if frame["type"] == "message_delta":
            usage["output_tokens"] = frame["usage"]["output_tokens"]
    return usage


_COUNTS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


@pytest.mark.parametrize("case", ANTHROPIC, ids=corpus_id)
def test_the_start_usage_crosses_and_both_sdk_generations_read_the_backends_totals(
    case: tuple[str, Path],
) -> None:
    body = case[1].read_bytes()
    if not any(f["type"] == "message_start" for f in _frames(body)):
        pytest.skip("no message_start in this capture")
    written = b"".join(lc.stream.translate("anthropic", "anthropic", [body], request=REQUEST))
    assert _start_usage(written) == _start_usage(body)
    old_backend, old_written = _as_old_sdks_read(body), _as_old_sdks_read(written)
    assert {k: old_written.get(k) for k in _COUNTS} == {k: old_backend.get(k) for k in _COUNTS}
    backend, ours = _final_usage(body), _final_usage(written)
    assert ours.model_dump() == backend.model_dump()  # the current SDK: counts, cache_creation, tier
    # the current SDK's totals are what an old SDK reads: nothing counted twice
    assert {k: getattr(ours, k) for k in _COUNTS} == {k: old_written.get(k) for k in _COUNTS}


@needs_corpus
def test_the_start_usage_crosses_chunked_byte_by_byte() -> None:
    body = ANTHROPIC[0][1].read_bytes()
    chunks = [body[i : i + 1] for i in range(len(body))]
    written = b"".join(lc.stream.translate("anthropic", "anthropic", chunks, request=REQUEST))
    assert _start_usage(written) == _start_usage(body)


def test_what_a_usage_holds_is_all_that_crosses() -> None:
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [],
            "usage": {
                "input_tokens": 7,
                "output_tokens": 1,
                "cache_creation": {"ephemeral_5m_input_tokens": 2},
                "service_tier": "standard",
                "note": "\ud800",
                "nested": {"deep": [1]},
            },
        },
    }
    body = (
        b"event: message_start\ndata: " + json.dumps(start).encode() + b"\n\n"
        b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},'
        b'"usage":{"output_tokens":3}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n'
    )
    written = b"".join(lc.stream.translate("anthropic", "anthropic", [body], request=REQUEST))
    assert _start_usage(written) == {
        "input_tokens": 7,
        "output_tokens": 1,
        "cache_creation": {"ephemeral_5m_input_tokens": 2},
        "service_tier": "standard",
    }
    no_counts = body.replace(b'"input_tokens": 7, ', b"")
    written = b"".join(lc.stream.translate("anthropic", "anthropic", [no_counts], request=REQUEST))
    assert _start_usage(written) == {"input_tokens": 0, "output_tokens": 0}


@needs_corpus
def test_other_sources_and_the_encoder_write_no_start_usage() -> None:
    """The documented limit: a start without counts says 0 (the canonical start event has none)."""
    body = ANTHROPIC[0][1].read_bytes()
    events = list(lc.stream.decode("anthropic", [body], request=REQUEST))
    assert _start_usage(b"".join(lc.stream.encode("anthropic", events))) == {
        "input_tokens": 0,
        "output_tokens": 0,
    }
    for src, path in corpus_streams():
        if src in ("openai", "openai_chat"):
            written = b"".join(lc.stream.translate(src, "anthropic", [path.read_bytes()], request=REQUEST))
            assert _start_usage(written) == {"input_tokens": 0, "output_tokens": 0}
            break


def _event(name: str, data: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


@pytest.mark.parametrize(
    "before", [b'event: ping\ndata: {"type": "ping"}\n\n', b": data: a comment\n\n", b":\n\n:\n\n"]
)
def test_the_start_usage_is_carried_past_a_ping_or_a_comment(before: bytes) -> None:
    """A ping (or a comment holding ``data:``) before the ``message_start`` left the client's start
    usage at 0 input tokens (red team 22 F05): the peek read the first ``data:`` bytes anywhere."""
    usage = {"input_tokens": 9, "output_tokens": 1}
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [],
            "stop_reason": None,
            "usage": usage,
        },
    }
    body = before + _event("message_start", start) + _event("message_stop", {"type": "message_stop"})
    for chunks in ([body], [body[i : i + 7] for i in range(0, len(body), 7)]):
        out = b"".join(lc.stream.translate("anthropic", "anthropic", chunks))
        assert _start_usage(out) == usage
