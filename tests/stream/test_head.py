"""stream.translate reads a stream's head (stream/_head.py) from the first frame the source's framer
cuts, handed over by the engine before the frame is mapped: what the line-grammar peek it replaces
(``HeadPeekOracle`` below: stream/_head.py's ``HeadPeek`` at 2e9e949) read from the first ``data``
line, at any chunking (a BOM, a CRLF or a UTF-8 character cut across chunks, comments, pings,
``id:``/``retry:`` lines), and a Gemini JSON array's first element as the same stream in SSE.
The peek's red-team regressions (red team 22 F02/F05, review 14 F03/F06) are kept: keep-alive
chunks before the first frame cost the head nothing, a ``data:`` inside a comment or a field is none,
the head after a BOM is the same at every cut (the first mapped event's, where the peek read an
event the mapper is never handed)."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any, Final

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._json import load_head
from lmcodec.stream import _head
from lmcodec.stream._head import StreamHead
from lmcodec.stream.translate import _Translator

from ..budget import examples

_BOM: Final = b"\xef\xbb\xbf"
_ORACLE_LIMIT: Final = 1 << 20
_ORACLE_LINE_END: Final = re.compile(rb"[\r\n]")


class HeadPeekOracle:
    """stream/_head.py's HeadPeek at 2e9e949 (the fields it read, its line grammar), the oracle."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.in_data: bool | None = None
        self.bom: bytes | None = b""
        self.fed = 0
        self.done = False
        self.fields: tuple[Any, ...] = (None, None, None, None, None, None)

    def feed(self, chunk: bytes) -> None:
        self.fed += len(chunk)
        if self.bom is not None:
            chunk = self.bom + chunk
            if len(chunk) < 3 and _BOM.startswith(chunk):
                self.bom = chunk
                return
            self.bom = None
            if chunk.startswith(_BOM):
                chunk = chunk[3:]
        if not self._scan(chunk) and self.fed > _ORACLE_LIMIT:
            self.done = True

    def _scan(self, chunk: bytes) -> bool:
        at, size, line = 0, len(chunk), self.seen
        while at < size:
            in_data = self.in_data
            if in_data is None and line:
                part = chunk[at : at + 5 - len(line)]
                cut = _ORACLE_LINE_END.search(part)
                if cut is not None:
                    part = part[: cut.start()]
                line += part
                at += len(part)
                if cut is None and len(line) < 5:
                    return False
                in_data = self.in_data = line == b"data:"
                if not in_data:
                    line.clear()
            if in_data is None:
                found = chunk.find(b"data:", at)
                while found > at and chunk[found - 1] not in b"\r\n":
                    found = chunk.find(b"data:", found + 1)
                if found < 0:
                    last = max(chunk.rfind(b"\n", at), chunk.rfind(b"\r", at)) + 1
                    tail = chunk[max(last, at) :]
                    if len(tail) < 5:
                        line += tail
                    else:
                        self.in_data = False
                    return False
                match = _ORACLE_LINE_END.search(chunk, found + 5)
                if match is None:
                    line += chunk[found:]
                    self.in_data = True
                    return False
                if self._read(chunk[found + 5 : match.start()].strip()):
                    return True
                at = match.end()
                continue
            match = _ORACLE_LINE_END.search(chunk, at)
            if match is None:
                if in_data:
                    line += chunk[at:]
                return False
            if in_data:
                line += chunk[at : match.start()]
                data = bytes(line[5:]).strip()
                line.clear()
                if self._read(data):
                    return True
            self.in_data = None
            at = match.end()
        return False

    def _read(self, data: bytes) -> bool:
        head = load_head(_head._head_decoder, data) or _head._Head()
        if head.type == "ping":
            return False
        created, tier, fingerprint = head.created, head.service_tier, head.system_fingerprint
        self.fields = (
            head.id or head.responseId,
            head.model or head.modelVersion,
            created if type(created) is int and created >= 0 else None,
            tier if type(tier) is str and tier else None,
            fingerprint if type(fingerprint) is str and fingerprint else None,
            head.message.usage if head.message is not None else None,
        )
        self.done = True
        return True


def _oracle(chunks: list[bytes]) -> tuple[Any, ...]:
    peek = HeadPeekOracle()
    for chunk in chunks:
        if peek.done:
            break
        peek.feed(chunk)
    return peek.fields


def _fields(head: StreamHead) -> tuple[Any, ...]:
    return (head.id, head.model, head.created, head.service_tier, head.system_fingerprint, head.start_usage)


def _translated_head(src: str, chunks: list[bytes]) -> tuple[Any, ...]:
    """What stream.translate read of ``src``'s head, fed ``chunks`` (to an Anthropic client: the
    one that takes an Anthropic source's start usage), through the source engine's hand-off."""
    translator = _Translator(src, "anthropic", None)
    for chunk in chunks:
        translator.feed(chunk)
        if translator.failed:
            break
    else:
        translator.close()
    head = translator._head
    assert head is not None
    return _fields(head)


def _cut(body: bytes, cuts: list[int]) -> list[bytes]:
    edges = [0, *sorted(cuts), len(body)]
    return [body[a:b] for a, b in pairwise(edges) if b > a]


# Values with UTF-8 of two to four bytes (a chunk may cut inside one), quotes and colons.
_TEXT = st.text(alphabet='ab:é中😀 "data', max_size=8)
_HEADS = st.fixed_dictionaries(
    {},
    optional={
        "id": _TEXT,
        "responseId": _TEXT,
        "model": _TEXT,
        "modelVersion": _TEXT,
        "created": st.integers(-3, 2**40),
        "service_tier": st.one_of(_TEXT, st.integers(0, 3)),
        "system_fingerprint": _TEXT,
        "message": st.fixed_dictionaries(
            {"usage": st.fixed_dictionaries({"input_tokens": st.integers(0, 99)})}
        ),
        "type": st.sampled_from(["message_start", "ping", "content_block_delta"]),
    },
)
# What may come before the head's event: whole events that are pings, and lines that are no data
# field (comments, "data:" inside a comment or a field's value, id:, retry:, event:).
_BEFORE_EVENTS = st.sampled_from(
    [[b'data: {"type":"ping"}'], [b"event: ping", b'data: {"type": "ping"}'], [b": keep-alive"], [b":"]]
)
_HEAD_LINES = st.lists(
    st.sampled_from(
        [b": keep-alive", b":", b": data: in a comment", b"retry: 100", b"id: data:", b"event: message_start"]
    ),
    max_size=3,
)
_DATA_PREFIX = st.sampled_from([b"data: ", b"data:", b"data:  ", b"data:\t"])


@st.composite
def _sse_body(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """An SSE body (its line ends LF, CRLF or CR) whose first event that is not a ping's has one
    data line, the head drawn; and that head's JSON."""
    end = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    events = draw(st.lists(_BEFORE_EVENTS, max_size=4))
    head = json.dumps(draw(_HEADS), ensure_ascii=draw(st.booleans())).encode()
    events.append([*draw(_HEAD_LINES), draw(_DATA_PREFIX) + head])
    events.append([b'data: {"id":"not this one","model":"later","created":1}'])
    body = b"".join(end.join(lines) + end + end for lines in events)
    return body, head


@st.composite
def _chunked(draw: st.DrawFn, body: bytes) -> list[bytes]:
    """``body`` cut at random offsets (inside a CRLF, a UTF-8 character; the BOM, if it has one)."""
    cuts = draw(st.lists(st.integers(0, len(body)), max_size=12))
    if draw(st.booleans()):
        cuts.append(draw(st.integers(0, 3)))  # inside a BOM, or just past it
    return _cut(body, cuts)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["openai_chat", "gemini", "anthropic"]), _sse_body(), st.booleans(), st.data())
def test_the_head_read_from_frames_is_the_first_data_line_s(
    src: str, stream: tuple[bytes, bytes], bom: bool, data: st.DataObject
) -> None:
    """Differential: the head the engine's frames give is what the line peek read, at any chunking
    (one chunk, a byte a chunk, random cuts). After a UTF-8 BOM, the stream's first line is no SSE
    field (the framer reads it as lm15 does: ``\ufeffdata:`` is an unknown field), so the head is
    what the peek reads of the body with its first line made no field (the peek dropped the BOM and
    read a first event that no mapper is handed: review 14 F06's premise)."""
    body, _ = stream
    fed = _BOM + body if bom else body
    chunks = data.draw(_chunked(fed))
    one_by_one = [fed[i : i + 1] for i in range(len(fed))]
    expected = _oracle([b"x" + body]) if bom else _oracle([body])
    if not bom:
        assert _oracle(chunks) == _oracle(one_by_one) == expected
    assert _translated_head(src, chunks) == expected
    assert _translated_head(src, [fed]) == _translated_head(src, one_by_one) == expected


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(_HEADS.map(lambda h: json.dumps(h).encode()), min_size=1, max_size=4),
    st.sampled_from([None, 2]),
    st.sampled_from(["", "\n", " \r\n"]),
    st.data(),
)
def test_a_gemini_json_array_s_head_is_its_sse_stream_s(
    elements: list[bytes], indent: int | None, blank: str, data: st.DataObject
) -> None:
    """A Gemini JSON-array body (pretty-printed or not, blanks around its commas) in any chunking
    gives the head the same elements give as an SSE stream (the line peek read none of an array)."""
    values = [json.dumps(json.loads(e), indent=indent).encode() for e in elements]
    separator = ("," + blank).encode()
    array = blank.encode() + b"[" + separator.join(values) + b"]" + blank.encode()
    sse = b"".join(b"data: " + e + b"\n\n" for e in elements)
    assert _translated_head("gemini", data.draw(_chunked(array))) == _oracle([sse])


def test_a_gemini_array_s_response_id_and_model_reach_the_client() -> None:
    """``streamGenerateContent`` without ``alt=sse``: the client gets the first element's
    ``responseId`` and ``modelVersion`` as from an SSE stream (the line peek found no data line in
    an array: the Chat client got a made-up id)."""
    element = {
        "candidates": [{"content": {"parts": [{"text": "hi"}], "role": "model"}, "finishReason": "STOP"}],
        "modelVersion": "gemini-2.5-flash-001",
        "responseId": "resp-array-1",
    }
    body = json.dumps([element], indent=2).encode()
    chunks = [body[i : i + 7] for i in range(0, len(body), 7)]
    request = lc.Request(model="gemini-alias", messages=(lc.Message.user("hi"),))
    out = b"".join(lc.stream.translate("gemini", "openai_chat", chunks, request=request))
    first = json.loads(out.split(b"\n\n")[0].removeprefix(b"data: "))
    assert (first["id"], first["model"]) == ("resp-array-1", "gemini-2.5-flash-001")


@pytest.mark.parametrize("source", ["gemini", "openai_chat"])
def test_a_last_event_without_its_line_end_gives_its_head_at_close(source: str) -> None:
    """A one-event stream cut off before its blank line is framed only when the stream closes; its
    head (id, model) is read then too and reaches the client (at 2e9e949 the Gemini id was lost
    there: review 15 F04)."""
    if source == "gemini":
        event = {
            "candidates": [{"content": {"parts": [{"text": "hi"}], "role": "model"}, "finishReason": "STOP"}],
            "modelVersion": "gemini-2.5-flash-001",
            "responseId": "resp-close-1",
        }
        named = ("resp-close-1", "gemini-2.5-flash-001")
    else:
        event = {
            "id": "chatcmpl-close-1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "gpt-4o-2024-08-06",
            "choices": [
                {"index": 0, "delta": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}
            ],
        }
        named = ("chatcmpl-close-1", "gpt-4o-2024-08-06")
    body = b"data: " + json.dumps(event).encode()
    request = lc.Request(model="an-alias", messages=(lc.Message.user("hi"),))
    out = b"".join(lc.stream.translate(source, "openai_chat", [body], request=request))
    first = json.loads(out.split(b"\n\n")[0].removeprefix(b"data: "))
    assert (first["id"], first["model"]) == named


def test_a_first_chunk_spread_over_data_lines_is_read_as_the_mapper_reads_it() -> None:
    """An event's data lines are joined by the framer (``\\n``): a first Chat chunk whose JSON spans
    two lines names its id and model (the line peek read the first line alone, not JSON)."""
    body = (
        b'data: {"id":"chatcmpl-7","object":"chat.completion.chunk",\n'
        b'data: "created":5,"model":"gpt-served","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n'
        b'data: {"id":"chatcmpl-7","model":"gpt-served","choices":[{"index":0,"delta":{},'
        b'"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
    )
    out = b"".join(lc.stream.translate("openai_chat", "anthropic", [body[:40], body[40:]]))
    start = json.loads(out.split(b"\n\n")[0].split(b"data: ", 1)[1])
    assert (start["message"]["id"], start["message"]["model"]) == ("chatcmpl-7", "gpt-served")


def test_keep_alive_chunks_before_the_first_frame_cost_the_head_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Comment chunks (``:\\n``, a proxy's keep-alives; a megabyte of them in one chunk) hand the
    head reader nothing: it reads frames the framer cut, never bytes (red team 22 F02 and review 14
    F03: the line peek searched all it held again on every chunk, then walked such chunks line by
    line). Then the first event's frame is read once."""
    calls: list[int] = []
    read = StreamHead.read

    def counted(self: StreamHead, frames: list[bytes]) -> bool:
        calls.append(len(frames))
        return read(self, frames)

    monkeypatch.setattr(StreamHead, "read", counted)
    translator = _Translator("openai_chat", "anthropic", None)
    for _ in range(10_000):
        translator.feed(b":\n")
    translator.feed(b":\n" * (1 << 19))
    for byte in b": a long comment line read a byte at a time, data: in it too\n":
        translator.feed(bytes([byte]))
    assert calls == []
    translator.feed(b'data: {"id":"c1","model":"m"}\n\ndata: {"id":"c2","model":"n"}\n\n')
    translator.feed(b'data: {"id":"c3","model":"o"}\n\n')
    assert calls == [2]
    assert translator._head is not None and (translator._head.id, translator._head.model) == ("c1", "m")


def test_a_ping_and_comments_before_the_message_start_are_passed_over() -> None:
    body = (
        b': data: a comment\n\nevent: ping\ndata: {"type": "ping"}\n\n'
        b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1",'
        b'"usage":{"input_tokens":9,"output_tokens":1}}}\n\n'
    )
    assert _translated_head("anthropic", [body])[5] == {"input_tokens": 9, "output_tokens": 1}


_BOM_BODY: Final = (
    _BOM
    + b'data: {"id":"chatcmpl-1","model":"gpt-first","choices":[{"index":0,"delta":{"content":"A"}}]}\n\n'
    + b'data: {"id":"chatcmpl-2","model":"gpt-second","choices":[{"index":0,"delta":{"content":"B"}}]}\n\n'
)


@pytest.mark.parametrize("first", range(5))
def test_after_a_bom_cut_anywhere_the_head_is_the_first_mapped_event_s(first: int) -> None:
    """A BOM before a Chat stream, the first chunk cut at any of its bytes (or past it): the head is
    the one of the first event the mapper reads, as ``decode`` reads it (the BOM makes the first line
    no SSE field, as in lm15: docs/hostile-input.md H8), at every cut (review 14 F06 asked the same
    head at every cut; the line peek gave it by dropping the BOM, and named ``chatcmpl-1``, an
    event the client never got, beside ``B``'s text)."""
    chunks = [_BOM_BODY[:first], _BOM_BODY[first:]]
    decoded = list(lc.stream.decode("openai_chat", [_BOM_BODY]))
    assert [type(e).__name__ for e in decoded] == ["StreamStartEvent", "StreamDeltaEvent"]
    assert decoded[0].model == "gpt-second"
    assert _translated_head("openai_chat", chunks)[:2] == ("chatcmpl-2", "gpt-second")
    out = b"".join(lc.stream.translate("openai_chat", "openai_chat", chunks))
    first_chunk = json.loads(out.split(b"\n\n")[0].removeprefix(b"data: "))
    assert (first_chunk["id"], first_chunk["model"]) == ("chatcmpl-2", "gpt-second")
    assert b'"A"' not in out and b'"B"' in out


def test_a_bom_like_start_that_is_not_one_is_read_as_bytes() -> None:
    """A stream that begins with a BOM's first byte only keeps that byte (its first line is then an
    unknown field, no data line)."""
    body = b'\xefdata: {"id":"a"}\n\ndata: {"id":"b"}\n\n'
    assert _translated_head("openai_chat", [body[:1], body[1:]])[0] == "b"
    assert _translated_head("openai_chat", [body])[0] == "b"


def test_a_head_that_is_not_json_of_its_shape_names_nothing() -> None:
    head = StreamHead()
    assert head.read([b'{"id": 5, "model": ["x"]}', b'{"id":"later"}'])
    assert _fields(head) == (None, None, None, None, None, None)
    assert not StreamHead().read([b'{"type":"ping"}', msgspec.json.encode({"type": "ping", "id": "p"})])
