"""Anthropic Messages wire: lmcodec.providers.anthropic.stream against lm15 1.5.0's AnthropicLM."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.providers.anthropic import stream as lca

from .provider_support import (
    Raised,
    check_body_value,
    check_frames,
)

P = "anthropic"


# -- the edge cases of notes/providers.md §3, each against lm15 --------------------------

START = {
    "type": "message_start",
    "message": {"id": "msg_1", "model": "claude-x", "usage": {"input_tokens": 9}},
}
TEXT = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}}
STOP = {"type": "message_stop"}


def delta(index: Any, **d: Any) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": d}


def block(index: Any, **b: Any) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": b}


def message_delta(**frame: Any) -> dict[str, Any]:
    return {"type": "message_delta", **frame}


EDGE_STREAMS: dict[str, list[Any]] = {
    "start-usage-ignored": [START, TEXT, message_delta(delta={"stop_reason": "end_turn"}), STOP],
    "start-without-message": [{"type": "message_start"}, TEXT],
    "start-twice": [START, {"type": "message_start", "message": {"id": "msg_2", "model": "other"}}, TEXT],
    "text-block-start-text-dropped": [START, block(0, type="text", text="dropped"), TEXT],
    "thinking-block-start-dropped": [START, block(0, type="thinking", thinking="t", signature="s")],
    "tool-use-input-placeholder": [
        START,
        block(1, type="tool_use", id="t", name="f", input={}),
        delta(1, type="input_json_delta", partial_json=""),
    ],
    "tool-use-input-non-empty": [
        START,
        block(1, type="tool_use", id="t", name="f", input={"city": "Gatineau é", "n": 1.0}),
    ],
    "tool-use-input-odd": [
        START,
        block(1, type="tool_use", input=[1]),
        block(2, type="tool_use", input="s"),
        block(3, type="tool_use", input=None),
    ],
    "server-tool-use-unnamed-fragments": [
        START,
        block(1, type="server_tool_use", id="srvtoolu_1", name="web_search", input={}),
        delta(1, type="input_json_delta", partial_json='{"query":"x"}'),
        block(2, type="web_search_tool_result", tool_use_id="srvtoolu_1", content=[]),
    ],
    "redacted-thinking": [
        START,
        block(0, type="redacted_thinking", data={"opaque": [1, 2]}),
        block(1, type="redacted_thinking"),
    ],
    "redacted-thinking-data-null": [START, block(0, type="redacted_thinking", data=None)],
    "signature-empty": [
        START,
        delta(0, type="signature_delta", signature=""),
        delta(0, type="signature_delta"),
    ],
    "citation-flat": [START, delta(0, type="citation_delta", cited_text="c", url="u")],
    "citation-not-object": [START, delta(0, type="citations_delta", citation="x", title="T")],
    "unknown-delta-type": [START, delta(0, type="new_delta", text="x"), delta(0)],
    "delta-not-object": [START, {"type": "content_block_delta", "index": 0, "delta": "x"}],
    "unknown-delta-bad-index": [START, delta("x", type="new_delta")],
    "message-delta-usage-output-only": [
        START,
        TEXT,
        message_delta(delta={"stop_reason": None}, usage={"output_tokens": 7}),
        STOP,
    ],
    "message-delta-empty-usage": [START, TEXT, message_delta(delta={}, usage={})],
    "message-delta-unknown-usage-key": [START, TEXT, message_delta(delta={}, usage={"server_tool_use": {}})],
    "message-delta-stop-reasons": [
        START,
        message_delta(delta={"stop_reason": "max_tokens"}),
        message_delta(delta={"stop_reason": "refusal"}),
        message_delta(delta={"stop_reason": "PAUSE_TURN"}),
    ],
    "message-delta-thinking-tokens": [
        START,
        message_delta(
            delta={}, usage={"output_tokens": 3, "output_tokens_details": {"thinking_tokens": "2"}}
        ),
    ],
    "stop-only": [STOP],
    "ping-and-block-stop": [START, {"type": "ping"}, {"type": "content_block_stop", "index": 0}, TEXT],
    "error-overloaded": [
        START,
        TEXT,
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    ],
    "error-context-length": [
        {
            "type": "error",
            "error": {"type": "invalid_request_error", "message": "prompt is too long: 1 tokens"},
        }
    ],
    "error-model": [{"type": "error", "error": {"type": "not_found_error", "message": "model: claude-nope"}}],
    "error-flat": [{"type": "error", "code": "DeploymentNotFound", "message": "no"}, {"type": "error"}],
    "index-string": [START, delta("2", type="text_delta", text="x")],
    "empty-data": ["", START, TEXT],
    # lm15 raises on these: lmcodec raises StreamDecodeError
    "done-is-not-json": [START, TEXT, STOP, "[DONE]"],
    "payload-not-object": [START, [1]],
    "citation-empty": [START, delta(0, type="citation_delta", citation={"type": "x"})],
    "negative-index": [START, delta(-1, type="text_delta", text="x")],
    "usage-bool": [START, message_delta(delta={}, usage={"output_tokens": True})],
    "unhashable-delta-type": [START, delta(0, type=["a"])],
}


@pytest.mark.parametrize("name", list(EDGE_STREAMS))
def test_edge_streams(name: str) -> None:
    check_frames(P, EDGE_STREAMS[name])


def test_edge_expectations() -> None:
    got = check_frames(P, EDGE_STREAMS["tool-use-input-non-empty"])
    assert not isinstance(got, Raised)
    assert got[1]["delta"]["input"] == '{"city":"Gatineau \\u00e9","n":1.0}'  # json.dumps, ensure_ascii
    got = check_frames(P, EDGE_STREAMS["message-delta-usage-output-only"])
    assert not isinstance(got, Raised) and got[-1]["usage"] == {"output_tokens": 7}  # no total
    assert isinstance(check_frames(P, EDGE_STREAMS["done-is-not-json"]), Raised)
    got = check_frames(P, EDGE_STREAMS["error-model"])
    assert not isinstance(got, Raised) and got[0]["error"]["code"] == "unsupported_model"


def test_model_prefix() -> None:
    got = check_frames(
        P, [{"type": "message_start", "message": {"id": "m"}}], request_model="anthropic:claude-x"
    )
    assert got == [{"type": "start", "id": "m", "model": "claude-x"}]


EDGE_BODIES: dict[str, Any] = {
    "blocks": {
        "id": "msg",
        "model": "claude-x",
        "content": [
            {"type": "thinking", "thinking": "t", "signature": "s"},
            {"type": "thinking", "text": "t2"},
            {"type": "redacted_thinking", "data": "blob"},
            {"type": "redacted_thinking"},
            {
                "type": "text",
                "text": "a",
                "citations": [{"cited_text": "c", "document_title": "D"}, {"x": 1}, "y"],
            },
            {"type": "tool_use", "id": "t", "name": "f", "input": {"a": 1}},
            {"type": "tool_use", "name": "g", "input": [1]},
            {"type": "server_tool_use", "id": "s"},
            {"type": "mystery"},
            3,
        ],
        "stop_reason": "tool_use",
        "usage": {
            "input_tokens": 1,
            "output_tokens": 2,
            "cache_read_input_tokens": 3,
            "output_tokens_details": {"thinking_tokens": 1},
        },
    },
    "unnamed-tool-use": {"content": [{"type": "tool_use", "id": "t", "input": {}}], "model": "m"},
    "no-content": {"model": "m", "stop_reason": "max_tokens"},
    "not-object": b"[1]",
    "not-json": b"",
}


@pytest.mark.parametrize("name", list(EDGE_BODIES))
def test_edge_bodies(name: str) -> None:
    check_body_value(P, EDGE_BODIES[name])


def test_error_envelope_is_a_provider_error_where_lm15_parses_it() -> None:
    """A deliberate deviation (issue 14): lm15 reads ``{"type": "error", ...}`` as an empty
    Response; lmcodec raises the provider's error (more in tests/stream/test_hostile_stream.py)."""
    body = {"type": "error", "error": {"type": "invalid_request_error", "message": "bad"}}
    with pytest.raises(lc.ProviderError) as info:
        lc.decode_response(
            P, json.dumps(body).encode(), request=lc.Request(model="m", messages=(lc.Message.user("hi"),))
        )
    assert (info.value.code, info.value.provider_code, info.value.message) == (
        "invalid_request",
        "invalid_request_error",
        "bad",
    )


def test_error_table_matches_lm15() -> None:
    from lm15.errors import canonical_error_code
    from lm15.providers.anthropic import AnthropicLM

    assert {k: canonical_error_code(v) for k, v in AnthropicLM._error_type_map.items()} == lca.ERROR_TYPES
