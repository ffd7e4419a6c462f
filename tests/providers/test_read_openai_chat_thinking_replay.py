"""A Chat client appending the message its openai SDK returned, signed thinking and all (red-team reqcli 1).

A gateway serves a Chat client from an Anthropic backend with thinking: the Chat writer sends the
thinking as ``reasoning_content`` and its state as ``thinking_blocks`` (``_thinking_blocks``), and
the SDK's message holds both, with ``content: ""`` from a stream (the role chunk's) or null from a
body. The client appends that message to its next turn as its SDK documents. The turn-2 bodies here
are the SDK's own (two calls over an httpx MockTransport, the first answered by lmcodec's writers
from an Anthropic reply written by hand).

``reasoning_content`` beside ``thinking_blocks`` is their thinking joined: read once, as the blocks'
ThinkingParts with their signatures, as the Anthropic reader reads the same turn. Sent to Anthropic,
the assistant turn is the reply's own blocks, thinking first, with no empty text block (the API
refuses one: "text content blocks must be non-empty"); checked with the anthropic SDK's request
types. The other dialects get the reasoning once, each loss in ``.adaptations``.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import lmcodec as lc

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
httpx = pytest.importorskip("httpx")
pydantic = pytest.importorskip("pydantic")

REASONING = "REASON-41c9: the user wants the weather in Oslo."
SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+"
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rA"
USER = {"role": "user", "content": "Weather in Oslo?"}
TOOLS = [
    {
        "type": "function",
        "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {}}},
    }
]
THINKING = {"type": "thinking", "thinking": REASONING, "signature": SIGNATURE}
REDACTED_BLOCK = {"type": "redacted_thinking", "data": REDACTED}
TOOL_USE = {"type": "tool_use", "id": "toolu_01W", "name": "get_weather", "input": {"city": "Oslo"}}
REPLIES: dict[str, list[dict[str, Any]]] = {  # the Anthropic backend's content blocks
    "tool": [THINKING, REDACTED_BLOCK, TOOL_USE],
    "text": [THINKING, {"type": "text", "text": "Sunny, 12 C."}],
}


def _anthropic_body(blocks: list[dict[str, Any]]) -> bytes:
    stop = "tool_use" if blocks[-1]["type"] == "tool_use" else "end_turn"
    return json.dumps(
        {
            "id": "msg_01",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": blocks,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 20, "output_tokens": 30},
        }
    ).encode()


def _anthropic_sse(blocks: list[dict[str, Any]]) -> bytes:
    """The same reply as Anthropic streams it (thinking in two deltas, then its signature)."""
    message = {**json.loads(_anthropic_body(blocks)), "content": [], "stop_reason": None}
    frames: list[dict[str, Any]] = [{"type": "message_start", "message": message}]
    for index, block in enumerate(blocks):
        kind = block["type"]
        start: dict[str, Any] = {**block, "input": {}} if kind == "tool_use" else dict(block)
        deltas: list[dict[str, Any]] = []
        if kind == "thinking":
            start = {"type": "thinking", "thinking": ""}
            half = len(block["thinking"]) // 2
            deltas = [
                {"type": "thinking_delta", "thinking": block["thinking"][:half]},
                {"type": "thinking_delta", "thinking": block["thinking"][half:]},
                {"type": "signature_delta", "signature": block["signature"]},
            ]
        elif kind == "text":
            start = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": block["text"]}]
        elif kind == "tool_use":
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps(block["input"])}]
        frames.append({"type": "content_block_start", "index": index, "content_block": start})
        frames += [{"type": "content_block_delta", "index": index, "delta": d} for d in deltas]
        frames.append({"type": "content_block_stop", "index": index})
    stop = "tool_use" if blocks[-1]["type"] == "tool_use" else "end_turn"
    frames.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 30},
        }
    )
    frames.append({"type": "message_stop"})
    return b"".join(
        b"event: " + f["type"].encode() + b"\ndata: " + json.dumps(f).encode() + b"\n\n" for f in frames
    )


def _served(reply: str, served: str) -> tuple[bytes, str]:
    """What the gateway answers the Chat client with, and its content type."""
    blocks = REPLIES[reply]
    if served == "body":
        body = lc.encode_response("openai_chat", lc.decode_response("anthropic", _anthropic_body(blocks)))
        return body, "application/json"
    return b"".join(
        lc.stream.translate("anthropic", "openai_chat", [_anthropic_sse(blocks)])
    ), "text/event-stream"


def _turn_two(reply: str, served: str, dump: str) -> bytes:
    """The Chat client's next request: the SDK's message appended, then the tool result or a question."""
    seen: list[bytes] = []
    answer, kind = _served(reply, served)

    def handler(request: Any) -> Any:
        seen.append(request.content)
        if len(seen) == 1:
            return httpx.Response(200, headers={"content-type": kind}, content=answer)
        return httpx.Response(500, json={"error": {"message": "captured"}})

    client = openai.OpenAI(
        api_key="x",
        base_url="http://gw/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
        max_retries=0,
    )
    model = "claude-sonnet-4-5"
    if served == "body":
        message: Any = (
            client.chat.completions.create(model=model, messages=[USER], tools=TOOLS).choices[0].message
        )
    else:
        with client.chat.completions.stream(model=model, messages=[USER], tools=TOOLS) as stream:
            message = stream.get_final_completion().choices[0].message
    assert message.reasoning_content == REASONING  # type: ignore[attr-defined]
    replayed: Any = message if dump == "sdk" else message.model_dump(mode="json")
    after: dict[str, Any] = (
        {"role": "tool", "tool_call_id": TOOL_USE["id"], "content": "12 C"}
        if reply == "tool"
        else {"role": "user", "content": "And tomorrow?"}
    )
    with pytest.raises(openai.InternalServerError):
        client.chat.completions.create(model=model, messages=[USER, replayed, after], tools=TOOLS)
    return seen[-1]


def _anthropic_turn_two(reply: str) -> bytes:
    """The same turn as an Anthropic client sends it: the reply's blocks, then the result or question."""
    after: dict[str, Any] = (
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": TOOL_USE["id"], "content": "12 C"}],
        }
        if reply == "tool"
        else {"role": "user", "content": "And tomorrow?"}
    )
    return json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 1000,
            "messages": [USER, {"role": "assistant", "content": REPLIES[reply]}, after],
        }
    ).encode()


CASES = [
    (reply, served, dump)
    for reply in REPLIES
    for served in ("body", "stream")
    for dump in ("sdk", "model_dump")
]


@pytest.fixture(scope="module", params=CASES, ids=["-".join(case) for case in CASES])
def case(request: Any) -> tuple[str, str, bytes]:
    reply, served, dump = request.param
    return reply, served, _turn_two(reply, served, dump)


def test_the_sdk_replays_both_keys(case: tuple[str, str, bytes]) -> None:
    """The shape the fix is about: the reasoning twice, once signed, and content "" from a stream."""
    reply, served, body = case
    row = json.loads(body)["messages"][1]
    assert row["reasoning_content"] == REASONING
    assert row["thinking_blocks"][0]["thinking"] == REASONING
    assert row["thinking_blocks"][0]["signature"] == SIGNATURE
    text = "Sunny, 12 C."
    assert row["content"] == {"tool": None if served == "body" else "", "text": text}[reply]


def test_read_as_the_anthropic_reader_reads_the_same_turn(case: tuple[str, str, bytes]) -> None:
    reply, _, body = case
    chat = lc.decode_request("openai_chat", body).messages[1].parts
    native = lc.decode_request("anthropic", _anthropic_turn_two(reply)).messages[1].parts
    empty = lc.TextPart(text="")
    assert [part for part in chat if part != empty] == list(native)
    content = json.loads(body)["messages"][1]["content"]
    assert chat.count(empty) == (1 if content == "" else 0)  # lm15's reading of content ""


_BLOCK_TYPES = {
    "text": "TextBlockParam",
    "thinking": "ThinkingBlockParam",
    "redacted_thinking": "RedactedThinkingBlockParam",
    "tool_use": "ToolUseBlockParam",
    "tool_result": "ToolResultBlockParam",
}


def _anthropic_checked(messages: list[dict[str, Any]]) -> None:
    """Each block valid as the anthropic SDK's request type (no key it does not declare), and
    Anthropic's documented rules: no empty text block; in an assistant turn, thinking first and
    signed."""
    for message in messages:
        blocks = message["content"]
        for block in blocks:
            kind = getattr(anthropic.types, _BLOCK_TYPES[block["type"]])
            pydantic.TypeAdapter(kind).validate_python(block, strict=True)
            assert set(block) <= kind.__required_keys__ | kind.__optional_keys__, block
            assert not (block["type"] == "text" and not block["text"]), message
        if message["role"] == "assistant":
            kinds = [block["type"] for block in blocks]
            thinking = [k in ("thinking", "redacted_thinking") for k in kinds]
            assert thinking == sorted(thinking, reverse=True), kinds  # thinking blocks first
            assert all(block["signature"] for block in blocks if block["type"] == "thinking")


def test_to_anthropic_the_assistant_turn_is_the_replys_own_blocks(case: tuple[str, str, bytes]) -> None:
    reply, _, body = case
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = json.loads(built.body)
    _anthropic_checked(sent["messages"])
    assert sent["messages"][1] == {"role": "assistant", "content": REPLIES[reply]}
    assert built.body.count(REASONING.encode()) == 1
    content = json.loads(body)["messages"][1]["content"]
    body_notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith("messages")]
    assert body_notes == ([("messages[1].parts[2]", "dropped")] if content == "" else [])


def test_to_chat_the_reasoning_goes_back_as_thinking_blocks(case: tuple[str, str, bytes]) -> None:
    """Chat to Chat (red-team 5 F07): the signed blocks go on as ``thinking_blocks`` (LiteLLM's
    shape, ``index`` aside) and the content is the reply's own; lm15's Chat builder alone would
    replay the thinking as content text."""
    reply, _, body = case
    row = json.loads(body)["messages"][1]
    sent = json.loads(lc.translate_request("openai_chat", "openai_chat", body).body)["messages"][1]
    assert sent["content"] == row["content"]
    assert sent["thinking_blocks"] == [
        {k: v for k, v in entry.items() if k != "index"} for entry in row["thinking_blocks"]
    ]
    assert set(sent) == {"role", "content", "thinking_blocks"} | (
        {"tool_calls"} if reply == "tool" else set()
    )


@pytest.mark.parametrize("destination", ["openai", "gemini"])
def test_other_dialects_leave_the_reasoning_out_and_name_each_loss(
    case: tuple[str, str, bytes], destination: str
) -> None:
    """Another provider's signed thinking is not sent as text (red-team gateway F12)."""
    reply, _, body = case
    built = lc.translate_request("openai_chat", destination, body)
    assert built.body.count(REASONING.encode()) == 0
    notes = {(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("messages")}
    assert ("messages[1].parts[0]", "dropped", REASONING) in notes
    assert ("messages[1].parts[0].continuation", "dropped", "thinking_signature") in notes
    if reply == "tool":
        assert ("messages[1].parts[1].continuation", "dropped", "redacted_thinking") in notes


def _row(**keys: Any) -> bytes:
    row = {"role": "assistant", "content": None, **keys}
    return json.dumps({"model": "m", "messages": [USER, row, {"role": "user", "content": "ok?"}]}).encode()


BLOCKS = [
    {"type": "thinking", "thinking": "a", "signature": "s1"},
    {"type": "thinking", "thinking": "b", "signature": "s2"},
]


@pytest.mark.parametrize("reasoning", ["ab", None], ids=["joined", "absent"])
def test_reasoning_content_that_is_the_blocks_text_joined_reads_once(reasoning: str | None) -> None:
    parts = (
        lc.decode_request("openai_chat", _row(reasoning_content=reasoning, thinking_blocks=BLOCKS))
        .messages[1]
        .parts
    )
    assert [(type(p).__name__, getattr(p, "text", None)) for p in parts] == [
        ("ThinkingPart", "a"),
        ("ThinkingPart", "b"),
    ]


@pytest.mark.parametrize("reasoning", ["a", "a\nb", "ba", "abc", ""])
def test_reasoning_content_other_than_the_blocks_text_is_refused(reasoning: str) -> None:
    """Thinking no block carries cannot be placed: before the signed blocks Anthropic refuses the
    turn, and it is not the blocks' own text."""
    body = _row(reasoning_content=reasoning, thinking_blocks=BLOCKS)
    for read in (
        lambda: lc.decode_request("openai_chat", body),
        lambda: lc.translate_request("openai_chat", "anthropic", body),
    ):
        with pytest.raises(lc.ValidationError) as info:
            read()
        assert info.value.path == "$.messages[1].reasoning_content"


@pytest.mark.parametrize("blocks", [None, []], ids=["null", "empty"])
def test_reasoning_content_without_blocks_reads_as_lm15_reads_it(blocks: list[Any] | None) -> None:
    parts = (
        lc.decode_request("openai_chat", _row(reasoning_content="r", thinking_blocks=blocks))
        .messages[1]
        .parts
    )
    assert parts == (lc.ThinkingPart(text="r"),)


def test_unsigned_blocks_with_their_reasoning_content_leave_no_reasoning_behind() -> None:
    """The gateway leaves an unsigned entry out; the reasoning_content that copies its text goes too."""
    unsigned = [{"type": "thinking", "thinking": REASONING}]
    body = _row(
        reasoning_content=REASONING,
        thinking_blocks=unsigned,
        tool_calls=[{"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}],
    )
    for destination in ("openai", "openai_chat", "anthropic", "gemini"):
        built = lc.translate_request("openai_chat", destination, body)
        assert REASONING.encode() not in built.body, destination
        assert [a.field for a in built.adaptations if a.field.startswith("$.")] == [
            "$.messages[1].thinking_blocks[0]"
        ]


def _as_litellm_writes_it(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """LiteLLM's message for the Anthropic reply (the shape its transform_response gives, below):
    the blocks at the top and again under ``provider_specific_fields``, the call's ``index`` its
    block's."""
    thinking = [b for b in blocks if b["type"] in ("thinking", "redacted_thinking")]
    text = "".join(b["text"] for b in blocks if b["type"] == "text") or None
    calls = [
        {
            "index": i,
            "function": {"arguments": json.dumps(b["input"]), "name": b["name"]},
            "id": b["id"],
            "type": "function",
        }
        for i, b in enumerate(blocks)
        if b["type"] == "tool_use"
    ]
    return {
        "content": text,
        "role": "assistant",
        "tool_calls": calls or None,
        "function_call": None,
        "reasoning_content": "".join(b.get("thinking", "") for b in thinking),
        "thinking_blocks": thinking,
        "provider_specific_fields": {"citations": None, "thinking_blocks": thinking},
    }


def _litellm_message(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """The message LiteLLM makes of the Anthropic reply (its own transform_response), dumped as a
    LiteLLM client or proxy hands it on: the blocks again under ``provider_specific_fields``."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network fetch at import
    litellm = pytest.importorskip("litellm")
    transformation = pytest.importorskip("litellm.llms.anthropic.chat.transformation")
    raw = httpx.Response(
        200,
        content=_anthropic_body(blocks),
        request=httpx.Request("POST", "https://api.anthropic.com/v1/messages"),
    )
    logging = type("Logging", (), {"post_call": lambda *args, **kwargs: None})()
    out = transformation.AnthropicConfig().transform_response(
        model="claude-sonnet-4-5",
        raw_response=raw,
        model_response=litellm.ModelResponse(),
        logging_obj=logging,
        request_data={},
        messages=[USER],
        optional_params={},
        litellm_params={},
        encoding=None,
        api_key="x",
    )
    dumped: dict[str, Any] = out.choices[0].message.model_dump()
    return dumped


@pytest.mark.thorough
def test_litellm_writes_the_shape_written_here() -> None:
    for blocks in REPLIES.values():
        assert _litellm_message(blocks) == _as_litellm_writes_it(blocks)


@pytest.mark.parametrize("reply", list(REPLIES))
def test_a_litellm_message_replayed_reaches_anthropic_as_the_replys_blocks(reply: str) -> None:
    message = _as_litellm_writes_it(REPLIES[reply])
    after: dict[str, Any] = (
        {"role": "tool", "tool_call_id": TOOL_USE["id"], "content": "12 C"}
        if reply == "tool"
        else {"role": "user", "content": "And tomorrow?"}
    )
    body = json.dumps({"model": "claude-sonnet-4-5", "messages": [USER, message, after]}).encode()
    sent = json.loads(lc.translate_request("openai_chat", "anthropic", body).body)
    _anthropic_checked(sent["messages"])
    assert sent["messages"][1] == {"role": "assistant", "content": REPLIES[reply]}


@pytest.mark.parametrize(
    "fields",
    [
        {"thinking_blocks": [{"type": "thinking", "thinking": "other", "signature": "s9"}]},
        {"citations": [{"type": "web_search_result_location", "url": "https://a.example"}]},
        {"thought_signatures": ["c2ln"]},
    ],
    ids=["other-blocks", "citations", "thought-signatures"],
)
def test_provider_specific_fields_other_than_the_blocks_copy_are_refused(fields: dict[str, Any]) -> None:
    body = _row(reasoning_content="ab", thinking_blocks=BLOCKS, provider_specific_fields=fields)
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request("openai_chat", body)
    assert info.value.path == "$.messages[1].provider_specific_fields"
