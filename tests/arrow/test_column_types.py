"""lc.arrow reading a file lmcodec wrote after one column or nested field was replaced by one of
another Arrow type, dropped, doubled or joined by an unexpected one (red-team finding 3: a
``request`` column of strings let a bare TypeError escape), its lmcodec metadata kept or removed
(a foreign file, read with ``type=``).

The outcome required: a column of a type the reader cannot read is a DecodeError naming the file
and the column, before any record; so is, in a file whose metadata says lmcodec wrote it, a
column it writes that is missing or one it does not write (red-team F07: a renamed column read
as a field dropped from every record). Every other change reads as the same records as the
canonical JSON with that change made (a null field is an absent one; in a foreign file a missing
field too, and an unexpected one is ignored; integers read where floats belong), or is an lc
error naming the file where that JSON does not decode either. ``lmcodec convert --from parquet``
gives the same, as one line.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import cli

pa = pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
pq = pytest.importorskip("pyarrow.parquet", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")

ITEM = "[]"  # the step into a list's items
Path_ = tuple[str, ...]

_STATE = {"provider": "openai", "kind": "reasoning", "data": {"id": "rs_1", "n": [1, None]}}
_CALL = {"type": "tool_call", "id": "call_1", "name": "get_weather", "input": {"city": "Lyon"}}
_USER = {
    "role": "user",
    "parts": [
        {"type": "text", "text": "look", "continuation": [_STATE]},
        {"type": "image", "media_type": "image/png", "data": "iVBORw0K", "detail": "high"},
        {"type": "image", "media_type": "image/png", "url": "https://example.com/a.png"},
        {"type": "audio", "media_type": "audio/wav", "file_id": "file_1"},
        {"type": "document", "media_type": "application/pdf", "path": "/tmp/d.pdf"},
        {"type": "data", "value": {"k": [1, 2]}},
    ],
    "continuation": [_STATE],
}
_ASSISTANT = {
    "role": "assistant",
    "parts": [
        {"type": "thinking", "text": "hm", "continuation": [_STATE]},
        {"type": "refusal", "text": "no"},
        {"type": "citation", "text": "t", "url": "https://example.com/c", "title": "C"},
        {
            "type": "data",
            "value": "a",
            "probabilities": {"label": {"a": 0.5}},
            "method": "provider_classification",
        },
        _CALL,
    ],
}
_TOOL = {
    "role": "tool",
    "parts": [
        {
            "type": "tool_result",
            "id": "call_1",
            "name": "get_weather",
            "is_error": True,
            "content": [
                {"type": "text", "text": "sunny", "continuation": [_STATE]},
                {"type": "image", "media_type": "image/png", "data": "iVBO", "detail": "low"},
                {"type": "document", "media_type": "application/pdf", "file_id": "f"},
                {"type": "document", "media_type": "application/pdf", "path": "/tmp/w.pdf"},
                {"type": "image", "media_type": "image/png", "url": "https://example.com/w.png"},
                {"type": "citation", "title": "W", "url": "https://example.com/w"},
                {"type": "data", "value": [1, 2]},
            ],
        }
    ],
}
_CONFIG = {
    "max_tokens": 100,
    "temperature": 0.5,
    "top_p": 0.9,
    "top_k": 4,
    "stop": ["\n\n", "END"],
    "response_format": {"type": "json_object"},
    "tool_choice": {"mode": "required", "allowed": ["get_weather"], "parallel": False},
    "reasoning": {"effort": "high", "thinking_budget": 1024, "summary": "auto"},
    "cache": {"mode": "auto", "retention": "long", "key": "k", "prefix": "stable", "resource": "r"},
    "seed": 7,
    "frequency_penalty": 0.1,
    "presence_penalty": 0.2,
    "service_tier": "flex",
    "user_id": "u",
    "store": True,
    "logprobs": 2,
    "probabilities": "if_available",
    "extensions": {"x": {"y": [1, 2, None]}},
}
_TOP = {"token": "a", "logprob": -0.5, "bytes": [97], "token_id": 64}
_USAGE = {
    "input_tokens": 1,
    "output_tokens": 2,
    "total_tokens": 3,
    "cache_read_tokens": 4,
    "cache_write_tokens": 5,
    "reasoning_tokens": 6,
    "input_audio_tokens": 7,
    "output_audio_tokens": 8,
}
_ADAPTATION = {"field": "temperature", "action": "dropped", "reason": "r", "asked": 0.5, "applied": 1.0}
TURNS = [
    {
        "id": "t1",
        "created_at": "2025-01-01T00:00:00Z",
        "request": {
            "model": "m",
            "messages": [_USER, _ASSISTANT, _TOOL],
            "system": [
                {"type": "text", "text": "be brief", "continuation": [_STATE]},
                {"type": "data", "value": 1},
                {
                    "type": "image",
                    "media_type": "image/png",
                    "url": "https://example.com/s.png",
                    "detail": "low",
                },
            ],
            "tools": [
                {
                    "type": "function",
                    "name": "get_weather",
                    "description": "d",
                    "parameters": {"type": "object"},
                },
                {"type": "builtin", "name": "web_search", "config": {"size": 3}},
            ],
            "config": _CONFIG,
        },
        "response": {
            "id": "resp_1",
            "model": "m",
            "message": {**_ASSISTANT, "continuation": [_STATE]},
            "finish_reason": "tool_call",
            "usage": _USAGE,
            "logprobs": [{**_TOP, "top": [_TOP, {**_TOP, "token": "b"}]}],
            "logprobs_complete": True,
            "adaptations": [_ADAPTATION],
            "provider_data": {"raw": {"id": "x", "n": 2**70}},
        },
        "metadata": {"user": "u1", "tags": ["a"]},
    },
    {
        "request": {
            "model": "m",
            "messages": [_USER],
            "system": "be kind",
            "config": {"cache": {"mode": "auto", "prefix_until_index": 1}},
        },
        "response": {
            "model": "m",
            "message": {"role": "assistant", "parts": [{"type": "text", "text": "ok"}]},
            "finish_reason": "stop",
        },
    },
]
RECORDS = [lc.from_builtins(t, lc.Turn) for t in TURNS]


# ---------------------------------------------------------------- the schema, walked
def _positions(
    fields: Any, prefix: Path_ = (), walked: set[str] | None = None
) -> Iterator[tuple[Path_, Any]]:
    """Every column, nested field and list item of a schema or struct type, with its type; a
    struct type met again at another place (a part's continuation, the parts of a request's and
    a response's messages) is itself a position there, its fields are walked at the first place
    only (the reader checks a type's fields the same wherever it sits; it keeps the sweep short)."""
    walked = set() if walked is None else walked
    for field in fields:
        yield from _walk((*prefix, field.name), field.type, walked)


def _walk(path: Path_, arrow_type: Any, walked: set[str]) -> Iterator[tuple[Path_, Any]]:
    yield path, arrow_type
    if pa.types.is_struct(arrow_type):
        if str(arrow_type) not in walked:
            walked.add(str(arrow_type))
            yield from _positions(arrow_type, path, walked)
    elif pa.types.is_list(arrow_type):
        yield from _walk((*path, ITEM), arrow_type.value_type, walked)


def _column(path: Path_) -> str:
    return ".".join(path).replace(f".{ITEM}", ITEM)


def _family(arrow_type: Any) -> str:
    if isinstance(arrow_type, pa.BaseExtensionType):
        arrow_type = arrow_type.storage_type
    for family, test in (
        ("text", pa.types.is_string),
        ("int", pa.types.is_integer),
        ("float", pa.types.is_floating),
        ("bool", pa.types.is_boolean),
        ("list", pa.types.is_list),
        ("struct", pa.types.is_struct),
        ("null", pa.types.is_null),
    ):
        if test(arrow_type):
            return family
    raise AssertionError(f"no family for {arrow_type}")


def _readable(expected: Any, found: Any) -> bool:
    """What the reader must take: the same family (a list of what its items read, a struct whose
    fields of the expected names read), null anywhere, integers where floats belong."""
    families = (_family(expected), _family(found))
    if families[1] == "null" or families == ("float", "int"):
        return True
    if families == ("list", "list"):
        return _readable(expected.value_type, found.value_type)
    if families == ("struct", "struct"):
        names = {f.name for f in expected}
        return all(_readable(expected.field(f.name).type, f.type) for f in found if f.name in names)
    return families[0] == families[1]


# ---------------------------------------------------------------- changes to the Arrow data
Change = Callable[[Any], Any]  # an array -> its replacement (same length and validity)


def _mask(arr: Any) -> Any:
    return arr.is_null() if arr.null_count else None


def _like(arr: Any, value: Any, arrow_type: Any) -> Any:
    """An array of ``value`` where ``arr`` is valid, null elsewhere."""
    return pa.array([value if ok else None for ok in arr.is_valid().to_pylist()], arrow_type)


REPLACEMENTS: dict[str, tuple[Any, Change, Any]] = {
    # name: (the new type, the change, the canonical value each present row reads as)
    "string": (pa.string(), lambda a: _like(a, "x", pa.string()), "x"),
    "int64": (pa.int64(), lambda a: _like(a, 7, pa.int64()), 7),
    "struct": (
        pa.struct([pa.field("zz", pa.int64())]),
        lambda a: pa.StructArray.from_arrays([pa.array([7] * len(a))], names=["zz"], mask=_mask(a)),
        {},
    ),
    "list<int64>": (pa.list_(pa.int64()), lambda a: _like(a, [7], pa.list_(pa.int64())), [7]),
    "null": (pa.null(), lambda a: pa.nulls(len(a)), None),
}


def _rebuild(arr: Any, path: Path_, edit: Callable[[list[str], list[Any]], None]) -> Any:
    """``arr`` with the struct at ``path`` given new children: ``edit(names, children)`` in place."""
    if not path:
        names = [f.name for f in arr.type]
        children = [arr.field(i) for i in range(arr.type.num_fields)]
        edit(names, children)
        return pa.StructArray.from_arrays(children, names=names, mask=_mask(arr))
    if path[0] == ITEM:
        values = _rebuild(arr.values, path[1:], edit)
        return pa.ListArray.from_arrays(arr.offsets, values, mask=_mask(arr))
    names = [f.name for f in arr.type]
    children = [arr.field(i) for i in range(arr.type.num_fields)]
    i = names.index(path[0])
    children[i] = _rebuild(children[i], path[1:], edit)
    return pa.StructArray.from_arrays(children, names=names, mask=_mask(arr))


def _edited(table: Any, parent: Path_, edit: Callable[[list[str], list[Any]], None]) -> Any:
    """The table with the children of the struct at ``parent`` (``()``: its columns) edited."""
    names, columns = list(table.column_names), [c.combine_chunks() for c in table.columns]
    if not parent:
        edit(names, columns)
        return pa.Table.from_arrays(columns, names=names)
    i = names.index(parent[0])
    columns[i] = _rebuild(columns[i], parent[1:], edit)
    return pa.Table.from_arrays(columns, names=names)


def _replace_item(arr: Any, path: Path_, change: Change) -> Any:
    """``arr`` with the list items at ``path`` (it ends with ITEM) replaced by ``change``."""
    if path == (ITEM,):
        return pa.ListArray.from_arrays(arr.offsets, change(arr.values), mask=_mask(arr))
    if path[0] == ITEM:
        return pa.ListArray.from_arrays(
            arr.offsets, _replace_item(arr.values, path[1:], change), mask=_mask(arr)
        )
    names = [f.name for f in arr.type]
    children = [arr.field(i) for i in range(arr.type.num_fields)]
    i = names.index(path[0])
    children[i] = _replace_item(children[i], path[1:], change)
    return pa.StructArray.from_arrays(children, names=names, mask=_mask(arr))


def _replaced(table: Any, path: Path_, change: Change) -> Any:
    if path[-1] == ITEM:
        names, columns = list(table.column_names), [c.combine_chunks() for c in table.columns]
        i = names.index(path[0])
        columns[i] = _replace_item(columns[i], path[1:], change)
        return pa.Table.from_arrays(columns, names=names)

    def edit(names: list[str], children: list[Any]) -> None:
        i = names.index(path[-1])
        children[i] = change(children[i])

    return _edited(table, path[:-1], edit)


# ---------------------------------------------------------------- the same change to the canonical JSON
def _change_json(value: Any, path: Path_, fix: Callable[[Any], Any]) -> Any:
    """``value`` (canonical builtins) with ``fix`` applied where ``path`` leads; ``fix`` returns
    the new value, or ``_ABSENT`` to drop a key. Split columns: ``system_parts`` holds the list
    form of ``system``, ``system`` its text."""
    if value is None:
        return None
    step, rest = path[0], path[1:]
    if step == ITEM:
        items = [fix(v) if not rest else _change_json(v, rest, fix) for v in value]
        return [v for v in items if v is not _ABSENT]
    key = "system" if step == "system_parts" else step
    if not isinstance(value, dict) or key not in value:
        return value
    if key == "system" and isinstance(value[key], list) != (step == "system_parts"):
        return value
    new = fix(value[key]) if not rest else _change_json(value[key], rest, fix)
    out = dict(value)
    if new is _ABSENT:
        del out[key]
    else:
        out[key] = new
    return out


_ABSENT = object()


def _expected(path: Path_, fix: Callable[[Any], Any]) -> list[bytes] | None:
    """The canonical JSON of the records after the change, or None when it does not decode."""
    try:
        records = [lc.from_builtins(_change_json(t, path, fix), lc.Turn) for t in _builtins()]
    except lc.LmcodecError:
        return None
    return [lc.encode(r, include_provider_data=True) for r in records]


def _holds_values(path: Path_) -> bool:
    found: list[Any] = []
    for turn in _builtins():
        _change_json(turn, path, lambda v: found.append(v) or v)
    return bool(found)


def _builtins() -> list[Any]:
    return [lc.to_builtins(r, include_provider_data=True) for r in RECORDS]


# ---------------------------------------------------------------- reading the changed file
@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The table of a file lmcodec wrote, as pyarrow reads it back."""
    path = tmp_path_factory.mktemp("columns") / "written.parquet"
    arrow.write_parquet(RECORDS, path)
    return pq.read_table(path)


class Sweep:
    """Writes each changed table as a file with lmcodec's metadata (``foreign``: with none, read
    with ``type=``), reads it, and keeps the problems found (none: every outcome as required)."""

    def __init__(
        self, written: Any, file: Path, capsys: pytest.CaptureFixture[str], foreign: bool = False
    ) -> None:
        self.metadata = None if foreign else written.schema.metadata
        self.type = lc.Turn if foreign else None
        self.file = file
        self.capsys = capsys
        self.problems: list[str] = []

    def check(
        self, label: str, table: Any, at: Path_, refused: str | None, expected: list[bytes] | None
    ) -> None:
        """``refused``: the column the error must name; else the records must read as ``expected``
        (None: an lc error). The columns and fields of the first two levels are converted by
        ``lmcodec convert --from parquet`` too (it reads with read_parquet), which must agree."""
        got, message = self._read(table)
        if got is None and str(self.file) not in message:
            self.problems.append(f"{label}: the error does not name the file: {message}")
        if refused is not None:
            named = re.search(rf"column {re.escape(refused)}(\[\]|\.| is)", message)
            if got is not None or named is None:
                self.problems.append(f"{label}: not refused as a column of another type: {message or 'read'}")
        elif got != expected:
            wanted = "an lc error" if expected is None else "the changed records"
            self.problems.append(
                f"{label}: read {'nothing' if got is None else 'other records'} "
                f"({message}), expected {wanted}"
            )
        if len(at) <= 2:
            status, err = self._convert()
            if status != (0 if got is not None else 1) or (status and self.file.name not in err):
                self.problems.append(f"{label}: the command gave status {status}: {err}")

    def _read(self, table: Any) -> tuple[list[bytes] | None, str]:
        """The records' canonical JSON, or None and the lc error's message; anything else escapes."""
        pq.write_table(table.replace_schema_metadata(self.metadata), self.file)
        try:
            records = arrow.read_parquet(self.file, self.type)
            return [lc.encode(r, include_provider_data=True) for r in records], ""
        except lc.LmcodecError as exc:
            return None, str(exc)

    def _convert(self) -> tuple[int, str]:
        dest = self.file.with_name("out.jsonl")
        typed = [] if self.type is None else ["--type", self.type.__name__]
        status = cli.main(["convert", str(self.file), str(dest), "--from", "parquet", *typed])
        dest.unlink(missing_ok=True)
        err = self.capsys.readouterr().err
        assert not status or (err.startswith("lmcodec: ") and err.count("\n") == 1), err
        return status, err


@pytest.fixture
def sweep(written: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Sweep:
    return Sweep(written, tmp_path / "changed.parquet", capsys)


@pytest.fixture
def foreign_sweep(written: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Sweep:
    return Sweep(written, tmp_path / "changed.parquet", capsys, foreign=True)


def _same_names(expected: Any, found: Any) -> bool:
    """Whether ``found`` has the field names of ``expected`` wherever both are structs (a null
    or another kind of type has no names to compare)."""
    if pa.types.is_struct(expected) and pa.types.is_struct(found):
        names = [f.name for f in expected]
        if sorted(names) != sorted(f.name for f in found):
            return False
        return all(_same_names(expected.field(n).type, found.field(n).type) for n in names)
    if pa.types.is_list(expected) and pa.types.is_list(found):
        return _same_names(expected.value_type, found.value_type)
    return True


def _expected_after_replacing(path: Path_, arrow_type: Any, read_as: Any) -> list[bytes] | None:
    if isinstance(arrow_type, pa.JsonType) and read_as == "x":  # no JSON text: it fails where used
        return None if _holds_values(path) else _expected(path, lambda v: v)
    if read_as is None:  # a null field is an absent one; a null list item stays null
        item = path[-1] == ITEM
        return _expected(path, lambda v: None if item else _ABSENT)
    return _expected(path, lambda v: v if v is None else copy.deepcopy(read_as))


@pytest.mark.parametrize("replacement", sorted(REPLACEMENTS))
def test_a_column_replaced_by_another_type_is_refused_by_name_or_read(
    replacement: str, written: Any, sweep: Sweep
) -> None:
    """Each position gets one of the replacements in turn (position i the (i mod 5)th): every
    column, field and item is replaced, every replacement used at ~30 places, in a fifth of the
    time every pair would take."""
    new_type, change, read_as = REPLACEMENTS[replacement]
    turn = sorted(REPLACEMENTS).index(replacement)
    for i, (path, arrow_type) in enumerate(_positions(written.schema)):
        if i % len(REPLACEMENTS) != turn or arrow_type == new_type:
            continue
        table = _replaced(written, path, change)
        label = f"{_column(path)} ({arrow_type}) as {replacement}"
        if _readable(arrow_type, new_type) and _same_names(arrow_type, new_type):
            sweep.check(label, table, path, None, _expected_after_replacing(path, arrow_type, read_as))
        else:  # a struct of other fields: in a file lmcodec wrote, its fields are missing
            sweep.check(label, table, path, _column(path), None)
    assert not sweep.problems, "\n".join(sweep.problems)


def _fields(schema: Any) -> Iterator[Path_]:
    """The columns and the fields of every struct (not list items)."""
    return (path for path, _ in _positions(schema) if path[-1] != ITEM)


def _add(names: list[str], children: list[Any]) -> None:
    names.append("zz_unexpected")
    children.append(pa.array([7] * len(children[0])))


def _structs(written: Any) -> list[Path_]:
    return [(), *(path for path, t in _positions(written.schema) if pa.types.is_struct(t))]


def test_a_dropped_or_unexpected_field_in_a_file_lmcodec_wrote_is_refused_by_name(
    written: Any, sweep: Sweep
) -> None:
    """One bit of a footer renames a column: the original is missing, the new one unexpected."""
    for parent in _structs(written):
        label = f"a field added to {_column(parent) or 'the table'}"
        at = (*parent, "zz_unexpected")
        sweep.check(label, _edited(written, parent, _add), at, _column(at), None)
    for path in _fields(written.schema):

        def drop(names: list[str], children: list[Any], name: str = path[-1]) -> None:
            i = names.index(name)
            del names[i], children[i]

        sweep.check(f"{_column(path)} dropped", _edited(written, path[:-1], drop), path, _column(path), None)
    assert not sweep.problems, "\n".join(sweep.problems)


@pytest.mark.thorough
def test_in_a_foreign_file_a_dropped_field_reads_as_absent_and_an_unexpected_one_is_ignored(
    written: Any, foreign_sweep: Sweep
) -> None:
    originals = [lc.encode(r, include_provider_data=True) for r in RECORDS]
    for parent in _structs(written):
        label = f"a field added to {_column(parent) or 'the table'}"
        foreign_sweep.check(
            label, _edited(written, parent, _add), (*parent, "zz_unexpected"), None, originals
        )
    for path in _fields(written.schema):

        def drop(names: list[str], children: list[Any], name: str = path[-1]) -> None:
            i = names.index(name)
            del names[i], children[i]

        expected = _expected(path, lambda v: _ABSENT)
        edited = _edited(written, path[:-1], drop)
        foreign_sweep.check(f"{_column(path)} dropped", edited, path, None, expected)
    assert not foreign_sweep.problems, "\n".join(foreign_sweep.problems)


def test_a_field_given_twice_is_refused_by_name(written: Any, sweep: Sweep) -> None:
    """Two columns of one name: which one holds the records is not for the reader to guess."""
    for path in _fields(written.schema):

        def double(names: list[str], children: list[Any], name: str = path[-1]) -> None:
            names.append(name)
            children.append(children[names.index(name)])

        sweep.check(f"{_column(path)} twice", _edited(written, path[:-1], double), path, _column(path), None)
    assert not sweep.problems, "\n".join(sweep.problems)


def test_from_table_refuses_a_column_of_another_type_by_name(written: Any) -> None:
    table = _replaced(written, ("request", "messages", ITEM, "parts"), REPLACEMENTS["string"][1])
    expected = r"the table does not hold Turn records: column request\.messages\[\]\.parts is string"
    with pytest.raises(lc.DecodeError, match=expected):
        arrow.from_table(table.replace_schema_metadata(written.schema.metadata))


def _other_encoding(arrow_type: Any) -> Any:
    """The same values in other Arrow types: large strings and lists, int32 where it holds them."""
    if isinstance(arrow_type, pa.BaseExtensionType):
        return pa.large_string()
    if pa.types.is_struct(arrow_type):
        return pa.struct([pa.field(f.name, _other_encoding(f.type)) for f in arrow_type])
    if pa.types.is_list(arrow_type):
        return pa.large_list(_other_encoding(arrow_type.value_type))
    if pa.types.is_string(arrow_type):
        return pa.large_string()
    return arrow_type


def test_other_encodings_of_the_same_values_read_back_the_same_records(written: Any, sweep: Sweep) -> None:
    """Another engine's rewrite: large strings and lists, dictionary-encoded text, 32-bit ints."""
    table = written.cast(pa.schema([pa.field(f.name, _other_encoding(f.type)) for f in written.schema]))
    names = list(table.column_names)
    columns = [c.combine_chunks() for c in table.columns]
    columns[names.index("id")] = columns[names.index("id")].cast(pa.string()).dictionary_encode()

    def narrow(names: list[str], children: list[Any]) -> None:
        i = names.index("max_tokens")
        children[i] = children[i].cast(pa.int32())

    rewritten = _edited(pa.Table.from_arrays(columns, names=names), ("request", "config"), narrow)
    originals = [lc.encode(r, include_provider_data=True) for r in RECORDS]
    sweep.check("rewritten", rewritten, ("request",), None, originals)
    assert not sweep.problems, "\n".join(sweep.problems)
