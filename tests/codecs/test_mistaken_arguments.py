"""First-day mistakes with the codecs get an lc error that says what to pass (red team 54 F04:
``lc.decode(a_dict, lc.Request)`` and ``lc.jsonl.write(path, one_turn)`` raised Python's bare
TypeError, no hint)."""

from __future__ import annotations

from pathlib import Path

import pytest

import lmcodec as lc

from ..turns import numbered_turns

TURN = numbered_turns(1)[0]


@pytest.mark.parametrize("value", [{"model": "m", "messages": []}, [1], 7, None])
def test_decode_of_a_parsed_value_names_from_builtins(value: object) -> None:
    with pytest.raises(lc.UnsupportedTypeError) as caught:
        lc.decode(value, lc.Request)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"lc.decode reads JSON text (bytes or str), not {type(value).__name__}: read a parsed value "
        "with lc.from_builtins(value, Request)"
    )


def test_decode_of_an_unsupported_type_still_names_the_type() -> None:
    with pytest.raises(lc.UnsupportedTypeError) as caught:
        lc.decode(b"{}", dict[int, Path])
    assert "lc.from_builtins" not in str(caught.value)


@pytest.mark.parametrize("writer", ["jsonl.write", "msgpack.write_stream"])
@pytest.mark.parametrize("one", [TURN, TURN.request, 7], ids=["Turn", "Request", "int"])
def test_writing_one_record_says_to_pass_a_list(tmp_path: Path, writer: str, one: object) -> None:
    module, name = writer.split(".")
    write = getattr(getattr(lc, module), name)
    dest = tmp_path / "out"
    with pytest.raises(lc.UnsupportedTypeError) as caught:
        write(dest, one)
    assert str(caught.value) == (
        f"lc.{writer} takes an iterable of records, not {type(one).__name__}: for one record pass [record]"
    )
    assert not dest.exists()
    if not isinstance(one, int):
        assert write(dest, [one]) == 1
