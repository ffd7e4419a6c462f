"""OpenAI Responses API wire: lmcodec.providers.openai.stream against lm15 1.5.0's OpenAILM."""

from __future__ import annotations

from typing import Any

import pytest

from lmcodec.providers.openai import stream as lco

from .provider_support import (
    Raised,
    check_body_value,
    check_frames,
)

P = "openai"


# -- the edge cases of notes/providers.md §1, each against lm15 --------------------------

DELTA = {"type": "response.output_text.delta", "output_index": 0, "delta": "x"}
COMPLETED = {
    "type": "response.completed",
    "response": {"output": [], "usage": {"input_tokens": 1, "output_tokens": 2}},
}

EDGE_STREAMS: dict[str, list[Any]] = {
    "done-only": ["[DONE]"],
    "completed-without-response": [DELTA, {"type": "response.completed"}],
    "completed-response-not-object": [DELTA, {"type": "response.completed", "response": [1]}],
    "completed-tool-call": [
        DELTA,
        {"type": "response.completed", "response": {"output": [{"type": "function_call"}]}},
    ],
    "done-after-completed-keeps-tool-call": [
        DELTA,
        {"type": "response.completed", "response": {"output": [{"type": "function_call"}]}},
        "[DONE]",
    ],
    "incomplete-is-ignored": [DELTA, {"type": "response.incomplete", "response": {"status": "incomplete"}}],
    "failed-is-ignored": [DELTA, {"type": "response.failed"}],
    "empty-data": ["", DELTA, COMPLETED],
    "created-without-model": [{"type": "response.created", "response": {"id": "r"}}, DELTA],
    "created-twice": [
        {"type": "response.created", "response": {"id": "r1", "model": "a"}},
        {"type": "response.created", "response": {"id": "r2", "model": "b"}},
    ],
    "created-after-delta": [DELTA, {"type": "response.created", "response": {"id": "r1", "model": "a"}}],
    "index-as-string": [{**DELTA, "output_index": "3"}],
    "index-as-float": [{**DELTA, "output_index": 2.7}],
    "index-as-bool": [{**DELTA, "output_index": True}],
    "index-null": [{**DELTA, "output_index": None}],
    "delta-null": [{**DELTA, "delta": None}],
    "delta-number": [{**DELTA, "delta": 5}],
    "logprob-int": [{**DELTA, "logprobs": [{"token": "y", "logprob": -1}]}],
    "logprob-entry-without-logprob": [
        {**DELTA, "logprobs": [{"token": "y"}, {"token": "z", "logprob": -2.5}]}
    ],
    "logprobs-not-a-list": [{**DELTA, "logprobs": {"token": "y"}}],
    # alternatives as the views decode them (TopLogprob): a token_id the wire sends is not read (lm15
    # reads token, logprob and bytes only), null bytes or alternatives, an alternative lm15 skips
    "top-logprobs-shapes": [
        {
            **DELTA,
            "logprobs": [
                {
                    "token": "y",
                    "logprob": -1.5,
                    "bytes": [121],
                    "top_logprobs": [
                        {"token": "y", "logprob": -1.5, "bytes": [121], "token_id": 7},
                        {"token": "z", "logprob": -2, "bytes": None, "token_id": None},
                        {"token": "w", "logprob": -3.25, "token_id": 0},
                    ],
                },
                {"token": "v", "logprob": -0.5, "top_logprobs": None},
            ],
        },
        {**DELTA, "logprobs": [{"token": "u", "logprob": -0.5, "top_logprobs": [{"token": "u"}]}]},
    ],
    "top-logprob-bytes-negative": [
        {
            **DELTA,
            "logprobs": [
                {"token": "y", "logprob": -1, "top_logprobs": [{"token": "y", "bytes": [-1], "logprob": 0}]}
            ],
        }
    ],
    "refusal-is-text": [{"type": "response.refusal.delta", "output_index": 0, "delta": "no"}],
    "reasoning-done-empty-encrypted": [
        {
            "type": "response.output_item.done",
            "output_index": 1,
            "item": {"type": "reasoning", "id": "rs", "encrypted_content": ""},
        }
    ],
    "reasoning-done-nothing": [{"type": "response.output_item.done", "item": {"type": "reasoning"}}],
    "reasoning-added-bad-index-ignored-type": [
        {"type": "response.output_item.added", "item": {"type": "message"}, "output_index": "x"}
    ],
    "function-call-item-ids": [
        {
            "type": "response.output_item.added",
            "output_index": 1,
            "item": {"type": "function_call", "id": "fc", "name": "f"},
        },
        {"type": "response.function_call_arguments.delta", "output_index": 1, "item_id": "fc", "delta": "{}"},
        {
            "type": "response.function_call_arguments.delta",
            "output_index": 1,
            "call_id": "c",
            "name": "g",
            "delta": "",
        },
    ],
    "annotation-file-citation": [
        {
            "type": "response.output_text.annotation.added",
            "annotation": {"type": "file_citation", "file_id": "file-1", "index": 3},
        }
    ],
    "annotation-empty": [{"type": "response.output_text.annotation.added", "annotation": {"type": "x"}}],
    "annotation-not-object": [
        {"type": "response.output_text.annotation.added", "annotation": "x", "output_index": "bad"}
    ],
    "audio-and-image": [
        {"type": "response.output_audio.delta", "delta": None},
        {"type": "response.image.delta", "output_index": 2},
    ],
    "error-code-top-level": [{"type": "error", "code": "rate_limit_exceeded", "message": "slow down"}],
    "error-type-not-in-map": [
        {"type": "error", "error": {"type": "invalid_request_error", "message": "bad"}}
    ],
    "error-empty": [{"type": "error"}],
    "error-pinned-model-not-found": [
        {
            "type": "error",
            "code": "invalid_request_error",
            "message": "The supported API model names are a, b",
        }
    ],
    "error-after-deltas": [DELTA, {"type": "response.error", "error": {"code": "server_error"}}, COMPLETED],
    "unknown-type": [{"type": "response.something_new", "delta": 5}, DELTA],
    "type-missing": [{"delta": "x"}],
    # lm15 raises on these: lmcodec raises StreamDecodeError
    "completed-usage-null": [DELTA, {"type": "response.completed", "response": {"usage": None}}],
    "not-json": [DELTA, "{oops"],
    "json-array": [[1, 2]],
    "negative-index": [DELTA, {**DELTA, "output_index": -1}],
    "usage-string": [{"type": "response.completed", "response": {"usage": {"input_tokens": "3"}}}],
    "unhashable-type": [{"type": {"a": 1}}],
}


@pytest.mark.parametrize("name", list(EDGE_STREAMS))
def test_edge_streams(name: str) -> None:
    check_frames(P, EDGE_STREAMS[name])


def test_edge_expectations() -> None:
    """A few of the quirks spelled out (the differential test above pins them all)."""
    assert check_frames(P, ["[DONE]"]) == [{"type": "start", "model": "m-1"}, {"type": "end"}]
    got = check_frames(P, [DELTA, {"type": "response.completed"}])
    assert not isinstance(got, Raised) and got[-1] == {"type": "end", "finish_reason": "stop"}
    got = check_frames(P, [DELTA, {"type": "response.incomplete"}])
    assert not isinstance(got, Raised) and [e["type"] for e in got] == ["start", "delta"]  # no end
    got = check_frames(P, [{"type": "error", "error": {"type": "invalid_request_error"}}])
    assert got == [
        {
            "type": "error",
            "error": {
                "code": "provider",
                "message": "invalid_request_error",
                "provider_code": "invalid_request_error",
            },
        }
    ]
    assert isinstance(
        check_frames(P, [DELTA, {"type": "response.completed", "response": {"usage": None}}]), Raised
    )


def test_model_prefix() -> None:
    """The adapter reads the model without its "openai:" prefix; the synthesized start
    keeps it (the contract harness path)."""
    got = check_frames(
        P, [{"type": "response.created", "response": {"id": "r"}}], request_model="openai:gpt-x"
    )
    assert got == [{"type": "start", "id": "r", "model": "gpt-x"}]
    got = check_frames(P, [DELTA], request_model="openai:gpt-x")
    assert not isinstance(got, Raised) and got[0] == {"type": "start", "model": "openai:gpt-x"}


EDGE_BODIES: dict[str, Any] = {
    "error-envelope": {"error": {"code": "rate_limit_exceeded", "message": "slow"}},
    "error-envelope-default-server": {"error": {"message": "boom"}},
    "error-null": {"error": None, "output": [], "model": "m"},
    "incomplete-tokens": {
        "status": "incomplete",
        "incomplete_details": {"reason": "max_output_tokens"},
        "output": [],
    },
    "incomplete-filter": {
        "status": "incomplete",
        "incomplete_details": {"reason": "content_filter"},
        "output": [],
    },
    "refusal": {
        "output": [
            {"type": "message", "content": [{"type": "refusal", "refusal": "no"}, {"type": "refusal"}]}
        ]
    },
    "reasoning-summary": {
        "output": [
            {
                "type": "reasoning",
                "id": "rs",
                "summary": [{"text": "a"}, {"x": 1}, "b"],
                "encrypted_content": "e",
            }
        ]
    },
    "unnamed-call": {"output": [{"type": "function_call", "arguments": "{}"}]},
    "call-arguments": {
        "output": [
            {"type": "function_call", "name": "f", "arguments": "[1]"},
            {"type": "function_call", "name": "g", "arguments": "{bad", "call_id": "c"},
            {"type": "function_call", "name": "h", "arguments": {"a": 1}, "id": "i"},
        ]
    },
    "citations-sliced": {
        "output": [
            {
                "type": "message",
                "content": [
                    {
                        "type": "output_text",
                        "text": "Hello world",
                        "annotations": [
                            {"type": "url_citation", "url": "u", "start_index": 6, "end_index": 11},
                            "x",
                        ],
                    }
                ],
            }
        ]
    },
    "media-and-unmapped": {
        "output": [
            {
                "type": "message",
                "content": [
                    {"type": "output_image", "b64_json": "iVBO"},
                    {"type": "output_audio", "audio": {"data": "AAAA"}},
                    {"type": "weird"},
                    5,
                ],
            },
            {"type": "web_search_call"},
            {"type": "new_item"},
            7,
        ],
        "output_text": "ignored",
    },
    "no-parts-output-text": {"output": [], "output_text": "fallback"},
    "not-json": b"<html>",
    "not-object": b"[1]",
}


@pytest.mark.parametrize("name", list(EDGE_BODIES))
def test_edge_bodies(name: str) -> None:
    check_body_value(P, EDGE_BODIES[name])


def test_error_tables_match_lm15() -> None:
    from lm15.errors import canonical_error_code
    from lm15.providers.openai import OpenAILM

    assert {
        k: canonical_error_code(v) for k, v in OpenAILM._response_error_code_map.items()
    } == lco.RESPONSE_ERROR_CODES
    assert {
        k: canonical_error_code(v) for k, v in OpenAILM._stream_error_code_map.items()
    } == lco.STREAM_ERROR_CODES
