"""lc.encode's reused output buffers: exact bytes whatever came before, and safe across threads."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts
from lmcodec.codecs import _buffers
from lmcodec.codecs._hooks import enc_hook

PLAIN = msgspec.json.Encoder(enc_hook=enc_hook)  # a fresh buffer per call: the reference bytes


def test_reused_buffers_give_exact_bytes() -> None:
    small = lc.Message.user("hi")
    turn = lc.from_builtins(turn_dicts(1)[0], lc.Turn)
    big = lc.Message.user("x" * (_buffers.KEEP + 10))
    for obj in (turn, small, big, small, turn, big, [small, small], small):
        assert lc.encode(obj) == PLAIN.encode(obj)
    assert all(len(buffer) <= _buffers.KEEP for buffer in _buffers.POOL)


def test_a_failed_encode_does_not_leak_into_the_next() -> None:
    turn = lc.from_builtins(turn_dicts(1)[0], lc.Turn)
    lc.encode(turn)
    with pytest.raises(lc.EncodeError):
        lc.encode(object())
    assert lc.encode(lc.Message.user("a")) == b'{"role":"user","parts":[{"type":"text","text":"a"}]}'


def test_encode_from_threads() -> None:
    """Concurrent calls never share a buffer (list.pop/append hand them out)."""
    turns = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(40)]
    expected = [PLAIN.encode(t) for t in turns]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for _ in range(5):
            assert list(pool.map(lc.encode, turns)) == expected


@pytest.mark.parametrize("lenient", [False, True])
def test_a_strided_memoryview_is_a_type_error(lenient: bool) -> None:
    """F14: a non-contiguous buffer is a TypeError like any other non-bytes body (was a bare
    BufferError); a contiguous memoryview of the same bytes decodes."""
    text = b'{"type":"text","text":"x"}'
    assert lc.decode(memoryview(text), lc.Part, lenient=lenient) == lc.TextPart("x")
    with pytest.raises(TypeError, match="C-contiguous"):
        lc.decode(memoryview(text * 2)[::2], lc.Part, lenient=lenient)


def _released() -> memoryview:
    view = memoryview(b'{"type":"text","text":"x"}')
    view.release()
    return view


@pytest.mark.parametrize(
    "read",
    [
        lambda data: lc.decode(data, lc.Part),
        lambda data: lc.decode(data, lc.Part, lenient=True),
        lambda data: lc.msgpack.decode(data, lc.Part),
        lambda data: lc.decode_request("openai_chat", data),
        lambda data: lc.translate_request("openai_chat", "anthropic", data),
        lambda data: lc.decode_response("openai_chat", data),
    ],
    ids=[
        "decode",
        "decode_lenient",
        "msgpack.decode",
        "decode_request",
        "translate_request",
        "decode_response",
    ],
)
def test_a_released_or_strided_memoryview_is_a_type_error_naming_it(read: Any) -> None:
    """redteam8 F18: a released view was Python's bare ValueError, a strided one given to
    decode_request msgspec's BufferError."""
    with pytest.raises(TypeError, match="released memoryview"):
        read(_released())
    strided = memoryview(b'{"model":"m","messages":[]}' * 2)[::2]
    try:
        read(strided)
    except lc.LmcodecError:
        pass  # decode_response copies the view and reads it: the strided bytes are not JSON
    except TypeError as exc:
        assert "C-contiguous" in str(exc)


def test_a_strided_memoryview_is_a_type_error_for_msgpack() -> None:
    packed = lc.msgpack.encode(lc.TextPart("x"))
    assert lc.msgpack.decode(memoryview(packed), lc.Part) == lc.TextPart("x")
    with pytest.raises(TypeError, match="C-contiguous"):
        lc.msgpack.decode(memoryview(packed * 2)[::2], lc.Part)
