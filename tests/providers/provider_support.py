"""Shared helpers of the provider-decoder tests: corpus bodies, lm15 1.5.0 as the reference.

The reference paths are lm15's own contract harness (``lm15/vet.py``):
``_parse_stream_body`` (SSE body -> adapter ``parse_stream_events`` ->
``coalesce_stream``) and ``parse_response`` over an ``HttpResponse``.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import providers as lcp
from lmcodec import stream as lcs

from ..corpus import CORPUS, strict_equal

lm15 = pytest.importorskip("lm15", reason="lm15 1.5.0 is the reference implementation")
from lm15 import serde, vet  # noqa: E402

CONTRACT = CORPUS / "lm15-contract"
BODIES = CONTRACT / "bodies"

needs_bodies = pytest.mark.skipif(not BODIES.is_dir(), reason=f"lm15-contract corpus not found at {BODIES}")


def _is_sse(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(6).startswith((b"event:", b"data:"))


@cache
def _all_bodies() -> tuple[Path, ...]:
    if not BODIES.is_dir():
        return ()
    return tuple(sorted(p for p in BODIES.glob("*/*") if p.is_file()))


def stream_bodies(provider: str) -> list[Path]:
    """Every SSE body of ``provider`` (the ``*stream*`` captures and the other SSE captures)."""
    return [p for p in _all_bodies() if p.parent.name.split(".")[0] == provider and _is_sse(p)]


def complete_bodies(provider: str) -> list[Path]:
    """Every non-streamed (JSON) body of ``provider``."""
    return [p for p in _all_bodies() if p.parent.name.split(".")[0] == provider and not _is_sse(p)]


def body_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


# -- requests ------------------------------------------------------------------


def requests_for(model: str = "m-1") -> tuple[Any, lc.Request]:
    """The same request as lm15 and lmcodec objects."""
    return (
        lm15.types.Request(model=model, messages=(lm15.types.Message.user("hi"),)),
        lc.Request(model=model, messages=(lc.Message.user("hi"),)),
    )


def requests_from_dict(data: dict[str, Any]) -> tuple[Any, lc.Request]:
    return serde.request_from_dict(data), lc.from_builtins(data, lc.Request)


# -- lm15 reference ------------------------------------------------------------


@cache
def adapter(provider: str) -> Any:
    return vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY)


class Raised:
    """An exception lm15 raised, in place of its output."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def __repr__(self) -> str:
        return f"Raised({type(self.exc).__name__}: {self.exc})"


def lm15_stream(provider: str, body: bytes, request: Any) -> list[dict[str, Any]] | Raised:
    """lm15's post-coalesce event trace of an SSE body, as dicts (or what it raised)."""
    try:
        events = vet._parse_stream_body(adapter(provider), request, body)
    except Exception as exc:
        return Raised(exc)
    return [serde.stream_event_to_dict(e) for e in events]


def lm15_events(provider: str, body: bytes, request: Any) -> list[Any]:
    return vet._parse_stream_body(adapter(provider), request, body)


def lm15_response(provider: str, body: bytes, request: Any) -> Any:
    """lm15's parse of a complete body (a Response, or Raised)."""
    try:
        return adapter(provider).parse_response(request, vet._http_response(200, body))
    except Exception as exc:
        return Raised(exc)


# -- lmcodec under test ----------------------------------------------------------


def lc_stream(provider: str, chunks: list[bytes], request: lc.Request) -> list[dict[str, Any]] | Raised:
    try:
        events = list(lcs.decode(provider, chunks, request=request))
    except lc.LmcodecError as exc:
        return Raised(exc)
    return [lc.to_builtins(e) for e in events]


def lc_feed_each(provider: str, chunks: list[bytes], request: lc.Request) -> list[dict[str, Any]]:
    """Through the Decoder object, one feed per chunk."""
    decoder = lcs.Decoder(provider, request=request)
    out: list[Any] = []
    for chunk in chunks:
        out.extend(decoder.feed(chunk))
    out.extend(decoder.close())
    return [lc.to_builtins(e) for e in out]


def assert_same_outcome(got: Any, expected: Any, context: str = "") -> None:
    """Events equal with typed equality and key order, or both raised (lmcodec an LmcodecError)."""
    if isinstance(expected, Raised):
        assert isinstance(got, Raised), f"{context}: lm15 raised {expected!r}, lmcodec gave {got!r}"
        assert isinstance(got.exc, lc.LmcodecError), context
        return
    assert not isinstance(got, Raised), f"{context}: lmcodec raised {got!r}, lm15 gave {expected!r}"
    strict_equal(got, expected, context or "$")


def assert_same_response(got: Any, expected: Any, context: str = "") -> None:
    """Responses equal (serialized, plus provider_data verbatim), or both raised."""
    if isinstance(expected, Raised):
        assert isinstance(got, Raised), f"{context}: lm15 raised {expected!r}, lmcodec gave {got!r}"
        assert isinstance(got.exc, lc.LmcodecError), f"{context}: {got.exc!r}"
        code = getattr(expected.exc, "code", None)
        if isinstance(got.exc, lcp.ProviderError) or (code is not None and hasattr(got.exc, "code")):
            assert got.exc.code == code, f"{context}: code {got.exc.code!r} != lm15 {code!r}"
        return
    assert not isinstance(got, Raised), f"{context}: lmcodec raised {got!r}, lm15 gave {expected!r}"
    strict_equal(lc.to_builtins(got), serde.response_to_dict(expected), context or "$")
    # lmcodec's Response stores an empty provider_data as None (lm15 keeps {} in memory; neither writes it).
    expected_data = expected.provider_data if expected.provider_data != {} else None
    strict_equal(got.provider_data, expected_data, f"{context}.provider_data")


def lc_response(provider: str, body: bytes, request: lc.Request | None) -> Any:
    try:
        return lcp.decode_response(provider, body, request=request)
    except lc.LmcodecError as exc:
        return Raised(exc)


def split_at(body: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(max(c, 0), len(body)) for c in cuts})
    chunks, prev = [], 0
    for c in points:
        chunks.append(body[prev:c])
        prev = c
    chunks.append(body[prev:])
    return chunks


def random_chunks(body: bytes, rng: random.Random, pieces: int) -> list[bytes]:
    return split_at(body, [rng.randrange(len(body) + 1) for _ in range(pieces)])


def sse_body(frames: list[Any], *, events: list[str | None] | None = None) -> bytes:
    """An SSE body from frames (JSON values, or str for verbatim data)."""
    out = []
    for i, frame in enumerate(frames):
        data = frame if isinstance(frame, str) else json.dumps(frame, separators=(",", ":"))
        name = events[i] if events else None
        out.append((f"event: {name}\n" if name else "") + f"data: {data}\n\n")
    return "".join(out).encode("utf-8")


# -- mutation fuzzing --------------------------------------------------------------

ODD_VALUES: tuple[Any, ...] = (
    None,
    "",
    0,
    1,
    -1,
    2.0,
    2.5,
    "3",
    "x",
    True,
    False,
    [],
    [1],
    {},
    {"a": 1},
    {"type": "function_call"},
    "reasoning",
    "tool_use",
    "text_delta",
    "STOP",
    "SAFETY",
    "MAX_TOKENS",
    "tool_calls",
    "[DONE]",
    "é\u2028",
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def mutate(frame: Any, rng: random.Random) -> Any:
    """A copy of ``frame`` with one value replaced, one key removed, or one key added."""
    frame = json.loads(json.dumps(frame))
    paths = [p for p in _paths(frame) if p]
    op = rng.random()
    if not paths:
        return rng.choice(ODD_VALUES) if op < 0.5 else frame
    path = rng.choice(paths)
    parent = frame
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if op < 0.7:
        parent[last] = rng.choice(ODD_VALUES)
    elif op < 0.85 and isinstance(parent, dict):
        del parent[last]
    elif isinstance(parent, dict):
        parent[rng.choice(["type", "index", "usage", "error", "delta", "text", "thought", "id", "name"])] = (
            rng.choice(ODD_VALUES)
        )
    else:
        parent[last] = rng.choice(ODD_VALUES)
    return frame


def frames_of(body: bytes) -> list[tuple[str | None, Any]]:
    """The (event name, JSON value or verbatim str) frames of an SSE body, via lmcodec's framer."""
    from lmcodec.stream.sse import iter_sse

    out: list[tuple[str | None, Any]] = []
    for ev in iter_sse([body]):
        try:
            out.append((ev.event, json.loads(ev.data)))
        except ValueError:
            out.append((ev.event, ev.data.decode()))
    return out


def check_mutations(provider: str, seeds: list[list[Any]], rounds: int, seed: int = 0) -> int:
    """Mutate one frame of a seed stream at a time; lmcodec must match lm15 (or both raise).
    Returns how many mutated streams lm15 itself rejected."""
    rng = random.Random(seed)
    req15, reqlc = requests_for()
    rejected = 0
    for n in range(rounds):
        frames = list(rng.choice(seeds))
        i = rng.randrange(len(frames))
        frames[i] = mutate(frames[i], rng) if not isinstance(frames[i], str) else frames[i]
        body = sse_body(frames)
        expected = lm15_stream(provider, body, req15)
        rejected += isinstance(expected, Raised)
        got = lc_stream(provider, [body], reqlc)
        assert_same_outcome(got, expected, f"round {n}: {body!r}")
    return rejected


# -- synthetic streams covering every frame kind each adapter maps ---------------------

SEEDS: dict[str, list[list[Any]]] = {
    "openai": [
        [
            {"type": "response.created", "response": {"id": "resp_1", "model": "gpt-x", "output": []}},
            {"type": "response.in_progress", "response": {"id": "resp_1"}},
            {
                "type": "response.output_item.added",
                "output_index": 0,
                "item": {"type": "reasoning", "id": "rs_1"},
            },
            {"type": "response.reasoning_summary_text.delta", "output_index": 0, "delta": "think"},
            {"type": "response.reasoning_text.delta", "output_index": 0, "delta": " more"},
            {
                "type": "response.output_item.done",
                "output_index": 0,
                "item": {"type": "reasoning", "id": "rs_1", "encrypted_content": "enc", "summary": []},
            },
            {
                "type": "response.output_text.delta",
                "output_index": 1,
                "delta": "Hi",
                "logprobs": [
                    {
                        "token": "Hi",
                        "logprob": -0.5,
                        "bytes": [72, 105],
                        "top_logprobs": [
                            {"token": "Hi", "logprob": -0.5, "bytes": [72, 105]},
                            {"token": "Yo", "logprob": -2},
                        ],
                    }
                ],
            },
            {
                "type": "response.output_text.annotation.added",
                "output_index": 1,
                "annotation": {
                    "type": "url_citation",
                    "url": "https://x",
                    "title": "X",
                    "start_index": 0,
                    "end_index": 2,
                },
            },
            {"type": "response.refusal.delta", "output_index": 1, "delta": " no"},
            {"type": "response.output_text.done", "output_index": 1, "text": "Hi no"},
            {
                "type": "response.output_item.added",
                "output_index": 2,
                "item": {
                    "type": "function_call",
                    "id": "fc_1",
                    "call_id": "call_1",
                    "name": "f",
                    "arguments": "",
                },
            },
            {
                "type": "response.function_call_arguments.delta",
                "output_index": 2,
                "item_id": "fc_1",
                "delta": '{"a":',
            },
            {
                "type": "response.function_call_arguments.delta",
                "output_index": 2,
                "item_id": "fc_1",
                "delta": "1}",
            },
            {"type": "response.output_audio.delta", "output_index": 3, "delta": "AAAA"},
            {"type": "response.output_image.delta", "output_index": 4, "delta": "iVBO"},
            {"type": "response.image.delta", "output_index": 4, "delta": "Rw=="},
            {
                "type": "response.completed",
                "response": {
                    "id": "resp_1",
                    "model": "gpt-x",
                    "output": [{"type": "function_call"}],
                    "usage": {
                        "input_tokens": 3,
                        "output_tokens": 4,
                        "total_tokens": 7,
                        "input_tokens_details": {"cached_tokens": 1, "audio_tokens": 0},
                        "output_tokens_details": {"reasoning_tokens": 2},
                    },
                },
            },
            "[DONE]",
        ],
        [
            {"type": "response.created", "response": {"id": "resp_2"}},
            {"type": "response.output_text.delta", "delta": "a"},
            {"type": "error", "code": "rate_limit_exceeded", "message": "slow down"},
            {
                "type": "response.error",
                "error": {"type": "invalid_request_error", "code": "context_length_exceeded"},
            },
            {"type": "response.completed"},
        ],
    ],
    "openai_chat": [
        [
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "model": "m",
                "choices": [
                    {
                        "index": 0,
                        "delta": {"role": "assistant", "reasoning_content": "hmm"},
                        "finish_reason": None,
                    }
                ],
            },
            {"choices": [{"index": 0, "delta": {"reasoning": "more", "content": ""}}]},
            {
                "choices": [
                    {
                        "index": 0,
                        "delta": {"content": "Hi"},
                        "logprobs": {
                            "content": [
                                {
                                    "token": "Hi",
                                    "logprob": -0.1,
                                    "bytes": [72, 105],
                                    "top_logprobs": [{"token": "Hi", "logprob": -0.1, "bytes": None}],
                                }
                            ]
                        },
                    }
                ]
            },
            {
                "choices": [
                    {
                        "index": 0,
                        "delta": {
                            "tool_calls": [
                                {
                                    "index": 0,
                                    "id": "call_1",
                                    "type": "function",
                                    "function": {"name": "f", "arguments": ""},
                                },
                                {"index": 1, "id": "call_2", "function": {"name": "g", "arguments": "{}"}},
                            ]
                        },
                    }
                ]
            },
            {
                "choices": [
                    {
                        "index": 0,
                        "delta": {"tool_calls": [{"index": 0, "function": {"arguments": '{"a":1}'}}]},
                    }
                ]
            },
            {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
            {
                "choices": [],
                "usage": {
                    "prompt_tokens": 5,
                    "completion_tokens": 6,
                    "total_tokens": 11,
                    "prompt_tokens_details": {"cached_tokens": 2, "audio_tokens": 0},
                    "completion_tokens_details": {"reasoning_tokens": 3, "audio_tokens": 0},
                },
            },
            "[DONE]",
        ],
        [
            {"choices": [{"index": 0, "delta": {"content": "x"}}]},
            {"error": {"code": "rate_limit_exceeded", "message": "slow down"}},
            {"choices": [{"index": 0, "delta": {}, "finish_reason": "weird"}], "usage": {"cached_tokens": 4}},
        ],
    ],
    "anthropic": [
        [
            {
                "type": "message_start",
                "message": {"id": "msg_1", "model": "claude-x", "usage": {"input_tokens": 3}},
            },
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "thinking", "thinking": "", "signature": ""},
            },
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "thinking_delta", "thinking": "hmm"},
            },
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "signature_delta", "signature": "sig"},
            },
            {"type": "content_block_stop", "index": 0},
            {
                "type": "content_block_start",
                "index": 1,
                "content_block": {"type": "redacted_thinking", "data": "blob"},
            },
            {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
            {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "Hi"}},
            {
                "type": "content_block_delta",
                "index": 2,
                "delta": {
                    "type": "citations_delta",
                    "citation": {
                        "type": "web_search_result_location",
                        "cited_text": "c",
                        "url": "https://x",
                        "title": "X",
                    },
                },
            },
            {
                "type": "content_block_start",
                "index": 3,
                "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
            },
            {
                "type": "content_block_delta",
                "index": 3,
                "delta": {"type": "input_json_delta", "partial_json": '{"a":'},
            },
            {
                "type": "content_block_delta",
                "index": 3,
                "delta": {"type": "input_json_delta", "partial_json": "1}"},
            },
            {"type": "ping"},
            {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                "usage": {
                    "input_tokens": 3,
                    "output_tokens": 9,
                    "cache_read_input_tokens": 1,
                    "cache_creation_input_tokens": 0,
                    "output_tokens_details": {"thinking_tokens": 4},
                },
            },
            {"type": "message_stop"},
        ],
        [
            {"type": "message_start", "message": {"id": "msg_2"}},
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "tool_use", "id": "t", "name": "f", "input": {"k": "é"}},
            },
            {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
            {"type": "message_delta", "delta": {}, "usage": {"output_tokens": 7}},
        ],
    ],
    "gemini": [
        [
            {
                "candidates": [
                    {
                        "content": {
                            "parts": [{"text": "think", "thought": True, "thoughtSignature": "s1"}],
                            "role": "model",
                        }
                    }
                ],
                "usageMetadata": {"promptTokenCount": 3},
            },
            {
                "candidates": [
                    {
                        "content": {
                            "parts": [
                                {"text": "Hi"},
                                {
                                    "functionCall": {"name": "f", "args": {"a": 1.0, "b": "é"}},
                                    "thoughtSignature": "s2",
                                },
                            ],
                            "role": "model",
                        }
                    }
                ]
            },
            {
                "candidates": [
                    {
                        "content": {
                            "parts": [
                                {"inlineData": {"mimeType": "audio/pcm", "data": "AAAA"}},
                                {"inlineData": {"mimeType": "image/png", "data": "iVBO"}},
                                {"inlineData": {"mimeType": "application/pdf", "data": "JVBE"}},
                                {"thought": True, "thoughtSignature": "s3"},
                            ]
                        }
                    }
                ]
            },
            {
                "candidates": [
                    {
                        "content": {"parts": [{"text": "!"}]},
                        "finishReason": "STOP",
                        "logprobsResult": {
                            "chosenCandidates": [{"token": "!", "logProbability": -0.1, "tokenId": 5}],
                            "topCandidates": [{"candidates": [{"token": "!", "logProbability": -0.1}]}],
                        },
                    }
                ],
                "usageMetadata": {
                    "promptTokenCount": 3,
                    "candidatesTokenCount": 4,
                    "totalTokenCount": 7,
                    "promptTokensDetails": [{"modality": "AUDIO", "tokenCount": 2}],
                    "thoughtsTokenCount": 1,
                },
            },
            {"candidates": [], "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 5}},
        ],
        [
            {"candidates": [{"content": {"parts": [{"text": "a"}]}}]},
            {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "quota"}},
            {"candidates": [{"finishReason": "SAFETY"}]},
            {"promptFeedback": {"blockReason": "SAFETY"}},
            {"candidates": [{"content": {"parts": [{"text": "b"}]}, "finishReason": "MAX_TOKENS"}]},
        ],
    ],
}


# The corpus has no complete Chat Completions body: these cover what the reader maps.
CHAT_BODIES: list[Any] = [
    {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o-mini",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "Hello!", "refusal": None},
                "logprobs": {
                    "content": [{"token": "Hello", "logprob": -0.1, "bytes": [72], "top_logprobs": []}],
                    "refusal": None,
                },
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": 9,
            "completion_tokens": 2,
            "total_tokens": 11,
            "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
        },
        "system_fingerprint": "fp_1",
    },
    {
        "id": "chatcmpl-2",
        "model": "qwen",
        "choices": [
            {
                "message": {
                    "role": "assistant",
                    "reasoning_content": "thinking",
                    "content": "Calling.",
                    "refusal": "no",
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "f", "arguments": '{"a": 1}'},
                        },
                        {"type": "function", "function": {"name": "g", "arguments": "[1]"}},
                        {"id": "call_3", "function": {"name": "h", "arguments": "{bad"}},
                        {"id": "c4", "type": "custom", "custom": {"name": "x"}},
                        "junk",
                    ],
                },
                "finish_reason": "tool_calls",
            }
        ],
        "usage": {"prompt_tokens": 3, "completion_tokens": 4, "cached_tokens": 1},
    },
    {
        "model": "m",
        "choices": [
            {
                "message": {"content": [{"type": "text", "text": "a"}, {"type": "image_url"}, 5]},
                "finish_reason": "eos",
            }
        ],
    },
    {"choices": [{"message": {"reasoning": "r", "content": 5}, "finish_reason": None}]},
    {"choices": ["x"], "model": "m"},
    {"choices": [], "model": "m", "usage": None},
    {
        "error": {
            "message": "The model `x` does not exist",
            "type": "invalid_request_error",
            "code": "model_not_found",
        }
    },
    {"error": {"message": "boom"}},
    {"choices": [{"message": {"content": "a"}}, {"message": {"content": "b"}}], "model": "m"},
    {"choices": [{"message": {"tool_calls": [{"function": {"arguments": "{}"}}]}}], "model": "m"},
    {"choices": {"a": 1}, "model": "m"},
    [1, 2],
]


# -- the checks every provider test module runs ------------------------------------------


def check_stream_body(provider: str, path: Path) -> None:
    """A corpus SSE body: whole, in random chunks, and one byte at a time, through
    decode() and through Decoder.feed; always lm15's trace."""
    body = path.read_bytes()
    req15, reqlc = requests_for()
    expected = lm15_stream(provider, body, req15)
    assert not isinstance(expected, Raised), expected
    assert_same_outcome(lc_stream(provider, [body], reqlc), expected, "whole")
    rng = random.Random(body_id(path))
    for pieces in (1, 3, 17):
        assert_same_outcome(
            lc_stream(provider, random_chunks(body, rng, pieces), reqlc), expected, f"{pieces} cuts"
        )
    bytewise = [body[i : i + 1] for i in range(len(body))]
    strict_equal(lc_feed_each(provider, bytewise, reqlc), expected, "byte by byte")


def check_complete_body(provider: str, path: Path) -> None:
    body = path.read_bytes()
    req15, reqlc = requests_for()
    assert_same_response(
        lc_response(provider, body, reqlc), lm15_response(provider, body, req15), body_id(path)
    )


def check_frames(
    provider: str, frames: list[Any], *, request_model: str = "m-1"
) -> list[dict[str, Any]] | Raised:
    """A synthetic stream: lmcodec must give lm15's trace (or both raise); returns lmcodec's outcome."""
    body = sse_body(frames)
    req15, reqlc = requests_for(request_model)
    expected = lm15_stream(provider, body, req15)
    got = lc_stream(provider, [body], reqlc)
    assert_same_outcome(got, expected, repr(body))
    return got


def check_body_value(provider: str, value: Any) -> Any:
    """A synthetic complete body: lmcodec must give lm15's Response (or both raise)."""
    body = value if isinstance(value, bytes) else json.dumps(value).encode("utf-8")
    req15, reqlc = requests_for()
    got = lc_response(provider, body, reqlc)
    assert_same_response(got, lm15_response(provider, body, req15), repr(body[:200]))
    return got


def check_complete_mutations(provider: str, bodies: list[Any], rounds: int, seed: int = 0) -> int:
    rng = random.Random(seed)
    req15, reqlc = requests_for()
    rejected = 0
    for n in range(rounds):
        value = rng.choice(bodies)
        for _ in range(rng.randint(1, 2)):
            value = mutate(value, rng)
        body = json.dumps(value).encode("utf-8")
        expected = lm15_response(provider, body, req15)
        rejected += isinstance(expected, Raised)
        assert_same_response(lc_response(provider, body, reqlc), expected, f"round {n}: {body[:300]!r}")
    return rejected


def stream_seeds(provider: str) -> list[list[Any]]:
    """Frame lists to mutate: the corpus streams and the synthetic ones."""
    corpus = [[f for _, f in frames_of(p.read_bytes())] for p in stream_bodies(provider)]
    return corpus + SEEDS[provider] * max(1, len(corpus) // 2)
