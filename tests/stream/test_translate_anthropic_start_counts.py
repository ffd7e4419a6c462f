"""An Anthropic stream whose ``message_delta`` reports no input counts reaches every client with
those of its ``message_start`` (red team 44, left item of red team 21 F02).

Anthropic's own example, Bedrock and Vertex put ``output_tokens`` alone in ``message_delta``; the
anthropic SDK keeps the input and cache counts of ``message_start``. lm15 (and ``decode``) read
none, and a Chat, Responses or Gemini client read 0 input tokens. ``translate`` now takes each count
the end leaves unreported from the start (read as the client's SDK reads the source), before
restating the usage in the client's meaning; a count the end reports is kept, and a start count
that is not a non-negative int is not taken.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.sdk_readers import sdk_gemini
from .write_support import REQUEST, sdk_chat, sdk_responses


def _stream(start_usage: dict[str, Any], end_usage: dict[str, Any]) -> bytes:
    events = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-x",
                "content": [],
                "stop_reason": None,
                "usage": start_usage,
            },
        },
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": end_usage},
        {"type": "message_stop"},
    ]
    return b"".join(b"event: %s\ndata: %s\n\n" % (e["type"].encode(), json.dumps(e).encode()) for e in events)


_START = {
    "input_tokens": 10,
    "cache_read_input_tokens": 4,
    "cache_creation_input_tokens": 2,
    "output_tokens": 1,
}
_OUTPUT_ONLY = _stream(_START, {"output_tokens": 7})


def test_decode_keeps_lm15s_reading() -> None:
    usage = lc.assemble(lc.stream.decode("anthropic", [_OUTPUT_ONLY], request=REQUEST), request=REQUEST).usage
    assert (usage.input_tokens, usage.output_tokens, usage.cache_read_tokens) == (None, 7, None)


@pytest.mark.parametrize(
    ("dst", "want"),
    [
        # the OpenAI meaning: the cache reads and writes join the input (10 + 4 + 2)
        ("openai", (16, 7, 23)),
        ("openai_chat", (16, 7, 23)),
        # Gemini: prompt (with the cache), candidates, total, thoughts, cached
        ("gemini", (16, 7, 23, None, 4)),
    ],
)
def test_every_client_reads_the_start_counts(dst: str, want: tuple[Any, ...]) -> None:
    out = b"".join(lc.stream.translate("anthropic", dst, [_OUTPUT_ONLY], request=REQUEST))
    read = {"openai": sdk_responses, "openai_chat": sdk_chat, "gemini": sdk_gemini}[dst]
    assert read(out)["usage"] == want


def test_counts_the_end_reports_are_kept() -> None:
    stream = _stream(_START, {"input_tokens": 12, "output_tokens": 7})
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", [stream], request=REQUEST))
    assert sdk_chat(out)["usage"] == (18, 7, 25)  # 12 from the end, the cache counts from the start


@pytest.mark.parametrize("bad", [None, -1, "10", True, 1.5, [], {}])
def test_a_start_count_that_is_not_a_count_is_not_taken(bad: Any) -> None:
    stream = _stream({"input_tokens": bad, "output_tokens": 1}, {"output_tokens": 7})
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", [stream], request=REQUEST))
    assert sdk_chat(out)["usage"] == (0, 7, 7)
