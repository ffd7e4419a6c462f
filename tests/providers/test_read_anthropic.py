"""decode_request("anthropic"): lm15 bodies are a fixed point, client bodies round-trip, bad ones refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings

import lmcodec as lc

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .request_support import canonical_requests, lm15_build, rich_requests

PROVIDER = "anthropic"


def _fixed_point(request: lc.Request) -> None:
    first = lm15_build(PROVIDER, request)
    if first.error is not None:
        return
    body = json.dumps(first.body_value).encode()
    decoded = lc.decode_request(PROVIDER, body)
    again = lm15_build(PROVIDER, decoded, stream=first.body_value["stream"])
    assert again.error is None
    assert again.body_value == first.body_value
    if decoded.config.extensions == request.config.extensions:  # nothing rides as an override
        assert again.body == first.body  # key order too


@settings(SETTINGS, max_examples=examples(300))
@given(rich_requests(PROVIDER))
def test_lm15_bodies_are_a_fixed_point(request: lc.Request) -> None:
    _fixed_point(request)


def _cached_last_thinking(kind: str, data: dict[str, str], text: str) -> lc.Request:
    """lm15 marks whichever block is last with cache_control, a thinking block too (found by CI)."""
    state = lc.ContinuationState(provider="anthropic", kind=kind, data=data)
    part = lc.ThinkingPart(text=text, continuation=(state,))
    config = lc.Config(cache=lc.CacheConfig(mode="auto", prefix="history"))
    return lc.Request(model="0", messages=(lc.Message(role="assistant", parts=(part,)),), config=config)


@settings(SETTINGS, max_examples=examples(300))
@given(canonical_requests(PROVIDER))
@example(_cached_last_thinking("redacted_thinking", {"data": "abc"}, ""))
@example(_cached_last_thinking("thinking_signature", {"signature": "sig"}, "hm"))
@example(  # lm15 writes {"type": "bash", "name": null} for a config naming None (found by hypothesis)
    lc.Request(
        model="0",
        messages=(lc.Message.user("hi"),),
        tools=(lc.BuiltinTool(name="bash", config={"name": None}),),
    )
)
@example(
    lc.Request(
        model="0",
        messages=(lc.Message.user("hi"),),
        tools=(lc.BuiltinTool(name="web_search", config={"name": None}),),
    )
)
def test_lm15_bodies_of_generated_requests_are_a_fixed_point(request: lc.Request) -> None:
    _fixed_point(request)


# ─── client bodies (written from the Messages API reference and the SDK's MessageCreateParams) ───

FIXTURES = Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER
BODIES = sorted(FIXTURES.glob("*.json"))


def _long_form(body: dict[str, Any]) -> dict[str, Any]:
    """The body with the equivalences read.py documents applied (what lm15 writes back)."""
    out = dict(body)
    out.setdefault("stream", False)
    messages = []
    for message in body["messages"]:
        content = message["content"]
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        blocks = [_long_result(b) if b["type"] == "tool_result" else b for b in content]
        if message["role"] == "user":
            runs: list[list[Any]] = []
            for block in blocks:
                if runs and (block["type"] == "tool_result") == (runs[-1][0]["type"] == "tool_result"):
                    runs[-1].append(block)
                else:
                    runs.append([block])
            messages.extend({"role": "user", "content": run} for run in runs)
        else:
            messages.append({"role": message["role"], "content": blocks})
    out["messages"] = messages
    return out


def _long_result(block: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in block.items() if not (k == "is_error" and v is False)}
    content = out.get("content", "")
    if isinstance(content, list) and not content:
        content = ""
    if isinstance(content, list) and len(content) == 1 and content[0].keys() == {"type", "text"}:
        content = content[0]["text"]
    out["content"] = content
    return out


@pytest.mark.parametrize("path", BODIES, ids=[p.stem for p in BODIES])
def test_client_bodies_round_trip(path: Path) -> None:
    body = json.loads(path.read_bytes())
    request = lc.decode_request(PROVIDER, path.read_bytes())
    rebuilt = lc.build_request(PROVIDER, request, stream=body.get("stream", False))
    assert json.loads(rebuilt.body) == _long_form(body)
    assert lm15_build(PROVIDER, request, stream=body.get("stream", False)).body_value == _long_form(body)


def _decode(name: str) -> lc.Request:
    return lc.decode_request(PROVIDER, (FIXTURES / f"{name}.json").read_bytes())


def test_parallel_tool_calls_keep_their_ids_and_results_pair_by_id() -> None:
    request = _decode("parallel_tools")
    calls = [p for p in request.messages[1].parts if isinstance(p, lc.ToolCallPart)]
    assert [c.id for c in calls] == ["toolu_01A", "toolu_01B", "toolu_01C"]
    results = request.messages[2]
    assert results.role == "tool"
    assert [(r.id, r.is_error) for r in results.parts] == [
        ("toolu_01A", False),
        ("toolu_01B", False),
        ("toolu_01C", True),
    ]
    assert request.config.tool_choice == lc.ToolChoice(mode="auto")
    assert request.tools[2] == lc.FunctionTool(name="noop", parameters={"type": "object"})


def test_thinking_signatures_and_budget() -> None:
    request = _decode("thinking_signed")
    thinking, redacted, _ = request.messages[1].parts
    assert thinking.continuation[0].data == {
        "signature": "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"
    }
    assert redacted.continuation[0].kind == "redacted_thinking"
    assert request.config.reasoning == lc.Reasoning(effort="medium", thinking_budget=10000)
    assert request.config.max_tokens == 6000
    assert request.config.tool_choice == lc.ToolChoice(mode="required", parallel=False)


def test_cache_marks_become_a_cache_config() -> None:
    long = _decode("cache_history_long")
    assert long.config.cache == lc.CacheConfig(mode="auto", retention="long", prefix="history")
    assert long.config.extensions is None
    blocks = _decode("cache_system_blocks")
    assert blocks.config.cache == lc.CacheConfig(mode="auto", prefix="history")
    assert blocks.system == (
        lc.TextPart(text="You are an assistant for the ACME code base."),
        lc.TextPart(text="<repository summary: 40 modules, 12k lines>"),
    )
    assert set(blocks.config.extensions or {}) == {"system", "tools"}  # the exact block shapes


def test_adaptive_thinking_and_structured_output() -> None:
    request = _decode("adaptive_structured")
    assert request.config.reasoning == lc.Reasoning(effort="high")
    assert request.config.response_format["type"] == "json_schema"
    assert request.config.max_tokens == 32000
    assert request.config.extensions is None


def test_unknown_top_level_fields_ride_in_extensions() -> None:
    request = _decode("server_tools_extras")
    assert set(request.config.extensions or {}) == {"container", "context_management", "mcp_servers"}
    assert request.tools[0] == lc.BuiltinTool(
        name="web_search", config={"max_uses": 3, "allowed_domains": ["example.com"]}
    )
    assert request.tools[2] == lc.BuiltinTool(name="bash", config={"type": "bash_20250124"})
    assert request.config.user_id == "u-1"


def test_media_sources() -> None:
    parts = _decode("media").messages[0].parts
    assert parts[0].data and parts[0].media_type == "image/png"
    assert parts[1].url and parts[3].file_id == "file_011CNha8iCJcU1wXNR6q4V8w"
    assert isinstance(parts[2], lc.DocumentPart) and parts[2].media_type == "application/pdf"


# ─── refusals: what cannot survive, with the JSON path ───

_USER = {"role": "user", "content": "hi"}


def _body(**fields: Any) -> bytes:
    return json.dumps(
        {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [_USER], **fields}
    ).encode()


def _blocks(*blocks: Any, role: str = "user") -> list[Any]:
    return [{"role": role, "content": list(blocks)}]


REFUSED = [
    (
        _body(
            messages=_blocks(
                {"type": "server_tool_use", "id": "s", "name": "web_search", "input": {}}, role="assistant"
            )
        ),
        "$.messages[0].content[0].type",
    ),
    (
        _body(messages=_blocks({"type": "search_result", "source": "s", "title": "t", "content": []})),
        "$.messages[0].content[0].type",
    ),
    (_body(messages=_blocks({"type": "text", "text": "x", "bogus": 1})), "$.messages[0].content[0]"),
    (
        _body(messages=_blocks({"type": "text", "text": "x", "citations": [{"type": "char_location"}]})),
        "$.messages[0].content[0].citations",
    ),
    (
        _body(messages=_blocks({"type": "document", "source": {"type": "url", "url": "u"}, "title": "T"})),
        "$.messages[0].content[0].title",
    ),
    (
        _body(
            messages=_blocks(
                {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}}
            )
        ),
        "$.messages[0].content[0].source",
    ),
    (
        _body(messages=_blocks({"type": "thinking", "thinking": "t", "signature": ""}, role="assistant")),
        "$.messages[0].content[0].signature",
    ),
    (
        _body(
            messages=_blocks(
                {"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}},
                {"type": "text", "text": "b"},
            )
        ),
        "$.messages[0].content[0].cache_control",
    ),
    (
        _body(
            messages=[
                *_blocks({"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}}),
                *_blocks({"type": "text", "text": "b", "cache_control": {"type": "ephemeral"}}),
            ]
        ),
        "$.messages[1].content[0].cache_control",
    ),
    (
        _body(
            messages=_blocks(
                {"type": "text", "text": "a", "cache_control": {"type": "ephemeral", "ttl": "5m"}}
            )
        ),
        "$.messages[0].content[0]",
    ),
    (_body(messages=_blocks()), "$.messages[0].content"),
    (_body(messages=[]), "$.messages"),
    (_body(messages=[{"role": "system", "content": "x"}]), "$.messages[0].role"),
    (_body(messages=[{"role": "user"}]), "$.messages[0]"),
    (_body(messages=[{"role": "user", "content": 5}]), "$.messages[0].content"),
    (_body(temperature=1.5), "$.temperature"),
    (_body(temperature="hot"), "$.temperature"),
    (_body(tools=[{"name": "f"}]), "$.tools[0].input_schema"),
    (_body(tool_choice={"type": "tool"}), "$.tool_choice.name"),
    (_body(tool_choice={"type": "sometimes"}), "$.tool_choice.type"),
    (json.dumps({"model": "m", "messages": [_USER]}).encode(), "$"),
    (b"[1, 2]", "$"),
]


@pytest.mark.parametrize(("body", "path"), REFUSED)
def test_what_cannot_survive_is_refused_with_its_path(body: bytes, path: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, body)
    assert info.value.path == path


def test_malformed_json_is_a_decode_error() -> None:
    with pytest.raises(lc.DecodeError):
        lc.decode_request(PROVIDER, b'{"model": "m", "messages": [')


def test_a_body_of_64000_messages_is_read_whole() -> None:
    """Size is no refusal and loses nothing (time per MB at growing sizes: benchmarks, not this test)."""
    n = 64_000
    request = lc.decode_request(
        PROVIDER,
        json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [_USER] * n}).encode(),
    )
    assert len(request.messages) == n


def test_hostile_nesting_is_an_lc_error() -> None:
    deep = (
        b'{"model": "m", "max_tokens": 5, "messages": [], "container": '
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}"
    )
    with pytest.raises(lc.LmcodecError):
        lc.decode_request(PROVIDER, deep)
