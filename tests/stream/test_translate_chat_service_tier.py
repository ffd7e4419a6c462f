"""A Chat source's ``created``, ``service_tier`` and ``system_fingerprint`` through ``stream.translate``.

Red team 14 F05: OpenAI names ``service_tier`` (what the request was billed at: ``default``,
``priority``, ``flex``), ``system_fingerprint`` and ``created`` on every chunk. Translated Chat ->
Chat, lmcodec's chunks named none of them (``created`` its own clock); the openai SDK's accumulator
takes ``service_tier`` from the first chunk only, so the client read ``None`` where the backend said
``priority``. Every chunk written now names them as the backend's first chunk did.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from .write_support import REQUEST, chat_completion

_HEAD = {
    "id": "chatcmpl-9",
    "object": "chat.completion.chunk",
    "created": 1760000000,
    "model": "gpt-4o-2024-08-06",
}
_USAGE = {"prompt_tokens": 20, "completion_tokens": 10, "total_tokens": 30}


def _chunk(extra: dict[str, Any], choices: list[dict[str, Any]], **rest: Any) -> dict[str, Any]:
    return {**_HEAD, **extra, "choices": choices, **rest}


def _source(extra: dict[str, Any]) -> bytes:
    frames: list[Any] = [
        _chunk(extra, [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]),
        _chunk(extra, [{"index": 0, "delta": {"content": "Hi there"}, "finish_reason": None}]),
        _chunk(extra, [{"index": 0, "delta": {}, "finish_reason": "stop"}]),
        _chunk(extra, [], usage=_USAGE),
    ]
    return (
        b"".join(b"data: " + json.dumps(frame).encode() + b"\n\n" for frame in frames) + b"data: [DONE]\n\n"
    )


def _completion(body: bytes) -> Any:
    return chat_completion(body)


_EXTRA = {"service_tier": "priority", "system_fingerprint": "fp_44709d6fcb"}


@pytest.mark.parametrize("feed", ["whole", "per event"])
def test_a_chat_client_reads_the_backend_s_service_tier_fingerprint_and_created(feed: str) -> None:
    source = _source(_EXTRA)
    chunks = [source] if feed == "whole" else [piece + b"\n\n" for piece in source.split(b"\n\n") if piece]
    written = b"".join(lc.stream.translate("openai_chat", "openai_chat", chunks, request=REQUEST))
    direct, translated = _completion(source), _completion(written)
    assert (direct.service_tier, direct.system_fingerprint, direct.created) == (
        "priority",
        "fp_44709d6fcb",
        1760000000,
    )
    assert (translated.service_tier, translated.system_fingerprint, translated.created) == (
        direct.service_tier,
        direct.system_fingerprint,
        direct.created,
    )
    assert translated.choices[0].message.content == "Hi there"
    frames = [json.loads(line[6:]) for line in written.split(b"\n") if line.startswith(b"data: {")]
    assert all(
        (f.get("service_tier"), f.get("system_fingerprint"), f["created"])
        == ("priority", "fp_44709d6fcb", 1760000000)
        for f in frames
    )  # every chunk, as OpenAI writes them


def test_a_source_that_names_none_of_them_is_written_as_before() -> None:
    written = b"".join(lc.stream.translate("openai_chat", "openai_chat", [_source({})], request=REQUEST))
    first = json.loads(written.split(b"\n")[0][6:])
    assert "service_tier" not in first and "system_fingerprint" not in first
    assert first["created"] == 1760000000  # the backend's time, not the writer's clock


def test_another_source_s_stream_names_no_service_tier() -> None:
    anthropic = (
        b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message",'
        b'"role":"assistant","model":"claude-x","content":[],"stop_reason":null,"usage":{"input_tokens":1,'
        b'"output_tokens":0}}}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":'
        b'{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}\n\nevent: message_stop\n'
        b'data: {"type":"message_stop"}\n\n'
    )
    written = b"".join(lc.stream.translate("anthropic", "openai_chat", [anthropic], request=REQUEST))
    assert b"service_tier" not in written and _completion(written).service_tier is None


_HEAD_KEYS = ("created", "service_tier", "system_fingerprint")


def _frames(written: bytes) -> list[Any]:
    return [json.loads(line[6:]) for line in written.split(b"\n") if line.startswith(b"data: {")]


@pytest.mark.parametrize("feed", ["whole", "per event"])
def test_these_fields_are_all_that_differs_from_the_encoder(feed: str) -> None:
    """stream/translate.py's docstring: Chat -> Chat, translate writes the Encoder's bytes for the
    same events (its start naming the stream's id and model, which translate reads from the first
    frame) but for each chunk's ``created``, ``service_tier`` and ``system_fingerprint``."""
    source = _source(_EXTRA)
    chunks = [source] if feed == "whole" else [piece + b"\n\n" for piece in source.split(b"\n\n") if piece]
    written = b"".join(lc.stream.translate("openai_chat", "openai_chat", chunks, request=REQUEST))
    decoder, encoder = lc.stream.Decoder("openai_chat", request=REQUEST), lc.stream.Encoder("openai_chat")
    by_encoder = b""
    for chunk in [*chunks, None]:
        events = decoder.feed(chunk) if chunk is not None else decoder.close()
        started = [
            msgspec.structs.replace(e, id=_HEAD["id"], model=_HEAD["model"])
            if isinstance(e, lc.StreamStartEvent)
            else e
            for e in events
        ]
        by_encoder += encoder.feed_all(started)
    by_encoder += encoder.close()
    ours, theirs = _frames(written), _frames(by_encoder)
    assert [f["service_tier"] for f in ours] != [f.get("service_tier") for f in theirs]  # they differ
    for frame in (*ours, *theirs):
        for key in _HEAD_KEYS:
            frame.pop(key, None)
    assert ours == theirs
    assert written.count(b"\n\n") == by_encoder.count(b"\n\n")  # and no frame more ([DONE] too)
