"""lc.arrow: records <-> Arrow tables <-> Parquet, losslessly, and a schema DuckDB can query.

Equality criterion: the canonical JSON bytes ``lc.encode(x, include_provider_data=True)``
of a record read back equal those of the record written.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

from ..budget import examples
from ..corpus import KIND_TYPES, load_json, needs_corpus

pa = pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
pq = pytest.importorskip("pyarrow.parquet", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")

VECTORS = load_json("lm15-1.5.0/vectors.json")
RECORD_KINDS = ("request", "response", "message")


def _canonical(record: Any) -> bytes:
    return lc.encode(record, include_provider_data=True)


def _parquet_round_trip(records: list[Any], **options: Any) -> list[Any]:
    buffer = io.BytesIO()
    assert arrow.write_parquet(records, buffer, **options) == len(records)
    buffer.seek(0)
    return list(arrow.read_parquet(buffer))


def _assert_same(records: list[Any], back: list[Any]) -> None:
    assert len(back) == len(records)
    for i, (a, b) in enumerate(zip(records, back, strict=True)):
        assert type(b) is type(a), i
        assert _canonical(b) == _canonical(a), f"record {i}"


# ---------------------------------------------------------------- lm15's own vectors
def _vectors(kinds: tuple[str, ...]) -> list[Any]:
    return [pytest.param(v, id=v["id"]) for v in VECTORS.get("positive", []) if v["kind"] in kinds]


@needs_corpus
@pytest.mark.parametrize("vector", _vectors(RECORD_KINDS))
def test_corpus_record_round_trips_through_parquet(vector: dict[str, Any]) -> None:
    record = lc.decode(vector["json"].encode(), KIND_TYPES[vector["kind"]])
    _assert_same([record], _parquet_round_trip([record]))


@needs_corpus
@pytest.mark.parametrize("kind", RECORD_KINDS)
def test_corpus_records_of_a_kind_share_one_table(kind: str) -> None:
    """All vectors of a kind in one table: every variant's columns side by side, nulls elsewhere."""
    records = [
        lc.decode(v["json"].encode(), KIND_TYPES[kind]) for v in VECTORS["positive"] if v["kind"] == kind
    ]
    assert records
    _assert_same(records, _parquet_round_trip(records))
    _assert_same(records, list(arrow.from_table(arrow.to_table(records))))


_USER = {"role": "user", "parts": [{"type": "text", "text": "q"}]}
_ANSWER = {"role": "assistant", "parts": [{"type": "text", "text": "a"}]}


def _request(**fields: Any) -> dict[str, Any]:
    return {"model": "m", "messages": [_USER], **fields}


def _response(**fields: Any) -> dict[str, Any]:
    return {"id": "r", "model": "m", "message": _ANSWER, "finish_reason": "stop", **fields}


def _tools_for(config: dict[str, Any]) -> list[dict[str, Any]]:
    allowed = (config.get("tool_choice") or {}).get("allowed", [])
    return [{"type": "function", "name": n, "parameters": {}} for n in allowed]


def _embedded(kind: str, value: Any) -> tuple[Any, dict[str, Any]]:
    """A corpus value of a nested kind, placed in a record type that can hold it."""
    if kind == "part":
        role = "tool" if value["type"] == "tool_result" else "assistant"
        return lc.Message, {"role": role, "parts": [value]}
    if kind == "continuation_state":
        return lc.Message, {
            "role": "assistant",
            "parts": [{"type": "text", "text": "x", "continuation": [value]}],
        }
    if kind == "tool":
        return lc.Request, _request(tools=[value])
    if kind == "config":
        return lc.Request, _request(config=value, tools=_tools_for(value))
    if kind in ("reasoning", "cache_config"):
        return lc.Request, _request(config={"reasoning" if kind == "reasoning" else "cache": value})
    if kind == "tool_choice":
        config = {"tool_choice": value}
        return lc.Request, _request(config=config, tools=_tools_for(config))
    if kind == "usage":
        return lc.Response, _response(usage=value)
    assert kind == "token_logprob"
    return lc.Response, _response(logprobs=[value])


NESTED_KINDS = (
    "part",
    "continuation_state",
    "tool",
    "config",
    "reasoning",
    "cache_config",
    "tool_choice",
    "usage",
    "token_logprob",
)


@needs_corpus
@pytest.mark.parametrize("vector", _vectors(NESTED_KINDS))
def test_corpus_values_nested_in_records_round_trip(vector: dict[str, Any]) -> None:
    """Every part, tool, config, usage... vector, inside a record (and inside a Turn)."""
    tp, value = _embedded(vector["kind"], json.loads(vector["json"]))
    record = lc.from_builtins(value, tp)
    _assert_same([record], _parquet_round_trip([record]))
    if tp is lc.Request:
        turn = lc.Turn(request=record, response=lc.from_builtins(_response(), lc.Response))
        _assert_same([turn], _parquet_round_trip([turn]))


# ---------------------------------------------------------------- random records
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()  # beyond 64 bits too
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
json_objects = st.dictionaries(st.text(max_size=6), json_values, max_size=5)


def _variant(rng: random.Random, base: dict[str, Any], payload: Any, obj: dict[str, Any]) -> dict[str, Any]:
    """A workload Turn with random optional features switched on or off."""
    turn = json.loads(json.dumps(base))
    request, response = turn["request"], turn["response"]
    messages = request["messages"]
    if rng.random() < 0.5:
        request["system"] = [
            {"type": "text", "text": "sys"},
            {"type": "image", "media_type": "image/png", "url": "https://x/y.png", "detail": "low"},
        ]
    elif rng.random() < 0.3:
        del request["system"]
    if rng.random() < 0.5:
        request["tools"].append({"type": "builtin", "name": "web_search", "config": obj})
    if rng.random() < 0.5:
        request["config"] = {"seed": rng.choice([0, -1, 2**63 - 1]), "store": False, "extensions": obj}
    messages[0]["parts"] += [
        {"type": "data", "value": payload},
        {"type": "document", "media_type": "application/pdf", "data": "aGVsbG8="},
        {"type": "audio", "media_type": "audio/wav", "path": "clips/a b.wav"},
    ]
    messages[1]["parts"][2]["input"] = obj
    messages[2]["parts"][0] |= {
        "is_error": True,
        "content": [
            {"type": "data", "value": payload},
            {"type": "image", "media_type": "image/png", "file_id": "file_1"},
        ],
    }
    response["message"]["parts"] += [
        {"type": "refusal", "text": "no"},
        {
            "type": "data",
            "value": {"score": 4},
            "probabilities": {"score": {"4": 0.75, "5": 0.25}},
            "method": "provider_classification",
        },
        {"type": "thinking", "text": ""},
    ]
    if rng.random() < 0.5:
        response["provider_data"] = obj or {"k": None}
    response["adaptations"] = [{"field": "config.seed", "action": "dropped", "reason": "r", "asked": payload}]
    response["logprobs"] = [
        {"token": "a", "logprob": -0.5, "bytes": [], "token_id": 7},
        {"token": "é", "logprob": 0.0},
    ]
    response["logprobs_complete"] = rng.random() < 0.5
    if rng.random() < 0.5:
        turn["metadata"] = obj
    if rng.random() < 0.3:
        del turn["id"], turn["created_at"]
    return turn


BASES = turn_dicts(4, seed=7)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), payload=json_values, obj=json_objects)
def test_random_turns_round_trip(seed: int, payload: Any, obj: dict[str, Any]) -> None:
    rng = random.Random(seed)
    turns = [lc.from_builtins(_variant(rng, base, payload, obj), lc.Turn) for base in BASES]
    _assert_same(turns, _parquet_round_trip(turns, row_group_size=3))


@settings(max_examples=examples(25), deadline=None)
@given(payload=json_values, obj=json_objects, text=st.text())
def test_random_messages_and_responses_round_trip(payload: Any, obj: dict[str, Any], text: str) -> None:
    message = lc.from_builtins(
        {"role": "user", "parts": [{"type": "text", "text": text}, {"type": "data", "value": payload}]},
        lc.Message,
    )
    response = lc.from_builtins(
        _response(
            provider_data=obj or None,
            message={
                "role": "assistant",
                "parts": [{"type": "tool_call", "id": "c", "name": "f", "input": obj}],
            },
        ),
        lc.Response,
    )
    _assert_same([message], _parquet_round_trip([message]))
    _assert_same([response], _parquet_round_trip([response]))


def test_workload_log_round_trips_with_sliced_and_chunked_tables() -> None:
    turns = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(30)]
    table = arrow.to_table(turns)
    chunked = pa.concat_tables([table.slice(0, 7), table.slice(7, 11), table.slice(18)])
    _assert_same(turns, list(arrow.from_table(chunked)))
    _assert_same(turns[5:9], list(arrow.from_table(table.slice(5, 4))))


# ---------------------------------------------------------------- the schema
def test_schema_is_the_documented_one() -> None:
    schema = arrow.schema(lc.Turn)
    assert schema.names == ["id", "created_at", "request", "response", "metadata"]
    assert schema.metadata[b"lmcodec.type"] == b"Turn"
    request = schema.field("request").type
    assert [f.name for f in request] == ["model", "messages", "system", "system_parts", "tools", "config"]
    message = request.field("messages").type.value_type
    assert [f.name for f in message] == ["role", "parts", "continuation"]
    part = message.field("parts").type.value_type
    names = [f.name for f in part]
    assert names[0] == "type" and names[-1] == "continuation"
    assert {"text", "id", "name", "input", "content", "is_error", "value", "url", "data", "path"} <= set(
        names
    )
    json_type = pa.json_() if hasattr(pa, "json_") else pa.string()
    for where in (part.field("input"), part.field("value"), schema.field("metadata")):
        assert where.type == json_type
    assert schema.field("response").type.field("usage").type.field("output_tokens").type == pa.int64()
    assert [arrow.schema(t).names for t in (lc.Message, lc.Response)] == [
        ["role", "parts", "continuation"],
        [
            "id",
            "model",
            "message",
            "finish_reason",
            "usage",
            "logprobs",
            "logprobs_complete",
            "adaptations",
            "provider_data",
        ],
    ]


def test_defaults_are_stored_as_values_and_absent_payloads_as_null() -> None:
    turn = lc.from_builtins(turn_dicts(1)[0], lc.Turn)
    row = arrow.to_table([turn]).to_pylist()[0]
    result = row["request"]["messages"][2]["parts"][0]
    assert (result["type"], result["is_error"], result["input"], result["continuation"]) == (
        "tool_result",
        False,
        None,
        [],
    )
    assert row["metadata"] is None and row["response"]["logprobs_complete"] is True
    call = row["request"]["messages"][1]["parts"][2]
    assert json.loads(call["input"]) == {"location": "Paris", "unit": "celsius", "days": 3}
    data = lc.Message(role="user", parts=[lc.DataPart(value=None)])
    assert arrow.to_table([data]).to_pylist()[0]["parts"][0]["value"] == "null"  # JSON null, not absent


def test_write_parquet_streams_row_groups_from_a_jsonl_reader(tmp_path: Path) -> None:
    turns = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(10)]
    log = tmp_path / "log.jsonl.gz"
    lc.jsonl.write(log, turns)
    out = tmp_path / "log.parquet"
    assert arrow.write_parquet(lc.jsonl.read(log, lc.Turn), out, row_group_size=4) == 10
    assert pq.ParquetFile(out).metadata.num_row_groups == 3
    _assert_same(turns, list(arrow.read_parquet(out)))
    _assert_same(turns, list(arrow.read_parquet(tmp_path)))  # a directory of Parquet files


def test_empty_input_writes_an_empty_table_of_the_type(tmp_path: Path) -> None:
    out = tmp_path / "empty.parquet"
    assert arrow.write_parquet([], out, type=lc.Request) == 0
    assert pq.read_schema(out).names == arrow.schema(lc.Request).names
    assert list(arrow.read_parquet(out)) == []


def test_wrong_types_are_refused_clearly() -> None:
    turn = lc.from_builtins(turn_dicts(1)[0], lc.Turn)
    with pytest.raises(TypeError, match="expected Turn, got Request"):
        arrow.to_table([turn, turn.request])
    with pytest.raises(TypeError, match="Turn, Request, Response, Message"):
        arrow.to_table([lc.TextPart(text="x")])
    with pytest.raises(lc.ValidationError, match="holds Turn records, not Request"):
        list(arrow.from_table(arrow.to_table([turn]), lc.Request))
    plain = pa.table({"role": ["user"]})
    with pytest.raises(lc.ValidationError, match="pass type="):
        list(arrow.from_table(plain))


def test_a_foreign_parquet_file_read_without_type_is_an_lc_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "foreign.parquet"
    pq.write_table(pa.table({"role": ["user"], "text": ["hi"]}), path)
    with pytest.raises(lc.ValidationError, match=r"foreign\.parquet was not written by lmcodec"):
        list(arrow.read_parquet(path))
    with pytest.raises(lc.DecodeError, match=r"foreign\.parquet.*Message"):
        list(arrow.read_parquet(path, lc.Message))


@pytest.mark.parametrize("stored", [b"Part", b"turn", b"\xff\xfe", b""])
def test_metadata_naming_no_record_type_is_an_lc_error(tmp_path: Path, stored: bytes) -> None:
    table = arrow.to_table(DAMAGE_TURNS[:2])
    tampered = table.replace_schema_metadata({**table.schema.metadata, b"lmcodec.type": stored})
    for type_ in (None, lc.Turn):
        with pytest.raises(lc.ValidationError, match=r"lmcodec\.arrow does not write"):
            list(arrow.from_table(tampered, type_))
    pq.write_table(tampered, tmp_path / "t.parquet")
    with pytest.raises(lc.ValidationError, match=r"t\.parquet says it holds"):
        list(arrow.read_parquet(tmp_path / "t.parquet"))


def test_an_int_beyond_int64_is_an_encode_error() -> None:
    request = lc.from_builtins(_request(config={"seed": 2**64 - 1}), lc.Request)
    with pytest.raises(lc.EncodeError, match="Request"):
        arrow.to_table([request])


def test_foreign_rewrite_without_metadata_reads_back_with_type(tmp_path: Path) -> None:
    """A file rewritten by another engine (plain strings, no lmcodec metadata, a column missing)."""
    turns = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(3)]
    table = arrow.to_table(turns)
    plain = table.cast(pa.schema([pa.field(f.name, _plain(f.type)) for f in table.schema]))
    plain = plain.drop_columns(["metadata"]).replace_schema_metadata(None)
    pq.write_table(plain, tmp_path / "foreign.parquet")
    _assert_same(turns, list(arrow.read_parquet(tmp_path / "foreign.parquet", lc.Turn)))


def _plain(tp: Any) -> Any:
    """The same type with JSON extension columns as plain strings."""
    if isinstance(tp, pa.ExtensionType):
        return tp.storage_type
    if pa.types.is_struct(tp):
        return pa.struct([pa.field(f.name, _plain(f.type)) for f in tp])
    if pa.types.is_list(tp):
        return pa.list_(_plain(tp.value_type))
    return tp


# ---------------------------------------------------------------- DuckDB
def _generated_log() -> list[lc.Turn]:
    """Workload turns with varied roles and tool-call names."""
    rng = random.Random(3)
    turns = []
    for i, d in enumerate(turn_dicts(60, seed=11)):
        messages = d["request"]["messages"]
        del messages[rng.randrange(len(messages)) :][1:]  # cut the conversation at a random point
        for part in messages[1]["parts"] if len(messages) > 1 else []:
            if part["type"] == "tool_call":
                part["name"] = rng.choice(["get_weather", "get_forecast", "search_docs", "book_trip"])
        if i % 5 == 0:
            call = {"type": "tool_call", "id": f"c{i}", "name": "book_trip", "input": {"city": "Lyon"}}
            d["response"]["message"]["parts"].append(call)
        turns.append(lc.from_builtins(d, lc.Turn))
    return turns


QUERY_ROLES = """
WITH msgs AS (
    SELECT unnest(request.messages) AS m FROM read_parquet($path)
    UNION ALL
    SELECT response.message AS m FROM read_parquet($path)
)
SELECT m.role, count(*) FROM msgs GROUP BY ALL ORDER BY ALL
"""

QUERY_TOOL_CALLS = """
WITH msgs AS (
    SELECT unnest(request.messages) AS m FROM read_parquet($path)
    UNION ALL
    SELECT response.message AS m FROM read_parquet($path)
), parts AS (SELECT unnest(m.parts) AS p FROM msgs)
SELECT p.name, count(*) FROM parts WHERE p.type = 'tool_call' GROUP BY ALL ORDER BY ALL
"""

QUERY_JSON = """
SELECT p.input->>'$.city' AS city, count(*)
FROM (SELECT unnest(response.message.parts) AS p FROM read_parquet($path))
WHERE p.type = 'tool_call' GROUP BY ALL
"""


def test_duckdb_counts_messages_by_role_and_tool_calls_by_name(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb", reason="the DuckDB query test needs duckdb (a test dependency)")
    turns = _generated_log()
    path = tmp_path / "log.parquet"
    arrow.write_parquet(turns, path, row_group_size=16)
    messages = [m for t in turns for m in (*t.request.messages, t.response.message)]
    roles = Counter(m.role for m in messages)
    calls = Counter(p.name for m in messages for p in m.parts if isinstance(p, lc.ToolCallPart))
    assert len(roles) == 4 and len(calls) == 4
    con = duckdb.connect()
    try:
        params = {"path": str(path)}
        assert con.execute(QUERY_ROLES, params).fetchall() == sorted(roles.items())
        assert con.execute(QUERY_TOOL_CALLS, params).fetchall() == sorted(calls.items())
        assert con.execute(QUERY_JSON, params).fetchall() == [("Lyon", 12)]
        # a DuckDB rewrite of the file still reads back as the same records
        rewritten = tmp_path / "duck.parquet"
        con.execute(f"COPY (SELECT * FROM read_parquet('{path}')) TO '{rewritten}' (FORMAT parquet)")
    finally:
        con.close()
    _assert_same(turns, list(arrow.read_parquet(rewritten, lc.Turn)))


DAMAGE_TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(120)]


def _parquet_bytes(compression: str) -> bytes:
    buffer = io.BytesIO()
    arrow.write_parquet(DAMAGE_TURNS, buffer, compression=compression, row_group_size=20)
    return buffer.getvalue()


def _read_damaged(data: bytes) -> tuple[list[Any], bool]:
    """The records read before the reader stops, and whether it stopped with an lc error."""
    got: list[Any] = []
    try:
        got.extend(arrow.read_parquet(io.BytesIO(data)))
    except lc.DecodeError:
        return got, True
    return got, False


@pytest.mark.thorough
@pytest.mark.parametrize("compression", ["zstd", "none"])
def test_a_damaged_parquet_file_gives_its_good_records_then_an_lc_error(compression: str) -> None:
    """Page checksums are written and verified: a flipped bit never reads back as an altered
    record, and pyarrow's own errors (OSError, ArrowInvalid, ...) never escape."""
    data = _parquet_bytes(compression)
    rng = random.Random(14)
    outcomes: Counter[str] = Counter()
    for _ in range(60):
        damaged = bytearray(data)
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        got, failed = _read_damaged(bytes(damaged))
        assert [_canonical(r) for r in got] == [_canonical(t) for t in DAMAGE_TURNS[: len(got)]]
        assert failed or len(got) == len(DAMAGE_TURNS)
        outcomes["error" if failed else "intact"] += 1
    assert outcomes["error"] > 0
    for cut in range(0, len(data), len(data) // 25):
        got, failed = _read_damaged(data[:cut])
        assert failed and [_canonical(r) for r in got] == [_canonical(t) for t in DAMAGE_TURNS[: len(got)]]


def test_a_file_that_is_not_parquet_is_an_lc_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "log.parquet"
    path.write_bytes(b'{"id": "not parquet"}\n')
    with pytest.raises(lc.DecodeError, match=r"log\.parquet"):
        list(arrow.read_parquet(path))
    with pytest.raises(FileNotFoundError):
        list(arrow.read_parquet(tmp_path / "missing.parquet"))


def test_a_table_whose_json_columns_are_tampered_is_an_lc_error() -> None:
    table = arrow.to_table(DAMAGE_TURNS[:3])
    column = table.schema.get_field_index("metadata")
    storage = pa.array(["{not json"] * 3, pa.string())
    tampered = table.set_column(
        column,
        table.schema.field(column),
        pa.ExtensionArray.from_storage(table.schema.field(column).type, storage),
    )
    with pytest.raises(lc.DecodeError):
        list(arrow.from_table(tampered))
