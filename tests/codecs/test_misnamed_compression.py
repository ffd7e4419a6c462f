"""codecs/files.py: a log whose suffix names the wrong compression (red team 12 F11) is read by
its magic bytes when they name the other one (gzip named .zst, zstd named .gz); a file named
.gz/.zst that is not compressed at all is still an error (L3), saying so, where it was reported
as damaged ("damaged gzip data ... incorrect header check")."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest
import zstandard

import lmcodec as lc

from ..turns import numbered_turns

TURNS = numbered_turns(5)
PLAIN = b"".join(lc.encode(t) + b"\n" for t in TURNS)
COMPRESS = {
    "gzip": lambda data: gzip.compress(data),
    "zstd": lambda data: zstandard.ZstdCompressor().compress(data),
}


@pytest.mark.parametrize(
    ("kind", "suffix"), [("gzip", ".zst"), ("gzip", ".zstd"), ("zstd", ".gz"), ("zstd", ".gzip")]
)
def test_a_log_compressed_otherwise_than_its_name_says_is_read_by_its_magic_bytes(
    tmp_path: Path, kind: str, suffix: str
) -> None:
    path = tmp_path / f"log.jsonl{suffix}"
    path.write_bytes(COMPRESS[kind](PLAIN))
    reader = lc.jsonl.read(path, lc.Turn, on_error="collect")
    assert list(reader) == TURNS and reader.bad == 0


def test_a_msgpack_stream_compressed_otherwise_is_read_too(tmp_path: Path) -> None:
    path = tmp_path / "log.msgpack.zst"
    lc.msgpack.write_stream(tmp_path / "log.msgpack.gz", TURNS)
    path.write_bytes((tmp_path / "log.msgpack.gz").read_bytes())
    assert list(lc.msgpack.read_stream(path, lc.Turn)) == TURNS


@pytest.mark.parametrize(("suffix", "kind"), [(".gz", "gzip"), (".zst", "zstd")])
def test_a_plain_log_under_a_compressed_name_is_an_error_that_says_so(
    tmp_path: Path, suffix: str, kind: str
) -> None:
    path = tmp_path / f"log.jsonl{suffix}"
    path.write_bytes(PLAIN)
    got: list[Any] = []
    with pytest.raises(lc.RecordError) as raised:
        got.extend(lc.jsonl.read(path, lc.Turn, on_error="collect"))
    assert got == []
    message = str(raised.value)
    assert f"is not {kind} data" in message and "damaged" not in message
    assert 'b\'{"request"' in message and f"rename it without {suffix}" in message


@pytest.mark.parametrize("kind", ["gzip", "zstd"])
def test_a_compressed_log_damaged_right_after_its_header_is_still_damage(tmp_path: Path, kind: str) -> None:
    data = bytearray(COMPRESS[kind](PLAIN))
    for at in range(12, 20):  # past the header: the compressed blocks
        data[at] ^= 0xFF
    path = tmp_path / f"log.jsonl{'.gz' if kind == 'gzip' else '.zst'}"
    path.write_bytes(bytes(data))
    with pytest.raises(lc.RecordError, match=f"damaged {kind} data"):
        list(lc.jsonl.read(path, lc.Turn, on_error="collect"))


def test_a_zstd_log_with_a_long_window_is_refused_saying_what_it_is(tmp_path: Path) -> None:
    """Red team 12 F14: ``zstd --long=31`` from a pipe writes a 2 GiB window; it was called
    damaged ("Frame requires too much memory"). It is intact, but its window would be held in
    memory (any 20-byte file may ask for it): refused, naming the window and the way out."""
    params = zstandard.ZstdCompressionParameters.from_level(3, window_log=31, enable_ldm=True)
    stream = zstandard.ZstdCompressor(compression_params=params).compressobj()
    path = tmp_path / "log.jsonl.zst"
    path.write_bytes(stream.compress(PLAIN) + stream.flush())
    with pytest.raises(lc.RecordError) as raised:
        list(lc.jsonl.read(path, lc.Turn, on_error="collect"))
    message = str(raised.value)
    assert "needs a 2048 MiB window" in message and "zstd -d --long=31" in message
    assert "damaged" not in message


@pytest.mark.parametrize("kind", ["gzip", "zstd"])
def test_damage_deep_in_the_first_frame_before_any_output_is_still_damage(tmp_path: Path, kind: str) -> None:
    """A flip past the first KiB of a first frame that has given no byte yet (zstd decompresses
    1 KiB of input a step): damage, not 'is not zstd data' with bytes from the middle."""
    data = bytearray(COMPRESS[kind](b"".join(lc.encode(t) + b"\n" for t in numbered_turns(3000))))
    data[len(data) // 2] ^= 0x10
    path = tmp_path / f"log.jsonl{'.gz' if kind == 'gzip' else '.zst'}"
    path.write_bytes(bytes(data))
    with pytest.raises(lc.RecordError, match=f"damaged {kind} data"):
        list(lc.jsonl.read(path, lc.Turn, on_error="collect"))
