"""lc.decode_request("openai_chat", ...): round trips of client bodies, lm15's fixed point, refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.openai_chat._read_config import CANONICAL_KEYS

from .openai_request_diff import REQUEST_SETTINGS, canonical_requests, check_build, lm15_body, same_json

lm15_chat = pytest.importorskip("lm15.providers.openai_chat", reason="lm15 1.5.0 is a test dependency")

PROVIDER = "openai_chat"
FIXTURES = Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER
BODIES = sorted(FIXTURES.glob("*.json"))


def round_trip(body: dict[str, Any]) -> dict[str, Any]:
    request = lc.decode_request(PROVIDER, json.dumps(body).encode())
    built = lc.build_request(PROVIDER, request, stream=body.get("stream", False))
    result: dict[str, Any] = json.loads(built.body)
    return result


def test_fixtures_exist() -> None:
    assert len(BODIES) >= 7


@pytest.mark.parametrize("path", BODIES, ids=[p.stem for p in BODIES])
def test_fixture_round_trip(path: Path) -> None:
    body = json.loads(path.read_bytes())
    assert round_trip(body) == body


def test_translation_keeps_ids_and_parallel_calls() -> None:
    body = json.loads((FIXTURES / "travel_agent_tools.json").read_bytes())
    request = lc.decode_request(PROVIDER, json.dumps(body).encode())
    calls = [p for m in request.messages for p in m.parts if isinstance(p, lc.ToolCallPart)]
    results = [p for m in request.messages for p in m.parts if isinstance(p, lc.ToolResultPart)]
    assert [c.id for c in calls] == ["call_w1", "call_w2", "call_h1"]
    assert [r.id for r in results] == ["call_w1", "call_w2", "call_h1"]
    assert request.system == body["messages"][0]["content"]
    assert request.config.tool_choice == lc.ToolChoice(mode="auto", parallel=True)


@pytest.mark.parametrize("path", BODIES, ids=[p.stem for p in BODIES])
def test_fixture_builds_as_lm15(path: Path) -> None:
    """Each real-world body, read, builds exactly as lm15 builds the same Request (both streams)."""
    request = lc.decode_request(PROVIDER, path.read_bytes())
    for stream in (False, True):
        outcome = check_build(PROVIDER, request, stream=stream)
        assert "error" not in outcome


NORMALIZED = [
    (  # developer rows come back as system rows; a one-text-block array as a string
        {
            "model": "m",
            "messages": [
                {"role": "user", "content": "a"},
                {"role": "developer", "content": [{"type": "text", "text": "b"}]},
            ],
        },
        {"model": "m", "messages": [{"role": "user", "content": "a"}, {"role": "system", "content": "b"}]},
    ),
    (  # a string stop as a list; null as absent; arguments re-serialized compactly
        {
            "model": "m",
            "stop": "x",
            "temperature": None,
            "messages": [
                {"role": "user", "content": "q"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {"id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a": "é"}'}}
                    ],
                },
            ],
            "tools": [{"type": "function", "function": {"name": "f", "strict": False}}],
        },
        {
            "model": "m",
            "messages": [
                {"role": "user", "content": "q"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "c",
                            "type": "function",
                            "function": {"name": "f", "arguments": '{"a":"\\u00e9"}'},
                        }
                    ],
                },
            ],
            "stop": ["x"],
            "tools": [
                {
                    "type": "function",
                    "function": {"name": "f", "parameters": {"type": "object", "properties": {}}},
                }
            ],
        },
    ),
    (  # the legacy max_tokens as max_completion_tokens
        {"model": "m", "max_tokens": 50, "messages": [{"role": "user", "content": "q"}]},
        {"model": "m", "messages": [{"role": "user", "content": "q"}], "max_completion_tokens": 50},
    ),
    (  # stream without stream_options: lm15 asks for usage
        {"model": "m", "stream": True, "messages": [{"role": "user", "content": "q"}]},
        {
            "model": "m",
            "messages": [{"role": "user", "content": "q"}],
            "stream": True,
            "stream_options": {"include_usage": True},
        },
    ),
]


@pytest.mark.parametrize(("body", "expected"), NORMALIZED)
def test_documented_normalizations(body: dict[str, Any], expected: dict[str, Any]) -> None:
    same_json(round_trip(body), expected)


def _user(content: Any = "q") -> dict[str, Any]:
    return {"role": "user", "content": content}


REFUSED = [
    ({"model": "m", "n": 2, "messages": [_user()]}, "$.n"),
    ({"model": "m", "compat": {}, "messages": [_user()]}, "$.compat"),
    ({"model": "m", "functions": [], "tools": [], "messages": [_user()]}, "$.functions"),
    (
        {"model": "m", "function_call": "auto", "tool_choice": "none", "messages": [_user()]},
        "$.function_call",
    ),
    ({"model": "m", "messages": [{"role": "user", "content": "q", "name": "bob"}]}, "$.messages[0].name"),
    (
        {
            "model": "m",
            "messages": [_user([{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "flv"}}])],
        },
        "$.messages[0].content[0].input_audio.format",
    ),
    (
        {"model": "m", "messages": [_user([{"type": "file", "file": {"file_id": "f", "filename": "a"}}])]},
        "$.messages[0].content[0].file.filename",
    ),
    (
        {"model": "m", "messages": [_user(), {"role": "assistant", "content": [{"type": "file"}]}]},
        "$.messages[1].content[0].type",
    ),
    (
        {
            "model": "m",
            "messages": [_user()],
            "tools": [{"type": "function", "function": {"name": "f", "strict": True}}],
        },
        "$.tools[0].function.strict",
    ),
    (
        {"model": "m", "messages": [_user()], "tools": [{"type": "custom", "custom": {"name": "f"}}]},
        "$.tools[0].type",
    ),
    ({"model": "m", "messages": [_user()], "reasoning_effort": "extreme"}, "$.reasoning_effort"),
    ({"model": "m", "messages": [{"role": "function", "content": "x"}]}, "$.messages[0].role"),
    (
        {
            "model": "m",
            "messages": [
                {
                    "role": "tool",
                    "tool_call_id": "c",
                    "content": [{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}],
                }
            ],
        },
        "$.messages[0].content[0].type",
    ),
]


@pytest.mark.parametrize(("body", "path"), REFUSED)
def test_what_cannot_survive_is_refused(body: dict[str, Any], path: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, json.dumps(body).encode())
    assert info.value.path == path
    assert path in str(info.value)


BAD = [
    (b"[]", "$"),
    (b'{"messages": []}', "$.model"),
    (b'{"model": 5, "messages": []}', "$.model"),
    (b'{"model": "m"}', "$.messages"),
    (b'{"model": "m", "messages": {}}', "$.messages"),
    (b'{"model": "m", "messages": [5]}', "$.messages[0]"),
    (b'{"model": "m", "messages": [{"role": "user"}]}', "$.messages[0].content"),
    (
        b'{"model": "m", "messages": [{"role": "user", "content": [{"type": "text", "text": 1}]}]}',
        "$.messages[0].content[0].text",
    ),
    (
        b'{"model": "m", "messages": [{"role": "assistant", "tool_calls": '
        b'[{"id": "c", "function": {"name": "f", "arguments": "{"}}]}]}',
        "$.messages[0].tool_calls[0].function.arguments",
    ),
    (
        b'{"model": "m", "messages": [{"role": "user", "content": "q"}], "temperature": "hot"}',
        "$.temperature",
    ),
    (
        b'{"model": "m", "messages": [{"role": "user", "content": "q"}], "tool_choice": "sometimes"}',
        "$.tool_choice",
    ),
]


@pytest.mark.parametrize(("body", "path"), BAD)
def test_bad_bodies_name_the_path(body: bytes, path: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, body)
    assert info.value.path == path


def test_not_json_is_a_decode_error() -> None:
    with pytest.raises(lc.DecodeError):
        lc.decode_request(PROVIDER, b'{"model": ')


def test_canonical_invariants_are_validation_errors() -> None:
    body = {
        "model": "m",
        "messages": [_user()],
        "tools": [],
        "tool_choice": {"type": "function", "function": {"name": "nope"}},
    }
    with pytest.raises(lc.ValidationError):
        lc.decode_request(PROVIDER, json.dumps(body).encode())


def test_hostile_sizes_read_whole() -> None:
    """64,000 messages are read whole (time per MB is the benchmarks' business, not a test's)."""
    rows = [{"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}] * 32_000
    request = lc.decode_request(PROVIDER, json.dumps({"model": "m", "messages": rows}).encode())
    assert len(request.messages) == 64_000


def test_hostile_nesting_is_an_lc_error() -> None:
    deep = (
        b'{"model": "m", "messages": [{"role": "user", "content": "q"}], "metadata": '
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}"
    )
    with pytest.raises(lc.LmcodecError):
        lc.decode_request(PROVIDER, deep)


_CARRIED = (lc.TextPart, lc.ToolCallPart, lc.ThinkingPart, lc.RefusalPart, lc.CitationPart, lc.DataPart)


def _chat_carriable(request: lc.Request) -> lc.Request:
    """``request`` with each part the Chat wire has no slot for (lm15 refuses those: audio, video,
    binary and documents anywhere, images outside user rows) replaced by a text part and its builtin
    tools left out (where the tool choice does not name them), so that most generated requests reach
    the fixed point instead of being discarded; lm15's refusals are checked in test_build_openai_chat."""

    def keep(part: Any, images: bool) -> Any:
        if isinstance(part, lc.ImagePart) and images:
            return part
        if isinstance(part, _CARRIED):
            return part
        if isinstance(part, lc.ToolResultPart):
            return lc.replace(part, content=tuple(keep(p, False) for p in part.content))
        return lc.TextPart(text=part.type)

    messages = tuple(
        lc.replace(m, parts=tuple(keep(p, m.role == "user") for p in m.parts)) for m in request.messages
    )
    system = request.system
    if isinstance(system, tuple):
        system = tuple(keep(p, False) for p in system)
    carried = lc.replace(request, messages=messages, system=system)
    try:
        return lc.replace(carried, tools=tuple(t for t in carried.tools if not isinstance(t, lc.BuiltinTool)))
    except (TypeError, ValueError):
        return carried


@REQUEST_SETTINGS
@given(canonical_requests().map(_chat_carriable), st.booleans())
@example(  # a lone marked developer message: no system prompt (found by the explore profile)
    lc.Request(
        model="gpt-4.1-mini",
        messages=(lc.Message(role="developer", parts=(lc.TextPart(text="0"),)),),
        config=lc.Config(cache=lc.CacheConfig(mode="auto", prefix_until_index=0)),
    ),
    False,
)
@example(  # a leading developer message of empty text blocks only (found by the repeatable profile
    # in a long run): read as the system prompt, lm15 rebuilt it as "\n"; now read as a message
    lc.Request(
        model="gpt-4.1-mini",
        messages=(
            lc.Message(role="developer", parts=(lc.TextPart(text=""), lc.TextPart(text=""))),
            lc.Message.user("x"),
        ),
    ),
    False,
)
@example(  # several text blocks, not all empty (the same run, once the first was fixed): the
    # documented normalization, their text joined by newlines
    lc.Request(
        model="gpt-4.1-mini",
        messages=(
            lc.Message(role="developer", parts=(lc.TextPart(text=""), lc.TextPart(text="0"))),
            lc.Message(role="assistant", parts=(lc.TextPart(text=""),)),
        ),
    ),
    False,
)
def test_fixed_point_of_lm15_bodies(request: lc.Request, stream: bool) -> None:
    """decode_request(lm15's body), rebuilt by lm15, is lm15's body again (where lm15's reader reads it)."""
    extensions = request.config.extensions or {}
    assume(not (set(extensions) & CANONICAL_KEYS))
    body = lm15_body(PROVIDER, request, stream=stream)
    assume(body is not None)
    assert body is not None
    try:
        decoded = lc.decode_request(PROVIDER, json.dumps(body).encode())
    except lc.ValidationError:  # only what lm15's own reader refuses too (an image on a system row)
        with pytest.raises(Exception):  # noqa: B017 - lm15 refuses with its own classes
            lm15_chat.request_from_openai_chat(body)
        return
    again = lm15_body(PROVIDER, decoded, stream=stream)
    assert again is not None
    same_json(again, _as_lm15_rereads_them(body))


def _as_lm15_rereads_them(body: dict[str, Any]) -> dict[str, Any]:
    """The documented normalizations: lm15 writes ``content: null`` for an assistant message with
    nothing the wire carries and reads it back as an empty text part, which it writes as ``""``;
    a leading system row of several text blocks (not all empty) is read as the system prompt,
    which lm15 writes as their text joined by newlines (one marked block for a stable prefix)."""
    rows = [
        {**row, "content": ""}
        if row.get("role") == "assistant" and row.get("content") is None and not row.get("tool_calls")
        else row
        for row in body["messages"]
    ]
    first = rows[0]
    blocks = first.get("content")
    if (
        len(rows) > 1
        and first.get("role") == "system"
        and isinstance(blocks, list)
        and len(blocks) > 1
        and all(block.get("type") == "text" for block in blocks)
        and any(block["text"] for block in blocks)
    ):
        text = "\n".join(block["text"] for block in blocks)
        mark = blocks[-1].get("prompt_cache_breakpoint")
        content: Any = (
            text if mark is None else [{"type": "text", "text": text, "prompt_cache_breakpoint": mark}]
        )
        rows[0] = {**first, "content": content}
    return {**body, "messages": rows}


@pytest.mark.parametrize(
    "flags",
    [
        {"top_logprobs": 3},
        {"top_logprobs": 0},
        {"logprobs": False, "top_logprobs": 5},
        {"logprobs": None, "top_logprobs": 2},
    ],
)
def test_top_logprobs_without_logprobs_true_is_refused_at_its_path(flags: dict[str, Any]) -> None:
    """OpenAI answers 400 ("logprobs must be set to true if top_logprobs is used") and lm15's Chat
    reader refuses the body ("top_logprobs requires logprobs: true"): decode_request and the
    gateway refuse it at ``$.top_logprobs`` (it rode in extensions to the backend's 400)."""
    body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], **flags}).encode()
    with pytest.raises(ValueError, match="top_logprobs requires logprobs: true"):
        lm15_chat.request_from_openai_chat(json.loads(body))
    for read in (
        lambda: lc.decode_request("openai_chat", body),
        lambda: lc.translate_request("openai_chat", "openai_chat", body),
        lambda: lc.translate_request("openai_chat", "anthropic", body),
    ):
        with pytest.raises(lc.ValidationError) as refused:
            read()
        assert refused.value.path == "$.top_logprobs"
        assert "logprobs: true" in str(refused.value)
    null = json.dumps(
        {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "top_logprobs": None}
    )
    assert lc.decode_request("openai_chat", null.encode()).config.logprobs is None
