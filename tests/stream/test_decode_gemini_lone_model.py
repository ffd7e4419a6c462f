"""``lc.stream.decode`` / ``lc.assemble`` of a Gemini body given whole as one chunk, without a
request: the model the synthesized start names is read from the value the mapper's ``read_last``
decodes (``engine.map_whole``: that reading handed to ``map_read_body`` and to
``StreamMapper.named_model_read``; ``stream/_lone.lone_response``: ``lone_chunk``'s reading),
where ``named_model`` decoded the chunk's bytes a second time.

Differential: the oracle is ``named_model`` of the bytes (``named_model_read`` patched so), on
hypothesis one-chunk bodies whose ``modelVersion`` is absent, empty, of another type, escaped or
repeated: the same events, the same Response (or the same error).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

import lmcodec as lc
from lmcodec.providers.gemini.stream import StreamMapper

from ..budget import examples
from .test_translate_gemini_lone_model import named_bodies


def _read(body: bytes) -> tuple[str, Any]:
    try:
        events = list(lc.stream.decode("gemini", [body]))
    except lc.LmcodecError as exc:
        return "refused", str(exc)
    try:
        response = lc.assemble(lc.stream.decode("gemini", [body]))
    except lc.LmcodecError as exc:
        return "events only", (events, str(exc))
    return "ok", (events, response)


@settings(max_examples=examples(100), deadline=None)
@given(body=named_bodies())
def test_the_model_read_from_the_value_is_the_model_read_from_the_bytes(body: bytes) -> None:
    new = _read(body)
    with pytest.MonkeyPatch.context() as patch:  # the path before: the chunk's bytes decoded again
        bytes_again = staticmethod(lambda data, read: StreamMapper.named_model(data))
        patch.setattr(StreamMapper, "named_model_read", bytes_again)
        old = _read(body)
    assert new == old


@pytest.mark.parametrize("parts", [[{"text": "hi"}], [{"text": "hm", "thought": True}, {"text": "hi"}]])
def test_the_chunk_is_not_decoded_again_for_its_model(
    parts: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[bytes] = []

    def counted(data: bytes) -> Any:
        calls.append(data)
        return None

    monkeypatch.setattr(StreamMapper, "named_model", staticmethod(counted))
    payload = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}],
        "modelVersion": "gemini-3-flash",
    }
    body = b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"
    events = list(lc.stream.decode("gemini", [body]))
    response = lc.assemble(lc.stream.decode("gemini", [body]), request=None)
    assert calls == []
    start = events[0]
    assert isinstance(start, lc.StreamStartEvent)
    assert start.model == "gemini-3-flash" and response.model == "gemini-3-flash"
