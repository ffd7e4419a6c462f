"""A Responses client in front of an Anthropic backend with thinking and tools, turn 1 -> turn 2
(red-team gateway F07(a); ``providers/openai/_thinking_carriage.py``).

Turn 1: the backend's answer (a stream through ``lc.stream.translate``, a body through
``lc.encode_response``) reaches the official openai client, whose own accumulator / ``Response``
model reads it. Turn 2: the client sends back ``response.output`` dumped as an agent loop dumps it
(``model_dump(exclude_none=True)``) plus its ``function_call_output``, through the openai SDK's own
request call; ``lc.translate_request("openai", "anthropic", ...)`` must give Anthropic each signed
thinking block exactly as it issued it, before the tool call (else the Messages API answers 400:
"Expected `thinking` or `redacted_thinking`, but found `tool_use`"). Before, the writer gave the
reasoning item a made-up id and no state, and the reader left it out.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, notes, responses_accepts, responses_body
from .provider_support import BODIES

httpx = pytest.importorskip("httpx")
openai = pytest.importorskip("openai")

SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+"
SIGNATURE_2 = "ErUBCkYIBRgCIkD3tBvQzzH0c1Rhg0+Y+JL6bQ=="
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj"
TOOLS = [
    {
        "type": "function",
        "name": "get_weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    }
]
MODEL = "claude-sonnet-4-5"

Block = dict[str, Any]


def thinking(text: str, signature: str) -> Block:
    return {"type": "thinking", "thinking": text, "signature": signature}


def redacted(data: str) -> Block:
    return {"type": "redacted_thinking", "data": data}


def tool_use(call_id: str, city: str) -> Block:
    return {"type": "tool_use", "id": call_id, "name": "get_weather", "input": {"city": city}}


# ── the backend's turn 1, as Anthropic writes it ─────────────────────────────────


def anthropic_stream(blocks: list[Block], pieces: int = 3) -> bytes:
    """The Messages stream of ``blocks`` (each thinking text cut in ``pieces`` deltas, its
    signature in a ``signature_delta`` at the block's end, as Anthropic streams them)."""
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    start = {"id": "msg_01Think", "type": "message", "role": "assistant", "model": MODEL, "content": []}
    start |= {"stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 40, "output_tokens": 1}}
    frames: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
    for index, block in enumerate(blocks):
        kind = block["type"]
        deltas: list[dict[str, Any]] = []
        if kind == "thinking":
            opened: Block = {"type": "thinking", "thinking": "", "signature": ""}
            text = block["thinking"]
            step = max(1, -(-len(text) // pieces))
            deltas = [
                {"type": "thinking_delta", "thinking": text[i : i + step]} for i in range(0, len(text), step)
            ]
            deltas.append({"type": "signature_delta", "signature": block["signature"]})
        elif kind == "tool_use":
            opened = {**block, "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps(block["input"])}]
        elif kind == "text":
            opened = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": block["text"]}]
        else:
            opened = block
        frames.append({"type": "content_block_start", "index": index, "content_block": opened})
        frames += [{"type": "content_block_delta", "index": index, "delta": d} for d in deltas]
        frames.append({"type": "content_block_stop", "index": index})
    frames.append({"type": "message_delta", "delta": {"stop_reason": stop}, "usage": {"output_tokens": 30}})
    frames.append({"type": "message_stop"})
    return b"".join(
        b"event: " + f["type"].encode() + b"\ndata: " + json.dumps(f).encode() + b"\n\n" for f in frames
    )


def anthropic_message(blocks: list[Block]) -> bytes:
    """The Messages body of ``blocks``."""
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return json.dumps(
        {
            "id": "msg_01Think",
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": blocks,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 40, "output_tokens": 30},
        }
    ).encode()


# ── the client: the official openai SDK ──────────────────────────────────────────


def _client(body: bytes, content_type: str) -> Any:
    def handler(request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": content_type}, content=body)

    transport = httpx.Client(transport=httpx.MockTransport(handler))
    return openai.OpenAI(api_key="x", base_url="http://gw/v1", http_client=transport, max_retries=0)


def client_output_from_stream(sse: bytes) -> list[dict[str, Any]]:
    """``response.output`` as the openai SDK's stream accumulator gives it, dumped as an agent
    loop dumps it."""
    with _client(sse, "text/event-stream").responses.stream(model=MODEL, input="hi", tools=TOOLS) as s:
        final = s.get_final_response()
    return [item.model_dump(exclude_none=True) for item in final.output]


def client_output_from_body(body: bytes) -> list[dict[str, Any]]:
    """``response.output`` of the openai SDK's ``Response`` for a non-streamed answer, dumped."""
    final = _client(body, "application/json").responses.create(model=MODEL, input="hi", tools=TOOLS)
    return [item.model_dump(exclude_none=True) for item in final.output]


def turn_2(output: list[dict[str, Any]], results: dict[str, str]) -> bytes:
    """The client's next request: its history, the output it got, a result for each call."""
    returned = [
        {"type": "function_call_output", "call_id": cid, "output": out} for cid, out in results.items()
    ]
    more = [] if results else [{"role": "user", "content": "And in Rome?"}]
    return responses_body(
        model=MODEL,
        tools=TOOLS,
        reasoning={"effort": "medium"},
        input=[{"role": "user", "content": "Weather in Paris?"}, *output, *returned, *more],
    )


def to_anthropic(body: bytes) -> tuple[dict[str, Any], Any]:
    built = lc.translate_request("openai", "anthropic", body)
    sent = json.loads(built.body)
    anthropic_accepts(built.body)
    return sent, built


def _assistant(sent: dict[str, Any]) -> list[Block]:
    turns = [m for m in sent["messages"] if m["role"] == "assistant"]
    assert len(turns) == 1
    content: list[Block] = turns[0]["content"]
    return content


def _calls(blocks: list[Block]) -> dict[str, str]:
    return {b["id"]: "18C" for b in blocks if b["type"] == "tool_use"}


# ── turn 1 -> turn 2 ────────────────────────────────────────────────────────────

CASES = {
    "signed": [thinking("Need the weather tool.", SIGNATURE), tool_use("toolu_01", "Paris")],
    "redacted": [
        thinking("The user wants weather.", SIGNATURE),
        redacted(REDACTED),
        tool_use("toolu_01", "Paris"),
    ],
    "several": [
        thinking("First: which city?", SIGNATURE),
        redacted(REDACTED),
        thinking("Second: Paris, then Rome.", SIGNATURE_2),
        {"type": "text", "text": "Let me look both up."},
        tool_use("toolu_01", "Paris"),
        tool_use("toolu_02", "Rome"),
    ],
    "redacted only": [redacted(REDACTED), tool_use("toolu_01", "Paris")],
    "empty thinking": [thinking("", SIGNATURE), tool_use("toolu_01", "Paris")],
    "unicode": [
        thinking('Zürich? 東京 \U0001f600 \u2028 "q" \\ end', SIGNATURE),
        tool_use("toolu_01", "Zürich"),
    ],
}


def _expected(blocks: list[Block]) -> list[Block]:
    """The assistant turn Anthropic must get back: its blocks as issued (the text too)."""
    return blocks


@pytest.mark.parametrize("name", list(CASES))
def test_a_streamed_turn_1_gives_anthropic_its_signed_blocks_back_on_turn_2(name: str) -> None:
    blocks = CASES[name]
    written = b"".join(lc.stream.translate("anthropic", "openai", [anthropic_stream(blocks)]))
    output = client_output_from_stream(written)
    body = turn_2(output, _calls(blocks))
    responses_accepts(body)
    sent, built = to_anthropic(body)
    assert _assistant(sent) == _expected(blocks)
    assert sent["thinking"]["type"] == "enabled"
    assert notes(built, "messages") == []


@pytest.mark.parametrize("name", list(CASES))
def test_a_body_turn_1_gives_anthropic_its_signed_blocks_back_on_turn_2(name: str) -> None:
    blocks = CASES[name]
    written = lc.encode_response("openai", lc.decode_response("anthropic", anthropic_message(blocks)))
    output = client_output_from_body(written)
    sent, built = to_anthropic(turn_2(output, _calls(blocks)))
    assert _assistant(sent) == _expected(blocks)
    assert notes(built, "messages") == []


def _corpus_thinking() -> list[tuple[str, str]]:
    """The thinking blocks (text, signature) of the corpus's Anthropic thinking answers."""
    found = []
    for path in sorted(BODIES.glob("anthropic.thinking*/*")):
        for block in json.loads(path.read_bytes()).get("content", []):
            if block.get("type") == "thinking" and block.get("signature"):
                found.append((block["thinking"], block["signature"]))
    return found


CORPUS = _corpus_thinking()


@pytest.mark.skipif(not CORPUS, reason=f"no Anthropic thinking answers under {BODIES}")
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
def test_the_corpus_thinking_blocks_cross_turn_2_unchanged(stream: bool) -> None:
    assert len(CORPUS) >= 8
    for text, signature in CORPUS:
        blocks = [thinking(text, signature), tool_use("toolu_01", "Paris")]
        if stream:
            written = b"".join(lc.stream.translate("anthropic", "openai", [anthropic_stream(blocks, 7)]))
            output = client_output_from_stream(written)
        else:
            written = lc.encode_response("openai", lc.decode_response("anthropic", anthropic_message(blocks)))
            output = client_output_from_body(written)
        sent, _ = to_anthropic(turn_2(output, _calls(blocks)))
        assert _assistant(sent)[0] == {"type": "thinking", "thinking": text, "signature": signature}


@pytest.mark.skipif(not CORPUS, reason=f"no Anthropic thinking answers under {BODIES}")
def test_a_corpus_answer_without_a_call_keeps_its_thinking_on_the_next_user_turn() -> None:
    for path in sorted(BODIES.glob("anthropic.thinking*/*")):
        answer = json.loads(path.read_bytes())
        output = client_output_from_body(
            lc.encode_response("openai", lc.decode_response("anthropic", path.read_bytes()))
        )
        sent, built = to_anthropic(turn_2(output, {}))
        assert _assistant(sent) == [b for b in answer["content"] if b["type"] in ("thinking", "text")]
        assert notes(built, "messages") == []


def test_the_reasoning_item_is_written_before_the_call_and_reads_before_it() -> None:
    blocks = CASES["several"]
    written = b"".join(lc.stream.translate("anthropic", "openai", [anthropic_stream(blocks)]))
    output = client_output_from_stream(written)
    assert [item["type"] for item in output] == ["reasoning"] * 3 + ["message"] + ["function_call"] * 2
    assert all(item["encrypted_content"].startswith("lmcodec.thinking.v1:") for item in output[:3])
    assert [b["type"] for b in _assistant(to_anthropic(turn_2(output, _calls(blocks)))[0])] == [
        "thinking",
        "redacted_thinking",
        "thinking",
        "text",
        "tool_use",
        "tool_use",
    ]


# ── what OpenAI and the exact reader get ────────────────────────────────────────


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
def test_an_openai_backend_never_receives_the_carriage(stream: bool) -> None:
    blocks = CASES["redacted"]
    if stream:
        output = client_output_from_stream(
            b"".join(lc.stream.translate("anthropic", "openai", [anthropic_stream(blocks)]))
        )
    else:
        output = client_output_from_body(
            lc.encode_response("openai", lc.decode_response("anthropic", anthropic_message(blocks)))
        )
    built = lc.translate_request("openai", "openai", turn_2(output, _calls(blocks)))
    assert b"lmcodec.thinking" not in built.body
    assert SIGNATURE.encode() not in built.body and REDACTED.encode() not in built.body
    assert b"The user wants weather." not in built.body  # nor the thinking as spoken text
    sent = json.loads(built.body)
    assert [item.get("type") for item in sent["input"]] == [None, "function_call", "function_call_output"]
    responses_accepts(built.body)
    dropped = notes(built, "messages")
    assert ("messages[1].parts[0].continuation", "dropped", "reasoning_item", None) in dropped
    assert ("messages[1].parts[1].continuation", "dropped", "reasoning_item", None) in dropped
    assert ("messages[1].parts[0]", "dropped", "The user wants weather.", None) in dropped
    assert all(
        "OpenAI is never sent" in a.reason for a in built.adaptations if a.field.endswith("continuation")
    )


@pytest.mark.parametrize("destination", ["gemini"])  # Chat: test_translate_chat_chain_thinking
def test_a_destination_that_did_not_sign_it_leaves_it_out_with_a_note(destination: str) -> None:
    blocks = CASES["signed"]
    output = client_output_from_stream(
        b"".join(lc.stream.translate("anthropic", "openai", [anthropic_stream(blocks)]))
    )
    built = lc.translate_request("openai", destination, turn_2(output, _calls(blocks)))
    assert SIGNATURE.encode() not in built.body and b"lmcodec.thinking" not in built.body
    assert b"Need the weather tool." not in built.body
    assert ("messages[1].parts[0]", "dropped", "Need the weather tool.", None) in notes(built, "messages")


def test_decode_request_keeps_the_carriage_as_openai_state_and_builds_it_back() -> None:
    blocks = CASES["several"]
    output = client_output_from_stream(
        b"".join(lc.stream.translate("anthropic", "openai", [anthropic_stream(blocks)]))
    )
    request = lc.decode_request("openai", turn_2(output, _calls(blocks)))
    states = [
        part.continuation[0].data
        for message in request.messages
        for part in message.parts
        if isinstance(part, lc.ThinkingPart)
    ]
    assert [s["encrypted_content"] for s in states] == [item["encrypted_content"] for item in output[:3]]
    body = lc.build_request("openai", request).body  # lm15's shape of the same input
    assert json.loads(lc.build_request("openai", lc.decode_request("openai", body)).body) == json.loads(body)
    assert [i["encrypted_content"] for i in json.loads(body)["input"] if i.get("type") == "reasoning"] == [
        item["encrypted_content"] for item in output[:3]
    ]


# ── the Chat client: thinking_blocks carry the same state (openai_chat/_thinking_blocks.py) ──


def _chat_message(blocks: list[Block], stream: bool) -> dict[str, Any]:
    """The assistant message the openai SDK gives a Chat client for ``blocks``, dumped."""
    from openai.lib.streaming.chat import ChatCompletionStreamState

    asked = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}]}
    if stream:
        written = b"".join(lc.stream.translate("anthropic", "openai_chat", [anthropic_stream(blocks)]))
        state = ChatCompletionStreamState()
        for chunk in _client(written, "text/event-stream").chat.completions.create(**asked, stream=True):
            state.handle_chunk(chunk)
        message = state.get_final_completion().choices[0].message
    else:
        written = lc.encode_response(
            "openai_chat", lc.decode_response("anthropic", anthropic_message(blocks))
        )
        message = _client(written, "application/json").chat.completions.create(**asked).choices[0].message
    dumped: dict[str, Any] = message.model_dump(exclude_none=True)
    dumped.pop("parsed", None)  # the SDK's parse helper's own key
    return dumped


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("name", list(CASES))
def test_a_chat_client_carries_the_same_blocks_back_in_thinking_blocks(name: str, stream: bool) -> None:
    from .gateway_support import chat_body

    blocks = CASES[name]
    results = [{"role": "tool", "tool_call_id": cid, "content": out} for cid, out in _calls(blocks).items()]
    history = [{"role": "user", "content": "Weather in Paris?"}, _chat_message(blocks, stream), *results]
    body = chat_body(model=MODEL, reasoning_effort="medium", messages=history)
    built = lc.translate_request("openai_chat", "anthropic", body)
    anthropic_accepts(built.body)
    assert _assistant(json.loads(built.body)) == blocks
    # the streamed message's content "" beside the calls: an empty text block Anthropic refuses
    assert all(
        a.action == "dropped" and "empty text" in a.reason for a in built.adaptations if "messages" in a.field
    )


# ── another backend's unsigned thinking: an item OpenAI never issued ────────────


def _chat_stream(reasoning: str) -> bytes:
    """A Chat backend's turn 1 (DeepSeek's ``reasoning_content``, no signature), then a call."""
    head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "deepseek-reasoner"}
    call = {"index": 0, "id": "call_1", "type": "function"}
    call["function"] = {"name": "get_weather", "arguments": '{"city": "Paris"}'}
    deltas: list[tuple[dict[str, Any], str | None]] = [
        ({"role": "assistant", "reasoning_content": reasoning}, None),
        ({"tool_calls": [call]}, None),
        ({}, "tool_calls"),
    ]
    frames = [{**head, "choices": [{"index": 0, "delta": d, "finish_reason": f}]} for d, f in deltas]
    return b"".join(b"data: " + json.dumps(f).encode() + b"\n\n" for f in frames) + b"data: [DONE]\n\n"


def _unsigned_turn_1(stream: bool) -> list[dict[str, Any]]:
    chat = _chat_stream("Paris is in France.")
    if stream:
        return client_output_from_stream(b"".join(lc.stream.translate("openai_chat", "openai", [chat])))
    response = lc.assemble(lc.stream.decode("openai_chat", [chat]))
    return client_output_from_body(lc.encode_response("openai", response))


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
def test_unsigned_thinking_of_another_backend_never_reaches_openai_under_a_made_up_id(stream: bool) -> None:
    """The Responses writers give a reasoning item they write for thinking no provider signed (a
    Chat backend's reasoning_content) an id of their own: the openai SDK's models require one. The
    client sends the item back; forwarded to OpenAI, an id OpenAI never issued is refused (unknown
    item). The item is marked as lmcodec's in its encrypted_content, so the gateway leaves it out."""
    output = _unsigned_turn_1(stream)
    reasoning = [item for item in output if item["type"] == "reasoning"]
    assert len(reasoning) == 1 and reasoning[0]["id"].startswith("rs_")
    assert reasoning[0]["summary"] == [{"type": "summary_text", "text": "Paris is in France."}]
    built = lc.translate_request("openai", "openai", turn_2(output, {"call_1": "18C"}))
    responses_accepts(built.body)
    sent = json.loads(built.body)
    assert [item.get("type") for item in sent["input"]] == [None, "function_call", "function_call_output"]
    assert reasoning[0]["id"].encode() not in built.body and b"lmcodec.thinking" not in built.body
    dropped = notes(built, "messages")
    assert ("messages[1].parts[0].continuation", "dropped", "reasoning_item", None) in dropped
    assert ("messages[1].parts[0]", "dropped", "Paris is in France.", None) in dropped


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_unsigned_thinking_of_another_backend_is_left_out_for_every_destination(destination: str) -> None:
    built = lc.translate_request("openai", destination, turn_2(_unsigned_turn_1(True), {"call_1": "18C"}))
    assert b"Paris is in France." not in built.body and b"lmcodec.thinking" not in built.body
    assert ("messages[1].parts[0]", "dropped", "Paris is in France.", None) in notes(built, "messages")


def test_openai_s_own_reasoning_item_still_goes_back_to_openai() -> None:
    """An item OpenAI issued (its id, no encrypted_content: a stored response) is OpenAI's state."""
    own = {"type": "reasoning", "id": "rs_0123abcd", "summary": [{"type": "summary_text", "text": "hm"}]}
    built = lc.translate_request("openai", "openai", turn_2([own], {}))
    assert json.loads(built.body)["input"][1] == own
