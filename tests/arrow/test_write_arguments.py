"""``write_parquet(records, path)`` called in ``lc.jsonl.write``'s order ``(path, records)``: a
TypeError that says the arguments are swapped (red team F12: it iterated the path string and
named ``<class 'str'>``, its first character)."""

from __future__ import annotations

from pathlib import Path

import pytest

import lmcodec as lc

pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")

TURNS = [
    lc.Turn(
        request=lc.Request("m", [lc.Message.user("x")]),
        response=lc.Response(
            id="r", model="m", message=lc.Message.assistant("y"), finish_reason="stop", usage=lc.Usage()
        ),
    )
]


@pytest.mark.parametrize("as_path", [str, Path], ids=["str", "Path"])
def test_a_path_first_is_named_as_swapped(tmp_path: Path, as_path: type) -> None:
    out = tmp_path / "log.parquet"
    with pytest.raises(TypeError, match=r"write_parquet\(records, path\).*swapped"):
        arrow.write_parquet(as_path(out), TURNS)
    assert not out.exists()
    assert arrow.write_parquet(TURNS, as_path(out)) == 1


@pytest.mark.parametrize(
    ("size", "error"),
    [
        (0, ValueError),
        (-1, ValueError),
        (None, TypeError),
        (1.5, TypeError),
        ("8", TypeError),
        (True, TypeError),
    ],
)
def test_a_row_group_size_that_is_no_positive_int_is_refused_at_the_call(
    tmp_path: Path, size: object, error: type[Exception]
) -> None:
    """Red team 12 F17: row_group_size=0 read nothing into the first batch, took it for an empty
    input and wrote an empty table (every record consumed, none written, no error); -1 and None
    were islice's bare errors."""
    out = tmp_path / "log.parquet"
    taken: list[object] = []

    def records() -> object:
        for turn in TURNS:
            taken.append(turn)
            yield turn

    with pytest.raises(error, match="row_group_size must be a positive int"):
        arrow.write_parquet(records(), out, row_group_size=size)  # type: ignore[arg-type]
    assert taken == [] and not out.exists()
