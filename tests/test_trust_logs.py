"""Logs on users' disks: damaged compressed files, encode failures mid-write, bad MessagePack
records, and the work done locating errors (issue 14)."""

from __future__ import annotations

import gzip
import io
import random
import sys
import tempfile
import typing
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import zstandard

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts
from lmcodec.codecs import files, jsonl, lenient

from .hang_guard import within

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(40)]
MANY = TURNS * 60  # ~2,400 records: several gzip members / zstd frames of files.FRAME bytes
SUFFIXES = [".jsonl.gz", ".jsonl.zst"]


def _lines(turns: list[lc.Turn]) -> bytes:
    return b"".join(lc.encode(t) + b"\n" for t in turns)


@cache
def _many_written(suffix: str) -> bytes:
    """MANY as ``jsonl.write`` writes it to ``log{suffix}``: written once per run and shared by the
    tests that read or damage a copy of it (a gzip write of MANY is 1.2 s of CPU)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"log{suffix}"
        jsonl.write(path, MANY)
        return path.read_bytes()


def _read_all(path: Path, on_error: Any = "raise") -> tuple[list[Any], BaseException | None]:
    got: list[Any] = []
    try:
        for record in jsonl.read(path, lc.Turn, on_error=on_error):
            got.append(record)
    except lc.LmcodecError as exc:
        return got, exc
    return got, None


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_written_logs_carry_checksums_in_frames(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"log{suffix}"
    data = _many_written(suffix)
    path.write_bytes(data)
    if suffix == ".jsonl.gz":
        assert data.count(b"\x1f\x8b\x08") >= 2  # several members, each with its CRC-32
        assert gzip.decompress(data) == _lines(MANY)
    else:
        params = zstandard.get_frame_parameters(data)
        assert params.has_checksum
        first = zstandard.ZstdDecompressor().decompressobj().decompress(data)  # one frame
        assert files.FRAME <= len(first) < len(_lines(MANY)) and _lines(MANY).startswith(first)
        reader = zstandard.ZstdDecompressor().stream_reader(data, read_across_frames=True)
        assert reader.read() == _lines(MANY)
    assert list(jsonl.read(path, lc.Turn)) == MANY


@pytest.mark.parametrize("on_error", ["raise", "skip", "collect"])
@pytest.mark.parametrize("suffix", SUFFIXES)
def test_truncated_log_yields_every_good_record_then_an_error(
    tmp_path: Path, suffix: str, on_error: str
) -> None:
    data = _many_written(suffix)
    text = _lines(MANY)
    cut_path = tmp_path / f"cut{suffix}"
    for cut in [1, 5, 30, len(data) // 3, len(data) // 2, len(data) - 9, len(data) - 1]:
        cut_path.write_bytes(data[:cut])
        got, err = _read_all(cut_path, on_error)
        assert isinstance(err, lc.RecordError), (cut, err)
        assert "truncated file?" in str(err)
        assert got == MANY[: len(got)]
        damage = err.cause.offset if isinstance(err.cause, lc.DecodeError) else None
        assert damage is not None and str(damage) in str(err)
        # nothing decompressible before the cut is lost: every complete line before it was yielded
        assert len(got) == text[:damage].count(b"\n")
        assert err.offset == len(_lines(got))


# Thorough: a sweep of ~1,400 reads (11.7 s of the 3.10 default run at load 9). In the default tier
# test_truncated_log_yields_every_good_record_then_an_error cuts a .zst log inside its first
# frame's header (bytes 1, 5 and 30) and its last frame's end, in each on_error mode.
@pytest.mark.thorough
def test_zst_cut_inside_its_first_block_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl.zst"
    jsonl.write(path, TURNS[:3])  # one small frame
    data = path.read_bytes()
    # every cut through the frame's header and its end (block header, checksum), every 5th
    # between: each is a read of the whole file, 0.5 ms, and a read of every cut of the
    # 9 KB frame cost the suite 4.4 s
    ends = set(range(1, 512)) | set(range(len(data) - 512, len(data)))
    for cut in sorted(ends | set(range(512, len(data) - 512, 5))):
        path.write_bytes(data[:cut])
        got, err = _read_all(path, "skip")
        assert got == [] or got == TURNS[: len(got)]
        assert isinstance(err, lc.RecordError), cut


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_bit_flips_never_give_altered_records(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"log{suffix}"
    jsonl.write(path, TURNS)
    data = path.read_bytes()
    rng = random.Random(14)
    flipped = tmp_path / f"flip{suffix}"
    detected = 0
    for _ in range(150):
        damaged = bytearray(data)
        at = rng.randrange(len(damaged))
        damaged[at] ^= 1 << rng.randrange(8)
        flipped.write_bytes(bytes(damaged))
        got, err = _read_all(flipped, "skip")
        assert got == TURNS[: len(got)], at  # no record yielded differs from what was written
        detected += err is not None
    assert detected >= 140  # the rest: flips in header bits the formats do not check (gzip mtime/OS)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_corrupt_member_yields_the_verified_records_before_it(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"log{suffix}"
    data = bytearray(_many_written(suffix))
    data[-40] ^= 0x10  # inside the last member/frame
    path.write_bytes(bytes(data))
    got, err = _read_all(path)
    assert isinstance(err, lc.RecordError)
    assert len(got) > len(MANY) // 2 and got == MANY[: len(got)]


def test_logs_of_other_tools_still_read(tmp_path: Path) -> None:
    text = _lines(MANY)
    gz = tmp_path / "single.jsonl.gz"
    with gzip.open(gz, "wb") as fh:  # one member, as gzip.open and the gzip tool write
        fh.write(text)
    gz.write_bytes(gz.read_bytes() + b"\0" * 100)  # zero padding, which gzip tolerates
    assert list(jsonl.read(gz, lc.Turn)) == MANY
    zst = tmp_path / "stream.jsonl.zst"
    with zst.open("wb") as raw, zstandard.ZstdCompressor().stream_writer(raw) as fh:  # no size, no checksum
        fh.write(text)
    assert list(jsonl.read(zst, lc.Turn)) == MANY
    empty = tmp_path / "empty.jsonl.gz"
    with gzip.open(empty, "wb"):  # an empty log, as gzip, zstd and pzstd write one: an empty member
        pass
    assert list(jsonl.read(empty, lc.Turn)) == []
    empty.write_bytes(b"")  # no tool writes this for an empty log: a file cut at byte 0 (L1)
    with pytest.raises(lc.DecodeError, match="holds no gzip member"):
        list(jsonl.read(empty, lc.Turn))


def test_a_file_that_is_not_compressed_is_an_error(tmp_path: Path) -> None:
    for suffix in SUFFIXES:
        path = tmp_path / f"plain{suffix}"
        path.write_bytes(_lines(TURNS))
        got, err = _read_all(path, "collect")
        assert got == [] and isinstance(err, lc.RecordError)


def test_a_bomb_is_read_in_bounded_pieces(tmp_path: Path) -> None:
    path = tmp_path / "bomb.jsonl.zst"
    path.write_bytes(zstandard.ZstdCompressor(level=19).compress(b" " * (64 << 20) + b"\n"))
    with files.open_read(path) as fh:
        raw = fh.raw  # type: ignore[attr-defined]
        sizes = []
        while chunk := raw.read(1 << 30):
            sizes.append(len(chunk))
    assert sum(sizes) == (64 << 20) + 1
    assert max(sizes) <= files.HOLD + (32 << 20)  # held back, plus one step's output: not the 64 MiB


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_msgpack_stream_damaged_file(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"log.mp{suffix[-4:]}" if suffix.endswith(".zst") else tmp_path / "log.mp.gz"
    lc.msgpack.write_stream(path, MANY)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    got: list[Any] = []
    with pytest.raises(lc.DecodeError, match=r"record \d+ \(byte \d+\): .*truncated file\?"):
        for record in lc.msgpack.read_stream(path, lc.Turn, on_error="skip"):
            got.append(record)
    assert len(got) > 0 and got == MANY[: len(got)]


class _Unencodable:
    pass


def _with_bad_record_at(index: int) -> Iterator[Any]:
    yield from MANY[:index]
    yield _Unencodable()
    raise AssertionError("nothing after the bad record is consumed")


@pytest.mark.parametrize("suffix", [".jsonl", *SUFFIXES])
def test_jsonl_write_keeps_every_record_before_an_encode_failure(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"out{suffix}"
    with pytest.raises(lc.EncodeError, match="record 1000"):
        jsonl.write(path, _with_bad_record_at(1000))
    assert list(jsonl.read(path, lc.Turn)) == MANY[:1000]


@pytest.mark.parametrize("suffix", [".mp", ".mp.gz"])
def test_msgpack_write_stream_keeps_every_record_before_an_encode_failure(
    tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"out{suffix}"
    with pytest.raises(lc.EncodeError, match="record 1000"):
        lc.msgpack.write_stream(path, _with_bad_record_at(1000))
    assert list(lc.msgpack.read_stream(path, lc.Turn)) == MANY[:1000]
    big = lc.replace(TURNS[0], metadata={"n": 2**64})  # JSON holds it, MessagePack cannot
    out = io.BytesIO()
    with pytest.raises(lc.EncodeError, match="record 2"):
        lc.msgpack.write_stream(out, [TURNS[0], TURNS[1], big, TURNS[2]])
    assert list(lc.msgpack.read_stream(out.getvalue(), lc.Turn)) == TURNS[:2]


def _msgpack_with_bad_records() -> bytes:
    out = io.BytesIO()
    lc.msgpack.write_stream(out, [TURNS[0], TURNS[0].request, TURNS[1], TURNS[1].request, TURNS[2]])
    return out.getvalue()


def test_msgpack_read_stream_on_error() -> None:
    data = _msgpack_with_bad_records()
    with pytest.raises(lc.ValidationError, match=r"record 1 \(byte \d+\)"):
        list(lc.msgpack.read_stream(data, lc.Turn))
    skipping = lc.msgpack.read_stream(data, lc.Turn, on_error="skip")
    assert list(skipping) == TURNS[:3]
    assert (skipping.good, skipping.bad, skipping.errors) == (3, 2, [])
    collecting = lc.msgpack.read_stream(data, lc.Turn, on_error="collect")
    assert list(collecting) == TURNS[:3]
    assert [bad.line for bad in collecting.errors] == [1, 3]
    assert [lc.msgpack.decode(bad.raw, lc.Request) for bad in collecting.errors] == [
        TURNS[0].request,
        TURNS[1].request,
    ]
    first = collecting.errors[0]
    assert first.offset == 4 + len(lc.msgpack.encode(TURNS[0]))
    assert not first.message.startswith("record "), first.message  # line and offset say where, once
    with pytest.raises(ValueError, match="on_error"):
        lc.msgpack.read_stream(data, lc.Turn, on_error="ignore")  # type: ignore[arg-type]


def _deep_after_escaped_quotes(size: int) -> bytes:
    """The shape that made locating "nested too deeply" quadratic: a long string of escaped
    quotes, then nesting beyond the recursion limit."""
    return (
        b'{"type":"data","value":["' + b'\\"' * (size // 2) + b'",' + b"[" * 100_000 + b"]" * 100_000 + b"]}"
    )


@pytest.mark.parametrize(
    "decode",
    [
        lambda data: lc.decode(data, lc.Part),
        lambda data: list(jsonl.read(data, lc.Part)),
        lambda data: lc.llm.decode(data, lc.llm.Response),
    ],
    ids=["decode", "jsonl.read", "llm.decode"],
)
def test_locating_too_deep_nesting_is_linear(decode: Callable[[bytes], Any]) -> None:
    data = _deep_after_escaped_quotes(1 << 20)  # took hours before (9.8 s at 135 KiB)
    with within(20), pytest.raises(lc.DecodeError, match="nested too deeply") as info:
        decode(data)
    assert "byte" in str(info.value)


def _part_nested(levels: int) -> bytes:
    """A DataPart whose value nests ``levels - 1`` arrays (the Part's object is the first level)."""
    return b'{"type":"data","value":' + b"[" * (levels - 1) + b"]" * (levels - 1) + b"}"


def _decodes(data: bytes) -> bool:
    try:
        lc.decode(data, lc.Part)
    except lc.DecodeError:
        return False
    return True


def test_too_deep_offset_is_where_nesting_passes_the_limit() -> None:
    data = _deep_after_escaped_quotes(100)
    with pytest.raises(lc.DecodeError) as info:
        lc.decode(data, lc.Part)
    err = info.value
    assert err.offset is not None
    before = data[: err.offset + 1]
    string_end = before.rindex(b'",') + 2
    levels = int(str(err).split("more than ")[1].split()[0])
    assert before[string_end:] == b"[" * (levels - 1)  # the "{" and the "[" of value, then these
    cut = b'{"type":"data","value":[' + b"[" * 100_000 + b'"abc\\'  # a string the input cuts
    with pytest.raises(lc.DecodeError, match="nested too deeply"):
        lc.decode(cut, lc.Part)


def test_too_deep_names_the_levels_the_decoder_follows() -> None:
    """The level count is msgspec's real bound from the caller's stack (within a level: a typed
    decode may spend one more than the probe), on every Python: from 3.12 on C recursion has
    its own bound (~10,000 levels), which the recursion limit (1,000) counted before."""
    with pytest.raises(lc.DecodeError) as info:
        lc.decode(_part_nested(100_000), lc.Part)
    levels = int(str(info.value).split("more than ")[1].split()[0])
    deepest = 1
    while _decodes(_part_nested(2 * deepest)):
        deepest *= 2
    step = deepest // 2
    while step:
        if _decodes(_part_nested(deepest + step)):
            deepest += step
        step //= 2
    assert deepest - 1 <= levels <= deepest + 1
    assert _decodes(_part_nested(levels - 1)) and not _decodes(_part_nested(levels + 2))
    bound = "recursion limit" if sys.version_info < (3, 12) else "C recursion bound"
    assert bound in str(info.value)


def test_lenient_resolves_each_structs_type_hints_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """lenient=True on input the strict path refuses resolved every Struct's type hints anew
    for each value (~10 s per MB); they are resolved once per Struct."""
    calls: list[Any] = []
    real = typing.get_type_hints

    def counting(obj: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(obj)
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(lenient.typing, "get_type_hints", counting)
    lenient._hints.cache_clear()
    parts = [{"type": "text", "text": "hi"}] * 5000 + [{"type": "text"}]  # the last one is lenient
    body = {"model": "m", "messages": [{"role": "user", "parts": parts}]}
    request = lc.from_builtins(body, lc.Request, lenient=True)
    assert len(request.messages[0].parts) == 5001
    assert len(calls) == len(set(calls)) <= 5


def test_lone_surrogates_are_written_as_escapes_and_read_back_leniently(tmp_path: Path) -> None:
    """Provider decoders accept lone surrogates (as lm15 does); a gateway must be able to log
    the Responses they give. jsonl.write spells each as its \\udXXXX escape (as json.dumps does)."""
    sse = (
        b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"a\\ud800b"},'
        b'"finish_reason":"stop"}]}\n\n'
    )
    chunks = [sse + b"data: [DONE]\n\n"]
    response = lc.assemble(lc.stream.decode("openai_chat", chunks), request=TURNS[0].request)
    assert response.text == "a\ud800b"
    turn = lc.replace(TURNS[0], response=response, metadata={"\udc00key": ["\udbff"]})
    path = tmp_path / "gateway.jsonl"
    assert jsonl.write(path, [TURNS[0], turn, TURNS[1]]) == 3
    line = path.read_bytes().splitlines()[1]
    assert b"a\\ud800b" in line and b"\\udc00key" in line and b"\\udbff" in line
    assert list(jsonl.read(path, lc.Turn, lenient=True)) == [TURNS[0], turn, TURNS[1]]
    strict = jsonl.read(path, lc.Turn, on_error="collect")
    assert list(strict) == [TURNS[0], TURNS[1]]
    assert "surrogate" in strict.errors[0].message and strict.errors[0].line == 2
