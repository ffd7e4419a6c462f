"""OpenAI Chat Completions wire (Groq, vLLM, SGLang, ...): lmcodec.providers.openai_chat.stream
against lm15 1.5.0's OpenAIChatLM."""

from __future__ import annotations

from typing import Any

import pytest

from lmcodec.providers.openai_chat import stream as lcc

from .provider_support import (
    Raised,
    check_body_value,
    check_frames,
)

P = "openai_chat"


# -- the edge cases of notes/providers.md §2, each against lm15 --------------------------


def chunk(delta: Any = None, finish: Any = None, **extra: Any) -> dict[str, Any]:
    choice: dict[str, Any] = {"index": 0, "delta": delta if delta is not None else {}}
    if finish is not None:
        choice["finish_reason"] = finish
    return {"id": "c", "object": "chat.completion.chunk", "model": "srv", "choices": [choice], **extra}


TEXT = chunk({"content": "Hi"})
USAGE = {"choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}}

EDGE_STREAMS: dict[str, list[Any]] = {
    "done-only": ["[DONE]"],
    "done-then-more": [TEXT, "[DONE]", chunk({}, "stop"), "[DONE]", "[DONE]"],
    "done-before-usage": [TEXT, chunk({}, "stop"), "[DONE]", USAGE],
    "payload-not-object": [[1], "x", 5, TEXT],
    "error-not-object-ignored": [{"error": "boom", "choices": [{"delta": {"content": "a"}}]}],
    "error-object": [TEXT, {"error": {"type": "server_error", "message": "m"}}],
    "error-pinned-model": [{"error": {"code": "400", "message": "x is not a valid model ID"}}],
    "usage-empty-replaces": [
        TEXT,
        chunk({}, "stop", usage={"prompt_tokens": 1, "completion_tokens": 1}),
        {"choices": [], "usage": {}},
    ],
    "usage-null-is-absent": [TEXT, chunk({}, "length", usage=None)],
    "usage-before-finish": [TEXT, USAGE, chunk({}, "stop")],
    "usage-in-finish-chunk": [TEXT, chunk({}, "stop", usage={"prompt_tokens": 1, "completion_tokens": 1})],
    "finish-unknown": [TEXT, chunk({}, "eos")],
    "finish-function-call": [TEXT, chunk({}, "function_call")],
    "finish-not-string": [TEXT, chunk({}, 1)],
    "finish-empty-string": [TEXT, chunk({}, "")],
    "content-empty-and-null": [chunk({"content": ""}), chunk({"content": None}), TEXT],
    "content-not-string": [chunk({"content": ["a"]}), chunk({"content": 5})],
    "reasoning-both": [chunk({"reasoning_content": "a", "reasoning": "b"}), chunk({"reasoning": "c"})],
    "reasoning-not-string": [chunk({"reasoning_content": 5})],
    "refusal-ignored": [chunk({"refusal": "no"}), TEXT],
    "only-choice-0": [{"choices": [{"delta": {"content": "a"}}, {"delta": {"content": "b"}}]}],
    "choice-0-not-object": [{"choices": ["x", {"delta": {"content": "b"}}]}],
    "choices-not-list": [{"choices": "abc"}],
    "delta-not-object": [{"choices": [{"delta": "x", "finish_reason": "stop"}]}],
    "tool-call-arguments-object": [
        chunk({"tool_calls": [{"index": 0, "id": "c", "function": {"name": "f", "arguments": {"a": 1}}}]})
    ],
    "tool-call-shapes": [
        chunk(
            {
                "tool_calls": [
                    {"index": 2, "function": None},
                    "junk",
                    {"id": "", "function": {"name": ""}},
                    {"index": "1"},
                ]
            }
        )
    ],
    "tool-calls-not-list": [chunk({"tool_calls": None}), chunk({"tool_calls": {}})],
    "text-and-call-share-slot-0": [
        chunk({"content": "Checking."}),
        chunk({"tool_calls": [{"index": 0, "id": "call_1", "function": {"name": "f", "arguments": ""}}]}),
        chunk({}, "tool_calls"),
    ],
    "logprobs": [
        chunk({"content": "a"}, logprobs=None),
        {
            "choices": [
                {
                    "delta": {"content": "b"},
                    "logprobs": {"content": [{"token": "b", "logprob": -1, "bytes": [98]}]},
                }
            ]
        },
        {"choices": [{"delta": {"content": "c"}, "logprobs": {"content": None, "refusal": []}}]},
        {"choices": [{"delta": {"content": "d"}, "logprobs": [1]}]},
    ],
    # alternatives as the views decode them (TopLogprob): a token_id the wire sends is not read (lm15
    # reads token, logprob and bytes only), null bytes or alternatives, an alternative lm15 skips
    "top-logprobs-shapes": [
        {
            "choices": [
                {
                    "delta": {"content": "b"},
                    "logprobs": {
                        "content": [
                            {
                                "token": "b",
                                "logprob": -1,
                                "bytes": [98],
                                "top_logprobs": [
                                    {"token": "b", "logprob": -1, "bytes": [98], "token_id": 12},
                                    {"token": "c", "logprob": -2.5, "bytes": None, "token_id": None},
                                    {"token": "d", "logprob": -3, "token_id": 0},
                                ],
                            },
                            {"token": "e", "logprob": -0.5, "top_logprobs": None},
                        ]
                    },
                }
            ]
        },
        {
            "choices": [
                {
                    "delta": {"content": "f"},
                    "logprobs": {"content": [{"token": "f", "logprob": 0, "top_logprobs": [{"token": "f"}]}]},
                }
            ]
        },
    ],
    "flat-cached-tokens": [
        TEXT,
        {
            "choices": [],
            "usage": {
                "prompt_tokens": 3,
                "cached_tokens": 2,
                "prompt_tokens_details": {"cached_tokens": None},
            },
        },
    ],
    "nested-cached-zero": [
        TEXT,
        {"choices": [], "usage": {"cached_tokens": 2, "prompt_tokens_details": {"cached_tokens": 0}}},
    ],
    "vllm-usage-details-null": [
        TEXT,
        {"choices": [], "usage": {"prompt_tokens": 3, "prompt_tokens_details": None}},
    ],
    # lm15 raises on these: lmcodec raises StreamDecodeError
    "not-json": [TEXT, "{oops"],
    "choices-object": [{"choices": {"a": 1}}],
    "negative-call-index": [chunk({"content": "before", "tool_calls": [{"index": -1}]})],
    "usage-float": [TEXT, {"choices": [], "usage": {"prompt_tokens": 1.5}}],
    "usage-details-list": [TEXT, {"choices": [], "usage": {"prompt_tokens_details": [1]}}],
}


@pytest.mark.parametrize("name", list(EDGE_STREAMS))
def test_edge_streams(name: str) -> None:
    check_frames(P, EDGE_STREAMS[name])


def test_edge_expectations() -> None:
    got = check_frames(P, EDGE_STREAMS["usage-empty-replaces"])
    assert not isinstance(got, Raised)
    assert got[-1] == {"type": "end", "finish_reason": "stop", "provider_data": {"choices": [], "usage": {}}}
    got = check_frames(P, EDGE_STREAMS["negative-call-index"])
    assert isinstance(got, Raised)
    # the events before the failing delta of the same chunk are yielded first
    from lmcodec import stream

    from .provider_support import requests_for, sse_body

    seen: list[Any] = []
    with pytest.raises(stream.StreamDecodeError) as info:
        for event in stream.decode(
            P, [sse_body(EDGE_STREAMS["negative-call-index"])], request=requests_for()[1]
        ):
            seen.append(event)
    assert [e.type for e in seen] == ["start", "delta"] and seen[1].delta.text == "before"
    assert info.value.frame == 0


def test_the_last_done_is_told_without_the_view_refusing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch's last "[DONE]" is the stream's bare end, told as the refusal told it (the edge
    streams above hold it to lm15), without the view's decode raising on it; one before other
    frames still goes the refusal's way."""
    import lmcodec as lc

    refused: list[bytes] = []
    original = lcc.StreamMapper.refused

    def spy(self: lcc.StreamMapper, data: bytes) -> int:
        refused.append(data)
        return original(self, data)

    monkeypatch.setattr(lcc.StreamMapper, "refused", spy)
    text = b'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n'
    end = b'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\n'
    request = lc.Request(model="m", messages=(lc.Message.user("hi"),))
    for chunks in ([text + end + b"data: [DONE]\n\n"], [text, end, b"data: [DONE]\n\n"]):
        response = lc.assemble(lc.stream.decode(P, chunks, request=request), request=request)
        assert response.message.parts == (lc.TextPart("Hi"),) and response.finish_reason == "stop"
    assert refused == []
    body = text + b"data: [DONE]\n\n" + end
    assert lc.assemble(lc.stream.decode(P, [body], request=request), request=request).finish_reason == "stop"
    assert refused == [b"[DONE]"]


def test_model_prefix() -> None:
    got = check_frames(P, [TEXT], request_model="openai_chat:llama")
    assert not isinstance(got, Raised) and got[0] == {"type": "start", "model": "openai_chat:llama"}
    check_body_value(P, {"choices": [{"message": {"content": "a"}}]})


def test_finish_reasons_match_lm15() -> None:
    from lm15.providers.openai_chat import _FINISH_REASON_MAP

    assert lcc.FINISH_REASONS == _FINISH_REASON_MAP


def test_top_logprobs_with_token_ids_are_mapped_by_the_typed_views(monkeypatch: pytest.MonkeyPatch) -> None:
    """Alternatives are decoded as TopLogprob itself; a token_id the wire sends is dropped there, as
    lm15 reads none, without the frame going to the port."""
    import lmcodec as lc
    from lmcodec import stream

    from .provider_support import requests_for, sse_body

    frames = [*EDGE_STREAMS["top-logprobs-shapes"][:1], chunk({}, "stop")]
    body = sse_body(frames)
    want = check_frames(P, frames)

    def refuse(*args: object) -> None:
        raise AssertionError("ported")

    monkeypatch.setattr(lcc.port, "port_frame", refuse)
    got = lc.assemble(stream.decode(P, [body], request=requests_for()[1]))
    tops = [t for token in got.logprobs or () for t in token.top]
    assert [t.token_id for t in tops] == [None, None, None]
    want_tops = [("b", -1.0, (98,)), ("c", -2.5, None), ("d", -3.0, None)]
    assert [(t.token, t.logprob, t.bytes) for t in tops] == want_tops
    assert not isinstance(want, Raised)
