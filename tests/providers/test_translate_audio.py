"""A Chat client's ``input_audio`` crossing to Responses through ``lc.translate_request``
(red-team gateway F14): lm15's builder writes ``{"type": "input_audio", "audio", "format"}``, which
the openai SDK's ``ResponseInputAudioParam`` does not describe; the gateway writes the SDK's
``{"type": "input_audio", "input_audio": {"data", "format"}}`` (an Adaptation), which lmcodec's
Responses reader reads back as the same audio part. ``build_request`` keeps lm15's shape."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

from .gateway_support import chat_body

AUDIO = "UklGRiQAAABXQVZF"


def _chat_audio() -> bytes:
    content = [
        {"type": "input_audio", "input_audio": {"data": AUDIO, "format": "wav"}},
        {"type": "text", "text": "transcribe"},
    ]
    return chat_body(model="gpt-4o-audio-preview", messages=[{"role": "user", "content": content}])


def test_chat_audio_goes_to_responses_in_the_sdk_shape() -> None:
    pydantic = pytest.importorskip("pydantic")
    from openai.types.responses import ResponseInputAudioParam

    built = lc.translate_request("openai_chat", "openai", _chat_audio())
    item = json.loads(built.body)["input"][0]
    assert item["content"][0] == {"type": "input_audio", "input_audio": {"data": AUDIO, "format": "wav"}}
    pydantic.TypeAdapter(ResponseInputAudioParam).validate_python(item["content"][0])
    [note] = [a for a in built.adaptations if a.field == "messages[0].parts[0]"]
    assert note.action == "substituted"


def test_the_responses_reader_reads_it_back_as_the_same_audio() -> None:
    body = _chat_audio()
    built = lc.translate_request("openai_chat", "openai", body)
    assert lc.decode_request("openai", built.body).messages == lc.decode_request("openai_chat", body).messages


def test_build_request_keeps_lm15s_shape_and_audio_free_bodies_are_untouched() -> None:
    request = lc.decode_request("openai_chat", _chat_audio())
    block = json.loads(lc.build_request("openai", request).body)["input"][0]["content"][0]
    assert block == {"type": "input_audio", "audio": AUDIO, "format": "wav"}
    plain = chat_body(model="gpt-4.1", messages=[{"role": "user", "content": "hi"}])
    assert (
        lc.translate_request("openai_chat", "openai", plain).body
        == lc.build_request("openai", lc.decode_request("openai_chat", plain)).body
    )
