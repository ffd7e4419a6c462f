"""A Chat search model's streamed ``delta.annotations`` through ``stream.translate`` (red team 14 F11).

A search model (``gpt-4o-search-preview``) streams its answer's sources as ``url_citation``
annotations in a delta; the openai SDK's accumulator puts them on the final message. lm15's Chat
adapter reads no annotations (``decode`` / ``assemble`` keep that), and ``translate`` to a Chat
client dropped them. A Chat client now gets each list as it came; other dialects leave them out as
before (the Chat citation rule, docs/writers.md).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic
from .write_support import REQUEST, chat_completion

_BASE = {
    "id": "chatcmpl-s1",
    "object": "chat.completion.chunk",
    "created": 1,
    "model": "gpt-4o-search-preview",
}
_TEXT = "Paris is the capital city."
_ANNOTATION = {
    "type": "url_citation",
    "url_citation": {
        "start_index": 0,
        "end_index": 26,
        "title": "Paris",
        "url": "https://en.wikipedia.org/wiki/Paris",
    },
}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    frame = dict(_BASE, choices=[{"index": 0, "delta": delta, "finish_reason": finish}])
    return b"data: " + json.dumps(frame).encode() + b"\n\n"


STREAM = (
    _chunk({"role": "assistant", "content": ""})
    + _chunk({"content": _TEXT})
    + _chunk({"annotations": [_ANNOTATION]})
    + _chunk({}, "stop")
    + b"data: [DONE]\n\n"
)


def _message(body: bytes) -> Any:
    return chat_completion(body).choices[0].message


@pytest.mark.parametrize("per_event", [False, True], ids=["whole", "per-event"])
def test_a_chat_client_gets_the_annotations_the_backend_streamed(per_event: bool) -> None:
    chunks = [event + b"\n\n" for event in STREAM.split(b"\n\n") if event] if per_event else [STREAM]
    written = b"".join(lc.stream.translate("openai_chat", "openai_chat", chunks, request=REQUEST))
    expected = _message(STREAM)
    assert expected.annotations and expected.content == _TEXT  # (the source, as the SDK reads it)
    message = _message(written)
    assert (message.content, message.annotations) == (expected.content, expected.annotations)


def test_another_dialect_keeps_the_text_without_them() -> None:
    written = b"".join(lc.stream.translate("openai_chat", "anthropic", [STREAM], request=REQUEST))
    seen = sdk_anthropic(written)
    assert (seen["text"], seen["citations"]) == (_TEXT, [])
