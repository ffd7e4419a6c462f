"""An Anthropic stream that used a server tool reaches every client with its answer.

Red-team gateway F03: Claude's server tools (web_search, web_fetch, code execution) stream a
``server_tool_use`` block and a ``*_tool_result`` block. lm15's adapter ignores both block starts
but maps the server_tool_use block's ``input_json_delta`` fragments to a tool call with no name
(decode keeps that reading; ``lc.assemble`` refuses it, MAP-9), and every writer refuses a nameless
call, so ``translate`` ended the stream with an error event in every dialect, Anthropic included,
while the same answer non-streamed goes through. The server tool's call is the server's, not the
client's to run (and the request readers refuse server tool blocks sent back): ``translate`` leaves
a call an Anthropic stream never named out of the written stream and writes the rest (text,
citations, the client's own tool calls).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import DIALECTS, REQUEST, sdk_chat, sdk_responses

SDK_READERS = {
    "openai": sdk_responses,
    "openai_chat": sdk_chat,
    "anthropic": sdk_anthropic,
    "gemini": sdk_gemini,
}

_CITATION = {
    "type": "web_search_result_location",
    "cited_text": "18C",
    "url": "https://w.example/paris",
    "title": "Paris",
    "encrypted_index": "Eo8B",
}
_TEXT = "It is 18C in Paris."


def _frames(client_call: bool) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [],
                "usage": {"input_tokens": 10, "output_tokens": 1},
            },
        },
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {
                "type": "server_tool_use",
                "id": "srvtoolu_1",
                "name": "web_search",
                "input": {},
            },
        },
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": '{"query": "paris weather"}'},
        },
        {"type": "content_block_stop", "index": 0},
        {
            "type": "content_block_start",
            "index": 1,
            "content_block": {
                "type": "web_search_tool_result",
                "tool_use_id": "srvtoolu_1",
                "content": [
                    {
                        "type": "web_search_result",
                        "title": "Paris",
                        "url": _CITATION["url"],
                        "encrypted_content": "Eqgf",
                        "page_age": None,
                    }
                ],
            },
        },
        {"type": "content_block_stop", "index": 1},
        {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
        {
            "type": "content_block_delta",
            "index": 2,
            "delta": {"type": "citations_delta", "citation": _CITATION},
        },
        {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": _TEXT}},
        {"type": "content_block_stop", "index": 2},
    ]
    stop = "end_turn"
    if client_call:
        stop = "tool_use"
        frames += [
            {
                "type": "content_block_start",
                "index": 3,
                "content_block": {"type": "tool_use", "id": "toolu_1", "name": "book", "input": {}},
            },
            {
                "type": "content_block_delta",
                "index": 3,
                "delta": {"type": "input_json_delta", "partial_json": '{"city": "Paris"}'},
            },
            {"type": "content_block_stop", "index": 3},
        ]
    frames += [
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop},
            "usage": {"output_tokens": 50, "server_tool_use": {"web_search_requests": 1}},
        },
        {"type": "message_stop"},
    ]
    return frames


def _body(client_call: bool) -> bytes:
    return b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in _frames(client_call))


def test_lm15_reads_the_server_tools_call_without_a_name() -> None:
    """The shape this file is about (the decode is lm15's and stays so)."""
    from ..providers.provider_support import lm15_events, requests_for

    lm15_request, request = requests_for()
    calls = [
        e.delta
        for e in lm15_events("anthropic", _body(False), lm15_request)
        if e.type == "delta" and type(e.delta).__name__ == "ToolCallDelta"
    ]
    assert [(c.name, c.id) for c in calls] == [(None, None)]
    with pytest.raises(lc.LmcodecError, match="MAP-9"):
        lc.assemble(lc.stream.decode("anthropic", [_body(False)], request=request), request=request)


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("client_call", [False, True], ids=["answer", "with-a-client-call"])
def test_the_answer_reaches_every_client_without_the_server_tools_call(dst: str, client_call: bool) -> None:
    out = b"".join(lc.stream.translate("anthropic", dst, [_body(client_call)], request=REQUEST))
    assert b"error" not in out.replace(b'"error":null', b"")
    view = SDK_READERS[dst](out)
    assert view["text"] == _TEXT
    calls = [(name, args) for _, name, args in view["tool_calls"]]
    assert calls == ([("book", {"city": "Paris"})] if client_call else [])
    assert view["finish_reason"] == ("tool_call" if client_call else "stop")
    if dst == "anthropic":
        assert view["citations"] == [("18C", _CITATION["url"], "Paris")]


def test_a_nameless_call_from_another_source_is_still_refused() -> None:
    """Only an Anthropic source's unnamed call is a server tool's: a Chat call that never got a
    name is still the writers' MAP-9 error event."""
    chunk = {
        "object": "chat.completion.chunk",
        "choices": [
            {"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "c1", "function": {"arguments": "{}"}}]}}
        ],
    }
    end = {
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}],
    }
    body = b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in (chunk, end)) + b"data: [DONE]\n\n"
    out = b"".join(lc.stream.translate("openai_chat", "anthropic", [body], request=REQUEST))
    assert b"event: error" in out and b"MAP-9" in out
