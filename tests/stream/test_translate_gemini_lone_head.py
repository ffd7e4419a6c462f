"""translate of a Gemini body given whole as one chunk: the stream's head (``responseId``,
``modelVersion``) read from the value the mapper's ``read_last`` decodes (``_Translator._feed_lone``,
``StreamHead.read_value``), where it was read by a second, typed decode of the chunk's bytes.

Differential: the oracle is the path before (``_feed_lone`` taken off: the engine's ``read_head``
handed the frame, then ``map_body``), on hypothesis one-chunk bodies whose head keys are absent,
empty, null, of another type or non-ASCII and escaped, beside the keys a Chat chunk or an
Anthropic event would name (``id``, ``model``, ``created``, ``type``: ``ping``, ``message``),
with texts and calls around 64 KiB (the long last event ``lone_frames`` cuts), to every
destination; the id and model the client is told are the body's.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.stream._head import StreamHead
from lmcodec.wire.dialects import Provider

from ..budget import examples

DESTINATIONS: tuple[Provider, ...] = ("anthropic", "openai", "openai_chat", "gemini")
REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("x"),))
translate_module = importlib.import_module("lmcodec.stream.translate")  # (lc.stream.translate: the function)
_FRESH = re.compile(rb'([-_][0-9a-f]{24})|("created(?:_at)?":\d+)')  # what a writer makes per stream


@contextmanager
def head_from_the_bytes() -> Iterator[None]:
    """The path before: the head read from the frame's bytes by the engine's ``read_head``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            translate_module._Translator,
            "_feed_lone",
            lambda self, frames: self._stream.feed_frames(frames),
            raising=False,
        )
        yield


def outcome(dst: Provider, body: bytes) -> tuple[str, bytes]:
    try:
        out = b"".join(lc.stream.translate("gemini", dst, [body], request=REQUEST))
    except lc.EncodeError as exc:
        return "refused", str(exc).encode()
    return "ok", _FRESH.sub(lambda m: b"<fresh>" if m[1] else b'"created":0', out)


def assert_same(dst: Provider, body: bytes) -> bytes:
    new = outcome(dst, body)
    with head_from_the_bytes():
        old = outcome(dst, body)
    assert new == old
    return new[1]


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_HEAD_VALUE = st.one_of(
    _TEXT,
    st.just(""),
    st.none(),
    st.integers(-5, 5),
    st.lists(st.integers(0, 2), max_size=2),
    st.just('é"\\/😀'),
)
_HEAD_KEYS = ("responseId", "modelVersion", "id", "model", "created", "service_tier", "type", "message")


@st.composite
def bodies(draw: st.DrawFn) -> bytes:
    parts: list[dict[str, Any]] = []
    for k in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(("text", "call", "thought")))
        if kind == "call":
            args = {"q": draw(_TEXT), "n": k}
            parts.append({"functionCall": {"name": "lookup", "args": args}})
        else:
            parts.append({"text": draw(_TEXT), **({"thought": True} if kind == "thought" else {})})
    pad = draw(st.sampled_from((0, 65_000, 65_536, 66_000)))
    if pad:  # (a long last event: past a block, cut by lone_frames)
        parts.append({"text": "ü" * (pad // 2) if draw(st.booleans()) else "a" * pad})
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}}
    if draw(st.booleans()):
        candidate["finishReason"] = draw(st.sampled_from(("STOP", "MAX_TOKENS", "SAFETY")))
    payload: dict[str, Any] = {"candidates": [candidate]}
    for key in draw(st.lists(st.sampled_from(_HEAD_KEYS), unique=True, max_size=4)):
        payload[key] = (
            draw(st.sampled_from(("ping", "message_start")))
            if key == "type"
            else {"usage": {"input_tokens": 3}}
            if key == "message"
            else draw(_HEAD_VALUE)
        )
    if draw(st.booleans()):
        payload["usageMetadata"] = {"promptTokenCount": 2, "candidatesTokenCount": 3, "totalTokenCount": 5}
    raw = draw(st.booleans())
    data = json.dumps(payload, ensure_ascii=not raw).encode()
    return b"data: " + data + draw(st.sampled_from((b"\r\n\r\n", b"\n\n", b"")))


@settings(max_examples=examples(200), deadline=None)
@given(body=bodies(), dst=st.sampled_from(DESTINATIONS))
def test_the_head_read_from_the_value_is_the_head_read_from_the_bytes(body: bytes, dst: Provider) -> None:
    assert_same(dst, body)


@pytest.mark.parametrize("dst", ["anthropic", "openai", "openai_chat"])
@pytest.mark.parametrize("pad", [0, 70_000])
def test_the_client_is_told_the_bodys_id_and_model(dst: Provider, pad: int) -> None:
    parts: list[dict[str, Any]] = [{"functionCall": {"name": "lookup", "args": {"q": "é"}}}]
    if pad:
        parts.append({"text": "x" * pad})
    payload = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}],
        "modelVersion": "gemini-3-pro-preview",
        "responseId": "resp-é1",
    }
    body = b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"
    out = assert_same(dst, body)
    first = json.loads(out.split(b"data: ", 1)[1].split(b"\n", 1)[0])
    told = first.get("response") or first.get("message") or first
    assert (told["id"], told["model"]) == ("resp-é1", "gemini-3-pro-preview")


@pytest.mark.parametrize(
    "value",
    [
        {"responseId": "r", "modelVersion": "m"},
        {"responseId": 7, "modelVersion": "m"},  # not of the Struct's shape: read as none of it
        {"type": "ping", "responseId": "r"},  # a ping's: nothing read
        [1, 2],
        "text",
        {"id": "c", "model": "g", "created": 5, "service_tier": "flex", "system_fingerprint": "fp"},
        {"created": -1, "service_tier": "", "message": {"usage": {"input_tokens": 1}}},
    ],
)
def test_read_value_reads_what_read_reads_of_the_bytes(value: Any) -> None:
    from_bytes, from_value = StreamHead(), StreamHead()
    read = from_bytes.read([json.dumps(value).encode()])
    assert from_value.read_value(value) == read
    assert {k: getattr(from_value, k) for k in StreamHead.__slots__} == {
        k: getattr(from_bytes, k) for k in StreamHead.__slots__
    }


def test_the_chunk_is_not_skipped_through_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one chunk of the body is read by the mapper alone: the head's typed decode is not made."""
    calls: list[list[bytes]] = []
    read = StreamHead.read

    def counted(self: StreamHead, frames: list[bytes]) -> bool:
        calls.append(frames)
        return read(self, frames)

    monkeypatch.setattr(StreamHead, "read", counted)
    payload = {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}],
        "responseId": "r-2",
    }
    body = b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"
    out = b"".join(lc.stream.translate("gemini", "anthropic", [body], request=REQUEST))
    assert calls == [] and b'"id":"r-2"' in out
