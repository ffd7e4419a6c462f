"""Empty text sent to Anthropic or Gemini by ``lc.translate_request`` (``_crossing_parts.parts_out``).

The Messages API refuses an empty text block ("text content blocks must be non-empty"), Gemini an
empty text part ("Unable to submit request because it has an empty text parameter"), and the
other dialects' clients send what lm15's readers read as one: a Chat row's ``content: ""`` beside
tool calls (vLLM's and lmcodec's role chunk start the content so; the openai SDK accumulates it),
a Responses reasoning item with only encrypted content, Gemini's closing ``{"text": "",
"thoughtSignature": ...}`` part. lm15's Anthropic builder writes each as ``{"type": "text",
"text": ""}``. Crossing to Anthropic they are left out of a turn that holds other parts, an
assistant turn of nothing else goes, each named in ``.adaptations``; a user turn of empty text
only is sent as it came (leaving it out would change who speaks last). The same to Gemini, whose
builder (lm15's) writes each as ``{"text": ""}``, except Gemini's own signed closing part.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.providers._crossing_parts import parts_out

openai = pytest.importorskip("openai")
httpx = pytest.importorskip("httpx")

USER = {"role": "user", "content": "hi"}
CALL_ROW = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
RESULT_ROW = {"role": "tool", "tool_call_id": "c1", "content": "ok"}
TEXT = {"type": "text", "text": "hi"}
TOOL_USE = {"type": "tool_use", "id": "c1", "name": "f", "input": {}}
TOOL_RESULT = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "ok"}]}


def _sse(*deltas: dict[str, Any]) -> bytes:
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    chunks = [{**base, "choices": [{"index": 0, "delta": d, "finish_reason": None}]} for d in deltas]
    chunks.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def _vllm_turn_two() -> bytes:
    """A vLLM-style stream (role chunk ``content: ""``, then a call) through the openai SDK's
    accumulator, its message appended to the next turn."""
    seen: list[bytes] = []
    stream = _sse(
        {"role": "assistant", "content": ""},
        {"tool_calls": [{"index": 0, **CALL_ROW}]},
    )

    def handler(request: Any) -> Any:
        seen.append(request.content)
        if len(seen) == 1:
            return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=stream)
        return httpx.Response(500, json={"error": {"message": "captured"}})

    client = openai.OpenAI(
        api_key="x",
        base_url="http://gw/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
        max_retries=0,
    )
    with client.chat.completions.stream(model="m", messages=[USER]) as sdk_stream:
        message = sdk_stream.get_final_completion().choices[0].message
    assert message.content == ""
    with pytest.raises(openai.InternalServerError):
        client.chat.completions.create(model="m", messages=[USER, message, RESULT_ROW])
    return seen[-1]


def _sent(source: str, body: bytes | dict[str, Any], model: str | None = None) -> tuple[list[Any], list[Any]]:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    built = lc.translate_request(source, "anthropic", raw, model=model)
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("messages")]
    return json.loads(built.body)["messages"], notes


def test_a_vllm_style_chat_reply_replayed_has_no_empty_text_block() -> None:
    body = _vllm_turn_two()
    assert json.loads(body)["messages"][1]["content"] == ""
    messages, notes = _sent("openai_chat", body)
    assert messages[1] == {"role": "assistant", "content": [TOOL_USE]}
    assert notes == [("messages[1].parts[0]", "dropped", "text")]
    assert "non-empty" in next(
        a.reason
        for a in lc.translate_request("openai_chat", "anthropic", body).adaptations
        if a.field == "messages[1].parts[0]"
    )


def test_a_responses_reasoning_item_with_only_encrypted_content() -> None:
    body = {
        "model": "o4-mini",
        "input": [
            USER,
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "ok"},
        ],
    }
    messages, notes = _sent("openai", body)
    assert messages[1:] == [{"role": "assistant", "content": [TOOL_USE]}, TOOL_RESULT]
    assert notes == [
        ("messages[1].parts[0].continuation", "dropped", "reasoning_item"),
        ("messages[1].parts[0]", "dropped", "thinking"),
    ]


def test_geminis_closing_empty_part_with_its_thought_signature() -> None:
    body = {
        "contents": [
            {"role": "user", "parts": [{"text": "hi"}]},
            {"role": "model", "parts": [{"text": "Hello."}, {"text": "", "thoughtSignature": "U0lH"}]},
            {"role": "user", "parts": [{"text": "more"}]},
        ]
    }
    messages, notes = _sent("gemini", body, model="gemini-2.5-flash")
    assert messages[1] == {"role": "assistant", "content": [{"type": "text", "text": "Hello."}]}
    assert [field for field, _, _ in notes] == ["messages[1].parts[1].continuation", "messages[1].parts[1]"]


def test_an_assistant_turn_of_empty_text_only_goes() -> None:
    body = {
        "model": "m",
        "messages": [USER, {"role": "assistant", "content": ""}, {"role": "user", "content": "again"}],
    }
    messages, notes = _sent("openai_chat", body)
    assert [m["role"] for m in messages] == ["user", "user"]
    assert notes == [("messages[1]", "dropped", "assistant")]


def test_an_empty_content_beside_a_refusal() -> None:
    body = {"model": "m", "messages": [USER, {"role": "assistant", "content": "", "refusal": "No."}, USER]}
    messages, notes = _sent("openai_chat", body)
    assert messages[1] == {"role": "assistant", "content": [{"type": "text", "text": "No."}]}
    assert notes == [("messages[1].parts[0]", "dropped", "text")]


@pytest.mark.parametrize(
    "rows",
    [
        [{"role": "user", "content": ""}],
        [USER, {"role": "assistant", "content": "x"}, {"role": "user", "content": ""}],
    ],
    ids=["alone", "last"],
)
def test_a_user_turn_of_empty_text_is_sent_as_it_came(rows: list[Any]) -> None:
    messages, notes = _sent("openai_chat", {"model": "m", "messages": rows})
    assert messages[-1] == {"role": "user", "content": [{"type": "text", "text": ""}]}
    assert notes == []


def test_a_user_turn_keeps_its_image_and_loses_its_empty_text() -> None:
    image = {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}
    row = {"role": "user", "content": [{"type": "text", "text": ""}, image]}
    messages, notes = _sent("openai_chat", {"model": "m", "messages": [row]})
    assert [block["type"] for block in messages[0]["content"]] == ["image"]
    assert notes == [("messages[0].parts[0]", "dropped", "text")]


def test_the_same_dialect_and_the_other_destinations_are_unchanged() -> None:
    """Only the Anthropic and Gemini destinations leave empty text out; Anthropic to Anthropic
    stays build_request(decode_request())."""
    chat = _vllm_turn_two()
    for destination in ("openai", "openai_chat"):
        built = lc.translate_request("openai_chat", destination, chat)
        assert not [a for a in built.adaptations if "non-empty" in a.reason]
    native = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 10,
            "messages": [
                {"role": "user", "content": [TEXT]},
                {"role": "assistant", "content": [{"type": "text", "text": ""}, TOOL_USE]},
                TOOL_RESULT,
            ],
        }
    ).encode()
    same = lc.translate_request("anthropic", "anthropic", native)
    assert same == lc.build_request("anthropic", lc.decode_request("anthropic", native))


def test_a_cache_breakpoint_after_a_dropped_turn_stays_on_its_message() -> None:
    """The breakpoint is a message index (CacheConfig.prefix_until_index): a turn left out before
    it must not move the mark onto the next message."""
    marked = {
        "role": "user",
        "content": [{"type": "text", "text": "b", "prompt_cache_breakpoint": {"mode": "explicit"}}],
    }
    rows = [USER, {"role": "assistant", "content": ""}, marked, {"role": "assistant", "content": "c"}, USER]
    messages, notes = _sent("openai_chat", {"model": "claude-sonnet-4-5", "messages": rows})
    assert notes == [("messages[1]", "dropped", "assistant")]
    marks = [(m["role"], b["text"]) for m in messages for b in m["content"] if "cache_control" in b]
    assert marks == [("user", "b")]


def test_the_turn_a_cache_breakpoint_marks_is_kept() -> None:
    empty = lc.Message(role="assistant", parts=[lc.TextPart(text="")])
    request = lc.Request(
        model="claude-sonnet-4-5",
        messages=[lc.Message.user("a"), empty, lc.Message.user("b"), empty, lc.Message.user("c")],
        config=lc.Config(cache=lc.CacheConfig(mode="auto", prefix_until_index=3)),
    )
    out, notes = parts_out("anthropic", request)
    assert [n.field for n in notes] == ["messages[1]"]
    assert [m.role for m in out.messages] == ["user", "user", "assistant", "user"]
    assert out.config.cache is not None and out.config.cache.prefix_until_index == 2
    assert out.messages[2] == empty


def _sent_to_gemini(source: str, body: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    built = lc.translate_request(source, "gemini", json.dumps(body).encode(), model="gemini-2.5-flash")
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("messages")]
    reasons = {a.reason for a in built.adaptations if a.field.startswith("messages")}
    assert all("empty text parameter" in reason or "empty text only" in reason for reason in reasons)
    return json.loads(built.body)["contents"], notes


def test_a_vllm_style_chat_reply_replayed_to_gemini_has_no_empty_text_part() -> None:
    body = _vllm_turn_two()
    built = lc.translate_request("openai_chat", "gemini", body, model="gemini-2.5-flash")
    contents = json.loads(built.body)["contents"]
    assert contents[1] == {
        "role": "model",
        "parts": [{"functionCall": {"name": "f", "args": {}, "id": "c1"}}],
    }
    assert [(a.field, a.action, a.asked) for a in built.adaptations] == [
        ("messages[1].parts[0]", "dropped", "text")
    ]
    assert "empty text parameter" in built.adaptations[0].reason


@pytest.mark.parametrize("source", ["openai_chat", "anthropic", "openai"])
def test_no_empty_text_part_reaches_gemini_from_any_dialect(source: str) -> None:
    """An assistant turn whose text is empty beside a call, then one of empty text only, in each
    client dialect: Gemini gets neither an empty ``text`` nor an empty model turn."""
    call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    bodies: dict[str, dict[str, Any]] = {
        "openai_chat": {
            "model": "m",
            "messages": [
                USER,
                {"role": "assistant", "content": "", "tool_calls": [call]},
                RESULT_ROW,
                {"role": "assistant", "content": ""},
                {"role": "user", "content": "again"},
            ],
        },
        "anthropic": {
            "model": "m",
            "max_tokens": 10,
            "messages": [
                {"role": "user", "content": [TEXT]},
                {"role": "assistant", "content": [{"type": "text", "text": ""}, TOOL_USE]},
                TOOL_RESULT,
                {"role": "assistant", "content": [{"type": "text", "text": ""}]},
                {"role": "user", "content": "again"},
            ],
        },
        "openai": {
            "model": "m",
            "input": [
                USER,
                {"role": "assistant", "content": [{"type": "output_text", "text": ""}]},
                {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c1", "output": "ok"},
                {"role": "assistant", "content": [{"type": "output_text", "text": ""}]},
                {"role": "user", "content": "again"},
            ],
        },
    }
    contents, notes = _sent_to_gemini(source, bodies[source])
    assert [c["role"] for c in contents] == ["user", "model", "user", "user"]
    assert all(part.get("text", "x") != "" for c in contents for part in c["parts"])
    assert contents[1]["parts"] == [{"functionCall": {"name": "f", "args": {}, "id": "c1"}}]
    assert [action for _, action, _ in notes] == ["dropped", "dropped"]


def test_a_user_turn_of_empty_text_goes_to_gemini_as_it_came() -> None:
    contents, notes = _sent_to_gemini(
        "openai_chat", {"model": "m", "messages": [{"role": "user", "content": ""}]}
    )
    assert contents == [{"role": "user", "parts": [{"text": ""}]}]
    assert notes == []


def test_geminis_own_signed_empty_part_is_kept_for_gemini() -> None:
    signed = lc.TextPart(
        text="",
        continuation=[
            lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "U0lH"})
        ],
    )
    plain = lc.TextPart(text="")
    turn = lc.Message(role="assistant", parts=[lc.TextPart(text="Hello."), signed, plain])
    request = lc.Request(model="gemini-2.5-flash", messages=[lc.Message.user("a"), turn])
    out, notes = parts_out("gemini", request)
    assert [n.field for n in notes] == ["messages[1].parts[2]"]
    assert out.messages[1].parts == (lc.TextPart(text="Hello."), signed)
