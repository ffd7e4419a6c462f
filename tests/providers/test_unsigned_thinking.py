"""Unsigned thinking a client replays, read by ``lc.translate_request`` (``providers/_unsigned_thinking.py``).

Red-team H1 and M3: an Anthropic client behind a gateway to an OpenAI, Chat or Gemini backend is
given thinking blocks with ``"signature": ""``, a Gemini client thought parts without
``thoughtSignature`` (real Gemini 2.5/3 returns its thought summaries so), and each sends them
back on its next turn as its SDK documents. ``decode_request`` refuses them (the body cannot be
rebuilt as it came); ``translate_request`` leaves each out, in every (source, destination) pair,
the same dialect included, and names it in ``.adaptations`` with its path in the client's body.

The turn-2 bodies are the SDKs' own: the anthropic SDK's and google-genai's clients (and the
openai SDK's, for the Responses and Chat shapes) over an httpx MockTransport, the first answer
served to them by lmcodec's writers from a backend's reply, as a gateway serves it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import captured, capturing_client, genai_http_options

anthropic = pytest.importorskip("anthropic")
openai = pytest.importorskip("openai")
genai = pytest.importorskip("google.genai")
httpx = pytest.importorskip("httpx")
genai_types = pytest.importorskip("google.genai.types")

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
PONDER = "PONDER-7f3a: the user wants the weather"
"""The reasoning text: it must appear nowhere in a translated body."""
USER = "What's the weather in Oslo?"
CALL = {"city": "Oslo"}


# -- the backends' first answers, as each provider sends them -------------------------------


def _responses_reply(summary: list[dict[str, Any]]) -> bytes:
    """An o-series Responses reply: a reasoning item (``summary`` maybe ``[]``), then a call."""
    return json.dumps(
        {
            "id": "resp_1",
            "object": "response",
            "created_at": 1,
            "status": "completed",
            "model": "o4-mini",
            "output": [
                {"id": "rs_1", "type": "reasoning", "summary": summary, "encrypted_content": "gAAAA"},
                {
                    "id": "fc_1",
                    "type": "function_call",
                    "status": "completed",
                    "call_id": "call_1",
                    "name": "get_weather",
                    "arguments": json.dumps(CALL),
                },
            ],
            "usage": {"input_tokens": 5, "output_tokens": 30, "total_tokens": 35},
        }
    ).encode()


def _chat_reply() -> bytes:
    return json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "deepseek-reasoner",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "reasoning_content": PONDER,
                        "tool_calls": [
                            {
                                "id": "call_1",
                                "type": "function",
                                "function": {"name": "get_weather", "arguments": json.dumps(CALL)},
                            }
                        ],
                    },
                }
            ],
            "usage": {"prompt_tokens": 5, "completion_tokens": 30, "total_tokens": 35},
        }
    ).encode()


def _gemini_reply() -> bytes:
    """Gemini 2.5 with includeThoughts: the thought summary unsigned, the signature on the call."""
    return json.dumps(
        {
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [
                            {"text": PONDER, "thought": True},
                            {
                                "functionCall": {"name": "get_weather", "args": CALL},
                                "thoughtSignature": "U0lH",
                            },
                        ],
                    },
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 5, "totalTokenCount": 10},
            "modelVersion": "gemini-2.5-flash",
            "responseId": "r1",
        }
    ).encode()


BACKENDS: dict[str, Callable[[], bytes]] = {
    "openai": lambda: _responses_reply([{"type": "summary_text", "text": PONDER}]),
    "openai-empty-summary": lambda: _responses_reply([]),
    "openai_chat": _chat_reply,
    "gemini": _gemini_reply,
}


def _dialect(backend: str) -> str:
    return backend.removesuffix("-empty-summary")


def _served(client: str, backend: str) -> bytes:
    """The backend's reply as the gateway answers a ``client`` with it."""
    dialect = _dialect(backend)
    return lc.encode_response(client, lc.decode_response(dialect, BACKENDS[backend]()))


# -- the clients' turn 2 --------------------------------------------------------------------


def _anthropic_turn_2(backend: str) -> bytes:
    """The anthropic SDK user's next turn: ``response.content`` appended, then the tool result."""
    hx = pytest.importorskip("httpx2")  # the anthropic SDK's HTTP client
    seen: list[bytes] = []
    answer = _served("anthropic", backend)
    client = capturing_client(hx, seen, answer)
    sdk = anthropic.Anthropic(api_key="x", base_url="http://gw", http_client=client)
    first = sdk.messages.create(
        model="claude-sonnet-4-5", max_tokens=1000, messages=[{"role": "user", "content": USER}]
    )
    assert first.content[0].type == "thinking" and first.content[0].signature == ""
    calls = [block for block in first.content if block.type == "tool_use"]
    history: list[Any] = [
        {"role": "user", "content": USER},
        {"role": "assistant", "content": first.content},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": c.id, "content": "12 C"} for c in calls],
        },
    ]
    capture = anthropic.Anthropic(
        api_key="x", base_url="http://gw", http_client=capturing_client(hx, seen), max_retries=0
    )
    return captured(
        lambda: capture.messages.create(model="claude-sonnet-4-5", max_tokens=1000, messages=history), seen
    )


def _gemini_turn_2(backend: str) -> bytes:
    """The google-genai user's next turn: ``candidate.content`` appended, then the function response."""
    seen: list[bytes] = []
    types = genai_types
    answer = _served("gemini", backend) if backend != "gemini" else _gemini_reply()
    sdk = genai.Client(
        api_key="x",
        http_options=genai_http_options(capturing_client(httpx, seen, answer), base_url="http://gw"),
    )
    first = sdk.models.generate_content(model="gemini-2.5-flash", contents=USER)
    content = first.candidates[0].content
    assert content.parts[0].thought and not content.parts[0].thought_signature
    answers = [
        types.Part(
            function_response=types.FunctionResponse(
                id=p.function_call.id, name=p.function_call.name, response={"result": "12 C"}
            )
        )
        for p in content.parts
        if p.function_call
    ]
    history = [
        types.Content(role="user", parts=[types.Part(text=USER)]),
        content,
        types.Content(role="user", parts=answers),
    ]
    capture = genai.Client(
        api_key="x",
        http_options=genai_http_options(
            capturing_client(httpx, seen), base_url="http://gw", retry_options=None
        ),
    )
    return captured(lambda: capture.models.generate_content(model="gemini-2.5-flash", contents=history), seen)


def _responses_turn_2() -> bytes:
    """A Responses client replaying a reasoning item with no id and no encrypted_content."""
    seen: list[bytes] = []
    sdk = openai.OpenAI(
        api_key="x", base_url="http://gw/v1", http_client=capturing_client(httpx, seen), max_retries=0
    )
    items: list[Any] = [
        {"role": "user", "content": USER},
        {"type": "reasoning", "summary": [{"type": "summary_text", "text": PONDER}]},
        {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": json.dumps(CALL)},
        {"type": "function_call_output", "call_id": "call_1", "output": "12 C"},
    ]
    return captured(lambda: sdk.responses.create(model="o4-mini", input=items), seen)


def _chat_turn_2(signature: dict[str, str]) -> bytes:
    """A Chat client replaying ``thinking_blocks`` (LiteLLM's field) without a signature."""
    seen: list[bytes] = []
    sdk = openai.OpenAI(
        api_key="x", base_url="http://gw/v1", http_client=capturing_client(httpx, seen), max_retries=0
    )
    assistant: Any = {
        "role": "assistant",
        "content": None,
        "thinking_blocks": [{"type": "thinking", "thinking": PONDER, **signature}],
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "get_weather", "arguments": json.dumps(CALL)},
            }
        ],
    }
    messages: list[Any] = [
        {"role": "user", "content": USER},
        assistant,
        {"role": "tool", "tool_call_id": "call_1", "content": "12 C"},
    ]
    return captured(lambda: sdk.chat.completions.create(model="gpt-4.1", messages=messages), seen)


# -- what a translated body may hold --------------------------------------------------------


def _thinking_in(dialect: str, body: dict[str, Any]) -> list[Any]:
    """Every thinking-bearing element of a built body, written from each wire's documentation."""
    if dialect == "anthropic":
        return [
            b
            for m in body["messages"]
            for b in (m["content"] if isinstance(m["content"], list) else [])
            if b["type"] in ("thinking", "redacted_thinking") or (b["type"] == "text" and not b["text"])
        ]
    if dialect == "gemini":
        return [p for c in body["contents"] for p in c["parts"] if p.get("thought") or p.get("text") == ""]
    if dialect == "openai":
        return [item for item in body["input"] if item.get("type") == "reasoning"]
    return [
        m
        for m in body["messages"]
        if m.get("reasoning_content") or m.get("thinking_blocks") or m.get("content") == ""
    ]


def _check(source: str, body: bytes, dropped: list[str], model: str | None = None) -> None:
    with pytest.raises(lc.ValidationError):
        lc.decode_request(source, body, model=model)
    for destination in DIALECTS:
        built = lc.translate_request(source, destination, body, model=model)
        sent = json.loads(built.body)
        assert PONDER.encode() not in built.body, (source, destination)
        assert _thinking_in(destination, sent) == [], (source, destination)
        notes = [a for a in built.adaptations if a.field.startswith("$.")]
        assert [a.field for a in notes] == dropped, (source, destination)
        assert all(a.action == "dropped" and "unsigned thinking" in a.reason for a in notes)


@pytest.mark.parametrize("backend", ["openai", "openai-empty-summary", "openai_chat", "gemini"])
def test_an_anthropic_clients_turn_2_translates_without_its_unsigned_thinking(backend: str) -> None:
    body = _anthropic_turn_2(backend)
    block = json.loads(body)["messages"][1]["content"][0]
    assert block["type"] == "thinking" and block["signature"] == ""
    _check("anthropic", body, ["$.messages[1].content[0]"])
    built = lc.translate_request("anthropic", "openai", body)
    assert [a.asked for a in built.adaptations if a.field.startswith("$.")] == [block["thinking"]]


@pytest.mark.parametrize("backend", ["openai", "openai-empty-summary", "openai_chat", "gemini"])
def test_a_gemini_clients_turn_2_translates_without_its_unsigned_thought(backend: str) -> None:
    body = _gemini_turn_2(backend)
    part = json.loads(body)["contents"][1]["parts"][0]
    assert part.get("thought") is True and "thoughtSignature" not in part
    _check("gemini", body, ["$.contents[1].parts[0]"], model="gemini-2.5-flash")


def test_gemini_to_gemini_keeps_the_call_signature_and_leaves_the_thought_out() -> None:
    """Real Gemini's reply replayed (M3): the call keeps its thoughtSignature, the call pairs with
    its response, and the rest is build_request of what is left."""
    body = _gemini_turn_2("gemini")
    built = lc.translate_request("gemini", "gemini", body, model="gemini-2.5-flash")
    model_turn = json.loads(built.body)["contents"][1]
    assert model_turn["role"] == "model"
    assert [set(p) for p in model_turn["parts"]] == [{"functionCall", "thoughtSignature"}]
    assert model_turn["parts"][0]["thoughtSignature"] == "U0lH"
    tree = json.loads(body)
    del tree["contents"][1]["parts"][0]
    rebuilt = lc.build_request(
        "gemini", lc.decode_request("gemini", json.dumps(tree), model="gemini-2.5-flash")
    )
    # the made ids keep the part's place in the client's body (call_{content}_{part}: 1_1, not 1_0)
    assert json.loads(built.body) == json.loads(rebuilt.body.replace(b'"call_1_0"', b'"call_1_1"'))


def test_a_responses_reasoning_item_without_id_or_encrypted_content_is_left_out() -> None:
    _check("openai", _responses_turn_2(), ["$.input[1]"])


@pytest.mark.parametrize("signature", [{}, {"signature": ""}], ids=["absent", "empty"])
def test_chat_thinking_blocks_without_a_signature_are_left_out(signature: dict[str, str]) -> None:
    body = _chat_turn_2(signature)
    if signature:  # decode_request reads "" as Anthropic's state (it rebuilds the body as it came)
        lc.decode_request("openai_chat", body)
        for destination in DIALECTS:
            built = lc.translate_request("openai_chat", destination, body)
            assert PONDER.encode() not in built.body
            assert [a.field for a in built.adaptations if a.field.startswith("$.")] == [
                "$.messages[1].thinking_blocks[0]"
            ]
        return
    _check("openai_chat", body, ["$.messages[1].thinking_blocks[0]"])


def test_an_anthropic_turn_of_unsigned_thinking_alone_goes_with_it() -> None:
    body = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 100,
            "messages": [
                {"role": "user", "content": USER},
                {"role": "assistant", "content": [{"type": "thinking", "thinking": PONDER}]},
                {"role": "user", "content": "and tomorrow?"},
            ],
        }
    )
    _check("anthropic", body, ["$.messages[1].content[0]", "$.messages[1]"])
    sent = json.loads(lc.translate_request("anthropic", "anthropic", body).body)
    assert [m["role"] for m in sent["messages"]] == ["user", "user"]


SIGNED_ANTHROPIC = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 2000,
    "thinking": {"type": "enabled", "budget_tokens": 1024},
    "messages": [
        {"role": "user", "content": USER},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": PONDER, "signature": "c2ln"},
                {"type": "redacted_thinking", "data": "cmVk"},
                {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": CALL},
            ],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "12 C"}]},
    ],
}
SIGNED_GEMINI = {
    "contents": [
        {"role": "user", "parts": [{"text": USER}]},
        {
            "role": "model",
            "parts": [
                {"text": PONDER, "thought": True, "thoughtSignature": "U0lH"},
                {"functionCall": {"name": "get_weather", "args": CALL}},
            ],
        },
        {
            "role": "user",
            "parts": [{"functionResponse": {"name": "get_weather", "response": {"result": "12 C"}}}],
        },
    ]
}


@pytest.mark.parametrize(("dialect", "tree"), [("anthropic", SIGNED_ANTHROPIC), ("gemini", SIGNED_GEMINI)])
def test_signed_and_redacted_thinking_translate_as_before(dialect: str, tree: dict[str, Any]) -> None:
    """Without unsigned thinking the same dialect is exactly build_request(decode_request()), and
    no other dialect's adaptations name a body path."""
    body = json.dumps(tree)
    model = "gemini-2.5-flash" if dialect == "gemini" else None
    same = lc.translate_request(dialect, dialect, body, model=model)
    assert same == lc.build_request(dialect, lc.decode_request(dialect, body, model=model))
    for destination in DIALECTS:
        built = lc.translate_request(dialect, destination, body, model=model)
        assert not [a for a in built.adaptations if a.field.startswith("$.")]


def test_a_mixed_turn_keeps_the_signed_block_and_leaves_the_unsigned_one_out() -> None:
    tree = json.loads(json.dumps(SIGNED_ANTHROPIC))
    tree["messages"][1]["content"].insert(0, {"type": "thinking", "thinking": "earlier", "signature": ""})
    built = lc.translate_request("anthropic", "anthropic", json.dumps(tree))
    blocks = json.loads(built.body)["messages"][1]["content"]
    assert [b["type"] for b in blocks] == ["thinking", "redacted_thinking", "tool_use"]
    assert blocks[0]["signature"] == "c2ln"
    assert [a.field for a in built.adaptations] == ["$.messages[1].content[0]"]
