"""``lmcodec convert`` of a log a crash damaged and a restarted writer appended to (red team 56
F05, F07): every record around the run of NULs is written, the run reported as one bad record,
with and without ``--rejects`` (which reads the input through the tap that keeps each record's
bytes: a record found after a run whose length is not a multiple of 4 is written verbatim too)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli
from lmcodec.cli._rejects import Tap

from ..codecs.test_msgpack_zero_length_runs import _NoLookAhead
from .test_bad_records import TURN

REC = TURN.rstrip(b"\n")
_GOOD = lc.msgpack.encode(lc.decode(TURN, lc.Turn))


def _framed(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


@pytest.mark.parametrize("rejects", [False, True])
@pytest.mark.parametrize(
    "log",
    [
        REC + b"\n" + b"\0" * 4096 + REC + b"\n" + REC + b"\n",
        REC + b"\n" + REC + b"\0" * 9 + b"\n" + REC + b"\n",
    ],
    ids=["nuls before a record", "nuls after a record"],
)
def test_jsonl_every_record_around_the_nuls_is_converted(
    log: bytes, rejects: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dest, bad = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    src.write_bytes(log)
    cli.main(["convert", str(src), str(dest), *(["--rejects", str(bad)] if rejects else [])])
    err = capsys.readouterr().err
    assert "3 records converted, 1 bad record" in err and "Traceback" not in err
    assert dest.read_bytes() == (REC + b"\n") * 3
    if rejects:
        assert bad.read_bytes().strip(b"\0\n") == b""


@pytest.mark.parametrize("run", [1, 5, 4097])
def test_msgpack_every_record_after_the_run_is_converted(
    run: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dest, bad = tmp_path / "in.msgpack", tmp_path / "out.msgpack", tmp_path / "bad.msgpack"
    src.write_bytes(_framed(_GOOD) + b"\0" * run + _framed(_GOOD) * 2)
    cli.main(["convert", str(src), str(dest), "--rejects", str(bad)])
    err = capsys.readouterr().err
    assert "3 records converted, 1 bad record" in err and "Traceback" not in err
    assert dest.read_bytes() == _framed(_GOOD) * 3


@pytest.mark.parametrize("run", [1, 5, 6, 7, 4096, 4097])
def test_the_tap_stays_in_step_after_a_record_found_after_a_run(run: int) -> None:
    """A record found after a misaligned run is not where the tap's framing puts it: the reader
    counts it (``recovered``) and the command forgets the tap's bytes there (its --rejects bytes
    are the record encoded again); every record after it is the tap's, verbatim."""
    tap = Tap(_NoLookAhead(_framed(_GOOD) + b"\0" * run + _framed(_GOOD) * 3), length_prefixed=True)
    reader = lc.msgpack.read_stream(tap, lc.Turn, on_error=lambda bad: tap.take())
    taken, recovered = [], 0
    for _ in reader:
        if reader.recovered != recovered:
            recovered = reader.recovered
            tap.forget()
            taken.append(None)
        else:
            taken.append(tap.take())
    assert reader.bad == 1 and recovered == (run % 4 != 0)
    assert taken == [_GOOD, None if recovered else _GOOD, _GOOD, _GOOD]
