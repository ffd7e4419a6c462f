"""Property tests of lc.llm.to_turn / lc.llm.from_turn (hypothesis).

1. llm -> Turn -> llm over random llm records: structured ones with llm's quirks (missing or
   empty ids and names, non-object arguments, server-executed parts, untyped and multi-source
   attachments, native and odd provider_metadata, custom roles, several output messages,
   invalid usage) and the free-form dicts of test_llm_properties.py;
2. Turn -> llm -> Turn over random Turns built through lmcodec's lm15 constructors (the
   argument trees of tests/wire/lm15_*.py), over the same Turns with random,
   often inconsistent, llm markers and ``metadata["llm"]`` (from_turn never raises: what no
   longer describes the Turn rides along verbatim), and over to_turn's Turns edited that way;
3. llm's own from_dict/to_dict keeps what from_turn writes.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.llm as L
from lmcodec.llm._channel import MESSAGE_RANKS, PART_RANKS, strict_equal

from ..budget import examples
from ..wire.lm15_diff import DIFF
from .convert_support import load_sibling, turn_identity
from .llm_support import llm, needs_llm, same_json

SETTINGS = settings(
    max_examples=examples(100),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

# ---------------------------------------------------------------------------
# Identity 1 over random llm records


PROPS = load_sibling("test_llm_properties")

PNG = base64.b64encode(bytes.fromhex("89504e470d0a1a0a0000000d49484452")).decode()
PDF = base64.b64encode(b"%PDF-1.4\n").decode()
texts = st.sampled_from(["", "hi", "é 😀", "\x00\n", "x" * 40])
ids = st.one_of(st.none(), st.just(""), st.sampled_from(["call_1", "c2", "llm-1-0", "llm-out-0"]))
pm_values = st.one_of(
    st.sampled_from(
        [
            {"anthropic": {"signature": "EqQBCkgIARAB=="}},
            {"gemini": {"thoughtSignature": "CiQB"}},
            {"openai": {"id": "rs_1", "encrypted_content": "gAAAA", "summary": []}},
            {"openai": {"encrypted_content": "gAAAA", "id": "rs_1"}},
            {"anthropic": {"signature": "s", "extra": 1}},
            {"gemini": {"part": {"executableCode": {"code": "1+1"}}}},
            {"custom": [1, {"b": None}], "llm": {"x": 1}},
            {"anthropic": "scalar", "": {"empty": "key"}},
            {"lm15": {"unknown": True}},
            "not a dict",
            [1, 2],
        ]
    ),
    st.dictionaries(st.text(max_size=4), PROPS.json_values, max_size=3),
)
maybe_pm = st.one_of(st.none(), pm_values)
attachments = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["image/png", "application/pdf", "text/plain", "video/mp4", "image/svg"]),
        "url": st.sampled_from(["https://e.com/a.png?x=1", "https://e.com/doc", "data:x"]),
        "path": st.sampled_from(["a.pdf", "./docs//a.pdf", "/abs/x.wav", "noext"]),
        "content": st.sampled_from([PNG, PDF, "AAAA", "QQ=="]),
    },
)
llm_parts = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("text"), "text": texts}, optional={"provider_metadata": pm_values}
    ),
    st.fixed_dictionaries(
        {"type": st.just("reasoning"), "text": texts},
        optional={"redacted": st.booleans(), "provider_metadata": pm_values},
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("tool_call"),
            "name": st.sampled_from(["", "f", "web_search"]),
            "arguments": st.one_of(PROPS.objects, PROPS.json_values),
        },
        optional={"tool_call_id": ids, "server_executed": st.booleans(), "provider_metadata": pm_values},
    ),
    st.fixed_dictionaries(
        {"type": st.just("tool_result"), "name": st.sampled_from(["", "f"]), "output": texts},
        optional={
            "tool_call_id": ids,
            "server_executed": st.booleans(),
            "exception": st.sampled_from(["", "ValueError: x"]),
            "attachments": st.lists(attachments, max_size=2),
            "provider_metadata": pm_values,
        },
    ),
    st.fixed_dictionaries(
        {"type": st.just("attachment")}, optional={"attachment": attachments, "provider_metadata": pm_values}
    ),
    PROPS.part_dicts(),
)
llm_messages = st.fixed_dictionaries(
    {
        "role": st.sampled_from(["user", "assistant", "tool", "system", "developer", "critic"]),
        "parts": st.lists(llm_parts, max_size=3),
    },
    optional={"provider_metadata": pm_values},
)
llm_options = st.one_of(
    st.dictionaries(
        st.sampled_from(
            [
                "max_tokens",
                "temperature",
                "top_p",
                "stop",
                "seed",
                "reasoning_effort",
                "thinking_budget",
                "json_object",
                "service_tier",
                "frequency_penalty",
                "custom",
            ]
        ),
        st.one_of(
            st.integers(-1, 3000),
            st.floats(-3, 3),
            st.sampled_from(["high", "low", "none", "", "\n", ["\n"], [], True, False]),
        ),
        max_size=4,
    ),
    PROPS.options,
)
details = st.one_of(
    st.sampled_from(
        [
            {"input_tokens_details": {"cached_tokens": 3}, "output_tokens_details": {"reasoning_tokens": 7}},
            {"cache_read_input_tokens": 1, "cache_creation_input_tokens": 2},
            {"thoughtsTokenCount": 5, "cachedContentTokenCount": -1},
            {"prompt_tokens_details": {"cached_tokens": True, "audio_tokens": 1}},
            {},
        ]
    ),
    PROPS.json_values,
)
llm_records = st.fixed_dictionaries(
    {
        "model": st.sampled_from(["mock", "gpt-5"]),
        "prompt": st.fixed_dictionaries(
            {"messages": st.lists(llm_messages, max_size=3)},
            optional={"options": llm_options, "system": st.sampled_from(["", "sys", "Be terse."])},
        ),
        "messages": st.lists(
            llm_messages.map(lambda m: {**m, "role": "assistant"}) | llm_messages, max_size=3
        ),
    },
    optional={
        "id": st.sampled_from(["01j0000000000000000000000", "x", 5]),
        "usage": st.fixed_dictionaries(
            {},
            optional={
                "input": st.one_of(st.integers(0, 10**20), st.sampled_from([-1, "3", None])),
                "output": st.integers(0, 99),
                "details": details,
            },
        ),
        "datetime_utc": st.sampled_from(["2026-08-05T14:03:07.123456+00:00", "", 5]),
    },
)


def _decoded(value: Any) -> L.Response | None:
    try:
        return L.decode(json.dumps(value).encode())
    except lc.ValidationError:
        return None


@SETTINGS
@given(st.one_of(llm_records, llm_records, PROPS.response_dicts))
def test_random_llm_records_round_trip(value: Any) -> None:
    record = _decoded(value)
    assume(record is not None)
    assert record is not None
    try:
        turn = L.to_turn(record)
    except lc.ValidationError as exc:  # only what convert's docstring lists as not carried
        assert any(s in str(exc) for s in ("not strict JSON", "lm15", "empty attachment")), exc
        return
    back = L.from_turn(turn)
    assert L.encode(back) == L.encode(record)
    assert strict_equal(L.to_turn(back), turn)


# ---------------------------------------------------------------------------
# Identity 2 over random Turns, with and without (possibly inconsistent) llm markers


def _build(node: Any) -> Any:
    try:
        return DIFF.build(node, "lc")
    except (TypeError, ValueError):
        return None


@st.composite
def canonical_turns(draw: st.DrawFn) -> lc.Turn:
    request = _build(draw(DIFF.requests(0)))
    response = _build(draw(DIFF.responses(0)))
    assume(request is not None and response is not None)
    return lc.Turn(
        id=draw(st.one_of(st.none(), DIFF.NE_TEXT)),
        created_at=draw(st.one_of(st.none(), st.just("2026-08-05T14:03:07+00:00"))),
        request=request,
        response=response,
        metadata=draw(st.one_of(st.none(), DIFF.JSON_OBJ)),
    )


SERVER_CALL = {"type": "tool_call", "name": "web_search", "arguments": {}, "server_executed": True}
MARKER_DATA = st.sampled_from(
    [
        {},
        {"value": None},
        {"value": ""},
        {"value": "x"},
        {"value": [1, 2]},
        {"value": {"a": 1}},
        {"value": 5},
        {"exception": "ValueError: x"},
        {"exception": 5},
        {"type": None},
        {"type": None, "url": "https://e.com/x.png"},
        {"url": "https://e.com/x.png", "type": None},
        {"path": "./a//b.pdf"},
        {"role": "system"},
        {"role": "tool"},
        {"role": "critic"},
        {"role": 5},
        {"index": 0, "part": SERVER_CALL},
        {"index": 1, "part": SERVER_CALL},
        {"index": 9, "part": SERVER_CALL},
        {"index": 0, "part": {"type": "text", "text": "t"}},
        {"index": 0, "part": {"type": "text", "text": "t", "provider_metadata": {}}},
        {"index": "0", "part": 5},
    ]
)
KINDS = sorted({*PART_RANKS, *MESSAGE_RANKS})
markers = st.builds(
    lc.ContinuationState, provider=st.just("llm"), kind=st.sampled_from(KINDS), data=MARKER_DATA
)
states = st.one_of(
    markers,
    st.builds(
        lc.ContinuationState,
        provider=st.sampled_from(["anthropic", "gemini", "openai", "lm15", "llm", "x"]),
        kind=st.sampled_from(
            [
                "thinking_signature",
                "thought_signature",
                "reasoning_item",
                "llm_provider_metadata",
                "llm_provider_metadata_value",
                "k",
            ]
        ),
        data=st.sampled_from(
            [
                {"signature": "s"},
                {"value": "v"},
                {"value": {"a": 1}},
                {"id": "rs", "encrypted_content": "e"},
                {},
            ]
        ),
    ),
)
META_VALUES = st.fixed_dictionaries(
    {},
    optional={
        "system": st.sampled_from([False, True, "other", "", 0]),
        "system_message": st.sampled_from([{"provider_metadata": {"x": 1}}, {"provider_metadata": {}}, {}]),
        "empty_prompt": st.sampled_from([True, False]),
        "messages": st.sampled_from(
            [
                [],
                [{"parts": 0}],
                [{"parts": 1, "role": "user"}],
                [{"parts": 0}, {"parts": 1, "role": "tool"}],
                [{"parts": 1}, {"parts": 0, "provider_metadata": {"k": 1}}],
                [{"parts": -1}],
                ["x"],
            ]
        ),
        "usage": st.sampled_from([{"input": -1}, {"input": 1}, {"input": "3", "output": 2}, {}]),
        "usage_details": st.sampled_from([{}, {"cache_read_input_tokens": 4}, None, 5]),
        "id": st.sampled_from([5, "x", 0]),
        "datetime_utc": st.sampled_from(["", 5, None, "2026"]),
    },
)


def _sprinkle(draw: st.DrawFn, cont: tuple[Any, ...], odds: int) -> tuple[Any, ...]:
    out = list(cont)
    for _ in range(draw(st.integers(0, 3)) if draw(st.integers(0, odds)) == 0 else 0):
        out.insert(draw(st.integers(0, len(out))), draw(states))
    return tuple(out)


def _part(draw: st.DrawFn, p: Any) -> Any:
    replace = msgspec.structs.replace
    if type(p) is lc.ToolResultPart:
        content = tuple(_part(draw, c) for c in p.content)
        p = replace(p, content=content)
    if draw(st.integers(0, 3)) == 0 and type(p) is lc.ToolCallPart:
        p = replace(p, id=draw(st.sampled_from([p.id, "llm-1-0", "llm-out-0", "llm-0-1"])))
        p = replace(
            p,
            name=draw(st.sampled_from([p.name, "_"])),
            input=draw(st.sampled_from([p.input, {"_raw": "[1,2]"}])),
        )
    return replace(p, continuation=_sprinkle(draw, p.continuation, 2))


def _message(draw: st.DrawFn, m: lc.Message) -> lc.Message:
    parts = tuple(_part(draw, p) for p in m.parts)
    if draw(st.integers(0, 5)) == 0 and m.role != "tool":
        parts = (lc.TextPart(text=""), *parts) if draw(st.booleans()) else (lc.TextPart(text=""),)
    return msgspec.structs.replace(m, parts=parts, continuation=_sprinkle(draw, m.continuation, 2))


@st.composite
def marked_turns(draw: st.DrawFn, base: Any = None) -> lc.Turn:
    turn = draw(base if base is not None else canonical_turns())
    replace = msgspec.structs.replace
    req, resp = turn.request, turn.response
    req = replace(req, messages=tuple(_message(draw, m) for m in req.messages))
    if draw(st.integers(0, 3)) == 0:
        options = draw(llm_options.filter(lambda o: isinstance(o, dict)))
        req = replace(req, config=lc.Config(extensions={"llm": {"options": options}}))
    resp = replace(resp, message=_message(draw, resp.message))
    metadata = turn.metadata
    if draw(st.integers(0, 2)) == 0:
        metadata = {**(metadata or {}), "llm": draw(META_VALUES)}
        if draw(st.booleans()):
            metadata["after"] = 1
    return replace(turn, request=req, response=resp, metadata=metadata)


@SETTINGS
@given(canonical_turns())
def test_random_turns_round_trip(turn: lc.Turn) -> None:
    turn_identity(turn)


@SETTINGS
@given(marked_turns())
def test_turns_with_llm_markers_round_trip(turn: lc.Turn) -> None:
    turn_identity(turn)


def _converted(value: Any) -> lc.Turn | None:
    record = _decoded(value)
    if record is None:
        return None
    try:
        return L.to_turn(record)
    except lc.ValidationError:
        return None


@SETTINGS
@given(marked_turns(llm_records.map(_converted).filter(lambda t: t is not None)))
def test_edited_converted_turns_round_trip(turn: lc.Turn) -> None:
    """Turns from to_turn, then edited (markers added, moved, ids changed), still come back."""
    turn_identity(turn)


_EMPTY_ATTACHMENT_TURN = {
    "request": {
        "model": "mock",
        "messages": [
            {
                "role": "user",
                "parts": [{"type": "text", "text": ""}],
                "continuation": [
                    {"provider": "llm", "kind": "placeholder", "data": {}},
                    {
                        "provider": "llm",
                        "kind": "part",
                        "data": {"index": 0, "part": {"type": "attachment", "attachment": {}}},
                    },
                ],
            }
        ],
        "config": {"extensions": {"llm": {"options": {}}}},
    },
    "response": {
        "model": "mock",
        "message": {
            "role": "assistant",
            "parts": [{"type": "text", "text": ""}],
            "continuation": [{"provider": "llm", "kind": "placeholder", "data": {}}],
        },
        "finish_reason": "stop",
    },
    "metadata": {"llm": {}},
}


def test_side_channel_empty_attachment_is_kept() -> None:
    """A ``part`` marker carrying ``"attachment": {}`` (which llm reads back as no attachment) is
    not honoured - the record would not survive llm's JSON - so it rides along verbatim."""
    turn = lc.from_builtins(_EMPTY_ATTACHMENT_TURN, lc.Turn)
    record = turn_identity(turn)
    assert lc.to_builtins(L.to_turn(L.decode(L.encode(record)))) == lc.to_builtins(turn)


def test_empty_attachment_record_is_refused() -> None:
    """The record side of it: an AttachmentPart holding an empty Attachment cannot be carried."""
    record = L.from_builtins(
        {
            "model": "m",
            "prompt": {
                "messages": [{"role": "user", "parts": [{"type": "attachment", "attachment": {"": None}}]}]
            },
        }
    )
    assert L.encode(L.decode(L.encode(record))) != L.encode(record)  # llm's own non-fixed point
    with pytest.raises(lc.ValidationError) as info:
        L.to_turn(record)
    assert info.value.path == "$.prompt.messages[0].parts[0].attachment"


def _mock_options_ok(record: L.Response) -> bool:
    return set(record.prompt.options or {}) <= {"max_tokens", "temperature", "stop", "reasoning_effort"}


@needs_llm
@SETTINGS
@given(st.one_of(canonical_turns(), marked_turns()))
def test_llm_keeps_what_from_turn_writes(turn: lc.Turn) -> None:
    """llm's own from_dict/to_dict keeps the side channels: to_turn of what llm writes back is
    the Turn again (once what llm itself changes is put back: datetime_utc, which it never
    restores, and the model name, which from_dict(model=...) replaces)."""
    from .llm_support import MOCK

    record = L.from_turn(turn)
    assume(_mock_options_ok(record))
    try:
        checked = L.apply_model(record, model=MOCK)
    except lc.ValidationError:  # MockOptions refuses a value (llm raises too)
        with pytest.raises(Exception):  # noqa: B017 - pydantic's ValidationError
            llm.Response.from_dict(json.loads(L.encode(record)), model=MOCK)
        return
    theirs = llm.Response.from_dict(json.loads(L.encode(record)), model=MOCK).to_dict()
    if record.id is None:
        theirs.pop("id")
    assert same_json(L.encode(L.reloaded(checked)), theirs)
    if strict_equal(checked.prompt.options, record.prompt.options):  # no coercion by MockOptions
        again = L.from_builtins(theirs)
        again = msgspec.structs.replace(again, model=record.model, datetime_utc=record.datetime_utc)
        assert strict_equal(L.to_turn(again), turn)
