"""What a typed Python translator cannot avoid on the Chat -> Anthropic request (issue #15).

Issue #15 asks decode_request + build_request to stay within 2x of the floor (msgspec's untyped
decode + encode of the body) and to be 50x faster than LiteLLM's transformation. This script
measures a third contestant between the two: the *typed floor*, a translator of the benchmark's
Chat fixture (tests/fixtures/requests/openai_chat/travel_agent_tools.json) into the Anthropic body
that does only what the bytes require of any typed pipeline:

- one msgspec decode into small typed Structs (no unions beyond ``str | None``, no checks);
- the canonical ``Request`` made from prototypes by ``msgspec.structs.replace`` (as lmcodec's
  readers make theirs; the public constructors cost ~10x that), each call's arguments decoded;
- the Anthropic body written from the Request as dicts and encoded.

No validation, no notes, no model-family lookups, no refusals; it handles exactly the fixture's
shapes. Its output is checked to be the same JSON value as ``lc.build_request``'s, so it does the
same work. With them, the issue's own baseline (``dict translation``: untyped decode, a
dict-to-dict translation, encode; no canonical Request; its output checked the same way).
Every contestant runs once a round in turn (``test_bench_requests._rounds``: GC off, CPU time);
ratios are medians of per-round ratios:

    python3 benchmarks/requests_typed_floor.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
from typing import Any

import msgspec

import lmcodec as lc
from test_bench_requests import BODY, LITELLM, MODELS, _litellm, _ratio, _rounds, floor, translate

_MODEL = MODELS["anthropic"]


class _Function(msgspec.Struct):
    name: str
    arguments: str


class _Call(msgspec.Struct):
    id: str
    function: _Function


class _Row(msgspec.Struct):
    role: str
    content: str | None = None
    tool_calls: list[_Call] | None = None
    tool_call_id: str | None = None


class _Declared(msgspec.Struct):
    name: str
    description: str
    parameters: dict[str, Any]


class _Tool(msgspec.Struct):
    function: _Declared


class _Body(msgspec.Struct):
    model: str
    messages: list[_Row]
    tools: list[_Tool]
    temperature: float
    max_completion_tokens: int


_decode_body = msgspec.json.Decoder(_Body).decode
_decode_arguments = msgspec.json.Decoder(dict[str, Any]).decode
_encode = msgspec.json.Encoder().encode
_replace = msgspec.structs.replace
_TEXT = lc.TextPart(text="-")
_CALL = lc.ToolCallPart(id="-", name="-", input={})
_RESULT = lc.ToolResultPart(id="-", content=(_TEXT,))
_MESSAGE = lc.Message(role="user", parts=(_TEXT,))
_TOOL = lc.FunctionTool(name="-", parameters={"type": "object", "properties": {}})
_CONFIG = lc.Config(tool_choice=lc.ToolChoice(mode="auto", parallel=True))
_REQUEST = lc.Request(model="-", messages=(_MESSAGE,))


def read(body: bytes) -> lc.Request:
    """The fixture's Chat body as the canonical Request (routed to Anthropic's model)."""
    whole = _decode_body(body)
    rows = whole.messages
    messages: list[lc.Message] = []
    results: list[lc.ToolResultPart] = []
    for row in rows[1:]:
        if row.role == "tool":
            content = (_replace(_TEXT, text=row.content),)
            results.append(_replace(_RESULT, id=row.tool_call_id, content=content))
            continue
        if results:
            messages.append(_replace(_MESSAGE, role="tool", parts=tuple(results)))
            results = []
        parts: list[Any] = [] if row.content is None else [_replace(_TEXT, text=row.content)]
        for call in row.tool_calls or ():
            arguments = _decode_arguments(call.function.arguments)
            parts.append(_replace(_CALL, id=call.id, name=call.function.name, input=arguments))
        messages.append(_replace(_MESSAGE, role=row.role, parts=tuple(parts)))
    tools = tuple(
        _replace(
            _TOOL,
            name=tool.function.name,
            description=tool.function.description,
            parameters=tool.function.parameters,
        )
        for tool in whole.tools
    )
    config = _replace(_CONFIG, max_tokens=whole.max_completion_tokens, temperature=whole.temperature)
    return _replace(
        _REQUEST, model=_MODEL, messages=tuple(messages), system=rows[0].content, tools=tools, config=config
    )


def _block(part: Any) -> dict[str, Any]:
    if type(part) is lc.TextPart:
        return {"type": "text", "text": part.text}
    if type(part) is lc.ToolCallPart:
        return {"type": "tool_use", "id": part.id, "name": part.name, "input": part.input}
    return {"type": "tool_result", "tool_use_id": part.id, "content": part.content[0].text}


def write(request: lc.Request) -> bytes:
    """The Request's Anthropic body, as lm15 writes it for this fixture."""
    messages = [
        {
            "role": "assistant" if message.role == "assistant" else "user",
            "content": [_block(p) for p in message.parts],
        }
        for message in request.messages
    ]
    tools = [
        {"name": tool.name, "description": tool.description, "input_schema": tool.parameters}  # type: ignore[union-attr]
        for tool in request.tools
    ]
    config = request.config
    return _encode(
        {
            "model": request.model,
            "messages": messages,
            "stream": False,
            "max_tokens": config.max_tokens,
            "system": request.system,
            "temperature": config.temperature,
            "tools": tools,
            "tool_choice": {"type": "auto"},
        }
    )


def typed_floor(body: bytes) -> bytes:
    return write(read(body))


_decode_plain = msgspec.json.Decoder().decode


def dict_translation(body: bytes) -> bytes:
    """The issue's own baseline: msgspec's untyped decode, a dict-to-dict translation into the
    same Anthropic body, encode (no canonical Request in between)."""
    whole = _decode_plain(body)
    rows = whole["messages"]
    messages: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for row in rows[1:]:
        if row["role"] == "tool":
            results.append(
                {"type": "tool_result", "tool_use_id": row["tool_call_id"], "content": row["content"]}
            )
            continue
        if results:
            messages.append({"role": "user", "content": results})
            results = []
        content = [] if row.get("content") is None else [{"type": "text", "text": row["content"]}]
        for call in row.get("tool_calls") or ():
            function = call["function"]
            arguments = _decode_arguments(function["arguments"])
            content.append(
                {"type": "tool_use", "id": call["id"], "name": function["name"], "input": arguments}
            )
        messages.append({"role": row["role"], "content": content})
    tools = [
        {"name": f["name"], "description": f["description"], "input_schema": f["parameters"]}
        for f in (tool["function"] for tool in whole["tools"])
    ]
    return _encode(
        {
            "model": _MODEL,
            "messages": messages,
            "stream": False,
            "max_tokens": whole["max_completion_tokens"],
            "system": rows[0]["content"],
            "temperature": whole["temperature"],
            "tools": tools,
            "tool_choice": {"type": "auto"},
        }
    )


def main(rounds: int = 9, inner: int = 500) -> None:
    ours = translate("openai_chat", "anthropic", BODY)
    for contestant in (typed_floor, dict_translation):
        if msgspec.json.decode(contestant(BODY)) != msgspec.json.decode(ours):
            raise SystemExit(f"{contestant.__name__}'s body is not lc.build_request's: not the same work")
    contestants = {
        "floor": lambda: floor(BODY),
        "dict translation": lambda: dict_translation(BODY),
        "typed floor": lambda: typed_floor(BODY),
        "lmcodec": lambda: translate("openai_chat", "anthropic", BODY),
    }
    if _litellm() is not None:
        contestants["litellm"] = lambda: LITELLM["openai_chat", "anthropic"](BODY)
    times = _rounds(contestants, rounds, inner)
    print("| openai_chat -> anthropic (4,113 bytes) | µs | / floor | / typed floor |")
    print("|---|---:|---:|---:|")
    for name in contestants:
        us = statistics.median(times[name]) * 1e6
        over_floor, over_typed = _ratio(times, name, "floor"), _ratio(times, name, "typed floor")
        print(f"| {name} | {us:.1f} | {over_floor:.2f}x | {over_typed:.2f}x |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
