"""lc.decode_request("openai", ...): round trips of Responses bodies, lm15's fixed point, refusals."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.openai.read import CANONICAL_KEYS

from .openai_request_diff import REQUEST_SETTINGS, canonical_requests, check_build, lm15_body, same_json

PROVIDER = "openai"
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
    expected = {**body, "stream": body.get("stream", False)}  # lm15 always writes the flag
    assert round_trip(body) == expected


def test_reasoning_state_and_call_ids_survive() -> None:
    body = json.loads((FIXTURES / "reasoning_replay.json").read_bytes())
    request = lc.decode_request(PROVIDER, json.dumps(body).encode())
    assistant = request.messages[1]
    thinking, call = assistant.parts
    assert isinstance(thinking, lc.ThinkingPart) and isinstance(call, lc.ToolCallPart)
    assert thinking.continuation[0].data == {
        "id": "rs_68a1f0c2b7e4",
        "encrypted_content": "gAAAAABoofDC-encrypted-opaque-state==",
    }
    assert call.id == "call_c1"
    result = request.messages[2].parts[0]
    assert isinstance(result, lc.ToolResultPart) and result.id == "call_c1"


@pytest.mark.parametrize("path", BODIES, ids=[p.stem for p in BODIES])
def test_fixture_builds_as_lm15(path: Path) -> None:
    """Each real-world body, read, builds exactly as lm15 builds the same Request (both streams)."""
    request = lc.decode_request(PROVIDER, path.read_bytes())
    for stream in (False, True):
        outcome = check_build(PROVIDER, request, stream=stream)
        assert "error" not in outcome


NORMALIZED = [
    (
        {"model": "m", "input": "hi", "stream": False},
        {
            "model": "m",
            "input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}],
            "stream": False,
        },
    ),
    (
        {
            "model": "m",
            "input": [
                {"type": "message", "role": "system", "content": "be brief"},
                {"role": "user", "content": "q"},
                {"type": "function_call", "call_id": "c", "name": "f", "arguments": '{"a": 1}'},
                {"role": "assistant", "content": [{"type": "output_text", "text": "ok", "annotations": []}]},
            ],
            "tools": [{"type": "function", "name": "f", "strict": True, "parameters": {"type": "object"}}],
        },
        {
            "model": "m",
            "input": [
                {"role": "developer", "content": [{"type": "input_text", "text": "be brief"}]},
                {"role": "user", "content": [{"type": "input_text", "text": "q"}]},
                {"type": "function_call", "call_id": "c", "name": "f", "arguments": '{"a":1}'},
                {"role": "assistant", "content": [{"type": "output_text", "text": "ok"}]},
            ],
            "stream": False,
            "tools": [{"type": "function", "name": "f", "parameters": {"type": "object"}}],
        },
    ),
]


@pytest.mark.parametrize(("body", "expected"), NORMALIZED)
def test_documented_normalizations(body: dict[str, Any], expected: dict[str, Any]) -> None:
    same_json(round_trip(body), expected)


def _user(text: str = "q") -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "input_text", "text": text}]}


REFUSED = [
    ({"model": "m"}, "$.input"),
    ({"model": "m", "input": [_user()], "openai_responses_compat": {}}, "$.openai_responses_compat"),
    ({"model": "m", "input": [{**_user(), "id": "msg_1"}]}, "$.input[0].id"),
    (
        {
            "model": "m",
            "input": [
                _user(),
                {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}", "status": "stop"},
            ],
        },
        "$.input[1].status",
    ),
    ({"model": "m", "input": [_user(), {"type": "item_reference", "id": "x"}]}, "$.input[1].type"),
    (
        {"model": "m", "input": [_user(), {"type": "web_search_call", "id": "ws", "status": "completed"}]},
        "$.input[1].type",
    ),
    ({"model": "m", "input": [_user(), {"type": "reasoning", "summary": []}]}, "$.input[1]"),
    (
        {
            "model": "m",
            "input": [
                _user(),
                {"type": "reasoning", "id": "r", "summary": [{"type": "summary_text", "text": ""}, {}]},
            ],
        },
        "$.input[1].summary[1]",
    ),
    (
        {"model": "m", "input": [_user()], "tools": [{"type": "function", "name": "f", "strict": 0}]},
        "$.tools[0].strict",
    ),
    ({"model": "m", "input": [_user()], "tools": [{"type": "web_search"}]}, "$.tools[0].type"),
    (
        {
            "model": "m",
            "input": [
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "input_file",
                            "filename": "a.pdf",
                            "file_data": "data:application/pdf;base64,AAAA",
                        }
                    ],
                }
            ],
        },
        "$.input[0].content[0].filename",
    ),
    (
        {
            "model": "m",
            "input": [
                _user(),
                {
                    "role": "assistant",
                    "content": [
                        {"type": "output_text", "text": "x", "annotations": [{"type": "url_citation"}]}
                    ],
                },
            ],
        },
        "$.input[1].content[0].annotations",
    ),
    ({"model": "m", "input": [{"role": "critic", "content": "x"}]}, "$.input[0].role"),
    ({"model": "m", "input": [_user()], "reasoning": {"effort": "extreme"}}, "$.reasoning.effort"),
]


@pytest.mark.parametrize(("body", "path"), REFUSED)
def test_what_cannot_survive_is_refused(body: dict[str, Any], path: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, json.dumps(body).encode())
    assert info.value.path == path


BAD = [
    (b"5", "$"),
    (b'{"input": "x"}', "$.model"),
    (b'{"model": "m", "input": 5}', "$.input"),
    (b'{"model": "m", "input": [[]]}', "$.input[0]"),
    (
        b'{"model": "m", "input": [{"role": "user", "content": [{"type": "input_text"}]}]}',
        "$.input[0].content[0].text",
    ),
    (
        b'{"model": "m", "input": [{"type": "function_call", "call_id": 1, "name": "f"}]}',
        "$.input[0].call_id",
    ),
    (b'{"model": "m", "input": "x", "max_output_tokens": "many"}', "$.max_output_tokens"),
    (b'{"model": "m", "input": "x", "tool_choice": 3}', "$.tool_choice"),
]


@pytest.mark.parametrize(("body", "path"), BAD)
def test_bad_bodies_name_the_path(body: bytes, path: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, body)
    assert info.value.path == path


def test_hostile_sizes_read_whole() -> None:
    """64,000 messages are read whole (time per MB is the benchmarks' business, not a test's)."""
    items = [_user("x"), {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}] * 32_000
    request = lc.decode_request(PROVIDER, json.dumps({"model": "m", "input": items}).encode())
    assert len(request.messages) == 64_000


def test_hostile_nesting_is_an_lc_error() -> None:
    deep = b'{"model": "m", "input": "x", "metadata": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    with pytest.raises(lc.LmcodecError):
        lc.decode_request(PROVIDER, deep)


# Canonical Requests whose lm15 body reads back differently by design (read.py's docstring).
def _readable(request: lc.Request) -> bool:
    extensions = request.config.extensions or {}
    if set(extensions) & CANONICAL_KEYS:
        return False
    names = [tool.name for tool in request.tools]
    return "function" not in names


def _odd_media_type(role: str) -> lc.Request:
    """A media type holding a comma: lm15 writes data:,;base64,... (found by CI on 3.10)."""
    image = lc.ImagePart(media_type=",", data="AAAA")
    return lc.Request(model="gpt-4.1-mini", messages=(lc.Message(role=role, parts=(image,)),))


@REQUEST_SETTINGS
@given(canonical_requests(), st.booleans())
@example(_odd_media_type("developer"), False)
@example(_odd_media_type("user"), True)
@example(  # a lone marked developer message: no system prompt (found by the explore profile)
    lc.Request(
        model="gpt-4.1-mini",
        messages=(lc.Message(role="developer", parts=(lc.TextPart(text="0"),)),),
        config=lc.Config(cache=lc.CacheConfig(mode="auto", prefix_until_index=0)),
    ),
    False,
)
def test_fixed_point_of_lm15_bodies(request: lc.Request, stream: bool) -> None:
    """decode_request(lm15's body), rebuilt by lm15, is lm15's body again."""
    assume(_readable(request))
    body = lm15_body(PROVIDER, request, stream=stream)
    assume(body is not None and body["input"])  # lm15 may send an empty input: no canonical Request
    assert body is not None
    decoded = lc.decode_request(PROVIDER, json.dumps(body).encode())
    again = lm15_body(PROVIDER, decoded, stream=stream)
    assert again is not None
    same_json(again, body)


def _image_by_file_id(**extra: Any) -> dict[str, Any]:
    image = {"type": "input_image", "file_id": "file-1", **extra}
    content = [{"type": "input_text", "text": "what is this?"}, image]
    return {"model": "gpt-4.1", "input": [{"role": "user", "content": content}]}


def test_an_image_by_file_id_with_the_default_detail_reads_as_without_it() -> None:
    """openai's ResponseInputImageParam requires ``detail``: a typed client sends "auto" (the
    server's default) with every image; lm15's wire sends an image by file_id without one."""
    body = _image_by_file_id(detail="auto")
    request = lc.decode_request(PROVIDER, json.dumps(body).encode())
    assert request == lc.decode_request(PROVIDER, json.dumps(_image_by_file_id()).encode())
    image = request.messages[0].parts[1]
    assert isinstance(image, lc.ImagePart) and image.file_id == "file-1"
    built = json.loads(lc.build_request(PROVIDER, request).body)
    assert built["input"][0]["content"][1] == {"type": "input_image", "file_id": "file-1"}
    assert built == lm15_body(PROVIDER, request, stream=False)


@pytest.mark.parametrize("detail", ["low", "high"])
def test_an_image_by_file_id_with_another_detail_is_refused(detail: str) -> None:
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request(PROVIDER, json.dumps(_image_by_file_id(detail=detail)).encode())
    assert refused.value.path == "$.input[0].content[1].detail"


def test_several_reasoning_summary_parts_read_as_one_joined_by_newlines() -> None:
    """o3/gpt-5 write several summary_text parts; the ThinkingPart holds one text (as lm15 reads a
    response's reasoning item), so the rebuilt item holds one part: documented in read.py."""
    texts = ["**Plan**\n\nstep one", "**Check**\n\nstep two"]
    item = {
        "type": "reasoning",
        "id": "rs_1",
        "summary": [{"type": "summary_text", "text": t} for t in texts],
        "encrypted_content": "ENC",
    }
    turns = [{"role": "user", "content": "q"}, item, {"role": "user", "content": "more"}]
    body = {"model": "o3", "input": turns}
    request = lc.decode_request("openai", json.dumps(body).encode())
    [thinking] = request.messages[1].parts
    assert isinstance(thinking, lc.ThinkingPart) and thinking.text == "\n".join(texts)
    rebuilt = json.loads(lc.build_request("openai", request).body)["input"][1]
    assert rebuilt == {**item, "summary": [{"type": "summary_text", "text": "\n".join(texts)}]}


def test_input_audio_in_the_sdk_shape_reads_as_the_audio_part_lm15_writes() -> None:
    """openai's ResponseInputAudioParam is {"type", "input_audio": {"data", "format"}}; lm15
    writes {"type", "audio", "format"}: both read as one AudioPart."""
    from openai.types.responses import ResponseInputAudioParam

    assert set(ResponseInputAudioParam.__annotations__) == {"type", "input_audio"}
    sdk = {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "mp3"}}
    lm15_shape = {"type": "input_audio", "audio": "UklGRg==", "format": "mp3"}
    read = [
        lc.decode_request(
            "openai", json.dumps({"model": "gpt-4o", "input": [{"role": "user", "content": [b]}]}).encode()
        )
        for b in (sdk, lm15_shape)
    ]
    assert read[0] == read[1]
    assert read[0].messages[0].parts[0] == lc.AudioPart(media_type="audio/mp3", data="UklGRg==")
    assert json.loads(lc.build_request("openai", read[0]).body)["input"][0]["content"] == [lm15_shape]
    bad = {**sdk, "input_audio": {"data": "x", "format": "mp3", "voice": "a"}}
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(
            "openai", json.dumps({"model": "m", "input": [{"role": "user", "content": [bad]}]}).encode()
        )
    assert info.value.path == "$.input[0].content[0].input_audio.voice"


_FILE_SOURCES = {
    "file_url": "https://example.com/a.pdf",
    "file_id": "file-abc",
    "file_data": "data:application/pdf;base64,aGVsbG8=",
    "filename": "file.pdf",
}
_TWO_SOURCES = [
    keys
    for size in (2, 3, 4)
    for keys in itertools.combinations(_FILE_SOURCES, size)
    if {"file_url", "file_id"} & set(keys)
]


@pytest.mark.parametrize("keys", _TWO_SOURCES, ids=["+".join(keys) for keys in _TWO_SOURCES])
def test_an_input_file_by_url_or_id_with_another_key_is_refused(keys: tuple[str, ...]) -> None:
    """Red team 19 F05: the reader took the url (or the id) and lost the rest silently."""
    block = {"type": "input_file", **{key: _FILE_SOURCES[key] for key in keys}}
    content = [{"type": "input_text", "text": "Summarize"}, block]
    body = json.dumps({"model": "gpt-5", "input": [{"role": "user", "content": content}]}).encode()
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, body)
    assert info.value.path == "$.input[0].content[1]"
    for destination in ("openai", "openai_chat", "anthropic", "gemini"):
        with pytest.raises(lc.ValidationError) as info:
            lc.translate_request(PROVIDER, destination, body)
        assert info.value.path == "$.input[0].content[1]"
