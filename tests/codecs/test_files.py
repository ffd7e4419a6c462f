"""codecs/files.py: the members and frames lmcodec writes are verified whole before any of their
bytes is handed on, whatever the size of the writes (red-team finding F01), and the file objects
and gzip forms it is given are taken as Python's own readers take them."""

from __future__ import annotations

import array
import gzip
import os
import random
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import zstandard

import lmcodec as lc
from lmcodec.codecs import files

from ..turns import numbered_turns

Write = Callable[[Any, Iterable[Any]], int]
Read = Callable[[Any, Any], Any]
FORMATS: dict[str, tuple[Write, Read]] = {
    "jsonl": (lc.jsonl.write, lc.jsonl.read),
    "msgpack": (lc.msgpack.write_stream, lc.msgpack.read_stream),
}
KINDS = {"gzip": ".gz", "zstd": ".zst"}


def _members(data: bytes, kind: str) -> Iterator[bytes]:
    """The decompressed content of each gzip member / zstd frame of ``data``, in order."""
    while data:
        if kind == "gzip":
            member = zlib.decompressobj(31)
            out = member.decompress(data)
        else:
            member = zstandard.ZstdDecompressor().decompressobj()
            out = member.decompress(data)
        assert member.eof
        yield out
        data = member.unused_data


_TEN_LETTERS = bytes.maketrans(bytes(range(256)), bytes(ord("a") + i % 10 for i in range(256)))


def _random_letters(seed: int, size: int) -> str:
    """``size`` letters from "abcdefghij" drawn from ``seed`` (about 3.3 bits of entropy each, so
    they compress to well over a member's worth), made from random bytes in one pass: joining
    9 million ``rng.choice`` calls took 2 s of CPU at every import of this module."""
    return random.Random(seed).randbytes(size).translate(_TEN_LETTERS).decode("ascii")


def _log_with_a_big_record() -> list[lc.Request]:
    """Small records (less than one flush), then one record of more than HOLD bytes: the writer
    hands the buffered small records and the big one over in one write."""
    small = [lc.Request("m", [lc.Message.user(f"record {i:03d} " + "lorem ipsum " * 60)]) for i in range(300)]
    text = _random_letters(1, files.HOLD + (1 << 20))
    return [*small, lc.Request("m", [lc.Message.user(text)])]


BIG_LOG = _log_with_a_big_record()


@pytest.fixture(scope="module", params=[(f, k) for f in FORMATS for k in KINDS], ids=lambda p: "-".join(p))
def written(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, str, bytes]:
    fmt, kind = request.param
    path = tmp_path_factory.mktemp("big") / f"log.{fmt}{KINDS[kind]}"
    FORMATS[fmt][0](path, BIG_LOG)
    return fmt, kind, path.read_bytes()


def test_no_member_or_frame_written_is_longer_than_the_reader_verifies(
    written: tuple[str, str, bytes],
) -> None:
    """A write of more than HOLD bytes was one member, handed on before its checksum was read."""
    fmt, kind, data = written
    sizes = [len(member) for member in _members(data, kind)]
    assert max(sizes) <= files.FRAME <= files.HOLD, sizes
    assert sum(sizes) > files.HOLD + (1 << 20)
    assert list(FORMATS[fmt][1](data, lc.Request)) == BIG_LOG


def _read_flipped(data: bytes, fmt: str, at: int, bit: int) -> tuple[list[Any], BaseException | None]:
    damaged = bytearray(data)
    damaged[at] ^= 1 << bit
    got: list[Any] = []
    try:
        for record in FORMATS[fmt][1](bytes(damaged), lc.Request):
            got.append(record)
    except lc.LmcodecError as exc:
        return got, exc
    return got, None


def test_bit_flips_in_a_log_with_a_big_record_never_give_altered_records(
    written: tuple[str, str, bytes],
) -> None:
    """Flips in the first member (which held the small records and the start of the big one) and
    anywhere else: every record read is a record written, and the damage is an lc error."""
    fmt, _, data = written
    rng = random.Random(7)
    positions = [*range(20, 6000, 50), *(rng.randrange(len(data)) for _ in range(8))]
    for at in positions:
        got, err = _read_flipped(data, fmt, at, rng.randrange(8))
        assert got == BIG_LOG[: len(got)], at
        assert err is not None or len(got) == len(BIG_LOG), at


def test_a_record_longer_than_a_member_is_read_from_verified_members_only(tmp_path: Path) -> None:
    """One record of 3 FRAMEs spans several members; damage in its last member loses it (and only
    it): the records before it are read, then the error; the record is never handed on."""
    text = _random_letters(2, 3 * files.FRAME)
    records = [lc.Request("m", [lc.Message.user("before")]), lc.Request("m", [lc.Message.user(text)])]
    for fmt, (write, _) in FORMATS.items():
        for kind, suffix in KINDS.items():
            path = tmp_path / f"one.{fmt}{suffix}"
            write(path, records)
            data = path.read_bytes()
            assert len(list(_members(data, kind))) >= 3
            got, err = _read_flipped(data, fmt, len(data) - 30, 3)  # in the last member
            assert got == records[:1] and isinstance(err, lc.DecodeError), (fmt, kind, err)


TEXT_MODE_CALLS: dict[str, Callable[[Any], Any]] = {
    "jsonl.read": lambda fh: lc.jsonl.read(fh, lc.Request),
    "msgpack.read_stream": lambda fh: lc.msgpack.read_stream(fh, lc.Request),
    "jsonl.write": lambda fh: lc.jsonl.write(fh, iter([BIG_LOG[0]])),
    "msgpack.write_stream": lambda fh: lc.msgpack.write_stream(fh, iter([BIG_LOG[0]])),
}


@pytest.mark.parametrize("call", sorted(TEXT_MODE_CALLS))
def test_a_text_mode_file_object_is_a_clear_type_error_at_the_call(tmp_path: Path, call: str) -> None:
    """It was a bare TypeError ("startswith first arg must be str ...") raised only when the
    reader was iterated, or once the writer had consumed its records."""
    path = tmp_path / "log.jsonl"
    lc.jsonl.write(path, BIG_LOG[:2])
    mode = "r" if "read" in call else "w"
    with path.open(mode, encoding="utf-8") as fh, pytest.raises(TypeError, match=r"binary mode \('r?[wb]b?'"):
        TEXT_MODE_CALLS[call](fh)  # not iterated: the error is the call's


def test_a_duck_typed_text_reader_is_the_same_type_error_when_read() -> None:
    """A reader that is no io.TextIOBase but hands out str is told apart by its first read."""

    class Lines:
        def read(self, size: int = -1) -> str:
            return '{"model":"m"}\n'[: max(size, 0) or None]

    with pytest.raises(TypeError, match="binary mode"):
        list(lc.jsonl.read(Lines(), lc.Request))  # type: ignore[arg-type]


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


RECORD = lc.encode(lc.Request("m", [lc.Message.user("hi")])) + b"\n"


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ("an empty member, zero padding", []),
        ("a member, zero padding", [RECORD]),
        ("a member, an empty member, zero padding", [RECORD]),
        ("a member, 200 KiB of zero padding", [RECORD]),
    ],
)
def test_zero_padding_after_the_last_gzip_member_is_ignored_as_gzip_ignores_it(
    layout: str, expected: list[bytes]
) -> None:
    """GNU gzip and Python's gzip read these; an empty member before the padding was an error."""
    members = [_gzip(b"") if part == "an empty member" else _gzip(RECORD) for part in layout.split(", ")[:-1]]
    padding = b"\0" * (200 << 10 if "200 KiB" in layout else 100)
    data = b"".join(members) + padding
    assert gzip.decompress(data) == b"".join(expected)  # Python's own reader takes it
    assert [lc.encode(r) + b"\n" for r in lc.jsonl.read(data, lc.Request)] == expected


@pytest.mark.parametrize(
    "after", [b"junk", _gzip(RECORD)], ids=["junk after the padding", "a member after the padding"]
)
def test_what_follows_zero_padding_is_damage(after: bytes) -> None:
    """GNU gzip stops at the padding and warns of trailing garbage (status 2): lmcodec reports it,
    after the records before it, rather than read on past a run of zeros as if nothing were lost."""
    data = _gzip(RECORD) + b"\0" * 10 + after
    got: list[Any] = []
    with pytest.raises(lc.RecordError, match=rf"decompressed byte {len(RECORD)}: .* after the zero padding"):
        for record in lc.jsonl.read(data, lc.Request):
            got.append(record)
    assert [lc.encode(r) + b"\n" for r in got] == [RECORD]


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("kind", list(KINDS))
def test_an_empty_log_is_one_empty_member_or_frame(tmp_path: Path, fmt: str, kind: str) -> None:
    """A log of no records was a 0-byte file, which no gzip or zstd tool reads (``gzip -t``:
    "unexpected end of file"; red team F04): it is one empty member / frame, read back as no
    record."""
    write, read = FORMATS[fmt]
    path = tmp_path / f"empty.{fmt}{KINDS[kind]}"
    assert write(path, []) == 0
    data = path.read_bytes()
    if kind == "gzip":
        assert gzip.decompress(data) == b""
    else:
        assert zstandard.ZstdDecompressor().decompressobj().decompress(data) == b""
    assert list(_members(data, kind)) == [b""]
    assert list(read(path, lc.Turn)) == []


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_zst_log_without_zstandard_leaves_no_file(
    tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """red team 18 F03: without the zstd extra a .zst write raised its ImportError after the file was
    made, leaving a 0-byte file (no zstd log: read later, "damaged zstd data"). The extra is checked
    first: a new path is left absent (no temporary file either), an existing one as it was."""
    import sys

    write, _ = FORMATS[fmt]
    old = tmp_path / f"old.{fmt}.zst"
    write(old, numbered_turns(2))
    kept = old.read_bytes()
    monkeypatch.setitem(sys.modules, "zstandard", None)  # as where only msgspec is installed
    for path in (tmp_path / f"new.{fmt}.zst", old):
        with pytest.raises(ImportError, match=r"needs zstandard \(the 'zstd' extra\)"):
            write(path, numbered_turns(2))
    assert sorted(p.name for p in tmp_path.iterdir()) == [old.name]
    assert old.read_bytes() == kept


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_compressed_log_of_zero_bytes_is_damage(tmp_path: Path, fmt: str, kind: str) -> None:
    """A .gz/.zst file cut at byte 0 holds no member: never "0 records, 0 bad" (L1)."""
    path = tmp_path / f"cut.{fmt}{KINDS[kind]}"
    path.write_bytes(b"")
    reader = FORMATS[fmt][1](path, lc.Turn)
    with pytest.raises(lc.DecodeError, match=f"damaged {kind} data at decompressed byte 0"):
        list(reader)


def test_the_command_writes_an_empty_log_compressed_and_refuses_a_zero_byte_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lmcodec import cli

    empty, dest, cut = tmp_path / "empty.jsonl", tmp_path / "out.jsonl.gz", tmp_path / "cut.jsonl.zst"
    empty.write_bytes(b"")
    assert cli.main(["convert", str(empty), str(dest)]) == 0
    assert gzip.decompress(dest.read_bytes()) == b""
    assert cli.main(["validate", str(dest)]) == 0
    cut.write_bytes(b"")
    assert cli.main(["validate", str(cut)]) == 1
    assert "damaged zstd data at decompressed byte 0" in capsys.readouterr().err


TURNS = numbered_turns(100)


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("suffix", ["", ".gz", ".zst"])
def test_a_log_filtered_in_place_keeps_its_records(tmp_path: Path, fmt: str, suffix: str) -> None:
    """``write(p, <lazy reader of p>)`` truncated ``p`` before the reader read a byte: 0 records,
    no error (red team F11). A path is written under a temporary name beside it and renamed
    over it at the end, so the reader reads the log as it was."""
    write, read = FORMATS[fmt]
    path = tmp_path / f"log.{fmt}{suffix}"
    write(path, TURNS)
    assert write(path, (t for t in read(path, lc.Turn) if t.response.id != "r0")) == 99
    assert list(read(path, lc.Turn)) == TURNS[1:]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_what_was_written_before_an_error_is_kept(tmp_path: Path) -> None:
    """On a new path (over an existing file the old file stays: tests/codecs/test_replace.py)."""
    path = tmp_path / "log.jsonl.gz"
    bad = msgspec.structs.replace(TURNS[0], metadata={"x": object()})  # no JSON form
    with pytest.raises(lc.EncodeError, match="record 2"):
        lc.jsonl.write(path, [TURNS[0], TURNS[1], bad, TURNS[2]])
    assert list(lc.jsonl.read(path, lc.Turn)) == TURNS[:2]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_rewritten_log_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    with open(tmp_path / "plain", "wb"):
        pass
    lc.jsonl.write(path, TURNS)
    assert path.stat().st_mode & 0o7777 == (tmp_path / "plain").stat().st_mode & 0o7777
    path.chmod(0o640)
    lc.jsonl.write(path, TURNS[:1])
    assert path.stat().st_mode & 0o7777 == 0o640


def test_a_symlink_is_written_through_and_a_device_in_place(tmp_path: Path) -> None:
    target = tmp_path / "real.jsonl"
    link = tmp_path / "link.jsonl"
    target.write_bytes(b"")
    link.symlink_to(target)
    lc.jsonl.write(link, TURNS)
    assert link.is_symlink() and list(lc.jsonl.read(target, lc.Turn)) == TURNS
    assert lc.jsonl.write(os.devnull, TURNS) == len(TURNS)


@pytest.mark.parametrize("source", [array.array("b", b"{}"), 42, object()], ids=["array", "int", "object"])
def test_a_source_or_destination_of_another_kind_is_a_type_error_at_the_call(source: object) -> None:
    """H19: a TypeError at the call, not an AttributeError ('no attribute read') at the first
    read, or nothing at all for a writer given no records."""
    for call in (
        lambda: lc.jsonl.read(source, lc.Turn),  # type: ignore[arg-type]
        lambda: lc.msgpack.read_stream(source, lc.Turn),  # type: ignore[arg-type]
        lambda: lc.jsonl.write(source, []),  # type: ignore[arg-type]
        lambda: lc.msgpack.write_stream(source, []),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="path"):
            call()


def test_a_read_only_log_is_refused_as_open_refuses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename would replace a file the user may not write; the writer refuses it as opening it
    for writing did (os.access answers as for a user without the permission: root has it)."""
    path = tmp_path / "log.jsonl"
    lc.jsonl.write(path, TURNS[:1])
    monkeypatch.setattr(os, "access", lambda name, mode, **kwargs: mode != os.W_OK)
    with pytest.raises(PermissionError):
        lc.jsonl.write(path, TURNS)
    monkeypatch.undo()
    assert list(lc.jsonl.read(path, lc.Turn)) == TURNS[:1]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_source_named_as_a_directory_is_refused_as_open_refuses_it(tmp_path: Path) -> None:
    """lc.jsonl.read("a.jsonl/") read a.jsonl (pathlib dropped the slash); open() refuses it."""
    path = tmp_path / "a.jsonl"
    lc.jsonl.write(path, numbered_turns(3))
    with pytest.raises(NotADirectoryError):
        list(lc.jsonl.read(f"{path}/", lc.Turn))
