"""lmcodec.llm.codec: encode/decode/to_builtins/from_builtins, errors, the two decode paths."""

from __future__ import annotations

import concurrent.futures
import gc
import json
import math
from typing import Any

import msgspec
import pytest

import lmcodec.llm as L
from lmcodec.codecs import _buffers
from lmcodec.errors import DecodeError, LmcodecError, ValidationError
from lmcodec.llm import codec, reading

RESPONSE = {
    "model": "mock",
    "prompt": {
        "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}],
        "options": {"temperature": 0.2},
        "system": "Be brief.",
    },
    "messages": [
        {
            "role": "assistant",
            "parts": [
                {"type": "reasoning", "text": "", "redacted": True},
                {
                    "type": "tool_call",
                    "name": "weather",
                    "arguments": {"city": "Paris", "n": 10**30, "x": None},
                    "tool_call_id": "c1",
                },
            ],
        }
    ],
    "id": "01k1xq3f7v8m2n4p6r8t0w0001",
    "usage": {"input": 3, "output": 4, "details": {"b": 1, "a": 2}},
    "datetime_utc": "2026-08-05T14:03:08+00:00",
}


def test_round_trip_exact() -> None:
    data = json.dumps(RESPONSE).encode()
    r = L.decode(data)
    assert isinstance(r, L.Response)
    assert L.encode(r) == json.dumps(RESPONSE, separators=(",", ":")).encode()
    assert L.to_builtins(r) == RESPONSE
    assert json.dumps(L.to_builtins(r)) == json.dumps(RESPONSE)  # key order too


@pytest.mark.parametrize("convert", [bytes, bytearray, memoryview, lambda b: b.decode()])
def test_input_buffers(convert: Any) -> None:
    data = json.dumps(RESPONSE).encode()
    assert L.decode(convert(data)) == L.decode(data)
    # and through the slow path too (a non-canonical payload)
    slow = data.replace(b'"redacted": true', b'"redacted": 1')
    assert L.decode(convert(slow)) == L.decode(data)


@pytest.mark.parametrize("data", [b"", b"{", b'{"model": "m"', b"[1,]", b"\xff\xfe{}", b'{"a": tru}', b"nul"])
def test_malformed_json_is_decode_error(data: bytes) -> None:
    with pytest.raises(DecodeError) as info:
        L.decode(data)
    assert isinstance(info.value, LmcodecError)
    assert not isinstance(info.value, ValidationError)


def test_malformed_tail_after_type_error_is_decode_error() -> None:
    # The typed decoder stops at the first type error; the rest must still be checked.
    with pytest.raises(DecodeError):
        L.decode(b'{"model": 5, "prompt": {}, "messages": [')


@pytest.mark.parametrize(
    ("data", "target", "path"),
    [
        (b"[]", L.Response, "$"),
        (b'{"prompt": {}}', L.Response, "$"),
        (b'{"model": "m", "prompt": null}', L.Response, "$.prompt"),
        (b'{"model": "m", "prompt": {"options": [1]}}', L.Response, "$.prompt.options"),
        (b'{"model": "m", "usage": "lots"}', L.Response, "$.usage"),
        (b'{"model": "m", "messages": [{"role": "a", "parts": "xy"}]}', L.Response,
         "$.messages[0].parts"),
        (b'{"model": "m", "messages": null}', L.Response, "$.messages"),
        (b'{"role": "user", "parts": [{"type": "tool_result", "name": "f"}]}', L.Message,
         "$.parts[0]"),
        (b'{"type": "tool_result", "name": "f", "output": "", "attachments": null}', L.Part,
         "$.attachments"),
        (b'{"type": "attachment", "attachment": {"content": "\xc3\xa9"}}', L.Part,
         "$.attachment.content"),
        (b'{"type": "text", "text": "x"}', L.ToolCallPart, "$.type"),
        (b"5", L.Attachment, "$"),
        (b"[]", L.Usage, "$"),
    ],
)  # fmt: skip
def test_rejections_carry_the_path(data: bytes, target: Any, path: str) -> None:
    with pytest.raises(ValidationError) as info:
        L.decode(data, target)
    assert info.value.path == path
    assert isinstance(info.value, ValueError)
    value = json.loads(data)
    with pytest.raises(ValidationError) as again:
        L.from_builtins(value, target)
    assert again.value.path == path


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # what llm accepts although it breaks the TypedDicts: kept verbatim, as llm keeps it
        (b'{"type": "text", "text": null}', b'{"type":"text","text":null}'),
        (b'{"type": "tool_call", "name": 1, "arguments": null, "tool_call_id": 7}',
         b'{"type":"tool_call","name":1,"arguments":null,"tool_call_id":7}'),
        (b'{"type": "text", "text": "x", "provider_metadata": "opaque"}',
         b'{"type":"text","text":"x","provider_metadata":"opaque"}'),
        (b'{"type": "text", "text": "x", "provider_metadata": 0}', b'{"type":"text","text":"x"}'),
        (b'{"type": "tool_result", "name": "f", "output": "o", "attachments": ""}',
         b'{"type":"tool_result","name":"f","output":"o"}'),
        (b'{"type": "tool_result", "name": "f", "output": "o", "attachments": {}}',
         b'{"type":"tool_result","name":"f","output":"o"}'),
        (b'{"type": "attachment", "attachment": {"type": 5, "url": ["u"]}}',
         b'{"type":"attachment","attachment":{"type":5,"url":["u"]}}'),
        (b'{"type": "attachment", "attachment": 0}', b'{"type":"attachment"}'),
        (b'{"type": "reasoning", "text": "", "redacted": []}', b'{"type":"reasoning","text":""}'),
        (b'{"type": "reasoning", "text": "", "redacted": "no"}',
         b'{"type":"reasoning","text":"","redacted":true}'),
    ],
)  # fmt: skip
def test_llm_leniency_kept(data: bytes, expected: bytes) -> None:
    assert L.encode(L.decode(data, L.Part)) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"model": 5, "prompt": {"messages": "", "options": 0, "system": 7}, "messages": {}}',
         b'{"model":5,"prompt":{"messages":[],"system":7},"messages":[]}'),
        (b'{"model": "m", "id": 0, "usage": [], "datetime_utc": null}',
         b'{"model":"m","prompt":{"messages":[]},"messages":[]}'),
        (b'{"model": "m", "usage": {"input": "3", "output": null, "details": {}}}',
         b'{"model":"m","prompt":{"messages":[]},"messages":[],"usage":{"input":"3","details":{}}}'),
        (b'{"model": "m", "prompt": {"options": {"b": null, "a": [null]}}}',
         b'{"model":"m","prompt":{"messages":[],"options":{"a":[null]}},"messages":[]}'),
    ],
)  # fmt: skip
def test_response_leniency(data: bytes, expected: bytes) -> None:
    assert L.encode(L.decode(data)) == expected


def test_nan_and_infinity_round_trip_like_stdlib_json() -> None:
    text = b'{"type": "tool_call", "name": "f", "arguments": {"x": NaN, "y": -Infinity, "z": null}}'
    part = L.decode(text, L.Part)
    assert isinstance(part, L.ToolCallPart)
    assert math.isnan(part.arguments["x"])
    out = L.encode(part)
    assert out == b'{"type":"tool_call","name":"f","arguments":{"x":NaN,"y":-Infinity,"z":null}}'
    assert isinstance(part.arguments["x"], L.NonFiniteFloat)
    assert isinstance(part.arguments["x"], float)
    assert L.to_builtins(part)["arguments"]["y"] == float("-inf")
    # 1e400 is read by Python's json as inf, and written back as json.dumps writes inf
    big = L.decode(b'{"type": "tool_call", "name": "f", "arguments": {"x": 1e400}, "n": NaN}', L.Part)
    assert L.encode(big) == b'{"type":"tool_call","name":"f","arguments":{"x":Infinity}}'
    # a plain float("nan") built in Python is written as llm's json.dumps writes it
    assert L.encode(L.ToolCallPart("f", {"x": float("nan")})) == (
        b'{"type":"tool_call","name":"f","arguments":{"x":NaN}}'
    )


def test_lone_surrogates_round_trip_like_stdlib_json() -> None:
    part = L.decode(b'{"type": "text", "text": "bad \\ud83e \\u00e9"}', L.Part)
    assert part == L.TextPart("bad \ud83e \u00e9")
    out = L.encode(part)
    assert json.loads(out) == {"type": "text", "text": "bad \ud83e \u00e9"}
    assert out.isascii()


def test_unsupported_targets() -> None:
    for target in (dict, list[L.Message], L.PartDict, "Response", None):
        with pytest.raises(TypeError):
            L.decode(b"{}", target)
        with pytest.raises(TypeError):
            L.from_builtins({}, target)


def test_single_part_class_targets() -> None:
    data = b'{"type": "reasoning", "text": "t"}'
    assert L.decode(data, L.ReasoningPart) == L.ReasoningPart("t")
    with pytest.raises(ValidationError):
        L.decode(data, L.TextPart)
    with pytest.raises(ValidationError):  # the tag is required even for one class
        L.decode(b'{"text": "t"}', L.TextPart)
    assert L.from_builtins({"type": "text", "text": "t"}, L.TextPart) == L.TextPart("t")
    with pytest.raises(ValidationError):
        L.from_builtins({"type": "text", "text": "t"}, L.ReasoningPart)


def test_from_builtins_copies_containers() -> None:
    value = json.loads(json.dumps(RESPONSE))
    r = L.from_builtins(value)
    part = r.messages[0].parts[1]
    assert isinstance(part, L.ToolCallPart)
    assert part.arguments == value["messages"][0]["parts"][1]["arguments"]
    assert part.arguments is not value["messages"][0]["parts"][1]["arguments"]
    assert L.to_builtins(r) == value


def test_decoders_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a Decoder/Encoder was built per call")

    monkeypatch.setattr(msgspec.json, "Decoder", boom)
    monkeypatch.setattr(msgspec.json, "Encoder", boom)
    data = json.dumps(RESPONSE).encode()
    assert L.encode(L.decode(data)) == L.encode(L.decode(data.replace(b'"id"', b'"x"')))[:0] + (
        L.encode(L.decode(data))
    )
    L.decode(data.replace(b'"redacted": true', b'"redacted": 1'))  # slow path too


def test_canonical_input_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_slow_path(target: Any) -> Any:
        raise AssertionError(f"slow path used for {target!r}")

    monkeypatch.setattr(codec, "reader_for", no_slow_path)
    assert L.decode(json.dumps(RESPONSE).encode()) == L.from_builtins(RESPONSE)


def test_fast_and_slow_paths_agree_on_canonical_input() -> None:
    fast = L.decode(json.dumps(RESPONSE).encode())
    slow = reading.read_response(json.loads(json.dumps(RESPONSE)))
    assert fast == slow
    assert L.encode(fast) == L.encode(slow)


def test_reloaded() -> None:
    r = L.decode(json.dumps(RESPONSE).encode())
    again = L.reloaded(r)
    assert again.datetime_utc is None
    assert again.id == r.id
    no_id = msgspec.structs.replace(r, id=None)
    assert L.reloaded(no_id).id is None
    assert L.reloaded(no_id, new_id=lambda: "fresh").id == "fresh"
    assert L.reloaded(again) is again


def test_reused_encode_buffers_give_exact_bytes() -> None:
    """Reused buffers: each result is exactly its own encoding, whatever came before it."""
    small = L.decode(json.dumps(RESPONSE).encode())
    big = msgspec.structs.replace(small, model="m" * (_buffers.KEEP + 10))
    plain = msgspec.json.Encoder()
    for obj in (small, big, small, {"a": [1, 2.5, None]}, big, small):
        assert L.encode(obj) == plain.encode(obj)
    assert all(len(b) <= _buffers.KEEP for b in _buffers.POOL)
    with pytest.raises(TypeError):
        L.encode({"a": object()})
    assert L.encode(small) == plain.encode(small)


def test_encode_from_threads() -> None:
    """Concurrent calls never share a buffer (list.pop/append hand them out)."""
    records = [L.decode(json.dumps({**RESPONSE, "model": f"m{i}" * (i * 50)}).encode()) for i in range(40)]
    expected = [msgspec.json.encode(r) for r in records]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for _ in range(5):
            assert list(pool.map(L.encode, records)) == expected


def test_structs_are_not_gc_tracked() -> None:
    """gc=False: decoded records add nothing for the cycle collector to walk (Prompt keeps
    ``__dict__`` for its remembered None options, so it stays tracked)."""
    r = L.decode(json.dumps(RESPONSE).encode())
    assert not gc.is_tracked(r)
    assert not gc.is_tracked(r.messages[0]) and not gc.is_tracked(r.messages[0].parts[1])
    assert gc.is_tracked(r.prompt)
