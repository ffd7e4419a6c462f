"""``convert`` / ``validate`` without ``--from`` / ``--to`` / ``--format``: a ``.msgpack`` or
``.parquet`` name (``.msgpack.gz`` / ``.zst`` too) is taken for its format, and a run where not
one record of a non-empty input was good fails (red team F09: ``convert log.msgpack out.jsonl``
read the MessagePack as JSON Lines, wrote an empty DEST with status 0 and no hint;
``convert log.jsonl out.parquet`` wrote JSON lines into out.parquet)."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest

import lmcodec as lc
from lmcodec import cli

from ..turns import numbered_turns

TURNS = numbered_turns(50)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".msgpack", ".msgpack.gz", ".MSGPACK.zst"])
def test_msgpack_input_is_read_by_its_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    src, dest = tmp_path / f"log{suffix}", tmp_path / "out.jsonl"
    lc.msgpack.write_stream(src, TURNS)
    code, err = _run(capsys, "convert", str(src), str(dest))
    assert code == 0, err
    assert list(lc.jsonl.read(dest, lc.Turn)) == TURNS
    assert _run(capsys, "validate", str(src)) == (0, f"lmcodec: {len(TURNS)} good records, 0 bad\n")


def test_output_is_written_in_the_format_its_suffix_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "log.jsonl"
    lc.jsonl.write(src, TURNS)
    packed = tmp_path / "out.msgpack.gz"
    assert _run(capsys, "convert", str(src), str(packed))[0] == 0
    assert list(lc.msgpack.read_stream(packed, lc.Turn)) == TURNS
    pytest.importorskip("pyarrow")
    from lmcodec import arrow

    table = tmp_path / "out.parquet"
    assert _run(capsys, "convert", str(src), str(table))[0] == 0
    assert list(arrow.read_parquet(table)) == TURNS
    back = tmp_path / "back.jsonl"
    assert _run(capsys, "convert", str(table), str(back))[0] == 0  # read by its suffix too
    assert list(lc.jsonl.read(back, lc.Turn)) == TURNS
    assert _run(capsys, "validate", str(table))[0] == 0


def test_an_explicit_format_wins_over_the_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, dest = tmp_path / "log.msgpack", tmp_path / "out.msgpack"
    lc.jsonl.write(src, TURNS)  # JSON lines under a .msgpack name
    code, err = _run(capsys, "convert", str(src), str(dest), "--from", "lm15", "--to", "lm15")
    assert code == 0, err
    assert list(lc.jsonl.read(dest, lc.Turn)) == TURNS


def test_a_run_with_no_good_record_fails_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dest = tmp_path / "log.msgpack", tmp_path / "out.jsonl"
    lc.msgpack.write_stream(src, TURNS)
    dest.write_bytes(b"kept\n")
    code, err = _run(capsys, "convert", str(src), str(dest), "--from", "lm15")
    assert code == 1, err
    assert "0 records converted" in err and f"nothing written to {dest}" in err
    assert "hint: no record was read; the input looks like MessagePack (--from msgpack)" in err
    assert dest.read_bytes() == b"kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.msgpack", "out.jsonl"]


def test_a_log_of_one_bad_line_fails_an_empty_one_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad, empty, dest = tmp_path / "bad.jsonl", tmp_path / "empty.jsonl", tmp_path / "out.jsonl"
    bad.write_bytes(b"not json\n")
    empty.write_bytes(b"")
    code, err = _run(capsys, "convert", str(bad), str(dest), "--rejects", str(tmp_path / "rejects.jsonl"))
    assert code == 1 and not dest.exists() and not (tmp_path / "rejects.jsonl").exists(), err
    assert _run(capsys, "convert", str(empty), str(dest))[0] == 0
    assert dest.read_bytes() == b""


def test_records_the_output_cannot_hold_count_as_not_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every record read but none writable (an integer past 64 bits, to MessagePack): nothing
    converted, status 1."""
    src, dest = tmp_path / "log.jsonl", tmp_path / "out.msgpack"
    lc.jsonl.write(src, [lc.replace(t, metadata={"n": 2**70}) for t in TURNS[:3]])
    code, err = _run(capsys, "convert", str(src), str(dest))
    assert code == 1 and "3 not written" in err and not dest.exists(), err


def test_msgpack_piped_in_gets_the_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = io.BytesIO()
    lc.msgpack.write_stream(data, TURNS)
    monkeypatch.setattr("sys.stdin", SimpleNamespace(buffer=io.BytesIO(data.getvalue())))
    code, err = _run(capsys, "convert", "-", str(tmp_path / "out.jsonl"))
    assert code == 1
    assert "the input looks like MessagePack (--from msgpack)" in err


def test_msgpack_of_another_record_type_gets_the_type_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "msgs.msgpack"
    lc.msgpack.write_stream(src, [lc.Message.user("x"), lc.Message.assistant("y")])
    code, err = _run(capsys, "validate", str(src))
    assert code == 1
    assert "hint: no record was read; the first bad one reads with --type Message" in err
    assert _run(capsys, "validate", str(src), "--type", "Message")[0] == 0


def test_parquet_without_pyarrow_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A .parquet name now picks the Parquet reader: without the optional pyarrow the command says
    so in one line (the ImportError was a traceback under --from parquet)."""
    from lmcodec import arrow

    def missing() -> None:
        raise ImportError("lmcodec.arrow needs pyarrow (the 'arrow' extra): pip install pyarrow")

    monkeypatch.setattr(arrow, "pyarrow_module", missing)
    src = tmp_path / "log.parquet"
    src.write_bytes(b"PAR1")
    code, err = _run(capsys, "validate", str(src))
    assert (code, err) == (
        2,
        "lmcodec: lmcodec.arrow needs pyarrow (the 'arrow' extra): pip install pyarrow\n",
    )
    code, err = _run(capsys, "convert", str(tmp_path / "log.parquet"), str(tmp_path / "out.jsonl"))
    assert code == 2 and err.startswith("lmcodec: lmcodec.arrow needs pyarrow") and len(err.splitlines()) == 1


@pytest.mark.parametrize("kind", ["Request", "Response", "StreamEvent"])
def test_a_log_of_canonical_records_of_another_type_gets_the_type_hint_not_llm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """A log of canonical Requests validated as Turns was hinted ``--format llm`` (llm's reader
    takes any object with a "model"), and ``convert --from llm`` then wrote each user prompt as
    the assistant's answer, status 0 (red team 12 F16). The canonical types are tried first; llm
    first only for a line with llm's own "prompt" key."""
    turn = TURNS[0]
    records: list[object] = {
        "Request": [turn.request] * 3,
        "Response": [turn.response] * 3,
        "StreamEvent": [lc.StreamStartEvent(id="r", model="m"), lc.StreamEndEvent(finish_reason="stop")],
    }[kind]
    src = tmp_path / "records.jsonl"
    src.write_bytes(b"".join(lc.encode(r) + b"\n" for r in records))
    code, err = _run(capsys, "validate", str(src))
    assert code == 1
    assert err.endswith(f"no record was read; the first bad one reads with --type {kind}\n"), err
    assert _run(capsys, "validate", str(src), "--type", kind)[0] == 0
    llm_log = tmp_path / "llm.jsonl"
    llm_log.write_bytes(lc.llm.encode(lc.llm.from_turn(turn)) + b"\n")
    code, err = _run(capsys, "validate", str(llm_log))
    assert code == 1 and err.endswith("the first bad one reads with --format llm\n"), err
