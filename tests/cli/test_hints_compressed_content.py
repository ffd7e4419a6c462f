"""xz, bzip2, zip, 7z or lz4 data under a plain name (red team 56 F04): read as text, one bad line
per chance newline byte, each "invalid character", and no word of the compression (gzip and zstd
data are read by their magic bytes; a ``.xz`` name is refused by its suffix). When no record was
read, the hint names the compression by its magic bytes, as the suffix's refusal does."""

from __future__ import annotations

import bz2
import io
import lzma
import zipfile
from pathlib import Path

import pytest

from lmcodec import cli

from .test_bad_records import TURN


def _zipped(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("log.jsonl", data)
    return out.getvalue()


LOG = TURN * 50
PACKED = {"xz": lzma.compress(LOG), "bzip2": bz2.compress(LOG), "zip": _zipped(LOG)}


@pytest.mark.parametrize("kind", PACKED)
@pytest.mark.parametrize("name", ["log.jsonl", "log.msgpack"])
def test_the_hint_names_the_compression_by_its_magic(
    kind: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_bytes(PACKED[kind])
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert (
        f"lmcodec: hint: no record was read; the input is {kind} data: {kind} compression is not "
        "supported: decompress it first, or use .gz, .zst or no compression"
    ) in err
    assert "Traceback" not in err


def test_a_plain_bad_log_gets_no_compression_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"BZ not bzip2\n")
    assert cli.main(["validate", str(path)]) == 1
    assert "compression" not in capsys.readouterr().err
