"""The Gemini stream writer holds a tool call whose arguments are still arriving while other content
interleaves (red team 4, F01): a Chat stream with a content or ``reasoning_content`` delta between a
call's header chunk and its argument chunks (vLLM-style servers send ``"\\n"`` there), or a Responses
stream whose text resumes after a function_call item opened. The writer wrote the call whole when
the other part came, then refused its arguments: the Gemini client got a 500 error event
(``Encoder("gemini")`` raised), where lm15, ``assemble`` and the other writers read text and one
call. Judged by google-genai's models and accumulator, by lmcodec's and lm15's readers, against what
``assemble`` reads from the source."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.providers.gemini._write_calls import ArgumentsScan

from .provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for
from .sdk_readers import gemini_chunks, sdk_gemini

REQUEST = lc.Request(model="m", messages=(lc.Message.user("hi"),))
CALL = ("call_1", "get_weather", {"city": "Paris"})
SECOND = ("call_2", "now", {"tz": "UTC"})


def _chat(delta: dict[str, Any], finish: str | None = None, logprobs: Any = None) -> bytes:
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    chunk["choices"] = [{"index": 0, "delta": delta, "logprobs": logprobs, "finish_reason": finish}]
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def _header(index: int = 0, call: tuple[str, str, Any] = CALL) -> dict[str, Any]:
    function = {"name": call[1], "arguments": ""}
    return {"tool_calls": [{"index": index, "id": call[0], "type": "function", "function": function}]}


def _args(arguments: str, index: int = 0) -> dict[str, Any]:
    return {"tool_calls": [{"index": index, "function": {"arguments": arguments}}]}


def _responses(frames: list[dict[str, Any]]) -> bytes:
    return b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in frames)


_FUNCTION_CALL_ITEM = {
    "type": "function_call",
    "id": "fc_1",
    "call_id": "call_1",
    "name": "get_weather",
    "arguments": "",
}
_COMPLETED = {
    "type": "response.completed",
    "response": {
        "id": "r",
        "output": [{"type": "function_call"}],
        "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2},
    },
}
_RESPONSES_TEXT_RESUMES = _responses(
    [
        {"type": "response.created", "response": {"id": "r", "model": "m"}},
        {"type": "response.output_text.delta", "output_index": 0, "delta": "Let me"},
        {"type": "response.output_item.added", "output_index": 1, "item": _FUNCTION_CALL_ITEM},
        {"type": "response.output_text.delta", "output_index": 0, "delta": " check."},
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": '{"city": '},
        {"type": "response.output_text.delta", "output_index": 0, "delta": " One moment."},
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": '"Paris"}'},
        _COMPLETED,
    ]
)

SOURCES: dict[str, tuple[str, bytes]] = {
    "chat-newline-between-header-and-args": (
        "openai_chat",
        b"".join(
            [
                _chat({"role": "assistant", "content": ""}),
                _chat(_header()),
                _chat({"content": "\n"}),
                _chat(_args('{"city": "Paris"}')),
                _chat({}, "tool_calls"),
            ]
        ),
    ),
    "chat-text-between-argument-fragments": (
        "openai_chat",
        b"".join(
            [
                _chat({"role": "assistant", "content": "Sure."}),
                _chat(_header()),
                _chat({"content": " Checking"}),
                _chat(_args('{"city": ')),
                _chat({"content": " now."}),
                _chat(_args('"Paris"}')),
                _chat({"content": " Done."}),
                _chat({}, "tool_calls"),
                b"data: [DONE]\n\n",
            ]
        ),
    ),
    "chat-reasoning-between-header-and-args": (
        "openai_chat",
        b"".join(
            [
                _chat(_header()),
                _chat({"reasoning_content": "r"}),
                _chat(_args('{"city": "Paris"}')),
                _chat({}, "tool_calls"),
            ]
        ),
    ),
    "responses-text-resumes-after-a-call-opened": ("openai", _RESPONSES_TEXT_RESUMES),
    "chat-parallel-calls-text-after-each-header": (
        "openai_chat",
        b"".join(
            [
                _chat(_header()),
                _chat({"content": "\n"}),
                _chat(_args('{"city": "Paris"}')),
                _chat(_header(1, SECOND)),
                _chat({"content": "\n"}),
                _chat(_args('{"tz": "UTC"}', 1)),
                _chat({}, "tool_calls"),
            ]
        ),
    ),
    "chat-parallel-headers-then-text-then-args": (
        "openai_chat",
        b"".join(
            [
                _chat(_header()),
                _chat({"content": "\n"}),
                _chat(_header(1, SECOND)),
                _chat({"content": "\n"}),
                _chat(_args('{"tz": ', 1)),
                _chat(_args('{"city": "Paris"}')),
                _chat(_args('"UTC"}', 1)),
                _chat({}, "tool_calls"),
            ]
        ),
    ),
    # lmcodec's Chat writer sends a call without arguments its "{}" at the end: three such calls,
    # then text, hold all three; they are written in their order, none at another's position.
    "chat-three-calls-without-arguments-then-text": (
        "openai_chat",
        b"".join(
            [
                _chat(_header()),
                _chat(_header(1, SECOND)),
                _chat(_header(2, ("call_3", "later", {}))),
                _chat({"content": "0"}),
                _chat(_args('{"city": "Paris"}')),
                _chat(_args('{"tz": "UTC"}', 1)),
                _chat(_args("{}", 2)),
                _chat({}, "tool_calls"),
            ]
        ),
    ),
}


def _source_reads(source: str, body: bytes) -> lc.Response:
    return lc.assemble(lc.stream.decode(source, [body], request=REQUEST), request=REQUEST)


def _calls(response: lc.Response) -> list[tuple[str, str, Any]]:
    return [(p.id, p.name, p.input) for p in response.tool_calls]


def _texts(response: lc.Response) -> list[str]:
    return [p.text for p in response.message.parts if isinstance(p, lc.TextPart)]


def _text(response: lc.Response) -> str:
    return "".join(_texts(response))


def _thinking(response: lc.Response) -> str:
    return "".join(p.text for p in response.message.parts if isinstance(p, lc.ThinkingPart))


def _assert_reads_as_the_source(written: bytes, expected: lc.Response) -> None:
    """google-genai (each chunk validated as a GenerateContentResponse, the parts a client joins),
    lmcodec's assembler and lm15's reader all read the text, thinking and calls the source holds."""
    assert expected.tool_calls  # the source reads as at least one call
    view = sdk_gemini(written)
    assert (view["text"], view["thinking"]) == (_text(expected), _thinking(expected))
    assert sorted(view["tool_calls"]) == sorted(_calls(expected))
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert (_texts(back), _thinking(back), _calls(back)) == (
        _texts(expected),
        _thinking(expected),
        _calls(expected),
    )
    req15, reqlc = requests_for("m")
    assert_same_outcome(
        lc_stream("gemini", [written], reqlc), lm15_stream("gemini", written, req15), "gemini"
    )


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize("per_chunk", [False, True], ids=["whole", "byte-by-byte"])
def test_translate_holds_the_call_while_other_content_interleaves(name: str, per_chunk: bool) -> None:
    source, body = SOURCES[name]
    chunks = [body[i : i + 1] for i in range(len(body))] if per_chunk else [body]
    written = b"".join(lc.stream.translate(source, "gemini", chunks, request=REQUEST))
    assert b'"error"' not in written
    _assert_reads_as_the_source(written, _source_reads(source, body))


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize("feeding", ["event-by-event", "all-at-once"])
def test_the_encoder_writes_the_decoded_events(name: str, feeding: str) -> None:
    source, body = SOURCES[name]
    events = list(lc.stream.decode(source, [body], request=REQUEST))
    encoder = lc.stream.Encoder("gemini")
    if feeding == "all-at-once":
        written = encoder.feed_all(events)
    else:
        written = b"".join(encoder.feed_all([event]) for event in events)
    written += encoder.close()
    _assert_reads_as_the_source(written, _source_reads(source, body))


def test_the_interleaved_text_is_written_while_the_call_is_held() -> None:
    """The text between a call's header and its arguments reaches the client before the
    arguments do: only the call waits for them."""
    encoder = lc.stream.Encoder("gemini")
    body = b"".join([_chat(_header()), _chat({"content": "\n"})])
    so_far = encoder.feed_all(list(lc.stream.Decoder("openai_chat", request=REQUEST).feed(body)))
    (chunk,) = gemini_chunks(so_far)
    assert [(p.text, p.function_call) for p in chunk.candidates[0].content.parts] == [("\n", None)]


def test_a_call_still_incomplete_at_the_end_is_written_as_a_truncated_call_is() -> None:
    """A call whose arguments never complete is written at the end, with what arrived, as the
    writer writes a truncated call without anything in between (lm15's ``partial_json`` marker)."""
    truncated = [_chat(_header()), _chat(_args('{"city": "Pa')), _chat({}, "tool_calls")]
    interleaved = [truncated[0], _chat({"content": "\n"}), *truncated[1:]]
    reference = sdk_gemini(b"".join(lc.stream.translate("openai_chat", "gemini", [b"".join(truncated)])))
    written = b"".join(lc.stream.translate("openai_chat", "gemini", [b"".join(interleaved)], request=REQUEST))
    view = sdk_gemini(written)
    assert (
        view["tool_calls"]
        == reference["tool_calls"]
        == [("call_1", "get_weather", {"partial_json": '{"city": "Pa'})]
    )
    assert (view["text"], view["finish_reason"]) == ("\n", "tool_call")
    expected = _source_reads("openai_chat", b"".join(interleaved))
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert (_texts(back), _calls(back)) == (_texts(expected), _calls(expected))


def _logprob(token: str) -> dict[str, Any]:
    return {"content": [{"token": token, "logprob": -0.5, "bytes": None, "top_logprobs": []}]}


def test_text_with_logprobs_between_a_calls_header_and_args() -> None:
    """A chunk's logprobs belong to its first text part, so text with logprobs wrote the pending
    chunk, call and all, before its arguments came."""
    body = b"".join(
        [
            _chat({"role": "assistant", "content": "Sure."}, logprobs=_logprob("Sure.")),
            _chat(_header()),
            _chat({"content": "\n"}, logprobs=_logprob("\n")),
            _chat(_args('{"city": "Paris"}')),
            _chat({}, "tool_calls"),
        ]
    )
    written = b"".join(lc.stream.translate("openai_chat", "gemini", [body], request=REQUEST))
    _assert_reads_as_the_source(written, _source_reads("openai_chat", body))
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert [t.token for t in back.logprobs or ()] == ["Sure.", "\n"]


@pytest.mark.parametrize(
    ("fragments", "complete"),
    [
        ([], False),
        ([""], False),
        ([" \n"], False),
        (["{"], False),
        (['{"a": "}'], False),
        (['{"a": "\\"}'], False),
        (['{"a": "\\', '"}'], False),
        (['{"a": "\\\\', '"}'], True),
        (['{"a": [1, {"b": 2}]', "}"], True),
        (["{}"], True),
        (["  [", "]"], True),
        (['"x\\"', '"'], True),
        (["12"], True),
        (["-"], False),
        (["-0.5e+", "3"], True),
        (["1."], False),
        (["01"], False),
        (["tr", "ue "], True),
        (["nul"], False),
        (["nulx"], False),
        (["x"], False),
        (['{"a": 1} ', "trailing"], True),
    ],
)
def test_arguments_scan_tells_a_complete_json_value(fragments: list[str], complete: bool) -> None:
    scan = ArgumentsScan()
    assert scan.complete(fragments) is complete
    joined = "".join(fragments).strip()
    if complete and not joined.endswith("trailing"):  # the rule agrees with a JSON parser
        json.loads(joined)


def test_arguments_scan_reads_each_fragment_once() -> None:
    """Checked after every fragment, the scan costs what the fragments do (hostile input: a
    call's arguments one character at a time, with text between each)."""
    scan = ArgumentsScan()
    fragments: list[str] = []
    for char in '{"a": [' + "1," * 50_000 + "1]}":
        fragments.append(char)
        done = scan.complete(fragments)
    assert done and scan.read == len(fragments)
