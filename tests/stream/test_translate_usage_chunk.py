"""The Chat writer sends the ``choices: []`` usage chunk only to a client that asked for it.

Red-team gateway F16: OpenAI streams the usage chunk only with ``stream_options.include_usage``
("an additional chunk will be streamed before data: [DONE]"); the writer always sent it, so a
hand-written client indexing ``chunk["choices"][0]`` (safe against OpenAI without the option)
failed on it. ``Encoder("openai_chat", include_usage=False)`` and ``translate(...,
include_usage=False)`` leave it out; the default (``True``) writes it, as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

import lmcodec as lc

from .write_support import DIALECTS, REQUEST, corpus_id, corpus_streams, sdk_chat

CASES = corpus_streams()


def _chunks(body: bytes) -> list[dict[str, object]]:
    return [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: {")]


@pytest.mark.parametrize("case", CASES, ids=[corpus_id(c) for c in CASES])
def test_without_include_usage_no_chunk_lacks_a_choice(case: tuple[str, Path]) -> None:
    src, path = case
    body = path.read_bytes()
    asked = b"".join(lc.stream.translate(src, "openai_chat", [body], request=REQUEST))
    if b'"error"' in asked:
        return  # (a stream that ends in an error event has no usage chunk either way)
    plain = b"".join(lc.stream.translate(src, "openai_chat", [body], request=REQUEST, include_usage=False))
    assert all(chunk["choices"] for chunk in _chunks(plain))
    assert asked.endswith(b"data: [DONE]\n\n") and plain.endswith(b"data: [DONE]\n\n")
    view, full = sdk_chat(plain), sdk_chat(asked)
    assert view["usage"] == (None, None, None)
    assert {**view, "usage": None, "id": None} == {**full, "usage": None, "id": None}
    events = list(lc.stream.decode(src, [body], request=REQUEST))
    encoder = lc.stream.Encoder("openai_chat", include_usage=False)
    encoded = encoder.feed_all(events) + encoder.close()
    assert all(chunk["choices"] for chunk in _chunks(encoded))


def test_with_include_usage_the_usage_chunk_comes_last() -> None:
    events = [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi")),
        lc.StreamEndEvent(
            finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=1, total_tokens=4)
        ),
    ]
    asked = b"".join(lc.stream.encode("openai_chat", events))
    assert _chunks(asked)[-1]["choices"] == []
    assert sdk_chat(asked)["usage"] == (3, 1, 4)


@pytest.mark.parametrize("dst", [d for d in DIALECTS if d != "openai_chat"])
def test_other_dialects_carry_usage_in_their_end_either_way(dst: str) -> None:
    events = [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi")),
        lc.StreamEndEvent(
            finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=1, total_tokens=4)
        ),
    ]
    encoder = lc.stream.Encoder(dst, include_usage=False)
    written = encoder.feed_all(events) + encoder.close()
    response = lc.assemble(lc.stream.decode(dst, [written], request=REQUEST), request=REQUEST)
    usage = lc.assemble(events).usage
    if dst == "openai":  # both details objects always written (red team 21 F03)
        usage = msgspec.structs.replace(usage, cache_read_tokens=0, cache_write_tokens=0, reasoning_tokens=0)
    assert response.usage == usage


def test_include_usage_must_be_a_bool() -> None:
    with pytest.raises(lc.ValidationError, match="include_usage"):
        lc.stream.Encoder("openai_chat", include_usage="no")  # type: ignore[arg-type]
    with pytest.raises(lc.ValidationError, match="include_usage"):
        lc.stream.translate("anthropic", "openai_chat", [b""], include_usage=None)  # type: ignore[arg-type]
