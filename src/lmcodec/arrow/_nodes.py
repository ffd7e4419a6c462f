"""Arrow schema nodes of the wire types: each converts a whole column between field values and an
Arrow array (the column rules are described in :mod:`lmcodec.arrow`), and checks, once per file or
table, that a column's Arrow type is one it reads; pyarrow imported on first use."""

from __future__ import annotations

import bisect
import itertools
import operator
import os
import threading
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec
import msgspec.inspect as mi

from lmcodec.arrow._checks import LEAF_READS as _LEAF_READS
from lmcodec.arrow._checks import (
    BadRows,
    ColumnMismatch,
    ColumnsDiffer,
    TooLarge,
    UnknownItem,
    pyarrow_module,
)
from lmcodec.arrow._checks import leaf_storage as _leaf_storage
from lmcodec.arrow._checks import mismatch as _mismatch
from lmcodec.arrow._checks import refused_values as _refused_values
from lmcodec.codecs._hooks import enc_hook
from lmcodec.wire import Reasoning
from lmcodec.wire._exact import as_exact, exact_class
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.unknown import Unknown

__all__ = ["Node", "struct_node"]

_SKIPPED = {(Reasoning, "budget")}  # a legacy read alias, moved to thinking_budget by every decode

_json_encode = msgspec.json.Encoder(enc_hook=enc_hook).encode
_json_decode = msgspec.json.Decoder(float_hook=float_literal).decode


def _json_type(pa: Any) -> Any:
    return pa.json_() if hasattr(pa, "json_") else pa.string()


# ---------------------------------------------------------------------------- schema nodes
# Each node converts a whole column at once: ``to_arrow(values)`` takes the field values
# of every row (a list, None for null) and returns an Arrow array; ``from_arrow(array)``
# returns the builtins values of every row, ready for the canonical decoder.
class _Leaf:
    """A scalar column; ``conv`` turns a field value into what Arrow stores (JSON text, path string)."""

    __slots__ = ("_type", "conv", "is_json", "kind", "null_text")

    def __init__(self, kind: str, conv: Callable[[Any], Any] | None = None, null_text: bool = False) -> None:
        self.kind = kind
        self.conv = conv
        self.is_json = kind == "json"
        self.null_text = null_text  # None is an explicit JSON null (a required field, a list item)
        self._type: Any = None

    def arrow_type(self) -> Any:
        if self._type is None:
            pa = pyarrow_module()
            self._type = _json_type(pa) if self.is_json else getattr(pa, self.kind)()
        return self._type

    def convert(self, values: list[Any]) -> list[Any]:
        """Field values as Arrow stores them (done per field: a union's other rows stay NULL)."""
        conv = self.conv
        if conv is None:
            return values
        null = b"null" if self.null_text else None
        try:
            return [null if v is None else conv(v) for v in values]
        except TypeError as exc:  # a payload value JSON cannot spell (a MessagePack extension)
            if not self.is_json:
                raise
            raise ValueError(f"a JSON column cannot hold a value of it: {exc}") from exc

    def to_arrow(self, values: list[Any]) -> Any:
        pa = pyarrow_module()
        arrow_type = pa.string() if self.is_json else self.arrow_type()
        try:
            arr = pa.array(values, type=arrow_type)
        except (pa.ArrowException, OverflowError, ValueError) as exc:
            refused = _refused_values(values, arrow_type)
            if not refused:  # refused as a whole only: let the caller halve the records
                raise
            raise BadRows(refused) from exc
        if isinstance(arr, pa.ChunkedArray):
            raise TooLarge
        if self.is_json and hasattr(pa, "json_"):
            arr = pa.ExtensionArray.from_storage(pa.json_(), arr)
        return arr

    def check(self, found: Any, column: str, exact: bool = False) -> None:
        """Raise ColumnMismatch unless a column of type ``found`` reads as this leaf (null: absent)."""
        pa = pyarrow_module()
        expected, reads = _LEAF_READS[self.kind]
        if not pa.types.is_null(found) and not reads(_leaf_storage(pa, found)):
            raise _mismatch(column, expected, found)

    def from_arrow(self, arr: Any) -> list[Any]:
        if not self.is_json:
            return arr.to_pylist()  # type: ignore[no-any-return]
        parse = _json_decode
        return [None if text is None else parse(text) for text in getattr(arr, "storage", arr).to_pylist()]


class _List:
    __slots__ = ("_type", "item")

    def __init__(self, item: Node) -> None:
        self.item = item
        self._type: Any = None

    def arrow_type(self) -> Any:
        if self._type is None:
            self._type = pyarrow_module().list_(self.item.arrow_type())
        return self._type

    def to_arrow(self, values: list[Any]) -> Any:
        pa = pyarrow_module()
        mask = None
        present = values
        if values.count(None):
            mask = pa.array([v is None for v in values])
            present = [v for v in values if v is not None]
        lengths = map(len, values) if mask is None else (0 if v is None else len(v) for v in values)
        offsets = list(itertools.accumulate(lengths, initial=0))
        flat = list(itertools.chain.from_iterable(present))
        try:
            items = self.item.to_arrow(self.item.convert(flat) if isinstance(self.item, _Leaf) else flat)
        except BadRows as exc:
            raise type(exc)(_rows_of(exc.rows, offsets)) from None
        offset_array = pa.array(offsets, type=pa.int32())
        return pa.ListArray.from_arrays(offset_array, items, type=self.arrow_type(), mask=mask)

    def check(self, found: Any, column: str, exact: bool = False) -> None:
        """Raise ColumnMismatch unless ``found`` is a list (or large list) of what the item reads."""
        types = pyarrow_module().types
        if types.is_null(found):
            return
        if not (types.is_list(found) or types.is_large_list(found)):
            raise _mismatch(column, "a list", found)
        self.item.check(found.value_type, f"{column}[]", exact)

    def from_arrow(self, arr: Any) -> list[Any]:
        if arr.null_count == len(arr):  # a null-typed column too: nothing to read
            return [None] * len(arr)
        offsets = arr.offsets.to_pylist()
        first = offsets[0]
        items = self.item.from_arrow(arr.values.slice(first, offsets[-1] - first))
        out = [items[a - first : b - first] for a, b in itertools.pairwise(offsets)]
        return _with_nulls(out, arr)


def _rows_of(items: dict[int, str], offsets: list[int]) -> dict[int, str]:
    """The list rows holding the flattened items (first reason kept per row)."""
    rows: dict[int, str] = {}
    for i, why in sorted(items.items()):
        rows.setdefault(bisect.bisect_right(offsets, i) - 1, why)
    return rows


def _with_nulls(values: list[Any], arr: Any) -> list[Any]:
    if not arr.null_count:
        return values
    return [v if ok else None for v, ok in zip(values, arr.is_valid().to_pylist(), strict=True)]


class _Field(NamedTuple):
    """A field of a Struct: attribute, wire key, column node; ``parts`` for a ``str | tuple`` split."""

    attr: str
    key: str
    node: Node
    required: bool
    parts: Node | None


class _Struct:
    """A Struct class, or a tagged union of them (one struct; the tag column first)."""

    __slots__ = ("_type", "classes", "columns", "fields", "keys", "tag_field", "tags")

    def __init__(self, classes: tuple[type, ...]) -> None:
        self._type: Any = None
        self.classes = classes
        self.fields = {cls: _fields(cls) for cls in classes}
        self.tags = {cls: cls.__struct_config__.tag for cls in classes}  # type: ignore[attr-defined]
        config = classes[0].__struct_config__  # type: ignore[attr-defined]
        tagged = len(classes) > 1 or config.tag is not None
        self.tag_field: str | None = (config.tag_field or "type") if tagged else None
        merged: dict[str, _Field] = {}
        for fields in self.fields.values():
            for f in fields:
                first = merged.setdefault(f.key, f)
                if _signature(f.node) != _signature(first.node) or (f.parts is None) != (first.parts is None):
                    raise TypeError(f"field {f.key!r} differs in type across {classes}")
        order = list(merged)
        if len(classes) > 1:  # a field that ends every variant (continuation) ends the union too
            last = [k for k in order if all(fs and fs[-1].key == k for fs in self.fields.values())]
            order = [k for k in order if k not in last] + last
        self.columns: dict[str, Node] = {}
        self.keys: dict[str, str] = {}  # column -> wire key (system_parts -> system)
        for key in order:
            for name, node in ((key, merged[key].node), (f"{key}_parts", merged[key].parts)):
                if node is not None:
                    if name in self.columns or name == self.tag_field:
                        raise TypeError(f"column {name!r} collides in {classes}")
                    self.columns[name] = node
                    self.keys[name] = key

    def arrow_type(self) -> Any:
        if self._type is None:
            pa = pyarrow_module()
            names = ([self.tag_field] if self.tag_field else []) + list(self.columns)
            types = ([pa.string()] if self.tag_field else []) + [
                n.arrow_type() for n in self.columns.values()
            ]
            self._type = pa.struct([pa.field(n, t) for n, t in zip(names, types, strict=True)])
        return self._type

    def to_arrow(self, values: list[Any]) -> Any:
        pa = pyarrow_module()
        n = len(values)
        classes = list(map(type, values))
        kinds = set(classes)
        columns: dict[str, list[Any]] = {name: [None] * n for name in self.columns}
        for cls in kinds:
            if cls is type(None):
                continue
            fields = self.fields.get(cls)
            if fields is None:
                if issubclass(cls, Unknown):
                    raise UnknownItem(
                        {
                            i: f"it holds an {cls.__name__} (type {v.type!r}), an item of a tag lmcodec "
                            "does not know: no Arrow column holds one (lc.jsonl and lc.msgpack keep it)"
                            for i, v in enumerate(values)
                            if type(v) is cls
                        }
                    )
                if exact_class(cls) in self.fields:  # a user's subclass of a kind: stored as its kind
                    return self.to_arrow([as_exact(value) for value in values])
                names = "/".join(c.__name__ for c in self.classes)
                raise TypeError(f"expected {names}, got {cls.__name__}")
            if len(kinds) == 1:
                rows: list[int] | range = range(n)
                objs = values
            else:
                rows = [i for i, c in enumerate(classes) if c is cls]
                objs = [values[i] for i in rows]
            for f in fields:
                got = list(map(operator.attrgetter(f.attr), objs))
                if f.parts is not None:  # str | tuple: the tuples go to <key>_parts
                    _scatter(
                        columns[f"{f.key}_parts"], rows, [None if isinstance(v, str) else v for v in got]
                    )
                    got = [v if isinstance(v, str) else None for v in got]
                _scatter(columns[f.key], rows, f.node.convert(got) if isinstance(f.node, _Leaf) else got)
        arrays = [node.to_arrow(columns[name]) for name, node in self.columns.items()]
        if self.tag_field:
            tags = list(map(self.tags.get, classes))
            arrays.insert(0, pa.array(tags, type=pa.string()))
        mask = pa.array([v is None for v in values]) if type(None) in kinds else None
        return pa.StructArray.from_arrays(arrays, fields=list(self.arrow_type()), mask=mask)

    def check(self, found: Any, column: str, exact: bool = False) -> None:
        """Raise ColumnMismatch unless ``found`` is a struct whose fields this node reads."""
        types = pyarrow_module().types
        if types.is_null(found):
            return
        if not types.is_struct(found):
            raise _mismatch(column, "a struct", found)
        self.check_fields([(f.name, f.type) for f in found], f"{column}.", exact)

    def check_fields(self, fields: list[tuple[str, Any]], prefix: str = "", exact: bool = False) -> None:
        """Check the named columns of a struct or table (``prefix`` leads their paths): the ones
        this node reads must have a type it reads; a missing one reads as null, others are ignored.
        ``exact`` (a table lmcodec.arrow wrote): a missing or unexpected one is a ColumnMismatch."""
        found: dict[str, Any] = {}
        for name, arrow_type in fields:
            if name in found and (name in self.columns or name == self.tag_field):
                raise ColumnMismatch(
                    f"{prefix}{name}", "is there twice: which one holds the records is not known"
                )
            found[name] = arrow_type
        if exact:
            self._check_names(list(found), prefix)
        if self.tag_field is not None and self.tag_field in found:
            _Leaf("string").check(found[self.tag_field], f"{prefix}{self.tag_field}")
        for name, node in self.columns.items():
            if name in found:
                node.check(found[name], f"{prefix}{name}", exact)

    def _check_names(self, found: list[str], prefix: str) -> None:
        """A ColumnsDiffer naming the first column written that is missing, else the first
        one found that is not written: a renamed column (one bit of a Parquet footer) read as
        an absent field in every record, the renamed one ignored."""
        written = ([self.tag_field] if self.tag_field else []) + list(self.columns)
        unexpected = [name for name in found if name not in written]
        missing = [name for name in written if name not in found]
        if missing:
            instead = f" (found instead: {', '.join(map(repr, unexpected))})" if unexpected else ""
            raise ColumnsDiffer(f"{prefix}{missing[0]}", f"is missing{instead}")
        if unexpected:
            raise ColumnsDiffer(f"{prefix}{unexpected[0]}", "is not one lmcodec.arrow writes")

    def from_arrow(self, arr: Any) -> list[Any]:
        if arr.null_count == len(arr):  # a null-typed column too: nothing to read
            return [None] * len(arr)
        names = [f.name for f in arr.type]
        return _with_nulls(self.rows(dict(zip(names, arr.flatten(), strict=True)), len(arr)), arr)

    def rows(self, columns: dict[str, Any], n: int) -> list[dict[str, Any]]:
        """The builtins dicts of ``n`` rows from the named columns (a missing column reads as null)."""
        tag_field = self.tag_field
        if tag_field is None:
            out: list[dict[str, Any]] = [{} for _ in range(n)]
            tags: list[Any] = []
        else:
            tags = columns[tag_field].to_pylist() if tag_field in columns else [None] * n
            out = [{tag_field: t} for t in tags]
        for name, node in self.columns.items():
            arr = columns.get(name)
            if arr is None or arr.null_count == n:
                continue
            key = self.keys[name]
            values = node.from_arrow(arr)
            if isinstance(node, _Leaf) and node.is_json:  # the text null is a value, SQL NULL absence
                valid = arr.is_valid().to_pylist() if arr.null_count else itertools.repeat(True)
                for row, value, ok in zip(out, values, valid, strict=False):
                    if ok:
                        row[key] = value
                continue
            for row, value in zip(out, values, strict=True):
                if value is not None:
                    row[key] = value
        return out


Node = _Leaf | _List | _Struct


def _scatter(column: list[Any], rows: list[int] | range, values: list[Any]) -> None:
    if len(rows) == len(column):
        column[:] = values
        return
    for i, value in zip(rows, values, strict=True):
        column[i] = value


def _signature(node: Node) -> Any:
    if isinstance(node, _Leaf):
        return (node.kind, node.null_text)
    if isinstance(node, _List):
        return ("list", _signature(node.item))
    return node.classes


def _compile(info: mi.Type, explicit_null: bool) -> Node:
    if isinstance(info, mi.StrType):
        return _Leaf("string")
    if isinstance(info, mi.LiteralType):
        return _Leaf("int64" if all(type(v) is int for v in info.values) else "string")
    if isinstance(info, mi.BoolType):
        return _Leaf("bool_")
    if isinstance(info, mi.IntType):
        return _Leaf("int64")
    if isinstance(info, mi.FloatType):
        return _Leaf("float64")
    if isinstance(info, mi.CustomType) and hasattr(info.cls, "__fspath__"):  # an os.PathLike class
        return _Leaf("string", enc_hook)
    if isinstance(info, (mi.VarTupleType, mi.ListType)):
        return _List(_compile(info.item_type, True))
    if isinstance(info, mi.StructType):
        return struct_node((info.cls,))
    if isinstance(info, mi.UnionType):
        members = [t for t in info.types if not isinstance(t, mi.NoneType)]
        if len(members) == 1:
            return _compile(members[0], explicit_null)
        if all(isinstance(t, mi.StructType) and t.tag is not None for t in members):
            return struct_node(tuple(t.cls for t in members))  # type: ignore[attr-defined]
    return _Leaf("json", _json_encode, explicit_null)  # dict, Any, any other shape: lossless JSON text


def _fields(cls: type) -> list[_Field]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    out: list[_Field] = []
    for f in info.fields:
        if (cls, f.name) in _SKIPPED:
            continue
        kinds = [t for t in getattr(f.type, "types", ()) if not isinstance(t, mi.NoneType)]
        nullable = len(kinds) < len(getattr(f.type, "types", ()))
        if nullable and (f.required or f.default is not None):  # SQL NULL must mean "the default"
            raise TypeError(f"{cls.__name__}.{f.name}: a nullable field without a None default")
        if len(kinds) == 2 and isinstance(kinds[0], mi.StrType) and isinstance(kinds[1], mi.VarTupleType):
            out.append(_Field(f.name, f.encode_name, _Leaf("string"), f.required, _compile(kinds[1], True)))
        else:
            out.append(_Field(f.name, f.encode_name, _compile(f.type, f.required), f.required, None))
    return out


_structs: dict[tuple[type, ...], _Struct] = {}
_building: set[tuple[type, ...]] = set()
_lock = threading.RLock()  # worker threads may compile the same schema at once


def _unheld_in_child() -> None:
    """A forked child's own lock, and none of the schemas being compiled: fork copies the lock held
    where another thread was compiling one at the fork, and that thread does not run in the child
    (its first compile deadlocked; a schema left in ``_building`` would read as recursive)."""
    global _lock
    _lock = threading.RLock()
    _building.clear()


if hasattr(os, "register_at_fork"):  # (a platform without fork has no hook, and no forked child)
    os.register_at_fork(after_in_child=_unheld_in_child)


def struct_node(classes: tuple[type, ...]) -> _Struct:
    node = _structs.get(classes)
    if node is None:
        with _lock:
            node = _structs.get(classes)
            if node is None:
                if classes in _building:
                    raise TypeError(f"recursive type {classes} has no Arrow schema")
                _building.add(classes)
                try:
                    node = _structs[classes] = _Struct(classes)
                finally:
                    _building.discard(classes)
    return node
