"""write_parquet with on_reject (red team 6 F01): the good records between rejected ones were each
written as their own row group (512 good + 512 rejected records: 512 row groups, a file ~300x
the size, N log N records converted by halving). The bad records are still found and handed to
on_reject, and the good ones are written as if the bad ones were not there."""

from __future__ import annotations

import io
from typing import Any

import pytest

import lmcodec as lc

pa = pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
pq = pytest.importorskip("pyarrow.parquet")
arrow = pytest.importorskip("lmcodec.arrow")
nodes = pytest.importorskip("lmcodec.arrow._nodes")

_USAGE = lc.Usage(input_tokens=1, output_tokens=1)
_RESPONSE = lc.Response("r1", "m", lc.Message.assistant("ok"), "stop", _USAGE)
GOOD = lc.Turn(request=lc.Request("m", [lc.Message.user("hi")]), response=_RESPONSE)
_LINE = lc.encode(GOOD)
# Decodes (usage counts up to 2**64-1) but no int64 column holds it.
PAST_INT64 = lc.decode(_LINE.replace(b'"input_tokens":1', b'"input_tokens":%d' % (2**63 + 1)), lc.Turn)
_HOLOGRAM = b'{"type":"hologram","x":1}'
UNKNOWN_PART = lc.decode(_LINE.replace(b'{"type":"text","text":"hi"}', _HOLOGRAM), lc.Turn, unknown="keep")
BAD = {"an int past int64": PAST_INT64, "an unknown part": UNKNOWN_PART}


def _write(records: list[Any], **options: Any) -> tuple[bytes, list[int]]:
    out = io.BytesIO()
    rejected: list[int] = []
    written = arrow.write_parquet(records, out, on_reject=lambda i, r, e: rejected.append(i), **options)
    assert written == len(records) - len(rejected)
    return out.getvalue(), rejected


def _layout(data: bytes) -> tuple[int, list[int]]:
    meta = pq.ParquetFile(io.BytesIO(data)).metadata
    return meta.num_row_groups, [meta.row_group(g).num_rows for g in range(meta.num_row_groups)]


@pytest.mark.parametrize("row_group_size", [16, 4096])
@pytest.mark.parametrize("kind", sorted(BAD))
def test_rejected_records_leave_the_row_groups_of_the_good_ones(kind: str, row_group_size: int) -> None:
    bad = BAD[kind]
    mixed, rejected = _write([GOOD, bad] * 64, row_group_size=row_group_size)
    alone, none = _write([GOOD] * 64, row_group_size=row_group_size)
    assert none == []
    assert rejected == list(range(1, 128, 2))
    assert _layout(mixed) == _layout(alone)
    assert len(mixed) == len(alone)
    assert list(arrow.read_parquet(io.BytesIO(mixed))) == [GOOD] * 64


def test_bad_records_of_two_causes_in_one_batch_are_all_rejected() -> None:
    records = [GOOD, PAST_INT64, GOOD, UNKNOWN_PART, UNKNOWN_PART, GOOD, PAST_INT64]
    data, rejected = _write(records)
    assert rejected == [1, 3, 4, 6]
    assert _layout(data) == (1, [3])
    assert list(arrow.read_parquet(io.BytesIO(data))) == [GOOD] * 3


def test_without_on_reject_the_first_bad_record_is_named_after_the_ones_before() -> None:
    out = io.BytesIO()
    with pytest.raises(lc.EncodeError, match=r"record 2: .*UnknownPart"):
        arrow.write_parquet([GOOD, GOOD, UNKNOWN_PART, GOOD, PAST_INT64], out)
    assert list(arrow.read_parquet(io.BytesIO(out.getvalue()))) == [GOOD, GOOD]
    with pytest.raises(lc.EncodeError, match=r"record 1: "):
        arrow.to_table([GOOD, PAST_INT64, UNKNOWN_PART])


def test_records_converted_grow_linearly_with_the_rejected_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Halving converted each record once per level (N log N) and wrote a row group per good run."""
    node = nodes.struct_node((lc.Turn,))
    converted: list[int] = []
    to_arrow = type(node).to_arrow

    def counting(self: Any, values: list[Any]) -> Any:
        if self is node:
            converted.append(len(values))
        return to_arrow(self, values)

    monkeypatch.setattr(type(node), "to_arrow", counting)
    counts = []
    for n in (64, 256):
        converted.clear()
        _write([GOOD, PAST_INT64] * n)
        counts.append(sum(converted))
    assert counts[1] <= 4 * counts[0], counts
    assert counts[0] <= 3 * 2 * 64, counts
