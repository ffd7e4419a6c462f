"""A value nested past msgspec's depth limit at a field the typed reader refuses (red team 31 F03):
the refusal's repeated-key check (codecs/_last_value) read the refused value untyped and msgspec's
RecursionError escaped ``lc.decode``, stopped ``lc.jsonl.read`` (every good record after the line
lost) and ended ``lmcodec validate`` in a traceback. Every such record is now refused with an lc
error, at every field of every record type, nested in arrays or objects; a lenient reading may
instead read the value as its lenient forms do (a part given as another JSON value is its text) where
the parser reaches its depth (CPython 3.13's msgspec reads 1,000 levels that 3.10-3.12's refuses)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from ..cli.test_cli import run

_TURN = lc.Turn(
    request=lc.Request(model="m", messages=(lc.Message.user("hi"),)),
    response=lc.Response(
        id="r1", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()
    ),
)
_SAMPLES: dict[type, Any] = {
    lc.Turn: _TURN,
    lc.Request: _TURN.request,
    lc.Response: _TURN.response,
    lc.Message: _TURN.request.messages[0],
}
DEPTHS = (1_000, 10_000)


def _deep(depth: int, kind: str) -> bytes:
    if kind == "array":
        return b"[" * depth + b"]" * depth
    return b'{"a":' * depth + b"1" + b"}" * depth


def _with_deep_field(sample: Any, key: str, deep: bytes) -> bytes:
    """``sample``'s JSON with the value of ``key`` replaced by ``deep`` (its other keys as written)."""
    fields = msgspec.json.decode(lc.encode(sample), type=dict[str, msgspec.Raw])
    fields[key] = msgspec.Raw(deep)
    return msgspec.json.encode(fields)


def _cases() -> list[tuple[type, str, int, str]]:
    return [
        (T, key, depth, kind)
        for T, sample in _SAMPLES.items()
        for key in msgspec.json.decode(lc.encode(sample), type=dict[str, msgspec.Raw])
        for depth in DEPTHS
        for kind in ("array", "object")
    ]


@pytest.mark.parametrize(("T", "key", "depth", "kind"), _cases())
def test_a_deep_value_at_any_field_is_an_lc_error(T: type, key: str, depth: int, kind: str) -> None:
    data = _with_deep_field(_SAMPLES[T], key, _deep(depth, kind))
    with pytest.raises(lc.LmcodecError):
        lc.decode(data, T)


@pytest.mark.parametrize(("T", "key", "depth", "kind"), _cases())
def test_a_deep_value_read_leniently_is_a_record_or_an_lc_error(
    T: type, key: str, depth: int, kind: str
) -> None:
    data = _with_deep_field(_SAMPLES[T], key, _deep(depth, kind))
    try:
        record = lc.decode(data, T, lenient=True)
    except lc.LmcodecError:
        return
    assert type(record) is T


def test_jsonl_read_reports_the_deep_record_and_keeps_the_good_ones(tmp_path: Path) -> None:
    good = lc.encode(_TURN)
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"\n".join([good, b'{"request":' + _deep(1_000, "array") + b"}", good]) + b"\n")
    bad: list[lc.jsonl.BadRecord] = []
    got = list(lc.jsonl.read(path, lc.Turn, on_error=bad.append))
    assert got == [_TURN, _TURN]
    assert [record.line for record in bad] == [2]


def test_validate_names_the_deep_record(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(lc.encode(_TURN) + b"\n" + b'{"request":' + _deep(1_000, "array") + b"}\n")
    out = run("validate", str(path))
    assert out.returncode == 1
    assert b"Traceback" not in out.stderr
    assert b"bad record, line 2 (byte " in out.stderr
    assert b"1 good record" in out.stderr
