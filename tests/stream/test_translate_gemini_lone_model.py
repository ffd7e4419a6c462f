"""translate of a Gemini body given whole as one chunk, without a request: the model the
synthesized start names is read from the value the mapper's ``read_last`` decoded
(``StreamMapper.named_model_read``, handed by ``Engine.feed_read``), where the engine read it by a
second, typed decode of the chunk's bytes (``named_model``).

Differential: the oracle is ``named_model`` of the bytes, on hypothesis one-chunk bodies whose
``modelVersion`` is absent, empty, null, of another type, non-ASCII, escaped or repeated, to every
destination (the translated bytes, and the reading alone).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini.stream import StreamMapper
from lmcodec.wire.dialects import Provider

from ..budget import examples
from .test_translate_gemini_lone_head import _FRESH, DESTINATIONS, bodies

_MODEL = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=8),
    st.just(""),
    st.none(),
    st.integers(-2, 2),
    st.lists(st.just("m"), max_size=1),
    st.just('gé"\\/😀'),
)


@st.composite
def named_bodies(draw: st.DrawFn) -> bytes:
    """A one-chunk body (``bodies``) with ``modelVersion`` set, repeated, or left as drawn."""
    body = draw(bodies())
    how = draw(st.sampled_from(("as drawn", "set", "repeated")))
    if how == "as drawn":
        return body
    data = body[len(b"data: ") :].rstrip(b"\r\n")
    end = body[len(b"data: ") + len(data) :]
    text = json.dumps(draw(_MODEL), ensure_ascii=draw(st.booleans())).encode()
    key = b'{"modelVersion":' + text + b","
    if how == "repeated":
        key += b'"modelVersion":' + json.dumps(draw(_MODEL)).encode() + b","
    return b"data: " + key + data[1:] + end


def _translated(dst: Provider, body: bytes) -> tuple[str, bytes]:
    try:
        out = b"".join(lc.stream.translate("gemini", dst, [body]))
    except lc.EncodeError as exc:
        return "refused", str(exc).encode()
    return "ok", _FRESH.sub(lambda m: b"<fresh>" if m[1] else b'"created":0', out)


@settings(max_examples=examples(100), deadline=None)
@given(body=named_bodies(), dst=st.sampled_from(DESTINATIONS))
def test_the_model_read_from_the_value_is_the_model_read_from_the_bytes(body: bytes, dst: Provider) -> None:
    new = _translated(dst, body)
    with pytest.MonkeyPatch.context() as patch:  # the path before: the chunk's bytes decoded again
        bytes_again = staticmethod(lambda data, read: StreamMapper.named_model(data))
        patch.setattr(StreamMapper, "named_model_read", bytes_again)
        old = _translated(dst, body)
    assert new == old


@settings(max_examples=examples(200), deadline=None)
@given(body=named_bodies())
def test_named_model_read_is_named_model_of_the_bytes(body: bytes) -> None:
    data = body[len(b"data: ") :].rstrip(b"\r\n")
    read = StreamMapper.read_last(data)
    if read is not None:
        assert StreamMapper.named_model_read(data, read) == StreamMapper.named_model(data)


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_the_chunk_is_not_decoded_again_for_its_model(dst: Provider, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bytes] = []

    def counted(data: bytes) -> Any:
        calls.append(data)
        return None

    monkeypatch.setattr(StreamMapper, "named_model", staticmethod(counted))
    payload = {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}],
        "modelVersion": "gemini-3-flash",
    }
    body = b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"
    out = b"".join(lc.stream.translate("gemini", dst, [body]))
    assert calls == [] and b"gemini-3-flash" in out
