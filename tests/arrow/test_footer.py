"""One bit flipped in the footer of a Parquet file lmcodec wrote (red-team F07).

No page checksum covers the footer (the Thrift FileMetaData: the schema, the row groups). A
flipped column name read as a "missing" column (absent in every record) next to an "unexpected"
one (ignored): a field dropped from every record, silently; a flipped value count made a row
group read as no records, silently. A file whose metadata says lmcodec wrote it must now have
exactly the columns lmcodec.arrow writes for its record type, and every row group must give the
records its footer counts: otherwise a DecodeError names the file and the column or row group.
"""

from __future__ import annotations

import io
import random
import struct
from collections.abc import Iterator
from typing import Any

import pytest

import lmcodec as lc

from .test_column_types import RECORDS

pa = pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")


def _written(records: list[Any]) -> bytes:
    out = io.BytesIO()
    arrow.write_parquet(records, out)
    return out.getvalue()


def _footer_start(data: bytes) -> int:
    """Where the Thrift FileMetaData starts (before its length and the closing "PAR1")."""
    return len(data) - 8 - int(struct.unpack("<I", data[-8:-4])[0])


def _read(data: bytes) -> tuple[list[bytes], lc.LmcodecError | None]:
    """The canonical JSON of the records read, and the lc error that ended the read (else None)."""
    got: list[bytes] = []
    try:
        for record in arrow.read_parquet(io.BytesIO(data)):
            got.append(lc.encode(record, include_provider_data=True))
    except lc.LmcodecError as exc:
        return got, exc
    return got, None


def _names_first_seen(fields: Any, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(name, dotted column path) of every field, depth first as the Parquet schema lists them."""
    for field in fields:
        path = f"{prefix}{field.name}"
        yield field.name, path
        arrow_type = field.type
        while pa.types.is_list(arrow_type):
            arrow_type = arrow_type.value_type
            path += "[]"
        if pa.types.is_struct(arrow_type):
            yield from _names_first_seen(arrow_type, f"{path}.")


def test_a_flipped_bit_in_any_column_name_is_refused_naming_the_column() -> None:
    data = _written(RECORDS)
    start = _footer_start(data)
    seen: set[str] = set()
    flipped = 0
    for name, path in _names_first_seen(arrow.schema(lc.Turn)):
        if name in seen:
            continue
        seen.add(name)
        encoded = bytes([len(name)]) + name.encode()  # the compact Thrift binary: length, then bytes
        at = data.index(encoded, start) + len(encoded) - 1  # the first: the schema element
        damaged = bytearray(data)
        damaged[at] ^= 0x01
        got, err = _read(bytes(damaged))
        assert got == [] and isinstance(err, lc.DecodeError), (path, err)
        assert f"column {path} is missing" in str(err), (path, str(err))
        flipped += 1
    assert flipped > 80


@pytest.mark.thorough
@pytest.mark.parametrize(
    ("records", "step"),
    [([lc.Message.user("hi"), lc.Message.assistant("yo")], 7), (RECORDS, 71)],
    ids=["Message file, every 7th byte", "Turn file, every 71st byte"],
)
def test_bit_flips_across_the_footer_never_give_altered_or_missing_records(
    records: list[Any], step: int
) -> None:
    """Each flip gives the records as written, or the records before the damage and then an lc
    error (never pyarrow's own)."""
    data = _written(records)
    written = [lc.encode(r, include_provider_data=True) for r in records]
    rng = random.Random(step)
    outcomes = {"error": 0, "intact": 0}
    for at in range(_footer_start(data), len(data) - 8, step):
        damaged = bytearray(data)
        damaged[at] ^= 1 << rng.randrange(8)
        got, err = _read(bytes(damaged))
        assert got == written[: len(got)], at
        assert err is not None or len(got) == len(written), at
        outcomes["error" if err is not None else "intact"] += 1
    assert outcomes["error"] > 100 and outcomes["intact"] > 100, outcomes


def test_a_row_group_that_reads_as_fewer_records_than_its_footer_counts_is_an_error() -> None:
    """The flips the footer sweep found: a column chunk's value count made its row group read as
    no records, and no error. Every bit of the first column chunks' counts: each read gives the
    records, or those before the damage and then an lc error."""
    records = [lc.Message.user(f"m{i}") for i in range(8)]
    out = io.BytesIO()
    arrow.write_parquet(records, out, row_group_size=4)
    data = out.getvalue()
    written = [lc.encode(r) for r in records]
    # ColumnMetaData field 5, num_values (i64, after field 4): header 0x16, then zigzag varint 4
    counts = [at + 1 for at in range(_footer_start(data), len(data) - 9) if data[at : at + 2] == b"\x16\x08"]
    assert len(counts) >= 4
    short = 0
    for at in counts[:12]:
        for bit in range(8):
            damaged = bytearray(data)
            damaged[at] ^= 1 << bit
            got, err = _read(bytes(damaged))
            assert got == written[: len(got)], (at, bit)
            assert err is not None or got == written, (at, bit, len(got))
            short += err is not None and "by its footer" in str(err)
    assert short > 0
