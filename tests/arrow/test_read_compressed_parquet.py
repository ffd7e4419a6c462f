"""A Parquet file compressed whole (``gzip log.parquet``: red team 56 F06) was called corrupt
("Parquet magic bytes not found in footer. Either the file is corrupted or this is not a parquet
file"). Parquet is not read compressed (it must seek, and compresses its columns itself): the
DecodeError says what the file is and how to read it."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli

from ..cli.test_bad_records import TURN

arrow = pytest.importorskip("lmcodec.arrow")
pytest.importorskip("pyarrow")
zstandard = pytest.importorskip("zstandard")


def _parquet(tmp_path: Path) -> bytes:
    plain = tmp_path / "plain.parquet"
    arrow.write_parquet([lc.decode(TURN, lc.Turn)] * 3, plain)
    return plain.read_bytes()


@pytest.mark.parametrize(("kind", "suffix", "how"), [("gzip", ".gz", "gunzip"), ("zstd", ".zst", "zstd -d")])
def test_a_compressed_parquet_file_is_named_so(
    kind: str, suffix: str, how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _parquet(tmp_path)
    packed = tmp_path / f"log.parquet{suffix}"
    packed.write_bytes(gzip.compress(data) if kind == "gzip" else zstandard.ZstdCompressor().compress(data))
    message = (
        f"{packed} is {kind}-compressed Parquet, which is not read compressed (Parquet compresses its "
        f"columns itself): decompress it first ({how})"
    )
    with pytest.raises(lc.DecodeError) as info:
        list(arrow.read_parquet(packed))
    assert str(info.value) == message
    assert cli.main(["validate", str(packed)]) == 1
    err = capsys.readouterr().err
    assert message in err and "corrupted" not in err and "Traceback" not in err


def test_a_damaged_parquet_file_is_still_called_unreadable(tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"not parquet at all")
    with pytest.raises(lc.DecodeError, match="is not a readable Parquet file"):
        list(arrow.read_parquet(bad))
