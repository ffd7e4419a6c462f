"""User code in the lm15 style, checked by mypy --strict and pyright (strict) in tests/typing.

Every README example, lm15's positional constructors, lists where tuples are
stored, the part factories, the Message helpers, the codecs, streams and the
llm format, written as a user writes them, with nothing silenced (no cast, no ignore comment).
``assert_type`` pins what the checkers infer; ``reveal_type`` lines show it.
The checks are functions, so the test also runs them: the sample is code that
works, not only code that type-checks.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import msgspec
from typing_extensions import assert_type, reveal_type

import lmcodec as lc

ANTHROPIC_SSE = (
    b"event: message_start\n"
    b'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant",'
    b'"model":"claude-x","content":[],"stop_reason":null,"usage":{"input_tokens":3,"output_tokens":0}}}\n\n'
    b"event: content_block_start\n"
    b'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}\n\n'
    b"event: content_block_stop\n"
    b'data: {"type":"content_block_stop","index":0}\n\n'
    b"event: message_delta\n"
    b'data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}\n\n'
    b"event: message_stop\n"
    b'data: {"type":"message_stop"}\n\n'
)
ANTHROPIC_BODY = (
    b'{"id":"msg_1","type":"message","role":"assistant","model":"claude-x",'
    b'"content":[{"type":"text","text":"Hello"}],"stop_reason":"end_turn",'
    b'"usage":{"input_tokens":3,"output_tokens":1}}'
)


def check_readme_tour() -> None:
    req = lc.Request("gpt-4.1-mini", [lc.Message.user("Hi!")], config=lc.Config(temperature=1))
    assert_type(req, lc.Request)
    data = lc.encode(req)
    assert_type(data, bytes)
    back = lc.decode(data, lc.Request)
    assert_type(back, lc.Request)
    assert back == req
    part = lc.decode(b'{"type":"text"}', lc.Part, lenient=True)
    assert_type(part, lc.Part)
    reveal_type(part)
    try:
        lc.decode(b'{"role":"tool","parts":[{"type":"text","text":"x"}]}', lc.Message)
    except lc.ValidationError as exc:
        assert_type(exc.path, str)
    except lc.DecodeError:
        raise


def check_positional_constructors() -> None:
    """lm15's positional order, with lists where a tuple is stored."""
    state = lc.ContinuationState("anthropic", "signature", {"signature": "abc"})
    thinking = lc.ThinkingPart("", [state])
    text = lc.TextPart("Hello", [])
    refusal = lc.RefusalPart("no")
    cite = lc.CitationPart("https://example.com", "Example", "quoted")
    image = lc.ImagePart("image/png", None, "https://example.com/a.png")
    call = lc.ToolCallPart("call_1", "get_weather", {"city": "Paris"})
    result = lc.ToolResultPart("call_1", [lc.TextPart("sunny")], "get_weather", False)
    value = lc.DataPart({"score": 3})
    user = lc.Message("user", [text, image, value])
    assistant = lc.Message("assistant", [thinking, text, cite, call])
    tool_msg = lc.Message("tool", [result])
    tool = lc.FunctionTool("get_weather", "Weather by city", {"type": "object"})
    builtin = lc.BuiltinTool("web_search", {"max_uses": 1})
    config = lc.Config(256, 0.2, stop=["\n\n"], tool_choice=lc.ToolChoice("required", ["get_weather"]))
    reasoning = lc.Config(reasoning=lc.Reasoning("low"))
    req = lc.Request("claude-x", [user, assistant, tool_msg], "Be brief.", [tool, builtin], config)
    assert_type(req.messages, tuple[lc.Message, ...])
    assert_type(req.tools, tuple[lc.Tool, ...])
    single = lc.Request("m", user, [lc.TextPart("system as parts")], tool, reasoning)
    usage = lc.Usage(3, 1, 4)
    top = lc.TopLogprob("Hi", -0.1)
    logprob = lc.TokenLogprob("Hi", -0.1, [72, 105], None, [top])
    response = lc.Response("resp_1", "claude-x", lc.Message.assistant("Hello"), "stop", usage, [logprob])
    no_id = lc.Response(None, "m", lc.Message.assistant(refusal), "content_filter", lc.Usage())
    turn = lc.Turn(req, response, "turn_1", "2026-01-01T00:00:00Z", {"user": "u1"})
    assert_type(turn, lc.Turn)
    assert_type(single.system, str | tuple[lc.PromptPart, ...] | None)
    assert_type(no_id.id, str | None)
    assert_type(response.usage.input_tokens, int | None)


def describe(part: lc.Part) -> str:
    """``match`` with lm15's positional fields, as on its dataclasses (README: case lc.TextPart(text))."""
    match part:
        case lc.TextPart(text):
            assert_type(text, str)
            return text
        case lc.ToolCallPart(call_id, name, arguments, continuation):
            assert_type(name, str)
            assert_type(continuation, tuple[lc.ContinuationState, ...])
            return f"{call_id} {name} {sorted(arguments)}"
        case lc.ImagePart(media_type, _, url):
            return f"{media_type} {url}"
        case _:
            return ""


def check_match_positional_patterns() -> None:
    assert describe(lc.TextPart("hi")) == "hi"
    assert describe(lc.ToolCallPart("c1", "f", {"a": 1})) == "c1 f ['a']"
    assert describe(lc.ImagePart("image/png", None, "https://x/a.png")) == "image/png https://x/a.png"
    match lc.Message.user("Hi!"):
        case lc.Message(role, parts):
            assert_type(role, lc.Role)
            assert (role, len(parts)) == ("user", 1)


def check_package_attributes() -> None:
    """``lc.__version__`` and the extras' modules as attributes (imported at first use)."""
    assert_type(lc.__version__, str)
    assert callable(lc.arrow.write_parquet) and callable(lc.dask.read)


def check_stream_errors() -> None:
    """What arrived before a stream failed is a Response (or None), typed as such."""
    body = b'data: {"type":"message_start","message":{"id":"m","model":"x","usage":{}}}\n\n'
    try:
        lc.assemble(lc.stream.decode("anthropic", [body]))
    except lc.StreamAssemblyError as exc:
        assert_type(exc.partial, lc.Response | None)
        assert exc.partial is not None and exc.partial.model == "x"
    except lc.StreamDecodeError as exc:
        assert_type(exc.partial, lc.Response | None)
        raise


def check_bytes_like_inputs() -> None:
    """A framework's str body, a socket's bytearray, a memoryview chunk: taken, and typed so."""
    text_body = '{"model":"m","messages":[{"role":"user","content":"hi"}]}'
    buf = bytearray(text_body.encode())
    assert lc.decode_request("openai_chat", text_body) == lc.decode_request("openai_chat", buf)
    assert lc.translate_request("openai_chat", "anthropic", memoryview(buf)).body
    chunk = bytearray(b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n')
    assert len(list(lc.stream.decode("openai_chat", [chunk]))) >= 2
    assert b"".join(lc.stream.translate("openai_chat", "anthropic", [memoryview(bytes(chunk))]))
    answer = '{"id":"c","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"hi"}}]}'
    assert lc.decode_response("openai_chat", answer).text == "hi"


def check_llm_part_union() -> None:
    """lc.llm.decode / from_builtins into a union is that union (was Any), as lc.decode's."""
    part = lc.llm.decode(b'{"type":"text","text":"hi"}', lc.llm.Part)
    assert_type(part, lc.llm.Part)
    assert isinstance(part, lc.llm.TextPart)
    same = lc.llm.from_builtins({"type": "text", "text": "hi"}, lc.llm.Part)
    assert_type(same, lc.llm.Part)
    assert same == part


def check_stream_types() -> None:
    delta = lc.TextDelta("He", 0, [lc.TokenLogprob("He", -0.5)])
    events: list[lc.StreamEvent] = [
        lc.StreamStartEvent("msg_1", "claude-x"),
        lc.StreamDeltaEvent(delta),
        lc.StreamDeltaEvent(lc.ToolCallDelta('{"city":', 1, "call_1", "get_weather")),
        lc.StreamEndEvent("stop", lc.Usage(3, 1)),
    ]
    error = lc.StreamErrorEvent(lc.ErrorDetail("rate_limit", "slow down"))
    assert_type(error.error.message, str)
    response = lc.assemble(events)
    assert_type(response, lc.Response)
    for event in events:
        if isinstance(event, lc.StreamDeltaEvent):
            assert_type(event.delta, lc.Delta)


def check_factories() -> None:
    parts: list[lc.Part] = [
        lc.text("hi"),
        lc.thinking("hmm"),
        lc.refusal("no"),
        lc.citation(url="https://example.com"),
        lc.image(url="https://example.com/a.png", detail="low"),
        lc.image(data=b"\x89PNG"),
        lc.audio(data=b"RIFF"),
        lc.video(url="https://example.com/a.mp4"),
        lc.document(file_id="file_1"),
        lc.binary(data="AAAA"),
        lc.data({"a": 1}),
        lc.tool_call("call_1", "f", {"x": 1}),
        lc.tool_result("call_1", "done"),
    ]
    assert_type(lc.text("hi"), lc.TextPart)
    assert_type(lc.tool_result("c", [lc.text("a"), "b"]), lc.ToolResultPart)
    state = lc.ContinuationState("openai", "reasoning", {"id": "rs_1"})
    assert_type(
        lc.continuation_data(lc.text("x", continuation=state), "openai", "reasoning"), dict[str, Any] | None
    )
    assert len(parts) == 13


def check_message_helpers() -> None:
    user = lc.Message.user(["Look:", lc.image(url="https://example.com/a.png")])
    assistant = lc.Message.assistant([lc.text("Calling"), lc.tool_call("call_1", "f", {})])
    developer = lc.Message.developer("Answer in French.")
    one = lc.Message.tool("call_1", "42")
    failed = lc.Message.tool("call_1", "boom", is_error=True)
    several = lc.Message.tool({"call_1": "42", "call_2": [lc.text("a")]})
    explicit = lc.Message.tool([lc.tool_result("call_1", "42")])
    for message in (user, assistant, developer, one, failed, several, explicit):
        assert_type(message, lc.Message)
    assert_type(user.text, str | None)
    assert_type(assistant.parts_of(lc.ToolCallPart), list[lc.ToolCallPart])
    assert_type(assistant.first(lc.TextPart), lc.TextPart | None)
    first = assistant.parts[0]
    if isinstance(first, lc.TextPart):
        assert_type(first.text, str)


def check_codecs() -> None:
    response = lc.Response(None, "m", lc.Message.assistant("Hello"), "stop", lc.Usage(1, 1))
    data = lc.encode(response)
    assert_type(lc.decode(data, lc.Response), lc.Response)
    assert_type(lc.decode(data.decode(), lc.Response, unknown="keep"), lc.Response)
    tree = lc.to_builtins(response)
    assert_type(lc.from_builtins(tree, lc.Response), lc.Response)
    assert_type(lc.from_builtins({"type": "text", "text": "a"}, lc.Part), lc.Part)
    delta = lc.decode(b'{"type":"text","text":"a","part_index":0}', lc.Delta)
    assert_type(delta, lc.Delta)
    reveal_type(delta)
    packed = lc.msgpack.encode(response)
    assert_type(lc.msgpack.decode(packed, lc.Response), lc.Response)
    assert_type(lc.schema(lc.Request), dict[str, Any])
    changed = lc.replace(response, model="other")
    assert_type(changed, lc.Response)
    assert_type(response.text, str | None)
    assert_type(response.tool_calls, list[lc.ToolCallPart])


def check_generation_items() -> None:
    image = lc.ImagePart(media_type="image/png", url="https://example.com/cat.png")
    request = lc.ImageGenerationRequest("gpt-image-1", "a cat", images=[image])
    assert_type(request.images, tuple[lc.ImagePart, ...])
    assert_type(lc.decode(lc.encode(request), lc.ImageGenerationRequest).images[0].media_type, str)
    speech = lc.SpeechGenerationResponse(
        lc.AudioPart(media_type="audio/wav", url="https://example.com/a.wav")
    )
    assert_type(speech.audio, lc.AudioPart)


def check_logs(tmp: Path) -> None:
    req = lc.Request("m", [lc.Message.user("Hi!")])
    turns = [lc.Turn(req, lc.Response(None, "m", lc.Message.assistant("Hello"), "stop", lc.Usage()))]
    written = lc.jsonl.write(tmp / "log.jsonl.gz", turns)
    assert_type(written, int)
    reader = lc.jsonl.read(tmp / "log.jsonl.gz", lc.Turn, on_error="collect")
    for turn in reader:
        assert_type(turn, lc.Turn)
    assert_type(reader.bad, int)
    for bad in reader.errors:
        assert_type(bad.line, int)
    lc.msgpack.write_stream(tmp / "log.msgpack", turns)
    for record in lc.msgpack.read_stream(tmp / "log.msgpack", lc.Turn):
        assert_type(record, lc.Turn)
    rejects: list[lc.BadRecord] = []
    for turn in lc.jsonl.read(tmp / "log.jsonl.gz", lc.Turn, on_error=rejects.append):
        assert_type(turn, lc.Turn)
    lc.arrow.write_parquet(turns, tmp / "log.parquet")
    for record in lc.arrow.read_parquet(tmp / "log.parquet", lc.Turn):  # red team 42 F03: was Any
        assert_type(record, lc.Turn)
    for stored in lc.arrow.read_parquet(tmp / "log.parquet"):  # the type the file names: one of four
        assert_type(stored, lc.Turn | lc.Request | lc.Response | lc.Message)
    for row in lc.arrow.from_table(lc.arrow.to_table(turns), lc.Turn):
        assert_type(row, lc.Turn)


def check_provider_streams() -> None:
    req = lc.Request("claude-x", [lc.Message.user("Hi!")])
    chunks: Iterator[bytes] = iter([ANTHROPIC_SSE[:100], ANTHROPIC_SSE[100:]])
    events = lc.stream.decode("anthropic", chunks, request=req)
    response = lc.assemble(events, request=req)
    assert_type(response, lc.Response)
    assert response.text == "Hello"
    decoder = lc.stream.Decoder("anthropic", request=req)
    batch = decoder.feed(ANTHROPIC_SSE) + decoder.close()
    assert_type(batch, list[lc.StreamEvent])
    assembler = lc.Assembler(request=req)
    for event in batch:
        assembler.push(event)
    assert_type(assembler.result(), lc.Response)
    body = lc.decode_response("anthropic", ANTHROPIC_BODY, request=req)
    assert_type(body, lc.Response)
    built = lc.build_request("anthropic", req, stream=True)
    assert_type(built.body, bytes)
    assert_type(built.path, str)


async def _chunks() -> AsyncIterator[bytes]:
    yield ANTHROPIC_SSE


async def _collect() -> list[lc.StreamEvent]:
    return [event async for event in lc.stream.adecode("anthropic", _chunks())]


def check_async_stream() -> None:
    events = asyncio.run(_collect())
    assert_type(events, list[lc.StreamEvent])


def check_llm_format() -> None:
    req = lc.Request("gpt-4.1-mini", [lc.Message.user("Hi!")])
    turn = lc.Turn(req, lc.Response(None, "gpt-4.1-mini", lc.Message.assistant("Hello"), "stop", lc.Usage()))
    record = lc.llm.from_turn(turn)
    assert_type(record, lc.llm.Response)
    data = lc.llm.encode(record)
    assert_type(data, bytes)
    back = lc.llm.decode(data)
    assert_type(back, lc.llm.Response)
    assert_type(lc.llm.to_turn(back), lc.Turn)


def check_gateway() -> None:
    """Provider wires the other way: a client's body in, a backend's request and stream out."""
    req = lc.Request("claude-x", [lc.Message.user("Hi!")])
    built = lc.build_request("anthropic", req, stream=True)
    assert_type(built, lc.ProviderRequest)
    assert_type(built.body, bytes)
    assert_type(built.path, str)
    assert_type(lc.decode_request("anthropic", built.body), lc.Request)
    response = lc.Response(None, "claude-x", lc.Message.assistant("Hello"), "stop", lc.Usage(3, 1))
    assert_type(lc.encode_response("openai_chat", response), bytes)
    assert_type(lc.encode_response("anthropic", response, usage_from="openai_chat"), bytes)
    assert_type(lc.stream.Encoder("gemini", usage_from="anthropic").feed(lc.StreamEndEvent("stop")), bytes)
    events: list[lc.StreamEvent] = [lc.StreamStartEvent("msg_1", "claude-x"), lc.StreamEndEvent("stop")]
    for chunk in lc.stream.encode("openai", events):
        assert_type(chunk, bytes)
    for chunk in lc.stream.translate("anthropic", "gemini", [ANTHROPIC_SSE], request=req):
        assert_type(chunk, bytes)


class GatewayConfig(msgspec.Struct):
    """A gateway's settings: the backend's dialect typed ``lc.Provider``, checked as they load."""

    backend: lc.Provider


def check_provider_names() -> None:
    """A provider name read at run time reaches the typed faces through its config type."""
    config = msgspec.json.decode(b'{"backend": "anthropic"}', type=GatewayConfig)
    assert_type(config.backend, lc.Provider)
    client_body = b'{"model": "claude-x", "messages": [{"role": "user", "content": "Hi!"}]}'
    built = lc.translate_request("openai_chat", config.backend, client_body)
    assert_type(built, lc.ProviderRequest)
    for chunk in lc.stream.translate(config.backend, "openai_chat", [ANTHROPIC_SSE]):
        assert_type(chunk, bytes)
    # a Decoder's and an Encoder's dialect is the name they were given, typed so (docfix24 left
    # them str: a program passing it on to a typed face had to narrow it again)
    decoder = lc.stream.Decoder(config.backend)
    assert_type(decoder.provider, lc.Provider)
    assert_type(lc.stream.Encoder(decoder.provider).provider, lc.Provider)
