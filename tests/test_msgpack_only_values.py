"""Values MessagePack holds and JSON does not (bin, a timestamp, an integer key, an extension),
which ``lc.msgpack.decode`` keeps in an opaque payload (hostile-input H16), given to the other
writers: an lc EncodeError naming where, or the value written, never a bare TypeError (red team
F13: ``to_lm15`` raised lm15's bare TypeError for all four; an Ext was a bare TypeError from
``lc.llm.encode`` and ``lc.arrow.to_table``). ``build_request`` / ``encode_response`` are the
provider writers' (not covered here)."""

from __future__ import annotations

import datetime
import io
from typing import Any

import msgspec
import pytest

import lmcodec as lc

VALUES: dict[str, Any] = {
    "bin": b"\x00\x01",
    "timestamp": datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc),
    "int key": {1: "a"},
    "ext": msgspec.msgpack.Ext(5, b"x"),
}


def _turn(value: Any) -> lc.Turn:
    raw = msgspec.msgpack.encode({"type": "tool_call", "id": "c", "name": "f", "input": {"v": value}})
    part = lc.msgpack.decode(raw, lc.Part)  # kept as msgspec decodes it (H16)
    response = lc.Response(
        id="r",
        model="m",
        message=lc.Message("assistant", [part]),
        finish_reason="tool_call",
        usage=lc.Usage(),
    )
    return lc.Turn(request=lc.Request("m", [lc.Message.user("x")]), response=response)


@pytest.mark.parametrize("label", list(VALUES))
def test_to_lm15_names_the_value_lm15_cannot_hold(label: str) -> None:
    turn = _turn(VALUES[label])
    with pytest.raises(lc.EncodeError, match=r"\$\.message\.parts\[0\]"):
        lc.to_lm15(turn.response)


@pytest.mark.parametrize("label", list(VALUES))
def test_llm_encode_writes_it_or_raises_an_encode_error(label: str) -> None:
    record = lc.llm.from_turn(_turn(VALUES[label]))
    if label == "ext":
        with pytest.raises(lc.EncodeError, match="Ext"):
            lc.llm.encode(record)
    else:
        lc.llm.encode(record)


def test_arrow_rejects_an_ext_by_record_and_writes_the_others() -> None:
    arrow = pytest.importorskip("lmcodec.arrow")
    good, bad = _turn(1), _turn(VALUES["ext"])
    with pytest.raises(lc.EncodeError, match=r"record 1: .*Ext"):
        arrow.to_table([good, bad])
    rejected: list[int] = []
    out = io.BytesIO()
    assert arrow.write_parquet([good, bad, good], out, on_reject=lambda i, r, e: rejected.append(i)) == 2
    assert rejected == [1]
