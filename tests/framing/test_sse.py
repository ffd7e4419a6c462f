"""lmcodec.framing.sse (public as lmcodec.sse and lmcodec.stream.sse): differential tests against
lm15 1.5.0's own SSE parser, properties, limits."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lmcodec.errors import DecodeError
from lmcodec.framing.sse import SSEDecoder, SSEEvent, aiter_sse, iter_sse

from ..budget import examples
from ..corpus import CORPUS

lm15_sse = pytest.importorskip("lm15.sse", reason="lm15 1.5.0 is the reference SSE parser")
lm15_types = pytest.importorskip("lm15.transports._types")

BODIES_DIR = CORPUS / "lm15-contract" / "bodies"

Pair = tuple[str | None, str]


# -- helpers -----------------------------------------------------------------


def _sse_bodies() -> list[Path]:
    if not BODIES_DIR.is_dir():
        return []
    found = set(BODIES_DIR.glob("*stream*/*"))
    for path in BODIES_DIR.glob("*/*"):
        with path.open("rb") as f:
            head = f.read(6)
        if head.startswith((b"event:", b"data:")):
            found.add(path)
    return sorted(p for p in found if p.is_file())


SSE_BODIES = _sse_bodies()
needs_corpus = pytest.mark.skipif(
    not SSE_BODIES,
    reason=f"lm15-contract corpus not found at {BODIES_DIR} (../shared/corpus next to the repo)",
)


def ref_harness(body: bytes) -> list[Pair]:
    """lm15's parser as the contract harness drives it (lm15/vet.py _parse_stream_body):
    lines split with bytes.splitlines, so LF, CRLF and a lone CR all end a line."""
    return [(e.event, e.data) for e in lm15_sse.parse_sse(iter(body.splitlines(keepends=True)))]


def ref_transport(chunks: Iterable[bytes]) -> list[Pair]:
    """lm15's parser as its HTTP transport drives it (LineSplitter: LF-terminated lines)."""
    return [(e.event, e.data) for e in lm15_sse.parse_sse(lm15_types.LineSplitter.iterate(chunks))]


def as_pairs(events: Iterable[SSEEvent]) -> list[Pair]:
    # lm15 decodes each line with errors="replace"; data stays bytes here.
    return [(e.event, e.data.decode("utf-8", "replace")) for e in events]


def decode_chunks(chunks: Iterable[bytes], **limits: int | None) -> list[SSEEvent]:
    decoder = SSEDecoder(**limits)
    out: list[SSEEvent] = []
    for chunk in chunks:
        out.extend(decoder.feed(chunk))
    out.extend(decoder.close())
    return out


def split_at(body: bytes, cuts: Iterable[int]) -> list[bytes]:
    points = sorted({c for c in cuts if 0 < c < len(body)})
    bounds = [0, *points, len(body)]
    return [body[a:b] for a, b in itertools.pairwise(bounds)]


def one_byte_chunks(body: bytes) -> Iterator[bytes]:
    return (body[i : i + 1] for i in range(len(body)))


def no_bare_cr(body: bytes) -> bool:
    return body.count(b"\r") == body.count(b"\r\n")


# -- the corpus: every captured SSE body -------------------------------------


@needs_corpus
def test_corpus_has_the_sse_bodies() -> None:
    assert len(SSE_BODIES) >= 27


@needs_corpus
@pytest.mark.parametrize("path", SSE_BODIES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_whole_and_one_byte_at_a_time(path: Path) -> None:
    body = path.read_bytes()
    expected = ref_harness(body)
    assert expected, "every SSE body has at least one event"
    assert as_pairs(decode_chunks([body])) == expected
    assert as_pairs(decode_chunks(one_byte_chunks(body))) == expected
    if no_bare_cr(body):
        assert ref_transport([body]) == expected


@needs_corpus
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_corpus_random_splits(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(SSE_BODIES), label="body")
    body = path.read_bytes()
    cuts = data.draw(st.lists(st.integers(0, len(body)), max_size=40), label="cuts")
    chunks = split_at(body, cuts)
    assert b"".join(chunks) == body
    expected = ref_harness(body)
    assert as_pairs(decode_chunks(chunks)) == expected
    if no_bare_cr(body):
        assert ref_transport(chunks) == expected


@needs_corpus
@pytest.mark.parametrize("path", SSE_BODIES[:3], ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("eol", [b"\r\n", b"\r"])
def test_corpus_rewritten_line_ends(path: Path, eol: bytes) -> None:
    body = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", eol)
    expected = ref_harness(body)
    assert expected
    assert as_pairs(decode_chunks([body])) == expected
    assert as_pairs(decode_chunks(one_byte_chunks(body))) == expected


# -- fuzz: structured random bytes against lm15 ------------------------------

TOKENS = [
    b"data:", b"data: ", b"data:  ", b"data", b"event:", b"event: ", b"event", b"id: 7",
    b"retry: 10", b":", b": keep-alive", b"\n", b"\r", b"\r\n", b"\n\n", b"\r\r", b"x", b"{}",
    b" ", b"\t", b"\x0b", b"\x0c", b"\x1c", b"\x1f", b"\xc2\x85", b"\xc2\xa0",
    b"\xe2\x80\xa8", b"\xe3\x80\x80", b"\xe2\x80", b"\xff", b"\xc3\xa9", b"\xf0\x9f\x98\x80",
    b"\xf0\x9f", b"ping", b"data:data:",
]  # fmt: skip


@settings(max_examples=examples(600), deadline=None)
@given(
    tokens=st.lists(st.sampled_from(TOKENS), max_size=60),
    cuts=st.lists(st.integers(0, 400), max_size=20),
)
def test_fuzz_against_lm15(tokens: list[bytes], cuts: list[int]) -> None:
    body = b"".join(tokens)
    expected = ref_harness(body)
    chunks = split_at(body, cuts)
    assert as_pairs(decode_chunks(chunks)) == expected
    assert as_pairs(decode_chunks(one_byte_chunks(body))) == expected
    if no_bare_cr(body):
        assert ref_transport(chunks) == expected


@settings(max_examples=examples(300), deadline=None)
@given(body=st.binary(max_size=300), cuts=st.lists(st.integers(0, 300), max_size=10))
def test_random_binary_against_lm15(body: bytes, cuts: list[int]) -> None:
    assert as_pairs(decode_chunks(split_at(body, cuts))) == ref_harness(body)


# -- property: generated events round-trip -----------------------------------

line_text = st.text(
    alphabet=st.characters(exclude_characters="\r\n", exclude_categories=["Cs"]),
    max_size=20,
)
EOLS = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def sse_streams(draw: st.DrawFn) -> tuple[bytes, list[Pair]]:
    """An SSE body built from random events and the events it must decode to."""
    out: list[str] = []
    expected: list[Pair] = []
    prev_eol = "\n"

    def emit(line: str) -> None:
        nonlocal prev_eol
        eol = draw(EOLS)
        if line == "" and prev_eol == "\r" and eol != "\r":
            eol = "\r"  # "\r" + "\n" would be one CRLF line end, not a blank line
        out.append(line + eol)
        prev_eol = eol

    n_events = draw(st.integers(0, 6))
    for k in range(n_events):
        for _ in range(draw(st.integers(0, 2))):
            emit(":" + draw(line_text))
        if draw(st.booleans()):
            emit("id: " + draw(line_text))
        if draw(st.booleans()):
            emit("retry: 1000")
        name = draw(st.none() | line_text)
        if name is not None:
            emit("event:" + draw(st.sampled_from(["", " ", "  "])) + name)
        lines = draw(st.lists(line_text, max_size=4))
        for line in lines:
            emit("data:" + draw(st.sampled_from(["", " ", "\t", " \u00a0"])) + line)
        last = k == n_events - 1
        if not (last and draw(st.booleans())):  # the last event may end at EOF
            emit("")
        if lines:
            data = "\n".join(x.lstrip() for x in lines)
            expected.append((None if name is None else name.strip(), data))
    return "".join(out).encode("utf-8"), expected


@settings(max_examples=examples(400), deadline=None)
@given(stream=sse_streams(), cuts=st.lists(st.integers(0, 2000), max_size=30))
def test_generated_events_round_trip(stream: tuple[bytes, list[Pair]], cuts: list[int]) -> None:
    body, expected = stream
    assert ref_harness(body) == expected  # the generator agrees with lm15
    events = decode_chunks(split_at(body, cuts))
    assert [(e.event, e.data.decode("utf-8")) for e in events] == expected  # valid UTF-8 here
    assert as_pairs(decode_chunks(one_byte_chunks(body))) == expected


# -- grammar details ---------------------------------------------------------


def ev(event: str | None, data: bytes) -> SSEEvent:
    return SSEEvent(event=event, data=data)


def test_basic_event_and_comment() -> None:
    d = SSEDecoder()
    assert d.feed(b': comment\nevent: message_start\ndata: {"a":1}\n') == []
    assert d.feed(b"\n") == [ev("message_start", b'{"a":1}')]
    assert d.event_count == 1
    assert d.close() == []


def test_cr_only_line_ends() -> None:
    body = b"event: a\rdata: 1\r\r: c\rdata: 2\rdata: 3\r\r"
    assert decode_chunks([body]) == [ev("a", b"1"), ev(None, b"2\n3")]
    assert decode_chunks(one_byte_chunks(body)) == [ev("a", b"1"), ev(None, b"2\n3")]
    assert as_pairs(decode_chunks([body])) == ref_harness(body)


def test_cr_dispatches_without_waiting_for_the_next_byte() -> None:
    d = SSEDecoder()
    assert d.feed(b"data: x\r") == []
    assert d.feed(b"\r") == [ev(None, b"x")]  # the blank line ends at the \r itself


def test_crlf_split_between_cr_and_lf_is_one_line_end() -> None:
    d = SSEDecoder()
    assert d.feed(b"data: x\r") == []
    assert d.feed(b"\n") == []  # not a blank line: it completes the CRLF
    assert d.feed(b"data: y\r\n\r") == [ev(None, b"x\ny")]
    assert d.feed(b"\ndata: z\r\n") == []
    assert d.feed(b"\r\n") == [ev(None, b"z")]


def test_mixed_line_ends() -> None:
    body = b"data: a\ndata: b\r\ndata: c\rdata: d\n\r\n"
    assert decode_chunks([body]) == [ev(None, b"a\nb\nc\nd")]


def test_split_inside_multibyte_utf8() -> None:
    body = 'event: é\ndata: {"t":"日本😀"}\n\n'.encode()
    expected = [ev("é", '{"t":"日本😀"}'.encode())]
    for i in range(1, len(body)):
        assert decode_chunks([body[:i], body[i:]]) == expected
    assert decode_chunks(one_byte_chunks(body)) == expected


def test_data_lstrip_matches_str_lstrip() -> None:
    # lm15 applies str.lstrip(): every leading white space character goes,
    # including \x1c-\x1f and non-ASCII spaces; trailing white space stays.
    prefixes = [
        "",
        " ",
        "  ",
        "\t",
        "\x0b\x0c",
        "\x1c\x1d\x1e\x1f",
        "\u00a0",
        " \u3000 ",
        "\u2028\u0085",
    ]
    for prefix in prefixes:
        body = f"data:{prefix}x \n\n".encode()
        assert decode_chunks([body]) == [ev(None, b"x ")], repr(prefix)
        assert as_pairs(decode_chunks([body])) == ref_harness(body)


def test_data_lstrip_stops_at_non_space() -> None:
    # U+200B (zero width space) and U+FEFF are not str.isspace(); a truncated
    # sequence of a space character is invalid UTF-8, not space.
    for value in ["\u200bx", "\ufeffx", "x"]:
        assert decode_chunks([f"data: {value}\n\n".encode()]) == [ev(None, value.encode())]
    assert decode_chunks([b"data: \xe2\x80x\n\n"]) == [ev(None, b"\xe2\x80x")]


def test_empty_data_lines() -> None:
    assert decode_chunks([b"data:\n\n"]) == [ev(None, b"")]
    assert decode_chunks([b"data: \n\n"]) == [ev(None, b"")]
    assert decode_chunks([b"data:\ndata:\n\n"]) == [ev(None, b"\n")]
    assert decode_chunks([b"data: a\ndata:\ndata: b\n\n"]) == [ev(None, b"a\n\nb")]


def test_bare_field_names_and_unknown_fields_are_ignored() -> None:
    body = b"data\nevent\nid: 1\nretry: 5\nfoo: bar\nData: x\n data: y\n\n"
    assert decode_chunks([body]) == []
    assert as_pairs(decode_chunks([body])) == ref_harness(body)


def test_event_name_strip_reset_and_last_wins() -> None:
    body = b"event:  a b \t\nevent: c\ndata: 1\n\nevent: d\n\ndata: 2\n\nevent:\ndata: 3\n\n"
    assert decode_chunks([body]) == [ev("c", b"1"), ev(None, b"2"), ev("", b"3")]


def test_event_without_data_is_not_dispatched() -> None:
    assert decode_chunks([b"event: ping\n\n: c\n\n\n"]) == []


def test_comments_between_data_lines() -> None:
    body = b"data: a\n: keep-alive\ndata: b\n:\n\n"
    assert decode_chunks([body]) == [ev(None, b"a\nb")]


def test_invalid_utf8_is_kept_verbatim() -> None:
    body = b"event: \xff\ndata: \xff\xfe\n\n"
    assert decode_chunks([body]) == [ev("\ufffd", b"\xff\xfe")]
    assert as_pairs(decode_chunks([body])) == ref_harness(body)


def test_flush_at_close() -> None:
    d = SSEDecoder()
    assert d.feed(b"event: e\ndata: a\ndata: b") == []
    assert d.close() == [ev("e", b"a\nb")]
    # close() resets the decoder for a new stream
    assert d.event_count == 0 and d.bytes_fed == 0
    assert d.feed(b"data: c\n\n") == [ev(None, b"c")]
    assert d.close() == []


def test_flush_at_close_after_terminated_line() -> None:
    assert decode_chunks([b"data: a\r\n"]) == [ev(None, b"a")]
    assert decode_chunks([b"data: a\r"]) == [ev(None, b"a")]
    assert decode_chunks([b"event: x\n"]) == []
    assert decode_chunks([b""]) == []


def test_done_sentinel_and_json_data_are_plain_bytes() -> None:
    body = b'data: {"x":1}\n\ndata: [DONE]\n\n'
    events = decode_chunks([body])
    assert events == [ev(None, b'{"x":1}'), ev(None, b"[DONE]")]
    assert all(type(e.data) is bytes for e in events)


def test_accepts_bytearray_and_memoryview() -> None:
    d = SSEDecoder()
    assert d.feed(bytearray(b"data: a\n")) == []
    assert d.feed(memoryview(b"\ndata: b\n\n")) == [ev(None, b"a"), ev(None, b"b")]


def test_counters() -> None:
    d = SSEDecoder()
    d.feed(b"data: a\n\ndata: b\n\ndata: partial")
    assert d.event_count == 2
    assert d.bytes_fed == len(b"data: a\n\ndata: b\n\ndata: partial")


def test_iter_sse_and_aiter_sse() -> None:
    chunks = [b"data: a\n", b"\nda", b"ta: b"]
    assert list(iter_sse(chunks)) == [ev(None, b"a"), ev(None, b"b")]

    async def agen() -> AsyncIterator[bytes]:
        for c in chunks:
            yield c

    async def collect() -> list[SSEEvent]:
        return [e async for e in aiter_sse(agen())]

    assert asyncio.run(collect()) == [ev(None, b"a"), ev(None, b"b")]


def test_event_is_a_frozen_struct() -> None:
    e = ev("x", b"1")
    with pytest.raises(AttributeError):
        e.data = b"2"  # type: ignore[misc]
    assert e.event == "x" and e.data == b"1"


# -- limits --------------------------------------------------------------------


def test_line_limit_on_complete_line() -> None:
    body = b"data: ok\n\ndata: 0123456789\n\n"
    with pytest.raises(DecodeError) as info:
        decode_chunks([body], max_line_bytes=10)
    msg = str(info.value)
    assert "event #1" in msg and "byte offset 10" in msg and "max_line_bytes=10" in msg


def test_line_limit_boundary_excludes_line_end() -> None:
    assert decode_chunks([b"data: 1234\r\n\r\n"], max_line_bytes=10) == [ev(None, b"1234")]
    with pytest.raises(DecodeError):
        decode_chunks([b"data: 12345\r\n\r\n"], max_line_bytes=10)


def test_line_limit_on_unterminated_line_bounds_memory() -> None:
    d = SSEDecoder(max_line_bytes=1000)
    d.feed(b"data: ok\n\n")
    with pytest.raises(DecodeError) as info:
        for _ in range(10_000):
            d.feed(b"x" * 64)
    assert "event #1" in str(info.value) and "byte offset 10" in str(info.value)
    assert d.bytes_fed <= 10 + 1000 + 64
    with pytest.raises(DecodeError, match="after a framing error"):
        d.feed(b"\n\n")
    with pytest.raises(DecodeError):
        d.close()


def test_line_limit_at_close() -> None:
    with pytest.raises(DecodeError):
        decode_chunks([b"data: 0123456789"], max_line_bytes=10)


def test_event_limit_over_several_lines() -> None:
    lines = b"data: 0123456789\n" * 5  # 16 bytes a line, line ends excluded
    assert len(decode_chunks([lines + b"\n"], max_event_bytes=80)) == 1
    with pytest.raises(DecodeError) as info:
        decode_chunks([b": hi\n\n" + lines + b"\n"], max_event_bytes=79)
    msg = str(info.value)
    # the 5th data line (the one that goes over) starts at 6 + 4 * 17
    assert "event #0" in msg and f"byte offset {6 + 4 * 17}" in msg and "max_event_bytes=79" in msg


def test_event_limit_resets_per_event() -> None:
    body = b"data: 0123456789\n\n" * 100
    assert len(decode_chunks([body], max_event_bytes=16)) == 100
    assert len(decode_chunks(one_byte_chunks(body), max_event_bytes=16)) == 100


def test_event_limit_counts_the_partial_line() -> None:
    d = SSEDecoder(max_line_bytes=None, max_event_bytes=100)
    d.feed(b"data: " + b"a" * 60 + b"\n")
    with pytest.raises(DecodeError, match="max_event_bytes=100"):
        d.feed(b"data: " + b"b" * 50)


def test_event_limit_error_index_after_several_events() -> None:
    body = b"data: a\n\ndata: b\n\ndata: " + b"c" * 50 + b"\n\n"
    with pytest.raises(DecodeError, match=r"SSE event #2 \(line at byte offset 18\)"):
        decode_chunks(one_byte_chunks(body), max_event_bytes=20)
    with pytest.raises(DecodeError, match=r"SSE event #2 \(line at byte offset 18\)"):
        decode_chunks([body], max_event_bytes=20)


@pytest.mark.parametrize("eol", [b"\n", b"\r\n", b"\r"])
def test_error_offset_with_each_line_end(eol: bytes) -> None:
    body = eol.join([b": c", b"data: a", b"data: b", b"data: " + b"c" * 50, b"", b""])
    offset = 3 * len(eol) + 3 + 7 + 7
    pattern = rf"SSE event #0 \(line at byte offset {offset}\)"
    with pytest.raises(DecodeError, match=pattern):
        decode_chunks([body], max_event_bytes=30)
    with pytest.raises(DecodeError, match=pattern):
        decode_chunks([body], max_line_bytes=30)
    with pytest.raises(DecodeError, match=pattern):
        decode_chunks(one_byte_chunks(body), max_event_bytes=30)


def test_unlimited() -> None:
    big = b"x" * (1 << 20)
    events = decode_chunks([b"data: ", big, b"\n\n"], max_line_bytes=None, max_event_bytes=None)
    assert events == [ev(None, big)]


def test_default_limits_accept_a_large_line() -> None:
    big = b"y" * (3 << 20)
    assert decode_chunks([b"data: " + big + b"\n\n"]) == [ev(None, big)]


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True])
def test_bad_limit_arguments(bad: object) -> None:
    with pytest.raises(ValueError):
        SSEDecoder(max_line_bytes=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        SSEDecoder(max_event_bytes=bad)  # type: ignore[arg-type]


# -- no quadratic re-scanning ------------------------------------------------


def test_long_line_in_small_chunks_is_linear() -> None:
    size = 8 << 20
    piece = b"z" * 256
    d = SSEDecoder(max_line_bytes=None, max_event_bytes=None)
    start = time.perf_counter()
    d.feed(b"data: ")
    for _ in range(size // len(piece)):
        d.feed(piece)
    events = d.feed(b"\n\n")
    elapsed = time.perf_counter() - start
    assert len(events) == 1 and len(events[0].data) == size
    # Linear work is a few tens of ms; re-scanning the buffer on each of the
    # 32768 feeds would touch ~128 GiB.
    assert elapsed < 5.0


def test_many_small_events_in_one_chunk() -> None:
    body = b'event: e\ndata: {"i":1}\n\n' * 20_000
    events = decode_chunks([body])
    assert len(events) == 20_000 and events[-1] == ev("e", b'{"i":1}')


_CLOSE_PIECES = [b"data: {}\n\n", b"data: a", b"\n", b"\r", b"event: x\n", b": c\n", b"data: b\r\n"]


@settings(max_examples=examples(80), deadline=None)
@given(
    st.lists(st.sampled_from(_CLOSE_PIECES), max_size=6),
    st.sampled_from([b"data: {}", b"data: 1\ndata: 2", b"event: y", b""]),
)
def test_close_data_is_close_datas_and_resets_alike(chunks: list[bytes], second: bytes) -> None:
    """close_data's nothing-pending shortcut: a stream's data as feed() and close() give it, and the
    same state after (the next stream frames alike)."""
    by_data, by_event = SSEDecoder(), SSEDecoder()
    for stream in (chunks, [second + b"\n\n", second]):
        datas = [d for chunk in stream for d in by_data.feed_data(chunk)] + by_data.close_data()
        events = [e for chunk in stream for e in by_event.feed(chunk)] + by_event.close()
        assert datas == [e.data for e in events]
        assert by_data.event_count == by_event.event_count == 0 and by_data.bytes_fed == by_event.bytes_fed


def test_event_limit_counts_comment_lines_however_the_body_is_cut() -> None:
    """Comment lines count against max_event_bytes: an event of short comment lines over the limit
    is refused by feed_data at every chunking (one byte at a time, the bulk path took over after
    the lines framed one by one and forgot their bytes: the event was decoded)."""
    body = b": keep-alive padding\n" * 16 + b'data: {"a":1}\n\n'  # 16 x 20 comment bytes + 13
    for chunks in ([body], one_byte_chunks(body), [body[:315], body[315:]]):
        framer = SSEDecoder(max_line_bytes=None, max_event_bytes=300)
        with pytest.raises(DecodeError, match="max_event_bytes=300"):
            for chunk in chunks:
                framer.feed_data(chunk)
            framer.close_data()
