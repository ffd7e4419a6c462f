"""lmcodec validate / convert of a MessagePack log holding a run of NULs (red team 16 F02): one bad
record per 4 bytes, ~25 us of the command's own bookkeeping each (50 s for 1 MiB on the shared
cores); now one per 64 KiB of the run, and with --rejects the record after the run is still
written verbatim (the tap keeps a length prefix read past the run for the next record)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli
from lmcodec.cli._rejects import Tap
from lmcodec.codecs.msgpack import _ZERO_RUN

from ..codecs.test_msgpack_zero_length_runs import _NoLookAhead
from .test_bad_records import TURN

_GOOD = lc.msgpack.encode(lc.decode(TURN, lc.Turn))


def _framed(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def test_validate_and_convert_report_a_run_of_nuls_once_per_64_kib(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dest, rejects = tmp_path / "in.msgpack", tmp_path / "out.msgpack", tmp_path / "rejects.msgpack"
    nuls = b"\0" * (1 << 20)
    src.write_bytes(_framed(_GOOD) + nuls + _framed(_GOOD))
    reports = -(-len(nuls) // (_ZERO_RUN + 4))
    assert cli.main(["validate", str(src)]) == 1
    assert f"2 good records, {reports} bad" in capsys.readouterr().err
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    assert f"2 records converted, {reports} bad records" in capsys.readouterr().err
    assert dest.read_bytes() == (_framed(_GOOD)) * 2  # the record after the run, verbatim
    assert rejects.read_bytes() == b"\0" * 4 * reports  # each run: one zero-length record


def test_the_tap_gives_the_record_after_a_run_read_without_look_ahead() -> None:
    """Where SRC shows nothing ahead, the reader reads the length prefix that ends a run of NULs
    before it reports the run: the tap keeps it for the record it starts."""
    tap = Tap(_NoLookAhead(_framed(_GOOD) + b"\0" * 4000 + _framed(_GOOD)), length_prefixed=True)
    reader = lc.msgpack.read_stream(tap, lc.Turn, on_error=lambda bad: tap.take())
    taken = []
    for _ in reader:
        taken.append(tap.take())
    assert taken == [_GOOD, _GOOD] and reader.bad == 1
