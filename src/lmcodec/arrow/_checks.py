"""What converting or checking an Arrow column can fail with, and the Arrow types each leaf kind
reads; pyarrow imported on first use (the optional extra arrow)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = [
    "LEAF_READS",
    "BadRows",
    "ColumnMismatch",
    "ColumnsDiffer",
    "TooLarge",
    "UnknownItem",
    "leaf_storage",
    "mismatch",
    "pyarrow_module",
    "refused_values",
]

_pa: Any = None


def pyarrow_module() -> Any:
    global _pa
    if _pa is not None:
        return _pa
    try:
        import pyarrow  # type: ignore[import-untyped, import-not-found, unused-ignore]
        import pyarrow.parquet  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise ImportError(
            "lmcodec.arrow needs pyarrow (the 'arrow' extra): pip install pyarrow, "
            "or in a checkout of lmcodec pip install -e '.[arrow]'"
        ) from exc
    _pa = pyarrow
    return pyarrow


class TooLarge(Exception):
    """A column of one batch outgrew a single Arrow array (2 GiB of text): split the batch."""


class BadRows(Exception):
    """Rows of a column Arrow cannot hold (``rows``: row index -> why), found within the one
    conversion, so the records holding them are dropped without converting each on its own."""

    def __init__(self, rows: dict[int, str]) -> None:
        super().__init__(next(iter(rows.values())))
        self.rows = rows

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.rows,), self.__dict__)  # (lmcodec's errors pickle: tests/test_errors.py)


class UnknownItem(BadRows):
    """A record holds an item of a tag lmcodec does not know (``unknown="keep"``): the table has
    a column for every field of the known parts and tools, and none that holds it."""


def refused_values(values: list[Any], arrow_type: Any) -> dict[int, str]:
    """The values ``pa.array`` refuses (an int past int64, a lone surrogate), each with pyarrow's
    reason, by halving the column: a pa.array call per piece, cheap next to a whole record's."""
    pa = pyarrow_module()
    refused: dict[int, str] = {}
    pieces = [(0, len(values))]
    while pieces:
        lo, hi = pieces.pop()
        try:
            pa.array(values[lo:hi], type=arrow_type)
        except (pa.ArrowException, OverflowError, ValueError) as exc:
            if hi - lo == 1:
                refused[lo] = str(exc)
            else:
                mid = (lo + hi) // 2
                pieces += [(mid, hi), (lo, mid)]
    return refused


class ColumnMismatch(Exception):
    """A column its node cannot read (``column``: its dotted path, list items as ``[]``)."""

    def __init__(self, column: str, problem: str) -> None:
        super().__init__(f"column {column} {problem}")
        self.column = column
        self.problem = problem

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.column, self.problem), self.__dict__)


class ColumnsDiffer(ColumnMismatch):
    """A table lmcodec.arrow wrote lacks a column it writes, or holds one it does not write."""


def mismatch(column: str, expected: str, found: Any) -> ColumnMismatch:
    shown = str(found)
    if len(shown) > 120:
        shown = shown[:117] + "..."
    return ColumnMismatch(column, f"is {shown}, where lmcodec.arrow reads {expected}")


def leaf_storage(pa: Any, found: Any) -> Any:
    """The type a leaf column's values are read as: extension and dictionary types unwrapped."""
    while True:
        if isinstance(found, pa.BaseExtensionType):
            found = found.storage_type
        elif pa.types.is_dictionary(found):
            found = found.value_type
        else:
            return found


def _is_text(t: Any) -> bool:
    types = pyarrow_module().types
    return bool(types.is_string(t) or types.is_large_string(t) or types.is_string_view(t))


def _is_number(t: Any) -> bool:  # a float field reads integers as msgspec does
    types = pyarrow_module().types
    return bool(types.is_floating(t) or types.is_integer(t))


# The Arrow types whose Python values a leaf of each kind hands to the canonical decoder.
LEAF_READS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "string": ("string", _is_text),
    "json": ("JSON text (string)", _is_text),
    "int64": ("an integer", lambda t: bool(pyarrow_module().types.is_integer(t))),
    "float64": ("a number", _is_number),
    "bool_": ("bool", lambda t: bool(pyarrow_module().types.is_boolean(t))),
}
