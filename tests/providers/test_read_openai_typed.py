"""The Responses reader's typed fast path against its dict walker (``read.py``).

Where the views take a body, the canonical Request must equal the walker's and encode to the same
bytes (key order included: a reasoning item's state keeps the body's order); where the walker
refuses a body, the fast path must not take it (the public reader then raises the walker's error,
JSON path included). Bodies: lm15's own Responses bodies for hypothesis-generated Requests, the
fixture bodies, generated SDK-shaped bodies, and all of them mutated at a random place (a key
dropped, a value of another JSON type, a key added).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._typed_readings import responses_typed_or_none
from lmcodec.providers.openai import read
from lmcodec.providers.openai._read_common import usual_config
from lmcodec.providers.openai._read_config import read_config
from lmcodec.providers.openai._read_typed import _BODY, _astuple, _settings, decode_typed

from ..budget import examples
from .body_mutations import mutations
from .openai_request_diff import REQUEST_SETTINGS, canonical_requests, lm15_body
from .survey_support import check_recorded_survey

PROVIDER = "openai"
FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER).glob("*.json"))

_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        ["", "x", "message", "input_text", "function_call", "reasoning", "developer", "explicit", "{}"]
    ),
)
_JSON = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "text", "mode", "role"]), inner, max_size=2)
    ),
    max_leaves=6,
)
_ADDED_KEYS = [
    "type",
    "role",
    "id",
    "status",
    "call_id",
    "name",
    "output",
    "summary",
    "encrypted_content",
    "prompt_cache_breakpoint",
    "detail",
    "strict",
    "annotations",
    "instructions",
    "metadata",
]


mutated = mutations(_JSON, _ADDED_KEYS)


_MARK = st.sampled_from([None, {"mode": "explicit"}, {"mode": "auto"}])
_URL = st.sampled_from(
    [
        "https://x/y.jpg",
        "https://x/y",
        "data:image/png;base64,AAAA",
        "data:;base64,AA",
        "data:image/png,AA",
        "",
    ]
)
_INPUT_TEXT = st.tuples(st.sampled_from(["", "hi", "é"]), _MARK).map(
    lambda t: (
        {"type": "input_text", "text": t[0]}
        if t[1] is None
        else {"type": "input_text", "text": t[0], "prompt_cache_breakpoint": t[1]}
    )
)
_INPUT_IMAGE = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("input_image"), "image_url": _URL},
        optional={"detail": st.sampled_from([None, "", "low", "auto", "original"])},
    ),
    st.fixed_dictionaries(
        {"type": st.just("input_image"), "file_id": st.sampled_from(["file-1", ""])},
        optional={"detail": st.sampled_from([None, "high"])},
    ),
)
_INPUT_BLOCKS = st.lists(st.one_of(_INPUT_TEXT, _INPUT_IMAGE), max_size=3)
_MESSAGE_TYPE = st.sampled_from([None, "message"])


def _typed(item: dict[str, Any], kind: str | None) -> dict[str, Any]:
    return item if kind is None else {"type": kind, **item}


_INPUT_MESSAGE = st.tuples(
    st.fixed_dictionaries(
        {
            "role": st.sampled_from(["user", "developer", "system"]),
            "content": st.one_of(st.sampled_from(["", "q"]), _INPUT_BLOCKS),
        }
    ),
    _MESSAGE_TYPE,
).map(lambda t: _typed(*t))
_OUTPUT_TEXT = st.fixed_dictionaries(
    {"type": st.just("output_text"), "text": st.sampled_from(["", "a"])},
    optional={"annotations": st.sampled_from([[], None, ["x"]]), "logprobs": st.sampled_from([[], None])},
)
_REPLAYED = {  # an output item's own keys, replayed (_read_output_items.py)
    "id": st.sampled_from(["msg_1", "", None, 3]),
    "status": st.sampled_from(["completed", None, "in_progress", 1]),
}
_ASSISTANT = st.tuples(
    st.fixed_dictionaries(
        {
            "role": st.just("assistant"),
            "content": st.one_of(
                st.just("a"),
                st.lists(
                    st.one_of(
                        _OUTPUT_TEXT,
                        st.fixed_dictionaries(
                            {"type": st.just("refusal"), "refusal": st.sampled_from(["", "no"])}
                        ),
                    ),
                    max_size=2,
                ),
            ),
        },
        optional=_REPLAYED,
    ),
    _MESSAGE_TYPE,
).map(lambda t: _typed(*t))
_CALL = st.fixed_dictionaries(
    {
        "type": st.just("function_call"),
        "call_id": st.sampled_from(["c1", "c2", ""]),
        "name": st.sampled_from(["f", "g"]),
    },
    optional={
        "arguments": st.sampled_from(["", "{}", '{"a": 1}', "[1]", "{", "NaN", '{"a": NaN}']),
        **_REPLAYED,
    },
)
_OUTPUT = st.fixed_dictionaries(
    {
        "type": st.just("function_call_output"),
        "call_id": st.sampled_from(["c1", "c2"]),
        "output": st.one_of(st.sampled_from(["", "r"]), _INPUT_BLOCKS),
    }
)
_SUMMARY = st.sampled_from(
    [
        [],
        [{"type": "summary_text", "text": "t"}],
        [{"type": "summary_text", "text": ""}],
        [{"type": "summary_text", "text": "a"}, {"type": "summary_text", "text": "b"}],
        [{"text": "t"}],
    ]
)


@st.composite
def _reasoning(draw: st.DrawFn) -> dict[str, Any]:
    fields = {
        "id": draw(st.sampled_from(["rs_1", "", None])),
        "encrypted_content": draw(st.sampled_from(["gAAA", None])),
        "summary": draw(_SUMMARY),
        "status": draw(_REPLAYED["status"]),
    }
    keys = draw(st.permutations(list(fields)))
    kept = draw(st.lists(st.sampled_from(keys), unique=True))
    return {"type": "reasoning", **{key: fields[key] for key in keys if key in kept}}


_ITEM = st.one_of(_INPUT_MESSAGE, _ASSISTANT, _CALL, _OUTPUT, _reasoning())
_STABLE = {
    "role": "developer",
    "content": [{"type": "input_text", "text": "s", "prompt_cache_breakpoint": {"mode": "explicit"}}],
}
_MARKED_USER = {
    "role": "user",
    "content": [{"type": "input_text", "text": "u", "prompt_cache_breakpoint": {"mode": "explicit"}}],
}
_FUNCTION_TOOL = st.fixed_dictionaries(
    {"type": st.just("function"), "name": st.sampled_from(["f", "g", ""])},
    optional={
        "description": st.sampled_from([None, "", "d"]),
        "parameters": st.sampled_from([None, {}, {"type": "object", "properties": {}}]),
        "strict": st.sampled_from([None, True, False]),
    },
)
_HOSTED_TOOL = st.sampled_from(
    [
        {"type": "web_search_preview"},
        {"type": "file_search", "vector_store_ids": ["v"]},
        {"type": "web_search"},
        {"type": "custom", "name": "apply_patch", "format": {"type": "grammar", "definition": "s"}},
    ]
)
RESPONSES_BODIES = st.fixed_dictionaries(
    {
        "model": st.sampled_from(["gpt-4.1-mini", "gpt-5.6", ""]),
        "input": st.one_of(
            st.just("hello"),
            st.tuples(st.sampled_from([[], [_STABLE], [_MARKED_USER]]), st.lists(_ITEM, max_size=6)).map(
                lambda pair: pair[0] + pair[1]
            ),
        ),
    },
    optional={
        "instructions": st.sampled_from([None, "", "be brief"]),
        "tools": st.lists(st.one_of(_FUNCTION_TOOL, _FUNCTION_TOOL, _HOSTED_TOOL), max_size=3),
        "tool_choice": st.sampled_from(["auto", "none", {"type": "function", "name": "f"}]),
        "parallel_tool_calls": st.booleans(),
        "temperature": st.just(0.5),
        "max_output_tokens": st.sampled_from([100, "100"]),
        "store": st.sampled_from([False, None]),
        "include": st.sampled_from([["reasoning.encrypted_content"], ["message.output_text.logprobs"]]),
        "top_logprobs": st.just(3),
        "reasoning": st.sampled_from(
            [{"effort": "low"}, {"effort": "high", "summary": "auto"}, {"effort": "x"}]
        ),
        "text": st.sampled_from([{"format": {"type": "json_object"}}, {"verbosity": "low"}]),
        "metadata": st.just({"a": "b"}),
        "previous_response_id": st.just("resp_1"),
        "truncation": st.sampled_from(["auto", None]),
        "user": st.just("u"),
        "labels": st.just(["x"]),
        "prompt_cache_key": st.just("k"),
        "prompt_cache_options": st.just({"mode": "explicit"}),
        "stream": st.sampled_from([True, False, "yes"]),
        "cache": st.just({}),
    },
)


def check_paths_agree(body: bytes) -> bool:
    """The two paths agree on ``body``; whether the fast path took it."""
    try:
        walked: lc.Request | lc.LmcodecError = read._decode_walked(body)
    except lc.LmcodecError as exc:
        walked = exc
    typed = decode_typed(body)
    if typed is not None:
        assert not isinstance(walked, lc.LmcodecError), (
            f"the fast path took a body the walker refuses: {walked}"
        )
        assert typed == walked
        assert lc.encode(typed) == lc.encode(walked)
        if (
            responses_typed_or_none(body, None) is not None
        ):  # (the gateway reads a dated web search otherwise)
            check_recorded_survey(PROVIDER, body, typed)
    try:
        public: lc.Request | lc.LmcodecError = lc.decode_request(PROVIDER, body)
    except lc.LmcodecError as exc:
        public = exc
    if isinstance(walked, lc.LmcodecError):
        assert type(public) is type(walked)
        assert str(public) == str(walked)
        assert getattr(public, "path", None) == getattr(walked, "path", None)
    else:
        assert public == walked
        assert lc.encode(public) == lc.encode(walked)
    return typed is not None


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixtures_take_the_fast_path(path: Path) -> None:
    assert check_paths_agree(path.read_bytes())


@REQUEST_SETTINGS
@given(canonical_requests(), st.data())
def test_lm15_bodies_and_their_mutations(request: lc.Request, data: st.DataObject) -> None:
    body = lm15_body(PROVIDER, request, stream=False)
    if body is None:
        return
    check_paths_agree(json.dumps(body).encode())
    check_paths_agree(json.dumps(data.draw(mutated(body))).encode())


@REQUEST_SETTINGS
@given(st.sampled_from(FIXTURES), st.data())
def test_mutated_fixtures(path: Path, data: st.DataObject) -> None:
    check_paths_agree(json.dumps(data.draw(mutated(json.loads(path.read_bytes())))).encode())


@REQUEST_SETTINGS
@given(RESPONSES_BODIES, st.data())
def test_generated_bodies_and_their_mutations(body: dict[str, Any], data: st.DataObject) -> None:
    check_paths_agree(json.dumps(body).encode())
    check_paths_agree(json.dumps(data.draw(mutated(body))).encode())


_ODD_VALUE = st.sampled_from(
    [None, True, 0, 1.5, "auto", "", {"type": "function", "name": "x"}, {"type": "allowed_tools"}]
)
_USUAL_VALUES = {  # the type read_config takes; one key may then be given any other value
    "tool_choice": st.sampled_from(["auto", "none", "required", "any"]),
    "parallel_tool_calls": st.booleans(),
    "max_output_tokens": st.integers(-1, 700),
    "temperature": st.one_of(st.floats(0, 2.5), st.integers(0, 3)),
    "top_p": st.one_of(st.floats(0, 1), st.just(1)),
    "stream": st.booleans(),
}
_USUAL_BODIES = st.fixed_dictionaries(
    {
        "model": st.just("gpt-4.1-mini"),
        "input": st.sampled_from(["q", [_MARKED_USER], [{"role": "user", "content": "q"}]]),
    },
    optional=_USUAL_VALUES,
)
_ODD_BODIES = st.tuples(_USUAL_BODIES, st.sampled_from(sorted(_USUAL_VALUES)), _ODD_VALUE).map(
    lambda t: {**t[0], t[1]: t[2]}
)


@settings(REQUEST_SETTINGS, max_examples=examples(150))
@given(st.one_of(_USUAL_BODIES, _ODD_BODIES))
def test_the_usual_settings_read_off_the_view_as_the_walker_reads_them(body: dict[str, Any]) -> None:
    """``usual_config`` (the Config of a body setting only the usual keys, read off the one-pass
    view and made directly) is the conversion of read_config's fields, value and JSON alike, or
    declines where read_config or the conversion refuses or read_config adds extensions."""
    view = _BODY.decode(json.dumps(body).encode())
    config = usual_config(
        view.max_output_tokens,
        view.temperature,
        view.top_p,
        view.tool_choice,
        view.parallel_tool_calls,
        view.stream,
    )
    extensions: dict[str, Any] = {}
    try:
        expected: lc.Config | None = msgspec.convert(
            read_config(_settings(_astuple(view)), "gpt-4.1-mini", extensions, None, False), lc.Config
        )
    except (lc.ValidationError, msgspec.ValidationError, ValueError):
        expected = None
    if config is not None:
        assert expected is not None
        assert config == expected
        assert lc.encode(config) == lc.encode(expected)
        assert not extensions
    check_paths_agree(json.dumps(body).encode())


def _reasoning_body(item: dict[str, Any]) -> bytes:
    return json.dumps({"model": "m", "input": [{"role": "user", "content": "q"}, item]}).encode()


@pytest.mark.parametrize(
    "item",
    [
        {"type": "reasoning", "id": "rs_1", "encrypted_content": "e", "summary": []},
        {"type": "reasoning", "encrypted_content": "e", "summary": [], "id": "rs_1"},
        {"encrypted_content": "e", "type": "reasoning", "id": "rs_1"},
    ],
)
def test_a_reasoning_items_state_keeps_the_bodys_key_order(item: dict[str, Any]) -> None:
    request = decode_typed(_reasoning_body(item))
    assert request is not None
    state = request.messages[1].parts[0].continuation[0].data
    assert list(state) == [key for key in item if key in ("id", "encrypted_content")]
    assert check_paths_agree(_reasoning_body(item))


_Q = {"role": "user", "content": "q"}
EDGES = [
    {"model": "m", "input": [_STABLE, _MARKED_USER]},
    {"model": "m", "input": [_STABLE]},
    {"model": "m", "instructions": None, "input": [_STABLE, _Q]},
    {"model": "m", "input": [_MARKED_USER, _Q, _MARKED_USER]},
    {"model": "m", "input": []},
    {"model": "m", "input": None},
    {"model": "m", "input": [_Q, {"role": "assistant", "content": []}]},
    {"model": "m", "input": [_Q, {"type": "message", "content": "x"}]},
    {"model": "m", "input": [_Q, {"role": "user", "content": "x", "call_id": "c"}]},
    {"model": "m", "input": [_Q, {"type": "function_call_output", "call_id": "c", "output": []}]},
    {
        "model": "m",
        "input": [_Q, {"type": "function_call", "call_id": "c", "name": "f", "role": "assistant"}],
    },
    {"model": "m", "input": [_Q, {"type": "reasoning", "id": None, "encrypted_content": None}]},
    {"model": "m", "input": [_Q, {"type": "web_search_call", "id": "w"}]},
    {
        "model": "m",
        "input": [_Q],
        "tools": [{"type": "function", "name": "f"}, {"type": "function", "name": "f"}],
    },
    {
        "model": "m",
        "input": [_Q],
        "tools": [{"type": "web_search_preview"}, {"type": "function", "name": "f"}],
    },
    {"model": "m", "input": [_Q], "tools": None, "instructions": ""},
    {"model": "m", "input": [_Q], "tool_choice": {"type": "function", "name": "g"}, "tools": []},
    {"model": "m", "input": [_Q], "compat": {}},
    {"model": "m", "input": [_Q], "metadata": {"k": "v"}, "truncation": "auto", "user": "u"},
    {"model": "m", "input": [_Q], "truncation": "auto"},
    {"model": "m", "input": [_Q], "store": False, "prompt": {"id": "p"}, "background": None, "text": {}},
]


@pytest.mark.parametrize("body", EDGES, ids=[str(i) for i in range(len(EDGES))])
def test_edges(body: dict[str, Any]) -> None:
    check_paths_agree(json.dumps(body).encode())


@pytest.mark.parametrize(
    "body",
    [
        b'{"model": "m", "user": "u", "input": "q", "metadata": {}, "user": "w"}',
        b'{"model": "m", "input": [{"role": "user", "content": "q"}], "input": "r", "truncation": "auto"}',
        b'{"model": "m", "input": [{"role": "user", "content": "q"}, {"type": "reasoning", '
        b'"encrypted_content": "e", "id": "a", "encrypted_content": "f"}]}',
    ],
)
def test_duplicate_keys_read_as_the_walker_reads_them(body: bytes) -> None:
    assert check_paths_agree(body)


def test_reasoning_items_key_order_is_read_with_one_extra_decode(monkeypatch: pytest.MonkeyPatch) -> None:
    """The order of a reasoning item's id and encrypted_content (which the state keeps) was found by
    decoding the whole body again per item: 4,000 items took 2.4 s, 8 MB never finished."""
    from lmcodec.providers.openai import _read_input

    items = [
        {"type": "reasoning", "id": f"rs_{i}", "encrypted_content": f"E{i}", "summary": []}
        if i % 2
        else {"type": "reasoning", "encrypted_content": f"E{i}", "id": f"rs_{i}", "summary": []}
        for i in range(200)
    ]
    body = json.dumps({"model": "o3", "input": [{"role": "user", "content": "q"}, *items]}).encode()
    decodes: list[int] = []
    real = _read_input._RAW_INPUT

    class Counting:
        def decode(self, data: Any) -> Any:
            decodes.append(1)
            return real.decode(data)

    monkeypatch.setattr(_read_input, "_RAW_INPUT", Counting())
    request = lc.decode_request("openai", body)
    parts = [part for message in request.messages for part in message.parts]
    states = [part.continuation[0].data for part in parts if part.type == "thinking"]
    assert [list(state) for state in states] == [list(item)[1:3] for item in items]
    assert len(decodes) == 1
    rebuilt = json.loads(lc.build_request("openai", request).body)["input"][1:]
    assert [list(item) for item in rebuilt] == [list(item) for item in items]


def _output(call_id: str, output: Any) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def _call_item(call_id: str, name: str) -> dict[str, Any]:
    return {"type": "function_call", "call_id": call_id, "name": name, "arguments": "{}"}


_SURVEYED_ITEMS = [
    {"role": "user", "content": ""},
    {"role": "user", "content": "hi"},
    {"role": "user", "content": [{"type": "input_text", "text": ""}]},
    {"role": "user", "content": [{"type": "input_image", "image_url": "https://x.test/a.png"}]},
    {"role": "user", "content": [{"type": "input_file", "file_id": "file-1"}]},
    {"role": "developer", "content": [{"type": "input_text", "text": "be brief"}]},
    {"role": "system", "content": "be brief"},
    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": ""}]},
    {"type": "message", "role": "assistant", "content": [{"type": "refusal", "refusal": "no"}]},
    {"type": "message", "role": "assistant", "content": "ok"},
    {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "t"}]},
    {"type": "reasoning", "encrypted_content": "e", "summary": []},
    _call_item("call_1", "f"),
    _call_item("call_1", "g"),
    _call_item("c:2", "f"),
    _output("call_1", "r"),
    _output("c:2", ""),
    _output("call_1", [{"type": "input_image", "file_id": "file-2"}]),
    _output("call_1", [{"type": "input_text", "text": "r"}]),
]


@REQUEST_SETTINGS
@given(st.lists(st.sampled_from(_SURVEYED_ITEMS), min_size=1, max_size=8), st.sampled_from(["hi", None]))
def test_the_recorded_survey_is_the_walk_s(items: list[dict[str, Any]], text_input: str | None) -> None:
    """Items of every kind the survey tells apart: empty text, images, files, refusals, reasoning,
    ids Anthropic refuses, tool outputs of text and of an image, a call id repeated (with the same
    name, and with another: no recorded survey); and a string input."""
    body = json.dumps({"model": "gpt-4.1", "input": items if text_input is None else text_input}).encode()
    typed = decode_typed(body)
    if typed is not None:
        check_recorded_survey(PROVIDER, body, typed)
